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

Articles split over several pages are handed over as one page item: an article page whose ``rel="next"`` link
continues its own URL (``story.html`` -> ``story-2.html``, ``story/2``, ``story?page=2``) is held while its
parts are fetched one after the other, then yielded with the parts under ``continuation_pages``; the
extraction pipeline joins their texts. Listing pagination (``/world/page/2.html``) is not merged: only a
page that ``crawler.pagetypes`` calls an article starts a chain. A continuation page reached on its own is
not handed over: it sends the crawl to its first page instead.
"""

from __future__ import annotations

import gzip
import html
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urldefrag, urlsplit
from weakref import WeakKeyDictionary

import scrapy
from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import CloseSpider
from scrapy.http import Request, Response, TextResponse
from scrapy.linkextractors import LinkExtractor
from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

# Page item field with the later parts of a multi-page article (each {"url", "html", "content_type", ...}).
from ..pipelines import CONTINUATION_FIELD

# How deep links are followed from the start pages when the user does not say (home -> section -> article).
DEFAULT_MAX_DEPTH = 3
SAVED_PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")
GZIP_MAGIC = b"\x1f\x8b"
HTML_TYPES = ("text/html", "application/xhtml+xml")
# Parts of one article at most: long multi-page features run to about ten; beyond that it is a loop or a
# paginated archive (design choice).
MAX_ARTICLE_PAGES = 20
# Request.meta flag of the requests that fetch a later part of an article.
CONTINUATION_META = "article_continuation"
# Extensions dropped before comparing a page's path with its next part's ("story.html" -> "story-2.html").
PAGE_EXTENSION_RE = re.compile(r"\.(?:s?html?|php|aspx?|jsp)$", re.I)


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


def _stem(url: str) -> tuple[str, str, str]:
    """Host, path without its extension and trailing slash, and query: what a page's parts share."""
    parts = urlsplit(url)
    return parts.netloc.lower(), PAGE_EXTENSION_RE.sub("", parts.path).rstrip("/"), parts.query


def continues(first_url: str, next_url: str) -> bool:
    """Whether ``next_url`` names a later part of the page at ``first_url``: same host, and its path extends
    the first page's (``a/story`` -> ``a/story-2``, ``a/story/2``) or is the same path with another query
    (``?page=2``). A link to another story, even one marked rel=next, does not."""
    first_host, first_path, first_query = _stem(first_url)
    next_host, next_path, next_query = _stem(next_url)
    if first_host != next_host or urldefrag(first_url)[0] == urldefrag(next_url)[0] or not first_path:
        return False
    if next_path == first_path:
        return next_query != first_query
    return next_path.startswith(first_path) and len(next_path) > len(first_path)


# Pages naming no rel=next/prev are most pages; a byte search spares building a selector tree for them
# (measured on the crawl benchmark: the selector took ~7 ms a page in the crawl process). The body is lowered
# once and searched case-sensitively: an IGNORECASE search ran on nearly every page (any "Related" has "Rel")
# and cost 0.95 ms a page on the scrapinghub pages, lower() + search 0.16 ms.
REL_WORD_BYTES_RE = re.compile(rb"""rel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)""")


def names_next_or_previous(body: bytes) -> bool:
    return REL_WORD_BYTES_RE.search(body.lower()) is not None


# The <link> and <a> start tags whose rel names a next or previous part, found in the lowered page (bytes.lower
# changes only A-Z, so offsets are the page's own) and read one by one: building a selector tree of the whole
# page for them took 5 % of the crawl process's CPU on the crawl benchmark (py-spy), for one page in ten.
REL_TAG_BYTES_RE = re.compile(rb"""<(link|a)\s[^>]*?\brel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)[^>]*>""")
TAG_ATTRIBUTE_RE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


def _tag_attributes(tag: str, name_length: int) -> dict[str, str]:
    """Attributes of one start tag, names lowered, values unescaped; the first of a repeated name wins."""
    attributes: dict[str, str] = {}
    for match in TAG_ATTRIBUTE_RE.finditer(tag, 1 + name_length):
        name = match.group(1).lower()
        value = next((v for v in match.group(2, 3, 4) if v is not None), "")
        attributes.setdefault(name, html.unescape(value))
    return attributes


# A page's rel tags, read once: a page with parts asks for its next and its previous ones, and for the next
# listing page when its links are followed (as Scrapy keeps a response's meta refresh).
_REL_TAGS: WeakKeyDictionary[Response, list[tuple[bytes, frozenset[str], str]]] = WeakKeyDictionary()


