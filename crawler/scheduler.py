"""Scrapy's scheduler, stopping the crawl when its job folder cannot be written.

With ``JOBDIR``, the scheduler writes every request to disk queues and the duplicate filter every fingerprint to
``requests.seen``. When that disk is full (or failing), Scrapy's scheduler raises on each request, the engine
tries again every five seconds, and the crawl never ends (measured: killed after 600 s, 14 of 186 pages stored).
Here the first failed write logs one line and closes the crawl with reason ``jobdir_write_failed`` (the crawl
command then exits 1). The job folder's frontier (queues, seen fingerprints) missed writes, so it is removed at
close: the same command, once there is room, starts again from the start URLs, and the article store makes the
pages already stored cheap to revisit (conditional requests, crawler.incremental).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import shutil
from pathlib import Path
from typing import Any

from scrapy.core.scheduler import Scheduler
from scrapy.extensions.spiderstate import SpiderState
from scrapy.http import Request

logger = logging.getLogger(__name__)

JOBDIR_FAILED_FINISH_REASON = "jobdir_write_failed"


class JobDirSafeScheduler(Scheduler):
    """``SCHEDULER = "crawler.scheduler.JobDirSafeScheduler"``: Scrapy's own, with the stop above."""

    failed: str | None = None

    def enqueue_request(self, request: Request) -> bool:
        if self.failed is not None:
            return False  # the crawl is closing; nothing more is scheduled
        try:
            return super().enqueue_request(request)
        except OSError as error:
            self._stop(error)
            return False

    def next_request(self) -> Request | None:
        if self.failed is not None:
            return None
        try:
            return super().next_request()
        except OSError as error:
            self._stop(error)
            return None

    def close(self, reason: str) -> Any:
        if self.failed is None:
            try:
                return super().close(reason)
            except OSError as error:
                self._stop(error)
        # The job folder missed writes, so its queues and seen fingerprints disagree with what was crawled; they
        # are removed (which also frees the room). The next run starts again from the start URLs; the article
        # store's validators make pages already stored cheap to revisit (304, or no request within
        # INCREMENTAL_MAX_AGE). Spider state (spider.state) is kept.
        with contextlib.suppress(OSError):
            self.df.close(reason)
        jobdir = self.crawler.settings.get("JOBDIR") if getattr(self, "crawler", None) is not None else None
        if jobdir:
            shutil.rmtree(Path(jobdir, "requests.queue"), ignore_errors=True)
            Path(jobdir, "requests.seen").unlink(missing_ok=True)
        return None

    def _stop(self, error: OSError) -> None:
        self.failed = f"{type(error).__name__}: {error}"
        logger.error("Cannot write the job folder (JOBDIR), stopping the crawl: %s. Run the same command again "
                     "once the cause is fixed (room on the disk).", self.failed)
        crawler: Any = getattr(self, "crawler", None)
        if crawler is not None and crawler.stats is not None:
            crawler.stats.set_value("scheduler/jobdir_write_failed", self.failed)
        if crawler is not None and crawler.engine is not None:
            from scrapy.utils.defer import deferred_from_coro

            deferred_from_coro(crawler.engine.close_spider_async(reason=JOBDIR_FAILED_FINISH_REASON))


class AtomicSpiderState(SpiderState):
    """Scrapy's ``SpiderState`` (``spider.state`` kept in JOBDIR across runs), written to a temporary file renamed
    into place: a full disk at close leaves the previous state, where Scrapy's truncates the file first and leaves
    it empty (the next run then fails to load it). ``EXTENSIONS`` puts it in the stock extension's place."""

    def spider_closed(self, spider: Any) -> None:
        if not self.jobdir:
            return
        final = Path(self.statefn)
        temporary = final.with_name(final.name + ".tmp")
        try:
            with temporary.open("wb") as file:
                pickle.dump(getattr(spider, "state", {}), file, protocol=4)
            os.replace(temporary, final)
        except OSError as error:
            temporary.unlink(missing_ok=True)
            logger.warning("spider state not saved in JOBDIR (the previous one is kept): %s", error)
