"""``scrapy crawl`` as Scrapy's own, with the differences a script or scheduler relies on:

- a store that cannot be used (``storage.StoreUnusable``: damaged, foreign, unreachable) is reported in one line,
  not a traceback, and the crawl exits 1 before fetching anything; so is a feed file (``-O``/``-o``) that cannot
  be created (a read-only place, a missing permission);
- a crawl stopped because the store, the feed or the job folder could not be written (finish reasons
  ``store_write_failed``, ``feed_write_failed``, ``jobdir_write_failed``) exits 1, not 0;
- a crawl none of whose start URLs could be fetched (nothing listens, an unknown host) exits 1.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from w3lib.url import file_uri_to_path

from ..exporters import FEED_WRITE_FAILED_FINISH_REASON, FEED_WRITE_FAILED_STAT
from ..scheduler import JOBDIR_FAILED_FINISH_REASON
from ..storage import WRITE_FAILED_FINISH_REASON, StoreUnusable

if TYPE_CHECKING:
    import argparse

logger = logging.getLogger(__name__)

# Finish reasons that mean the crawl did not do its job: the command exits 1 on them.
FAILED_FINISH_REASONS = frozenset({WRITE_FAILED_FINISH_REASON, JOBDIR_FAILED_FINISH_REASON,
                                   FEED_WRITE_FAILED_FINISH_REASON})
# The spider's count of start URLs that could not be fetched (crawler.spiders.sources).
START_FAILED_STAT = "news/start_failed"


def feed_path(uri: Any) -> Path | None:
    """The local file a FEEDS key names; None for stdout, remote storages and URIs with placeholders."""
    text = str(uri)
    if "%(" in text or text in ("-", "stdout:"):
        return None
    if text.startswith("file:"):
        return Path(file_uri_to_path(text))
    scheme = urlsplit(text).scheme
    return Path(text) if not scheme or len(scheme) == 1 else None  # a Windows drive letter is not a scheme


def unwritable_feed(feeds: dict[Any, Any]) -> str | None:
    """The one line saying which feed file cannot be created and why, or None when all of them can."""
    for uri in feeds:
        path = feed_path(uri)
        if path is None:
            continue
        existed = path.exists()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("ab"):
                pass
        except OSError as error:
            return f"cannot write the feed {path}: {error.strerror or error}"
        if not existed:
            path.unlink(missing_ok=True)
    return None


def _cause(error: BaseException | None, kind: type[BaseException]) -> BaseException | None:
    """``error`` or the first exception of its cause/context chain that is a ``kind``."""
    seen = 0
    while error is not None and seen < 20:
        if isinstance(error, kind):
            return error
        error = error.__cause__ or error.__context__
        seen += 1
    return None


def _report(error: BaseException | None) -> None:
    refused = _cause(error, StoreUnusable)
    if refused is not None:
        logger.error("%s", refused)
    elif error is not None:
        logger.error("The crawl could not start: %s: %s", type(error).__name__, error, exc_info=error)


def _watch(started: Any) -> None:
    """Takes the start failure out of the task or deferred, so it is reported once, as ``_report`` says."""
    if hasattr(started, "add_done_callback"):  # an asyncio task (AsyncCrawlerProcess)
        started.add_done_callback(lambda task: None if task.cancelled() else _report(task.exception()))
    elif hasattr(started, "addErrback"):  # a Twisted deferred (CrawlerProcess)
        started.addErrback(lambda failure: _report(failure.value))


class Command(ScrapyCrawlCommand):
    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            super().run(args, opts)  # Scrapy's usage errors
            return
        assert self.crawler_process
        refused = unwritable_feed(self.settings.getdict("FEEDS"))
        if refused is not None:
            logger.error("%s", refused)
            self.exitcode = 1
            return
        crawler = self._create_crawler(args[0])
        _watch(self.crawler_process.crawl(crawler, **opts.spargs))
        self.crawler_process.start()
        stats = crawler.stats.get_stats() if crawler.stats is not None else {}
        nothing_fetched = stats.get(START_FAILED_STAT) and not stats.get("response_received_count")
        if self.crawler_process.bootstrap_failed or stats.get("finish_reason") in FAILED_FINISH_REASONS \
                or stats.get(FEED_WRITE_FAILED_STAT) or nothing_fetched:
            self.exitcode = 1
