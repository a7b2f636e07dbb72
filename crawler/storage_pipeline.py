"""The Scrapy item pipeline that stores articles in SQLite or PostgreSQL (``crawler.storage``) from one background
thread, so database latency does not block the crawl; and how the ``STORAGE_*`` settings open the store (the
incremental middleware opens the same one)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from itemadapter import ItemAdapter
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.settings import BaseSettings
from scrapy.utils.project import data_path

from .components import DATA_DIR, await_future, item_as_dict
from .pagejob.row import not_an_article
from .storage import WRITE_FAILED_FINISH_REASON, StoreWriteFailed

logger = logging.getLogger(__name__)

DEFAULT_ARTICLE_DB = "articles.sqlite"


def article_store_opener(settings: BaseSettings) -> Callable[[], Any]:
    """How to open the article store the STORAGE_* settings name (the storage pipeline and the incremental
    middleware open the same one); NotConfigured when STORAGE_ENABLED is off."""
    from .storage import DEFAULT_NEAR_DUPLICATE_BITS, open_article_store

    if not settings.getbool("STORAGE_ENABLED", True):
        raise NotConfigured("STORAGE_ENABLED is off")
    dsn = settings.get("STORAGE_POSTGRES_DSN") or None
    path = settings.get("STORAGE_SQLITE_PATH") or None
    if not dsn and not path:
        path = str(Path(data_path(DATA_DIR, createdir=True)) / DEFAULT_ARTICLE_DB)
    bits = settings.getint("STORAGE_NEAR_DUPLICATE_BITS", DEFAULT_NEAR_DUPLICATE_BITS)

    def open_store() -> Any:
        return open_article_store(sqlite_path=path, postgres_dsn=dsn, near_duplicate_bits=bits)

    return open_store


# HTTP validators of the page as served: the spider's page item carries them, extraction files them under the
# article's metadata, storage gives them columns of their own (crawler.incremental sends them back).
HTTP_VALIDATOR_FIELDS = ("etag", "last_modified")


def storage_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record as stored: HTTP validators lifted out of ``metadata`` into their own fields (the item
    itself is not changed: feeds still see them in its metadata)."""
    metadata = record.get("metadata")
    if not isinstance(metadata, Mapping) or not any(name in metadata for name in HTTP_VALIDATOR_FIELDS):
        return record
    lifted = dict(record)
    for name in HTTP_VALIDATOR_FIELDS:
        if lifted.get(name) in (None, "") and metadata.get(name) not in (None, ""):
            lifted[name] = metadata[name]
    lifted["metadata"] = {k: v for k, v in metadata.items() if k not in HTTP_VALIDATOR_FIELDS}
    return lifted


# Articles written in one transaction at most: the records that arrived while the previous batch was being
# written (design choice: bounds a transaction to ~0.1 s of writes; at crawl speed batches hold a few).
MAX_STORAGE_BATCH = 100
# How long a write waits for more articles to share its transaction (stored at most this late); docs/tuning.md.
DEFAULT_STORAGE_BATCH_DELAY = 0.03


# A record's result as the storage thread hands it over: to an asyncio future (settled in its event loop, the
# records of a batch together) or a concurrent.futures one (any other reactor).
ResultFuture = asyncio.Future[Any] | Future[Any]


def _settle(outcomes: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """In the event loop: each record's StoreResult, or the error that kept it out of the store."""
    for future, result in outcomes:
        if future.done():  # cancelled: its item went away
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)


