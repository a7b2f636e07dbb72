"""Where the news spider's URLs come from besides links: robots.txt ``Sitemap:`` lines, sitemaps, feeds (their
entries become requests with the date they announced), and a folder of saved pages.

robots.txt is read once per site: when Scrapy's robots.txt middleware fetches it (``ROBOTSTXT_OBEY``), its
``Sitemap:`` lines are taken from the parser it announces (``robots_parsed`` signal) instead of a second request.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import scrapy
from scrapy.crawler import Crawler
from scrapy.exceptions import CloseSpider
from scrapy.http import Request, Response, TextResponse
from scrapy.utils.sitemap import sitemap_urls_from_robots

from ..pagejob.urls import clean_url
from .discovery import FEED_TYPES, Entry, inflate, read_feed, read_sitemap
from .pageitems import failure_cause, page_item, response_robots_url, saved_pages
from .pagelinks import FEED_TYPE_BYTES, head_links, page_find

# Request priority of sitemaps, feeds and robots.txt: with the most article-looking pages (0-100 by score).
SCORE_PRIORITY = 100
ROBOTS_MIDDLEWARE = "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware"


def robots_middleware_on(crawler: Crawler) -> bool:
    """Whether Scrapy's robots.txt middleware fetches every site's robots.txt in this crawl."""
    settings = crawler.settings
    return settings.getbool("ROBOTSTXT_OBEY") and \
        settings.getwithbase("DOWNLOADER_MIDDLEWARES").get(ROBOTS_MIDDLEWARE) is not None


def parser_sitemaps(robotparser: Any) -> list[str] | None:
    """The ``Sitemap:`` URLs of a Scrapy robots.txt parser (Protego's or the standard library's), None when the
    parser does not tell them."""
    inner = getattr(robotparser, "rp", None)
    sitemaps = getattr(inner, "sitemaps", None)
    if sitemaps is not None and not callable(sitemaps):
        return list(sitemaps)
    site_maps = getattr(inner, "site_maps", None)
    if callable(site_maps):
        return list(site_maps() or [])
    return None


class SourcesMixin:
    """The news spider's sitemap, feed, robots.txt and saved-page sources (``NewsSpider`` holds the state)."""

    crawler: Crawler
    logger: Any
    discovery_sources: set[str]
    robots_hosts: set[str]
    since: Any
    sitemap_max_bytes: int
    tracking_parameters: list[str]
    entry_dates: dict[str, Any]
    max_depth: int
    _stat: Any  # NewsSpider's: a stat counted when there is a crawler
    request_for: Any  # NewsSpider's: the request for a page URL, unless known

    def robots_request(self, url: str) -> Request | None:
        """The request for the robots.txt of a start URL's site, for its ``Sitemap:`` lines; None when it is known
        or Scrapy's robots.txt middleware reads it anyway (``robots_parsed`` then hands over its sitemaps)."""
        robots = response_robots_url(url)
        if robots in self.discovery_sources:
            return None
        self.discovery_sources.add(robots)
        crawler = getattr(self, "crawler", None)
        if crawler is not None and robots_middleware_on(crawler):
            self.robots_hosts.add(urlsplit(robots).netloc)
            return None
        return scrapy.Request(robots, callback=self.parse_sitemap, errback=self.discovery_failed,
                              priority=SCORE_PRIORITY, meta={"discovery": "robots"})

    def robots_parsed(self, robotparser: Any, request: Request) -> None:
        """Scrapy's robots.txt middleware read a site's robots.txt: the sitemaps of a start site are crawled."""
        netloc = urlsplit(request.url).netloc
        if netloc not in self.robots_hosts:
            return
        self.robots_hosts.discard(netloc)
        sitemaps = parser_sitemaps(robotparser)
        robots = response_robots_url(request.url)
        if sitemaps is None:  # a parser that does not say: robots.txt fetched by the spider after all
            requests: Iterable[Request] = [scrapy.Request(robots, callback=self.parse_sitemap, dont_filter=True,
                                                          errback=self.discovery_failed, priority=SCORE_PRIORITY)]
        else:
            self._stat("news/sitemaps_in_robots", len(sitemaps))
            requests = self._entries((Entry(urljoin(robots, url), is_sitemap=True) for url in sitemaps), "sitemap")
        for sitemap_request in requests:
            self.crawler.engine.crawl(sitemap_request)

    def page_failed(self, failure: Any) -> None:
        """A page that could not be fetched or was refused (404, robots.txt, a dead link): counted by cause
        (``news/failed/<cause>``) and logged at DEBUG, since pages link to missing pages all the time; a start
        URL that fails is the crawl's own failure: one ERROR line naming it and the cause."""
        request = failure.request
        name, words = failure_cause(failure.value)
        if name != "ignored":  # a 304 or a robots.txt refusal: counted by the middleware that refused it
            self._stat(f"news/failed/{name}")
        if request.meta.get("discovered_by") == "start":
            self._stat("news/start_failed")
            self.logger.error("start URL %s not fetched: %s", request.url, words)
        else:
            self.logger.debug("%s not fetched: %s", request.url, words)

    def _read_folder(self, folder: Path) -> Iterator[dict[str, Any]]:
        if not folder.is_dir():
            raise CloseSpider(f"path {folder} is not a folder")
        for file, html in saved_pages(folder):
            if isinstance(html, Exception):
                self.logger.warning("skipped %s: %s", file, html)
                self.crawler.stats.inc_value("news/saved_pages_unreadable")
                continue
            self.crawler.stats.inc_value("news/saved_pages")
            yield page_item(file.resolve().as_uri(), html, None, "path")

    def _feeds_of(self, response: TextResponse) -> Iterator[Request]:
        if not any(page_find(response, kind, 0, 200_000) >= 0 for kind in FEED_TYPE_BYTES):
            return
        for url in head_links(response, "alternate", FEED_TYPES):
            if url not in self.discovery_sources:
                self.discovery_sources.add(url)
                self._stat("news/feeds_found")
                yield scrapy.Request(url, callback=self.parse_feed, errback=self.discovery_failed,
                                     priority=SCORE_PRIORITY)

    def discovery_failed(self, failure: Any) -> None:
        """A robots.txt, sitemap or feed that could not be fetched: the crawl goes on from its pages."""
        self._stat("news/discovery_failed")
        self.logger.debug("discovery: %s not fetched: %s", failure.request.url, failure_cause(failure.value)[1])

    def _body(self, response: Response, what: str) -> bytes | None:
        try:
            return inflate(response.body, self.sitemap_max_bytes)
        except ValueError as error:
            self.logger.warning("%s %s skipped: %s", what, response.url, error)
            self._stat(f"news/bad_{what}s")
            return None

    def _entries(self, entries: Iterable[Entry], source: str) -> Iterator[Request]:
        for entry in entries:
            if entry.is_sitemap:
                if self.since is not None and entry.published is not None and entry.published < self.since:
                    self._stat("news/skipped/sitemap_older_than_since")
                elif entry.url not in self.discovery_sources:
                    self.discovery_sources.add(entry.url)
                    yield scrapy.Request(entry.url, callback=self.parse_sitemap, errback=self.discovery_failed,
                                         priority=SCORE_PRIORITY)
                continue
            if entry.published is not None:  # links to it later are judged by this date too (since)
                self.entry_dates[clean_url(entry.url, self.tracking_parameters)] = entry.published
            request = self.request_for(entry.url, source, self.max_depth, published=entry.published)
            if request is not None:
                yield request

    def parse_sitemap(self, response: Response) -> Iterator[scrapy.Request]:
        body = self._body(response, "sitemap")
        if body is None:
            return
        if urlsplit(response.url).path.endswith("/robots.txt"):
            sitemaps = list(sitemap_urls_from_robots(body, base_url=response.url))
            self._stat("news/sitemaps_in_robots", len(sitemaps))
            yield from self._entries((Entry(url, is_sitemap=True) for url in sitemaps), "sitemap")
            return
        try:
            entries = list(read_sitemap(body))
        except ValueError as error:  # one bad sitemap is not fatal
            self.logger.warning("unreadable sitemap %s: %s", response.url, error)
            self._stat("news/bad_sitemaps")
            return
        yield from self._entries(entries, "sitemap")

    def parse_feed(self, response: Response) -> Iterator[scrapy.Request]:
        body = self._body(response, "feed")
        if body is None:
            return
        try:
            entries = read_feed(body)
        except ValueError as error:
            self.logger.warning("unreadable feed %s: %s", response.url, error)
            self._stat("news/bad_feeds")
            return
        yield from self._entries((Entry(response.urljoin(e.url), e.published) for e in entries), "feed")
