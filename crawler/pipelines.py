"""Scrapy item pipelines: main-text extraction of page items (here), and storage of the articles
(``crawler.storage_pipeline``, named here too, as projects set up before it moved name it in ``ITEM_PIPELINES``).

``ArticleExtractionPipeline`` works in any Scrapy project: an item that carries a page's HTML and URL (any
item type, read through ItemAdapter; field names from settings) becomes an ``ArticleItem``. The work is done by
``crawler.extraction_service`` (a process pool; the reactor only awaits the result).

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

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from itemadapter import ItemAdapter
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from .components import item_as_dict
from .extraction_service import ExtractionService
from .items import CONTINUATION_FIELD, ArticleItem
from .pagejob.fingerprints import content_hash, simhash_hex
from .pagejob.pagetypes import ANNOUNCING_SOURCES, LISTING, announced_item, classify_page
from .pagejob.row import article_row, not_an_article

# The storage pipeline's old path, as projects set up before it moved name it in ITEM_PIPELINES (docs/addon.md).
from .storage_pipeline import ArticleStoragePipeline as ArticleStoragePipeline

logger = logging.getLogger(__name__)


def article_item(fields: Mapping[str, Any], source: Mapping[str, Any] | None = None,
                 skip: Iterable[str] = ()) -> ArticleItem:
    """An ArticleItem from extracted fields: the page job's row (``crawler.pagejob.row.article_row``: the source
    item's values fill the gaps, every value without a field of its own goes to ``metadata``, every field set)."""
    return ArticleItem(article_row(fields, source, skip))


DROPPED_PAGE_LOG_LEVEL = "DEBUG"


def announced_page(fields: dict[str, Any], html: bytes | str, url: str | None, content_type: str | None,
                   announced_by: str) -> dict[str, Any]:
    """The fields of a page a feed or a sitemap announced as an item and the extraction called a listing, with the
    announcement as evidence (``pagetypes.announced_item``): an article unless the page is clearly a listing. The
    page is parsed again here, in the crawl process, for these few pages only."""
    from .extractors import parse_html

    try:
        doc = parse_html(html, url, content_type)
        judged = announced_item(doc, classify_page(doc, url), announced_by)
    except Exception as error:  # the extraction's own judgement stands
        logger.debug("announced page %s not judged again: %s", url, error)
        return fields
    return {**fields, "page_type": judged.kind, "page_type_reason": judged.reason()}


def count_page_type(stats: Any, fields: Mapping[str, Any]) -> None:
    """``extraction/pages/<page type>``: what the extraction saw, read by the progress log; and
    ``extraction/extractor/<path>``: how (``default/template+container``: a learned template spared the cascade)."""
    if stats is not None:
        stats.inc_value(f"extraction/pages/{fields.get('page_type') or 'unknown'}")
        stats.inc_value(f"extraction/extractor/{fields.get('extractor') or 'none'}")


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
        content_type = content_type if isinstance(content_type, str) else None
        fields = await self.service.extract(html, url, content_type)
        announced_by = adapter.get("discovered_by")
        if fields.get("page_type") == LISTING and announced_by in ANNOUNCING_SOURCES and fields.get("text"):
            fields = announced_page(fields, html, url, content_type, str(announced_by))
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


__all__ = ["ArticleExtractionPipeline", "ArticleStoragePipeline", "article_item", "count_page_type", "dropped_page"]
