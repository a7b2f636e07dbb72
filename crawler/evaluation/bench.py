"""Throughput and peak memory, measured the way shared/EVALUATION.md "Speed" asks.

One process per measured extractor (forked from this one, so the pages are already in memory and the peak
RSS of one extractor never mixes with another's): decode for peers once, warm up, then ``rounds`` rounds that
each time the bare ``lxml.html.fromstring`` parse of every page and then the extractor on every page. The
median round gives pages/s and MB/s; ``parse_ratio`` divides each round's time by the parse time of the same
round, the figure that survives the ±30 % drift of a shared machine. Our extractors are timed end to end
from bytes (``parse_html`` + extract); peers from the decoded ``str`` they need.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection

import lxml.html
from lxml import etree

from crawler.extractors.document import jsonld

from .datasets import Page
from .evaluate import format_columns
from .peers import PEER_PREFIX

PARSE_FLOOR = "lxml-parse"  # the row of parsing alone, the floor every extractor stands on
# The row of the crawl's and bulk extraction's worker function (crawler.pagejob: default's extraction learning
# templates in a store of its own, metadata, page type, fingerprints), on a fresh in-memory store each pass as
# a crawl meets each page once, in a process whose garbage collector is set up as a worker's (``tune_worker_gc``).
WORKER_TARGET = "worker"
# The worker function and ``default`` run on each page in turn in one process (``paired_ratio``): the host's speed
# drifts between the extractors' own processes on a shared machine, and the drift moves the ratio of their rows
# while leaving a ratio timed page by page in one process alone (docs/worker-speed.md).
PAIRED_TARGET = "worker/default"
DEFAULT_ROUNDS = 3  # the brief's default; PEERS.md used 5
# Not measured, a judgement call: enough pages to fill import-time caches and lxml's parser pool;
# a whole pass of warm-up would double the wait.
WARMUP_PAGES = 20
BYTES_PER_MB = 1_000_000  # decimal MB, as in PEERS.md's "31.5 MB of HTML"
# On Linux ru_maxrss is in KiB (on macOS in bytes).
MAXRSS_BYTES_PER_UNIT = 1 if sys.platform == "darwin" else 1024
CHILD_TIMEOUT_SECONDS = 3600  # one extractor over a data set; past this the child is stuck, not slow

JSON_KEYS = ("extractor", "pages_per_s", "mb_per_s", "parse_ratio", "peak_rss_mb")

PageFunction = Callable[[int], object]


@dataclass
class BenchRow:
    extractor: str
    pages_per_s: float
    mb_per_s: float
    parse_ratio: float
    peak_rss_mb: float
    errors: int = 0

    def to_json(self) -> dict[str, object]:
        """Non-finite figures (a pass too fast for the clock) become null: JSON has no NaN or Infinity."""
        return {
            "extractor": self.extractor,
            "pages_per_s": _finite(self.pages_per_s, 2),
            "mb_per_s": _finite(self.mb_per_s, 3),
            "parse_ratio": _finite(self.parse_ratio, 2),
            "peak_rss_mb": _finite(self.peak_rss_mb, 1),
        }


def _finite(value: float, digits: int) -> float | None:
    return round(value, digits) if math.isfinite(value) else None


def _parse_floor(html: bytes) -> None:
    # An empty or non-HTML page raises; the parse was still paid for.
    with contextlib.suppress(etree.ParserError, ValueError):
        lxml.html.fromstring(html)


def _page_function(target: str, pages: Sequence[Page]) -> PageFunction:
    """What is timed for one page index; built in the child so imports and decoded text count to it."""
    if target == PARSE_FLOOR:
        return lambda i: _parse_floor(pages[i].html)
    if target == WORKER_TARGET:
        return _worker_function(pages)
    if target.startswith(PEER_PREFIX):
        from crawler.extractors.document.decoding import decode_html

        from .peers import load_peer

        peer = load_peer(target)
        decoded = [decode_html(page.html).text for page in pages]
        return lambda i: peer(decoded[i], pages[i].url)
    from crawler.extractors import extract_document, get_extractor
    from crawler.extractors.document.parse import parse_html

    get_extractor(target)
    return lambda i: extract_document(parse_html(pages[i].html, pages[i].url), target)


def _worker_function(pages: Sequence[Page]) -> PageFunction:
    from ..pagejob import PageExtractor
    from ..pagejob.job import tune_worker_gc

    tune_worker_gc()  # as ``init_worker`` sets up every worker process (this child is one)
    job: list[PageExtractor] = []

    def extract(i: int) -> object:
        if i == 0:  # each pass starts with nothing learned
            job[:] = [PageExtractor(None)]
        return job[0].extract(pages[i].html, pages[i].url)

    return extract


def forget_page_caches() -> None:
    """Empties what the library keeps of one page for its next reader (the page's parsed JSON-LD scripts), so that
    each of two functions run on the same page meets it as a crawl's worker does: once, cold."""
    jsonld.forget_scripts()


def paired_ratio(worker: PageFunction, reference: PageFunction, indices: range, rounds: int,
                 clock: Callable[[], float] = time.process_time,
                 reset: Callable[[], None] | None = None) -> float:
    """The median over ``rounds`` of the worker's time over the reference's, both run on every page in turn, each
    timed alone on ``clock``; the one run first alternates from round to round (the second meets the page's bytes
    already in the CPU's cache). ``reset``, untimed, runs before every call (``forget_page_caches``: neither is
    handed the other's work on the page). A page that raises still counts the time it took."""
    ratios: list[float] = []
    for round_number in range(rounds):
        worker_first = round_number % 2 == 1
        first, second = (worker, reference) if worker_first else (reference, worker)
        spent_first = spent_second = 0.0
        gc.collect()
        for i in indices:
            if reset is not None:
                reset()
            start = clock()
            with contextlib.suppress(Exception):
                first(i)
            middle = clock()
            if reset is not None:
                reset()
            resumed = clock()
            with contextlib.suppress(Exception):
                second(i)
            spent_first += middle - start
            spent_second += clock() - resumed
        spent_worker, spent_reference = (spent_first, spent_second) if worker_first else (spent_second, spent_first)
        ratios.append(spent_worker / spent_reference if spent_reference > 0 else float("nan"))
    return statistics.median(ratios)


def _measure_paired(pages: Sequence[Page], rounds: int, cpu_time: bool) -> dict[str, float]:
    reference = _page_function("default", pages)
    worker = _worker_function(pages)  # (sets up this process's collector as a worker's: for both, then)
    warmup = range(min(WARMUP_PAGES, len(pages)))
    paired_ratio(worker, reference, warmup, 1, reset=forget_page_caches)
    clock = time.process_time if cpu_time else time.perf_counter
    return {"ratio": paired_ratio(worker, reference, range(len(pages)), rounds, clock, reset=forget_page_caches)}


def measure_worker_ratio(pages: Sequence[Page], rounds: int = DEFAULT_ROUNDS, cpu_time: bool = False
                         ) -> float | None:
    """The worker function's time over ``default``'s, page by page in one (forked) process; None if it failed."""
    try:
        return measure_in_child(PAIRED_TARGET, pages, rounds, cpu_time)["ratio"]
    except BenchError:
        return None


def worker_ratio(rows: Sequence[BenchRow], reference: str = "default") -> float | None:
    """The worker function's time over the reference extractor's (pages/s of one over the other's)."""
    speeds = {row.extractor: row.pages_per_s for row in rows}
    if WORKER_TARGET not in speeds or reference not in speeds or not speeds[WORKER_TARGET]:
        return None
    return speeds[reference] / speeds[WORKER_TARGET]


def _timed_pass(function: PageFunction, indices: range, clock: Callable[[], float] = time.perf_counter
                ) -> tuple[float, int]:
    """Seconds for one pass over the pages, and how many pages raised (they still count as done)."""
    errors = 0
    gc.collect()
    start = clock()
    for i in indices:
        try:
            function(i)
        except Exception:  # a page that breaks an extractor is part of its cost, not the end of the bench
            errors += 1
    return clock() - start, errors


def _measure(target: str, pages: Sequence[Page], rounds: int, cpu_time: bool = False) -> dict[str, float]:
    if target == PAIRED_TARGET:
        return _measure_paired(pages, rounds, cpu_time)
    function = _page_function(target, pages)
    indices = range(len(pages))

    def parse_only(i: int) -> None:
        _parse_floor(pages[i].html)

    warmup = range(min(WARMUP_PAGES, len(pages)))
    _timed_pass(function, warmup)
    _timed_pass(parse_only, warmup)
    seconds: list[float] = []
    ratios: list[float] = []
    errors = 0
    # CPU time of this process: what other jobs on a shared machine do not change (wall time drifts ±30 %).
    clock = time.process_time if cpu_time else time.perf_counter
    for _ in range(rounds):
        spent, errors = _timed_pass(function, indices, clock)
        # The floor's own row is its own reference: timing it twice would only measure noise.
        floor = spent if target == PARSE_FLOOR else _timed_pass(parse_only, indices, clock)[0]
        seconds.append(spent)
        ratios.append(spent / floor if floor > 0 else float("nan"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * MAXRSS_BYTES_PER_UNIT / 2**20
    return {"seconds": statistics.median(seconds), "parse_ratio": statistics.median(ratios),
            "peak_rss_mb": peak, "errors": errors}


def _child(target: str, pages: Sequence[Page], rounds: int, connection: Connection, cpu_time: bool = False
           ) -> None:
    try:
        connection.send(("ok", _measure(target, pages, rounds, cpu_time)))
    except BaseException as error:  # the parent reports it; the child must always answer
        connection.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        connection.close()


class BenchError(RuntimeError):
    """One extractor could not be measured (its child failed); the others still are."""


def measure_in_child(target: str, pages: Sequence[Page], rounds: int, cpu_time: bool = False) -> dict[str, float]:
    """Run ``_measure`` in a forked child so its peak RSS is its own; raises BenchError on failure."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(target, pages, rounds, sender, cpu_time), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(CHILD_TIMEOUT_SECONDS):
            process.kill()
            raise BenchError(f"{target}: no result after {CHILD_TIMEOUT_SECONDS} s")
        status, payload = receiver.recv()
    except EOFError as error:
        raise BenchError(f"{target}: the measuring process died (exit code {process.exitcode})") from error
    finally:
        process.join()
        receiver.close()
    if status != "ok":
        raise BenchError(f"{target}: {payload}")
    return payload


def bench(
    pages: Sequence[Page],
    extractors: Sequence[str] = ("default",),
    peers: Sequence[str] = (),
    rounds: int = DEFAULT_ROUNDS,
    on_error: Callable[[str], None] | None = None,
    cpu_time: bool = False,
    worker: bool = False,
) -> list[BenchRow]:
    """One row per target, the parse floor first; a target whose child fails is reported and left out."""
    total_mb = sum(len(page.html) for page in pages) / BYTES_PER_MB
    targets = [PARSE_FLOOR, *extractors, *([WORKER_TARGET] if worker else []),
               *(PEER_PREFIX + p.removeprefix(PEER_PREFIX) for p in peers)]
    rows: list[BenchRow] = []
    for target in targets:
        try:
            result = measure_in_child(target, pages, rounds, cpu_time)
        except BenchError as error:
            if on_error is not None:
                on_error(str(error))
            continue
        seconds = result["seconds"]
        rows.append(BenchRow(
            extractor=target,
            pages_per_s=len(pages) / seconds if seconds > 0 else float("inf"),
            mb_per_s=total_mb / seconds if seconds > 0 else float("inf"),
            parse_ratio=result["parse_ratio"],
            peak_rss_mb=result["peak_rss_mb"],
            errors=int(result["errors"]),
        ))
    return rows


def format_table(rows: Sequence[BenchRow]) -> str:
    header = ("extractor", "pages/s", "MB/s", "× parse", "peak RSS MB", "errors")
    body = [(row.extractor, f"{row.pages_per_s:.1f}", f"{row.mb_per_s:.2f}", f"{row.parse_ratio:.1f}",
             f"{row.peak_rss_mb:.0f}", str(row.errors)) for row in rows]
    return format_columns(header, body)


__all__ = [
    "DEFAULT_ROUNDS",
    "JSON_KEYS",
    "PAIRED_TARGET",
    "PARSE_FLOOR",
    "WORKER_TARGET",
    "BenchError",
    "BenchRow",
    "bench",
    "forget_page_caches",
    "format_table",
    "measure_in_child",
    "measure_worker_ratio",
    "paired_ratio",
    "worker_ratio",
]
