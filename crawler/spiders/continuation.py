"""Articles split over several pages: the news spider holds an article page whose ``rel="next"`` continues its
own URL while its parts are fetched one after the other, then hands it over with the parts under
``continuation_pages`` (``crawler.items.CONTINUATION_FIELD``); the extraction pipeline joins their texts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.crawler import Crawler
from scrapy.http import Request, Response, TextResponse

from ..items import CONTINUATION_FIELD
from .pageitems import HTML_TYPES
from .pagelinks import continues, rel_links

# Parts of one article at most: long multi-page features run to about ten; beyond that it is a loop or a
# paginated archive (design choice).
MAX_ARTICLE_PAGES = 20
# Request.meta flag of the requests that fetch a later part of an article.
CONTINUATION_META = "article_continuation"
# Request priority of a later part: above every other page (0-100), so the held article is handed over first.
CONTINUATION_PRIORITY = 200


class ContinuationMixin:
    """The news spider's multi-page articles (``NewsSpider`` holds the crawl state and follows the links)."""

    crawler: Crawler
    logger: Any
    _count_page: Any  # NewsSpider's: counts a page against max_pages
    _page: Any  # NewsSpider's: the page item of a response
    _follow: Any  # NewsSpider's: the requests for the links of a page

    def parse_continuation(self, response: Response, article: dict[str, Any], depth: int = 0) -> Iterator[Any]:
        """A later part of ``article``: kept, then the next part is fetched or the whole article handed over."""
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
        if not isinstance(response, TextResponse) or not content_type.lower().startswith(HTML_TYPES):
            self.crawler.stats.inc_value("news/non_html_responses")
            yield article
            return
        self._count_page()
        part = self._page(response, content_type)
        part.pop("source", None)
        article = {**article, CONTINUATION_FIELD: [*article.get(CONTINUATION_FIELD, []), part]}
        known = {article["url"], *(p["url"] for p in article[CONTINUATION_FIELD])}
        next_parts = [url for url in rel_links(response, "next")
                      if url not in known and continues(article["url"], url)]
        held: set[str] = set(known)
        if next_parts and len(known) < MAX_ARTICLE_PAGES:
            held.add(next_parts[0])
            yield self._continuation_request(next_parts[0], article, depth)
        else:
            if next_parts:
                self.logger.warning("%s: more than %d parts, the rest is not merged", article["url"],
                                    MAX_ARTICLE_PAGES)
            yield article
        yield from self._follow(response, depth, held)

    def continuation_failed(self, failure: Any) -> Iterator[Any]:
        """A part that could not be fetched (error, 404, robots.txt): the parts fetched so far are kept."""
        request = failure.request
        self.logger.warning("part %s of %s not fetched: %s", request.url, request.cb_kwargs["article"]["url"],
                            failure.getErrorMessage())
        self.crawler.stats.inc_value("news/continuation_pages_failed")
        yield request.cb_kwargs["article"]

    def _continuation_request(self, url: str, article: dict[str, Any], depth: int) -> Request:
        # Highest priority: the held article is handed over as soon as possible.
        return scrapy.Request(url, callback=self.parse_continuation, errback=self.continuation_failed,
                              cb_kwargs={"article": article, "depth": depth}, priority=CONTINUATION_PRIORITY,
                              meta={CONTINUATION_META: True})

    def _continuation_dropped(self, request: Request, spider: Any = None) -> None:
        """The part was already fetched on its own (the dupefilter dropped it): fetched again, as part of its
        article, rather than losing the article held in the request."""
        if request.meta.get(CONTINUATION_META) and not request.dont_filter:
            self.crawler.stats.inc_value("news/continuation_pages_refetched")
            self.crawler.engine.crawl(request.replace(dont_filter=True))
