"""The news spider's frontier rules, without Scrapy: which URL names a page, which names an article, which
is a page of a listing, what a sitemap or feed says about its entries. A URL as scheduled is the page job's
``clean_url`` (``crawler.pagejob.urls``: tracking parameters removed, the rest canonicalised by w3lib).

- ``variant_of``: the article an AMP twin (``/amp/``, ``?amp``, ``?outputType=amp``) or a print view
  (``?print=1``, ``/print/``) shows, so the spider need not fetch the twin when the article is known.
- ``listing_key``/``page_number``: a listing's pages (``?page=N``, ``/page/N``, a trailing number) share one key.
- ``url_date`` and ``ArticleUrlScore``: dates in URLs, and how article-like a URL is (its shape, learned per
  site from the pages already classified, else dates, long slugs and numeric ids).
- ``read_sitemap``/``read_feed``: entries of a sitemap (Scrapy's ``Sitemap``, plus Google News dates) or a feed
  (feedparser) with their dates; bodies are decompressed with a size cap.
"""

from __future__ import annotations

import functools
import re
import zlib
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from io import BytesIO
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import lxml.etree

# URLs whose shape and form score (and AMP or print form, variant_of) are kept: a URL is asked about when its
# link is found, when its page is parsed (its feeds are looked for unless it looks like an article) and when the
# pipeline's verdict on it is learned, three shapes and up to two form scores a page, each costly beside a lookup;
# all are pure functions of the URL. 16,384 URLs (a few MB) span a
# site's frontier of pages found and not yet fetched on a crawl of the crawl benchmark's size, and the few seconds
# between a page's fetch and its verdict on any crawl (design choice).
URL_CACHE_SIZE = 1 << 14


# ------------------------------------------------------------------------------ AMP twins and print views

# The URL forms of AMP pages (amp.dev's "pair" advice and what CMSs generate: WordPress /amp/ and ?amp,
# Arc ?outputType=amp, ".amp.html" files) and of print views (?print=1, ?view=print, /print/).
AMP_QUERY = {"amp": None, "outputtype": "amp", "output": "amp", "format": "amp"}
PRINT_QUERY = {"print": None, "view": "print", "output": "print", "format": "print", "printable": None}
AMP_SEGMENTS = frozenset({"amp"})
PRINT_SEGMENTS = frozenset({"print", "printable"})


# Every form above spells "amp" or "print" in the URL, unless percent-escaped (a query name or value is read
# unescaped). A URL without either word and without "%" is no twin: it is answered without splitting it.
VARIANT_WORDS = ("amp", "print")


# Asked of a URL when its link is scheduled and twice when its article passes the identity pipeline: kept per URL,
# as url_shape is.
@functools.lru_cache(maxsize=URL_CACHE_SIZE)
def variant_of(url: str) -> tuple[str, str] | None:
    """(``"amp"`` or ``"print"``, the article URL it most likely shows) when ``url`` is an AMP twin or a print
    view by its form; None for other URLs."""
    lowered = url.lower()
    if "%" not in url and not any(map(lowered.__contains__, VARIANT_WORDS)):
        return None
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    for kind, wanted in (("amp", AMP_QUERY), ("print", PRINT_QUERY)):
        kept = [(n, v) for n, v in query if not _matches(n.lower(), v.lower(), wanted)]
        if len(kept) < len(query):
            return kind, urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), ""))
    segments = parts.path.split("/")
    for kind, names in (("amp", AMP_SEGMENTS), ("print", PRINT_SEGMENTS)):
        kept_segments = [s for s in segments if s.lower() not in names]
        if len(kept_segments) < len(segments) and any(kept_segments):
            path = "/".join(kept_segments) or "/"
            return kind, urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))
    if re.search(r"\.amp\.html?$", parts.path, re.I):
        path = re.sub(r"\.amp(\.html?)$", r"\1", parts.path, flags=re.I)
        return "amp", urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))
    return None


def _matches(name: str, value: str, wanted: dict[str, str | None]) -> bool:
    if name not in wanted:
        return False
    expected = wanted[name]
    return value in {"", "1", "true", "yes"} if expected is None else value == expected


# --------------------------------------------------------------------------------------- listing pages

# A listing's page number: ?page=N (also p, pg, paged, start, offset), /page/N, or a last path segment that is
# only a number of up to 3 digits (4 would be years) after a non-numeric one (section/4.html). Longer numbers are ids.
PAGE_QUERY_NAMES = frozenset({"page", "p", "pg", "paged", "pagenum", "start", "offset"})
PAGE_PATH_RE = re.compile(r"/(?:page|seite|pagina|p)/(\d{1,4})/?$|/(\d{1,3})(?:\.s?html?)?/?$", re.I)


