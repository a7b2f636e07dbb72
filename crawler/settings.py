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
# Scrapy starts this many asyncio tasks for every callback's output (default 100), whatever its size; a news
# page yields one article, or a listing's links, which are only scheduled. Measured: 100 tasks a response took
# 7.5 % of the crawl process's CPU on the crawl benchmark (crawler.evaluation.crawl_bench, py-spy); one
# response's output costs 87 us with 16, 36 us with 4. Responses are still processed side by side.
CONCURRENT_ITEMS = 4
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
