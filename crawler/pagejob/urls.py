"""A URL as the crawl schedules it and the page job names a page: tracking parameters removed, the rest
canonicalised (w3lib), so one page has one URL. No Scrapy here: the page job, the spider and its frontier use it."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

# Query parameters that only say where a reader came from (campaign and click ids of the big ad and mail
# platforms); a page is the same without them. Exact names, plus the prefixes below. NEWS_TRACKING_PARAMETERS
# adds a site's own.
TRACKING_PARAMETERS = frozenset({
    "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid", "igshid", "mc_cid",
    "mc_eid", "_ga", "_gl", "mkt_tok", "ocid", "cmpid", "spm", "share", "ref_src", "ref_url",
})
TRACKING_PREFIXES = ("utm_", "pk_", "mtm_", "hsa_")


def clean_url(url: str, extra_parameters: Iterable[str] = ()) -> str:
    """``url`` without tracking parameters, canonicalised by w3lib; URLs that are not http(s) unchanged. A URL
    without query or fragment is taken as it is (links come out of Scrapy's link extractor already made safe)."""
    if "?" not in url and "#" not in url:
        return url
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"}:
        return url
    extra = {name.lower() for name in extra_parameters}
    query = [(name, value) for name, value in parse_qsl(parts.query, keep_blank_values=True)
             if not is_tracking_parameter(name.lower(), extra)]
    rebuilt = urlunsplit((parts.scheme, parts.netloc, parts.path or "/", urlencode(query), ""))
    from w3lib.url import canonicalize_url  # here: it loads urllib's HTTP client, which extracting a page never runs

    return canonicalize_url(rebuilt)


def is_tracking_parameter(name: str, extra: set[str]) -> bool:
    return name in TRACKING_PARAMETERS or name in extra or name.startswith(TRACKING_PREFIXES)
