"""One pass from a parsed tree to TextBlocks: invisible subtrees out, then one iterative walk.

Inline elements such as ``<a>`` do not split a block; block-level tags and a run of two ``<br>`` (jusText, seed
002) do. Elements invisible by their tag are stripped in C before the walk (their tails kept in the text around
them); elements hidden by an attribute are skipped by the walk and removed after it. The walk records each
element's entry and exit positions (``TreeIndex``) for subtree sums without ancestor walks.

The walk has two implementations giving the same blocks and index: ``_walk_blocks`` here, and the optional
compiled one (``crawler.kernels.cwalk``, built at install when a C compiler is there), used when it imports
unless the environment variable CRAWLER_PURE_PYTHON_WALK is set (or ``use_compiled_walk(False)``).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Iterable, Sequence

from lxml import etree

from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.subtree import TreeIndex
from crawler.extractors.document.text import WRAP_COLUMNS, tokens, visible_length, wrap_counts
from crawler.kernels.compiled import COMPILED, PURE_PYTHON_ENV, active, available, refuse, use

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
logger = logging.getLogger(__name__)
# Marks a single <br> inside a block; NUL never survives decoding (parse_html removes it).
LINE_BREAK = "\x00"

# Form controls whose end tag a broken page forgot (``<button/>`` is not self-closing in HTML) swallow the
# rest of the page; these are dropped only when they hold no block of their own.
SWALLOWING_TAGS = frozenset({"button", "select", "option", "optgroup", "datalist", "textarea", "label"})
_HAS_BLOCK_XPATH = etree.XPath(
    ".//*[self::div or self::p or self::table or self::ul or self::article or self::section]"
)


# What a page hides from a reader with scripts on but holds as its text when nothing else is visible: the
# <noscript> view (forum software serves its posts there), <template> contents and hidden containers that
# scripts move into place (streamed server rendering): some pages show no visible text at all and hold their
# whole main content there.
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
    would cost far more than testing two attributes in the walk)."""
    found = elements_named(start, IGNORED_TAGS)
    if reveal:
        return [element for element in found if _drops_subtree(element.tag, element, reveal)]
    # _drops_subtree inlined: every element found has an ignored tag, dropped unless it may swallow the page and
    # holds a block (no call per element).
    return [element for element in found if element.tag not in SWALLOWING_TAGS or not _HAS_BLOCK_XPATH(element)]


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


# What a walk of part of a page leaves for the walk of the whole page (``blocks_under`` then ``blocks_of``).
WalkRecords = _Stripped


def _strip(elements: list[etree._Element], into: _Stripped | None = None) -> _Stripped:
    """Removes the subtrees, in any order, keeping their tails in the text around them (lxml.html's
    ``drop_tree``); records what moved in ``into`` when given (what earlier removals recorded stays valid)."""
    stripped = _Stripped() if into is None else into
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
            # The tail may itself hold the tail of a sibling removed earlier: its line and cuts come along. The
            # element's own line is read only when it is kept (most tails are white space).
            line = lines.pop((element, False), None) if lines else None
            carried = cuts.pop((element, False), None) if cuts else None
            moved = [len(before) + offset for offset in carried] if carried else []
            if (not before or before.isspace()) and not tail.isspace():
                if line is None:
                    line = element.sourceline
                if line is not None:
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


def blocks_of(root: etree._Element, reveal: bool = False, prior: WalkRecords | None = None
              ) -> tuple[list[TextBlock], TreeIndex | None]:
    """The blocks of a parsed page: its invisible subtrees removed from the tree, then one walk. ``prior``: the
    records of a ``blocks_under`` walk of part of this tree, so that the blocks are those of a page never walked."""
    body = root.find("body")
    start = body if body is not None else root
    invisible = _invisible_tags(start, reveal)
    stripped = _strip(invisible, prior)
    if start in invisible or (not reveal and _drops_subtree(start.tag, start)):
        return [], None
    blocks, index, hidden = _walk(start, stripped, hide=not reveal)
    _strip(hidden)
    return blocks, index


