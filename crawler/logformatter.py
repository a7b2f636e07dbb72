"""Scrapy's log formatter, minus the per-page messages that the configured ``LOG_LEVEL`` throws away.

Scrapy builds a DEBUG record for every response ("Crawled (200)") and every item ("Scraped from"), and only
the log handler drops it at LOG_LEVEL = INFO: 2.5 % of the crawl process's CPU on the crawl benchmark
(``crawler.evaluation.crawl_bench``, py-spy). Returning ``None`` is Scrapy's documented way to skip a message.
"""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.logformatter import LogFormatter, LogFormatterResult


class LevelAwareLogFormatter(LogFormatter):
    """Skips the crawled/scraped messages when they are below the log level; every other message is kept."""

    def __init__(self, level: int = logging.DEBUG) -> None:
        self.per_page_messages = level <= logging.DEBUG

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> LevelAwareLogFormatter:
        settings = crawler.settings
        if not settings.getbool("LOG_ENABLED", True):
            return cls(logging.CRITICAL + 1)
        level = settings.get("LOG_LEVEL", "DEBUG")
        if not isinstance(level, int):
            level = logging.getLevelName(str(level).upper())
        return cls(level if isinstance(level, int) else logging.DEBUG)  # an unknown name: Scrapy's own complaint

    def crawled(self, request: Any, response: Any, spider: Any) -> LogFormatterResult | None:  # type: ignore[override]
        return super().crawled(request, response, spider) if self.per_page_messages else None

    def scraped(self, item: Any, response: Any, spider: Any) -> LogFormatterResult | None:  # type: ignore[override]
        return super().scraped(item, response, spider) if self.per_page_messages else None
