"""Scrapy item pipelines: main-text extraction of page items (here), and storage of the articles
(``crawler.storage_pipeline``, named here too, as projects name it in ``ITEM_PIPELINES``).

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
import weakref
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.settings import BaseSettings
from scrapy.utils.project import data_path

from .components import DATA_DIR as DATA_DIR
from .components import await_future as await_future
from .components import item_as_dict as item_as_dict
from .extractors.pagekind.confidence import LOW_CONFIDENCE
from .items import ArticleItem
from .pagejob import RULE_FIELDS as RULE_FIELDS
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
from .pagejob.row import ARTICLE_PAGE_TYPE as ARTICLE_PAGE_TYPE
from .pagejob.row import COMPUTED_FIELDS as COMPUTED_FIELDS
from .pagejob.row import TRANSPORT_FIELDS as TRANSPORT_FIELDS
from .pagejob.row import article_row
from .pagejob.row import not_an_article as not_an_article
from .pagejob.workerpool import AsyncWorkerPool, WorkerDied
from .storage import content_hash, normalize_text, simhash_hex
from .storage_pipeline import DEFAULT_ARTICLE_DB as DEFAULT_ARTICLE_DB
from .storage_pipeline import ArticleStoragePipeline as ArticleStoragePipeline
from .storage_pipeline import article_store_opener as article_store_opener
from .storage_pipeline import storage_record as storage_record

logger = logging.getLogger(__name__)

DEFAULT_TEMPLATE_STORE = "templates.sqlite"
DEFAULT_HTML_FIELDS = ("html", "body")
DEFAULT_URL_FIELD = "url"
DEFAULT_CONTENT_TYPE_FIELD = "content_type"
# forkserver: workers start from a clean process instead of a fork of the reactor's (threads, sockets).
DEFAULT_START_METHOD = "forkserver"
# Page item field with the later pages of a multi-page article (crawler.spiders.news): their texts are
# appended to the first page's, and ``pages`` lists every page's URL.
CONTINUATION_FIELD = "continuation_pages"


# ---------------------------------------------------------------------------------------- crawl side


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
def article_item(fields: Mapping[str, Any], source: Mapping[str, Any] | None = None,
                 skip: Iterable[str] = ()) -> ArticleItem:
    """An ArticleItem from extracted fields: the page job's row (``crawler.pagejob.row.article_row``: the source
    item's values fill the gaps, every value without a field of its own goes to ``metadata``, every field set)."""
    return ArticleItem(article_row(fields, source, skip))


DROPPED_PAGE_LOG_LEVEL = "DEBUG"


def count_page_type(stats: Any, fields: Mapping[str, Any]) -> None:
    """``extraction/pages/<page type>``: what the extraction saw, read by the progress log; and
    ``extraction/extractor/<path>``: how (``default/template+container``: a learned template spared the cascade);
    ``extraction/kind/<page kind>`` and ``extraction/low_confidence`` (an extraction whose confidence is below
    ``LOW_CONFIDENCE``)."""
    if stats is not None:
        stats.inc_value(f"extraction/pages/{fields.get('page_type') or 'unknown'}")
        stats.inc_value(f"extraction/extractor/{fields.get('extractor') or 'none'}")
        if fields.get("page_kind"):
            stats.inc_value(f"extraction/kind/{fields['page_kind']}")
        confidence = fields.get("confidence")
        if confidence is not None and confidence < LOW_CONFIDENCE:
            stats.inc_value("extraction/low_confidence")


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
