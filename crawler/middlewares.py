"""Spider middleware: every HTML response of any spider also becomes an article item.

Enable it (or ``crawler.addon.NewsExtractionAddon``) and a spider that only follows links, or scrapes
something else, yields one ``ArticleItem`` per HTML page besides its own output; no callback changes.
Non-HTML responses (images, PDFs, JSON, feeds) pass untouched, and so do listing and site pages
(``crawler.pagejob.pagetypes``; ``EXTRACTION_DROP_LISTINGS``, True, as in the pipeline): no article is added for
them. When the callback already yielded a page item carrying this response's HTML (a field named by
``EXTRACTION_HTML_FIELD``), the extraction pipeline will turn that into the article, so the middleware adds
none (``EXTRACTION_MIDDLEWARE_DEDUPLICATE``).

Extraction goes to the same process pool as ``ArticleExtractionPipeline`` (``ExtractionService``) and is
awaited, so the reactor stays free. Setting: ``EXTRACTION_ENABLED`` (off: ``NotConfigured``).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

from itemadapter import ItemAdapter, is_item
from scrapy.crawler import Crawler
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware
from scrapy.http import HtmlResponse, Request, Response, TextResponse

from .extraction_service import ExtractionService
from .pipelines import article_item, dropped_page
from .spiders.pagelinks import find_folded, writes_ascii_as_itself

logger = logging.getLogger(__name__)

HTML_CONTENT_TYPES = ("text/html", "application/xhtml+xml")


def is_html_response(response: Response | None) -> bool:
    """An HTML page by class (Scrapy's type detection) or by its Content-Type header."""
    if response is None or not isinstance(response, TextResponse):
        return False
    if isinstance(response, HtmlResponse):
        return True
    content_type = (response.headers.get(b"Content-Type") or b"").decode("latin-1").lower()
    return any(kind in content_type for kind in HTML_CONTENT_TYPES)


class ArticleExtractionMiddleware:
    """Adds an ``ArticleItem`` for every HTML response to the spider's output."""

    def __init__(self, service: ExtractionService, crawler: Crawler | None = None, deduplicate: bool = True,
                 drop_listings: bool = True) -> None:
        self.service = service
        self.crawler = crawler
        self.deduplicate = deduplicate
        self.drop_listings = drop_listings

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ArticleExtractionMiddleware:
        settings = crawler.settings
        return cls(ExtractionService.for_crawler(crawler), crawler,
                   settings.getbool("EXTRACTION_MIDDLEWARE_DEDUPLICATE", True),
                   settings.getbool("EXTRACTION_DROP_LISTINGS", True))

    def _carries_page(self, output: Any, response: Response) -> bool:
        """Whether a spider output item already carries this response's HTML for the pipeline."""
        if not is_item(output):
            return False
        adapter = ItemAdapter(output)
        config = self.service.config
        return any(isinstance(adapter.get(name), (bytes, str)) for name in config.html_fields if name in adapter) \
            and str(adapter.get(config.url_field) or response.url) == response.url

    async def process_spider_output(self, response: Response, result: AsyncIterator[Any],
                                    spider: Any = None) -> AsyncIterator[Any]:
        page_item_seen = False
        async for output in result:
            if self.deduplicate and not page_item_seen:
                page_item_seen = self._carries_page(output, response)
            yield output
        if page_item_seen or not is_html_response(response):
            return
        content_type = (response.headers.get(b"Content-Type") or b"").decode("latin-1") or None
        fields = await self.service.extract(response.body, response.url, content_type)
        stats = self.crawler.stats if self.crawler is not None else None
        if dropped_page(stats, fields, self.drop_listings):
            # As the extraction pipeline does (EXTRACTION_DROP_LISTINGS): a listing or site page was fetched
            # for its links; nothing is added for it, one DEBUG line says why.
            logger.debug("Not an article: %s page %s: %s", fields["page_type"], response.url,
                         fields.get("page_type_reason"))
            return
        if stats is not None:
            stats.inc_value("extraction/middleware_articles")
        yield article_item(fields, validators(response))


def validators(response: Response) -> dict[str, str]:
    """The response's HTTP validators (ETag, Last-Modified), which storage keeps for conditional recrawls, as the
    news spider's page items carry them."""
    found = {}
    for name, header in (("etag", b"ETag"), ("last_modified", b"Last-Modified")):
        value = (response.headers.get(header) or b"").decode("latin-1").strip()
        if value:
            found[name] = value
    return found


# Scrapy's MetaRefreshMiddleware reads the first 4096 characters of the decoded page; in an ASCII-compatible
# encoding (UTF-8, GBK, Big5, Shift_JIS, the ISO-8859 family...) they lie within the first 4 bytes a character.
SCRAPY_META_REFRESH_CHARACTERS = 4096
META_REFRESH_SCAN_BYTES = 4 * SCRAPY_META_REFRESH_CHARACTERS
# A page that may hold a refresh is shown to the stock middleware as its first bytes only: Scrapy decodes the whole
# page for its first 4096 characters (response.text), costly for a large page, and some pages have "refresh" in
# their head (in scripts). The head is decoded as the page is (same encoding, same
# function), a decoder reads left to right, and a character cut at the end of the head spoils at most the last few
# characters (its bytes, 3 at most in an encoding of 4 bytes a character at most): the head's first 4096 characters
# are the page's when it decodes to more than 4096 + META_REFRESH_CUT_CHARACTERS of them.
META_REFRESH_HEAD_BYTES = META_REFRESH_SCAN_BYTES + 64
META_REFRESH_CUT_CHARACTERS = 4


class MetaRefreshPrefilterMiddleware(MetaRefreshMiddleware):
    """Scrapy's meta-refresh redirects, without decoding pages that cannot contain one.

    The stock middleware decodes every HTML response (``response.text``) to look for
    ``<meta http-equiv="refresh">``, a cost on every page (``python -m crawler.evaluation.crawl_bench`` measures the
    crawl process). A page whose first bytes do not contain "refresh" in any case
    has none; a page in UTF-16 or UTF-32 (NUL bytes) is always handed to the stock middleware. A longer page in an
    encoding that writes ASCII as itself is shown to it as its first META_REFRESH_HEAD_BYTES bytes, which hold
    the 4096 characters it reads."""

    def process_response(self, request: Request, response: Response, spider: Any = None) -> Request | Response:
        if isinstance(response, HtmlResponse):
            # Searched in place (compiled, case folded as it compares): no slice or lowered copy of the head.
            body = response.body
            if body.find(b"\x00", 0, META_REFRESH_SCAN_BYTES) < 0 and \
                    find_folded(body, b"refresh", 0, META_REFRESH_SCAN_BYTES) < 0:
                return response
            if len(body) > META_REFRESH_HEAD_BYTES and writes_ascii_as_itself(response.encoding):
                head = response.replace(body=body[:META_REFRESH_HEAD_BYTES], encoding=response.encoding)
                if len(head.text) > SCRAPY_META_REFRESH_CHARACTERS + META_REFRESH_CUT_CHARACTERS:
                    result = super().process_response(request, head)
                    return response if result is head else result
        return super().process_response(request, response)
