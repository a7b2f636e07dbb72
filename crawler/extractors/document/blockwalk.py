"""One pass from a parsed tree to TextBlocks: invisible subtrees out, then one iterative walk.

Inline elements such as ``<a>`` do not split a block; block-level tags and a run of two ``<br>`` (jusText, seed
002) do (the tables: ``tags``). Elements invisible by their tag are stripped before the walk (their tails kept in
the text around them); elements hidden by an attribute are skipped by the walk and removed after it. The walk
records each element's entry and exit positions (``TreeIndex``) for subtree sums without ancestor walks.

The walk is the compiled one (``crawler.kernels.cwalk``) or its Python twin (``crawler.kernels.blockwalk_python``),
chosen once at import by ``crawler.kernels.walk.bind_block_walk`` and given this package's tables (WALK_TABLES):
the same blocks and index.
"""

from __future__ import annotations

from lxml import etree

from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.subtree import TreeIndex
from crawler.extractors.document.tags import (
    HAS_BLOCK_XPATH,
    HIDDEN_STYLE_RE,
    IGNORED_TAGS,
    LINE_BREAK,
    REVEALABLE_TAGS,
    SWALLOWING_TAGS,
    TAG_KINDS,
)
from crawler.extractors.document.text import WRAP_COLUMNS, token_char_classes, tokens, visible_length, wrap_counts
from crawler.kernels.blockwalk_python import PIECE_SEPARATOR, Stripped
from crawler.kernels.walk import BlockWalk, bind_block_walk, elements_named, python_block_walk


def _drops_subtree(tag: str, element: etree._Element, reveal: bool = False) -> bool:
    if tag in SWALLOWING_TAGS and HAS_BLOCK_XPATH(element):
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
    return [element for element in found if element.tag not in SWALLOWING_TAGS or not HAS_BLOCK_XPATH(element)]


# What a walk of part of a page leaves for the walk of the whole page (``blocks_under`` then ``blocks_of``).
WalkRecords = Stripped


def _strip(elements: list[etree._Element], into: Stripped | None = None) -> Stripped:
    """Removes the subtrees, in any order, keeping their tails in the text around them (lxml.html's
    ``drop_tree``); records what moved in ``into`` when given (what earlier removals recorded stays valid)."""
    stripped = Stripped() if into is None else into
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


def blocks_of(root: etree._Element, reveal: bool = False, prior: WalkRecords | None = None,
              walk: BlockWalk | None = None) -> tuple[list[TextBlock], TreeIndex | None]:
    """The blocks of a parsed page: its invisible subtrees removed from the tree, then one walk. ``prior``: the
    records of a ``blocks_under`` walk of part of this tree, so that the blocks are those of a page never walked;
    ``walk``: the block walk (by default this process's ``WALK``; the twin tests give each)."""
    body = root.find("body")
    start = body if body is not None else root
    invisible = _invisible_tags(start, reveal)
    stripped = _strip(invisible, prior)
    if start in invisible or (not reveal and _drops_subtree(start.tag, start)):
        return [], None
    blocks, index, hidden = (walk or WALK)(start, stripped, not reveal)
    _strip(hidden)
    return blocks, index


def blocks_under(element: etree._Element, prior: WalkRecords | None = None, walk: BlockWalk | None = None
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
        blocks, _, hidden = (walk or WALK)(element, stripped, True)
    finally:
        element.tail = tail
    _strip(hidden, stripped)  # recorded: the whole page's walk would have skipped these elements, not met them
    if labels:  # the labelling elements above the subtree, as the whole page's walk has them open
        for block in blocks:
            block.labels |= labels
    return blocks, stripped


# What the compiled walk is given (``cwalk.configure``): this package's tables and counters, one copy of each.
WALK_TABLES = (TAG_KINDS, SWALLOWING_TAGS, HIDDEN_STYLE_RE, HAS_BLOCK_XPATH, tokens, wrap_counts, visible_length,
               TextBlock, LINE_BREAK, PIECE_SEPARATOR, WRAP_COLUMNS, token_char_classes())
# The walk of this process, bound once: the compiled walk given WALK_TABLES, or the Python twin.
WALK: BlockWalk = bind_block_walk(TreeIndex, WALK_TABLES)
# The Python twin given WALK_TABLES, whichever runs (the twin tests walk with each).
PYTHON_WALK: BlockWalk = python_block_walk(TreeIndex, WALK_TABLES)


__all__ = ["PYTHON_WALK", "WALK", "WALK_TABLES", "WalkRecords", "blocks_of", "blocks_under"]
