"""A listing's teasers (a section front, a tag or author archive, search results): each teaser is a box holding a
heading that links to its story, with that story's byline and date, which are not the listing page's."""

from __future__ import annotations

from lxml import etree

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.metadata.date_conflicts import in_other_story

# The headings a teaser links from (the page's own headline is its h1).
TEASER_HEADINGS = ("h2", "h3", "h4", "h5", "h6")
# Levels climbed from a byline or a date to its teaser's box (card > meta line > author > link: the fourth).
MAX_TEASER_LEVELS = 5
# A teaser's text at most: a headline, a byline, a date and a dek (an article or a post holding linked headings is
# longer). Hand-chosen, not fitted: docs/metadata-classes.md, "the kinds13 probe's classes".
MAX_TEASER_CHARS = 800
# Containers of the whole page, never one teaser.
PAGE_TAGS = ("body", "html")


def _elsewhere(link: etree._Element) -> bool:
    """Whether a link leads to another page (a post's subject linking to "#p12" stays on the page)."""
    href = (link.get("href") or "").strip()
    return bool(href) and not href.startswith("#")


def linked_heading(box: etree._Element) -> bool:
    """Whether the box holds a heading whose text is mostly a link to another page (``<h2><a href>…</a></h2>``) or
    that sits in one."""
    for heading in box.iter(*TEASER_HEADINGS):
        text = " ".join(heading.text_content().split())
        if not text:
            continue
        linked = " ".join(" ".join(a.text_content() for a in heading.iter("a") if _elsewhere(a)).split())
        if 2 * len(linked) >= len(text) or any(_elsewhere(a) for a in heading.iterancestors("a")):
            return True
    return False


def in_teaser(element: etree._Element, *, lone: bool = False) -> bool:
    """Whether the element sits in one of a list's teasers: its nearest box with a linked heading is short, holds no
    h1 (the page's headline is in no teaser) and has a sibling holding a linked heading too; with ``lone`` (a page
    without an h1: a home page's lead story) the box alone suffices."""
    node: etree._Element | None = element
    for _ in range(MAX_TEASER_LEVELS):
        if node is None or node.tag in PAGE_TAGS or node.tag == "h1" or node.find(".//h1") is not None:
            return False
        if linked_heading(node):
            return len(node.text_content()) <= MAX_TEASER_CHARS and (lone or any(
                isinstance(sibling.tag, str) and linked_heading(sibling)
                for sibling in (*node.itersiblings(), *node.itersiblings(preceding=True))))
        node = node.getparent()
    return False


def block_in_other_story(block: TextBlock, doc: TextDocument) -> bool:
    """Whether the block sits in another story's area (``date_conflicts.in_other_story``: an aside, a related list):
    asked only of a block that just gave a name."""
    return block.element is not None and doc.body is not None and in_other_story(block.element, doc.body)


def teaser_block(block: TextBlock, doc: TextDocument) -> bool:
    """Whether a text block sits in one of a listing's teasers or, on a page without an h1, in a lone teaser
    (``in_teaser``)."""
    return block.element is not None and in_teaser(block.element, lone=not doc.h1s())


__all__ = ["MAX_TEASER_CHARS", "MAX_TEASER_LEVELS", "TEASER_HEADINGS", "block_in_other_story", "in_teaser",
           "linked_heading", "teaser_block"]
