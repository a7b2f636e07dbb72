"""The document model every extractor shares: one lxml parse, one pass that cuts the page into TextBlocks.

A TextBlock is boilerpipe's unit (seed 000): the text between two block-level boundaries, with shallow
statistics (words, words inside links, 80-column text density, characters) and a reference to the element
that holds it, so an extractor can return the cleaned HTML of what it keeps. Inline elements such as ``<a>``
do not split a block; block-level tags and a run of two ``<br>`` (jusText, seed 002) do.

Extractors never change the shared blocks: ``TextDocument.fresh_blocks()`` hands each run its own copies,
on which steps leave labels and the reasons for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import lxml.html
from lxml import etree

from .decoding import decode_html
from .subtree import TreeIndex
from .text import TOKEN_RE, WHITESPACE_RE, WrapCounter, count_words, visible_length, wrap_counts

# Elements that start a new block (HTML's block-level and table elements; jusText's list plus HTML5).
BLOCK_TAGS = frozenset(
    "address article aside blockquote body caption center col colgroup dd details dialog dir div dl dt "
    "fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu "
    "nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
# Never text a reader sees (seeds 000, 002, 003): scripts, styles, form controls, embedded objects.
IGNORED_TAGS = frozenset(
    "script style noscript template head select option optgroup datalist textarea button input iframe "
    "frame frameset object embed applet param svg math canvas audio video source track map area link "
    "meta base".split()
)
HEADING_TAGS = frozenset("h1 h2 h3 h4 h5 h6".split())
# Labels given to a block by the elements around its text; boilerpipe's DefaultLabels, lower-cased.
TAG_LABELS = {
    **{h: ("heading", h) for h in HEADING_TAGS},
    "li": ("li",),
    "dt": ("li",),
    "dd": ("li",),
    "td": ("table",),
    "th": ("table",),
    "pre": ("pre",),
    "code": ("code",),
    "blockquote": ("quote",),
    "figcaption": ("caption",),
    "caption": ("caption",),
    "nav": ("nav",),
    "aside": ("aside",),
    "footer": ("footer",),
    "header": ("header",),
}
HIDDEN_STYLE_RE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
XML_DECLARATION_RE = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)
# libxml2 drops everything after </html>; browsers keep it in the body, and CMS templates often close the
# document early (a header include ending in </html>). The parser closes both at the end of input anyway.
CLOSING_ROOT_TAGS_RE = re.compile(r"</(?:html|body)\s*>", re.I)
CONTROL_CHARS_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")
# Marks a single <br> inside a block; NUL never survives decoding (parse_html removes it).
LINE_BREAK = "\x00"

# Pages above this many characters are cut here (with a warning), so one giant page cannot take the
# memory of a crawl; 32 M characters is 40x the largest page in the data sets.
MAX_DOCUMENT_CHARS = 32_000_000
# libxml2 stops at a text node of 10,000,000 bytes (XML_MAX_TEXT_LENGTH) unless its huge-tree option is on, and
# the rest of the page is lost ("no visible text" behind a 50 MB JSON-LD script or a 10 MB <title>). huge_tree
# would also lift the depth limit our tree walks rely on, so giant text is shrunk before parsing instead. 2 M
# characters are at most 8 MB of UTF-8, under libxml2's limit; the largest inline script of the shared data sets
# is far below (largest page 5.3 MB), a paragraph never comes near.
MAX_TEXT_NODE_CHARS = 2_000_000
# Elements whose content is raw text (no tags inside, "<" is text): a giant one is found by its end tag.
RAW_TEXT_ELEMENTS = ("script", "style", "title", "textarea")
# Of these, the content is dropped rather than cut: a cut script or style is no use to anyone.
DROPPED_RAW_TEXT = frozenset({"script", "style"})
RAW_TEXT_TAG_RES = {name: (re.compile(rf"<{name}\b[^>]*>", re.I), re.compile(rf"</{name}\s*>", re.I))
                    for name in RAW_TEXT_ELEMENTS}
# A first 4 KB in which more than this share of characters are control characters is not HTML.
BINARY_CONTROL_SHARE = 0.05
# libxml2 stops building the tree at this depth without its huge-tree option.
LIBXML2_MAX_DEPTH = 256


@dataclass(slots=True, frozen=True)
class Decision:
    """What one step decided about a block, and why."""

    step: str
    label: str
    reason: str
    content: bool | None = None  # the verdict: content, boilerplate, or None when the step only labelled


class TextBlock:
    """A run of text between block boundaries, with the shallow features of boilerpipe (seed 000)."""

    __slots__ = (
        "_merged_texts",
        "_text",
        "decisions",
        "element",
        "elements",
        "is_content",
        "labels",
        "num_chars",
        "num_chars_in_anchor_text",
        "num_words",
        "num_words_in_anchor_text",
        "num_words_in_wrapped_lines",
        "num_wrapped_lines",
        "offset_blocks_end",
        "offset_blocks_start",
        "source_line",
        "tag_level",
    )

    def __init__(
        self,
        text: str,
        num_words: int,
        num_words_in_anchor_text: int,
        num_words_in_wrapped_lines: int,
        num_wrapped_lines: int,
        offset: int,
        tag_level: int,
        element: etree._Element | None = None,
        labels: Iterable[str] = (),
        num_chars: int | None = None,
        num_chars_in_anchor_text: int = 0,
        source_line: int | None = None,
    ) -> None:
        self._text = text
        self._merged_texts: list[str] = []
        self.num_words = num_words
        self.num_words_in_anchor_text = num_words_in_anchor_text
        self.num_words_in_wrapped_lines = num_words_in_wrapped_lines
        self.num_wrapped_lines = num_wrapped_lines
        self.offset_blocks_start = offset
        self.offset_blocks_end = offset
        self.tag_level = tag_level
        self.element = element
        self.elements: list[etree._Element] = [element] if element is not None else []
        self.labels: set[str] = set(labels)
        self.num_chars = visible_length(text) if num_chars is None else num_chars
        self.num_chars_in_anchor_text = num_chars_in_anchor_text
        self.source_line = source_line
        self.is_content = False
        self.decisions: list[Decision] = []

    @classmethod
    def from_text(cls, text: str, offset: int = 0, *, linked: bool = False, tag_level: int = 0,
                  labels: Iterable[str] = ()) -> TextBlock:
        """A block from plain text, for tests and for extractors that build blocks of their own."""
        counter = WrapCounter()
        counter.add(text, linked)
        in_wrapped, wrapped = counter.result()
        chars = visible_length(text)
        return cls(text, counter.words, counter.linked_words, in_wrapped, wrapped, offset, tag_level,
                   labels=labels, num_chars=chars, num_chars_in_anchor_text=chars if linked else 0)

    @property
    def text(self) -> str:
        if self._merged_texts:
            self._text = "\n".join([self._text, *self._merged_texts])
            self._merged_texts = []
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self._merged_texts = []

    @property
    def link_density(self) -> float:
        return self.num_words_in_anchor_text / self.num_words if self.num_words else 0.0

    @property
    def char_link_density(self) -> float:
        """Share of characters inside links: jusText's definition (seed 002)."""
        return self.num_chars_in_anchor_text / self.num_chars if self.num_chars else 0.0

    @property
    def text_density(self) -> float:
        return self.num_words_in_wrapped_lines / self.num_wrapped_lines if self.num_wrapped_lines else 0.0

    @property
    def tag(self) -> str:
        return self.element.tag if self.element is not None and isinstance(self.element.tag, str) else ""

    def decide(self, step: str, content: bool | None, reason: str, label: str | None = None) -> None:
        """Record a step's verdict; ``content=None`` only adds a label."""
        if content is not None:
            self.is_content = content
        if label:
            self.labels.add(label)
        self.decisions.append(
            Decision(step, label or ("content" if content else "boilerplate" if content is False else ""), reason,
                     content)
        )

    def merge_next(self, other: TextBlock) -> None:
        """Fuse a following block into this one (boilerpipe's TextBlock.mergeNext)."""
        # Texts of fused blocks are joined when first read: joining at every fusion is quadratic when a
        # filter fuses thousands of paragraphs into one block.
        self._merged_texts.append(other.text)
        self.num_words += other.num_words
        self.num_words_in_anchor_text += other.num_words_in_anchor_text
        self.num_words_in_wrapped_lines += other.num_words_in_wrapped_lines
        self.num_wrapped_lines += other.num_wrapped_lines
        self.num_chars += other.num_chars
        self.num_chars_in_anchor_text += other.num_chars_in_anchor_text
        self.offset_blocks_start = min(self.offset_blocks_start, other.offset_blocks_start)
        self.offset_blocks_end = max(self.offset_blocks_end, other.offset_blocks_end)
        self.is_content = self.is_content or other.is_content
        self.labels |= other.labels
        self.tag_level = min(self.tag_level, other.tag_level)
        # Fused blocks are neighbours: only a repeat of the last container is skipped (a full membership
        # test makes fusing thousands of paragraphs quadratic).
        for element in other.elements:
            if not self.elements or element is not self.elements[-1]:
                self.elements.append(element)
        self.decisions.extend(other.decisions)

    def copy(self) -> TextBlock:
        clone = TextBlock.__new__(TextBlock)
        clone._text = self.text
        clone._merged_texts = []
        clone.num_words = self.num_words
        clone.num_words_in_anchor_text = self.num_words_in_anchor_text
        clone.num_words_in_wrapped_lines = self.num_words_in_wrapped_lines
        clone.num_wrapped_lines = self.num_wrapped_lines
        clone.offset_blocks_start = self.offset_blocks_start
        clone.offset_blocks_end = self.offset_blocks_end
        clone.tag_level = self.tag_level
        clone.element = self.element
        clone.elements = list(self.elements)
        clone.labels = set(self.labels)
        clone.num_chars = self.num_chars
        clone.num_chars_in_anchor_text = self.num_chars_in_anchor_text
        clone.source_line = self.source_line
        clone.is_content = self.is_content
        clone.decisions = list(self.decisions)
        return clone

    @property
    def tag_path(self) -> str:
        """Ancestry of the block's element, e.g. ``body/div#main.article/p``; for reports and rules."""
        parts = []
        node = self.element
        while node is not None and isinstance(node.tag, str):
            part = node.tag
            if node.get("id"):
                part += "#" + node.get("id")
            if node.get("class"):
                part += "." + ".".join(node.get("class").split())
            parts.append(part)
            node = node.getparent()
        return "/".join(reversed(parts))

    def __repr__(self) -> str:
        flag = "+" if self.is_content else "-"
        return (f"<TextBlock {flag} [{self.offset_blocks_start}-{self.offset_blocks_end}] words={self.num_words} "
                f"ld={self.link_density:.2f} td={self.text_density:.1f} {self.text[:40]!r}>")


