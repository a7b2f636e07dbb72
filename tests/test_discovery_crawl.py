"""``scrapy crawl news`` from a home page alone, on a generated news site served on 127.0.0.1
(tests/helpers/news_site.py): sitemap-only and feed-only articles found, deep pagination, an endless calendar
bounded, AMP/print/utm variants not fetched twice and stored once, ``since``, and spider argument errors."""

import sqlite3
import subprocess
import sys
from datetime import date

import pytest
from helpers.crawl import ROOT, checkout_env, news_crawl, read_feed
from helpers.crawl import run_spider as spider_only
from helpers.news_site import story_of, summarise


def fetched_stories(server, result):
    return {story_of(server.site, item["url"]) for item in result["items"]} - {None}


@pytest.mark.slow
def test_home_page_alone_finds_sitemap_only_feed_only_and_deeply_paginated_articles(news_site, tmp_path):
    result = spider_only(tmp_path, {"start_urls": news_site.base_url + "/"})
    found = fetched_stories(news_site, result)
    assert set(news_site.site.sitemap_only) <= found  # robots.txt -> sitemap index -> gzipped Google News sitemap
    assert set(news_site.site.feed_only) <= found  # the RSS feed the home page announces
    assert found == set(news_site.site.all_stories())
    # ?page=10 is ten pagination hops from a section at depth 1: pagination does not consume depth
    assert news_site.hits["/world/?page=10"] == 1 and news_site.hits["/business/?page=10"] == 1
    stats = result["stats"]
    # (the first two sitemap-only stories are also linked, as twins, from the home page)
    assert stats["news/discovered/sitemap"] >= len(news_site.site.sitemap_only) - 2
    assert stats["news/discovered/feed"] >= len(news_site.site.feed_only)
    assert stats["news/discovered/link"] > 100
    # the endless archive calendar (any date answers) is left once its days name no new article
    archive = sum(n for path, n in news_site.hits.items() if path.startswith("/archive/"))
    assert 0 < archive <= 15, archive
    # no article fetched twice: its print view, AMP twin and utm/fbclid variants are not fetched when it is known
    story_paths = {s.path for s in news_site.site.all_stories()}
    assert all(n == 1 for path, n in news_site.hits.items() if path in story_paths)
    assert not any("utm_" in path or "fbclid" in path for path in news_site.hits)
    # the home page's links to twins of unknown articles fetch the articles; the AMP-only page after a 404
    twins = [p for p in news_site.hits if p.startswith("/amp/") or "print=1" in p]
    assert twins == ["/amp" + news_site.site.amp_only.path], twins
    assert news_site.hits[news_site.site.amp_only.path] == 1 and stats["news/variant_fallbacks"] == 1


@pytest.mark.slow
def test_discovery_off_follows_links_only(news_site, tmp_path):
    result = spider_only(tmp_path, {"start_urls": news_site.base_url + "/", "discover": "0"})
    found = fetched_stories(news_site, result)
    assert not set(news_site.site.feed_only) & found
    assert news_site.hits["/robots.txt"] == 1 and "/sitemap_index.xml" not in news_site.hits  # robots.txt: Scrapy's own


@pytest.mark.slow
def test_listing_page_cap(news_site, tmp_path):
    spider_only(tmp_path, {"start_urls": news_site.base_url + "/world/", "discover": "0"},
                {"NEWS_LISTING_MAX_PAGES": 4})
    pages = sorted(p for p in news_site.hits if p.startswith("/world/?page="))
    assert pages == ["/world/?page=2", "/world/?page=3", "/world/?page=4"], pages


@pytest.mark.slow
def test_since_skips_older_articles_without_fetching_them(news_site, tmp_path):
    since = date(2024, 3, 20)
    result = spider_only(tmp_path, {"start_urls": news_site.base_url + "/", "since": since.isoformat()})
    found = fetched_stories(news_site, result)
    fetched = {story_of(news_site.site, path) for path in news_site.hits} - {None}
    # dated URLs are judged by the date in them
    assert all(story.day >= since for story in fetched if "/20" in story.path)
    # undated URLs: the sitemap's news:publication_date and the feed's pubDate decide (the first two sitemap-only
    # stories are also linked, undated, from the home page)
    for story in news_site.site.sitemap_only[2:] + news_site.site.feed_only:
        assert (story in found) == (story.day >= since), story.path
    assert result["stats"]["news/skipped/older_than_since"] > 0


@pytest.mark.slow
def test_variants_give_one_row_in_feed_and_store(news_site, tmp_path):
    feed, store = tmp_path / "feed.jsonl", tmp_path / "articles.sqlite"
    news_crawl(news_site.base_url + "/", tmp_path, workers=2, feed=feed.name, store=store)
    rows = read_feed(feed)
    with sqlite3.connect(store) as db:
        stored = [url for (url,) in db.execute("SELECT url FROM articles")]
    counts = summarise(news_site, rows, stored)
    assert counts["found"] == counts["articles"]
    assert counts["stored_twice_feed"] == 0 and counts["stored_twice_store"] == 0
    assert counts["feed_rows"] == counts["articles"] == len(stored)
    assert counts["non_articles_stored"] == 0
    # the /local/ stories all name their section as rel=canonical: each keeps its own identity
    local = [row for row in rows if "/local/" in row["url"]]
    assert len(local) == len(news_site.site.local)
    assert len({row["canonical_url"] for row in local}) == len(local)
    # the AMP-only page: one row, identity its rel=canonical (its plain URL, which answered 404)
    video = [row for row in rows if story_of(news_site.site, row["url"]) == news_site.site.amp_only]
    assert [row["canonical_url"] for row in video] == [news_site.base_url + news_site.site.amp_only.path]


def scrapy_crawl_args(*args):
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-s", "STORAGE_ENABLED=False", *args]
    return subprocess.run(command, cwd=ROOT, env=checkout_env(SCRAPY_SETTINGS_MODULE="crawler.settings"),
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("args, message", [
    (["-a", "max_depth=abc", "-a", "start_urls=http://127.0.0.1:9/"], "max_depth=abc: a whole number"),
    (["-a", "start_url=http://127.0.0.1:9/"], "give start_urls"),
    (["-a", "path=/missing/folder"], "path=/missing/folder: no such folder"),
    (["-a", "start_urls=127.0.0.1:9"], "is not a URL"),
    (["-a", "start_urls=http://127.0.0.1:9/", "-a", "since=yesterday"], "a date YYYY-MM-DD"),
])
def test_bad_spider_arguments_end_in_one_line_and_a_non_zero_exit(args, message):
    done = scrapy_crawl_args(*args)
    assert done.returncode != 0
    errors = [line for line in done.stderr.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and message in errors[0], done.stderr[-2000:]
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_unknown_spider_arguments_are_warned_about(news_site):
    done = scrapy_crawl_args("-a", f"start_urls={news_site.base_url}/about", "-a", "max_pagez=1", "-a", "discover=0",
                             "-s", "ADDONS={}")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "unknown argument -a max_pagez" in done.stderr and "did you mean max_pages?" in done.stderr
    typo = scrapy_crawl_args("-a", "start_url=http://127.0.0.1:9/")
    assert "did you mean start_urls?" in typo.stderr
