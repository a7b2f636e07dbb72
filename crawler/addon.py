"""``ADDONS = {"crawler.addon.NewsExtractionAddon": 0}``: article extraction in any Scrapy project, one line.

The add-on enables ``ArticleExtractionMiddleware`` (every HTML response becomes an article),
``ArticleExtractionPipeline`` (items carrying ``html``/``body`` and ``url`` become articles) and, when
``STORAGE_SQLITE_PATH`` or ``STORAGE_POSTGRES_DSN`` is set, ``ArticleStoragePipeline`` with the store-aware
parts of ``crawler.incremental``: ``IncrementalMiddleware`` (conditional requests for stored articles) and,
unless the project chose its own, ``ResumableScheduler`` (JOBDIR survives a killed crawl). It also puts
``crawler.progress.CrawlProgress`` (a progress line a minute, a closing summary) in place of Scrapy's
``LogStats``, sets ``LOG_FORMATTER`` to ``crawler.logformatter.LevelAwareLogFormatter`` (one line an item, never
its HTML), registers ``crawler.exporters.JsonCsvItemExporter`` for CSV feeds, ``EmptyXmlItemExporter`` for
XML ones and ``WholeLineFileFeedStorage`` for feed files, and enables ``crawler.gctuning.GcTuning`` (the crawl
process's garbage collector tuned for a crawl). Orders a project already gave these components are kept.
"""

from __future__ import annotations

from scrapy.settings import BaseSettings

EXTRACTION_PIPELINE = "crawler.pipelines.ArticleExtractionPipeline"
STORAGE_PIPELINE = "crawler.storage_pipeline.ArticleStoragePipeline"
EXTRACTION_MIDDLEWARE = "crawler.middlewares.ArticleExtractionMiddleware"
INCREMENTAL_MIDDLEWARE = "crawler.incremental.IncrementalMiddleware"
EXPLAIN_EXTENSION = "crawler.explain.extension.ExplainSampler"  # enabled when EXPLAIN_DIR is set
RESUMABLE_SCHEDULER = "crawler.incremental.ResumableScheduler"
PROGRESS_EXTENSION = "crawler.progress.CrawlProgress"
GC_EXTENSION = "crawler.gctuning.GcTuning"
QUIET_LOG_EXTENSION = "crawler.logformatter.QuietLog"
SCRAPY_LOGSTATS = "scrapy.extensions.logstats.LogStats"
CSV_EXPORTER = "crawler.exporters.JsonCsvItemExporter"
XML_EXPORTER = "crawler.exporters.EmptyXmlItemExporter"
FILE_FEED_STORAGE = "crawler.exporters.WholeLineFileFeedStorage"
LOG_FORMATTER = "crawler.logformatter.LevelAwareLogFormatter"
# Extensions' order matters only between extensions that depend on each other; LogStats's own is 0.
PROGRESS_EXTENSION_ORDER = 0
# Item pipeline orders: extraction early (other pipelines see articles), storage late (after cleaning and
# validation pipelines at the customary 300-800).
EXTRACTION_PIPELINE_ORDER = 100
STORAGE_PIPELINE_ORDER = 900
# Spider middleware order: above Scrapy's built-ins (50-1000 range; 800 is near the spider) so the article
# item still passes the offsite/depth/referer middlewares' checks on its way to the engine.
EXTRACTION_MIDDLEWARE_ORDER = 800
# Downloader middleware order: above RedirectMiddleware (600) and RetryMiddleware (550), so it sees a 304
# first on the way back, and below HttpCacheMiddleware (900), so a cached answer never reaches it.
INCREMENTAL_MIDDLEWARE_ORDER = 650


class NewsExtractionAddon:
    """Scrapy add-on (``update_settings``) that switches on the news extraction components."""

    def update_settings(self, settings: BaseSettings) -> None:
        # In place, as Scrapy's add-on docs do: the project's own ITEM_PIPELINES entries stay as they are.
        pipelines = settings["ITEM_PIPELINES"]
        pipelines.setdefault(EXTRACTION_PIPELINE, EXTRACTION_PIPELINE_ORDER)
        if settings.get("STORAGE_SQLITE_PATH") or settings.get("STORAGE_POSTGRES_DSN"):
            pipelines.setdefault(STORAGE_PIPELINE, STORAGE_PIPELINE_ORDER)
            settings["DOWNLOADER_MIDDLEWARES"].setdefault(INCREMENTAL_MIDDLEWARE, INCREMENTAL_MIDDLEWARE_ORDER)
            # "addon" priority: a SCHEDULER the project or the command line set wins.
            settings.set("SCHEDULER", RESUMABLE_SCHEDULER, priority="addon")
        settings["SPIDER_MIDDLEWARES"].setdefault(EXTRACTION_MIDDLEWARE, EXTRACTION_MIDDLEWARE_ORDER)
        if settings.get("EXPLAIN_DIR"):  # else Scrapy would warn on every crawl that it is disabled
            settings["EXTENSIONS"].setdefault(EXPLAIN_EXTENSION, 0)
        # A readable log: the progress line and closing summary in place of Scrapy's LogStats (same
        # LOGSTATS_INTERVAL), and CSV feeds whose metadata cell is JSON. A project's own entries stay.
        extensions = settings["EXTENSIONS"]
        extensions.setdefault(PROGRESS_EXTENSION, PROGRESS_EXTENSION_ORDER)
        extensions.setdefault(SCRAPY_LOGSTATS, None)
        extensions.setdefault(GC_EXTENSION, 0)  # the crawl process's garbage collector (crawler/gctuning.py)
        extensions.setdefault(QUIET_LOG_EXTENSION, 0)  # 404s of in-page links and the like at DEBUG
        settings["FEED_EXPORTERS"].setdefault("csv", CSV_EXPORTER)
        settings["FEED_EXPORTERS"].setdefault("xml", XML_EXPORTER)  # absent values empty, not the text "None"
        for scheme in ("", "file"):  # a feed file that cannot be written: one line, the crawl stops, exit 1
            settings["FEED_STORAGES"].setdefault(scheme, FILE_FEED_STORAGE)
        # Scrapy's formatter prints a dropped or scraped item whole (the page's HTML): one summary line instead.
        settings.set("LOG_FORMATTER", LOG_FORMATTER, priority="addon")
