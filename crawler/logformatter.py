"""Scrapy's log formatter for a log a person can read: one line a message, never a page or an item's body.

Scrapy's own formatter prints the whole item in its "Scraped from" (DEBUG), "Dropped" (WARNING by default) and
"Error processing" (ERROR) messages: for a page item that is the page's HTML, for an article its whole text,
so one dropped listing page filled a screen. Here every item is summed up in one line (``item_summary``:
its URL, page type, title and the size of its text or HTML), and the messages below the configured
``LOG_LEVEL`` are not even built: Scrapy builds a DEBUG record for every response and item, and only the log
handler drops it at INFO, a cost on every response (``python -m crawler.evaluation.crawl_bench`` measures the
crawl process). Returning ``None`` is Scrapy's documented way to skip a message.
Drops keep Scrapy's level rules (the exception's ``log_level``, else ``DEFAULT_DROPITEM_LOG_LEVEL``); the
extraction pipeline drops listing and site pages at DEBUG.

``QuietLog`` (an extension the add-on enables) moves to DEBUG the lines of Scrapy's that a person cannot act on
and that are counted in the stats anyway: a response ignored for its HTTP status (the 404 of a link inside a
page), a request given up after its retries (the spider's own line names the start URL that failed), a
robots.txt that could not be downloaded (the site is then crawled as Scrapy does, without rules), and the
download handler's notice that it is experimental.
"""

from __future__ import annotations

import logging
from typing import Any

from itemadapter import ItemAdapter, is_item
from scrapy.crawler import Crawler
from scrapy.logformatter import LogFormatter, LogFormatterResult

# Item fields named in the one-line summary, in this order, when the item has them.
SUMMARY_FIELDS = ("url", "page_type", "title")
# Fields whose size is given instead of their content (page HTML and article text).
BULK_FIELDS = ("html", "body", "text")
# A summarised value is cut to this many characters (a title or URL; design choice: one line of a terminal).
MAX_VALUE_CHARS = 120


def _short(value: Any) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= MAX_VALUE_CHARS else text[: MAX_VALUE_CHARS - 1] + "…"


def item_summary(item: Any) -> str:
    """One line naming the item without its body: ``{url: ..., page_type: ..., title: ..., text: 5321
    chars, 24 fields}``; something that is not an item is named by its type."""
    if not is_item(item):
        return f"<{type(item).__name__}>"
    adapter = ItemAdapter(item)
    parts = [f"{name}: {_short(adapter[name])}" for name in SUMMARY_FIELDS
             if name in adapter and adapter.get(name) not in (None, "")]
    for name in BULK_FIELDS:
        value = adapter.get(name) if name in adapter else None
        if isinstance(value, (bytes, str)):
            parts.append(f"{name}: {len(value)} {'bytes' if isinstance(value, bytes) else 'chars'}")
    parts.append(f"{len(adapter)} fields")
    return "{" + ", ".join(parts) + "}"


def _level(value: Any, default: int) -> int:
    if isinstance(value, int):
        return value
    named = logging.getLevelName(str(value).upper()) if value is not None else default
    return named if isinstance(named, int) else default


class LevelAwareLogFormatter(LogFormatter):
    """Per-item messages as one summary line each; messages below the log level are skipped."""

    def __init__(self, level: int = logging.DEBUG, drop_level: int = logging.WARNING) -> None:
        self.level = level
        self.per_page_messages = level <= logging.DEBUG
        self.drop_level = drop_level

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> LevelAwareLogFormatter:
        settings = crawler.settings
        drop_level = _level(settings.get("DEFAULT_DROPITEM_LOG_LEVEL"), logging.WARNING)
        if not settings.getbool("LOG_ENABLED", True):
            return cls(logging.CRITICAL + 1, drop_level)
        # an unknown level name: Scrapy's own complaint, everything is built here
        return cls(_level(settings.get("LOG_LEVEL", "DEBUG"), logging.DEBUG), drop_level)

    def crawled(self, request: Any, response: Any, spider: Any) -> LogFormatterResult | None:  # type: ignore[override]
        return super().crawled(request, response, spider) if self.per_page_messages else None

    def scraped(self, item: Any, response: Any, spider: Any) -> LogFormatterResult | None:  # type: ignore[override]
        if not self.per_page_messages:
            return None
        result = super().scraped(item, response, spider)
        result["msg"] = "Scraped from %(src)s: %(item)s"
        result["args"] = {**result["args"], "item": item_summary(item)}  # type: ignore[dict-item]
        return result

    def dropped(self, item: Any, exception: BaseException, response: Any,  # type: ignore[override]
                spider: Any) -> LogFormatterResult | None:
        level = _level(getattr(exception, "log_level", None), self.drop_level)
        if level < self.level:
            return None
        return {"level": level, "msg": "Dropped: %(exception)s %(item)s",
                "args": {"exception": _short_exception(exception), "item": item_summary(item)}}

    def item_error(self, item: Any, exception: BaseException, response: Any,  # type: ignore[override]
                   spider: Any) -> LogFormatterResult:
        result = super().item_error(item, exception, response, spider)
        result["args"] = {"item": item_summary(item)}
        return result


# (logger, start of the message) of the records QuietLog moves to DEBUG.
QUIET_RECORDS = (
    ("scrapy.spidermiddlewares.httperror", "Ignoring response"),
    ("scrapy.downloadermiddlewares.retry", "Gave up retrying"),
    ("scrapy.downloadermiddlewares.robotstxt", "Error downloading"),
    ("scrapy.core.downloader.handlers._base_streaming", ""),
)
# A note of the handler module above is quieted only when it says this (its other messages stay as they are).
EXPERIMENTAL_NOTE = "is experimental"


class DebugLevelFilter(logging.Filter):
    """Passes every record, those whose message starts with ``prefix`` as DEBUG records (a handler at INFO
    drops them, ``-L DEBUG`` shows them)."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        if message.startswith(self.prefix) and (self.prefix or EXPERIMENTAL_NOTE in record.getMessage()):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


class QuietLog:
    """Scrapy extension: the QUIET_RECORDS at DEBUG, for every crawl of this process."""

    installed = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> QuietLog:
        if not QuietLog.installed:
            QuietLog.installed = True
            for name, prefix in QUIET_RECORDS:
                logging.getLogger(name).addFilter(DebugLevelFilter(prefix))
        return cls()


def _short_exception(exception: BaseException) -> str:
    """The exception's message on one line (a pipeline's message may quote a page; it is cut)."""
    text = " ".join(str(exception).split())
    limit = 4 * MAX_VALUE_CHARS
    return text if len(text) <= limit else text[: limit - 1] + "…"