def blocks_under(element: etree._Element, prior: WalkRecords | None = None
                 ) -> tuple[list[TextBlock], WalkRecords] | None:
    """The blocks of one subtree of a page not walked yet (a learned article container: the rest of the page is
    not walked), as the whole page's walk gives them but for their level (counted from ``element``) and position;
    None when the page's walk would give none of them (the element or an ancestor invisible, or inside a link).

    The subtree's invisible parts are removed from the tree; ``blocks_of(root, prior=records)`` later gives the
    whole page's blocks as if this walk had not been (removals record where text was joined); ``prior``: the
    records of an earlier such walk of the same page."""
    labels: set[str] = set()
    for node in (element, *element.iterancestors()):
        tag = node.tag
        if tag.__class__ is not str:
            continue
        if tag == "a" or _drops_subtree(tag, node):
            return None
        kind = TAG_KINDS.get(tag)
        if kind is not None and kind[1] and node is not element:
            labels |= kind[1]
        if tag == "body":  # where the whole page's walk starts
            break
    stripped = _strip(_invisible_tags(element), prior)
    tail, element.tail = element.tail, None  # the text after the subtree is not the subtree's
    try:
        blocks, _, hidden = _walk(element, stripped, hide=True)
    finally:
        element.tail = tail
    _strip(hidden, stripped)  # recorded: the whole page's walk would have skipped these elements, not met them
    if labels:  # the labelling elements above the subtree, as the whole page's walk has them open
        for block in blocks:
            block.labels |= labels
    return blocks, stripped


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
                            flush(containers[-1], len(open_positions))
                            pieces = builder.pieces
                    elif pieces:
                        pieces.append(LINE_BREAK)
                    continue
                if code == _BLOCK:
                    if pieces:
                        flush(containers[-1], len(open_positions))
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
            if code == _BLOCK:
                if pieces:
                    flush(element, len(open_positions) + 1)
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
                add(tail, anchor_depth > 0, labels, element)
    if pieces:
        flush(containers[-1], len(open_positions))
    return builder.blocks, TreeIndex.finish(start, position, ends), hidden


def _configure_compiled() -> None:
    """Hands this module's tables and helpers to the compiled walk; a walk that cannot take them is not used."""
    if COMPILED is None:
        return
    try:
        counter_agrees = COMPILED.configure(
            TAG_KINDS, SWALLOWING_TAGS, HIDDEN_STYLE_RE, _HAS_BLOCK_XPATH, tokens, wrap_counts, visible_length,
            TextBlock, LINE_BREAK, PIECE_SEPARATOR, WRAP_COLUMNS)
    except Exception as error:  # tables it cannot hold: the Python walk serves
        refuse(str(error))
        return
    if not counter_agrees:
        logger.debug("compiled block walk: its ASCII word counter disagrees with text.tokens and wrap_counts, which "
                     "count every block")


_configure_compiled()


def compiled_walk_available() -> bool:
    """Whether the compiled walk imported (built, for this lxml, from the .pyx beside it)."""
    return available()


def use_compiled_walk(enabled: bool) -> bool:
    """Turns the compiled walk (and the other compiled helpers) on or off for this process, on only when available;
    returns whether it was on."""
    return use(enabled)


def _walk(start: etree._Element, stripped: _Stripped, hide: bool
          ) -> tuple[list[TextBlock], TreeIndex, list[etree._Element]]:
    """The compiled walk when it is on, else ``_walk_blocks``: the same blocks, index and hidden elements."""
    compiled = active()
    if compiled is None:
        return _walk_blocks(start, stripped, hide)
    key = compiled.node_key
    lines = {(key(element), is_text): line for (element, is_text), line in stripped.lines.items()}
    cuts = {(key(element), is_text): offsets for (element, is_text), offsets in stripped.cuts.items()}
    try:
        blocks, position, ends, hidden = compiled.walk_blocks(start, lines, cuts, hide)
    except compiled.EntityReference:  # an entity reference node (never from the HTML parser): Python's walk
        return _walk_blocks(start, stripped, hide)
    return blocks, TreeIndex(position, ends), hidden


def elements_named(top: etree._Element, names: frozenset[str] | set[str]) -> list[etree._Element]:
    """``list(top.iter(*names))`` (plain tag names), found in C when the compiled walk is on: lxml's ``iter`` makes
    a proxy per element it tests against the names, the compiled search only for the elements it finds."""
    compiled = active()
    if compiled is not None:
        try:
            return compiled.elements_named(top, names)
        except compiled.EntityReference:
            pass
    return list(top.iter(*names))


def elements_named_or_with(top: etree._Element, names: frozenset[str] | set[str], attribute: str
                           ) -> list[etree._Element]:
    """The elements at and below ``top`` whose tag is one of ``names`` or that carry ``attribute`` (of no namespace),
    in document order, found in C when the compiled walk is on (one walk, a proxy only for the elements found: the
    metadata's <meta>, <link>, <time> and itemprop elements)."""
    compiled = active()
    if compiled is not None:
        try:
            return compiled.elements_named_or_with(top, names, attribute)
        except compiled.EntityReference:
            pass
    return [element for element in top.iter(etree.Element)
            if element.tag in names or element.get(attribute) is not None]


