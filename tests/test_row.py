"""The row of one page is made once, without Scrapy (crawler.pagejob.row), and is the crawl's ArticleItem."""

from __future__ import annotations

from crawler.items import ArticleItem
from crawler.pagejob.row import ARTICLE_FIELDS, article_row
from crawler.pipelines import article_item


def test_the_crawls_item_declares_the_rows_fields_in_the_rows_order():
    assert tuple(ArticleItem.fields) == ARTICLE_FIELDS


def test_the_crawls_item_is_the_page_jobs_row():
    fields = {"url": "https://news.example/a.html", "text": "Story.", "title": "Harbour plan",
              "metadata": {"keywords": ["port"]}, "crawled_at": "2026-01-01T00:00:00+00:00", "extractor": "default"}
    source = {"url": "https://news.example/a.html", "html": b"<html>", "status": 200, "section": "City",
              "title": "ignored: the extraction has one", "feed": "rss"}
    row = article_row(fields, source, skip=("html",))
    assert dict(article_item(fields, source, skip=("html",))) == row
    assert list(row) == list(ARTICLE_FIELDS)
    assert row["title"] == "Harbour plan" and row["section"] == "City" and row["published"] is None
    assert row["metadata"] == {"keywords": ["port"], "feed": "rss"}
