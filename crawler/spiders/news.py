"""``scrapy crawl news``: crawl news sites and hand every HTML page to the extraction pipeline.

Where pages come from (spider arguments, ``-a name=value``; lists are comma-separated):

- ``start_urls``: home or section pages; links are followed within their sites.
- ``sitemap_urls``: sitemap indexes, (news) sitemaps, or robots.txt files whose ``Sitemap:`` lines are read.
- ``feeds``: RSS or Atom feeds; their entries are fetched.
- ``urls_file``: a text file of URLs, one a line (the CX seed's online mode); fetched, not followed.
- ``path``: a folder of saved pages (``.html``, ``.htm``, ``.gz``; the CX seed's offline mode); read from disk.

Discovery (``discover``, on by default; ``-a discover=0`` off): for each start site the ``Sitemap:`` lines of its
robots.txt are read (indexes, gzipped and Google News sitemaps), and the RSS/Atom feeds its home and listing
pages announce (``<link rel="alternate">``) are fetched; stats ``news/discovered/sitemap|feed|link``. The frontier
rules themselves are ``crawler.spiders.discovery``'s: URLs cleaned of tracking parameters before they are scheduled, AMP
twins and print views of known articles not fetched (a twin of an unknown article fetches the article), listing
pagination that keeps its page's depth (a chain bounded by NEWS_LISTING_MAX_PAGES and stopped once
NEWS_BARREN_LISTING_PAGES pages in a row named no new article URL), article-looking URLs asked for first, and
``since`` (YYYY-MM-DD) skipping older articles by their sitemap, feed or URL date without fetching them.

Limits: ``max_depth`` (links followed from the start pages, default 3), ``max_pages`` (pages fetched, default
no limit), ``follow_external`` (1 to leave the start sites). robots.txt, AutoThrottle and per-domain
concurrency come from the project settings. A bad argument ends the crawl with one line and exit status 2;
an unknown one is warned about. Whether a page is an article or a listing is decided where
it is parsed, by the extraction pipeline (``crawler.pagejob.pagetypes``); the spider follows links of both.

Articles split over several pages are handed over as one page item: an article page whose ``rel="next"`` link
continues its own URL (``story.html`` -> ``story-2.html``, ``story/2``, ``story?page=2``) is held while its
parts are fetched one after the other, then yielded with the parts under ``continuation_pages``; the
extraction pipeline joins their texts. Listing pagination (``/world/page/2.html``) is not merged: only a
page that ``crawler.pagejob.pagetypes`` calls an article starts a chain. A continuation page reached on its own is
not handed over: it sends the crawl to its first page instead.
"""

from __future__ import annotations

import difflib
import logging
from collections.abc import AsyncIterator, Iterator
from datetime import date
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urldefrag, urlsplit

import scrapy
from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import CloseSpider
from scrapy.http import Request, Response, TextResponse
from scrapy.linkextractors import LinkExtractor

from ..pagejob.urls import clean_url
from .arguments import (
    SCRAPY_ARGUMENTS,
    SPIDER_ARGUMENTS,
    SpiderArgumentError,
    date_argument,
    flag,
    int_argument,
    split_list,
)
from .continuation import ContinuationMixin
from .discovery import (
    ARTICLE_SCORE,
    ArticleUrlScore,
    is_pagination,
    page_number,
    url_date,
    variant_of,
)
from .pageitems import (
    HTML_TYPES,
    has_ignored_extension,
    header,
    is_article,
    listing_page,
    page_item,
    read_urls_file,
)
from .pagelinks import (
    continues,
    head_links,
    page_names_next_or_previous,
    rel_links,
)
from .sources import SCORE_PRIORITY, SourcesMixin

logger = logging.getLogger(__name__)

# How deep links are followed from the start pages when the user does not say (home -> section -> article).
DEFAULT_MAX_DEPTH = 3
# Request.meta key of a request for an article guessed from its AMP/print twin's URL: the twin's URL.
VARIANT_FALLBACK_META = "variant_fallback"


