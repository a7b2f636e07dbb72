"""`scrapy crawl news` over a site with about, contact, legal, careers, login, search, tag and author pages
(tests/pages_site.py, on 127.0.0.1): only the stories are stored, and the log, at DEBUG, has no page HTML,
a progress line and a closing summary."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from pages_site import ARTICLES, HTML_IN_LOG_RE, LISTING_PAGES, SITE_PAGES, PagesSite, crawl

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def crawled(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict], str, str, Path]:
    folder = tmp_path_factory.mktemp("crawl")
    site = PagesSite().start()
    try:
        # a progress line every 0.3 s: the home page answers after 1 s, so one is logged at least
        rows, log = crawl(ROOT, site.base_url, folder, "LOGSTATS_INTERVAL=0.3")
    finally:
        site.shutdown()
    return rows, log, site.base_url, folder


@pytest.mark.slow
def test_only_the_stories_are_stored(crawled: tuple[list[dict], str, str, Path]) -> None:
    rows, log, base, folder = crawled
    assert sorted(row["url"].removeprefix(base) for row in rows) == ARTICLES
    with sqlite3.connect(folder / "articles.sqlite") as db:
        stored = sorted(url.removeprefix(base) for (url,) in db.execute("SELECT url FROM articles"))
    assert stored == ARTICLES
    for path in SITE_PAGES:  # each dropped with its class named, at DEBUG, on one line
        line = next(line for line in log.splitlines() if f"Dropped: site page {base}{path}:" in line)
        assert "DEBUG" in line and " page: " in line, line
    for path in LISTING_PAGES:
        assert f"Dropped: listing page {base}{path}:" in log
    assert "extraction/site_pages_dropped': 10" in log


@pytest.mark.slow
def test_no_page_html_in_any_log_line(crawled: tuple[list[dict], str, str, Path]) -> None:
    log = crawled[1]
    assert "Scraped from" in log and "Dropped:" in log  # the DEBUG per-item lines are there...
    assert not [line for line in log.splitlines() if HTML_IN_LOG_RE.search(line)]  # ...without markup
    assert "Copyright 2024" not in log and "b'<!DOCTYPE" not in log
    assert not re.search(r"WARNING: Dropped", log)


@pytest.mark.slow
def test_progress_lines_and_a_closing_summary(crawled: tuple[list[dict], str, str, Path]) -> None:
    log = crawled[1]
    progress = [line for line in log.splitlines() if "Progress: " in line]
    assert progress, log[-2000:]
    assert re.search(r"Progress: \d+ pages \([\d.]+ pages/s\), \d+ articles \([\d.]+/s\), \d+ listings, "
                     r"\d+ site pages, \d+ queued", progress[0])
    summary = next(line for line in log.splitlines() if "Finished (finished) after" in line)
    pages = int(re.search(r": (\d+) pages \(", summary).group(1))  # robots.txt and any sitemap asked for too
    assert pages >= len(ARTICLES) + len(SITE_PAGES) + len(LISTING_PAGES) + 4, summary  # + home and 3 sections
    assert f" {len(ARTICLES)} articles (" in summary and "0 errors" in summary, summary
    assert f" {len(LISTING_PAGES) + 4} listings, {len(SITE_PAGES)} site pages" in summary, summary
    assert "Crawled 0 pages (at" not in log  # Scrapy's own LogStats line is replaced, not doubled