class TextDocument:
    """A parsed page: the cleaned lxml tree, its title and its TextBlocks, built once."""

    def __init__(
        self,
        blocks: list[TextBlock],
        title: str | None = None,
        *,
        root: etree._Element | None = None,
        url: str | None = None,
        encoding: str | None = None,
        declared_language: str | None = None,
        warnings: Iterable[str] = (),
        empty_reason: str | None = None,
        json_ld: Iterable[str] = (),
    ) -> None:
        self.blocks = blocks
        self.title = title
        self.root = root
        self.url = url
        self.encoding = encoding
        self.declared_language = declared_language
        self.warnings = list(warnings)
        self.empty_reason = empty_reason
        # Raw texts of <script type="application/ld+json"> anywhere in the page: the tree loses body scripts.
        self.json_ld = list(json_ld)
        self._tree_index: TreeIndex | None = None

    @classmethod
    def from_blocks(cls, blocks: Iterable[TextBlock], title: str | None = None) -> TextDocument:
        return cls(list(blocks), title)

    def fresh_blocks(self) -> list[TextBlock]:
        """Copies of the blocks for one extractor run, so runs on the same document stay independent."""
        return [b.copy() for b in self.blocks]

    @property
    def body(self) -> etree._Element | None:
        if self.root is None:
            return None
        body = self.root.find("body")
        return body if body is not None else self.root

    @property
    def tree_index(self) -> TreeIndex | None:
        """Document-order positions of the body's elements (recorded by the block walk; built on first use for a
        document made otherwise), None without a tree."""
        if self._tree_index is None and self.root is not None:
            self._tree_index = TreeIndex.of(self.body)
        return self._tree_index

    @tree_index.setter
    def tree_index(self, index: TreeIndex | None) -> None:
        self._tree_index = index

    @cached_property
    def language(self) -> str | None:
        """ISO 639-1 code of the main text, identified on the longest blocks (fastText's
        lid.176 model, ``crawler.extractors.language``) when first read."""
        from .language import identify_language

        return identify_language(self.blocks, self.declared_language)


