"""Scrapy item pipelines: main-text extraction of page items, and storage of the articles.

``ArticleExtractionPipeline`` works in any Scrapy project: an item that carries a page's HTML and URL (any
item type, read through ItemAdapter; field names from settings) becomes an ``ArticleItem``. Extraction is
CPU work, so it runs in a process pool (``EXTRACTION_WORKERS`` processes, default one per core) and the
reactor only awaits the result. Every worker opens the same SQLite template store, which is multi-process
safe (WAL, ``BEGIN IMMEDIATE`` around each compare-then-write), so a template learned by one worker is
seen by the others and by the next run. Pinned site rules (``EXTRACTION_RULES_FILE``) win over learning.

``ArticleStoragePipeline`` writes articles to SQLite or PostgreSQL (``crawler.storage``) from one
background thread, so database latency does not block the crawl either.

Settings (all optional; ``crawler.addon.NewsExtractionAddon`` enables both pipelines and the middleware):

- ``EXTRACTION_ENABLED`` (True), ``EXTRACTION_WORKERS`` (``os.cpu_count()``; 0 extracts in the crawl
  process, for debugging), ``EXTRACTION_TEMPLATE_STORE`` (SQLite path, default
  ``.scrapy/newscrawler/templates.sqlite``; a relative path is under ``.scrapy/``),
  ``EXTRACTION_RULES_FILE`` (JSON or YAML),
  ``EXTRACTION_HTML_FIELD`` (a name or list of names, first present wins; ``["html", "body"]``),
  ``EXTRACTION_URL_FIELD`` (``"url"``), ``EXTRACTION_CONTENT_TYPE_FIELD`` (``"content_type"``),
  ``EXTRACTION_START_METHOD`` (multiprocessing start method, ``"forkserver"``: a fork of the crawl
  process would copy the reactor's threads).
- ``STORAGE_ENABLED`` (True), ``STORAGE_SQLITE_PATH`` (default ``.scrapy/newscrawler/articles.sqlite``),
  ``STORAGE_POSTGRES_DSN`` (wins over SQLite when set), ``STORAGE_NEAR_DUPLICATE_BITS`` (6),
  ``STORAGE_SKIP_LISTINGS`` (True: pages classified as listings are not stored), ``STORAGE_BATCH_DELAY``
  (0.03 s: how long a write waits for more articles to share its transaction).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import re
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from itemadapter import ItemAdapter, is_item
from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.settings import BaseSettings
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.project import data_path
from twisted.internet.defer import Deferred

from .items import ArticleItem
from .pagejob import (  # the page job; names other modules and projects imported from here stay importable
    PageExtractor as PageExtractor,
)
from .pagejob import SiteRule as SiteRule
from .pagejob import canonical_url as canonical_url
from .pagejob import extract_in_worker as extract_in_worker
from .pagejob import init_worker as init_worker
from .pagejob import load_rules as load_rules
from .pagejob import utc_now_iso as utc_now_iso
from .pagejob import worker_extractor as worker_extractor
from .pagejob import worker_ready
from .pagejob.row import COMPUTED_FIELDS as COMPUTED_FIELDS
from .pagejob.row import TRANSPORT_FIELDS as TRANSPORT_FIELDS
from .pagejob.row import article_row
from .pagejob.workerpool import AsyncWorkerPool, WorkerDied
from .storage import WRITE_FAILED_FINISH_REASON, StoreWriteFailed, content_hash, normalize_text, simhash_hex

logger = logging.getLogger(__name__)

T = TypeVar("T")

DATA_DIR = "newscrawler"
DEFAULT_TEMPLATE_STORE = "templates.sqlite"
DEFAULT_ARTICLE_DB = "articles.sqlite"
DEFAULT_HTML_FIELDS = ("html", "body")
DEFAULT_URL_FIELD = "url"
DEFAULT_CONTENT_TYPE_FIELD = "content_type"
# forkserver: workers start from a clean process instead of a fork of the reactor's (threads, sockets).
DEFAULT_START_METHOD = "forkserver"
# Fields of a page item that are transport, not data: never copied into the article's metadata.
WHITESPACE_RE = re.compile(r"\s+")
XPATH_START_RE = re.compile(r"^\s*(?:\.?/|\(|ancestor|descendant|following|preceding|self::|id\()")
RULE_FIELDS = ("body", "title", "date")
# Page item field with the later pages of a multi-page article (crawler.spiders.news): their texts are
# appended to the first page's, and ``pages`` lists every page's URL.
CONTINUATION_FIELD = "continuation_pages"


# ---------------------------------------------------------------------------------------- crawl side


async def await_future(future: Future[T]) -> T:
    """Await a concurrent.futures future from Scrapy code under any reactor (asyncio or not)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        return await asyncio.wrap_future(future)
    from twisted.internet import reactor

    deferred: Deferred[T] = Deferred()

    def fire(done: Future[T]) -> None:
        error = done.exception()
        if error is not None:
            deferred.errback(error)
        else:
            deferred.callback(done.result())

    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))  # type: ignore[attr-defined]
    return await maybe_deferred_to_future(deferred)


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
    (``crawler.workerpool``); anywhere else a ``ProcessPoolExecutor`` does."""

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
        """Starts every worker process now, so their start-up (imports and the language model, ~1 s each)
        overlaps robots.txt and the first listing pages instead of holding back the first articles (the
        crawl benchmark saw the first items 1.5 s after the first response). The futures (asyncio's when
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


# Values that are never items: ItemAdapter.asdict asks every value whether it is an item of any known kind
# (dict, Scrapy Item, dataclass, attrs, pydantic), 5 % of the crawl process's CPU on the crawl benchmark
# (crawler.evaluation.crawl_bench, py-spy) for the pipelines' two copies of each item.
_PLAIN_VALUES = (str, bytes, int, float, type(None))


def _plain(value: Any) -> Any:
    if isinstance(value, _PLAIN_VALUES):
        return value
    if isinstance(value, dict):
        return {key: _plain(inner) for key, inner in value.items()}
    if isinstance(value, (list, set, tuple)):
        return value.__class__(_plain(inner) for inner in value)
    return ItemAdapter(value).asdict() if is_item(value) else value


def item_as_dict(adapter: ItemAdapter) -> dict[str, Any]:
    """``adapter.asdict()``, with plain values copied without asking each whether it is an item."""
    return {name: _plain(value) for name, value in adapter.items()}


def article_item(fields: Mapping[str, Any], source: Mapping[str, Any] | None = None,
                 skip: Iterable[str] = ()) -> ArticleItem:
    """An ArticleItem from extracted fields: the page job's row (``crawler.pagejob.row.article_row``: the source
    item's values fill the gaps, every value without a field of its own goes to ``metadata``, every field set)."""
    return ArticleItem(article_row(fields, source, skip))


# Page types that are not stored when EXTRACTION_DROP_LISTINGS / STORAGE_SKIP_LISTINGS are on (crawler.pagetypes:
# listings and site pages); a page without a type (it failed to parse) is kept with its reason.
ARTICLE_PAGE_TYPE = "article"
# Dropped non-articles are routine on a crawl (one listing a few articles): DEBUG, not Scrapy's WARNING.
DROPPED_PAGE_LOG_LEVEL = "DEBUG"


def not_an_article(fields: Mapping[str, Any]) -> bool:
    """Whether the extracted fields say the page is a listing or a site page, not an article."""
    kind = fields.get("page_type")
    return kind is not None and kind != ARTICLE_PAGE_TYPE


def count_page_type(stats: Any, fields: Mapping[str, Any]) -> None:
    """``extraction/pages/<page type>``: what the extraction saw, read by the progress log."""
    if stats is not None:
        stats.inc_value(f"extraction/pages/{fields.get('page_type') or 'unknown'}")


def dropped_page(stats: Any, fields: Mapping[str, Any], drop_listings: bool) -> bool:
    """Counts the page's type, and whether it is dropped: a listing or site page when ``drop_listings``
    (``EXTRACTION_DROP_LISTINGS``), counted as ``extraction/<page type>_pages_dropped``. The pipeline and the
    middleware both ask."""
    count_page_type(stats, fields)
    if not (drop_listings and not_an_article(fields)):
        return False
    if stats is not None:
        stats.inc_value(f"extraction/{fields['page_type']}_pages_dropped")
    return True


class ArticleExtractionPipeline:
    """Turns items that carry a page's HTML into ``ArticleItem``s; other items pass through untouched."""

    def __init__(
        self, service: ExtractionService, crawler: Crawler | None = None, drop_listings: bool = True
    ) -> None:
        self.service = service
        self.config = service.config
        self.crawler = crawler
        self.drop_listings = drop_listings

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ArticleExtractionPipeline:
        drop = crawler.settings.getbool("EXTRACTION_DROP_LISTINGS", True)
        return cls(ExtractionService.for_crawler(crawler), crawler, drop_listings=drop)

    def _html_field(self, adapter: ItemAdapter) -> str | None:
        for name in self.config.html_fields:
            if name in adapter and isinstance(adapter.get(name), (bytes, str)):
                return name
        return None

    async def process_item(self, item: Any, spider: Any = None) -> Any:
        adapter = ItemAdapter(item)
        html_field = self._html_field(adapter)
        if html_field is None:
            return item
        html = adapter[html_field]
        url = adapter.get(self.config.url_field)
        url = str(url) if url else None
        content_type = adapter.get(self.config.content_type_field)
        if isinstance(content_type, bytes):
            content_type = content_type.decode("latin-1")
        fields = await self.service.extract(html, url, content_type if isinstance(content_type, str) else None)
        stats = self.crawler.stats if self.crawler is not None else None
        if dropped_page(stats, fields, self.drop_listings):
            # Listing pages (home, sections, tags, search, pagination) were crawled for their links only, and
            # site pages (about, contact, legal, careers, login) are no news; one DEBUG line each.
            raise DropItem(f"{fields['page_type']} page {url}: {fields.get('page_type_reason')}",
                           log_level=DROPPED_PAGE_LOG_LEVEL)
        source = item_as_dict(adapter)
        parts = source.pop(CONTINUATION_FIELD, None)
        if isinstance(parts, list) and parts:
            fields = await self._merge_parts(fields, parts)
            source["pages"] = [url, *(part.get("url") for part in parts if isinstance(part, Mapping))]
            if stats is not None:
                stats.inc_value("extraction/multipage_articles")
        if stats is not None:
            outcome = "with_text" if fields.get("text") else "empty"
            stats.inc_value(f"extraction/items_{outcome}")
        return article_item(fields, source, skip={html_field, self.config.url_field})

    async def _merge_parts(self, fields: dict[str, Any], parts: list[Any]) -> dict[str, Any]:
        """One article from its pages: the first page's fields, the texts of all pages in order. A line a
        later page repeats (byline, standfirst) is kept once; a part that fails adds a warning, not a gap."""
        texts = [fields.get("text") or ""]
        seen_lines = {line.strip() for line in texts[0].splitlines() if line.strip()}
        warnings = list(fields.get("warnings") or [])
        for part in parts:
            if not isinstance(part, Mapping) or not isinstance(part.get("html"), (bytes, str)):
                warnings.append(f"part without HTML skipped: {part.get('url') if isinstance(part, Mapping) else part}")
                continue
            content_type = part.get("content_type")
            extracted = await self.service.extract(part["html"], part.get("url"),
                                                   content_type if isinstance(content_type, str) else None)
            lines = [line for line in (extracted.get("text") or "").splitlines()
                     if line.strip() and line.strip() not in seen_lines]
            if not lines:
                warnings.append(f"page {part.get('url')}: no text ({extracted.get('reason') or 'all repeated'})")
                continue
            seen_lines.update(line.strip() for line in lines)
            texts.append("\n".join(lines))
        merged = {**fields, "text": "\n".join(text for text in texts if text)}
        merged["content_hash"] = content_hash(merged["text"])
        merged["simhash"] = simhash_hex(merged["text"])
        if warnings:
            merged["warnings"] = warnings
        return merged

    def close_spider(self, spider: Any = None) -> None:
        self.service.close()


# -------------------------------------------------------------------------------------------- storage


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
# How long a write waits for more articles to share its transaction. Measured on the crawl benchmark
# (crawler.evaluation.crawl_bench): 30 ms (batches of ~3 at 90 articles/s) took the storage thread from 0.77 to
# 0.46 ms of CPU an article and halved the extraction workers' involuntary context switches (every write's
# wake-up of the crawl process took a core from a worker). An article is stored at most this much later.
DEFAULT_STORAGE_BATCH_DELAY = 0.03


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
        self._pending: list[tuple[dict[str, Any], Future[Any]]] = []
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

    def _store(self, record: dict[str, Any]) -> Future[Any]:
        """The record joins the next batch; the future gives its StoreResult."""
        done: Future[Any] = Future()
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
            for (_, done), result in zip(batch, results, strict=True):
                if isinstance(result, BaseException):
                    done.set_exception(result)
                else:
                    done.set_result(result)

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
            result = await await_future(self._store(storage_record(item_as_dict(adapter))))
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


__all__ = [
    "ArticleExtractionPipeline",
    "ArticleStoragePipeline",
    "ExtractionService",
    "ExtractionSettings",
    "PageExtractor",
    "SiteRule",
    "article_item",
    "article_store_opener",
    "await_future",
    "canonical_url",
    "content_hash",
    "count_page_type",
    "dropped_page",
    "load_rules",
    "normalize_text",
    "not_an_article",
    "storage_record",
]
