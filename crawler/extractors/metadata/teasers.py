"""A listing's teasers (a section front, a tag or author archive, search results): each teaser is a box holding a
heading that links to its story, with that story's byline and date, which are not the listing page's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from lxml import etree
from lxml.html import HtmlElement

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.metadata.date_conflicts import in_other_story
from crawler.extractors.metadata.other_bylines import WRITER_LINK_RE, in_linked_card
from crawler.kernels.walk import element_key, heading_holders

# The headings a teaser links from (the page's own headline is its h1).
TEASER_HEADINGS = ("h2", "h3", "h4", "h5", "h6")
# Levels climbed from a byline or a date to its teaser's box (card > meta line > author > link: the fourth).
MAX_TEASER_LEVELS = 5
# A teaser's text at most: a headline, a byline, a date and a dek (an article or a post holding linked headings is
# longer). Hand-chosen, not fitted: docs/metadata-classes.md, "the kinds13 probe's classes".
MAX_TEASER_CHARS = 800
# An element of the page that a link's fragment names (a forum post's anchor: the link leads to this page).
ANCHOR_XPATH = etree.XPath("boolean(//*[@id=$anchor])")
# Containers of the whole page, never one teaser.
PAGE_TAGS = ("body", "html")
# A list item's link is a story's headline (a series' or a 专题's list without headings) at this many words, or, in
# Chinese or Japanese, characters: a byline's linked name or a source's outlet is shorter. Hand-chosen, not fitted.
MIN_ITEM_HEADLINE_WORDS = 4
MIN_ITEM_HEADLINE_CHARS = 10
# What may come before the headline's link in its item: an ordinal ("⑤", "12.").
MAX_ITEM_PREFIX_CHARS = 4
# The scripts written without spaces between words (Chinese, Japanese): their headlines are counted by characters.
UNSPACED_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def leads_elsewhere(link: etree._Element) -> bool:
    """Whether a link leads to another story (a post's subject linking to "#p12" or to "viewtopic.php?p=12#p12", a
    post of this page, stays on the page; a byline set as a heading links to its writer's page)."""
    href = (link.get("href") or "").strip()
    if not href or href.startswith("#") or WRITER_LINK_RE.search(href.lower()):
        return False
    fragment = href.partition("#")[2]
    return not fragment or not ANCHOR_XPATH(link, anchor=fragment)


def linked_heading(box: etree._Element) -> bool:
    """Whether the box holds a heading whose text is mostly a link to another page (``<h2><a href>…</a></h2>``) or
    that sits in one."""
    for heading in box.iter(*TEASER_HEADINGS):
        text = " ".join(heading.text_content().split())
        if not text:
            continue
        linked = " ".join(" ".join(a.text_content() for a in heading.iter("a") if leads_elsewhere(a)).split())
        if 2 * len(linked) >= len(text) or any(leads_elsewhere(a) for a in heading.iterancestors("a")):
            return True
    return False


def linked_item(item: etree._Element) -> bool:
    """Whether a list item opens with a link to another page whose text is a headline's (an ordinal at most before it;
    "转载请注明：<a>…</a>" under a story links its own address), with the story's byline or day beside it
    (``<li><a href>headline</a><span>记者 X</span><span>date</span></li>``)."""
    link = next(item.iter("a"), None)
    if link is None or not leads_elsewhere(link):
        return False
    text = " ".join(link.text_content().split())
    headline = len(text) >= MIN_ITEM_HEADLINE_CHARS if UNSPACED_RE.search(text) else \
        len(text.split()) >= MIN_ITEM_HEADLINE_WORDS
    whole = " ".join(item.text_content().split())
    return headline and len(whole) > len(text) and 0 <= whole.find(text) <= MAX_ITEM_PREFIX_CHARS


@dataclass(frozen=True)
class _TreeHeadings:
    """The elements of a tree that hold a linked heading (``linked_heading``) and those that hold an h1, each heading
    counted with itself and its ancestors but the root (a page's whole, which ``in_teaser`` never asks about), as
    ``element_key`` names them: what ``in_teaser`` asks of every box, found in one walk of the tree
    (``kernels.walk.heading_holders``) rather than in a search of each box."""

    linked: frozenset[object]
    headline: frozenset[object]


# Each tree's headings, found when a teaser is first asked about in it and let go with the tree.
_HEADINGS: WeakKeyDictionary[etree._Element, _TreeHeadings] = WeakKeyDictionary()


def _tree_headings(element: etree._Element) -> _TreeHeadings:
    root = element.getroottree().getroot()
    kept = isinstance(root, HtmlElement)  # (a plain lxml element takes no weak reference: its tree's are not kept)
    found = _HEADINGS.get(root) if kept else None
    if found is None:
        linked, headline = heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
        found = _TreeHeadings(linked | _item_holders(root), headline)  # a list's items without headings too
        if kept:
            _HEADINGS[root] = found
    return found


def _item_holders(root: etree._Element) -> frozenset[object]:
    """The list items that open with a story's linked headline (``linked_item``) and their ancestors but the root, as
    ``element_key`` names them (as ``heading_holders`` gives a heading's)."""
    held: set[object] = set()
    for item in root.iter("li"):
        if not linked_item(item):
            continue
        node: etree._Element | None = item
        while node is not None and (parent := node.getparent()) is not None and (key := element_key(node)) not in held:
            held.add(key)
            node = parent
    return frozenset(held)


def in_teaser(element: etree._Element, *, lone: bool = False) -> bool:
    """Whether the element sits in one of a list's teasers: its nearest box with a linked heading is short, holds no
    h1 (the page's headline is in no teaser) and has a sibling holding a linked heading too; with ``lone`` (a page
    without an h1: a home page's lead story) the box alone suffices."""
    headings = _tree_headings(element)
    node: etree._Element | None = element
    for _ in range(MAX_TEASER_LEVELS):
        if node is None or node.tag in PAGE_TAGS:
            return False
        at_root = node.getparent() is None  # (a fragment's root, not held by the index: searched)
        key = element_key(node)
        if (node.tag == "h1" or node.find(".//h1") is not None) if at_root else key in headings.headline:
            return False
        if linked_heading(node) if at_root else key in headings.linked:
            return shown_chars(node) <= MAX_TEASER_CHARS and (lone or _among_teasers(node, headings))
        node = node.getparent()
    return False


def shown_chars(box: etree._Element) -> int:
    """The box's characters but white space (a template's indentation is no text of the teaser)."""
    text = box.text_content()
    return len(text) - sum(map(text.count, (" ", "\n", "\t", "\r")))


def _among_teasers(box: etree._Element, headings: _TreeHeadings) -> bool:
    """Whether the teaser's box (``in_teaser`` has found it short and holding no h1), or a card around it still a
    teaser's size (a theme's card: a thumbnail box, then the box holding the heading), has a sibling holding a linked
    heading too."""
    node: etree._Element | None = box
    for _ in range(MAX_TEASER_LEVELS):
        if any(element_key(sibling) in headings.linked
               for sibling in (*node.itersiblings(), *node.itersiblings(preceding=True))):
            return True
        node = node.getparent()
        if node is None or node.tag in PAGE_TAGS or element_key(node) in headings.headline or \
                shown_chars(node) > MAX_TEASER_CHARS:
            return False
    return False


def block_in_other_story(block: TextBlock, doc: TextDocument) -> bool:
    """Whether the block sits in another story's area (``date_conflicts.in_other_story``: an aside, a related list)
    or in a teaser card that is one link to another story (``other_bylines.in_linked_card``): asked only of a block
    that just gave a name."""
    return block.element is not None and (in_linked_card(block.element) or
                                          (doc.body is not None and in_other_story(block.element, doc.body)))


def without_h1(doc: TextDocument) -> bool:
    """Whether the page has no h1 (a home page: its lead teaser stands alone), asked once a page."""
    return doc.memo("without_h1", lambda: not doc.h1s())


def teaser_block(block: TextBlock, doc: TextDocument) -> bool:
    """Whether a text block sits in one of a listing's teasers or, on a page without an h1, in a lone teaser
    (``in_teaser``)."""
    return block.element is not None and in_teaser(block.element, lone=without_h1(doc))


__all__ = ["MAX_TEASER_CHARS", "MAX_TEASER_LEVELS", "TEASER_HEADINGS", "block_in_other_story", "in_teaser",
           "leads_elsewhere", "linked_heading", "shown_chars", "teaser_block", "without_h1"]