JSON_LD_XPATH = etree.XPath("//script[contains(translate(@type, 'LDJSON', 'ldjson'), 'ld+json')]")
# Form controls whose end tag a broken page forgot (``<button/>`` is not self-closing in HTML) swallow the
# rest of the page; these are dropped only when they hold no block of their own.
SWALLOWING_TAGS = frozenset({"button", "select", "option", "optgroup", "datalist", "textarea", "label"})
_HAS_BLOCK_XPATH = etree.XPath(
    ".//*[self::div or self::p or self::table or self::ul or self::article or self::section]"
)
_IGNORED_TAG_LIST = sorted(IGNORED_TAGS)


# What a page hides from a reader with scripts on but holds as its text when nothing else is visible: the
# <noscript> view (forum software serves its posts there), <template> contents and hidden containers that
# scripts move into place (streamed server rendering). 7 of the 493 modern pages showed no visible text at all
# and had their whole main content there.
REVEALABLE_TAGS = frozenset({"noscript", "template"})


def _drops_subtree(tag: str, element: etree._Element, reveal: bool = False) -> bool:
    if tag in SWALLOWING_TAGS and _HAS_BLOCK_XPATH(element):
        return False
    if reveal:
        return tag in IGNORED_TAGS and tag not in REVEALABLE_TAGS
    return tag in IGNORED_TAGS or _is_hidden(element)


