"""The cached join of the metadata and the page job is ``urljoin`` (issue 16, a cheap worker): the same URL for every
pair a page names, asked once or again, whatever was joined before."""

from __future__ import annotations

import itertools
from urllib.parse import urljoin

from crawler.extractors.urljoins import JOIN_CACHE_SIZE, resolve_url

BASES = ["https://example.org/a/b.html", "https://example.org/a/b/", "http://example.org/a/b?x=1#top",
         "https://other.example/", "", "ftp://example.org/a/"]
HREFS = ["https://example.org/c", "/c?utm_source=x#f", "c.html", "../d/e.html", "//cdn.example/i.png", "#only",
         "?q=1", "", " https://example.org/ spaced ", "javascript:void(0)", "HTTPS://EXAMPLE.ORG/Up", "http://example.org/c?",
         "https://example.org/c#"]


def test_every_pair_is_joined_as_urljoin_joins_it():
    pairs = list(itertools.product(BASES, HREFS))
    assert len(pairs) > JOIN_CACHE_SIZE  # the cache's oldest pairs are dropped and joined again
    for _ in range(2):
        for base, href in pairs:
            assert resolve_url(base, href) == urljoin(base, href), (base, href)


def test_a_pair_asked_again_is_not_joined_again():
    base, href = "https://example.org/news/2024/story.html", "/news/2024/story.html?page=2"
    resolve_url(base, href)
    hits = resolve_url.cache_info().hits
    assert resolve_url(base, href) == urljoin(base, href)
    assert resolve_url.cache_info().hits == hits + 1
