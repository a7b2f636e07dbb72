"""Dates read away from the headline when nothing else dates the page: a line showing only "Updated …" or "Last
updated: …" (below a table of contents, at the story's foot), or "December 3, 2025. Updated: December 7, 2025" at the
end of an interview. Such a line is the story's only when it stands outside the page's footer, where a site prints the
day its templates or its docs were last built ("Site last updated", "Last updated 2026-03-05 UTC." on every page)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from lxml import etree

from crawler.extractors.document.parse import TextBlock
from crawler.extractors.metadata.datelines import LineDates, may_hold_modified, read_date_line
from crawler.extractors.metadata.dates import FoundDate, find_text_date_span, normalise
from crawler.extractors.metadata.line_findings import TextFindings
from crawler.extractors.metadata.month_names import MONTHS
from crawler.kernels.walk import ancestors_marks

# A footer by its tag ("footer", a custom "devsite-content-footer") or a class or id word ("footer", "site-footer",
# "stylefoot", "page-metadata-footer"): the page's closing area, printed by the site's templates (a sports site's
# "football" is none).
FOOTER_RE = re.compile(r"foot(?!ball)", re.I)
# Ancestors looked at for a footer: a footer's line sits a few levels inside it (the same depth as comment areas').
MAX_FOOTER_ANCESTORS = 6
CLASS_AND_ID = ("class", "id")
# A block after a byline that is its date alone: a written-out date with a time is shorter ("September 28, 2025 at
# 10:30 am"); a few characters may follow the date (" |", a dot).
MAX_DATE_BLOCK_CHARS = 40
MAX_DATE_BLOCK_REST = 2
PAGE_TAGS = ("body", "html")
# A wiki's foot names the page's own last edit ("This page was last edited on 5 March 2024, at 14:32"): unlike a site's
# build stamp in a footer it dates this page, and only its change (its text's dates are its subject's or signatures').
PAGE_EDITED_RE = re.compile(
    r"this page was last (?:edited|modified|changed)|deze pagina is (?:voor het laatst|het laatst) bewerkt|"
    r"diese seite wurde zuletzt|dernière modification de cette page|esta página se editó por última vez|"
    r"questa pagina è stata modificata per l'ultima volta|esta página foi editada pela última vez", re.I)
# The blocks at the page's end a wiki's edit line is looked for in (its footer's few lines).
FOOT_BLOCKS = 12


def update_line(line: str, now: datetime, *, day_first: bool) -> LineDates | None:
    """The dates of a line with a modification label and a date ("Updated March 13, 2024"), None for another; the
    publication date before the label on the same line ("December 3, 2025. Updated: …") is kept, any other is not."""
    if not may_hold_modified(line):
        return None
    dates = read_date_line(line, now, day_first=day_first)
    return dates if dates.modified is not None else None


def date_block_after(blocks: Sequence[TextBlock], position: int, *, day_first: bool) -> FoundDate | None:
    """The date of the block right after a byline block away from the headline (an author box at the story's end:
    "Written by Ann Lee" / "April 8, 2024"), when that block is a date and nothing else."""
    if position + 1 >= len(blocks):
        return None
    block = blocks[position + 1]
    text = block.text.strip()
    if not text or len(text) > MAX_DATE_BLOCK_CHARS or "li" in block.labels or not (
            text[0].isdigit() or text.split(None, 1)[0].rstrip(".,").lower() in MONTHS):
        return None  # (the block opens with its date: "Updated April 8, 2024" is another reader's)
    found, end = find_text_date_span(normalise(text), None, day_first=day_first)  # (absolute dates only)
    return found if found is not None and end >= len(text) - MAX_DATE_BLOCK_REST else None


def page_edit_date(blocks: Sequence[TextBlock], now: datetime, *, day_first: bool) -> FoundDate | None:
    """The date of a wiki's "this page was last edited on …" line among the page's last blocks (``PAGE_EDITED_RE``)."""
    for block in blocks[-FOOT_BLOCKS:]:
        if (match := PAGE_EDITED_RE.search(block.text)) is not None:
            line = block.text[match.end():].split("\n", 1)[0]
            dates = read_date_line(line, now, day_first=day_first)
            return dates.published or dates.modified
    return None


def note_page_edit(findings: TextFindings, blocks: Sequence[TextBlock], now: datetime, *, day_first: bool) -> None:
    """A wiki's last edit (``page_edit_date``) becomes the findings' modification, and the text then gives no
    publication date; only when the lines are read for dates."""
    if findings.wants_dates and (edited := page_edit_date(blocks, now, day_first=day_first)) is not None:
        findings.modified, findings.published, findings.page_edited = edited, None, True


def in_page_footer(element: etree._Element | None) -> bool:
    """Whether the element or one of its near ancestors is a footer, by its tag or its class or id."""
    node = element
    for _ in range(MAX_FOOTER_ANCESTORS):
        if node is None or not isinstance(node.tag, str) or node.tag in PAGE_TAGS:
            break
        if FOOTER_RE.search(node.tag):
            return True
        node = node.getparent()
    return element is not None and FOOTER_RE.search(
        ancestors_marks(element, CLASS_AND_ID, MAX_FOOTER_ANCESTORS, PAGE_TAGS)) is not None


__all__ = ["date_block_after", "in_page_footer", "note_page_edit", "page_edit_date", "update_line"]
