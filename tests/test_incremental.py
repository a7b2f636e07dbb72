"""Incremental recrawls: stored articles are revalidated (304) or skipped, listings refetched, changed pages
updated. Units on the store and the middleware, then ``scrapy crawl news`` three times against a copy of the
sample site served on 127.0.0.1."""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import ClassVar

import pytest
from helpers.crawl import crawl_stats, news_crawl
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse, Request, Response

from crawler.incremental import IncrementalMiddleware
from crawler.storage import SCHEMA_VERSION, SqliteArticleStore
from crawler.storage_pipeline import storage_record

ROOT = Path(__file__).resolve().parents[1]
URL = "http://news.example/world/2024/03/12/story.html"
TEXT = "The river flood defences were approved after a long debate in the town council on Tuesday."


@pytest.fixture()
def store(tmp_path: Path):
    opened = SqliteArticleStore(tmp_path / "articles.sqlite")
    yield opened
    opened.close()


def stored_article(store: SqliteArticleStore, **fields) -> None:
    store.upsert({"url": URL, "canonical_url": URL, "text": TEXT, "etag": '"v1"',
                  "last_modified": "Sat, 16 Mar 2024 12:00:00 GMT", **fields})


def test_store_keeps_validators_and_finds_pages_by_url_or_canonical_url(store: SqliteArticleStore) -> None:
    assert store.schema_version() == SCHEMA_VERSION >= 3  # validators came with version 3
    store.upsert({"url": URL + "?utm=x", "canonical_url": URL, "text": TEXT, "etag": '"v1"',
                  "crawled_at": "2024-03-16T00:00:00+00:00"})
    by_url, by_canonical = store.stored_page(URL + "?utm=x"), store.stored_page(URL)
    assert by_url == by_canonical and by_url.etag == '"v1"' and by_url.last_modified is None
    assert store.stored_page("http://news.example/other.html") is None
    assert store.mark_seen(URL, "2024-03-20T00:00:00+00:00")
    assert store.stored_page(URL).crawled_at == "2024-03-20T00:00:00+00:00"
    assert not store.mark_seen("http://news.example/other.html")


def test_storage_record_lifts_validators_out_of_metadata() -> None:
    item = {"url": URL, "text": TEXT, "metadata": {"etag": '"v1"', "last_modified": "x", "source": "crawl"}}
    record = storage_record(item)
    assert record["etag"] == '"v1"' and record["last_modified"] == "x" and record["metadata"] == {"source": "crawl"}
    assert item["metadata"]["etag"] == '"v1"'  # the item itself (and so the feed) is unchanged
    assert storage_record({"url": URL, "text": TEXT}) == {"url": URL, "text": TEXT}


def make_middleware(store: SqliteArticleStore, max_age: float = 0) -> IncrementalMiddleware:
    return IncrementalMiddleware(lambda: SqliteArticleStore(store.path), max_age)


def run(coroutine):
    return asyncio.run(coroutine)


def test_stored_article_is_asked_for_with_its_validators(store: SqliteArticleStore) -> None:
    stored_article(store)
    middleware = make_middleware(store)
    request = Request(URL)
    assert run(middleware.process_request(request)) is None
    assert request.headers[b"If-None-Match"] == b'"v1"'
    assert request.headers[b"If-Modified-Since"] == b"Sat, 16 Mar 2024 12:00:00 GMT"
    listing = Request("http://news.example/world/")
    run(middleware.process_request(listing))
    assert b"If-None-Match" not in listing.headers  # not stored (listings never are): fetched as usual
    unchanged = Response(URL, status=304, request=request)
    with pytest.raises(IgnoreRequest, match="not modified"):
        run(middleware.process_response(request, unchanged))
    changed = HtmlResponse(URL, status=200, body=b"<html></html>", request=request)
    assert run(middleware.process_response(request, changed)) is changed
    middleware.close()


