"""Scrapy settings of the news crawler project (``scrapy.cfg`` points here).

``scrapy crawl news -a start_urls=https://example.com/ -O articles.jsonl`` extracts every article page
(listing pages are only followed), stores it in ``articles.sqlite`` and writes it to the JSON lines file.
"""

BOT_NAME = "newscrawler"

SPIDER_MODULES = ["crawler.spiders"]
NEWSPIDER_MODULE = "crawler.spiders"

USER_AGENT = "newscrawler/0.1 (+https://github.com/newscrawler)"
ROBOTSTXT_OBEY = True

# Polite by default: AutoThrottle adapts the delay to each site's latency; a few requests per site at once.
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 4
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_START_DELAY = 1.0
AUTOTHROTTLE_TARGET_CONCURRENCY = 2.0
# Scrapy starts this many asyncio tasks for every callback's output (default 100), whatever its size; a news page yields
# one article, or a listing's links, which are only scheduled, so 100 tasks a response are wasted (crawl process CPU:
# python -m crawler.evaluation.crawl_bench, docs/tuning.md). Two, so that an article page's links are scheduled while
# its article is extracted (one task would hold them behind it); responses are still processed side by side.
CONCURRENT_ITEMS = 2
# Scrapy's in-memory stats without its deprecation shim on every attribute read (crawler/statscollector.py): a
# crawl makes many stats calls a page.
STATS_CLASS = "crawler.statscollector.PlainStatsCollector"
# http and https pages through aiohttp (scrapy-download-handlers-incubator, the maintained copy of Scrapy's own
# experimental handler) rather than Twisted's HTTP client: its C parser reads a response in one piece where Twisted
# splits the headers' chunk into lines, grows the body in a BytesIO and IDNA-checks the host of every request, so the
# crawl process spends less CPU a page (python -m crawler.evaluation.crawl_bench). Redirects, compression, retries,
# proxies (HttpProxyMiddleware), DOWNLOAD_MAXSIZE and DOWNLOAD_TIMEOUT stay Scrapy's. `-s DOWNLOAD_HANDLERS={}` gives
# back Scrapy's Twisted handler, which is also used where the package is not installed (it needs Python 3.11; pyproject
# installs it there).
from importlib.util import find_spec as _find_spec  # noqa: E402  (lower case: not a setting)

_aiohttp_handler = "scrapy_download_handlers_incubator.AiohttpDownloadHandler"
DOWNLOAD_HANDLERS = ({"http": _aiohttp_handler, "https": _aiohttp_handler}
                     if _find_spec("scrapy_download_handlers_incubator") is not None else {})
# Scrapy's meta-refresh redirects, without decoding every page to look for one (crawler/middlewares.py).
DOWNLOADER_MIDDLEWARES = {
    "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
    "crawler.middlewares.MetaRefreshPrefilterMiddleware": 580,  # the stock middleware's place
}
# A line a page is noise on a crawl of thousands of pages (Scrapy's "Broad Crawls" advice); -L DEBUG brings
# the per-page "Crawled"/"Scraped" lines back. Below the level they are not even built (crawler/logformatter.py).
LOG_LEVEL = "INFO"
LOG_FORMATTER = "crawler.logformatter.LevelAwareLogFormatter"
# A progress line this often (pages, articles, listings, site pages, rates a minute, queue) and a summary at the
# end (crawler/progress.py, put in place of Scrapy's LogStats by the add-on); 0 turns both off.
LOGSTATS_INTERVAL = 60.0

# The extraction pipeline and middleware, plus storage (crawler/addon.py says what each adds).
ADDONS = {"crawler.addon.NewsExtractionAddon": 0}
# Learned line-hash templates, by URL pattern; relative paths live under .scrapy/.
EXTRACTION_TEMPLATE_STORE = "templates.sqlite"
# JSON/YAML file of pinned per-site rules (URL glob -> body/title/date selectors); a pinned rule wins.
EXTRACTION_RULES_FILE = None
# Processes that extract (None: one per core; 0: in the crawl process).
EXTRACTION_WORKERS = None
# The article store: SQLite by default; STORAGE_POSTGRES_DSN = "postgresql://..." for PostgreSQL.
STORAGE_SQLITE_PATH = "articles.sqlite"
# Recrawls (crawler/incremental.py): stored articles are revalidated with If-None-Match/If-Modified-Since;
# with a positive age (seconds) an article seen that recently is not requested at all.
INCREMENTAL_MAX_AGE = 0

FEED_EXPORT_ENCODING = "utf-8"

# Bounds (docs/reliability.md). A body past DOWNLOAD_MAXSIZE is dropped, also while Scrapy inflates a gzip or
# brotli response (HttpCompressionMiddleware stops at the cap), so a compression bomb costs a bounded amount of
# memory; the same cap as extract-batch and `extract` (crawler.pagejob.limits). Scrapy's defaults are 1 GiB and 32 MiB.
from crawler.pagejob import limits as _limits  # noqa: E402  (lower case: not a setting)

DOWNLOAD_MAXSIZE = _limits.MAX_PAGE_BYTES
DOWNLOAD_WARNSIZE = _limits.WARN_PAGE_BYTES

# Scrapy's DOWNLOAD_TIMEOUT bounds a whole download, not one read, so it also ends a server that trickles bytes
# (slow-loris). Scrapy's default, 180 s x 3 tries, held a crawl 9 minutes on one such page; 15 s x 3 tries end
# it within a minute. Judgement call: a news page that takes more than 15 s to arrive is not being served.
DOWNLOAD_TIMEOUT = 15
RETRY_TIMES = 2

# The add-on's scheduler (crawler.incremental.ResumableScheduler) stops the crawl once when JOBDIR cannot be written
# (crawler/scheduler.py); the spider state in JOBDIR is written atomically.
EXTENSIONS = {
    "scrapy.extensions.spiderstate.SpiderState": None,
    "crawler.scheduler.AtomicSpiderState": 0,  # the stock extension's place (EXTENSIONS_BASE)
}
# `scrapy crawl` that exits 1 when the article store is refused or fails during the crawl (crawler/commands).
COMMANDS_MODULE = "crawler.commands"
