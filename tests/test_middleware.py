"""ArticleExtractionMiddleware on a fake spider's responses, and the add-on that enables everything."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import scrapy
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Request, Response, TextResponse
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler

from crawler.addon import EXTRACTION_MIDDLEWARE, EXTRACTION_PIPELINE, STORAGE_PIPELINE, NewsExtractionAddon
from crawler.items import ArticleItem
from crawler.middlewares import ArticleExtractionMiddleware, is_html_response

URL = "https://news.example.com/world/2024/05/07/harbour-plan-approved-after-long-debate.html"
PAGE = """<html><head><title>Harbour plan approved</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<article><h1>Harbour plan approved</h1>
<p>The council approved the harbour plan on Tuesday after a debate that lasted most of the night.</p>
<p>Fishermen had asked for a new quay for years, and the plan gives them one by the end of next year.</p>
<p>The cost will be shared between the city, the port authority and a fund for coastal towns.</p>
</article><footer>Copyright Example News</footer></body></html>"""


class FakeSpider(scrapy.Spider):
    name = "fake"


def make_middleware(tmp_path: Path, **settings: Any) -> ArticleExtractionMiddleware:
    base = {"EXTRACTION_WORKERS": 0, "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "templates.sqlite")}
    return ArticleExtractionMiddleware.from_crawler(get_crawler(FakeSpider, {**base, **settings}))


async def spider_output(*outputs: Any) -> AsyncIterator[Any]:
    for output in outputs:
        yield output


def collect(middleware: ArticleExtractionMiddleware, response: Response, *outputs: Any) -> list[Any]:
    async def run() -> list[Any]:
        return [o async for o in middleware.process_spider_output(response, spider_output(*outputs))]

    return asyncio.run(run())


def test_an_html_response_adds_an_article_to_the_spider_output(tmp_path: Path) -> None:
    middleware = make_middleware(tmp_path)
    response = HtmlResponse(URL, body=PAGE.encode(), headers={"Content-Type": "text/html; charset=utf-8"})
    follow = Request("https://news.example.com/world")
    scraped = {"headline": "kept"}
    output = collect(middleware, response, follow, scraped)
    assert output[:2] == [follow, scraped]  # the spider's own output, unchanged and first
    assert len(output) == 3 and isinstance(output[2], ArticleItem)
    article = output[2]
    assert article["url"] == article["canonical_url"] == URL
    assert "quay" in article["text"] and "Copyright" not in article["text"] and "Sport" not in article["text"]
    assert middleware.crawler.stats.get_value("extraction/middleware_articles") == 1


LISTING_URL = "https://news.example.com/world/"
LISTING_PAGE = ("<html><head><title>World | Example News</title></head><body><ul>"
                + "".join(f"<li><a href='/world/2024/05/{n:02d}/story-{n}.html'>Story number {n} of the day</a></li>"
                          for n in range(1, 25))
                + "</ul><footer>Copyright 2024 Example News. All rights reserved.</footer></body></html>")


def test_a_listing_page_adds_no_article_unless_listings_are_kept(tmp_path: Path) -> None:
    response = HtmlResponse(LISTING_URL, body=LISTING_PAGE.encode(), headers={"Content-Type": "text/html"})
    follow = Request("https://news.example.com/world/2024/05/01/story-1.html")
    middleware = make_middleware(tmp_path)
    assert collect(middleware, response, follow) == [follow]  # as the pipeline drops it (EXTRACTION_DROP_LISTINGS)
    assert middleware.crawler.stats.get_value("extraction/listing_pages_dropped") == 1
    assert middleware.crawler.stats.get_value("extraction/pages/listing") == 1
    kept = collect(make_middleware(tmp_path, EXTRACTION_DROP_LISTINGS=False), response, follow)
    assert len(kept) == 2 and kept[1]["page_type"] == "listing"


def test_addon_replaces_logstats_and_sets_the_log_formatter_and_csv_exporter() -> None:
    settings = Settings()
    NewsExtractionAddon().update_settings(settings)
    extensions = settings.getwithbase("EXTENSIONS")
    assert extensions["crawler.progress.CrawlProgress"] == 0
    assert extensions["scrapy.extensions.logstats.LogStats"] is None
    assert settings["LOG_FORMATTER"] == "crawler.logformatter.LevelAwareLogFormatter"
    assert settings.getwithbase("FEED_EXPORTERS")["csv"] == "crawler.exporters.JsonCsvItemExporter"
    own = Settings({"LOG_FORMATTER": "project.Formatter", "FEED_EXPORTERS": {"csv": "project.Csv"}})
    NewsExtractionAddon().update_settings(own)
    assert own["LOG_FORMATTER"] == "project.Formatter" and own.getwithbase("FEED_EXPORTERS")["csv"] == "project.Csv"


def test_non_html_responses_are_left_alone(tmp_path: Path) -> None:
    middleware = make_middleware(tmp_path)
    image = Response("https://news.example.com/a.png", body=b"\x89PNG\r\n", headers={"Content-Type": "image/png"})
    data = TextResponse("https://news.example.com/a.json", body=b'{"a": 1}',
                        headers={"Content-Type": "application/json"})
    assert collect(middleware, image, {"x": 1}) == [{"x": 1}]
    assert collect(middleware, data) == []


def test_a_text_response_with_an_html_content_type_is_html() -> None:
    response = TextResponse(URL, body=PAGE.encode(), headers={"Content-Type": "application/xhtml+xml"})
    assert is_html_response(response)
    assert not is_html_response(None)


def test_no_second_article_when_the_callback_already_yields_the_page(tmp_path: Path) -> None:
    response = HtmlResponse(URL, body=PAGE.encode())
    page_item = {"url": URL, "html": response.body}
    assert collect(make_middleware(tmp_path), response, page_item) == [page_item]
    both = collect(make_middleware(tmp_path, EXTRACTION_MIDDLEWARE_DEDUPLICATE=False), response, page_item)
    assert len(both) == 2 and isinstance(both[1], ArticleItem)


def test_disabled_middleware_raises_not_configured(tmp_path: Path) -> None:
    with pytest.raises(NotConfigured):
        make_middleware(tmp_path, EXTRACTION_ENABLED=False)


def test_addon_enables_pipeline_and_middleware_and_keeps_project_orders() -> None:
    settings = Settings({"ITEM_PIPELINES": {EXTRACTION_PIPELINE: 5, "project.Other": 300}})
    NewsExtractionAddon().update_settings(settings)
    assert settings.getdict("ITEM_PIPELINES") == {EXTRACTION_PIPELINE: 5, "project.Other": 300}
    assert EXTRACTION_MIDDLEWARE in settings.getdict("SPIDER_MIDDLEWARES")
    with_storage = Settings({"STORAGE_SQLITE_PATH": "articles.sqlite"})
    NewsExtractionAddon().update_settings(with_storage)
    assert STORAGE_PIPELINE in with_storage.getdict("ITEM_PIPELINES")


def _refresh_middleware() -> Any:
    from crawler.middlewares import MetaRefreshPrefilterMiddleware

    return MetaRefreshPrefilterMiddleware.from_crawler(get_crawler(FakeSpider))


REFRESH_PAGE = '<html><head><META HTTP-EQUIV="Refresh" CONTENT="0; url=/moved.html"></head><body>x</body></html>'


@pytest.mark.parametrize("encoding", ["utf-8", "gbk", "utf-16"])
def test_meta_refresh_redirects_as_scrapys_middleware_does(encoding: str) -> None:
    request = Request("https://news.example.com/old.html")
    response = HtmlResponse(request.url, body=REFRESH_PAGE.encode(encoding), encoding=encoding, request=request)
    redirected = _refresh_middleware().process_response(request, response)
    stock = MetaRefreshMiddleware.from_crawler(get_crawler(FakeSpider)).process_response(request, response)
    assert isinstance(redirected, Request) and redirected.url == stock.url
    assert redirected.url.startswith("https://news.example.com/moved.html")


def test_a_page_without_meta_refresh_is_passed_on_undecoded() -> None:
    request = Request(URL)
    response = HtmlResponse(URL, body=PAGE.encode("utf-8"), encoding="utf-8", request=request)
    assert _refresh_middleware().process_response(request, response) is response
    assert response._cached_ubody is None  # response.text was never built


@pytest.mark.parametrize("where", ["inside", "outside"])
def test_meta_refresh_prefilter_reads_the_bytes_of_scrapys_first_4096_characters(where: str) -> None:
    """Scrapy's middleware reads a refresh tag in the first 4096 characters; in UTF-8 they may take up to
    META_REFRESH_SCAN_BYTES bytes (4 a character), all of which the prefilter searches for "refresh" in any case.
    A tag past both is not looked for, and the page is not decoded."""
    from crawler.middlewares import META_REFRESH_SCAN_BYTES

    tag = '<meta http-equiv="REFRESH" content="0; url=/moved.html">'
    filler = "\U0001f600" * 4000 if where == "inside" else "x" * META_REFRESH_SCAN_BYTES  # 4-byte characters
    body = ("<html><head>" + filler + tag + "</head><body>x</body></html>").encode()
    word_at = body.index(b"REFRESH")
    if where == "inside":  # near the end of the bytes searched
        assert META_REFRESH_SCAN_BYTES - 400 < word_at + len("REFRESH") <= META_REFRESH_SCAN_BYTES
    else:
        assert word_at >= META_REFRESH_SCAN_BYTES
    request = Request("https://news.example.com/old.html")
    response = HtmlResponse(request.url, body=body, encoding="utf-8", request=request)
    result = _refresh_middleware().process_response(request, response)
    stock = MetaRefreshMiddleware.from_crawler(get_crawler(FakeSpider)).process_response(
        request, HtmlResponse(request.url, body=body, encoding="utf-8", request=request))
    if where == "inside":
        assert isinstance(result, Request) and result.url == stock.url == "https://news.example.com/moved.html"
    else:
        assert result is response and response._cached_ubody is None and isinstance(stock, HtmlResponse)


REFRESH_TAGS = [
    '<meta http-equiv="refresh" content="0; url=/moved.html">',
    "<META HTTP-EQUIV=Refresh CONTENT='5;URL=https://other.example/x'>",
    '<script>var refresh = 1; document.write("<meta http-equiv=refresh content=0;url=/no.html>")</script>',
    '<!-- <meta http-equiv="refresh" content="0; url=/commented.html"> -->',
    '<meta content="0; url=/late.html" http-equiv="refresh">',
    '<meta name="autorefresh" content="30">',
]
FILLERS = ["x", "\xe9", "\u65b0", "\U0001f600", " ", "\u00a0"]


@pytest.mark.parametrize("encoding", ["utf-8", "gbk", "gb18030", "cp1252", "shift_jis", "big5", "utf-16"])
def test_a_page_with_refresh_in_its_head_gets_the_stock_middlewares_answer(encoding: str) -> None:
    """Pages that may hold a refresh are shown to the stock middleware as their first bytes: the answer is the
    stock middleware's for the whole page, whatever the tag, the encoding, and where the 4096th character falls."""
    chooser = random.Random(41)
    stock_middleware = MetaRefreshMiddleware.from_crawler(get_crawler(FakeSpider))
    ours = _refresh_middleware()
    redirects = 0
    for _ in range(60):
        filler = chooser.choice(FILLERS)
        try:
            filler.encode(encoding)
        except UnicodeEncodeError:
            filler = "y"
        before = filler * chooser.choice([0, 10, 1000, 1360, 2040, 4080, 4090, 4094, 4100, 5000, 8000])
        tag = chooser.choice(REFRESH_TAGS)
        page = "<html><head>" + before + tag + "</head><body>" + "z" * chooser.randint(0, 40_000) + "</body></html>"
        body = page.encode(encoding, "replace")
        request = Request("https://news.example.com/old.html")
        response = HtmlResponse(request.url, body=body, encoding=encoding, request=request)
        stock = stock_middleware.process_response(request, HtmlResponse(request.url, body=body, encoding=encoding,
                                                                        request=request))
        result = ours.process_response(request, response)
        if isinstance(stock, Request):
            redirects += 1
            assert isinstance(result, Request) and result.url == stock.url, (encoding, len(before), tag)
            assert result.meta["redirect_urls"] == stock.meta["redirect_urls"]
        else:
            assert result is response, (encoding, len(before), tag)
    assert redirects > 5


