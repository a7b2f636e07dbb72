"""The crawl process's garbage collector, tuned for a crawl (Scrapy extension, enabled by the add-on).

A crawl allocates container objects fast and keeps many of them a while (requests waiting in the scheduler, responses
and items in flight), so CPython's default collector (a young collection every 700 net allocations, full collections
that walk every object of the process) spends much of the crawl process's CPU (``python -m
crawler.evaluation.crawl_bench`` measures it). When the spider opens, everything the start-up made (modules, Scrapy's
machinery, settings, the spider) is frozen (``gc.freeze``: never scanned again, and never freed, as it lives as long as
the crawl), and young collections wait for ``GC_GEN0_THRESHOLD`` allocations, so collections take a small fraction of
that. Objects in reference cycles are still collected, later. When the spider closes, the thresholds are restored and
the objects unfrozen (in a process running several crawls at once, when the first one closes).

Settings: ``GC_TUNING_ENABLED`` (True), ``GC_FREEZE`` (True), ``GC_GEN0_THRESHOLD`` (50,000).
"""

from __future__ import annotations

import gc
from typing import Any

from scrapy import signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured

from .pagejob import tune_gc

# Young-generation threshold during a crawl: young objects kept are at most this many (a few MB); docs/tuning.md.
DEFAULT_GEN0_THRESHOLD = 50_000


class GcTuning:
    """Freezes the start-up's objects and raises the young generation's threshold while the spider runs."""

    def __init__(self, gen0_threshold: int = DEFAULT_GEN0_THRESHOLD, freeze: bool = True) -> None:
        if gen0_threshold < 1:
            raise ValueError(f"GC_GEN0_THRESHOLD must be 1 or more allocations, not {gen0_threshold}")
        self.gen0_threshold = gen0_threshold
        self.freeze = freeze
        self.previous: tuple[int, ...] | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> GcTuning:
        settings = crawler.settings
        if not settings.getbool("GC_TUNING_ENABLED", True):
            raise NotConfigured("GC_TUNING_ENABLED is off")
        tuning = cls(settings.getint("GC_GEN0_THRESHOLD", DEFAULT_GEN0_THRESHOLD), settings.getbool("GC_FREEZE", True))
        crawler.signals.connect(tuning.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(tuning.spider_closed, signal=signals.spider_closed)
        return tuning

    def spider_opened(self, **_: Any) -> None:
        self.previous = tune_gc(self.gen0_threshold, self.freeze)

    def spider_closed(self, **_: Any) -> None:
        if self.previous is None:
            return
        gc.set_threshold(*self.previous)
        self.previous = None
        if self.freeze:
            gc.unfreeze()


__all__ = ["DEFAULT_GEN0_THRESHOLD", "GcTuning"]