def _is_hidden(element: etree._Element) -> bool:
    if element.get("hidden") is not None:
        return True
    style = element.get("style")
    return bool(style) and HIDDEN_STYLE_RE.search(style) is not None


def _invisible_tags(start: etree._Element, reveal: bool = False) -> list[etree._Element]:
    """The subtrees under ``start`` that no reader sees by their tag alone, found by lxml's C-level ``iter``;
    elements hidden by an attribute are left to the walk, which meets every element anyway (an XPath for them
    cost 0.25x the page parse on the scrapinghub pages, testing two attributes in the walk a fifth of that)."""
    return [element for element in start.iter(*_IGNORED_TAG_LIST) if _drops_subtree(element.tag, element, reveal)]


class _Stripped:
    """What removing invisible subtrees moved: the texts that now hold a removed element's tail.

    The walk met such a tail as a piece of its own; ``lines`` keeps the source line it gave a text that now
    starts with one, ``cuts`` the offsets where a tail was joined to text with no white space between
    (``half<span hidden>x</span>word`` stays two tokens, as before). Both are keyed by (holder, is ``.text``).
    """

    __slots__ = ("cuts", "lines")

    def __init__(self) -> None:
        self.lines: dict[tuple[etree._Element, bool], int] = {}
        self.cuts: dict[tuple[etree._Element, bool], list[int]] = {}


