"""Incremental recrawls and crawls that survive being killed.

``IncrementalMiddleware`` (downloader middleware) knows the article store. A request for a page already
stored as an article is sent with the validators the store kept (``If-None-Match`` from its ``ETag``,
``If-Modified-Since`` from its ``Last-Modified``); a ``304 Not Modified`` answer marks the article as seen
again and yields nothing new. With ``INCREMENTAL_MAX_AGE`` (seconds) an article seen within that age is not
requested at all. Listing pages (home, sections, feeds, sitemaps) are never stored, so they are always
fetched again: they carry the new links. A page that answers 200 goes through extraction as usual, and
storage tells a changed text (``updated``) from an unchanged one (``unchanged``, by content hash).

``ResumableScheduler`` makes ``JOBDIR`` safe against a crawl that was killed (SIGKILL, out of memory, power
loss). Scrapy writes the request queue's state only when the crawl closes, while the list of requests
already seen is appended as the crawl goes: after a kill, the queue is lost but requests that were taken
from it, and whose article never reached the store, are still remembered as seen, so a naive resume never
fetches them again. The scheduler leaves a state file in ``JOBDIR``: a crawl that did not close is resumed
by starting again from its sources with a fresh seen-list (the article store, through the middleware above,
keeps stored articles from being fetched or stored twice); a crawl paused cleanly (Ctrl-C once) resumes
from Scrapy's saved queue; a crawl that finished is a recrawl, so it starts afresh too.

Settings: ``INCREMENTAL_ENABLED`` (True), ``INCREMENTAL_MAX_AGE`` (0: always ask the site), and the
``STORAGE_*`` settings of the store (``crawler.storage_pipeline.article_store_opener``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import Request, Response
from scrapy.utils.job import job_dir

from .components import await_future
from .scheduler import JobDirSafeScheduler
from .storage import StoredPage
from .storage_pipeline import article_store_opener

logger = logging.getLogger(__name__)

# Request.meta key under which the middleware notes what it asked the site (and set to False to opt out).
META_KEY = "incremental"
CONDITIONAL_HEADERS = (b"If-None-Match", b"If-Modified-Since")
NOT_MODIFIED = 304
# Default: revalidate every stored article (one conditional request, answered 304 when unchanged).
DEFAULT_MAX_AGE_SECONDS = 0.0

# The scheduler's note in JOBDIR about the last crawl that used it.
STATE_FILE = "newscrawler-job.json"
RUNNING = "running"
CLOSED = "closed"
# Scrapy's close reason for a crawl that ran out of requests.
FINISHED = "finished"
SEEN_FILE = "requests.seen"
QUEUE_DIR = "requests.queue"


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _answer_lookups(lookups: list[tuple[str, asyncio.Future[Any]]], answer: dict[str, StoredPage] | BaseException,
                    ) -> None:
    """In the event loop: each lookup's stored page (None when not stored), or the error of their query."""
    for url, future in lookups:
        if future.done():  # cancelled: its request went away
            continue
        if isinstance(answer, BaseException):
            future.set_exception(answer)
        else:
            future.set_result(answer.get(url))