def elements_with_words(top: etree._Element, attributes: tuple[str, ...], words: tuple[str, ...]
                        ) -> list[etree._Element]:
    """The elements at and below ``top``, in document order, with one of ``attributes`` (of no namespace) whose
    non-empty value holds a character outside ASCII or one of ``words`` (lower-case ASCII) in any case: a superset
    of the elements whose attributes a case-insensitive pattern needing one of the words matches. The Python twin
    of ``elements_marked``, which reads the values in C when the compiled walk is on. Other words are refused
    (ValueError), as the compiled search refuses them."""
    for word in words:
        if not isinstance(word, str) or not word or not word.isascii() or word != word.lower():
            raise ValueError(f"words must be non-empty lower-case ASCII: {word!r}")
    return [element for element in top.iter(etree.Element)
            if any((value := element.get(name)) and (not value.isascii() or any(word in value.lower()
                                                                                for word in words))
                   for name in attributes)]


def attribute_values(top: etree._Element, name: str) -> list[str]:
    """The values of the attribute ``name`` (no namespace) on ``top`` and every element below it in document
    order, the XPath ``//@name`` from a root element; read in C when the compiled walk is on (the XPath costs a
    sizeable share of the page's parse)."""
    compiled = active()
    if compiled is not None:
        try:
            return compiled.attribute_values(top, name)
        except compiled.EntityReference:
            pass
    return [value for element in top.iter(etree.Element) if (value := element.get(name)) is not None]


def attributes_of(element: etree._Element, names: tuple[str, ...]) -> tuple[str | None, ...]:
    """``tuple(element.get(name) for name in names)`` for plain attribute names, read in one pass in C when the
    compiled helpers are on (each lxml ``get`` parses and encodes its key: judging an element's class, id and roles
    took four of them)."""
    compiled = active()
    if compiled is not None:
        return compiled.attributes_of(element, names)
    return tuple(element.get(name) for name in names)


def attributes_reader() -> Callable[[etree._Element, tuple[str, ...]], tuple[str | None, ...]]:
    """``attributes_of`` for a loop over many elements: the compiled reader when it is on, else the Python twin,
    chosen once rather than at each element."""
    compiled = active()
    return compiled.attributes_of if compiled is not None else _attributes_by_get


def _attributes_by_get(element: etree._Element, names: tuple[str, ...]) -> tuple[str | None, ...]:
    return tuple(element.get(name) for name in names)


def line_hashes(blocks: Iterable[TextBlock], cache: dict[str, int], hasher: Callable[[str], int]) -> list[int]:
    """The hashes of the blocks' non-blank lines in document order (``template_lines.page_hashes``): each block's text
    cut at newlines, a line kept when ``line.strip()`` is not empty, its hash ``cache[line]`` when there, else
    ``hasher(line)`` (which may add it to ``cache``). In C when the compiled helpers are on, sparing the Python
    loop, a ``text`` property call a block and the cache lookups."""
    compiled = active()
    if compiled is not None:
        return compiled.line_hashes(blocks, cache, hasher)
    hashes: list[int] = []
    for block in blocks:
        text = block.text
        for line in text.split("\n") if "\n" in text else (text,):
            if line.strip():
                found = cache.get(line)
                hashes.append(hasher(line) if found is None else found)
    return hashes


# A run of decimal digits (``normalized_line``'s Python twin; ``template_lines.DIGITS_RE``, the same expression).
DIGIT_RUN_RE = re.compile(r"\d+")


def normalized_line(line: str) -> str:
    """``" ".join(line.split())`` with each run of decimal digits then as one '0' (``template_lines.normalize_line``),
    in C when the compiled helpers are on: one pass, and no new string for a line it leaves as it is. On the
    template hits the cascade normalises every line of the page against the template's (``furniture.all_lines_in``)."""
    compiled = active()
    if compiled is not None:
        return compiled.normalized_line(line)
    return DIGIT_RUN_RE.sub("0", " ".join(line.split()))


# What ``markup_elements`` gives: the <meta> contents by key, then the <link>, microdata and <time> elements.
MarkupElements = tuple[dict[str, list[str]], list[tuple[str | None, ...]], list[etree._Element], list[etree._Element]]


