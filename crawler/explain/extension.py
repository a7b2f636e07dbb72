"""Scrapy extension: explain reports for a sample of the crawl's HTML pages.

    scrapy crawl news -a start_urls=... -s EXPLAIN_DIR=reports -s EXPLAIN_SAMPLE=0.01

Settings: ``EXPLAIN_DIR`` (unset: the extension is off), ``EXPLAIN_SAMPLE`` (share of HTML pages, default
0.01), ``EXPLAIN_MAX_REPORTS`` (default 1000, so a long crawl cannot fill a disk), ``EXPLAIN_EXTRACTOR``
(default ``default``). The crawl's template store (``EXTRACTION_TEMPLATE_STORE``) is read, never written,
for the template lines and the cascade's template evidence. A page is sampled by a hash of its URL, so a
recrawl explains the same pages and two crawls can be compared report by report. Reports are rendered in a
thread (the reactor keeps crawling) and ``EXPLAIN_DIR/index.html`` lists them when the spider closes.
Stats: ``explain/reports``, ``explain/errors``, ``explain/skipped/limit``. A page that a pinned site rule
(``EXTRACTION_RULES_FILE``) extracts is still explained by the extractor: the report shows what it would do.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from pathlib import Path
from typing import Any

from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured
from scrapy.http import Response
from twisted.internet import defer, threads

from ..extraction_service import ExtractionSettings
from ..middlewares import is_html_response
from .collect import explain_page
from .command import extractor_for, open_store
from .render import render_report
from .reports import ReportEntry, safe_name, write_index

logger = logging.getLogger(__name__)

DEFAULT_SAMPLE = 0.01  # the example: one page in a hundred
DEFAULT_MAX_REPORTS = 1000  # judgement call: a report is 0.1-2 MB, so at most a GB or two


def sampled(url: str, share: float) -> bool:
    """Whether a URL is in the sample: the first 8 bytes of its SHA-1 as a number in [0, 1) below ``share``."""
    if share <= 0:
        return False
    if share >= 1:
        return True
    value = int.from_bytes(hashlib.sha1(url.encode("utf-8", "surrogatepass")).digest()[:8], "big")
    return value / 2**64 < share


class ExplainSampler:
    def __init__(self, crawler: Crawler, directory: str, share: float, max_reports: int, extractor: str,
                 store_spec: str | None = None) -> None:
        self.crawler = crawler
        self.store_spec = store_spec
        self._store: Any = None
        self._store_lock = threading.Lock()
        self.directory = Path(directory)
        self.share = share
        self.max_reports = max_reports
        self.extractor = extractor
        self.started = 0
        self.pending: set[defer.Deferred] = set()
        self.entries: list[ReportEntry] = []

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ExplainSampler:
        settings = crawler.settings
        directory = settings.get("EXPLAIN_DIR")
        if not directory:
            raise NotConfigured("EXPLAIN_DIR is not set")
        share = settings.getfloat("EXPLAIN_SAMPLE", DEFAULT_SAMPLE)
        if not 0 <= share <= 1:
            raise NotConfigured(f"EXPLAIN_SAMPLE must lie in [0, 1], not {share}")
        try:
            store_spec = ExtractionSettings.from_settings(settings).template_store
        except (NotConfigured, ValueError):
            store_spec = None
        extension = cls(crawler, directory, share, settings.getint("EXPLAIN_MAX_REPORTS", DEFAULT_MAX_REPORTS),
                        settings.get("EXPLAIN_EXTRACTOR") or "default", store_spec)
        crawler.signals.connect(extension.response_received, signal=signals.response_received)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        return extension

    def _stat(self, name: str) -> None:
        if self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"explain/{name}")

    def response_received(self, response: Response, request: Any = None, spider: Any = None) -> None:
        if not is_html_response(response) or not sampled(response.url, self.share):
            return
        if self.started >= self.max_reports:
            self._stat("skipped/limit")
            return
        self.started += 1
        page = safe_name(response.url.split("://", 1)[-1]).removesuffix(".html").removesuffix(".htm")
        name = f"{self.started:05d}-{page}.html"
        content_type = (response.headers.get(b"Content-Type") or b"").decode("latin-1") or None
        deferred = threads.deferToThread(self._write, response.body, response.url, content_type, name)
        self.pending.add(deferred)
        deferred.addBoth(self._done, deferred)

    def store(self) -> Any:
        """The crawl's template store, opened on first use (None while the crawl has not made one)."""
        with self._store_lock:
            if self._store is None and self.store_spec:
                try:
                    self._store = open_store(self.store_spec)
                except Exception as error:  # no store yet, or unreadable: reports without template lines
                    logger.debug("explain: no template store: %s", error)
            return self._store

    def _write(self, body: bytes, url: str, content_type: str | None, name: str) -> ReportEntry:
        store = self.store()
        explanation = explain_page(body, url, extractor=self.extractor, template_store=store,
                                   instance=extractor_for(self.extractor, store, url), content_type=content_type)
        self.directory.mkdir(parents=True, exist_ok=True)
        (self.directory / name).write_text(render_report(explanation), encoding="utf-8", errors="replace")
        return ReportEntry(url, url, explanation.article.extractor, name, words_kept=explanation.kept_words,
                           words_total=explanation.total_words, note=explanation.article.reason or "")

    def _done(self, result: Any, deferred: defer.Deferred) -> None:
        self.pending.discard(deferred)
        if isinstance(result, ReportEntry):
            self.entries.append(result)
            self._stat("reports")
        else:  # a Failure: counted and logged in one line, the crawl goes on
            self._stat("errors")
            logger.warning("explain report failed: %s", result.getErrorMessage())

    def spider_closed(self, spider: Any = None) -> defer.Deferred:
        waiting = defer.DeferredList(list(self.pending), consumeErrors=True)
        waiting.addCallback(lambda _: self._write_index())
        return waiting

    def _write_index(self) -> None:
        if not self.entries:
            return
        index = write_index(self.directory, sorted(self.entries, key=lambda e: e.href),
                            f"Explain reports of a {self.share:.1%} sample of the crawl", "in crawl order")
        logger.info("explain: %d reports, index at %s", len(self.entries), index)


__all__ = ["ExplainSampler", "sampled"]
