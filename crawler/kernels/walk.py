"""The compiled walk's helpers (``cwalk.pyx``) or their Python twins (``walk_python``), bound once at import: the
rest of the code calls these names and never asks which runs; and the block walk itself (``bind_block_walk``: the
compiled one or ``blockwalk_python``'s, given the library's tables). A compiled helper that meets an entity reference
node (never from the HTML parser) hands the tree to its twin.

Each helper reads in C what the Python reading would make a proxy or a Python object for: the elements or
attribute values a tree walk keeps, a block's slots, the characters of a text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from lxml import etree

from crawler.kernels import walk_python as python
from crawler.kernels.blockwalk_python import WalkTables, walk_blocks
from crawler.kernels.compiled import load_kernel, refuse
from crawler.kernels.walk_python import (
    DIGIT_RUN_RE,
    RE_I_LETTER_FOLDS,
    MarkupElements,
    check_marking_words,
    elements_with_words,
)

KERNEL: ModuleType | None = load_kernel("cwalk")
_block_walk_compiled = False  # whether ``bind_block_walk`` bound the compiled walk

# The helpers that take a tree, which the compiled ones refuse when it holds an entity reference.
_TREE_HELPERS = ("elements_named", "elements_named_or_with", "attribute_values", "first_meta_content",
                 "elements_marked", "markup_values", "hrefs_after", "shown_text", "shown_text_holds")
# The helpers that take no tree, or a tree they read without an entity reference check.
_PLAIN_HELPERS = ("attributes_of", "line_hashes", "normalized_line", "short_texts", "ancestors_marks",
                  "texts_with_words", "folded_short_texts", "marks_hold_words", "copy_blocks",
                  "closing_root_tag_starts", "prefix_sums", "texts_with_digit")


def _with_twin(name: str, kernel: ModuleType) -> Callable[..., Any]:
    """The compiled helper ``name``, which hands a tree holding an entity reference to its Python twin."""
    compiled, twin, entity = getattr(kernel, name), getattr(python, name), kernel.EntityReference

    def helper(*args: Any) -> Any:
        try:
            return compiled(*args)
        except entity:
            return twin(*args)

    helper.__name__ = helper.__qualname__ = name
    helper.__doc__ = compiled.__doc__
    return helper


def bind(kernel: ModuleType | None) -> dict[str, Callable[..., Any]]:
    """Every helper's implementation for this process: compiled when the kernel loaded, else the Python twin."""
    if kernel is None:
        return {name: getattr(python, name) for name in (*_TREE_HELPERS, *_PLAIN_HELPERS, "markup_elements",
                                                         "running_text", "heading_holders", "element_key")}
    bound = {name: _with_twin(name, kernel) for name in _TREE_HELPERS}
    bound.update({name: getattr(kernel, name) for name in _PLAIN_HELPERS})

    def markup_elements(top: etree._Element, body: etree._Element | None, meta_attributes: tuple[str, ...],
                        attribute: str, link_attributes: tuple[str, ...]) -> MarkupElements | None:
        try:
            return kernel.markup_elements(top, body, meta_attributes, attribute, link_attributes)
        except kernel.EntityReference:
            return None

    def running_text(blocks: Iterable[Any], least_words: int, most_link_density: float
                     ) -> tuple[int, int, list[int], list[str]]:
        found = kernel.running_text(blocks, least_words, most_link_density)
        return found if found is not None else python.running_text(blocks, least_words, most_link_density)

    def heading_holders(top: etree._Element, headings: tuple[str, ...], headline: str,
                        elsewhere: Callable[[etree._Element], bool]) -> tuple[frozenset[Any], frozenset[Any]]:
        try:
            return kernel.heading_holders(top, headings, headline, elsewhere)
        except kernel.EntityReference:  # the twin's elements, keyed as the compiled sets are
            return tuple(frozenset(map(kernel.node_key, held))  # type: ignore[return-value]
                         for held in python.heading_holders(top, headings, headline, elsewhere))

    bound["markup_elements"] = markup_elements
    bound["running_text"] = running_text
    bound["heading_holders"] = heading_holders
    bound["element_key"] = kernel.node_key
    return bound


_BOUND = bind(KERNEL)


# ``list(top.iter(*names))`` (plain tag names); in C a proxy is made only for the elements found.
elements_named: Callable[[etree._Element, frozenset[str] | set[str]], list[etree._Element]] = \
    _BOUND["elements_named"]
# The elements at and below ``top`` whose tag is one of ``names`` or that carry ``attribute`` (of no namespace), in
# document order, in one walk (the metadata's <meta>, <link>, <time> and itemprop elements).
elements_named_or_with: Callable[[etree._Element, frozenset[str] | set[str], str], list[etree._Element]] = \
    _BOUND["elements_named_or_with"]
