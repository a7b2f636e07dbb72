"""The news spider's page requests share one bound method as their callback: Scrapy's check of a callback for a
generator's return value (``scrapy.utils.misc.is_generator_with_return_value``: ``inspect.getsource`` and
``ast.parse`` of the method) is cached by (weak reference to) the callback object, so a bound method made for
each request, dying with it, had the check redone every few dozen requests."""

from __future__ import annotations

import gc

from scrapy.utils.misc import is_generator_with_return_value
from scrapy.utils.request import request_from_dict

from crawler.spiders.news import NewsSpider


def test_page_requests_share_one_callback_which_scrapys_check_keeps_cached(monkeypatch) -> None:
    import inspect

    spider = NewsSpider(start_urls="https://news.example/")
    first = spider.request_for("https://news.example/2024/03/01/one.html", "link", 1)
    second = spider.request_for("https://news.example/2024/03/01/two.html", "link", 1)
    assert first is not None and second is not None
    assert first.callback is second.callback
    assert first.callback == spider.parse_page
    is_generator_with_return_value(first.callback)
    del first
    gc.collect()
    sources: list[object] = []
    monkeypatch.setattr(inspect, "getsource", lambda obj: sources.append(obj) or "")
    assert is_generator_with_return_value(second.callback) is False
    assert sources == []  # answered from the cache


def test_a_page_request_is_saved_for_jobdir_with_its_callbacks_name() -> None:
    spider = NewsSpider(start_urls="https://news.example/")
    request = spider.request_for("https://news.example/2024/03/01/one.html", "link", 1)
    assert request is not None
    saved = request.to_dict(spider=spider)
    assert saved["callback"] == "parse_page"
    assert request_from_dict(saved, spider=spider).callback == spider.parse_page