def markup_elements(top: etree._Element, body: etree._Element | None, meta_attributes: tuple[str, ...],
                    attribute: str, link_attributes: tuple[str, ...]) -> MarkupElements | None:
    """The page markup the metadata reads (``crawler.extractors.metadata.markup.page_markup``, its Python reading),
    gathered in one walk in C with a proxy only for the elements kept and the <meta> and <link> attributes read
    without one: ``(meta, links, itemprops, times)``, as ``cwalk.markup_elements`` says. None when the compiled
    walk is off or the tree holds an entity reference: the caller then reads the markup in Python."""
    compiled = active()
    if compiled is None:
        return None
    try:
        return compiled.markup_elements(top, body, meta_attributes, attribute, link_attributes)
    except compiled.EntityReference:
        return None


def short_texts(blocks: Sequence[TextBlock], most: int, least: float = 0) -> tuple[list[int], list[str]]:
    """The positions and texts of the blocks whose ``num_chars`` is at most ``most`` and whose text has at least
    ``least`` characters, in order (the visible metadata scan's short blocks, ``metadata.visible.short_blocks``, and
    its headline's candidates), in C when the compiled helpers are on: two list comprehensions, with a ``text``
    property call a short block, in Python; most blocks of a page are short."""
    compiled = active()
    if compiled is not None:
        return compiled.short_texts(blocks, most, least)
    positions = [position for position, block in enumerate(blocks)
                 if block.num_chars <= most and len(block.text) >= least]
    return positions, [blocks[position].text for position in positions]


def ancestors_marks(element: etree._Element, names: tuple[str, ...], most: int, stop: tuple[str, ...]) -> str:
    """The marks of ``element`` and of its ancestors, at most ``most`` nodes, up to (without) the first one whose tag
    is in ``stop`` (plain tag names): each node's values of the attributes ``names`` ("" for one it lacks) joined by a
    space, the nodes' joined by a space (``metadata.byline``'s comment areas). In C when the compiled helpers are on,
    with no proxy made for an ancestor (``getparent`` and ``attributes_of`` make one per ancestor, several a block)."""
    compiled = active()
    if compiled is not None:
        return compiled.ancestors_marks(element, names, most, stop)
    marks = []
    node: etree._Element | None = element
    for _ in range(most):
        if node is None or node.tag in stop:
            break
        marks.append(" ".join(value or "" for value in attributes_of(node, names)))
        node = node.getparent()
    return " ".join(marks)


def first_meta_content(top: etree._Element, key: str) -> str | None:
    """The content of the first <meta> at or below ``top`` whose ``property``, else ``name``, lower-cased is ``key``
    (None when it has none, or no <meta> is named so): in one walk in C when the compiled helpers are on, a proxy and
    two ``get`` calls a <meta> in Python (the page type's og:type and og:title readings, ``pagetypes._meta`` and
    ``sitepages.page_titles``)."""
    compiled = active()
    if compiled is not None:
        try:
            return compiled.first_meta_content(top, key)
        except compiled.EntityReference:
            pass
    for element in top.iter("meta"):
        if (element.get("property") or element.get("name") or "").lower() == key:
            return element.get("content")
    return None


def running_text(blocks: Iterable[TextBlock], least_words: int, most_link_density: float
                 ) -> tuple[int, int, list[int], list[str]]:
    """(words, linked, counts, texts) of the blocks: the sums of their ``num_words`` and ``num_words_in_anchor_text``,
    and for each block of at least ``least_words`` (>= 1) words of which less than ``most_link_density`` are in links,
    its words outside links and its text, in order (``pagetypes.classify_page``'s running text), in C when the compiled
    helpers are on, sparing a Python loop over every block with two attribute reads, two sums and a test."""
    compiled = active()
    if compiled is not None:
        found = compiled.running_text(blocks, least_words, most_link_density)
        if found is not None:
            return found
    words = linked = 0
    counts: list[int] = []
    texts: list[str] = []
    for block in blocks:
        count, in_links = block.num_words, block.num_words_in_anchor_text
        words += count
        linked += in_links
        if count >= least_words and in_links / count < most_link_density:
            counts.append(count - in_links)
            texts.append(block.text)
    return words, linked, counts, texts


