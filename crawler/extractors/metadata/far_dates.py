"""Dates read away from the headline when nothing else dates the page: a line showing only "Updated …" or "Last
updated: …" (below a table of contents, at the story's foot), or "December 3, 2025. Updated: December 7, 2025" at the
end of an interview. Such a line is the story's only when it stands outside the page's footer, where a site prints the
day its templates or its docs were last built ("Site last updated", "Last updated 2026-03-05 UTC." on every page)."""

from __future__ import annotations

import re
from datetime import datetime

from lxml import etree

from crawler.extractors.metadata.datelines import LineDates, may_hold_modified, read_date_line
from crawler.kernels.walk import ancestors_marks

# A footer by its tag ("footer", a custom "devsite-content-footer") or a class or id word ("footer", "site-footer",
# "stylefoot", "page-metadata-footer"): the page's closing area, printed by the site's templates.
FOOTER_RE = re.compile(r"foot", re.I)
# Ancestors looked at for a footer: a footer's line sits a few levels inside it (the same depth as comment areas').
MAX_FOOTER_ANCESTORS = 6
CLASS_AND_ID = ("class", "id")
PAGE_TAGS = ("body", "html")


def update_line(line: str, now: datetime, *, day_first: bool) -> LineDates | None:
    """The dates of a line with a modification label and a date ("Updated March 13, 2024"), None for another; the
    publication date before the label on the same line ("December 3, 2025. Updated: …") is kept, any other is not."""
    if not may_hold_modified(line):
        return None
    dates = read_date_line(line, now, day_first=day_first)
    if dates.modified is None:
        return None
    return LineDates(dates.published, dates.modified, dates.labelled, dates.context)


def in_page_footer(element: etree._Element | None) -> bool:
    """Whether the element or one of its near ancestors is a footer, by its tag or its class or id."""
    node = element
    for _ in range(MAX_FOOTER_ANCESTORS):
        if node is None or not isinstance(node.tag, str) or node.tag in PAGE_TAGS:
            break
        if "foot" in node.tag:
            return True
        node = node.getparent()
    return element is not None and FOOTER_RE.search(
        ancestors_marks(element, CLASS_AND_ID, MAX_FOOTER_ANCESTORS, PAGE_TAGS)) is not None


__all__ = ["in_page_footer", "update_line"]
