"""`scrapy crawl news` with the project's own settings against the sample site on 127.0.0.1: extraction in
worker processes, listing pages dropped, SQLite store and JSON lines feed in agreement, reruns idempotent."""

import sqlite3
from pathlib import Path

import pytest
from helpers.crawl import news_crawl, read_feed

from crawler.sample_site import SITE_ROOT

# The second page of the multi-page article is stored as part of its first page, not on its own.
CONTINUATION = "/tech/2024/03/16/how-the-old-mill-became-a-data-centre-2.html"
ARTICLES = sorted(
    "/" + str(p.relative_to(SITE_ROOT)) for p in SITE_ROOT.rglob("20*/**/*.html")
    if "private" not in str(p) and "/" + str(p.relative_to(SITE_ROOT)) != CONTINUATION
)


def scrapy_crawl(tmp_path: Path, base_url: str, feed: str) -> str:
    return news_crawl(base_url + "/", tmp_path, workers=2, feed=feed, timeout=180).stderr


@pytest.mark.slow
def test_news_crawl_stores_every_article_once(sample_site, tmp_path):
    log = scrapy_crawl(tmp_path, sample_site.base_url, "articles.jsonl")
    rows = read_feed(tmp_path / "articles.jsonl")
    urls = sorted(row["url"].removeprefix(sample_site.base_url) for row in rows)
    assert urls == ARTICLES  # every article once, no listing page, nothing behind robots.txt
    assert all(row["title"] and row["text"] and row["page_type"] == "article" for row in rows)
    assert list(rows[0])[:3] == ["url", "canonical_url", "title"]  # declared field order
    chinese = next(row for row in rows if "/zh/" in row["url"])
    assert chinese["language"] == "zh" and ("自行车道" in chinese["text"] or "太阳能" in chinese["text"])
    assert sample_site.hits["/private/drafts.html"] == 0
    merged = next(row for row in rows if row["url"].endswith(CONTINUATION.replace("-2.html", ".html")))
    assert "stood empty" in merged["text"] and merged["text"].endswith("history.")  # both pages, in order
    assert merged["metadata"]["pages"][1] == sample_site.base_url + CONTINUATION
    assert all(count == 1 for path, count in sample_site.hits.items() if path != "/robots.txt"), sample_site.hits
    assert "'extraction/listing_pages_dropped': 5" in log  # home and sections
    assert "'extraction/site_pages_dropped': 2" in log  # about.html and contact.html

    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        stored = {url: text for url, text in db.execute("SELECT url, text FROM articles")}
    assert stored == {row["url"]: row["text"] for row in rows}  # JSON lines and SQLite agree

    again = scrapy_crawl(tmp_path, sample_site.base_url, "again.jsonl")
    # Nothing new is stored: stored articles are asked for with their validators and answer 304.
    assert "'incremental/not_modified'" in again and "storage/inserted" not in again
    assert (tmp_path / "again.jsonl").read_text(encoding="utf-8") == ""
    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == len(ARTICLES)