def test_a_long_page_with_refresh_in_a_script_is_not_decoded_whole() -> None:
    body = ("<html><head><script>autoRefresh();</script></head><body>" + "\u65b0\u95fb" * 50_000
            + "</body></html>").encode("utf-8")
    request = Request(URL)
    response = HtmlResponse(URL, body=body, encoding="utf-8", request=request)
    assert _refresh_middleware().process_response(request, response) is response
    assert response._cached_ubody is None  # response.text was never built


def test_per_page_log_messages_are_skipped_only_below_the_log_level() -> None:
    from crawler.logformatter import LevelAwareLogFormatter

    request = Request(URL)
    response = HtmlResponse(URL, body=b"<html></html>", request=request)
    spider = FakeSpider.from_crawler(get_crawler(FakeSpider))
    quiet = LevelAwareLogFormatter.from_crawler(get_crawler(FakeSpider, {"LOG_LEVEL": "INFO"}))
    assert quiet.crawled(request, response, spider) is None
    assert quiet.scraped({"a": 1}, response, spider) is None
    assert quiet.dropped({"a": 1}, ValueError("bad"), response, spider) is not None  # warnings stay
    verbose = LevelAwareLogFormatter.from_crawler(get_crawler(FakeSpider, {"LOG_LEVEL": "DEBUG"}))
    assert verbose.crawled(request, response, spider)["level"] == logging.DEBUG
    assert verbose.scraped({"a": 1}, response, spider) is not None
