"""An article's identity, and each article once in a crawl's feed and store.

- ``page_identity``: the page's ``<link rel="canonical">`` is its identity; the URL its JSON-LD or ``og:url``
  declares counts only without one, and only on the page's own site (a syndicated copy's ``og:url`` names the
  publisher's page, which this crawl did not fetch); else the page's URL. Tracking parameters are removed.
- ``CanonicalTrust``: a canonical URL is not trusted as an article's identity when it names the site's home
  page, a page the crawl found to be a listing, or when pages with different texts point to it (a site that
  points every story at its section URL); those articles keep their own URLs.
- ``ArticleIdentityPipeline``: the Scrapy item pipeline between extraction and storage that applies both and
  drops a second copy of an article already handed on in this crawl (its AMP twin, its print view, the same
  page under another URL), so the ``-O`` feed and the store get it once; with the news spider's ``-a since``,
  an article whose page says it was published before is dropped too (stats ``news/articles_from/<source>``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from itemadapter import ItemAdapter
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from .pagejob import page_identity
from .pagejob.urls import clean_url
from .spiders.discovery import parse_date, variant_of
from .storage import DEFAULT_NEAR_DUPLICATE_BITS, hamming_distance

__all__ = ["ArticleIdentityPipeline", "CanonicalTrust", "page_identity"]


class CanonicalTrust:
    """Remembers which page claimed which canonical URL with which text, and says whether a claim is trusted."""

    def __init__(self, near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> None:
        self.near_duplicate_bits = near_duplicate_bits
        self.claims: dict[str, tuple[str, int | None, str | None]] = {}  # canonical -> first url, simhash, hash
        self.distrusted: dict[str, str] = {}  # canonical -> reason

    def same_text(self, a: tuple[int | None, str | None], b: tuple[int | None, str | None]) -> bool:
        if a[1] is not None and a[1] == b[1]:
            return True
        if a[0] is None or b[0] is None:
            return a[1] == b[1]
        return hamming_distance(a[0], b[0]) <= self.near_duplicate_bits

    def check(self, url: str, canonical: str, simhash: int | None, digest: str | None,
              listings: set[str] | frozenset[str] = frozenset()) -> str | None:
        """None when ``canonical`` may be the identity of the page at ``url``, else why not."""
        if canonical == url:  # the page itself: the text the others' claims are compared with
            self.claims.setdefault(canonical, (url, simhash, digest))
            return None
        variant = variant_of(url)
        if variant is not None and clean_url(variant[1]) == canonical:
            return None  # an AMP twin or print view naming its article (its text is often shorter)
        if canonical in self.distrusted:
            return self.distrusted[canonical]
        reason = None
        if urlsplit(canonical).path in {"", "/"} and urlsplit(url).path not in {"", "/"}:
            reason = "names the home page"
        elif canonical in listings:
            reason = "names a listing page"
        else:
            first = self.claims.get(canonical)
            if first is None:
                self.claims[canonical] = (url, simhash, digest)
            elif first[0] != url and not self.same_text((first[1], first[2]), (simhash, digest)):
                reason = f"also claimed by {first[0]} with a different text"
        if reason:
            self.distrusted[canonical] = reason
        return reason


def _simhash(value: Any) -> int | None:
    try:
        return int(str(value), 16) if value not in (None, "") else None
    except ValueError:
        return None


class ArticleIdentityPipeline:
    """Gives each article its trusted identity (``canonical_url``) and drops a copy already handed on."""

    def __init__(self, crawler: Crawler | None = None, tracking_parameters: tuple[str, ...] = (),
                 near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> None:
        self.crawler = crawler
        self.tracking_parameters = tracking_parameters
        self.trust = CanonicalTrust(near_duplicate_bits)
        self.handed_on: dict[str, str] = {}  # identity -> URL of the copy handed on

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ArticleIdentityPipeline:
        settings = crawler.settings
        return cls(crawler, tuple(settings.getlist("NEWS_TRACKING_PARAMETERS")),
                   settings.getint("STORAGE_NEAR_DUPLICATE_BITS", DEFAULT_NEAR_DUPLICATE_BITS))

    def _stat(self, name: str) -> None:
        if self.crawler is not None and self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"identity/{name}")

    def process_item(self, item: Any, spider: Any = None) -> Any:
        adapter = ItemAdapter(item)
        url = adapter.get("url")
        if "text" not in adapter or not url or not adapter.get("text") or adapter.get("page_type") == "listing":
            return item
        url = clean_url(str(url), self.tracking_parameters)
        canonical = clean_url(str(adapter.get("canonical_url") or url), self.tracking_parameters)
        listings = getattr(spider, "listing_urls", None) or frozenset()
        reason = self.trust.check(url, canonical, _simhash(adapter.get("simhash")), adapter.get("content_hash"),
                                  listings)
        if reason:
            self._stat("canonical_not_trusted")
            note = f"rel=canonical {canonical} not used as identity: {reason}"
            if isinstance(item, dict) or "warnings" in adapter.field_names():
                adapter["warnings"] = [*(adapter.get("warnings") or []), note]
            else:  # an ArticleItem keeps its warnings in metadata
                metadata = dict(adapter.get("metadata") or {})
                metadata["warnings"] = [*(metadata.get("warnings") or []), note]
                adapter["metadata"] = metadata
            canonical = url
        adapter["canonical_url"] = canonical
        first = self.handed_on.get(canonical)
        variant = variant_of(url)
        if first is None and variant is not None:
            first = self.handed_on.get(clean_url(variant[1], self.tracking_parameters))
        if first is not None:
            self._stat("duplicates_dropped")
            raise DropItem(f"{url}: same article as {first}", log_level="DEBUG")
        since = getattr(spider, "since", None)
        published = parse_date(adapter.get("published")) if since is not None else None
        if published is not None and published < since:
            # found through a link that carried no date: its page says it is older than -a since
            self._stat("older_than_since_dropped")
            raise DropItem(f"{url}: published {published}, before since={since}", log_level="DEBUG")
        self.handed_on[canonical] = url
        self.handed_on.setdefault(url, url)
        metadata = adapter.get("metadata")
        source = metadata.get("discovered_by") if isinstance(metadata, dict) else adapter.get("discovered_by")
        if source and self.crawler is not None and self.crawler.stats is not None:
            self.crawler.stats.inc_value(f"news/articles_from/{source}")  # where each article handed on came from
        return item