# Asked of each new link of a followed page twice (its form score, then whether it continues the listing): kept per
# URL, as url_shape is.
@functools.lru_cache(maxsize=URL_CACHE_SIZE)
def page_number(url: str) -> int | None:
    """The listing page number a URL carries, if any."""
    parts = urlsplit(url)
    for name, value in parse_qsl(parts.query):
        if name.lower() in PAGE_QUERY_NAMES and value.isdigit():
            return int(value)
    match = PAGE_PATH_RE.search(parts.path)
    if match and not _date_path(parts.path):
        return int(match.group(1) or match.group(2))
    return None


def listing_key(url: str) -> str:
    """What the pages of one listing share: the URL without its page number (and without index.html)."""
    parts = urlsplit(url)
    query = [(n, v) for n, v in parse_qsl(parts.query, keep_blank_values=True)
             if not (n.lower() in PAGE_QUERY_NAMES and v.isdigit())]
    path = parts.path
    if not _date_path(path):
        path = PAGE_PATH_RE.sub("/", path)
    path = re.sub(r"/index\.s?html?$", "/", path, flags=re.I)
    return urlunsplit((parts.scheme, parts.netloc.lower(), path.rstrip("/") or "/", urlencode(query), ""))


def is_pagination(url: str, listing_url: str) -> bool:
    """Whether ``url`` is another page of the listing at ``listing_url`` (a numbered pager's link)."""
    return url != listing_url and page_number(url) is not None and listing_key(url) == listing_key(listing_url)


# ----------------------------------------------------------------------------------------------- dates

# Dates in article URLs: /2024/03/13/, /2024-03-13-, /20240313/ (years 1990-2099 to keep ids out).
URL_DATE_RES = (
    re.compile(r"(?<!\d)((?:19|20)\d\d)[/_-](0?[1-9]|1[0-2])[/_-](0?[1-9]|[12]\d|3[01])(?!\d)"),
    re.compile(r"(?<![\d])((?:19|20)\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?![\d])"),
)


def _date_path(path: str) -> bool:
    return url_date(path) is not None


def url_date(url: str) -> date | None:
    """The publication date an article URL carries, if any."""
    path = urlsplit(url).path if "://" in url else url
    for pattern in URL_DATE_RES:
        match = pattern.search(path)
        if match:
            try:
                return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
            except ValueError:
                continue
    return None


def parse_date(value: Any) -> date | None:
    """A date from a sitemap/feed value (W3C datetime string, ``time.struct_time``, date); None if unreadable."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if hasattr(value, "tm_year"):
        return date(value.tm_year, value.tm_mon, value.tm_mday)
    match = re.match(r"\s*(\d{4})-(\d{2})-(\d{2})", str(value))
    if not match:
        return None
    try:
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None


# ------------------------------------------------------------------------------------ article-likeness

# A slug of this many words or more is a headline (news slugs run 5-10 words; section and tag names 1-3).
ARTICLE_SLUG_WORDS = 4
# A path number this long is a story id (CMS ids run 5-12 digits; page numbers and years are shorter).
ARTICLE_ID_DIGITS = 5
ARTICLE_ID_RE = re.compile(rf"\d{{{ARTICLE_ID_DIGITS},}}")
LISTING_SEGMENTS = frozenset({"tag", "tags", "topic", "topics", "category", "categories", "section", "author",
                              "authors", "archive", "archives", "search", "page", "feed", "rss", "index"})
# Pages of a URL shape classified on a site before the learned share decides for it (design choice: below three
# a single odd page would decide for a whole section).
MIN_LEARNED_PAGES = 3



@functools.lru_cache(maxsize=URL_CACHE_SIZE)
def url_shape(url: str) -> tuple[str, str]:
    """(host, shape of the path): digits as ``9``, a slug of several words as ``w``, other segments kept up to
    the last one. Pages of one site's article template share a shape (``/world/9/9/9/w.html``)."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    shaped = []
    for index, segment in enumerate(segments):
        stem, _, extension = segment.partition(".")
        if stem.isdigit():
            shaped.append("9")
        elif len(re.findall(r"[^\W_]+", stem)) >= 3 or ARTICLE_ID_RE.search(stem):
            shaped.append("w" + ("." + extension if extension else ""))
        elif index == 0:
            shaped.append(segment.lower())
        else:
            shaped.append("s")
    return parts.netloc.lower(), "/" + "/".join(shaped) + ("?" if parts.query else "")