def _strip(elements: list[etree._Element]) -> _Stripped:
    """Removes the subtrees, in any order, keeping their tails in the text around them (lxml.html's
    ``drop_tree``)."""
    stripped = _Stripped()
    lines, cuts = stripped.lines, stripped.cuts
    for element in elements:
        parent = element.getparent()
        if parent is None:
            continue
        tail = element.tail
        if tail:
            previous = element.getprevious()
            key = (parent, True) if previous is None else (previous, False)
            before = (key[0].text if key[1] else key[0].tail) or ""
            # The tail may itself hold the tail of a sibling removed earlier: its line and cuts come along.
            line = lines.pop((element, False), element.sourceline)
            moved = [len(before) + offset for offset in cuts.pop((element, False), ())]
            if (not before or before.isspace()) and not tail.isspace() and line is not None:
                lines[key] = line
            if before and not before[-1].isspace() and not tail[0].isspace():
                moved.insert(0, len(before))
            if moved:
                cuts.setdefault(key, []).extend(moved)
            if key[1]:
                key[0].text = before + tail
            else:
                key[0].tail = before + tail
        parent.remove(element)
    return stripped


# Joins the pieces of a block for counting its words: not a word character, so no token spans two pieces (text
# either side of a tag, or of a removed invisible element, stays two words, as when each piece was counted apart).
PIECE_SEPARATOR = "\x01"


class _BlockBuilder:
    """Collects text pieces between block boundaries and turns them into TextBlocks; words are counted once per
    block, on its pieces joined by PIECE_SEPARATOR."""

    __slots__ = ("anchor_cut", "anchor_pieces", "blocks", "cut_pieces", "cuts", "labels", "lines", "pieces",
                 "source_line", "unlinked")

    def __init__(self, stripped: _Stripped | None = None) -> None:
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
        return (len(TOKEN_RE.findall(PIECE_SEPARATOR.join(counted))),
                visible_length(" ".join(anchors)))

    def flush(self, container: etree._Element | None, level: int) -> None:
        """Ends the current block; callers skip it when no piece was collected."""
        pieces = self.pieces
        raw = "".join(pieces)
        if LINE_BREAK in raw:
            text = "\n".join(line for line in (" ".join(part.split()) for part in raw.split(LINE_BREAK)) if line)
        else:
            text = " ".join(raw.split())  # str.split and the regex \s agree on every white-space character
        if text:
            if self.cut_pieces:
                pieces = list(pieces)
                for at, counted in self.cut_pieces.items():
                    pieces[at] = counted
            found = TOKEN_RE.findall(PIECE_SEPARATOR.join(pieces))
            in_wrapped, wrapped = wrap_counts(found)
            # The text's only white space is single spaces and line ends: its visible length is what remains.
            chars = len(text) - text.count(" ") - text.count("\n")
            linked, anchor_chars = self._linked(len(found), chars)
            self.blocks.append(
                TextBlock(text, len(found), linked, in_wrapped, wrapped, len(self.blocks), level, container,
                          self.labels, num_chars=chars, num_chars_in_anchor_text=anchor_chars,
                          source_line=self.source_line)
            )
        self.pieces = []
        self.anchor_pieces = []
        self.unlinked = False
        if self.cut_pieces:
            self.cut_pieces = {}
            self.anchor_cut = {}
        self.labels = set()
        self.source_line = None


def _blocks_of(root: etree._Element, reveal: bool = False) -> tuple[list[TextBlock], TreeIndex | None]:
    """The blocks of a parsed page: its invisible subtrees removed from the tree, then one walk."""
    body = root.find("body")
    start = body if body is not None else root
    invisible = _invisible_tags(start, reveal)
    stripped = _strip(invisible)
    if start in invisible or (not reveal and _drops_subtree(start.tag, start)):
        return [], None
    blocks, index, hidden = _walk_blocks(start, stripped, hide=not reveal)
    _strip(hidden)
    return blocks, index


# What the walk does on entering and leaving a tag, looked up once per event: (kind, labels it gives).
_BLOCK, _ANCHOR, _BREAK, _LABELLED = 1, 2, 3, 0
TAG_KINDS: dict[str, tuple[int, frozenset[str] | None]] = {
    tag: (_BLOCK if tag in BLOCK_TAGS else _ANCHOR if tag == "a" else _BREAK if tag == "br" else _LABELLED,
          frozenset(TAG_LABELS[tag]) if tag in TAG_LABELS else None)
    for tag in {*BLOCK_TAGS, *TAG_LABELS, "a", "br"}
}


