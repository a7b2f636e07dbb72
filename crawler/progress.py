"""A progress line a minute and a closing summary, in words a person reads (Scrapy extension).

``CrawlProgress`` takes the place of Scrapy's ``LogStats`` (the add-on swaps them; the same
``LOGSTATS_INTERVAL`` setting, 60 s, sets the pace and 0 turns it off) and says what a news crawl is doing::

    Progress: 1250 pages (5.2 pages/s), 402 articles (1.6/s), 760 listings, 12 site pages, 3410 queued
    Finished (finished) after 0:04:02: 4810 pages (19.9 pages/s), 1530 articles (6.3/s), 3120 listings, ...
    Articles: 1200 new, 30 changed, 300 unchanged (not modified), not in this run feed; dropped: listing 3120; ...
    Discovered: feed 14, link 144, sitemap 23
    Spider: multipage_articles 1, non_html_responses 2
    Storage: inserted 1200, updated 30
    Every stored article as a feed: python -m crawler export --sqlite articles.sqlite -o articles.jsonl

Articles, listings and site pages are the extraction's counts (``extraction/pages/<page type>``, kept by the
extraction pipeline and middleware); the queue is what the scheduler holds (enqueued minus dequeued). The
summary says what a re-run did (new, changed and unchanged articles, what was dropped and why, what failed),
names every ``news/`` stat the spider kept (``news/discovered/*`` first) and the storage outcome, and, when
unchanged articles left this run's feed short, the command that writes every stored article. It is logged
when the engine stops, after Scrapy's stats dump: the log's last word.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from typing import Any

from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured
from twisted.internet import task

logger = logging.getLogger(__name__)

# Stats read, by name (Scrapy's core stats and the extraction's own).
PAGES_STAT = "response_received_count"
PAGE_TYPE_STAT_PREFIX = "extraction/pages/"
ENQUEUED_STAT = "scheduler/enqueued"
DEQUEUED_STAT = "scheduler/dequeued"
SPIDER_STAT_PREFIX = "news/"
DISCOVERED_STAT_PREFIX = "news/discovered/"
STORAGE_STAT_PREFIX = "storage/"
# Page types named in the progress line besides articles, with the words used for them.
OTHER_PAGE_TYPES = (("listing", "listings"), ("site", "site pages"))
NOT_MODIFIED_STAT = "incremental/not_modified"
FAILED_STAT_PREFIX = "news/failed/"
# Stats of pages dropped on purpose, by the words the summary gives each reason.
DROPPED_STATS = (("listing", "extraction/listing_pages_dropped"), ("site", "extraction/site_pages_dropped"),
                 ("duplicate", "identity/duplicates_dropped"),
                 ("older than since", "identity/older_than_since_dropped"))


def _per_second(count: float, seconds: float) -> str:
    return f"{count / seconds:.1f}" if seconds > 0 else "0.0"


def _named_counts(stats: dict[str, Any], prefix: str) -> str:
    return ", ".join(f"{name.removeprefix(prefix)} {value}" for name, value in sorted(stats.items())
                     if name.startswith(prefix) and isinstance(value, (int, float)))


class CrawlProgress:
    """Logs pages, articles, listings, per-minute rates and the queue every ``interval`` seconds, and a
    summary when the spider closes."""

    def __init__(self, crawler: Crawler, interval: float) -> None:
        self.crawler = crawler
        self.interval = interval
        self.task: task.LoopingCall | None = None
        self.started = time.monotonic()
        self.last = (self.started, 0, 0)  # when, pages, articles at the previous line
        self.sqlite_path: str | None = None  # the article store, for the export command the summary names
        self.closed: tuple[str, float] | None = None  # the finish reason and when the spider closed

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> CrawlProgress:
        interval = crawler.settings.getfloat("LOGSTATS_INTERVAL", 60.0)
        if interval <= 0:
            raise NotConfigured("LOGSTATS_INTERVAL is 0")
        extension = cls(crawler, interval)
        crawler.signals.connect(extension.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(extension.engine_stopped, signal=signals.engine_stopped)
        settings = crawler.settings
        if not settings.get("STORAGE_POSTGRES_DSN") and settings.get("STORAGE_SQLITE_PATH"):
            extension.sqlite_path = str(settings.get("STORAGE_SQLITE_PATH"))
        return extension

    def _stats(self) -> dict[str, Any]:
        return self.crawler.stats.get_stats() if self.crawler.stats is not None else {}

    def spider_opened(self, spider: Any = None) -> None:
        self.started = time.monotonic()
        self.last = (self.started, 0, 0)
        self.task = task.LoopingCall(self.log_progress)
        self.task.start(self.interval, now=False)

    def progress_line(self, stats: dict[str, Any], now: float) -> str:
        # pages read from disk (-a path=) have no response: the pages extracted count them
        extracted = sum(int(v) for k, v in stats.items() if k.startswith(PAGE_TYPE_STAT_PREFIX))
        pages = max(int(stats.get(PAGES_STAT, 0)), extracted)
        articles = int(stats.get(PAGE_TYPE_STAT_PREFIX + "article", 0))
        when, pages_before, articles_before = self.last
        self.last = (now, pages, articles)
        seconds = now - when
        others = "".join(f", {int(stats.get(PAGE_TYPE_STAT_PREFIX + kind, 0))} {words}"
                         for kind, words in OTHER_PAGE_TYPES)
        queued = int(stats.get(ENQUEUED_STAT, 0)) - int(stats.get(DEQUEUED_STAT, 0))
        return (f"{pages} pages ({_per_second(pages - pages_before, seconds)} pages/s), {articles} articles "
                f"({_per_second(articles - articles_before, seconds)}/s){others}, {queued} queued")

    def log_progress(self) -> None:
        logger.info("Progress: %s", self.progress_line(self._stats(), time.monotonic()))

    def summary_lines(self, stats: dict[str, Any], reason: str, now: float) -> list[str]:
        elapsed = now - self.started
        self.last = (self.started, 0, 0)  # rates over the whole crawl
        errors = int(stats.get("log_count/ERROR", 0))
        lines = [f"Finished ({reason}) after {timedelta(seconds=round(elapsed))}: "
                 f"{self.progress_line(stats, now)}, {errors} errors", self.articles_line(stats)]
        discovered = _named_counts(stats, DISCOVERED_STAT_PREFIX)
        if discovered:
            lines.append(f"Discovered: {discovered}")
        spider = _named_counts({k: v for k, v in stats.items() if not k.startswith(DISCOVERED_STAT_PREFIX)},
                               SPIDER_STAT_PREFIX)
        if spider:
            lines.append(f"Spider: {spider}")
        storage = _named_counts(stats, STORAGE_STAT_PREFIX)
        if storage:
            lines.append(f"Storage: {storage}")
        if int(stats.get(NOT_MODIFIED_STAT, 0)) and self.sqlite_path:
            lines.append(f"Every stored article as a feed: python -m crawler export --sqlite {self.sqlite_path} "
                         f"-o articles.jsonl")
        return lines

    @staticmethod
    def articles_line(stats: dict[str, Any]) -> str:
        """What the crawl did to the articles: new, changed, unchanged (answered 304 Not Modified, so not in
        this run's feed), dropped by reason, failed by cause."""
        unchanged = int(stats.get(NOT_MODIFIED_STAT, 0)) + int(stats.get(STORAGE_STAT_PREFIX + "unchanged", 0))
        dropped = ", ".join(f"{words} {int(stats[name])}" for words, name in DROPPED_STATS if stats.get(name))
        failed = _named_counts(stats, FAILED_STAT_PREFIX)
        return (f"Articles: {int(stats.get(STORAGE_STAT_PREFIX + 'inserted', 0))} new, "
                f"{int(stats.get(STORAGE_STAT_PREFIX + 'updated', 0))} changed, {unchanged} unchanged (not modified)"
                f"{', not in this run feed' if unchanged else ''}; dropped: {dropped or 'none'}; "
                f"failed: {failed or 'none'}")

    def spider_closed(self, spider: Any = None, reason: str = "finished") -> None:
        if self.task is not None and self.task.running:
            self.task.stop()
        stats = self._stats()
        now = time.monotonic()
        self.closed = (reason, now)
        elapsed = now - self.started
        # What Scrapy's LogStats leaves in the stats, kept for whoever reads them.
        if self.crawler.stats is not None and elapsed > 0:
            self.crawler.stats.set_value("responses_per_minute", stats.get(PAGES_STAT, 0) * 60 / elapsed)
            self.crawler.stats.set_value("items_per_minute", stats.get("item_scraped_count", 0) * 60 / elapsed)

    def engine_stopped(self) -> None:
        """The summary, once the spider closed and Scrapy dumped its stats: the last lines of the log."""
        if self.closed is None:
            return
        reason, when = self.closed
        for line in self.summary_lines(self._stats(), reason, when):
            logger.info(line)