def _rel_tags(response: TextResponse) -> list[tuple[bytes, frozenset[str], str]]:
    """(tag name, rel words lowered, href) of the page's <link>/<a> tags naming a next or previous part."""
    if response not in _REL_TAGS:
        body = response.body
        tags = []
        for match in REL_TAG_BYTES_RE.finditer(body.lower()):
            tag = body[match.start() : match.end()].decode(response.encoding, "replace")
            attributes = _tag_attributes(tag, len(match.group(1)))
            href = attributes.get("href", "").strip()
            if href:
                tags.append((match.group(1), frozenset(attributes.get("rel", "").lower().split()), href))
        _REL_TAGS[response] = tags
    return _REL_TAGS[response]


def rel_links(response: TextResponse, *rels: str) -> list[str]:
    """Absolute URLs of ``<link rel=...>`` then ``<a rel=...>`` in the page (``rels`` are whole words of the
    rel attribute, in any case), fragments dropped, in page order."""
    wanted = {rel.lower() for rel in rels}
    tags = [(name, href) for name, words, href in _rel_tags(response) if wanted & words]
    hrefs = [href for name, href in tags if name == b"link"] + [href for name, href in tags if name == b"a"]
    return [urldefrag(response.urljoin(href))[0] for href in hrefs]


def _is_article(response: TextResponse, content_type: str | None) -> bool:
    """The extraction pipeline's own article/listing decision (``crawler.pagetypes``), made here only for
    the few pages that have a next or previous part."""
    from ..extractors import parse_html
    from ..pagetypes import classify_page

    try:
        doc = parse_html(response.body, response.url, content_type)
        return bool(doc.blocks) and classify_page(doc, response.url).is_article
    except Exception:  # an unparsable page is not merged with anything; the pipeline reports it
        return False


def _header(response: Response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1").strip() or None if value else None


class NewsSpider(scrapy.Spider):
    name = "news"
    # Every HTML page already goes to the pipeline as a page item: the add-on's extraction middleware would
    # only add the parts of multi-page articles as articles of their own.
    custom_settings: ClassVar[dict[str, Any]] = {
        "SPIDER_MIDDLEWARES": {"crawler.middlewares.ArticleExtractionMiddleware": None},
    }

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> NewsSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        crawler.signals.connect(spider._continuation_dropped, signal=signals.request_dropped)
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
        """Every HTML page goes to the pipeline (the first part of a multi-page article once its parts are
        fetched); links are followed while depth allows."""
        content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
        if not isinstance(response, TextResponse) or not content_type.lower().startswith(HTML_TYPES):
            self.crawler.stats.inc_value("news/non_html_responses")
            return
        self._count_page()
        item = self._page(response, content_type)
        next_parts: list[str] = []
        earlier: list[str] = []
        if names_next_or_previous(response.body):  # most pages name no next or previous part
            next_parts = [url for url in rel_links(response, "next") if continues(response.url, url)]
            earlier = [url for url in rel_links(response, "prev", "previous") if continues(url, response.url)]
        held: set[str] = set()
        if next_parts and _is_article(response, content_type):
            held.add(next_parts[0])
            self.crawler.stats.inc_value("news/multipage_articles")
            yield self._continuation_request(next_parts[0], item, depth)
        elif earlier and _is_article(response, content_type):
            # A later part reached on its own: its first page fetches it as part of the whole article.
            self.crawler.stats.inc_value("news/continuation_pages_redirected")
            yield scrapy.Request(earlier[0], callback=self.parse_page, cb_kwargs={"depth": depth})
        else:
            yield item
        yield from self._follow(response, depth, held)

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
        # Higher priority: the held article is handed over as soon as possible.
        return scrapy.Request(url, callback=self.parse_continuation, errback=self.continuation_failed,
                              cb_kwargs={"article": article, "depth": depth}, priority=1,
                              meta={CONTINUATION_META: True})

    def _continuation_dropped(self, request: Request, spider: Any = None) -> None:
        """The part was already fetched on its own (the dupefilter dropped it): fetched again, as part of its
        article, rather than losing the article held in the request."""
        if request.meta.get(CONTINUATION_META) and not request.dont_filter:
            self.crawler.stats.inc_value("news/continuation_pages_refetched")
            self.crawler.engine.crawl(request.replace(dont_filter=True))

    def _page(self, response: Response, content_type: str) -> dict[str, Any]:
        return page_item(response.url, response.body, content_type, "crawl", response.status,
                         _header(response, b"ETag"), _header(response, b"Last-Modified"))

    def _follow(self, response: Response, depth: int, skip: set[str]) -> Iterator[scrapy.Request]:
        """Links of the page, and its ``<link rel="next">`` (listing pagination the link extractor does not
        see), except the parts of an article already being fetched."""
        if depth >= self.max_depth:
            return
        urls = [link.url for link in self.link_extractor.extract_links(response)]
        urls += rel_links(response, "next")
        for url in dict.fromkeys(urldefrag(url)[0] for url in urls):
            if url not in skip and urlsplit(url).scheme in {"http", "https", "file"}:
                yield scrapy.Request(url, callback=self.parse_page, cb_kwargs={"depth": depth + 1})

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