def _walk_blocks(start: etree._Element, stripped: _Stripped | None = None, hide: bool = True
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
    builder = _BlockBuilder(stripped)
    pieces = builder.pieces
    containers: list[etree._Element] = [start]
    labels: frozenset[str] = frozenset()  # the labels the open elements give
    label_stack: list[frozenset[str]] = []  # the labels before each open labelling element
    anchor_depth = 0
    br_run = 0
    kinds = TAG_KINDS
    hidden: list[etree._Element] = []
    skipping = None
    walker = etree.iterwalk(start, events=("start", "end"))
    for event, element in walker:
        tag = element.tag
        if tag.__class__ is not str:  # entities: only their tail counts
            tail = element.tail if event == "end" else None
            if tail:
                if not tail.isspace():
                    builder.add(tail, anchor_depth > 0, labels, None)
                elif pieces:
                    pieces.append(" ")
            continue
        if event == "start":
            if hide and (element.get("hidden") is not None or (
                    (style := element.get("style")) and HIDDEN_STYLE_RE.search(style) is not None)) and not (
                    tag in SWALLOWING_TAGS and _HAS_BLOCK_XPATH(element)):
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
                if code == _BREAK:
                    br_run += 1
                    if br_run >= 2:
                        if pieces:
                            builder.flush(containers[-1], len(open_positions))
                            pieces = builder.pieces
                    elif pieces:
                        pieces.append(LINE_BREAK)
                    continue
                if code == _BLOCK:
                    if pieces:
                        builder.flush(containers[-1], len(open_positions))
                        pieces = builder.pieces
                    containers.append(element)
                    br_run = 0
                elif code == _ANCHOR:
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
                    builder.add(text, anchor_depth > 0, labels, element, True)
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
            if code == _BLOCK:
                if pieces:
                    builder.flush(element, len(open_positions) + 1)
                    pieces = builder.pieces
                if len(containers) > 1:
                    containers.pop()
                br_run = 0
            elif code == _ANCHOR:
                anchor_depth -= 1
        tail = element.tail
        if tail:
            if tail.isspace():
                if pieces:
                    pieces.append(" ")
            else:
                br_run = 0
                builder.add(tail, anchor_depth > 0, labels, element)
    if pieces:
        builder.flush(containers[-1], len(open_positions))
    return builder.blocks, TreeIndex.finish(start, position, ends), hidden


def _empty(reason: str, url: str | None, encoding: str | None = None) -> TextDocument:
    return TextDocument([], None, url=url, encoding=encoding, empty_reason=reason)


def _shrink_giant_text(text: str) -> tuple[str, int]:
    """The page with every text run longer than MAX_TEXT_NODE_CHARS shrunk (scripts and styles emptied, other
    text cut to the limit), and how many were; linear time, and nothing to do for a page shorter than the limit."""
    if len(text) <= MAX_TEXT_NODE_CHARS:
        return text, 0
    shrunk = 0
    for name in RAW_TEXT_ELEMENTS:  # a pass per element name, each one linear
        opening, closing = RAW_TEXT_TAG_RES[name]
        pieces: list[str] = []
        position = 0
        while (start := opening.search(text, position)) is not None:
            end = closing.search(text, start.end())
            if end is None:
                break
            if end.start() - start.end() > MAX_TEXT_NODE_CHARS:
                keep = 0 if name in DROPPED_RAW_TEXT else MAX_TEXT_NODE_CHARS
                pieces.append(text[position : start.end() + keep])
                position = end.start()
                shrunk += 1
            else:
                pieces.append(text[position : end.end()])
                position = end.end()
        if pieces and position:
            text = "".join(pieces) + text[position:]
    runs = text.split("<")  # other text: what lies between one "<" and the next
    for index, run in enumerate(runs):
        if len(run) > MAX_TEXT_NODE_CHARS:
            runs[index] = run[: run.find(">") + 1 + MAX_TEXT_NODE_CHARS]
            shrunk += 1
    return "<".join(runs), shrunk


def _html_parser() -> etree.HTMLParser:
    """libxml2's HTML parser fed UTF-8 bytes, building lxml.html's element class with a C-level lookup
    (lxml.html's own parser asks Python which class every element gets)."""
    parser = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, encoding="utf-8")
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=lxml.html.HtmlElement))
    return parser


