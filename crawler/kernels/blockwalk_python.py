"""The block walk in Python (``walk_blocks``), the twin of the compiled walk (``cwalk.walk_blocks``): the same
blocks, positions and hidden elements from a tree cleared of invisible subtrees (the library's ``blockwalk``), given
the same tables (``WalkTables``: the library's tag kinds, text counters and block class, handed over once), so that
this package imports nothing of the library."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lxml import etree

# The walk's events of a tag (``WalkTables.tag_kinds`` gives each tag one, and its labels): the codes the compiled
# walk reads too.
LABELLED_KIND, BLOCK_KIND, ANCHOR_KIND, BREAK_KIND = 0, 1, 2, 3
# Joins the pieces of a block for counting its words: not a word character, so no token spans two pieces (text
# either side of a tag, or of a removed invisible element, stays two words, as when each piece was counted apart).
PIECE_SEPARATOR = "\x01"


class WalkTables(NamedTuple):
    """What a block walk is given (the arguments of ``cwalk.configure``, in order)."""

    tag_kinds: dict[str, tuple[int, frozenset[str] | None]]  # tag -> (event code, labels it gives its blocks)
    swallowing: frozenset[str]  # hidden tags that may hold the whole page: not hidden when they hold a block
    hidden_style: Any  # the compiled regex of a hiding ``style``
    has_block: Callable[[etree._Element], Any]  # whether an element holds a block element
    tokens: Callable[[str], list[str]]
    wrap_counts: Callable[[list[str]], tuple[int, int]]
    visible_length: Callable[[str], int]
    text_block: Callable[..., Any]  # the block class
    line_break: str  # the character that marks a line break among the pieces
    separator: str  # PIECE_SEPARATOR
    wrap_columns: int
    # Each code point's token class for the compiled walk's counter (``text.token_char_classes``); this walk reads
    # ``tokens``, which gives the same counts.
    token_classes: bytes


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


class BlockBuilder:
    """Collects text pieces between block boundaries and turns them into TextBlocks; words are counted once per
    block, on its pieces joined by PIECE_SEPARATOR."""

    __slots__ = (
        "anchor_cut",
        "anchor_pieces",
        "blocks",
        "break_mark",
        "cut_pieces",
        "cuts",
        "labels",
        "lines",
        "pieces",
        "separator",
        "source_line",
        "tables",
        "unlinked",
    )

    def __init__(self, tables: WalkTables, stripped: Stripped | None = None) -> None:
        self.tables = tables
        self.break_mark = tables.line_break
        self.separator = tables.separator
        self.lines = stripped.lines if stripped else {}
        self.cuts = stripped.cuts if stripped else {}
        self.blocks: list[Any] = []
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
                counted = self.separator.join(text[start:end] for start, end in
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
            self.pieces.append(self.break_mark)

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
        return (len(self.tables.tokens(self.separator.join(counted))),
                self.tables.visible_length(" ".join(anchors)))

    def flush(self, container: etree._Element | None, level: int) -> None:
        """Ends the current block; callers skip it when no piece was collected."""
        pieces = self.pieces
        tables, line_break = self.tables, self.break_mark
        # One piece (most blocks) is its own join, with or without separators: no copy made.
        single = len(pieces) == 1 and not self.cut_pieces
        raw = pieces[0] if single else "".join(pieces)
        broken = line_break in raw
        if broken:
            text = "\n".join(line for line in (" ".join(part.split()) for part in raw.split(line_break)) if line)
        else:
            text = " ".join(raw.split())  # str.split and the regex \s agree on every white-space character
        if text:
            if single:
                found = tables.tokens(raw)
            else:
                if self.cut_pieces:
                    pieces = list(pieces)
                    for at, counted in self.cut_pieces.items():
                        pieces[at] = counted
                found = tables.tokens(self.separator.join(pieces))
            in_wrapped, wrapped = tables.wrap_counts(found)
            # The text's only white space is single spaces and line ends: its visible length is what remains.
            chars = len(text) - text.count(" ") - (text.count("\n") if broken else 0)
            linked, anchor_chars = self._linked(len(found), chars) if self.anchor_pieces else (0, 0)
            self.blocks.append(
                tables.text_block(text, len(found), linked, in_wrapped, wrapped, len(self.blocks), level, container,
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
        if self.labels:  # the block keeps a copy: an empty set can serve the next block
            self.labels = set()
        self.source_line = None


def walk_blocks(tables: WalkTables, start: etree._Element, stripped: Stripped | None = None, hide: bool = True
                ) -> tuple[list[Any], dict[etree._Element, int], list[int], list[etree._Element]]:
    """One iterative pass over a tree cleared of invisible subtrees (no recursion: pages nest thousands of
    levels deep). Each element's tag is judged once per event by one look-up; a flush with nothing collected is
    skipped. Each element's entry and exit positions are recorded on the way (``position`` and ``ends``, the
    ancestors of ``start`` first, spanning the whole walk), so that sums over a subtree need no walk up the
    ancestors later; the open elements' positions give the depth. With ``hide``,
    elements hidden by an attribute (``hidden``, a hiding ``style``) are skipped, their tails kept, and returned
    for removal from the tree."""
    position: dict[etree._Element, int] = {}
    ends: list[int] = []
    for ancestor in reversed(list(start.iterancestors())):
        position[ancestor] = len(ends)
        ends.append(-1)  # set at the end: an ancestor of the walk spans all of it
    open_positions: list[int] = []
    builder = BlockBuilder(tables, stripped)
    pieces = builder.pieces
    containers: list[etree._Element] = [start]
    labels: frozenset[str] = frozenset()  # the labels the open elements give
    label_stack: list[frozenset[str]] = []  # the labels before each open labelling element
    anchor_depth = 0
    br_run = 0
    kinds = tables.tag_kinds
    line_break, swallowing, has_block = tables.line_break, tables.swallowing, tables.has_block
    hidden_style = tables.hidden_style.search
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
                    (style := element.get("style")) and hidden_style(style) is not None)) and not (
                    tag in swallowing and has_block(element)):
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
                        pieces.append(line_break)
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
    total = len(ends)
    for at, value in enumerate(ends):
        if value != -1:
            break
        ends[at] = total
    return builder.blocks, position, ends, hidden


__all__ = ["ANCHOR_KIND", "BLOCK_KIND", "BREAK_KIND", "LABELLED_KIND", "PIECE_SEPARATOR", "BlockBuilder", "Stripped",
           "WalkTables", "walk_blocks"]
