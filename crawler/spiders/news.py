"""``scrapy crawl news``: crawl news sites and hand every HTML page to the extraction pipeline.

Where pages come from (spider arguments, ``-a name=value``; lists are comma-separated):

- ``start_urls``: home or section pages; links are followed within their sites.
- ``sitemap_urls``: sitemap indexes, (news) sitemaps, or robots.txt files whose ``Sitemap:`` lines are read.
- ``feeds``: RSS or Atom feeds; their entries are fetched.
- ``urls_file``: a text file of URLs, one a line (the CX seed's online mode); fetched, not followed.
- ``path``: a folder of saved pages (``.html``, ``.htm``, ``.gz``; the CX seed's offline mode); read from disk.

Limits: ``max_depth`` (links followed from the start pages, default 3), ``max_pages`` (pages fetched, default
no limit), ``follow_external`` (1 to leave the start sites). robots.txt, AutoThrottle and per-domain
concurrency come from the project settings. Whether a page is an article or a listing is decided where
it is parsed, by the extraction pipeline (``crawler.pagetypes``); the spider follows links of both.
"""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import scrapy
from scrapy.exceptions import CloseSpider
from scrapy.http import Response, TextResponse
from scrapy.linkextractors import LinkExtractor
from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

# How deep links are followed from the start pages when the user does not say (home -> section -> article).
DEFAULT_MAX_DEPTH = 3
SAVED_PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")
GZIP_MAGIC = b"\x1f\x8b"
HTML_TYPES = ("text/html", "application/xhtml+xml")


def _split(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else list(value)
    return [item.strip() for item in items if item and item.strip()]


def _flag(value: Any) -> bool:
    return str(value).strip().lower() in {"1", "true", "yes", "on"}


def _gunzip(body: bytes) -> bytes:
    return gzip.decompress(body) if body[:2] == GZIP_MAGIC else body


def page_item(url: str, html: bytes, content_type: str | None, source: str, status: int = 200,
              etag: str | None = None, last_modified: str | None = None) -> dict[str, Any]:
    """What the spider hands to the pipeline: the page as fetched, not yet extracted. ``etag`` and
    ``last_modified`` are the response's validators, kept by storage for conditional recrawls."""
    item: dict[str, Any] = {"url": url, "html": html, "content_type": content_type, "status": status,
                            "source": source}
    if etag:
        item["etag"] = etag
    if last_modified:
        item["last_modified"] = last_modified
    return item


def _header(response: Response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1").strip() or None if value else None


class NewsSpider(scrapy.Spider):
    name = "news"

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
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.start_urls = _split(start_urls)
        self.sitemap_urls = _split(sitemap_urls)
        self.feed_urls = _split(feeds)
        self.urls_file = urls_file
        self.path = path
        self.max_depth = int(max_depth)
        self.max_pages = int(max_pages) if max_pages not in (None, "") else None
        self.follow_external = _flag(follow_external)
        if not (self.start_urls or self.sitemap_urls or self.feed_urls or urls_file or path):
            raise ValueError("news spider: give start_urls, sitemap_urls, feeds, urls_file or path (-a name=value)")
        hosts = {urlsplit(u).hostname for u in self.start_urls + self.sitemap_urls + self.feed_urls}
        # OffsiteMiddleware keeps requests on these domains (and their subdomains).
        self.allowed_domains = sorted(h for h in hosts if h) if not self.follow_external else []
        self.pages_seen = 0
        # Offsite filtering is OffsiteMiddleware's (LinkExtractor's allow_domains fails on URLs with a port).
        self.link_extractor = LinkExtractor()

    async def start(self) -> AsyncIterator[Any]:
        for url in self.start_urls:
            yield scrapy.Request(url, callback=self.parse_page, cb_kwargs={"depth": 0})
        for url in self.sitemap_urls:
            yield scrapy.Request(url, callback=self.parse_sitemap)
        for url in self.feed_urls:
            yield scrapy.Request(url, callback=self.parse_feed)
        if self.urls_file:
            for url in self._read_urls_file(self.urls_file):
                yield scrapy.Request(url, callback=self.parse_page, cb_kwargs={"depth": self.max_depth})
        if self.path:
            for item in self._read_folder(Path(self.path)):
                yield item

    @staticmethod
    def _read_urls_file(path: str) -> Iterator[str]:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                yield line

    def _read_folder(self, folder: Path) -> Iterator[dict[str, Any]]:
        if not folder.is_dir():
            raise CloseSpider(f"path {folder} is not a folder")
        for file in sorted(folder.rglob("*")):
            if not file.is_file() or not file.name.lower().endswith(SAVED_PAGE_SUFFIXES):
                continue
            try:
                html = _gunzip(file.read_bytes())
            except (OSError, EOFError) as error:
                self.logger.warning("skipped %s: %s", file, error)
                self.crawler.stats.inc_value("news/saved_pages_unreadable")
                continue
            self.crawler.stats.inc_value("news/saved_pages")
            yield page_item(file.resolve().as_uri(), html, None, "path")

    def _count_page(self) -> None:
        self.pages_seen += 1
        if self.max_pages is not None and self.pages_seen > self.max_pages:
            raise CloseSpider(f"max_pages={self.max_pages} reached")

    def parse_page(self, response: Response, depth: int = 0) -> Iterator[Any]:
        """Every HTML page goes to the pipeline; links are followed while depth allows."""
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
        if not isinstance(response, TextResponse) or not content_type.lower().startswith(HTML_TYPES):
            self.crawler.stats.inc_value("news/non_html_responses")
            return
        self._count_page()
        yield page_item(response.url, response.body, content_type, "crawl", response.status,
                        _header(response, b"ETag"), _header(response, b"Last-Modified"))
        if depth >= self.max_depth:
            return
        for link in self.link_extractor.extract_links(response):
            yield scrapy.Request(link.url, callback=self.parse_page, cb_kwargs={"depth": depth + 1})

    def parse_sitemap(self, response: Response) -> Iterator[scrapy.Request]:
        body = _gunzip(response.body)
        if urlsplit(response.url).path.endswith("/robots.txt"):
            for url in sitemap_urls_from_robots(body, base_url=response.url):
                yield scrapy.Request(url, callback=self.parse_sitemap)
            return
        try:
            sitemap = Sitemap(body)
        except Exception as error:  # lxml raises several types on broken XML; one bad sitemap is not fatal
            self.logger.warning("unreadable sitemap %s: %s", response.url, error)
            self.crawler.stats.inc_value("news/bad_sitemaps")
            return
        for entry in sitemap:
            url = entry.get("loc")
            if not url:
                continue
            if sitemap.type == "sitemapindex":
                yield scrapy.Request(url, callback=self.parse_sitemap)
            else:
                yield scrapy.Request(url, callback=self.parse_page, cb_kwargs={"depth": self.max_depth})

    def parse_feed(self, response: Response) -> Iterator[scrapy.Request]:
        import feedparser

        parsed = feedparser.parse(response.body)
        if parsed.bozo and not parsed.entries:
            self.logger.warning("unreadable feed %s: %s", response.url, parsed.get("bozo_exception"))
            self.crawler.stats.inc_value("news/bad_feeds")
            return
        for entry in parsed.entries:
            link = entry.get("link")
            if link:
                yield response.follow(link, callback=self.parse_page, cb_kwargs={"depth": self.max_depth})
