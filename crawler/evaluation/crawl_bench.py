"""Does the crawl keep up with extraction? Crawl N pages served on 127.0.0.1 and compare its pages/s with the
extraction alone on the same pages and the same number of worker processes.

    python -m crawler.evaluation.crawl_bench --dataset ../shared/datasets/scrapinghub --copies 10 --rounds 3

The pages (a data set's pages, each served ``--copies`` times under different URLs, so that templates and
duplicates behave as on a real site) are linked from listing pages (the site and its server: ``bench_site``). The
crawl is ``scrapy crawl news`` with the project's settings (extraction pipeline in worker processes, storage) and
no politeness delay; an extension counts its throughput from its first stored article to its last, as the baseline
is timed once its workers are warm, and the wait for the first article (the workers' start-up, once a crawl) is
printed beside it. The baseline runs the pipeline's own worker function (parse, cascade, template learning,
metadata, page type) over the same pages in a worker pool of the same kind and size, started the same way
(forkserver). Each of the ``--rounds`` crawls runs between two runs alone and is compared with their mean; the
median share is the result: on a shared 2-core machine the speed drifts by 20 % within minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scrapy import signals

from .bench_site import BenchServer, build_site
from .datasets import load_dataset

ROOT = Path(__file__).resolve().parents[2]
# The crawl must reach this share of the extraction-alone throughput (issue "The news crawler").
TARGET_SHARE = 0.8


# The crawl process's CPU clock is read at the first item and then at most this often, with the number of items
# between the readings: ``time.process_time`` sums the CPU time of all the process's threads, a cost no real
# crawl has, and a costly one when read for every item, more so on a loaded machine. Readings 0.5 s apart cost the
# loop little and still cover all but the last half second of a crawl of tens of seconds.
CPU_SAMPLE_SECONDS = 0.5
# /proc/self/stat gives the same sum (user + system time of every thread, in clock ticks) for less: in the crawl
# process on this shared 2-core machine a reading took 0.10 ms where time.process_time took 1.57 ms (mean of 46
# readings of each, one every 20 articles; the slowest process_time 20.6 ms), time the event loop waited on it.
# os.times() asks the kernel for that sum in one times(2) call, without opening, reading and parsing the file: in
# the crawl process of a 555-page crawl (a reading of each every 10 articles, this machine) 11.7 us a reading
# (slowest 19 us) where the file took 988 us (median 106 us, slowest 9.0 ms), the same sum at the end (4.73 s).


def process_cpu_seconds() -> float:
    """User + system CPU time of this process, all its threads (not its children), to the clock tick, as
    /proc/self/stat gives it: ``os.times`` (times(2))."""
    times = os.times()
    return times.user + times.system


class ThroughputStats:
    """Scrapy extension: times of the first response, the first item and the last item, and the crawl process's
    CPU time at the first item and at the last reading of the clock (its threads included; the extraction
    workers are other processes) with the items between the two (``bench/cpu_items``), into the crawl's stats
    when the spider closes (kept in attributes until then: the stats collector's calls cost 1.5 % of the crawl
    process when made for every item)."""

    def __init__(self, crawler: Any) -> None:
        self.stats = crawler.stats
        self.signals = crawler.signals
        self.first_response: float | None = None
        self.first_item: float | None = None
        self.first_item_cpu = 0.0
        self.last_item: float | None = None
        self.last_item_cpu = 0.0
        self.items = 0  # items so far
        self.cpu_read_at = 0.0  # wall time of the last reading of the CPU clock
        self.cpu_items = 0  # items after the first one, up to the last reading
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        crawler.signals.connect(self.item_scraped, signal=signals.item_scraped)
        # A page extracted and then dropped (a listing, a copy of an article already handed on: the bench serves
        # every page under several URLs) was extracted all the same.
        crawler.signals.connect(self.item_scraped, signal=signals.item_dropped)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)

    @classmethod
    def from_crawler(cls, crawler: Any) -> ThroughputStats:
        return cls(crawler)

    def response_received(self, **_: Any) -> None:
        if self.first_response is None:
            self.first_response = time.perf_counter()

    def item_scraped(self, **_: Any) -> None:
        now = self.last_item = time.perf_counter()
        self.items += 1
        if self.first_item is None:
            self.first_item = self.cpu_read_at = now
            self.first_item_cpu = self.last_item_cpu = process_cpu_seconds()
            if self.first_response is not None:
                # Only the first response is timed: a receiver costs every later response a dispatch. (Here, not in
                # response_received: a receiver that disconnects itself makes pydispatch skip the next one.)
                self.signals.disconnect(self.response_received, signal=signals.response_received)
        elif now - self.cpu_read_at >= CPU_SAMPLE_SECONDS:
            self.cpu_read_at = now
            self.last_item_cpu = process_cpu_seconds()
            self.cpu_items = self.items - 1

    def spider_closed(self, **_: Any) -> None:
        if self.first_response is None or self.first_item is None or self.last_item is None:
            return
        self.stats.set_value("bench/first_response", self.first_response)
        self.stats.set_value("bench/first_item", self.first_item)
        self.stats.set_value("bench/first_item_cpu", self.first_item_cpu)
        self.stats.set_value("bench/last_item", self.last_item)
        self.stats.set_value("bench/last_item_cpu", self.last_item_cpu)
        self.stats.set_value("bench/cpu_items", self.cpu_items)


def extraction_alone(site: dict[str, bytes], articles: list[str], base: str, workers: int,
                     folder: Path) -> tuple[float, float]:
    """Pages/s of the pipeline's worker function over the article pages, in the crawl's own kind of worker
    pool (``crawler.pagejob.workerpool``) of ``workers`` processes, every page handed over at once; and the
    workers' CPU seconds a page meanwhile (W: with C the crawl process's, the crawl can reach W / (W + C) of
    the extraction alone when the cores are the limit)."""
    from ..extraction_service import DEFAULT_START_METHOD
    from ..pagejob import extract_in_worker, init_worker
    from ..pagejob.workerpool import AsyncWorkerPool

    store = str(folder / "templates-alone.sqlite")
    # Started as the crawl's pool is: a fork would also copy the HTTP server's thread into every worker.
    context = multiprocessing.get_context(DEFAULT_START_METHOD)

    async def measure() -> tuple[float, float]:
        pool = AsyncWorkerPool(workers, context, asyncio.get_running_loop(), init_worker, (store, ()))
        try:
            await asyncio.gather(*(pool.call(extract_in_worker, site[path], base + path, None)
                                   for path in articles[: workers * 2]))  # every worker started and warm
            processes = [worker.process.pid for worker in pool.workers]
            cpu_before = _processes_cpu_seconds(processes)
            start = time.perf_counter()
            await asyncio.gather(*(pool.call(extract_in_worker, site[path], base + path, "text/html; charset=utf-8")
                                   for path in articles))
            elapsed = time.perf_counter() - start
            return len(articles) / elapsed, (_processes_cpu_seconds(processes) - cpu_before) / len(articles)
        finally:
            pool.close()

    return asyncio.run(measure())


def _processes_cpu_seconds(pids: list[int]) -> float:
    """User + system time of these processes so far (a process that has ended counts 0)."""
    import psutil

    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def crawl(base: str, workers: int, folder: Path) -> dict[str, Any]:
    """Runs ``scrapy crawl news`` on the local site; its stats."""
    settings = {
        "EXTRACTION_WORKERS": workers,
        "AUTOTHROTTLE_ENABLED": False,
        "ROBOTSTXT_OBEY": False,
        "CONCURRENT_REQUESTS": 64,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 64,
        "STORAGE_SQLITE_PATH": str(folder / "articles.sqlite"),
        "EXTRACTION_TEMPLATE_STORE": str(folder / "templates-crawl.sqlite"),
        "EXTENSIONS": json.dumps({"crawler.evaluation.crawl_bench.ThroughputStats": 0}),
        "STATS_DUMP": True,
        "LOG_LEVEL": "INFO",
    }
    command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"start_urls={base}/", "-a", "max_depth=2"]
    for name, value in settings.items():
        command += ["-s", f"{name}={value}"]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"crawl failed: {done.stderr[-2000:]}")
    return _stats_from_log(done.stderr)


def _stats_from_log(log: str) -> dict[str, Any]:
    """The numbers of Scrapy's final stats dump."""
    found: dict[str, Any] = {}
    for key, value in re.findall(r"'([\w/]+)': ([\d.]+)", log):
        found[key] = float(value)
    return found