class IncrementalMiddleware:
    """Conditional requests for stored articles; 304s and fresh articles yield nothing new."""

    def __init__(self, open_store: Any, max_age: float = DEFAULT_MAX_AGE_SECONDS, crawler: Crawler | None = None):
        if max_age < 0:
            raise ValueError(f"INCREMENTAL_MAX_AGE must be 0 (always ask the site) or more seconds, not {max_age}")
        self._open_store = open_store
        self.max_age = timedelta(seconds=max_age)
        self.crawler = crawler
        self.store: Any = None
        # One thread owns the store's connection: lookups never block the reactor.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="incremental-store")
        # Under asyncio, the requests' lookups waiting for the thread, which answers all that wait in one query
        # and wakes the event loop once for them (rather than a hand-over to the thread and a wake-up of the loop
        # for every request).
        self._waiting: list[tuple[str, asyncio.Future[StoredPage | None]]] = []
        self._waiting_lock = threading.Lock()
        self._looking_up = False  # a drain of _waiting is queued or running in the thread

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> IncrementalMiddleware:
        settings = crawler.settings
        if not settings.getbool("INCREMENTAL_ENABLED", True):
            raise NotConfigured("INCREMENTAL_ENABLED is off")
        middleware = cls(article_store_opener(settings), settings.getfloat("INCREMENTAL_MAX_AGE",
                                                                           DEFAULT_MAX_AGE_SECONDS), crawler)
        crawler.signals.connect(middleware.close, signal=signals.spider_closed)
        return middleware

    def _stat(self, name: str) -> None:
        if self.crawler is not None and self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"incremental/{name}")

    def _lookup(self, url: str) -> StoredPage | None:
        if self.store is None:
            self.store = self._open_store()
        return self.store.stored_page(url)

    async def stored_page(self, url: str) -> StoredPage | None:
        """The stored article fetched from or canonical at ``url`` (None when there is none), looked up in the
        store's thread: under asyncio together with the lookups of the other requests waiting meanwhile."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a Twisted reactor other than asyncio's: one hand-over a lookup
            return await await_future(self._thread.submit(self._lookup, url))
        future: asyncio.Future[StoredPage | None] = loop.create_future()
        with self._waiting_lock:
            self._waiting.append((url, future))
            start = not self._looking_up
            self._looking_up = True
        if start:
            self._thread.submit(self._look_up_waiting)
        return await future

    def _look_up_waiting(self) -> None:
        """In the store's thread: all the lookups waiting, asked of the store at once (``stored_pages`` cuts them into
        queries of its own size), and answered on their futures' loop; again while more wait."""
        while True:
            with self._waiting_lock:
                batch, self._waiting = self._waiting, []
                if not batch:
                    self._looking_up = False
                    return
            answer: dict[str, StoredPage] | BaseException
            try:
                if self.store is None:
                    self.store = self._open_store()
                answer = self.store.stored_pages([url for url, _ in batch])
            except Exception as error:  # every request of the batch hears it (and is fetched as usual)
                answer = error
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[str, asyncio.Future[Any]]]] = {}
            for url, future in batch:
                by_loop.setdefault(future.get_loop(), []).append((url, future))
            for loop, lookups in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for these answers any more
                    loop.call_soon_threadsafe(_answer_lookups, lookups, answer)

    def _mark_seen(self, canonical_url: str) -> None:
        if self.store is None:
            self.store = self._open_store()
        self.store.mark_seen(canonical_url)

    def is_fresh(self, page: StoredPage, now: datetime | None = None) -> bool:
        """Seen (stored or found unchanged) less than INCREMENTAL_MAX_AGE ago."""
        if not self.max_age:
            return False
        seen = _parse_time(page.crawled_at)
        return seen is not None and (now or datetime.now(timezone.utc)) - seen < self.max_age

    async def process_request(self, request: Request, spider: Any = None) -> None:
        noted = request.meta.get(META_KEY)
        if noted is False or request.method != "GET":
            return None
        if isinstance(noted, dict) and noted.get("url") != request.url:
            # A redirect copies the headers: the validators of the old URL say nothing about the new one.
            for header in noted.get("headers", ()):
                request.headers.pop(header, None)
            request.meta.pop(META_KEY, None)
        try:
            page = await self.stored_page(request.url)
        except Exception as error:  # an unreadable store must not stop the crawl: the page is fetched
            logger.warning("incremental: store lookup failed for %s: %s", request.url, error)
            self._stat("lookup_errors")
            return None
        if page is None:
            return None
        if self.is_fresh(page):
            self._stat("skipped_fresh")
            raise IgnoreRequest(f"stored and seen within INCREMENTAL_MAX_AGE: {request.url}")
        headers = []
        if page.etag and b"If-None-Match" not in request.headers:
            request.headers[b"If-None-Match"] = page.etag
            headers.append(b"If-None-Match")
        if page.last_modified and b"If-Modified-Since" not in request.headers:
            request.headers[b"If-Modified-Since"] = page.last_modified
            headers.append(b"If-Modified-Since")
        request.meta[META_KEY] = {"url": request.url, "canonical_url": page.canonical_url, "headers": headers}
        self._stat("conditional_requests" if headers else "stored_without_validators")
        return None

    async def process_response(self, request: Request, response: Response, spider: Any = None) -> Response:
        noted = request.meta.get(META_KEY)
        if response.status != NOT_MODIFIED or not isinstance(noted, dict) or noted.get("url") != request.url:
            return response
        self._stat("not_modified")
        try:
            await await_future(self._thread.submit(self._mark_seen, noted["canonical_url"]))
        except Exception as error:  # the article is stored; only its last-seen time is not moved
            logger.warning("incremental: could not mark %s as seen: %s", request.url, error)
        raise IgnoreRequest(f"not modified since it was stored: {request.url}")

    def close(self, spider: Any = None) -> None:
        if self.store is not None:
            self._thread.submit(self.store.close).result()
            self.store = None
        self._thread.shutdown(wait=True)


