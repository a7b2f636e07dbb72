"""Bulk extraction's records: a ``Page`` to extract or a ``Skipped`` input with its reason (a counter name), and
what makes a body a page (an HTML content type or an HTML start, under the page cap)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..pagejob import limits

# Pages larger than this are not news pages: the crawl's DOWNLOAD_MAXSIZE and `extract`'s cap (crawler.pagejob.limits).
MAX_PAGE_BYTES = limits.MAX_PAGE_BYTES
HTML_SNIFF_BYTES = 1024  # how much of a body without Content-Type is looked at for an HTML start
HTML_CONTENT_TYPES = ("text/html", "application/xhtml+xml")
HTML_MARKERS = (b"<!doctype html", b"<html", b"<head", b"<body")
GZIP_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract, with where it came from (``input``: file, and offset or line when there is one)."""

    html: bytes
    url: str | None
    content_type: str | None
    input: str
    source: str  # kind of input, as the news spider's page items say it: path, warc, arc, jsonl
    extra: dict[str, Any] = field(default_factory=dict)  # other fields of a JSON line, crawled_at of a WARC


@dataclass(frozen=True, slots=True)
class Skipped:
    """A record that gives no row: ``reason`` is the counter name, ``detail`` the logged explanation."""

    input: str
    reason: str
    detail: str = ""
    bad: bool = False  # a broken record (logged as a warning), not just one of another kind (a request record)


Record = Page | Skipped


def is_html(content_type: str | None, body: bytes) -> bool:
    """HTML by Content-Type; a body without one counts when its start looks like HTML."""
    if content_type:
        return content_type.split(";")[0].strip().lower() in HTML_CONTENT_TYPES
    start = body[:HTML_SNIFF_BYTES].lstrip().lower()
    return any(marker in start for marker in HTML_MARKERS)