@functools.lru_cache(maxsize=URL_CACHE_SIZE)
def url_article_score(url: str) -> float:
    """0 to 1: how much a URL looks like an article's by its form alone (the web's common article URL forms:
    a date, a headline slug, a long numeric id; listings: pagers, tags, sections, short paths)."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.lower().split("/") if s]
    if not segments or page_number(url) is not None or LISTING_SEGMENTS & set(segments):
        return 0.1
    last = segments[-1].rsplit(".", 1)[0]
    score = 0.3
    if url_date(url):
        score += 0.3
    if len([w for w in re.split(r"[\W_]+", last) if w]) >= ARTICLE_SLUG_WORDS:
        score += 0.3
    if ARTICLE_ID_RE.search(last):
        score += 0.2
    if len(segments) == 1 and score == 0.3:  # /world, /about.html
        score = 0.2
    return min(score, 1.0)


class ArticleUrlScore:
    """How article-like a URL is: the share of articles among the pages of its shape already classified on its
    site (once there are ``MIN_LEARNED_PAGES``), else ``url_article_score``."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])  # shape -> [articles, pages]

    def learn(self, url: str, is_article: bool) -> None:
        counts = self.seen[url_shape(url)]
        counts[0] += int(is_article)
        counts[1] += 1

    def __call__(self, url: str) -> float:
        counts = self.seen.get(url_shape(url))
        if counts and counts[1] >= MIN_LEARNED_PAGES:
            return counts[0] / counts[1]
        return url_article_score(url)


# A URL scoring this much or more is treated as an article's (URL-form scores reach it with one article sign).
ARTICLE_SCORE = 0.5


# ----------------------------------------------------------------------------------- sitemaps and feeds


class BodyTooLarge(ValueError):
    """A compressed sitemap or feed that inflates beyond the size cap."""


GZIP_MAGIC = b"\x1f\x8b"
INFLATE_CHUNK = 64 * 1024


def inflate(body: bytes, max_size: int) -> bytes:
    """``body`` gunzipped when it is gzip (else as is), inflating at most ``max_size`` bytes (0: no cap);
    BodyTooLarge beyond it, ValueError for a damaged stream that gave nothing."""
    if body[:2] != GZIP_MAGIC:
        if max_size and len(body) > max_size:
            raise BodyTooLarge(f"{len(body)} bytes, over the {max_size} byte cap")
        return body
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = BytesIO()
    data = body
    try:
        while data:
            chunk = inflater.decompress(data, INFLATE_CHUNK)
            out.write(chunk)
            if max_size and out.tell() > max_size:
                raise BodyTooLarge(f"inflates beyond the {max_size} byte cap")
            data = inflater.unconsumed_tail
            if inflater.eof:
                break
    except zlib.error as error:
        if not out.tell():
            raise ValueError(f"damaged gzip: {error}") from error
    return out.getvalue()


@dataclass(frozen=True)
class Entry:
    """A URL a sitemap or feed names, with the date it gives (publication date, else last modification)."""

    url: str
    published: date | None = None
    is_sitemap: bool = False


def read_sitemap(body: bytes) -> Iterator[Entry]:
    """Entries of a sitemap or sitemap index (Scrapy's ``Sitemap``), with ``news:publication_date`` (Google
    News sitemaps) or ``lastmod``. Raises ValueError when the body is no sitemap."""
    from scrapy.utils.sitemap import Sitemap

    try:
        sitemap = Sitemap(body)
    except (lxml.etree.LxmlError, StopIteration) as error:
        raise ValueError(f"not a sitemap: {error}") from error
    if sitemap.type not in {"urlset", "sitemapindex"}:
        raise ValueError(f"not a sitemap: root element {sitemap.type!r}")
    news_dates = _news_dates(body)
    for element in sitemap:
        url = (element.get("loc") or "").strip()
        if url:
            published = parse_date(news_dates.get(url) or element.get("lastmod"))
            yield Entry(url, published, sitemap.type == "sitemapindex")


def _news_dates(body: bytes) -> dict[str, str]:
    """loc -> news:publication_date of a Google News sitemap (Scrapy's Sitemap keeps only direct children)."""
    if b"publication_date" not in body:
        return {}
    dates: dict[str, str] = {}
    parser = lxml.etree.iterparse(BytesIO(body), recover=True, resolve_entities=False, no_network=True,
                                  tag="{*}url")
    try:
        for _, url in parser:
            loc = next((el.text for el in url.iter("{*}loc")), None)
            published = next((el.text for el in url.iter("{*}publication_date")), None)
            if loc and published:
                dates[loc.strip()] = published.strip()
            url.clear()
    except lxml.etree.LxmlError:
        pass  # dates are a bonus: the entries Scrapy's reader recovered still count
    return dates


def read_feed(body: bytes) -> list[Entry]:
    """Entries of an RSS or Atom feed (feedparser) with their published, else updated, dates. Raises
    ValueError when the body is no feed."""
    import feedparser

    parsed = feedparser.parse(body)
    if not parsed.entries and (parsed.bozo or not parsed.get("version")):
        raise ValueError(f"not a feed: {parsed.get('bozo_exception') or 'no entries'}")
    entries = []
    for item in parsed.entries:
        link = item.get("link")
        if link:
            published = parse_date(item.get("published_parsed") or item.get("updated_parsed"))
            entries.append(Entry(link, published))
    return entries


FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/rdf+xml")
