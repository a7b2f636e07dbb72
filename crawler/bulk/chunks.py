"""Bulk extraction's unit of work: consecutive records cut into chunks, and what a pool worker does with one.

Workers are set up as the crawl's (``crawler.pagejob``: ``init_worker`` / ``extract_in_worker``) and a row is the
page job's row (``crawler.pagejob.row``), so a batch row is the row a crawl of the same page would store."""

from __future__ import annotations

import logging
import os
import resource
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..pagejob import job as pagejob
from ..pagejob.row import article_row
from .records import Page, Record

logger = logging.getLogger(__name__)

# Judgement calls: a chunk of 32 pages is a fraction of a second of one core's work (``python -m crawler bench``),
# long enough that pool overhead is small, short enough that a kill loses little work.
CHUNK_MAX_PAGES = 32
CHUNK_MAX_BYTES = 8 * 1024 * 1024  # caps a chunk of unusually large pages
# ru_maxrss is in kilobytes on Linux (getrusage(2)), bytes on macOS.
MAXRSS_UNIT = 1 if sys.platform == "darwin" else 1024


@dataclass(slots=True)
class Chunk:
    index: int
    records: list[Record]

    @property
    def pages(self) -> list[Page]:
        return [record for record in self.records if isinstance(record, Page)]


def chunks(records: Iterable[Record], first_index: int = 0) -> Iterator[Chunk]:
    """Consecutive records cut into chunks of at most CHUNK_MAX_PAGES pages and about CHUNK_MAX_BYTES."""
    current: list[Record] = []
    pages = size = 0
    index = first_index
    for record in records:
        current.append(record)
        if isinstance(record, Page):
            pages += 1
            size += len(record.html)
        if pages >= CHUNK_MAX_PAGES or size >= CHUNK_MAX_BYTES:
            yield Chunk(index, current)
            index += 1
            current, pages, size = [], 0, 0
    if current:
        yield Chunk(index, current)


# ------------------------------------------------------------------------------------------ worker side


@dataclass(frozen=True, slots=True)
class ChunkResult:
    rows: list[dict[str, Any]]
    worker_pid: int
    worker_peak_rss: int  # bytes
    worker_cpu_seconds: float = 0.0  # the worker's CPU time so far (user + system)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * MAXRSS_UNIT


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def page_row(page: Page, fields: dict[str, Any]) -> dict[str, Any]:
    """The page's row (the crawl's ``ArticleItem`` fields, in ``ARTICLE_FIELDS`` order), as a plain dict."""
    source = {**page.extra, "source": page.source, "input": page.input}
    return article_row(fields, source, skip=("html", "url"))


# The run's test of a page's kind and language (``PageFilter.before_metadata``), set in each worker.
_KEEP: list[Callable[[str | None, str | None], str | None] | None] = [None]


def set_keep(keep: Callable[[str | None, str | None], str | None] | None) -> None:
    _KEEP[0] = keep


def init_batch_worker(parent_pid: int, template_store: str,
                      keep: Callable[[str | None, str | None], str | None] | None = None) -> None:
    """A pool worker's set-up: the crawl pipeline's worker, and an exit when the batch process is gone (a killed
    ``extract-batch`` must not leave workers blocked on a pipe, ~170 MB each)."""
    from ..pagejob.workerpool import exit_with_parent

    exit_with_parent(parent_pid)
    pagejob.init_worker(template_store, ())
    set_keep(keep)


def extract_chunk(pages: list[Page]) -> ChunkResult:
    """Runs in a pool worker set up by ``crawler.pagejob.init_worker``: one row per page, failures included."""
    keep = _KEEP[0]
    rows = [page_row(page, pagejob.extract_in_worker(page.html, page.url, page.content_type, keep))
            for page in pages]
    return ChunkResult(rows, os.getpid(), _peak_rss(), _cpu_seconds())


def learn_chunk(pages: list[Page]) -> ChunkResult:
    """First pass of ``--templates two-pass``: pages only teach the shared template store."""
    from crawler.extractors import parse_html

    worker = pagejob.worker_extractor()
    if worker is None:
        raise RuntimeError("worker not initialised")
    for page in pages:
        try:
            worker.templates.learn(parse_html(page.html, page.url, page.content_type))
        except Exception as error:  # a page that cannot teach is extracted without a template later
            logger.warning("template learning failed for %s: %s: %s", page.input, type(error).__name__, error)
    return ChunkResult([], os.getpid(), _peak_rss(), _cpu_seconds())


def failed_rows(pages: list[Page], reason: str) -> list[dict[str, Any]]:
    return [page_row(page, {"url": page.url, "canonical_url": page.url, "text": "", "extractor": None,
                            "reason": reason}) for page in pages]

