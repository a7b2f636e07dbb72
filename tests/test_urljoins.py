"""The cached join of the metadata and the page job is ``urljoin`` (issue 16, a cheap worker): the same URL for every
pair a page names, asked once or again, whatever was joined before."""

from __future__ import annotations

import itertools
from urllib.parse import urljoin

import pytest

from crawler.extractors.document.urljoins import JOIN_CACHE_SIZE, PLAIN_ABSOLUTE_URL_RE, cached_join, resolve_url

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
    hits = cached_join.cache_info().hits
    assert resolve_url(base, href) == urljoin(base, href)
    assert cached_join.cache_info().hits == hits + 1


# Absolute URLs near the edges of the plain ones that are given back as they are: each is compared with urljoin against
# bases of the same scheme, another scheme, with dot segments, and against bases that are not plain themselves.
ABSOLUTE = [
    "https://example.org", "https://example.org/", "https://example.org/a/../b/./c", "http://example.org/a?b=1&c=2",
    "https://example.org/a?b=1#top", "https://example.org/a#f?g#h", "https://example.org/a?b?c", "https://user:pw@example.org:8080/a",
    "https://example.org/%7Ea/b%20c", "https://example.org/a;p=1", "https://example.org/a?", "https://example.org/a#",
    "https://example.org/a?#", "HTTPS://example.org/a", "Https://example.org/a", "https://[::1]/a", "https://[::1/a",
    "https://exa\tmple.org/a", "https://example.org/a b", " https://example.org/a", "https://example.org/a\n",
    "https://例え.jp/a", "https://example.org/é", "https://example.org/a\\b", "https://example.org:/a",
    "https://example.org//a", "http:/example.org/a", "https:example.org/a", "https://", "https:///a", "https://example.org?x=1",
    "https://example.org#f", "https://ex ample.org/",
]
ABSOLUTE_BASES = ["https://example.org/a/b.html", "http://example.org/a/b/", "https://example.org/x/../y?z=1#w",
                  "ftp://example.org/a/", "", "https://example.org", "HTTPS://EXAMPLE.ORG/A", "https://example.org/a b"]


def _outcome(join, base: str, href: str) -> str | type[Exception]:
    try:
        return join(base, href)
    except ValueError as error:
        return type(error)


def test_plain_absolute_urls_are_given_back_as_urljoin_joins_them():
    plain = 0
    for base, href in itertools.product(ABSOLUTE_BASES, ABSOLUTE):
        assert _outcome(resolve_url, base, href) == _outcome(urljoin, base, href), (base, href)
        plain += PLAIN_ABSOLUTE_URL_RE.fullmatch(href) is not None
    assert plain >= 8 * 14  # the pattern takes most of them


def test_a_plain_absolute_url_is_not_joined():
    hits, misses = cached_join.cache_info().hits, cached_join.cache_info().misses
    assert resolve_url("https://example.org/a/b.html", "https://example.org/c/../d?x=1#f") == (
        "https://example.org/c/../d?x=1#f")
    assert (cached_join.cache_info().hits, cached_join.cache_info().misses) == (hits, misses)


def test_an_unparsable_base_fails_as_urljoin_fails():
    with pytest.raises(ValueError):
        urljoin("https://[::1/a", "https://example.org/a")
    with pytest.raises(ValueError):
        resolve_url("https://[::1/a", "https://example.org/a")