def run(dataset: str, copies: int, workers: int, rounds: int = 1) -> dict[str, Any]:
    pages = [page.html for page in load_dataset(dataset)]
    site, articles = build_site(pages, copies)
    measured: list[dict[str, Any]] = []

    def alone_now() -> tuple[float, float]:
        with tempfile.TemporaryDirectory() as tmp:  # an empty template store each time
            return extraction_alone(site, articles, server.base_url, workers, Path(tmp))

    with BenchServer(site) as server:
        # alone, crawl, alone, crawl, ..., alone: each crawl is compared with the mean of the runs alone just
        # before and just after it, so a machine that speeds up or slows down during a round biases neither way.
        alone_before = alone_now()
        for _ in range(rounds):
            with tempfile.TemporaryDirectory() as tmp:  # every crawl starts with empty stores
                served_before = server.cpu_seconds()
                stats = crawl(server.base_url, workers, Path(tmp))
                served = server.cpu_seconds() - served_before
            alone_after = alone_now()
            alone = (alone_before[0] + alone_after[0]) / 2
            worker_cpu = (alone_before[1] + alone_after[1]) / 2  # W, seconds a page
            alone_before = alone_after
            stored = stats.get("item_scraped_count", 0.0)
            items = stored + stats.get("item_dropped_count", 0.0)  # pages extracted
            # From the first article to the last, as the baseline is timed once its workers are warm; the wait
            # for the first article (the workers' start-up, once a crawl) is reported beside it.
            after_first = items - 1
            span = stats.get("bench/last_item", 0.0) - stats.get("bench/first_item", 0.0)
            crawled = after_first / span if span > 0 else 0.0
            cpu = stats.get("bench/last_item_cpu", 0.0) - stats.get("bench/first_item_cpu", 0.0)
            cpu_items = stats.get("bench/cpu_items", 0.0)  # the items that CPU time covers
            start_up = stats.get("bench/first_item", 0.0) - stats.get("bench/first_response", 0.0)
            measured.append({
                "articles_stored": int(stored),
                "pages_extracted": int(items),
                "extraction_alone_pages_per_s": round(alone, 1),
                "crawl_pages_per_s": round(crawled, 1),
                "crawl_share": round(crawled / alone, 3) if alone else 0.0,
                "first_article_after_s": round(start_up, 2),
                "crawl_process_cpu_ms_per_page": round(1000 * cpu / cpu_items, 2) if cpu_items > 0 else 0.0,
                "worker_cpu_ms_per_page": round(1000 * worker_cpu, 2),
                "server_cpu_ms_per_page": round(1000 * served / items, 2) if items else 0.0,
            })
    return {
        "pages": len(articles),
        "workers": workers,
        "rounds": measured,
        "articles_stored": min(r["articles_stored"] for r in measured),
        "extraction_alone_pages_per_s": statistics.median(r["extraction_alone_pages_per_s"] for r in measured),
        "crawl_pages_per_s": statistics.median(r["crawl_pages_per_s"] for r in measured),
        "crawl_process_cpu_ms_per_page": statistics.median(r["crawl_process_cpu_ms_per_page"] for r in measured),
        "worker_cpu_ms_per_page": statistics.median(r["worker_cpu_ms_per_page"] for r in measured),
        "crawl_share": statistics.median(r["crawl_share"] for r in measured),
        "target_share": TARGET_SHARE,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.crawl_bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", default=str(ROOT.parent / "shared" / "datasets" / "scrapinghub"))
    # 10 copies of the 181 scrapinghub pages: ~25 s of crawl, so the start (home page, listings, the pool's first
    # pages) weighs little against the steady state that a long crawl runs in.
    parser.add_argument("--copies", type=int, default=10, help="times each page is served under another URL")
    parser.add_argument("--rounds", type=int, default=3,
                        help="crawls, each between two runs of extraction alone; the median share is reported")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    report = run(args.dataset, args.copies, args.workers, args.rounds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{report['pages']} pages, {report['workers']} worker processes, "
              f"{report['articles_stored']} articles stored")
        for number, measured in enumerate(report["rounds"], 1):
            print(f"round {number}: extraction alone (mean of the runs around it) "
                  f"{measured['extraction_alone_pages_per_s']:.1f} pages/s, "
                  f"crawl {measured['crawl_pages_per_s']:.1f} pages/s ({measured['crawl_share']:.0%}; first article "
                  f"{measured['first_article_after_s']:.1f} s after the first response), "
                  f"crawl process CPU {measured['crawl_process_cpu_ms_per_page']:.1f} ms a page (C), "
                  f"extraction worker CPU {measured['worker_cpu_ms_per_page']:.1f} ms a page (W), "
                  f"local server {measured['server_cpu_ms_per_page']:.1f} ms")
        print(f"extraction alone: {report['extraction_alone_pages_per_s']:.1f} pages/s (median)")
        print(f"CPU a page (medians): crawl process {report['crawl_process_cpu_ms_per_page']:.2f} ms (C), "
              f"extraction worker {report['worker_cpu_ms_per_page']:.2f} ms (W); C/W "
              f"{report['crawl_process_cpu_ms_per_page'] / (report['worker_cpu_ms_per_page'] or 1):.2f}")
        print(f"scrapy crawl news: {report['crawl_pages_per_s']:.1f} pages/s (median); median share "
              f"{report['crawl_share']:.0%} of extraction alone; target {TARGET_SHARE:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
