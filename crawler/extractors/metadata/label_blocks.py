"""A publication label in an element of its own, the date in the next one: ``<h4>Published</h4><div>July 8,
2025</div>``, ``<dt>Date:</dt><dd>2024-03-12</dd>``, a site builder's two text boxes. The visible scan reads a label
and its date on one line; here the label's block and the block after it are read as one line. Asked only when no
other source dates the page."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.date_conflicts import stated_date
from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.datelines import COLON_LABELS, MODIFIED_LABELS, OTHER_EVENT_LABELS, PUBLISHED_LABELS
from crawler.extractors.metadata.dates import normalise
from crawler.kernels.walk import short_texts

# A block that is a publication label and nothing else: "Published", "Posted on", "发布时间：", "Date:" (the bare
# colon labels, "Date", "Datum", need their colon: alone they head a table's column of other days).
LABEL_ONLY_RE = re.compile(
    r"^\s*(?:(?:" + "|".join(re.escape(label) for label in sorted(PUBLISHED_LABELS, key=len, reverse=True))
    + r")(?:\s+(?:on|le|am|el|il|em|op))?\s*[:：]?|(?:publication\s+date|date\s+published|published\s+date|"
    + "|".join(re.escape(label) for label in COLON_LABELS) + r")\s*[:：])\s*$",
    re.I,
)
# A block that is a modification label and nothing else ("수정", "更新日", "Updated:"): the date in the next block is
# the modification's (a definition list's <dt>/<dd>, read under the headline by ``visible.scan_near_headline``).
MODIFIED_LABEL_ONLY_RE = re.compile(
    r"^\s*(?:" + "|".join(re.escape(label) for label in sorted(MODIFIED_LABELS, key=len, reverse=True))
    + r")(?:\s+(?:on|le|am|el|il|em|op))?\s*[:：]?\s*$", re.I)
MAX_MODIFIED_LABEL_CHARS = 20
# A block that is the label of another event's day and nothing else (a government table's "<th>成文日期</th>"): the
# date in the next cell is not the page's.
OTHER_LABEL_ONLY_RE = re.compile(
    r"^\s*(?:" + "|".join(re.escape(label) for label in sorted(OTHER_EVENT_LABELS, key=len, reverse=True))
    + r")\s*[:：]?\s*$", re.I)
# A block that is a source's label and nothing else (a government table's "<th>信息来源：</th><td>…</td>"): the
# outlet is in the next cell.
SOURCE_LABEL_ONLY_RE = re.compile(r"^\s*(?:信息来源|信息來源|来源|來源)\s*[:：]?\s*$")
# The longest label block read ("Veröffentlicht am:" and the like are shorter); longer blocks are sentences.
MAX_LABEL_CHARS = 30
# The blocks at a page's foot a service page's field list sits in (its last fields, a related list and the footer).
FOOT_BLOCKS = 40
# The block after the label holds the date and little else ("July 8, 2025", "Feb 2, 2023 · 5 min read").
MAX_DATE_BLOCK_CHARS = 60


def modification_label(text: str) -> bool:
    """Whether a block's text is a modification label alone (the date follows in the next block)."""
    return len(text) <= MAX_MODIFIED_LABEL_CHARS and MODIFIED_LABEL_ONLY_RE.match(text) is not None


def source_label(label: str) -> bool:
    """Whether a label block's text (``block_label``) is a source's, whose outlet is in the next block."""
    return SOURCE_LABEL_ONLY_RE.match(label) is not None


def block_label(text: str, dated: bool) -> str:
    """The block's text when it is a date's label alone, whose date is in the next block: another event's
    ("成文日期"), a modification's once the page is ``dated``, a publication's before; or a source's label alone;
    else ""."""
    if len(text) > MAX_MODIFIED_LABEL_CHARS:
        return ""
    if OTHER_LABEL_ONLY_RE.match(text) or (modification_label(text) if dated else LABEL_ONLY_RE.match(text)) or \
            SOURCE_LABEL_ONLY_RE.match(text):
        return text
    return ""


def date_after_label(doc: TextDocument, *, day_first: bool = False, label: re.Pattern[str] = LABEL_ONLY_RE,
                     last: int | None = None) -> FoundDate | None:
    """The absolute date of the block right after a block that is only a publication label (or another ``label``),
    outside navigation, comments and link lists; the first such pair of the page (of its ``last`` blocks)."""
    blocks = doc.blocks if last is None else doc.blocks[-last:]
    # (the blocks short enough to be a label are found in C, ``short_texts``, rather than by a Python loop over all)
    for index, text in zip(*short_texts(blocks, MAX_LABEL_CHARS), strict=True):
        if index == len(blocks) - 1 or not label.match(normalise(text)):
            continue
        block, after = blocks[index], blocks[index + 1]
        if after.num_chars > MAX_DATE_BLOCK_CHARS or not readable(block) or not readable(after, links=False):
            continue
        found = stated_date(after.text, day_first=day_first)
        if found is not None:
            return found
    return None


def modified_after_label(doc: TextDocument, *, day_first: bool = False) -> FoundDate | None:
    """The date after a block that is only a modification label among the page's last blocks: a service page's field
    list at its foot (``<dt>최종수정일</dt><dd>2024-03-05</dd>``), asked only of a page nothing else dates."""
    return date_after_label(doc, day_first=day_first, label=MODIFIED_LABEL_ONLY_RE, last=FOOT_BLOCKS)


__all__ = ["LABEL_ONLY_RE", "MAX_DATE_BLOCK_CHARS", "MAX_LABEL_CHARS", "block_label", "date_after_label",
           "modification_label", "modified_after_label", "source_label"]
