"""URLs a page names (rel=canonical, og:url, JSON-LD ``url``, og:image) resolved against the page's own URL, each pair
joined once: the metadata and the page job resolve the same pair (the page's canonical URL is joined by both), and
``urljoin`` parses both URLs and rebuilds one at every call, a large share of choosing the metadata.

Most of them are absolute http(s) URLs that ``urljoin`` gives back as they are: those are recognised by one pattern
and not joined at all."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urljoin

# Joins kept: a page makes a few, each pair at most twice and one right after the other; 64 keeps a page's joins
# with room to spare.
JOIN_CACHE_SIZE = 64
# An absolute http(s) URL that ``urlsplit`` takes apart and ``urlunsplit`` puts back unchanged, so that ``urljoin``
# returns it as it is against any base that parses (a different scheme: the URL itself; the same: the URL rebuilt
# from its parts, with no dot segment removed as it has a host): a lower-case scheme; an ASCII host without the
# brackets ``urlsplit`` checks; no white space or control character anywhere (``urlsplit`` strips or removes
# some); no ";" in the path (``urlparse``'s parameters); a query and a fragment only when not empty (an empty "?" or
# "#" is dropped). Anything else is joined by ``urljoin`` (tests/test_urljoins.py compares the two on such URLs).
PLAIN_ABSOLUTE_URL_RE = re.compile(
    r"https?://[A-Za-z0-9.\-_~%!$&'()*+,=:@]+(?:/[^\x00-\x20\x7f#?;]*)?(?:\?[^\x00-\x20\x7f#]+)?(?:#[^\x00-\x20\x7f]+)?"
)

cached_join = lru_cache(maxsize=JOIN_CACHE_SIZE)(urljoin)
"""``urljoin(base, url)``, the result kept for the same pair (the function is pure: its answer depends on the two
strings alone)."""


def resolve_url(base: str, url: str) -> str:
    """``urljoin(base, url)``: a plain absolute ``url`` as it is (when ``base`` is one too, so that ``urljoin``
    would not raise on it), any other pair joined once (``cached_join``)."""
    match = PLAIN_ABSOLUTE_URL_RE.fullmatch
    if match(url) is not None and match(base) is not None:
        return url
    return cached_join(base, url)


__all__ = ["JOIN_CACHE_SIZE", "PLAIN_ABSOLUTE_URL_RE", "cached_join", "resolve_url"]
