"""The block walk in Python (``walk_blocks``), the twin of the compiled walk (``crawler.kernels.cwalk.walk_blocks``):
the same blocks, tree index and hidden elements from a tree cleared of invisible subtrees (``blockwalk``)."""

from __future__ import annotations

from lxml import etree

from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.subtree import TreeIndex
from crawler.extractors.document.tags import (
    ANCHOR_KIND,
    BLOCK_KIND,
    BREAK_KIND,
    HAS_BLOCK_XPATH,
    HIDDEN_STYLE_RE,
    LINE_BREAK,
    SWALLOWING_TAGS,
    TAG_KINDS,
)
from crawler.extractors.document.text import tokens, visible_length, wrap_counts


class Stripped:
    """What removing invisible subtrees moved: the texts that now hold a removed element's tail.

    The walk met such a tail as a piece of its own; ``lines`` keeps the source line it gave a text that now
    starts with one, ``cuts`` the offsets where a tail was joined to text with no white space between
    (``half<span hidden>x</span>word`` stays two tokens, as before). Both are keyed by (holder, is ``.text``).
    """

    __slots__ = ("cuts", "lines")

    def __init__(self) -> None:
        self.lines: dict[tuple[etree._Element, bool], int] = {}
        self.cuts: dict[tuple[etree._Element, bool], list[int]] = {}


# Joins the pieces of a block for counting its words: not a word character, so no token spans two pieces (text
# either side of a tag, or of a removed invisible element, stays two words, as when each piece was counted apart).
PIECE_SEPARATOR = "\x01"


class BlockBuilder:
    """Collects text pieces between block boundaries and turns them into TextBlocks; words are counted once per
    block, on its pieces joined by PIECE_SEPARATOR."""

    __slots__ = ("anchor_cut", "anchor_pieces", "blocks", "cut_pieces", "cuts", "labels", "lines", "pieces",
                 "source_line", "unlinked")

    def __init__(self, stripped: Stripped | None = None) -> None:
        self.lines = stripped.lines if stripped else {}
        self.cuts = stripped.cuts if stripped else {}
        self.blocks: list[TextBlock] = []
        self.pieces: list[str] = []
        self.anchor_pieces: list[str] = []  # the pieces inside links
        self.unlinked = False  # whether a piece lies outside links (else every word and character is linked)
        self.cut_pieces: dict[int, str] = {}  # piece index -> the piece with separators where a removed element was
        self.anchor_cut: dict[int, str] = {}  # the same for the pieces inside links
        self.labels: set[str] = set()
        self.source_line: int | None = None

    def add(self, text: str, in_anchor: bool, labels: frozenset[str], element: etree._Element | None,
            is_text: bool = False) -> None:
        """A piece of text that is not white space only."""
        counted = text
        if self.cuts:
            cuts = self.cuts.get((element, is_text))
            if cuts:  # count the words of each joined piece apart, as when they were apart
                bounds = sorted(cuts)
                counted = PIECE_SEPARATOR.join(text[start:end] for start, end in
                                               zip([0, *bounds], [*bounds, len(text)], strict=True))
                self.cut_pieces[len(self.pieces)] = counted
                if in_anchor:
                    self.anchor_cut[len(self.anchor_pieces)] = counted
        self.pieces.append(text)
        if in_anchor:
            self.anchor_pieces.append(text)
        else:
            self.unlinked = True
        if labels:
            self.labels |= labels
        if self.source_line is None and element is not None:
            self.source_line = self.lines.get((element, is_text)) if self.lines else None
            if self.source_line is None:
                self.source_line = element.sourceline

    def line_break(self) -> None:
        if self.pieces:
            self.pieces.append(LINE_BREAK)

    def _linked(self, words: int, chars: int) -> tuple[int, int]:
        """(words, visible characters) inside links: all of them when no piece lies outside links."""
        anchors = self.anchor_pieces
        if not anchors:
            return 0, 0
        if not self.unlinked:
            return words, chars
        counted = anchors
        if self.anchor_cut:
            counted = list(anchors)
            for at, piece in self.anchor_cut.items():
                counted[at] = piece
        return (len(tokens(PIECE_SEPARATOR.join(counted))),
                visible_length(" ".join(anchors)))

    def flush(self, container: etree._Element | None, level: int) -> None:
        """Ends the current block; callers skip it when no piece was collected."""
        pieces = self.pieces
        # One piece (most blocks) is its own join, with or without separators: no copy made.
        single = len(pieces) == 1 and not self.cut_pieces
        raw = pieces[0] if single else "".join(pieces)
        broken = LINE_BREAK in raw
        if broken:
            text = "\n".join(line for line in (" ".join(part.split()) for part in raw.split(LINE_BREAK)) if line)
        else:
            text = " ".join(raw.split())  # str.split and the regex \s agree on every white-space character
        if text:
            if single:
                found = tokens(raw)
            else:
                if self.cut_pieces:
                    pieces = list(pieces)
                    for at, counted in self.cut_pieces.items():
                        pieces[at] = counted
                found = tokens(PIECE_SEPARATOR.join(pieces))
            in_wrapped, wrapped = wrap_counts(found)
            # The text's only white space is single spaces and line ends: its visible length is what remains.
            chars = len(text) - text.count(" ") - (text.count("\n") if broken else 0)
            linked, anchor_chars = self._linked(len(found), chars) if self.anchor_pieces else (0, 0)
            self.blocks.append(
                TextBlock(text, len(found), linked, in_wrapped, wrapped, len(self.blocks), level, container,
                          self.labels, num_chars=chars, num_chars_in_anchor_text=anchor_chars,
                          source_line=self.source_line)
            )
        self.pieces = []
        if self.anchor_pieces:
            self.anchor_pieces = []
        self.unlinked = False
        if self.cut_pieces:
            self.cut_pieces = {}
            self.anchor_cut = {}
        if self.labels:  # TextBlock keeps a copy: an empty set can serve the next block
            self.labels = set()
        self.source_line = None


