"""Templates that save time: a URL pattern's learned article container, trusted once it agrees with the cascade.

Seed 001 promises that a site's known template makes its pages cheap. The line-hash template (``template``)
says which lines are the site's chrome, but what lies between head and tail also holds related links, comment
counts and share bars, so alone it is less precise than the cascade (``python -m
crawler.evaluation.template_pairs``). This module learns, per URL pattern, *where* the cascade finds the article
on the pattern's pages:

1. ``container_of``: the lowest element holding every block the cascade kept;
2. ``locator_of``: an XPath to that element by tags, digit-free ids and class words (a story's own id or class,
   "post-1234", is left out; siblings alike by both are told apart by position), from the nearest ancestor with
   a stable id;
3. ``container_text`` (the fast path): the blocks inside the located container, minus the template's head,
   tail and shared lines and minus link lists;
4. ``LayoutBook``: a pattern's locator is trusted after CONFIRM_PAGES pages on which the fast path's text
   agrees with the cascade's (AGREEMENT_F1); from then on its template-matching pages skip the cascade, and
   every VERIFY_EVERY-th of them runs both again, a disagreement withdrawing the trust (a redesign, a new
   section layout).

Pages that do not match the pattern's template, or on which the locator finds no single element, or whose
container holds too little text, go to the cascade as before.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml import etree

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.text import tokens
from crawler.extractors.templates.lines import block_line_hashes

# Pages on which the fast path must agree with the cascade before a pattern's container is trusted. Design
# choice: one agreement can be chance (two pages of a short layout), three of the same locator are a layout.
CONFIRM_PAGES = 3
# Word-bag F1 between the fast path's text and the cascade's on one page for them to agree. Chosen so that the
# fast path may lose or add about one short line (a caption, "Advertisement") on a 500-word story, not a paragraph.
AGREEMENT_F1 = 0.98
# A trusted pattern still runs the cascade on one page in this many, to notice a redesign; design choice,
# a few percent of its pages (``python -m crawler.evaluation.template_replay`` measures what the fast path saves).
VERIFY_EVERY = 20
# The fast path gives up (the cascade runs) when the container leaves fewer words than this: a page whose
# story is elsewhere (a gallery, a live blog) even though its chrome matches.
MIN_FAST_WORDS = 20
# Inside the container a block with more links than this share of its words is a link list (the cascade's
# boilerpipe rule, crawler.extractors.cascade.extractor.MAX_LINK_DENSITY, same provenance).
MAX_LINK_DENSITY = 1 / 3
CONTAINER_LABEL = "learned-container"


def container_of(blocks: Sequence[TextBlock]) -> etree._Element | None:
    """The lowest element that holds every content block (their elements' common ancestor)."""
    chain: list[etree._Element] | None = None
    for block in blocks:
        if not block.is_content or block.element is None:
            continue
        ancestors = [block.element, *block.element.iterancestors()]
        if chain is None:
            chain = ancestors
            continue
        present = set(ancestors)
        while chain and chain[0] not in present:
            chain.pop(0)
    return chain[0] if chain else None


def _stable(word: str) -> bool:
    """A class word or id shared by a layout's pages: no digits (a story's number), no quote to escape."""
    return bool(word) and not any(map(str.isdigit, word)) and "'" not in word and '"' not in word


def _step(element: etree._Element) -> str:
    """Tag and stable class words, and the position among the siblings they also fit when there are several
    (a story split in columns of one class)."""
    words = [w for w in (element.get("class") or "").split() if _stable(w)]
    test = "".join(f"[contains(concat(' ', normalize-space(@class), ' '), ' {w} ')]" for w in words)
    parent = element.getparent()
    if parent is not None:
        # (the tag and the word set looked up once, not once a sibling: the body's children are many)
        tag, wanted = element.tag, set(words)
        alike = [sibling for sibling in parent if sibling.tag == tag
                 and wanted <= set((sibling.get("class") or "").split())]
        if len(alike) > 1:
            test += f"[{alike.index(element) + 1}]"
    return f"{element.tag}{test}"


def locator_of(element: etree._Element) -> str | None:
    """An XPath that finds this element on other pages of the layout, or None for a non-element."""
    if not isinstance(element.tag, str):
        return None
    steps: list[str] = []
    node: etree._Element | None = element
    while node is not None:
        element_id = node.get("id")
        if element_id and _stable(element_id):
            steps.append(f"id('{element_id}')[self::{node.tag}]")  # libxml2's table of ids, not a search
            break
        steps.append("/" + _step(node))
        node = node.getparent()
    return "".join(reversed(steps))


# Locators kept compiled (``_compiled_locator``): a pattern's pages all ask for its one locator (the fast path on each
# page, the check after the cascade on each template hit), and ``root.xpath`` would compile it again each time.
# Design choice: a process meets a few locators a site it crawls; the dict is emptied when it holds this many.
LOCATOR_CACHE = 256
_LOCATORS: dict[str, etree.XPath | None] = {}


def _compiled_locator(locator: str) -> etree.XPath | None:
    """The locator compiled (None when it is no XPath), kept in ``_LOCATORS``; lxml locks an XPath object while it
    evaluates, so threads may share it."""
    if locator in _LOCATORS:
        return _LOCATORS[locator]
    if len(_LOCATORS) >= LOCATOR_CACHE:
        _LOCATORS.clear()
    try:
        compiled: etree.XPath | None = etree.XPath(locator)
    except etree.XPathError:
        compiled = None
    _LOCATORS[locator] = compiled
    return compiled


def locate(doc: TextDocument, locator: str) -> etree._Element | None:
    """The one element the locator finds on this page, else None (none or several: another layout)."""
    if doc.root is None:
        return None
    compiled = _compiled_locator(locator)
    if compiled is None:
        return None
    try:
        found = compiled(doc.root)
    except etree.XPathError:
        return None
    return found[0] if isinstance(found, list) and len(found) == 1 and isinstance(found[0], etree._Element) else None


def container_text(doc: TextDocument, container: etree._Element, chrome: frozenset[int]) -> list[TextBlock]:
    """Copies of the page's blocks the fast path keeps, each with its decision: inside the container, not a link
    list, and not all template lines (every line's hash in ``chrome``, the template's head, tail and shared
    lines). Only the container's blocks are hashed and only the kept ones copied (copying every block of the
    page cost as much as the rest of the fast path). On a page not walked yet (``parse_html(walk=False)``) only
    the container's subtree is walked, its blocks the page's own, so a template hit skips most of the walk
    (``python -m crawler.evaluation.template_replay`` measures it)."""
    own = doc.blocks_within(container)  # a page not walked yet: the container's subtree alone is walked
    kept: list[TextBlock] = []
    for block in container_blocks(doc, container, chrome, own):
        copy = block.copy() if own is None else block
        copy.decide("LearnedContainer", True, "in the pattern's learned container, not a template line nor a "
                    "link list", CONTAINER_LABEL)
        kept.append(copy)
    return kept


def container_blocks(doc: TextDocument, container: etree._Element, chrome: frozenset[int],
                     own: list[TextBlock] | None = None) -> list[TextBlock]:
    """The blocks ``container_text`` keeps, neither copied nor decided: of ``own`` (the container's subtree walked
    alone) when given, else of the walked page. What checking a page against the fast path reads (its text only)."""
    within = _subtree_test(doc, container) if own is None else None
    kept: list[TextBlock] = []
    for block in doc.blocks if own is None else own:
        if block.element is None or block.link_density > MAX_LINK_DENSITY or (
                within is not None and not within(block.element)):
            continue
        # (the block's non-blank lines hashed in one call of the compiled reader, not one Python call a line)
        hashes = block_line_hashes(block)
        if hashes and chrome.issuperset(hashes):
            continue
        kept.append(block)
    return kept


def _subtree_test(doc: TextDocument, container: etree._Element) -> Callable[[etree._Element], bool]:
    """Whether an element is the container or below it: by the positions the block walk recorded (the subtree is
    one run of them), else by a set of the container's elements (a proxy for each of them would cost more than
    the test)."""
    index = doc.tree_index
    span = index.span(container) if index is not None else None
    inside: set[etree._Element] | None = None

    def within(element: etree._Element) -> bool:
        nonlocal inside
        if span is not None and index is not None:
            at = index.position.get(element)
            if at is not None:
                return span[0] <= at < span[1]
        if inside is None:
            inside = set(container.iter())
        return element in inside

    return within


def word_f1(found: str, expected: str) -> float:
    """F1 of the two texts' word bags (1.0 for two empty texts)."""
    if found == expected:  # the fast path's text is often exactly the cascade's
        return 1.0
    a, b = Counter(tokens(found.casefold())), Counter(tokens(expected.casefold()))
    if not a and not b:
        return 1.0
    common = sum((a & b).values())
    if not common:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(b.values())
    return 2 * precision * recall / (precision + recall)


# How far past the threshold a word F1 must be, computed before every shared line is counted, for ``words_agree`` to
# answer early: float rounding of the F1 formula is ~1e-16, so an answer this far from the threshold is the one the
# whole count gives (design choice, a margin far above rounding and far below any F1 difference a line makes).
F1_MARGIN = 1e-9


def _f1(common: int, found_total: int, expected_total: int) -> float:
    """``word_f1`` from its three counts, by its formula."""
    if not found_total and not expected_total:
        return 1.0
    if not common:
        return 0.0
    precision, recall = common / found_total, common / expected_total
    return 2 * precision * recall / (precision + recall)


def words_agree(found: str, expected: str, threshold: float) -> bool:
    """``word_f1(found, expected) >= threshold``, with fewer words tokenised. Tokens never span a newline, so the word
    bags are the sums of their lines' bags, and lines both texts have (the most of them: the fast path and the cascade
    keep the same paragraphs) add as many words to both bags and to their intersection (min(c + a, c + b) = c +
    min(a, b)): only the differing lines are tokenised as bags, and the shared ones counted once (not twice) and only
    until the answer is sure (the F1 grows with the shared count), so the check costs little beside the cascade."""
    if found == expected:
        return threshold <= 1.0
    found_lines, expected_lines = Counter(found.split("\n")), Counter(expected.split("\n"))
    shared = found_lines & expected_lines
    found_only = Counter(tokens("\n".join((found_lines - shared).elements()).casefold()))
    expected_only = Counter(tokens("\n".join((expected_lines - shared).elements()).casefold()))
    a, b = sum(found_only.values()), sum(expected_only.values())
    m = sum((found_only & expected_only).values())
    folded = [(line.casefold(), times) for line, times in shared.items()]
    # No line has more tokens than characters: the F1 with that many shared is the most the full count can give.
    most = sum(len(line) * times for line, times in folded)
    if _f1(most + m, most + a, most + b) < threshold - F1_MARGIN:
        return False
    counted = 0
    for line, times in folded:
        counted += times * len(tokens(line))
        if _f1(counted + m, counted + a, counted + b) >= threshold + F1_MARGIN:
            return True  # the full count can only raise it
    return _f1(counted + m, counted + a, counted + b) >= threshold


@dataclass
class Layout:
    """A pattern's learned container: its locator, the template's line hashes, how many pages agreed in a row,
    pages since the last check."""

    locator: str
    chrome: frozenset[int] = frozenset()
    agreed: int = 0
    since_check: int = 0

    @property
    def trusted(self) -> bool:
        return self.agreed >= CONFIRM_PAGES


class LayoutBook:
    """The learned containers of this process, by URL pattern; safe to share between threads."""

    def __init__(self) -> None:
        self._layouts: dict[str, Layout] = {}
        self._lock = threading.Lock()

    def fast_locator(self, pattern: str) -> tuple[str | None, frozenset[int], bool]:
        """(the trusted locator of the pattern, its template lines, whether this page is one the cascade must
        check instead)."""
        with self._lock:
            layout = self._layouts.get(pattern)
            if layout is None or not layout.trusted:
                return None, frozenset(), False
            layout.since_check += 1
            if layout.since_check >= VERIFY_EVERY:
                layout.since_check = 0
                return layout.locator, layout.chrome, True
            return layout.locator, layout.chrome, False

    def record(self, pattern: str, locator: str | None, agreed: bool, chrome: frozenset[int] = frozenset()
               ) -> None:
        """One page's verdict: the fast path with ``locator`` agreed with the cascade, or not."""
        with self._lock:
            layout = self._layouts.get(pattern)
            if locator is None:
                if layout is not None:
                    layout.agreed = 0
                return
            if layout is None or layout.locator != locator:
                layout = self._layouts[pattern] = Layout(locator)
            layout.agreed = layout.agreed + 1 if agreed else 0
            layout.chrome = chrome

    def trusted_patterns(self) -> list[str]:
        with self._lock:
            return sorted(p for p, layout in self._layouts.items() if layout.trusted)


__all__ = ["AGREEMENT_F1", "CONFIRM_PAGES", "F1_MARGIN", "LOCATOR_CACHE", "MIN_FAST_WORDS", "VERIFY_EVERY",
           "LayoutBook", "container_blocks", "container_of", "container_text", "locate", "locator_of", "word_f1",
           "words_agree"]