def parse_html(html: bytes | str, url: str | None = None, content_type: str | None = None) -> TextDocument:
    """Parse a page once into a TextDocument; bad input gives an empty document with a reason, never raises."""
    if html is None or len(html) == 0:
        return _empty("empty input", url)
    decoded = decode_html(html, content_type)
    text = decoded.text
    warnings: list[str] = []
    text, shrunk = _shrink_giant_text(text)
    if shrunk:
        warnings.append(f"{shrunk} text runs over {MAX_TEXT_NODE_CHARS} characters emptied (scripts, styles) or cut")
    if len(text) > MAX_DOCUMENT_CHARS:
        warnings.append(f"page of {len(text)} characters cut to the first {MAX_DOCUMENT_CHARS}")
        text = text[:MAX_DOCUMENT_CHARS]
    head = text[:4096]
    if head and len(CONTROL_CHARS_RE.findall(head)) > BINARY_CONTROL_SHARE * len(head):
        return _empty("not HTML: binary content", url, decoded.encoding)
    if "\x00" in text:
        text = text.replace("\x00", "")
    text = XML_DECLARATION_RE.sub("", text, count=1)
    text = CLOSING_ROOT_TAGS_RE.sub("", text)
    if not text.strip():
        return _empty("empty input", url, decoded.encoding)
    parser = _html_parser()
    try:
        # Lone surrogates (from a broken page's numeric escapes) cannot be UTF-8: they become U+FFFD.
        encoded = text.encode("utf-8", "replace")
        root = etree.fromstring(encoded, parser)
    except (etree.ParserError, ValueError) as error:
        return _empty(f"unparseable HTML: {error}", url, decoded.encoding)
    if root is None:
        return _empty("unparseable HTML: Document is empty", url, decoded.encoding)
    if any("Excessive depth" in str(e.message) for e in parser.error_log):
        warnings.append(f"nesting deeper than {LIBXML2_MAX_DEPTH} levels: the parser cut what lies below it")
    title = None
    title_element = root.find(".//title")
    if title_element is not None:
        title = WHITESPACE_RE.sub(" ", title_element.text_content()).strip() or None
    json_ld = [s.text for s in JSON_LD_XPATH(root) if s.text and s.text.strip()]
    blocks, index = _blocks_of(root)
    if not blocks:
        # A page that shows no text at all: what it hides from script-running readers (noscript, templates,
        # hidden elements) is its text. The tree was cleared of those parts, so the page is parsed again (rare).
        revealed_root = etree.fromstring(encoded, _html_parser())
        revealed, revealed_index = _blocks_of(revealed_root, reveal=True) if revealed_root is not None else ([], None)
        if revealed:
            root, blocks, index = revealed_root, revealed, revealed_index
            warnings.append("no visible text: the text hidden from script-running readers (noscript, "
                            "templates, hidden elements) is the page's text")
    language = root.get("lang") or root.get("xml:lang")
    reason = None if blocks else "no visible text"
    doc = TextDocument(blocks, title, root=root, url=url, encoding=decoded.encoding,
                       declared_language=language, warnings=warnings, empty_reason=reason, json_ld=json_ld)
    doc.tree_index = index
    return doc


def total_words(blocks: Iterable[TextBlock]) -> int:
    return sum(b.num_words for b in blocks)


__all__ = ["Decision", "TextBlock", "TextDocument", "count_words", "parse_html", "total_words"]
