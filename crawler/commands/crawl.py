"""``scrapy crawl`` as Scrapy's own, with two differences a script or scheduler relies on:

- a store that cannot be used (``storage.StoreUnusable``: damaged, foreign, unreachable) is reported in one line,
  not a traceback, and the crawl exits 1 before fetching anything;
- a crawl stopped because the store or the job folder could not be written (finish reasons ``store_write_failed``,
  ``jobdir_write_failed``) exits 1, not 0.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from scrapy.commands.crawl import Command as ScrapyCrawlCommand

from ..scheduler import JOBDIR_FAILED_FINISH_REASON
from ..storage import WRITE_FAILED_FINISH_REASON, StoreUnusable

if TYPE_CHECKING:
    import argparse

logger = logging.getLogger(__name__)

# Finish reasons that mean the crawl did not do its job: the command exits 1 on them.
FAILED_FINISH_REASONS = frozenset({WRITE_FAILED_FINISH_REASON, JOBDIR_FAILED_FINISH_REASON})


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
        crawler = self._create_crawler(args[0])
        _watch(self.crawler_process.crawl(crawler, **opts.spargs))
        self.crawler_process.start()
        reason = crawler.stats.get_value("finish_reason") if crawler.stats is not None else None
        if self.crawler_process.bootstrap_failed or reason in FAILED_FINISH_REASONS:
            self.exitcode = 1
