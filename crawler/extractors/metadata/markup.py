"""The page's markup as the metadata and the page job read it (``document.markup`` gathers it)."""

from __future__ import annotations

from crawler.extractors.document.markup import (
    ITEMPROP,
    LINK_ATTRIBUTES,
    MARKUP_TAGS,
    META_ATTRIBUTES,
    PageMarkup,
    add_meta,
    body_of,
    page_markup,
)
from crawler.extractors.document.parse import TextDocument


def markup_of(doc: TextDocument) -> PageMarkup:
    """The page's markup as it stood before the block walk changed the tree, read once and kept on the document
    (``TextDocument.markup``), so that the metadata and the page job's rel=canonical
    (``crawler.pagejob.job.canonical_url``) read one walk rather than a search of the tree each; a document
    without a tree has none."""
    if doc.root is None:
        return PageMarkup()
    return doc.page_markup()


__all__ = ["ITEMPROP", "LINK_ATTRIBUTES", "MARKUP_TAGS", "META_ATTRIBUTES", "PageMarkup", "add_meta", "body_of",
           "markup_of", "page_markup"]
