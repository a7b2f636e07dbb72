"""The crawl helpers the end-to-end tests share: ``scrapy crawl news`` of a checkout's project in a subprocess
(Twisted's reactor cannot be restarted inside one pytest process), the spider alone through run_spider.py, and
readers of what a crawl left (its feed, the stats Scrapy logs at the end)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_spider.py")
# The spider alone: no add-on, no pipeline, only warnings in the log.
SPIDER_ONLY = {"LOG_LEVEL": "WARNING", "AUTOTHROTTLE_ENABLED": False, "ADDONS": {}, "ITEM_PIPELINES": {}}


def checkout_env(checkout: Path = ROOT, **extra: str) -> dict[str, str]:
    """The environment of a subprocess that runs the checkout's package."""
    return dict(os.environ, PYTHONPATH=str(checkout), **extra)


def news_crawl_command(start_url: str, folder: Path, *settings: str, workers: int = 0, feed: str | None = None,
                       level: str | None = "INFO", store: Path | None = None) -> list[str]:
    """``scrapy crawl news`` from ``start_url`` with the project's settings, no autothrottle or telnet console,
    ``workers`` extraction processes, the article store (``store``, else folder/articles.sqlite) and the template
    store in ``folder``; ``settings`` are NAME=VALUE pairs, ``feed`` a file name in ``folder`` written with -O."""
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"start_urls={start_url}",
               "-s", "AUTOTHROTTLE_ENABLED=False", "-s", "TELNETCONSOLE_ENABLED=False",
               "-s", f"EXTRACTION_WORKERS={workers}",
               "-s", f"STORAGE_SQLITE_PATH={store or folder / 'articles.sqlite'}",
               "-s", f"EXTRACTION_TEMPLATE_STORE={folder / 'templates.sqlite'}"]
    for setting in settings:
        command += ["-s", setting]
    if feed:
        command += ["-O", str(folder / feed)]
    if level:
        command += ["-L", level]
    return command


def news_crawl(start_url: str, folder: Path, *settings: str, check: bool = True, timeout: float = 300,
               checkout: Path = ROOT, **options: Any) -> subprocess.CompletedProcess[str]:
    """Runs :func:`news_crawl_command` to its end in the checkout; with ``check``, a non-zero exit fails the test
    with the end of the log."""
    done = subprocess.run(news_crawl_command(start_url, folder, *settings, **options), cwd=checkout,
                          env=checkout_env(checkout), capture_output=True, text=True, timeout=timeout)
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done


def read_feed(path: Path) -> list[dict]:
    """The rows of a JSON lines feed (none when the crawl wrote no file)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def crawl_stats(log: str) -> dict[str, int]:
    """The whole-number counters of the stats dump Scrapy logs at the end of a crawl."""
    return {name: int(value) for name, value in re.findall(r"'([\w/]+)': (\d+)", log)}


def run_spider(folder: Path, spider_args: dict[str, str], settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """The news spider alone (no extraction): ``{"items": [...], "stats": {...}}``."""
    output = folder / "out.json"
    subprocess.run([sys.executable, str(RUNNER), str(output), json.dumps(spider_args),
                    json.dumps({**SPIDER_ONLY, **(settings or {})})],
                   cwd=ROOT, env=checkout_env(SCRAPY_SETTINGS_MODULE="crawler.settings"), check=True, timeout=120)
    return json.loads(output.read_text())
