"""The extraction workers of a crawl: ``ExtractionSettings`` (the ``EXTRACTION_*`` settings, read once) and
``ExtractionService`` (the worker processes, or an in-process extractor, shared by the extraction pipeline and
middleware of one crawler).

Extraction is CPU work, so it runs in a process pool (``EXTRACTION_WORKERS`` processes, default one per core) and
the reactor only awaits the result. Every worker opens the same SQLite template store, which is multi-process safe
(WAL, ``BEGIN IMMEDIATE`` around each compare-then-write), so a template learned by one worker is seen by the others
and by the next run. Pinned site rules (``EXTRACTION_RULES_FILE``) win over learning.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import weakref
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured
from scrapy.settings import BaseSettings
from scrapy.utils.project import data_path

from .components import DATA_DIR, await_future
from .pagejob import PageExtractor, SiteRule, extract_in_worker, init_worker, load_rules, worker_ready
from .pagejob.workerpool import AsyncWorkerPool, WorkerDied

logger = logging.getLogger(__name__)

DEFAULT_TEMPLATE_STORE = "templates.sqlite"
DEFAULT_HTML_FIELDS = ("html", "body")
DEFAULT_URL_FIELD = "url"
DEFAULT_CONTENT_TYPE_FIELD = "content_type"
# forkserver: workers start from a clean process instead of a fork of the reactor's (threads, sockets).
DEFAULT_START_METHOD = "forkserver"


def _field_names(value: Any, default: Iterable[str]) -> tuple[str, ...]:
    if value is None or value == "":
        return tuple(default)
    if isinstance(value, str):
        return tuple(name.strip() for name in value.split(",") if name.strip())
    return tuple(value)


@dataclass(frozen=True)
class ExtractionSettings:
    """The EXTRACTION_* settings, read once."""

    template_store: str | None
    rules: tuple[SiteRule, ...] = ()
    workers: int = 0
    html_fields: tuple[str, ...] = DEFAULT_HTML_FIELDS
    url_field: str = DEFAULT_URL_FIELD
    content_type_field: str = DEFAULT_CONTENT_TYPE_FIELD
    start_method: str = DEFAULT_START_METHOD
    rules_file: str | None = field(default=None, compare=False)

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> ExtractionSettings:
        """Raises NotConfigured when EXTRACTION_ENABLED is false, ValueError on a bad setting."""
        if not settings.getbool("EXTRACTION_ENABLED", True):
            raise NotConfigured("EXTRACTION_ENABLED is off")
        store = settings.get("EXTRACTION_TEMPLATE_STORE")
        if not store:
            store = str(Path(data_path(DATA_DIR, createdir=True)) / DEFAULT_TEMPLATE_STORE)
        else:
            store = template_store_path(str(store))
        workers_setting = settings.get("EXTRACTION_WORKERS")
        cores = os.cpu_count() or 1
        workers = cores if workers_setting in (None, "") else settings.getint("EXTRACTION_WORKERS")
        if workers < 0:
            raise ValueError(f"EXTRACTION_WORKERS must be 0 (in the crawl process) or more, not {workers}")
        start_method = settings.get("EXTRACTION_START_METHOD") or DEFAULT_START_METHOD
        if start_method not in multiprocessing.get_all_start_methods():
            raise ValueError(f"EXTRACTION_START_METHOD {start_method!r} is not one of "
                             f"{multiprocessing.get_all_start_methods()}")
        rules_file = settings.get("EXTRACTION_RULES_FILE") or None
        return cls(
            template_store=str(store),
            rules=tuple(load_rules(rules_file)),
            workers=workers,
            html_fields=_field_names(settings.get("EXTRACTION_HTML_FIELD"), DEFAULT_HTML_FIELDS),
            url_field=settings.get("EXTRACTION_URL_FIELD") or DEFAULT_URL_FIELD,
            content_type_field=settings.get("EXTRACTION_CONTENT_TYPE_FIELD") or DEFAULT_CONTENT_TYPE_FIELD,
            start_method=start_method,
            rules_file=rules_file,
        )


def template_store_path(spec: str) -> str:
    """Where ``EXTRACTION_TEMPLATE_STORE`` lives: a relative file path under the project's ``.scrapy/`` folder,
    as Scrapy places its own data (``HTTPCACHE_DIR``; ``scrapy.utils.project.data_path``), never in whatever
    folder the crawl was started from; an absolute path or a ``redis://`` URL as given."""
    if "://" in spec or Path(spec).is_absolute():
        return spec
    path = Path(data_path(spec))
    path.parent.mkdir(parents=True, exist_ok=True)
    return str(path)