# The values of the attribute ``name`` (no namespace) on ``top`` and every element below it in document order, the
# XPath ``//@name`` from a root element.
attribute_values: Callable[[etree._Element, str], list[str]] = _BOUND["attribute_values"]
_ELEMENTS_MARKED = _BOUND["elements_marked"]
# The values of ``href`` of the first ``most`` <a> elements (no namespace) carrying one after ``element`` in document
# order, its descendants left out: the XPath ``following::a[@href][position() <= most]/@href``.
hrefs_after: Callable[[etree._Element, int], list[str]] = _BOUND["hrefs_after"]
# ``(linked, headline)``: the keys (``element_key``) of the elements below the root that are or hold a heading of
# ``headings`` mostly in links that ``elsewhere(link)`` says lead elsewhere (or inside such a link), and of those that
# are or hold a ``headline`` element (``metadata.teasers``' index of a tree's teaser headings), read in one walk.
heading_holders: Callable[[etree._Element, tuple[str, ...], str, Callable[[etree._Element], bool]],
                          tuple[frozenset[Any], frozenset[Any]]] = _BOUND["heading_holders"]
# ``"".join`` of the XPath ``//text()[not(ancestor::script[not(@type='application/ld+json')] or ancestor::style)]``
# from ``top``: its document's texts outside styles and scripts other than JSON-LD (``metadata.handles``' page text).
shown_text: Callable[[etree._Element], str] = _BOUND["shown_text"]
# Whether one of those text nodes holds ``name`` (the XPath's ``[contains(., $name)]``), in one walk of the nodes.
shown_text_holds: Callable[[etree._Element, str], bool] = _BOUND["shown_text_holds"]
# What ``heading_holders``' sets hold for an element (its node's address when compiled, else the element).
element_key: Callable[[etree._Element], Any] = _BOUND["element_key"]


def elements_marked(top: etree._Element, attributes: tuple[str, ...], words: tuple[str, ...]) -> list[etree._Element]:
    """``elements_with_words(top, attributes, words)``, each value searched in one pass (the byline's search of
    comment and author areas, ``metadata.byline_elements.markup_byline``). Words without NUL (ValueError)."""
    check_marking_words(words)
    return _ELEMENTS_MARKED(top, attributes, words)


# ``tuple(element.get(name) for name in names)`` for plain attribute names, read in one pass (each lxml ``get``
# parses and encodes its key). Also what a loop over many elements binds.
attributes_of: Callable[[etree._Element, tuple[str, ...]], tuple[str | None, ...]] = _BOUND["attributes_of"]
# The hashes of the blocks' non-blank lines in document order (``templates.lines.page_hashes``): each block's text
# cut at newlines, a line kept when ``line.strip()`` is not empty, its hash ``cache[line]`` when there, else
# ``hasher(line)`` (which may add it to ``cache``).
line_hashes: Callable[[Iterable[Any], dict[str, int], Callable[[str], int]], list[int]] = _BOUND["line_hashes"]
# ``" ".join(line.split())`` with each run of decimal digits then as one '0' (``templates.lines.normalize_line``).
normalized_line: Callable[[str], str] = _BOUND["normalized_line"]
# The page markup the metadata reads (``document.markup.page_markup``): ``(meta, links, itemprops, times)`` as
# ``cwalk.markup_elements`` says; None when it is read in Python (the twin, or a tree with an entity reference).
markup_elements: Callable[..., MarkupElements | None] = _BOUND["markup_elements"]
# The positions and texts of the blocks whose ``num_chars`` is at most ``most`` and whose text has at least
# ``least`` characters, in order (``metadata.line_findings.short_blocks`` and its headline's candidates).
short_texts: Callable[..., tuple[list[int], list[str]]] = _BOUND["short_texts"]
# ``short_texts`` with each text's white space runs as one space, none at either end, casefolded.
folded_short_texts: Callable[..., tuple[list[int], list[str]]] = _BOUND["folded_short_texts"]
# The marks of ``element`` and of its ancestors, at most ``most`` nodes, up to (without) the first one whose tag is
# in ``stop``: each node's values of the attributes ``names`` ("" for one it lacks) joined by a space, the nodes'
# joined by a space (``metadata.byline``'s comment areas).
ancestors_marks: Callable[[etree._Element, tuple[str, ...], int, tuple[str, ...]], str] = _BOUND["ancestors_marks"]
# Whether the marks ``ancestors_marks`` joins hold a character outside ASCII or one of ``words`` (lower-case ASCII,
# no white space) in any case, without making the marks' strings.
marks_hold_words: Callable[..., bool] = _BOUND["marks_hold_words"]
# The content of the first <meta> at or below ``top`` whose ``property``, else ``name``, lower-cased is ``key``
# (None when there is none): the page type's og:type and og:title readings.
first_meta_content: Callable[[etree._Element, str], str | None] = _BOUND["first_meta_content"]
# ``(tuple(attribute_values(top, name) for name in names), first_meta_content(top, key))`` in one walk (the
# page-kind features' itemprop and itemtype values and og:type).
markup_values: Callable[[etree._Element, tuple[str, ...], str], tuple[tuple[list[str], ...], str | None]] = \
    _BOUND["markup_values"]
