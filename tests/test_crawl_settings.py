"""The project's settings that shape how the crawl process handles a page's output."""

from __future__ import annotations

import asyncio

from scrapy import Request
from scrapy.settings import Settings
from scrapy.utils.asyncio import _parallel_asyncio

from crawler import settings as project_settings


def test_an_article_pages_links_are_scheduled_while_its_article_is_extracted() -> None:
    """Scrapy hands a callback's outputs to CONCURRENT_ITEMS tasks: with the project's value, the links a page
    yields after its article are scheduled while the article is still in the pipelines (extraction takes tens of
    milliseconds), not after it."""
    concurrent_items = Settings(project_settings.__dict__).getint("CONCURRENT_ITEMS")
    done: list[str] = []

    async def process(output: object) -> None:
        if isinstance(output, Request):
            done.append(output.url)
        else:
            await asyncio.sleep(0.05)  # the article's extraction
            done.append("article")

    outputs = [{"url": "https://news.example/a.html"}, *(Request(f"https://news.example/{n}.html") for n in range(3))]
    asyncio.run(_parallel_asyncio(iter(outputs), concurrent_items, process))
    assert done == [f"https://news.example/{n}.html" for n in range(3)] + ["article"]
