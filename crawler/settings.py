"""Scrapy settings of the news crawler project (``scrapy.cfg`` points here)."""

BOT_NAME = "newscrawler"

SPIDER_MODULES = ["crawler.spiders"]
NEWSPIDER_MODULE = "crawler.spiders"

USER_AGENT = "newscrawler (+https://github.com/newscrawler)"
ROBOTSTXT_OBEY = True

# Polite by default: AutoThrottle adapts the delay to each site's latency.
CONCURRENT_REQUESTS_PER_DOMAIN = 4
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_START_DELAY = 1.0
AUTOTHROTTLE_TARGET_CONCURRENCY = 2.0

FEED_EXPORT_ENCODING = "utf-8"