def test_a_304_moves_the_last_seen_time_and_fresh_articles_are_not_requested(store: SqliteArticleStore) -> None:
    long_ago = (datetime.now(timezone.utc) - timedelta(days=3)).isoformat(timespec="seconds")
    stored_article(store, crawled_at=long_ago)
    daily = make_middleware(store, max_age=24 * 3600)
    request = Request(URL)
    run(daily.process_request(request))  # three days old: asked again
    with pytest.raises(IgnoreRequest):
        run(daily.process_response(request, Response(URL, status=304, request=request)))
    assert store.stored_page(URL).crawled_at > long_ago
    with pytest.raises(IgnoreRequest, match="INCREMENTAL_MAX_AGE"):
        run(daily.process_request(Request(URL)))  # seen just now: not requested at all
    daily.close()
    always = make_middleware(store, max_age=0)
    assert run(always.process_request(Request(URL))) is None
    always.close()
    with pytest.raises(ValueError, match="INCREMENTAL_MAX_AGE"):
        IncrementalMiddleware(lambda: None, -1)


def test_validators_do_not_follow_a_redirect_and_opting_out_works(store: SqliteArticleStore) -> None:
    stored_article(store)
    middleware = make_middleware(store)
    request = Request(URL)
    run(middleware.process_request(request))
    redirected = request.replace(url="http://news.example/elsewhere.html")  # as RedirectMiddleware does
    run(middleware.process_request(redirected))
    assert b"If-None-Match" not in redirected.headers and b"If-Modified-Since" not in redirected.headers
    with pytest.raises(IgnoreRequest):  # a 304 of the stored URL still counts
        run(middleware.process_response(request, Response(URL, status=304, request=request)))
    opted_out = Request(URL, meta={"incremental": False})
    run(middleware.process_request(opted_out))
    assert b"If-None-Match" not in opted_out.headers
    middleware.close()


def test_an_unreadable_store_does_not_stop_the_crawl(tmp_path: Path) -> None:
    def broken():
        raise sqlite3.OperationalError("disk I/O error")

    middleware = IncrementalMiddleware(broken)
    request = Request(URL)
    assert run(middleware.process_request(request)) is None and b"If-None-Match" not in request.headers
    middleware.close()


def filled_store(store: SqliteArticleStore, chooser: random.Random) -> list[str]:
    """Articles whose URLs and canonical URLs cross (a page's URL is another's canonical URL, several pages share
    one canonical URL); the URLs asked about, some never stored."""
    urls = [f"http://news.example/2024/{n}.html" for n in range(30)]
    for n in range(40):
        url, canonical = chooser.choice(urls), chooser.choice(urls)
        store.upsert({"url": url, "canonical_url": canonical, "text": f"{TEXT} Story number {n}.",
                      "etag": f'"e{n}"', "last_modified": None if n % 3 else f"day {n}"})
    return [*urls, "http://news.example/never-stored.html"]


def test_stored_pages_answers_each_url_as_stored_page_does(store: SqliteArticleStore) -> None:
    chooser = random.Random(3)
    urls = filled_store(store, chooser)
    for _ in range(20):
        asked = [chooser.choice(urls) for _ in range(chooser.randint(1, 25))]
        found = store.stored_pages(asked)
        assert {url: store.stored_page(url) for url in asked} == {url: found.get(url) for url in asked}
        assert set(found) <= set(asked)
    assert store.stored_pages([]) == {}


class CountingStore(SqliteArticleStore):
    reads: ClassVar[list[int]] = []

    def stored_page(self, url: str):
        raise AssertionError("looked up alone")

    def stored_pages(self, urls):
        CountingStore.reads.append(len(urls))
        return super().stored_pages(urls)


