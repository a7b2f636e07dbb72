"""``STATS_CLASS``: Scrapy's in-memory stats collector, its attributes read as any object's.

Scrapy 2.19's ``StatsCollector.__getattribute__`` looks every attribute up twice, the methods through a cached
wrapper that warns when a caller passes the deprecated ``spider`` argument, ``self._stats`` inside them through a
failed lookup of ``_cached__stats`` first, an ``inc_value`` many times slower than a plain read, and a crawl makes
many stats calls a page (Scrapy's own and the project's). The stats kept are the
same; a caller still passing ``spider`` is no longer warned about it.
"""

from __future__ import annotations

from scrapy.statscollectors import MemoryStatsCollector


class PlainStatsCollector(MemoryStatsCollector):
    """``MemoryStatsCollector`` without the deprecation shim on every attribute read."""

    __getattribute__ = object.__getattribute__


__all__ = ["PlainStatsCollector"]
