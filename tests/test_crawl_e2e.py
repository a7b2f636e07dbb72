"""`scrapy crawl news` with the project's own settings against the sample site on 127.0.0.1: extraction in
worker processes, listing pages dropped, SQLite store and JSON lines feed in agreement, reruns idempotent."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from crawler.sample_site import SITE_ROOT, SampleSiteServer

ROOT = Path(__file__).resolve().parents[1]
# The second page of the multi-page article is stored as part of its first page, not on its own.
CONTINUATION = "/tech/2024/03/16/how-the-old-mill-became-a-data-centre-2.html"
ARTICLES = sorted(
    "/" + str(p.relative_to(SITE_ROOT)) for p in SITE_ROOT.rglob("20*/**/*.html")
    if "private" not in str(p) and "/" + str(p.relative_to(SITE_ROOT)) != CONTINUATION
)


@pytest.fixture()
def site():
    server = SampleSiteServer().start()
    yield server
    server.shutdown()


def scrapy_crawl(tmp_path: Path, base_url: str, feed: str) -> str:
    command = [
        sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"start_urls={base_url}/",
        "-s", "AUTOTHROTTLE_ENABLED=False", "-s", "EXTRACTION_WORKERS=2",
        "-s", f"STORAGE_SQLITE_PATH={tmp_path / 'articles.sqlite'}",
        "-s", f"EXTRACTION_TEMPLATE_STORE={tmp_path / 'templates.sqlite'}",
        "-O", str(tmp_path / feed), "-L", "INFO",
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stderr


@pytest.mark.slow
def test_news_crawl_stores_every_article_once(site, tmp_path):
    log = scrapy_crawl(tmp_path, site.base_url, "articles.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "articles.jsonl").read_text(encoding="utf-8").splitlines()]
    urls = sorted(row["url"].removeprefix(site.base_url) for row in rows)
    assert urls == ARTICLES  # every article once, no listing page, nothing behind robots.txt
    assert all(row["title"] and row["text"] and row["page_type"] == "article" for row in rows)
    assert list(rows[0])[:3] == ["url", "canonical_url", "title"]  # declared field order
    chinese = next(row for row in rows if "/zh/" in row["url"])
    assert chinese["language"] == "zh" and ("自行车道" in chinese["text"] or "太阳能" in chinese["text"])
    assert site.hits["/private/drafts.html"] == 0
    merged = next(row for row in rows if row["url"].endswith(CONTINUATION.replace("-2.html", ".html")))
    assert "stood empty" in merged["text"] and merged["text"].endswith("history.")  # both pages, in order
    assert merged["metadata"]["pages"][1] == site.base_url + CONTINUATION
    assert all(count == 1 for path, count in site.hits.items() if path != "/robots.txt"), site.hits
    assert "'extraction/listing_pages_dropped': 5" in log  # home and sections
    assert "'extraction/site_pages_dropped': 2" in log  # about.html and contact.html

    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        stored = {url: text for url, text in db.execute("SELECT url, text FROM articles")}
    assert stored == {row["url"]: row["text"] for row in rows}  # JSON lines and SQLite agree

    again = scrapy_crawl(tmp_path, site.base_url, "again.jsonl")
    # Nothing new is stored: stored articles are asked for with their validators and answer 304.
    assert "'incremental/not_modified'" in again and "storage/inserted" not in again
    assert (tmp_path / "again.jsonl").read_text(encoding="utf-8") == ""
    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == len(ARTICLES)
