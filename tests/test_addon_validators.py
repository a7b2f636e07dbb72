"""A project using the add-on (``ArticleExtractionMiddleware``: every HTML response becomes an article) stores each
article's HTTP validators as the news spider's path does, so that its next run asks with If-None-Match /
If-Modified-Since and an unchanged page answers 304 instead of being fetched again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import scrapy
from scrapy.http import HtmlResponse
from scrapy.utils.test import get_crawler

from crawler.middlewares import ArticleExtractionMiddleware
from crawler.storage_pipeline import storage_record

URL = "https://news.example.com/world/2024/05/07/harbour-plan-approved-after-long-debate.html"
PAGE = ("<html><head><title>Harbour plan approved</title></head><body><article><h1>Harbour plan approved</h1>"
        + "".join(f"<p>Paragraph {n}: the council approved the harbour plan on Tuesday after a debate that lasted "
                  f"most of the night, and the fishermen get their quay.</p>" for n in range(5))
        + "</article></body></html>")


class ProjectSpider(scrapy.Spider):
    name = "project"


@pytest.mark.slow
def test_the_middleware_article_carries_the_responses_validators_to_the_store(tmp_path: Path) -> None:
    crawler = get_crawler(ProjectSpider, {"EXTRACTION_WORKERS": 0,
                                          "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "templates.sqlite")})
    middleware = ArticleExtractionMiddleware.from_crawler(crawler)
    response = HtmlResponse(URL, body=PAGE.encode(), headers={
        "Content-Type": "text/html; charset=utf-8", "ETag": '"v1-harbour"',
        "Last-Modified": "Tue, 07 May 2024 10:00:00 GMT"})

    async def outputs() -> list:
        async def nothing():
            return
            yield

        return [item async for item in middleware.process_spider_output(response, nothing())]

    (article,) = asyncio.run(outputs())
    stored = storage_record(dict(article))
    assert stored["etag"] == '"v1-harbour"'
    assert stored["last_modified"] == "Tue, 07 May 2024 10:00:00 GMT"
    middleware.service.close()
