"""The pieces of a readable log and of one row shape: the log formatter's one-line item summaries, the drop
level, the progress extension's lines, CSV cells as JSON, the template store's place and extract()'s title."""

from __future__ import annotations

import csv
import io
import json
import logging
from pathlib import Path

import pytest
import scrapy
from scrapy.exceptions import DropItem
from scrapy.http import HtmlResponse, Request
from scrapy.utils.test import get_crawler

from crawler.exporters import JsonCsvItemExporter
from crawler.extraction_service import template_store_path
from crawler.items import ArticleItem
from crawler.logformatter import LevelAwareLogFormatter, item_summary
from crawler.pipelines import article_item
from crawler.progress import CrawlProgress

PAGE = b"<html><body><div class='story'><p>" + b"A long paragraph of the story. " * 200 + b"</p></div></body></html>"


class FakeSpider(scrapy.Spider):
    name = "fake"


def formatter(**settings: object) -> LevelAwareLogFormatter:
    return LevelAwareLogFormatter.from_crawler(get_crawler(FakeSpider, settings))


def rendered(result: dict) -> str:
    return result["msg"] % result["args"]


def test_a_page_item_is_summed_up_in_one_line_without_its_html() -> None:
    item = {"url": "https://news.example/a.html", "html": PAGE, "title": "Harbour\nplan", "status": 200}
    line = item_summary(item)
    assert "<" not in line and "\n" not in line
    assert line == f"{{url: https://news.example/a.html, title: Harbour plan, html: {len(PAGE)} bytes, 4 fields}}"


def test_dropped_items_are_one_line_at_their_level_and_skipped_below_the_log_level() -> None:
    item = {"url": "https://news.example/", "html": PAGE}
    response = HtmlResponse("https://news.example/", body=PAGE)
    spider = FakeSpider()
    at_debug = formatter(LOG_LEVEL="DEBUG").dropped(item, DropItem("listing page x", log_level="DEBUG"), response,
                                                     spider)
    assert at_debug is not None and at_debug["level"] == logging.DEBUG
    assert "\n" not in rendered(at_debug) and "<html" not in rendered(at_debug)
    assert formatter(LOG_LEVEL="INFO").dropped(item, DropItem("listing", log_level="DEBUG"), response, spider) is None
    # another pipeline's drop keeps Scrapy's level (DEFAULT_DROPITEM_LOG_LEVEL), still without the body
    other = formatter(LOG_LEVEL="INFO").dropped(item, DropItem("duplicate"), response, spider)
    assert other is not None and other["level"] == logging.WARNING and "<html" not in rendered(other)


def test_scraped_and_item_error_messages_do_not_carry_the_text() -> None:
    article = article_item({"url": "https://news.example/a.html", "title": "Harbour plan", "text": "x " * 5000,
                            "page_type": "article"})
    response = HtmlResponse("https://news.example/a.html", body=PAGE)
    scraped = formatter(LOG_LEVEL="DEBUG").scraped(article, response, FakeSpider())
    assert scraped is not None and "x x x" not in rendered(scraped) and "text: 10000 chars" in rendered(scraped)
    assert formatter(LOG_LEVEL="INFO").scraped(article, response, FakeSpider()) is None
    error = formatter().item_error({"html": PAGE}, ValueError("bad"), response, FakeSpider())
    assert "<html" not in rendered(error)


def test_progress_line_and_summary_name_pages_articles_listings_rates_queue_and_spider_stats() -> None:
    crawler = get_crawler(FakeSpider, {"LOGSTATS_INTERVAL": 60.0})
    progress = CrawlProgress.from_crawler(crawler)
    progress.started = 0.0
    progress.last = (0.0, 0, 0)
    stats = {"response_received_count": 120, "extraction/pages/article": 30, "extraction/pages/listing": 80,
             "extraction/pages/site": 5, "scheduler/enqueued": 500, "scheduler/dequeued": 125,
             "news/discovered/sitemap": 23, "news/discovered/feed": 14, "news/non_html_responses": 2,
             "storage/inserted": 30}
    line = progress.progress_line(stats, 60.0)
    assert line == "120 pages (2.0 pages/s), 30 articles (0.5/s), 80 listings, 5 site pages, 375 queued"
    summary = progress.summary_lines(stats, "finished", 120.0)
    assert summary[0].startswith("Finished (finished) after 0:02:00: 120 pages (1.0 pages/s), 30 articles (0.2/s)")
    assert summary[1] == "Articles: 30 new, 0 changed, 0 unchanged (not modified); dropped: none; failed: none"
    assert summary[2:] == ["Discovered: feed 14, sitemap 23", "Spider: non_html_responses 2", "Storage: inserted 30"]


def test_progress_is_off_with_logstats_interval_zero() -> None:
    from scrapy.exceptions import NotConfigured

    with pytest.raises(NotConfigured):
        CrawlProgress.from_crawler(get_crawler(FakeSpider, {"LOGSTATS_INTERVAL": 0}))


def test_csv_cells_hold_metadata_as_json_and_every_field() -> None:
    article = article_item({"url": "https://news.example/a.html", "text": "Story.", "authors": ["A. Writer", "B"],
                            "pages": ["https://news.example/a.html", "https://news.example/a-2.html"]})
    assert set(article) == set(ArticleItem.fields) and article["published"] is None
    output = io.BytesIO()
    exporter = JsonCsvItemExporter(output)
    exporter.start_exporting()
    exporter.export_item(article)
    exporter.finish_exporting()
    row = next(csv.DictReader(io.StringIO(output.getvalue().decode("utf-8"))))
    assert list(row) == list(ArticleItem.fields)
    assert json.loads(row["metadata"]) == {"pages": ["https://news.example/a.html", "https://news.example/a-2.html"]}
    assert row["authors"] == "A. Writer,B" and row["published"] == ""


def test_a_relative_template_store_lives_under_dot_scrapy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCRAPY_SETTINGS_MODULE", raising=False)
    (tmp_path / "scrapy.cfg").write_text("[settings]\ndefault = project.settings\n")
    placed = Path(template_store_path("templates.sqlite"))
    assert placed.resolve() == (tmp_path / ".scrapy" / "templates.sqlite").resolve() and placed.parent.is_dir()
    assert template_store_path(str(tmp_path / "t.sqlite")) == str(tmp_path / "t.sqlite")
    assert template_store_path("redis://localhost:6379/0") == "redis://localhost:6379/0"


def test_extract_gives_the_cleaned_title_the_rows_carry() -> None:
    from crawler.extractors import extract
    from crawler.pagejob import PageExtractor

    html = ("<html><head><title>Harbour plan approved after long debate | Example News</title></head><body>"
            "<article><h1>Harbour plan approved after long debate</h1>"
            + "<p>The council met on Tuesday evening and argued about the harbour at length.</p>" * 8
            + "</article></body></html>")
    url = "https://news.example/2024/03/12/harbour-plan.html"
    assert extract(html, url).title == "Harbour plan approved after long debate"
    assert PageExtractor(None).extract(html, url)["title"] == extract(html, url).title


def test_the_log_formatter_handles_a_request_for_scrapy_crawled() -> None:
    request = Request("https://news.example/")
    response = HtmlResponse("https://news.example/", body=PAGE, request=request)
    assert formatter(LOG_LEVEL="INFO").crawled(request, response, FakeSpider()) is None
    crawled = formatter(LOG_LEVEL="DEBUG").crawled(request, response, FakeSpider())
    assert crawled is not None and "<html" not in rendered(crawled)
