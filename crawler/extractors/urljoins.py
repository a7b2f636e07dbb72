"""URLs a page names (rel=canonical, og:url, JSON-LD ``url``, og:image) resolved against the page's own URL, each pair
joined once: the metadata and the page job resolve the same pair (the page's canonical URL is joined by both), and
``urljoin`` parses both URLs and rebuilds one at every call (6.7M of the metadata choice's 31.3M instructions on 40
scrapinghub pages, callgrind; timeit on a loaded machine: 25 us for an absolute URL whose parts ``urlsplit``'s
cache holds, 120 us for one it does not)."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urljoin

# Joins kept: a page makes 2.8 on average in the worker (scrapinghub, cProfile call counts), each pair at most twice
# and one right after the other; 64 keeps a page's joins with room to spare.
JOIN_CACHE_SIZE = 64

resolve_url = lru_cache(maxsize=JOIN_CACHE_SIZE)(urljoin)
"""``urljoin(base, url)``, the result kept for the same pair (the function is pure: its answer depends on the two
strings alone)."""

__all__ = ["JOIN_CACHE_SIZE", "resolve_url"]