class ResumableScheduler(JobDirSafeScheduler):
    """Scrapy's scheduler that also survives a killed crawl in JOBDIR (see the module's docstring), and stops the
    crawl once when JOBDIR cannot be written (``crawler.scheduler``)."""

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ResumableScheduler:
        folder = job_dir(crawler.settings)
        if folder:  # before the dupefilter opens the seen-list and the queue is read
            prepare_job_dir(Path(folder))
        scheduler = super().from_crawler(crawler)
        scheduler.job_folder = Path(folder) if folder else None
        return scheduler

    def open(self, spider: Any) -> Any:
        result = super().open(spider)
        if self.job_folder is not None:
            write_job_state(self.job_folder, RUNNING)
        return result

    def close(self, reason: str) -> Any:
        result = super().close(reason)  # the queue's state and the seen-list are written first
        if self.job_folder is not None:
            try:
                write_job_state(self.job_folder, CLOSED, reason)
            except OSError as error:
                if self.failed is None:
                    raise
                # The note still says "running": the next run starts afresh, as after a kill.
                logger.debug("JOBDIR note not updated: %s", error)
        return result


def read_job_state(folder: Path) -> dict[str, Any] | None:
    try:
        state = json.loads((folder / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def write_job_state(folder: Path, status: str, reason: str | None = None) -> None:
    state = {"status": status, "reason": reason, "at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    temporary = folder / (STATE_FILE + ".tmp")
    temporary.write_text(json.dumps(state), encoding="utf-8")
    temporary.replace(folder / STATE_FILE)  # atomic: a kill mid-write leaves the old state, not half a file


def prepare_job_dir(folder: Path) -> str:
    """Discard the queue and seen-list a resume cannot trust; returns what was decided (for logs and tests):
    ``new``, ``resume``, ``restart-after-kill`` or ``restart-after-finish``."""
    state = read_job_state(folder)
    if state is None:
        leftovers = (folder / SEEN_FILE).exists() or (folder / QUEUE_DIR).exists()
        if not leftovers:
            return "new"
        # State left by plain Scrapy (no note of ours): trusted as Scrapy would.
        return "resume"
    if state.get("status") == CLOSED and state.get("reason") != FINISHED:
        logger.info("JOBDIR %s: resuming the crawl paused at %s (%s)", folder, state.get("at"), state.get("reason"))
        return "resume"
    if state.get("status") == RUNNING:
        decision = "restart-after-kill"
        logger.warning("JOBDIR %s: the crawl started at %s did not close (killed?); its request queue and "
                       "seen-list cannot be trusted, so it starts again from its sources (stored articles are "
                       "not fetched or stored twice)", folder, state.get("at"))
    else:
        decision = "restart-after-finish"
        logger.info("JOBDIR %s: the previous crawl finished; this one is a recrawl", folder)
    (folder / SEEN_FILE).unlink(missing_ok=True)
    shutil.rmtree(folder / QUEUE_DIR, ignore_errors=True)
    return decision


__all__ = [
    "IncrementalMiddleware",
    "ResumableScheduler",
    "prepare_job_dir",
    "read_job_state",
    "write_job_state",
]