class ArticleStoragePipeline:
    """Stores ``ArticleItem``s (or any item with ``canonical_url``/``url`` and ``text``) in SQLite or
    PostgreSQL, upserting by canonical URL and linking near-duplicates to the first copy.

    Writes happen in one background thread, in batches: the records that arrive within ``batch_delay`` of the
    first, or while a batch is being written, share the next transaction, so a busy crawl commits once for
    several articles (a fsync each in PostgreSQL) and a quiet one writes each article after ``batch_delay``."""

    def __init__(self, open_store: Any, skip_listings: bool = True, crawler: Crawler | None = None,
                 batch_delay: float = DEFAULT_STORAGE_BATCH_DELAY) -> None:
        if batch_delay < 0:
            raise ValueError(f"STORAGE_BATCH_DELAY must be 0 or more seconds, not {batch_delay}")
        self._open_store = open_store
        self.skip_listings = skip_listings
        self.batch_delay = batch_delay
        self.crawler = crawler
        self.store: Any = None
        self._thread: ThreadPoolExecutor | None = None
        self._pending: list[tuple[dict[str, Any], ResultFuture]] = []
        self._pending_lock = threading.Lock()
        self._writing = False  # a drain of _pending is queued or running in the thread
        self._write_failed: str | None = None  # why the store cannot be written any more

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ArticleStoragePipeline:
        settings = crawler.settings
        pipeline = cls(article_store_opener(settings), settings.getbool("STORAGE_SKIP_LISTINGS", True), crawler,
                       settings.getfloat("STORAGE_BATCH_DELAY", DEFAULT_STORAGE_BATCH_DELAY))
        # Opened (checked, migrated) now, before the engine exists: a damaged or foreign store, or a server that
        # cannot be reached, ends the crawl before anything is fetched (storage.StoreUnusable, one line).
        pipeline._run(pipeline._ensure_open).result()
        return pipeline

    def _run(self, function: Any, *args: Any) -> Future[Any]:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="article-storage")
        return self._thread.submit(function, *args)

    def _ensure_open(self) -> None:
        if self.store is None:
            self.store = self._open_store()

    def open_spider(self, spider: Any = None) -> None:
        # Opened (and migrated) up front so a bad DSN or path stops the crawl before it fetches anything.
        self._run(self._ensure_open).result()

    def _store(self, record: dict[str, Any]) -> ResultFuture:
        """The record joins the next batch; the future gives its StoreResult: an asyncio future of the running
        event loop, else (another reactor, no loop) a concurrent.futures one."""
        done: ResultFuture
        try:
            done = asyncio.get_running_loop().create_future()
        except RuntimeError:
            done = Future()
        with self._pending_lock:
            self._pending.append((record, done))
            start = not self._writing
            self._writing = True
        if start:
            self._run(self._write_pending)
        return done

    def _write_pending(self) -> None:
        while True:
            if self.batch_delay:
                time.sleep(self.batch_delay)  # articles arriving meanwhile join this transaction
            with self._pending_lock:
                batch = self._pending[:MAX_STORAGE_BATCH]
                del self._pending[:MAX_STORAGE_BATCH]
                if not batch:
                    self._writing = False
                    return
            try:
                self._ensure_open()
                results = self.store.upsert_many([record for record, _ in batch])
            except Exception as error:  # the store could not be opened or written: every waiting item hears it
                results = [error] * len(batch)
            # The results of a batch reach each event loop in one hand-over: a future wrapped for the loop
            # (asyncio.wrap_future) woke it once per article, 4 wake-ups for a batch of 4 (test_storage).
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
            for (_, done), result in zip(batch, results, strict=True):
                if isinstance(done, asyncio.Future):
                    by_loop.setdefault(done.get_loop(), []).append((done, result))
                elif isinstance(result, BaseException):
                    done.set_exception(result)
                else:
                    done.set_result(result)
            for loop, outcomes in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for these results any more
                    loop.call_soon_threadsafe(_settle, outcomes)

    def _stat(self, name: str) -> None:
        if self.crawler is not None and self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"storage/{name}")

    async def process_item(self, item: Any, spider: Any = None) -> Any:
        adapter = ItemAdapter(item)
        if not (adapter.get("canonical_url") or adapter.get("url")) or "text" not in adapter:
            return item
        if not adapter.get("text"):
            self._stat("skipped_empty")
            return item
        if self.skip_listings and not_an_article(adapter):
            self._stat(f"skipped_{adapter.get('page_type')}")
            return item
        if self._write_failed is not None:
            raise DropItem(f"not stored: the store failed ({self._write_failed})", log_level="DEBUG")
        try:
            stored = self._store(storage_record(item_as_dict(adapter)))
            result = await (stored if isinstance(stored, asyncio.Future) else await_future(stored))
        except StoreWriteFailed as error:
            self._stop_crawl(error)
            raise DropItem(f"not stored: {error}", log_level="DEBUG") from error
        self._stat(result.action)
        return item

    def _stop_crawl(self, error: StoreWriteFailed) -> None:
        """The store cannot be written (damaged, full disk, server gone): one line, and the crawl closes with
        reason ``store_write_failed`` (the crawl command exits non-zero); the store keeps its last commit."""
        if self._write_failed is not None:
            return
        self._write_failed = str(error)
        self._stat("write_failed")
        logger.error("Article store write failed, stopping the crawl: %s. The store keeps every article committed "
                     "before; run the same command again once the cause is fixed.", error)
        if self.crawler is not None and self.crawler.engine is not None:
            from scrapy.utils.defer import deferred_from_coro

            deferred_from_coro(self.crawler.engine.close_spider_async(reason=WRITE_FAILED_FINISH_REASON))

    def close_spider(self, spider: Any = None) -> None:
        if self._thread is None:
            return
        if self.store is not None:
            self._thread.submit(self.store.close).result()
        self._thread.shutdown(wait=True)
        self._thread = None
        self.store = None