def test_the_lookups_of_requests_waiting_together_share_one_query(store: SqliteArticleStore) -> None:
    """Requests that wait for the store at the same time are looked up in one query, each gets its own stored
    page's validators (or none)."""
    chooser = random.Random(5)
    urls = filled_store(store, chooser)
    CountingStore.reads.clear()
    middleware = IncrementalMiddleware(lambda: CountingStore(store.path))
    requests = [Request(url) for url in urls * 2]

    async def all_at_once() -> None:
        await asyncio.gather(*(middleware.process_request(request) for request in requests))

    run(all_at_once())
    middleware.close()
    for request in requests:
        page = store.stored_page(request.url)
        assert request.headers.get(b"If-None-Match") == (page.etag.encode() if page else None), request.url
        assert request.headers.get(b"If-Modified-Since") == (page.last_modified.encode() if page and
                                                             page.last_modified else None), request.url
    assert sum(CountingStore.reads) == len(requests) and len(CountingStore.reads) < len(requests)


def test_a_failed_lookup_of_several_requests_fetches_each_of_them(tmp_path: Path) -> None:
    def broken():
        raise sqlite3.OperationalError("disk I/O error")

    middleware = IncrementalMiddleware(broken)
    requests = [Request(f"{URL}?n={n}") for n in range(5)]

    async def all_at_once() -> list[None]:
        return await asyncio.gather(*(middleware.process_request(request) for request in requests))

    assert run(all_at_once()) == [None] * 5
    assert not any(b"If-None-Match" in request.headers for request in requests)
    middleware.close()


# ------------------------------------------------------------------------------------------ end to end


def crawl(tmp_path: Path, base_url: str, *settings: str) -> dict[str, int]:
    return crawl_stats(news_crawl(base_url + "/", tmp_path, *settings, timeout=120).stderr)


def is_article(path: str) -> bool:
    return bool(re.search(r"/20\d\d/", path))


def rows(tmp_path: Path) -> dict[str, tuple[str, str]]:
    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        return {url: (text, etag) for url, text, etag in db.execute("SELECT url, text, etag FROM articles")}


@pytest.mark.slow
def test_second_run_fetches_only_listings_and_304s_and_a_changed_page_is_updated(sample_site_copy, tmp_path):
    site = sample_site_copy  # a copy: the test edits a page
    first = crawl(tmp_path, site.base_url)
    stored = rows(tmp_path)
    assert first["storage/inserted"] == len(stored) >= 8
    assert all(etag and etag.startswith('"') for _, etag in stored.values())  # validators kept
    articles_fetched = {path for path in site.hits if is_article(path)}

    site.hits.clear()
    site.not_modified.clear()
    second = crawl(tmp_path, site.base_url)
    assert "storage/inserted" not in second and "storage/updated" not in second
    answered_200 = {path for path, count in site.hits.items() if count > site.not_modified[path]}
    assert not any(is_article(path) for path in answered_200), answered_200  # only listings came back whole
    assert {"/", "/world/", "/tech/", "/zh/", "/world/page/2.html"} <= answered_200  # listings always refetched
    assert second["incremental/not_modified"] == sum(site.not_modified.values()) >= 6
    assert rows(tmp_path) == stored

    changed_path = "/world/2024/03/12/river-flood-defences-approved.html"
    assert changed_path in articles_fetched
    page = site.root / changed_path.lstrip("/")
    before = page.read_text(encoding="utf-8")
    edited = before.replace("more than two years.", "more than two years. A second pumping station came on Friday.")
    assert edited != before
    page.write_text(edited, encoding="utf-8")
    site.hits.clear()
    site.not_modified.clear()
    third = crawl(tmp_path, site.base_url)
    assert third["storage/updated"] == 1 and "storage/inserted" not in third
    assert site.hits[changed_path] == 1 and site.not_modified[changed_path] == 0
    after = rows(tmp_path)
    changed_url = site.base_url + changed_path
    assert "second pumping station came" in after[changed_url][0] and after[changed_url][1] != stored[changed_url][1]
    assert {url: row for url, row in after.items() if url != changed_url} == \
        {url: row for url, row in stored.items() if url != changed_url}

    site.hits.clear()
    fourth = crawl(tmp_path, site.base_url, "INCREMENTAL_MAX_AGE=3600")
    assert not any(is_article(path) for path in site.hits), site.hits  # seen within the hour: not requested
    assert fourth["incremental/skipped_fresh"] >= 6
    assert rows(tmp_path) == after
