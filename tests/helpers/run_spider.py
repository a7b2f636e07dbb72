"""Runs the news spider in this process and writes what it yielded as JSON: used by tests in a subprocess
(Twisted's reactor cannot be restarted inside one pytest process)."""

import json
import sys

from scrapy import signals
from scrapy.crawler import CrawlerProcess
from scrapy.utils.project import get_project_settings


def main() -> None:
    output, spider_args, overrides = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
    settings = get_project_settings()
    settings.setdict(overrides, priority="cmdline")
    process = CrawlerProcess(settings)
    crawler = process.create_crawler("news")
    items = []

    def scraped(item, response, spider):
        items.append({k: (v.decode("utf-8", "replace") if isinstance(v, bytes) else v) for k, v in dict(item).items()})

    crawler.signals.connect(scraped, signal=signals.item_scraped)
    process.crawl(crawler, **spider_args)
    process.start()
    stats = {k: v for k, v in crawler.stats.get_stats().items() if isinstance(v, (int, float, str))}
    with open(output, "w", encoding="utf-8") as handle:
        json.dump({"items": items, "stats": stats}, handle, default=str)


if __name__ == "__main__":
    main()
