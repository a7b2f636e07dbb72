"""The news spider's pages: the page item it hands to the extraction pipeline, where pages come from besides the
web (a URL list, a folder of saved pages), and small questions about a response (a header, an ignored
extension, whether a page with a next part is an article)."""

from __future__ import annotations

import gzip
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlsplit

from scrapy.exceptions import (
    CannotResolveHostError,
    DownloadConnectionRefusedError,
    DownloadTimeoutError,
    IgnoreRequest,
)
from scrapy.http import Response, TextResponse
from scrapy.linkextractors import IGNORED_EXTENSIONS
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.internet import error as twisted_errors

from .discovery import listing_key, page_number

logger = logging.getLogger(__name__)

SAVED_PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")
GZIP_MAGIC = b"\x1f\x8b"
HTML_TYPES = ("text/html", "application/xhtml+xml")


def gunzip(body: bytes) -> bytes:
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


def is_article(response: TextResponse, content_type: str | None) -> bool:
    """The extraction pipeline's own article/listing decision (``crawler.pagejob.pagetypes``), made here only for
    the few pages that have a next or previous part."""
    from ..extractors import parse_html
    from ..pagejob.pagetypes import classify_page

    try:
        doc = parse_html(response.body, response.url, content_type)
        return bool(doc.blocks) and classify_page(doc, response.url).is_article
    except Exception:  # an unparsable page is not merged with anything; the pipeline reports it
        return False


# Scrapy's LinkExtractor() drops links whose path ends with one of IGNORED_EXTENSIONS (images, archives,
# documents...) by trying every one of the 91 with endswith, for every link, a cost the crawl process pays on every
# listing page. The spider's extractor skips
# that check and has_ignored_extension asks the same question with a set lookup of each dotted suffix.
IGNORED_SUFFIXES = frozenset("." + extension for extension in IGNORED_EXTENSIONS)


def has_ignored_extension(url: str) -> bool:
    """Whether the URL's path ends with an extension LinkExtractor() ignores, in any case (its
    ``url_has_any_extension`` of ``IGNORED_EXTENSIONS``)."""
    path = urlparse(url).path.lower()
    dot = path.rfind(".")
    while dot >= 0:
        if path[dot:] in IGNORED_SUFFIXES:
            return True
        dot = path.rfind(".", 0, dot)
    return False


def header(response: Response, name: bytes) -> str | None:
    value = response.headers.get(name)
    return value.decode("latin-1").strip() or None if value else None


# aiohttp names the SSL context of every connection, also of a plain http one ("ssl:<ssl.SSLContext ...>",
# "ssl:default"): noise in a line about why a page could not be fetched.
SSL_NOISE_RE = re.compile(r"\s*ssl:(?:<[^>]*>|\S+)")
# Failures a person reads as one cause, by the exception types Scrapy and Twisted raise for them.
FAILURE_CAUSES: tuple[tuple[tuple[type[BaseException], ...], str, str], ...] = (
    ((DownloadConnectionRefusedError, twisted_errors.ConnectionRefusedError), "connection_refused",
     "connection refused"),
    ((CannotResolveHostError, twisted_errors.DNSLookupError), "dns_lookup_failed", "host name not found"),
    ((DownloadTimeoutError, twisted_errors.TimeoutError, TimeoutError), "timed_out", "timed out"),
)


def failure_cause(error: BaseException) -> tuple[str, str]:
    """(stat name, words for a person) of why a request failed: an HTTP status, a refused connection, an unknown
    host, a timeout, a request refused by robots.txt or another middleware, else the error's own message."""
    if isinstance(error, HttpError):
        status = error.response.status
        return f"http_{status}", f"HTTP {status}"
    if isinstance(error, IgnoreRequest):
        return "ignored", str(error) or "ignored"
    for kinds, name, words in FAILURE_CAUSES:
        if isinstance(error, kinds):
            return name, words
    message = SSL_NOISE_RE.sub("", str(error)).strip() or type(error).__name__
    return "download_error", message


def read_urls_file(path: str) -> Iterator[str]:
    """The URLs of a text file, one a line; blank lines and ``#`` comments skipped."""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def saved_pages(folder: Path) -> Iterator[tuple[Path, bytes | OSError | EOFError]]:
    """Every saved page of the folder (recursive, sorted), with its HTML or the error that stopped its reading."""
    for file in sorted(folder.rglob("*")):
        if not file.is_file() or not file.name.lower().endswith(SAVED_PAGE_SUFFIXES):
            continue
        try:
            yield file, gunzip(file.read_bytes())
        except (OSError, EOFError) as error:
            yield file, error


def listing_page(url: str) -> tuple[str, int]:
    """Which page of which listing a URL names (a listing's first page may be named without a number)."""
    return listing_key(url), page_number(url) or 1


def response_robots_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/robots.txt"