# (words, linked, counts, texts) of the blocks: the sums of their ``num_words`` and ``num_words_in_anchor_text``,
# and for each block of at least ``least_words`` (>= 1) words of which less than ``most_link_density`` are in links,
# its words outside links and its text, in order (``pagetypes.classify_page``'s running text).
running_text: Callable[..., tuple[int, int, list[int], list[str]]] = _BOUND["running_text"]
# For each text, whether its lowered form (ı, İ and ſ as i, i and s, then ``str.lower``) holds one of ``words``, or
# has a line that starts, after white space, with one of ``line_words`` and a word boundary (``metadata.byline``).
texts_with_words: Callable[[Sequence[str], tuple[str, ...], tuple[str, ...]], list[bool]] = \
    _BOUND["texts_with_words"]
# The indices of the texts that hold a decimal digit (``re.search(r"\d", text)``), in order.
texts_with_digit: Callable[[list[str]], list[int]] = _BOUND["texts_with_digit"]
# ``[block.copy() for block in blocks]`` (``TextDocument.fresh_blocks``, each extractor run's own blocks).
copy_blocks: Callable[[Iterable[Any]], list[Any]] = _BOUND["copy_blocks"]
# Where ``</html`` or ``</body`` starts in the bytes, letters in any case, in order.
closing_root_tag_starts: Callable[[bytes], list[int]] = _BOUND["closing_root_tag_starts"]
# Prefix sums of values placed at positions: ``prefix[p]`` is the sum of the values before position p, in doubles
# (``subtree.TreeIndex.prefix``).
prefix_sums: Callable[[int, Iterable[tuple[int, float]]], Sequence[float]] = _BOUND["prefix_sums"]


# What a block walk gives: the blocks, the tree index, the elements it skipped as hidden.
BlockWalk = Callable[[etree._Element, Any, bool], tuple[list[Any], Any, list[etree._Element]]]


def python_block_walk(make_index: Callable[[Any, list[int]], Any], tables: tuple[Any, ...]) -> BlockWalk:
    """The Python block walk (``blockwalk_python.walk_blocks``) given the library's ``tables`` (``WalkTables``, in
    the order of ``cwalk.configure``'s arguments); ``make_index(positions, ends)`` makes its tree index."""
    read = WalkTables(*tables)

    def walk(start: etree._Element, stripped: Any, hide: bool) -> tuple[list[Any], Any, list[etree._Element]]:
        blocks, position, ends, hidden = walk_blocks(read, start, stripped, hide)
        return blocks, make_index(position, ends), hidden

    return walk


def bind_block_walk(make_index: Callable[[Any, list[int]], Any], tables: tuple[Any, ...]) -> BlockWalk:
    """The block walk for this process, chosen once: the compiled walk given the library's ``tables`` (the
    arguments of ``cwalk.configure``) when it loaded and takes them, else the Python walk given the same tables,
    which gives the same blocks, index and hidden elements. ``make_index(positions, ends)`` makes the index of
    either; the compiled walk hands a tree holding an entity reference to the Python one."""
    global _block_walk_compiled
    python_walk = python_block_walk(make_index, tables)
    kernel = KERNEL
    if kernel is None:
        return python_walk
    try:
        kernel.configure(*tables)
    except Exception as error:  # tables it cannot hold: the Python walk serves
        refuse(f"{kernel.__name__}.walk_blocks", f"it cannot take the walk's tables ({error})")
        return python_walk
    key, walk, entity = kernel.node_key, kernel.walk_blocks, kernel.EntityReference

    def compiled_walk(start: etree._Element, stripped: Any, hide: bool
                      ) -> tuple[list[Any], Any, list[etree._Element]]:
        lines = {(key(element), is_text): line for (element, is_text), line in stripped.lines.items()}
        cuts = {(key(element), is_text): offsets for (element, is_text), offsets in stripped.cuts.items()}
        try:
            blocks, position, ends, hidden = walk(start, lines, cuts, hide)
        except entity:
            return python_walk(start, stripped, hide)
        return blocks, make_index(position, ends), hidden

    _block_walk_compiled = True
    return compiled_walk


def block_walk_compiled() -> bool:
    """Whether the block walk of this process is the compiled one."""
    return _block_walk_compiled


__all__ = [
    "DIGIT_RUN_RE",
    "KERNEL",
    "RE_I_LETTER_FOLDS",
    "MarkupElements",
    "ancestors_marks",
    "attribute_values",
    "attributes_of",
    "bind",
    "bind_block_walk",
    "block_walk_compiled",
    "closing_root_tag_starts",
    "copy_blocks",
    "element_key",
    "elements_marked",
    "elements_named",
    "elements_named_or_with",
    "elements_with_words",
    "first_meta_content",
    "folded_short_texts",
    "heading_holders",
    "hrefs_after",
    "line_hashes",
    "marks_hold_words",
    "markup_elements",
    "markup_values",
    "normalized_line",
    "prefix_sums",
    "python_block_walk",
    "running_text",
    "short_texts",
    "shown_text",
    "shown_text_holds",
    "texts_with_digit",
    "texts_with_words",
]