def _worker_died(url: str | None, error: BaseException) -> dict[str, Any]:
    return {"url": url, "canonical_url": url, "text": "", "extractor": None,
            "reason": f"extraction worker died: {error}"}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # a Twisted reactor other than asyncio's, or plain synchronous code
        return None


class ExtractionService:
    """The worker processes (or, with 0 workers, an in-process extractor) shared by the pipeline and the
    middleware of one crawler; shut down when the spider closes.

    Under the asyncio reactor (Scrapy's default) the event loop feeds the workers itself
    (``crawler.pagejob.workerpool``); anywhere else a ``ProcessPoolExecutor`` does."""

    _by_crawler: ClassVar[weakref.WeakKeyDictionary[Crawler, ExtractionService]] = weakref.WeakKeyDictionary()

    def __init__(self, config: ExtractionSettings) -> None:
        self.config = config
        self._pool: ProcessPoolExecutor | None = None
        self._loop_pool: AsyncWorkerPool | None = None
        self._local: PageExtractor | None = None

    @classmethod
    def for_crawler(cls, crawler: Crawler) -> ExtractionService:
        service = cls._by_crawler.get(crawler)
        if service is None:
            service = cls(ExtractionSettings.from_settings(crawler.settings))
            cls._by_crawler[crawler] = service
            crawler.signals.connect(service.close, signal=signals.engine_stopped)
            crawler.signals.connect(service.start, signal=signals.spider_opened)
        return service

    def start(self, **_: Any) -> list[Any]:
        """Starts every worker process now, so their start-up (imports and the language model) overlaps
        robots.txt and the first listing pages instead of holding back the first articles. The futures (asyncio's when
        called in a running loop, else concurrent.futures') say when each worker is ready."""
        if self.config.workers == 0:
            return []
        loop = _running_loop()
        if loop is not None:
            pool = self._pool_for(loop)
            ready = [pool.call(worker_ready) for _ in range(self.config.workers)]  # one to each worker
            for future in ready:  # nobody may wait for them: a worker that died is logged by the pool already
                future.add_done_callback(lambda done: done.cancelled() or done.exception())
            return ready
        if self._pool is None:
            self._pool = self._new_pool()
        # One call per worker: the executor starts a process for each call that finds no idle one.
        return [self._pool.submit(worker_ready) for _ in range(self.config.workers)]

    def _pool_for(self, loop: asyncio.AbstractEventLoop) -> AsyncWorkerPool:
        pool = self._loop_pool
        if pool is None or pool.loop is not loop or pool.closed:
            if pool is not None:
                pool.close()
            pool = self._loop_pool = AsyncWorkerPool(
                self.config.workers, multiprocessing.get_context(self.config.start_method), loop,
                initializer=init_worker, initargs=(self.config.template_store, self.config.rules))
            pool.start()
        return pool

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context(self.config.start_method)
        return ProcessPoolExecutor(max_workers=self.config.workers, mp_context=context,
                                   initializer=init_worker,
                                   initargs=(self.config.template_store, self.config.rules))

    def extract_now(self, html: bytes | str, url: str | None, content_type: str | None = None) -> dict[str, Any]:
        """Synchronous extraction in this process (EXTRACTION_WORKERS = 0, scripts and tests)."""
        if self._local is None:
            self._local = PageExtractor(self.config.template_store, self.config.rules)
        return self._local.extract(html, url, content_type)

    async def extract(self, html: bytes | str, url: str | None, content_type: str | None = None) -> dict[str, Any]:
        if self.config.workers == 0:
            return self.extract_now(html, url, content_type)
        loop = _running_loop()
        if loop is not None:
            try:
                return await self._pool_for(loop).call(extract_in_worker, html, url, content_type)
            except WorkerDied as error:  # killed, out of memory: the pool has replaced it, the page is kept
                logger.error("extraction worker died on %s", url)
                return _worker_died(url, error)
        if self._pool is None:
            self._pool = self._new_pool()
        pool = self._pool
        try:
            return await await_future(pool.submit(extract_in_worker, html, url, content_type))
        except BrokenProcessPool as error:  # a worker died (killed, out of memory): new pool, page kept
            logger.error("extraction worker died on %s; restarting the pool", url)
            if self._pool is pool:  # the first of the pages in flight to see it replaces the pool
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            return _worker_died(url, error)

    def close(self) -> None:
        if self._loop_pool is not None:
            self._loop_pool.close()
            self._loop_pool = None
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._local is not None:
            self._local.templates.store.close()
            self._local = None


__all__ = ["DEFAULT_START_METHOD", "ExtractionService", "ExtractionSettings", "template_store_path"]