def elements_marked(top: etree._Element, attributes: tuple[str, ...], words: tuple[str, ...]) -> list[etree._Element]:
    """``elements_with_words(top, attributes, words)``, each value searched in one pass in C when the compiled walk is
    on (``cwalk.elements_marked``): ``elements_with_words``' search tries every word at every character, a large
    share of the byline search (``metadata.byline.markup_byline``). Its Python twin is ``elements_with_words``'
    Python reading (tests/test_elements_marked.py).
    Words without NUL (ValueError)."""
    for word in words:
        if not isinstance(word, str) or not word or not word.isascii() or word != word.lower() or "\x00" in word:
            raise ValueError(f"words must be non-empty lower-case ASCII without NUL: {word!r}")
    compiled = active()
    if compiled is not None:
        try:
            return compiled.elements_marked(top, attributes, words)
        except compiled.EntityReference:
            pass
    return elements_with_words(top, attributes, words)


# The characters that a re.I search of lower-case words matches with a letter other than their ``str.lower``: ı and İ
# with i (İ's lower() is two characters long), ſ with s (``texts_with_words``; see ``metadata.dates.RE_I_FOLDS``).
RE_I_LETTER_FOLDS = str.maketrans({"ı": "i", "İ": "i", "ſ": "s"})


@functools.lru_cache(maxsize=8)
def _line_start_pattern(line_words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?:^|\n)\s*(?:" + "|".join(map(re.escape, line_words)) + r")\b")


def texts_with_words(texts: Sequence[str], words: tuple[str, ...], line_words: tuple[str, ...]) -> list[bool]:
    """For each text, whether its lowered form (ı, İ and ſ as i, i and s, then ``str.lower``) holds one of ``words``, or
    has a line that starts, after white space, with one of ``line_words`` and a word boundary (the words lower-case,
    without σ or ς, which ``str.lower`` tells apart by context):
    ``metadata.byline.credit_flags``'s question of the short blocks, in one C call when the compiled helpers are on
    (in Python: searches of the texts joined, an ASCII group and the others', and a loop over their matches)."""
    compiled = active()
    if compiled is not None:
        return compiled.texts_with_words(texts, words, line_words)
    for word in (*words, *line_words):
        if not word or word != word.lower() or "σ" in word or "ς" in word:
            raise ValueError(f"words must be non-empty, lower-case and without σ or ς: {word!r}")
    line_start = _line_start_pattern(line_words) if line_words else None
    flags = []
    for text in texts:
        lowered = text.lower() if text.isascii() else text.translate(RE_I_LETTER_FOLDS).lower()
        flags.append(any(word in lowered for word in words) or (
            line_start is not None and line_start.search(lowered) is not None))
    return flags


def folded_short_texts(blocks: Sequence[TextBlock], most: int, least: float = 0) -> tuple[list[int], list[str]]:
    """``short_texts`` with each text's white space runs as one space, none at either end, casefolded (the visible
    metadata scan's headline candidates, compared with the title so), in C when the compiled helpers are on."""
    compiled = active()
    if compiled is not None:
        return compiled.folded_short_texts(blocks, most, least)
    positions, texts = short_texts(blocks, most, least)
    return positions, [" ".join(text.split()).casefold() for text in texts]


def marks_hold_words(element: etree._Element, names: tuple[str, ...], most: int, stop: tuple[str, ...],
                     words: tuple[str, ...]) -> bool:
    """Whether the marks that ``ancestors_marks`` joins (same arguments) hold a character outside ASCII or one of
    ``words`` (lower-case ASCII, no white space) in any case: in C when the compiled helpers are on, without making
    the marks' strings (most blocks' ancestors hold none of the words a comment area needs)."""
    compiled = active()
    if compiled is not None:
        return compiled.marks_hold_words(element, names, most, stop, words)
    marks = ancestors_marks(element, names, most, stop)
    if not marks.isascii():
        return True
    lowered = marks.lower()
    return any(word in lowered for word in words)


__all__ = [
    "BLOCK_TAGS",
    "DIGIT_RUN_RE",
    "HEADING_TAGS",
    "HIDDEN_STYLE_RE",
    "IGNORED_TAGS",
    "LINE_BREAK",
    "PURE_PYTHON_ENV",
    "REVEALABLE_TAGS",
    "RE_I_LETTER_FOLDS",
    "SWALLOWING_TAGS",
    "TAG_KINDS",
    "TAG_LABELS",
    "MarkupElements",
    "WalkRecords",
    "ancestors_marks",
    "attribute_values",
    "attributes_of",
    "attributes_reader",
    "blocks_of",
    "blocks_under",
    "compiled_walk_available",
    "elements_marked",
    "elements_named",
    "elements_named_or_with",
    "elements_with_words",
    "first_meta_content",
    "folded_short_texts",
    "line_hashes",
    "marks_hold_words",
    "markup_elements",
    "normalized_line",
    "running_text",
    "short_texts",
    "texts_with_words",
    "use_compiled_walk",
]