# Listing pages one chain of pagination links may fetch (NEWS_LISTING_MAX_PAGES): 50 pages of 10-30 links is
# the last 500-1500 stories of a section, beyond what sitemaps and feeds say (design choice).
DEFAULT_LISTING_MAX_PAGES = 50
# Listing pages in a row (a pager, a calendar's next day, a section of sections) that name no article URL the
# crawl did not know yet before their links stop being followed (NEWS_BARREN_LISTING_PAGES). Real pagers
# name new stories on every page; an endless calendar's empty days name none. Three lets a page of
# already-known stories (from the home page or the sitemap) pass (design choice).
DEFAULT_BARREN_LISTING_PAGES = 3
# The sitemap protocol's size limit for one file, uncompressed (sitemaps.org: 50 MB); DOWNLOAD_MAXSIZE when
# lower. Feeds share it.
SITEMAP_MAX_BYTES = 50 * 1024 * 1024


class NewsSpider(ContinuationMixin, SourcesMixin, scrapy.Spider):
    name = "news"
    # Every HTML page already goes to the pipeline as a page item: the add-on's extraction middleware would
    # only add the parts of multi-page articles as articles of their own.
    custom_settings: ClassVar[dict[str, Any]] = {
        "SPIDER_MIDDLEWARES": {"crawler.middlewares.ArticleExtractionMiddleware": None},
        # Each article once: trusted identity, copies dropped, between extraction (100) and storage (900).
        "ITEM_PIPELINES": {"crawler.identity.ArticleIdentityPipeline": 800},
    }

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> NewsSpider:
        try:
            spider = super().from_crawler(crawler, *args, **kwargs)
        except SpiderArgumentError as error:
            # One line and a non-zero exit instead of Scrapy's traceback of a failed start.
            logger.error("news spider: %s", error)
            raise SystemExit(2) from None
        crawler.signals.connect(spider._continuation_dropped, signal=signals.request_dropped)
        crawler.signals.connect(spider._learn_article, signal=signals.item_scraped)
        crawler.signals.connect(spider._learn_listing, signal=signals.item_dropped)
        crawler.signals.connect(spider.robots_parsed, signal=signals.robots_parsed)
        settings = crawler.settings
        spider.tracking_parameters = settings.getlist("NEWS_TRACKING_PARAMETERS")
        spider.listing_max_pages = settings.getint("NEWS_LISTING_MAX_PAGES", DEFAULT_LISTING_MAX_PAGES)
        spider.barren_listing_pages = settings.getint("NEWS_BARREN_LISTING_PAGES", DEFAULT_BARREN_LISTING_PAGES)
        maxsize = settings.getint("DOWNLOAD_MAXSIZE")
        spider.sitemap_max_bytes = min(maxsize, SITEMAP_MAX_BYTES) if maxsize else SITEMAP_MAX_BYTES
        return spider

    def __init__(
        self,
        start_urls: str | None = None,
        sitemap_urls: str | None = None,
        feeds: str | None = None,
        urls_file: str | None = None,
        path: str | None = None,
        max_depth: str | int = DEFAULT_MAX_DEPTH,
        max_pages: str | int | None = None,
        follow_external: str | bool = False,
        discover: str | bool = True,
        since: str | None = None,
        **kwargs: Any,
    ) -> None:
        unknown = [name for name in kwargs if name not in SCRAPY_ARGUMENTS]
        for name in unknown:
            close = difflib.get_close_matches(name, SPIDER_ARGUMENTS, n=1)
            hint = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(SPIDER_ARGUMENTS)})"
            logger.warning("news spider: unknown argument -a %s, ignored%s", name, hint)
        super().__init__(**kwargs)
        self.start_urls = split_list(start_urls)
        self.sitemap_urls = split_list(sitemap_urls)
        self.feed_urls = split_list(feeds)
        self.urls_file = urls_file
        self.path = path
        self.max_depth = int_argument("max_depth", max_depth, 0)
        self.max_pages = int_argument("max_pages", max_pages, 1) if max_pages not in (None, "") else None
        self.follow_external = flag(follow_external)
        self.discover = discover is True or flag(discover)
        self.since = date_argument("since", since)
        if not (self.start_urls or self.sitemap_urls or self.feed_urls or urls_file or path):
            raise SpiderArgumentError("give start_urls, sitemap_urls, feeds, urls_file or path (-a name=value)")
        for url in self.start_urls + self.sitemap_urls + self.feed_urls:
            if urlsplit(url).scheme not in {"http", "https", "file"} or not (urlsplit(url).netloc or
                                                                              url.startswith("file:")):
                raise SpiderArgumentError(f"{url!r} is not a URL (http://host/...)")
        if urls_file and not Path(urls_file).is_file():
            raise SpiderArgumentError(f"-a urls_file={urls_file}: no such file")
        if path and not Path(path).is_dir():
            raise SpiderArgumentError(f"-a path={path}: no such folder")
        hosts = {urlsplit(u).hostname for u in self.start_urls + self.sitemap_urls + self.feed_urls}
        # OffsiteMiddleware keeps requests on these domains (and their subdomains).
        self.allowed_domains = sorted(h for h in hosts if h) if not self.follow_external else []
        self.pages_seen = 0
        # One bound method for every page request's callback. Scrapy checks a callback for a generator's return
        # value once, in a cache keyed by (a weak reference to) the callback object: a bound method made for each
        # request dies with it, and the check (inspect.getsource and ast.parse of parse_page, costly) would be
        # redone every few dozen requests. Named after parse_page so that JOBDIR still saves requests as "parse_page".
        self.parse_page_callback = self.parse_page
        # Offsite filtering is OffsiteMiddleware's (LinkExtractor's allow_domains fails on URLs with a port).
        # LinkExtractor()'s links, its extension check made by followed_links (unless a subclass puts an extractor of
        # its own in link_extractor).
        self.link_extractor = self.default_link_extractor = LinkExtractor(deny_extensions=[])
        # Frontier state: every URL scheduled (cleaned), the AMP/print twins of pages fetched, feeds and sitemaps
        # asked for, and how article-like each URL shape of a site turned out.
        self.scheduled: set[str] = set()
        self.twins: set[str] = set()
        self.entry_dates: dict[str, date] = {}  # dates sitemaps and feeds gave their entries
        self.discovery_sources: set[str] = set()
        self.robots_hosts: set[str] = set()  # start sites whose robots.txt Scrapy's middleware reads for us
        self.article_score = ArticleUrlScore()
        self.listing_urls: set[str] = set()
        self.listing_pages: set[tuple[str, int]] = set()  # (listing_key, page number) of pages scheduled
        # Defaults for a spider built without a crawler (from_crawler sets them from the settings).
        self.tracking_parameters: list[str] = []
        self.listing_max_pages = DEFAULT_LISTING_MAX_PAGES
        self.barren_listing_pages = DEFAULT_BARREN_LISTING_PAGES
        self.sitemap_max_bytes = SITEMAP_MAX_BYTES

    def _stat(self, name: str, count: int = 1) -> None:
        if getattr(self, "crawler", None) is not None:
            self.crawler.stats.inc_value(name, count)

    async def start(self) -> AsyncIterator[Any]:
        for url in self.start_urls:
            url = clean_url(url, self.tracking_parameters)
            self.scheduled.add(url)
            yield scrapy.Request(url, callback=self.parse_page_callback, cb_kwargs={"depth": 0},
                                 priority=SCORE_PRIORITY, meta={"discovered_by": "start"}, errback=self.page_failed)
            if self.discover and urlsplit(url).scheme in {"http", "https"}:
                robots = self.robots_request(url)
                if robots is not None:
                    yield robots
        for url in self.sitemap_urls:
            yield scrapy.Request(url, callback=self.parse_sitemap, priority=SCORE_PRIORITY)
        for url in self.feed_urls:
            yield scrapy.Request(url, callback=self.parse_feed, priority=SCORE_PRIORITY)
        if self.urls_file:
            for url in read_urls_file(self.urls_file):
                yield scrapy.Request(url, callback=self.parse_page_callback, cb_kwargs={"depth": self.max_depth},
                                     errback=self.page_failed)
        if self.path:
            for item in self._read_folder(Path(self.path)):
                yield item

    def _count_page(self) -> None:
        self.pages_seen += 1
        if self.max_pages is not None and self.pages_seen > self.max_pages:
            raise CloseSpider(f"max_pages={self.max_pages} reached")

    def parse_page(self, response: Response, depth: int = 0, chain: int = 0, barren: int = 0) -> Iterator[Any]:
        """Every HTML page goes to the pipeline (the first part of a multi-page article once its parts are
        fetched); links are followed while depth allows (``chain``: listing pages reached by pagination in a row,
        ``barren``: listing pages in a row that named no new article URL)."""
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
        if not isinstance(response, TextResponse) or not content_type.lower().startswith(HTML_TYPES):
            self.crawler.stats.inc_value("news/non_html_responses")
            return
        self._count_page()
        item = self._page(response, content_type)
        next_parts: list[str] = []
        earlier: list[str] = []
        if page_names_next_or_previous(response):  # most pages name no next or previous part
            next_parts = [url for url in rel_links(response, "next") if continues(response.url, url)]
            earlier = [url for url in rel_links(response, "prev", "previous") if continues(url, response.url)]
        held: set[str] = set()
        if next_parts and is_article(response, content_type):
            held.add(next_parts[0])
            self.crawler.stats.inc_value("news/multipage_articles")
            yield self._continuation_request(next_parts[0], item, depth)
        elif earlier and is_article(response, content_type):
            # A later part reached on its own: its first page fetches it as part of the whole article.
            self.crawler.stats.inc_value("news/continuation_pages_redirected")
            yield scrapy.Request(earlier[0], callback=self.parse_page_callback, cb_kwargs={"depth": depth},
                                 errback=self.page_failed)
        else:
            yield item
        self._note_twins(response)
        yield from self._follow(response, depth, held, chain, barren)

    def _learn_article(self, item: Any, response: Any = None, spider: Any = None) -> None:
        """A page stored or exported: an article unless the pipeline called it a listing."""
        url = item.get("url") if hasattr(item, "get") else None
        if url and "text" in item and urlsplit(str(url)).scheme in {"http", "https"}:  # classified, not raw
            self.article_score.learn(str(url), item.get("page_type") != "listing")

    def _learn_listing(self, item: Any, response: Any = None, exception: Any = None, spider: Any = None) -> None:
        """A page the pipeline dropped as a listing: its URL shape is a listing's on its site."""
        url = item.get("url") if hasattr(item, "get") else None
        if url and str(exception).lower().startswith("listing"):  # the extraction pipeline's "listing page ..."
            self.article_score.learn(str(url), False)
            self.listing_urls.add(clean_url(str(url), self.tracking_parameters))

    def _page(self, response: Response, content_type: str) -> dict[str, Any]:
        item = page_item(response.url, response.body, content_type, "crawl", response.status,
                         header(response, b"ETag"), header(response, b"Last-Modified"))
        discovered_by = response.meta.get("discovered_by")
        if discovered_by:
            item["discovered_by"] = discovered_by
        return item

    def _note_twins(self, response: TextResponse) -> None:
        """The page's AMP twin (``<link rel="amphtml">``) and the print/AMP forms of its own URL are known now:
        links to them are not followed."""
        own = clean_url(response.url, self.tracking_parameters)
        self.scheduled.add(own)
        for url in head_links(response, "amphtml"):
            self.twins.add(clean_url(url, self.tracking_parameters))

    def request_for(self, url: str, source: str, depth: int, priority: int | None = None, chain: int = 0,
                  barren: int = 0, published: date | None = None, cleaned: bool = False) -> Request | None:
        """A request for a page a link, sitemap or feed names, unless it is known, a twin of a known article,
        or older than ``since``; None then (counted by reason)."""
        if not url.startswith(("http:", "https:", "file:")):
            return None
        if not cleaned:
            url = clean_url(url, self.tracking_parameters)
        if url in self.scheduled:
            return None
        if url in self.twins:
            self._stat("news/skipped/amp_twin")
            return None
        fallback = None
        variant = variant_of(url)
        if variant:
            self._stat(f"news/skipped/{variant[0]}_view")
            self.scheduled.add(url)
            self.twins.add(url)
            base = clean_url(variant[1], self.tracking_parameters)
            if base in self.scheduled:
                return None
            # The article itself rather than its twin; the twin only if the article's URL cannot be fetched.
            fallback, url = url, base
        if self.since is not None:
            when = published or self.entry_dates.get(url) or url_date(url)
            if when is not None and when < self.since:
                self._stat("news/skipped/older_than_since")
                return None
        self.scheduled.add(url)
        score = self.article_score(url)
        self._stat(f"news/discovered/{source}")
        meta: dict[str, Any] = {"discovered_by": source}
        if fallback:
            meta[VARIANT_FALLBACK_META] = fallback
        return scrapy.Request(url, callback=self.parse_page_callback,
                              priority=int(SCORE_PRIORITY * score) if priority is None else priority,
                              cb_kwargs={"depth": depth, "chain": chain, "barren": barren},
                              meta=meta, errback=self.article_failed if fallback else self.page_failed)

    def article_failed(self, failure: Any) -> Iterator[Request]:
        """The article a twin named could not be fetched (its URL was a guess): the twin is fetched instead."""
        request = failure.request
        self._stat("news/variant_fallbacks")
        yield request.replace(url=request.meta[VARIANT_FALLBACK_META], errback=self.page_failed, dont_filter=True)

    def _follow(self, response: Response, depth: int, skip: set[str], chain: int = 0,
                barren: int = 0) -> Iterator[scrapy.Request]:
        """Links of the page, its ``<link rel="next">`` (listing pagination the link extractor does not see)
        and, on home and listing pages, its feeds. Pagination keeps the page's depth; a chain of listing pages
        (followed below max_depth) ends at NEWS_LISTING_MAX_PAGES, or once NEWS_BARREN_LISTING_PAGES pages in a
        row named no new article URL."""
        if self.discover and (depth == 0 or self.article_score(response.url) < ARTICLE_SCORE):
            yield from self._feeds_of(response)
        if depth >= self.max_depth:  # its links, even to its next page, would be past the depth: not extracted
            return
        urls = self.followed_links(response)
        next_pages = rel_links(response, "next")
        urls += next_pages
        # Links not scheduled yet, cleaned once (the rules below ask about them only: most links of a page are
        # the site's navigation, already known after its first pages).
        fresh: dict[str, str] = {}
        for url in dict.fromkeys(urldefrag(url)[0] for url in urls):
            cleaned = clean_url(url, self.tracking_parameters)
            if url not in skip and cleaned not in self.scheduled:
                fresh.setdefault(cleaned, url)
        new_articles = any(self.article_score(url) >= ARTICLE_SCORE for url in fresh)
        barren = 0 if new_articles else barren + 1
        if barren > self.barren_listing_pages:
            self._stat("news/listing_chains_stopped/no_new_articles")
            return
        self.listing_pages.add(listing_page(response.url))
        for url, found in fresh.items():
            if found in next_pages or is_pagination(url, response.url):
                if listing_page(url) in self.listing_pages:  # ?page=1 of the page itself, a page seen
                    continue
                self.listing_pages.add(listing_page(url))
                if chain + 1 >= self.listing_max_pages or (page_number(url) or 0) > self.listing_max_pages:
                    self._stat("news/listing_chains_stopped/page_cap")
                    continue
                request = self.request_for(url, "link", depth, chain=chain + 1, barren=barren, cleaned=True)
            else:
                request = self.request_for(url, "link", depth + 1, barren=barren, cleaned=True)
            if request is not None:
                yield request

    def followed_links(self, response: TextResponse) -> list[str]:
        """The URLs of the page's links, as Scrapy's ``LinkExtractor()`` gives them."""
        extractor = self.link_extractor
        urls = [link.url for link in extractor.extract_links(response)]
        return [url for url in urls if not has_ignored_extension(url)] if extractor is self.default_link_extractor \
            else urls