def walk_blocks(start: etree._Element, stripped: Stripped | None = None, hide: bool = True
                 ) -> tuple[list[TextBlock], TreeIndex, list[etree._Element]]:
    """One iterative pass over a tree cleared of invisible subtrees (no recursion: pages nest thousands of
    levels deep). Each element's tag is judged once per event by one look-up; a flush with nothing collected is
    skipped. Each element's entry and exit positions are recorded on the way (``TreeIndex``), so that sums over a
    subtree need no walk up the ancestors later; the open elements' positions give the depth. With ``hide``,
    elements hidden by an attribute (``hidden``, a hiding ``style``) are skipped, their tails kept, and returned
    for removal from the tree."""
    position: dict[etree._Element, int] = {}
    ends: list[int] = []
    TreeIndex.builder(start, position, ends)
    open_positions: list[int] = []
    builder = BlockBuilder(stripped)
    pieces = builder.pieces
    containers: list[etree._Element] = [start]
    labels: frozenset[str] = frozenset()  # the labels the open elements give
    label_stack: list[frozenset[str]] = []  # the labels before each open labelling element
    anchor_depth = 0
    br_run = 0
    kinds = TAG_KINDS
    add = builder.add  # the builder lives through the walk: its method is looked up once
    flush = builder.flush
    hidden: list[etree._Element] = []
    skipping = None
    walker = etree.iterwalk(start, events=("start", "end"))
    for event, element in walker:
        tag = element.tag
        if tag.__class__ is not str:  # entities: only their tail counts
            tail = element.tail if event == "end" else None
            if tail:
                if not tail.isspace():
                    add(tail, anchor_depth > 0, labels, None)
                elif pieces:
                    pieces.append(" ")
            continue
        if event == "start":
            if hide and (element.get("hidden") is not None or (
                    (style := element.get("style")) and HIDDEN_STYLE_RE.search(style) is not None)) and not (
                    tag in SWALLOWING_TAGS and HAS_BLOCK_XPATH(element)):
                walker.skip_subtree()
                hidden.append(element)
                skipping = element
                continue
            at = len(ends)
            position[element] = at
            ends.append(at + 1)
            open_positions.append(at)
            kind = kinds.get(tag)
            if kind is not None:
                code, tag_labels = kind
                if code == BREAK_KIND:
                    br_run += 1
                    if br_run >= 2:
                        if pieces:
                            flush(containers[-1], len(open_positions))
                            pieces = builder.pieces
                    elif pieces:
                        pieces.append(LINE_BREAK)
                    continue
                if code == BLOCK_KIND:
                    if pieces:
                        flush(containers[-1], len(open_positions))
                        pieces = builder.pieces
                    containers.append(element)
                    br_run = 0
                elif code == ANCHOR_KIND:
                    anchor_depth += 1
                if tag_labels:
                    label_stack.append(labels)
                    labels = labels | tag_labels
            text = element.text
            if text:
                if text.isspace():  # white space only separates the pieces around it
                    if pieces:
                        pieces.append(" ")
                else:
                    br_run = 0
                    add(text, anchor_depth > 0, labels, element, True)
            continue
        if element is skipping:
            skipping = None
            kind = None
        else:
            ends[open_positions.pop()] = len(ends)
            kind = kinds.get(tag)
        if kind is not None:
            code, tag_labels = kind
            if tag_labels:
                labels = label_stack.pop()
            if code == BLOCK_KIND:
                if pieces:
                    flush(element, len(open_positions) + 1)
                    pieces = builder.pieces
                if len(containers) > 1:
                    containers.pop()
                br_run = 0
            elif code == ANCHOR_KIND:
                anchor_depth -= 1
        tail = element.tail
        if tail:
            if tail.isspace():
                if pieces:
                    pieces.append(" ")
            else:
                br_run = 0
                add(tail, anchor_depth > 0, labels, element)
    if pieces:
        flush(containers[-1], len(open_positions))
    return builder.blocks, TreeIndex.finish(start, position, ends), hidden


__all__ = ["PIECE_SEPARATOR", "BlockBuilder", "Stripped", "walk_blocks"]
