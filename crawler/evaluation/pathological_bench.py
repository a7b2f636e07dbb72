"""Hostile pages, measured from outside: ``python -m crawler.evaluation.pathological_bench [--checkout DIR ...]``.

The pages are built here: an article followed by a million links, an article whose middle lies inside 5,000 nested
``div``s or 100,000 nested inline tags, an article followed by 20 MB of one token, an article followed by a million
``<br>``, an article after a tag of a 40 MB attribute; beside them, an ordinary news page with and without a
declared language, for the library's fixed cost (its imports, and the language model when it must name the
language). Each page is run in a fresh process per extractor (so each peak is its own) and once through lxml's parse
(``lxml.html.fromstring`` of the same bytes, the floor). Per page and extractor: the process's peak RSS (its own
``VmHWM``, read by the process itself after the extraction: not ``ru_maxrss``, which carries the parent's peak
across exec), that peak over the parse's (both processes start alike: the same interpreter and site, one imports the
library and the extractor it runs, the other lxml), the growth above the imports over the parse's, the seconds of
the extraction, and how many of the article's marked sentences
(before, inside and after the hostile part) are in the text. ``--batch`` also runs ``extract-batch --workers 1``
over a folder of all the pages, ``--crawl`` crawls them (``scrapy crawl news`` on 127.0.0.1): the largest
process's peak and the process tree's. Only public entry points are used, so an older checkout (``--checkout``)
runs the same pages.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

THIS_CHECKOUT = Path(__file__).resolve().parents[2]
SHARED_DATASETS = Path(__file__).resolve().parents[3] / "shared" / "datasets"
BYTES_PER_MB = 1024 * 1024
CASE_TIMEOUT_SECONDS = 900  # one extractor on one page; past this it hangs
POLL_SECONDS = 0.05  # how often the batch's process tree is read
EXTRACTORS = ("default", "boilerpipe-article", "boilerpipe-default", "justext", "lineblock", "density", "bayes",
              "template")

BEFORE = ("The harbour authority said on Tuesday that the northern quay would reopen after three weeks of repairs, "
          "and the ferry operators welcomed the decision.")
INSIDE = ("Engineers found that the storm had loosened more than forty mooring posts, which divers replaced one by "
          "one while the tide was low.")
AFTER = ("The first ferry is expected to leave the quay on Friday morning, and tickets bought for the cancelled "
         "crossings remain valid until the end of the month.")
FILLER = ("Residents who live near the harbour said the works had been noisy but necessary, and several shop owners "
          "reported that trade had already started to pick up again along the waterfront.")


@dataclass(frozen=True)
class Hostile:
    name: str
    build: Callable[[], bytes]
    markers: tuple[str, ...]  # the sentences the article's text must keep
    reference: Callable[[], bytes]  # the same article without the hostile part (nesting ten deep)


def _page(body: str, language: str = " lang=\"en\"") -> bytes:
    return (f"<!DOCTYPE html><html{language}><head><meta charset=\"utf-8\"><title>Northern quay to reopen"
            f"</title></head><body>{body}</body></html>").encode()


def _article(middle: str) -> str:
    return (f"<article><h1>Northern quay to reopen</h1><p>{BEFORE}</p><p>{FILLER}</p>{middle}<p>{FILLER}</p>"
            f"<p>{AFTER}</p></article>")


def million_links() -> bytes:
    links = "".join(f"<li><a href=\"/item/{n}\">Headline {n}</a></li>" for n in range(1_000_000))
    return _page(_article(f"<p>{INSIDE}</p>") + f"<ul class=\"archive\">{links}</ul>")


def nested(tag: str, depth: int) -> Callable[[], bytes]:
    def build() -> bytes:
        inner = f"<p>{INSIDE}</p>" if tag == "div" else INSIDE
        middle = f"<{tag}>" * depth + inner + f"</{tag}>" * depth
        return _page(_article(middle if tag == "div" else f"<p>{middle}</p>"))
    return build


def one_token() -> bytes:
    return _page(_article(f"<p>{INSIDE}</p><p>{'x' * 20_000_000}</p>"))


def giant_attribute() -> bytes:
    return _page(f"<div id=\"app\" data-state=\"{'q' * 40_000_000}\"></div>" + _article(f"<p>{INSIDE}</p>"))


def million_breaks() -> bytes:
    return _page(_article(f"<p>{INSIDE}</p><div>{'<br>' * 1_000_000}</div>"))


def plain() -> bytes:
    return _page(_article(f"<p>{INSIDE}</p>"))


def ordinary(language: str) -> Callable[[], bytes]:
    """Not hostile: a news page of ordinary size (menu, story, related links), for the library's fixed cost beside
    the parse's; without a declared language the language model is loaded to name it."""
    def build() -> bytes:
        menu = "".join(f"<li><a href=\"/section/{n}\">Section {n}</a></li>" for n in range(300))
        story = f"<p>{FILLER}</p>" * 60
        related = "".join(f"<li><a href=\"/story/{n}\">{BEFORE[:60]} {n}</a></li>" for n in range(200))
        return _page(f"<nav><ul>{menu}</ul></nav>" + _article(f"<p>{INSIDE}</p>{story}")
                     + f"<aside><ul>{related}</ul></aside>", language)
    return build


MARKED = (BEFORE, INSIDE, AFTER)
PAGES = (
    Hostile("links-1M", million_links, MARKED, plain),
    Hostile("div-5000", nested("div", 5_000), MARKED, nested("div", 10)),
    Hostile("div-100000", nested("div", 100_000), MARKED, nested("div", 10)),
    Hostile("span-100000", nested("span", 100_000), MARKED, nested("span", 10)),
    Hostile("token-20MB", one_token, MARKED, plain),
    Hostile("br-1M", million_breaks, MARKED, plain),
    Hostile("attr-40MB", giant_attribute, MARKED, plain),
    Hostile("news", ordinary(" lang=\"en\""), MARKED, plain),
    Hostile("news-no-lang", ordinary(""), MARKED, plain),
)

# The child: reads the page, times the work, prints its own peak RSS (VmHWM is of this process since exec).
CHILD = r"""
import json, sys, time
path, target, markers = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
if target == "lxml":
    import lxml.html
else:
    from crawler.extractors import extract, get_extractor
    get_extractor(target)  # its modules are imported on first use: they count in the base, not in the growth
def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])
    return 0
base = status("VmRSS:")
html = open(path, "rb").read()
started = time.perf_counter()
text, reason = "", None
if target == "lxml":
    root = lxml.html.fromstring(html)
else:
    article = extract(html, extractor=target)
seconds = time.perf_counter() - started
peak = status("VmHWM:")  # before the check below, whose copies of the text are the bench's, not the extraction's
kept = None
if target != "lxml":
    text, reason = " ".join(article.text.split()), getattr(article, "reason", None)
    kept = sum(marker in text for marker in markers)
print(json.dumps({"kb": peak, "base_kb": base, "seconds": seconds, "kept": kept, "chars": len(text),
                  "reason": reason}))
"""


def run_child(checkout: Path, path: Path, target: str, markers: tuple[str, ...]) -> dict:
    """One fresh process; its JSON line, or the failure (exit code, last line of stderr)."""
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(path), target, json.dumps(markers)],
                              env=dict(os.environ, PYTHONPATH=str(checkout)), cwd=str(checkout),
                              capture_output=True, text=True, timeout=CASE_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {CASE_TIMEOUT_SECONDS} s"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"exit {done.returncode}: {tail[:120]}", "wall": time.monotonic() - started}
    return json.loads(lines[-1])


def _tree_peak(process: subprocess.Popen) -> tuple[float, float]:
    """Polls the process tree until it ends: the largest single process's VmHWM and the largest sum of RSS, MB."""
    import psutil

    root = psutil.Process(process.pid)
    worker_kb, tree_bytes = 0, 0
    while process.poll() is None:
        total = 0
        try:
            members = [root, *root.children(recursive=True)]
        except psutil.Error:
            members = []
        for member in members:
            try:
                total += member.memory_info().rss
                with open(f"/proc/{member.pid}/status", encoding="ascii") as status:
                    for line in status:
                        if line.startswith("VmHWM:"):
                            worker_kb = max(worker_kb, int(line.split()[1]))
            except (psutil.Error, OSError, ValueError):
                continue
        tree_bytes = max(tree_bytes, total)
        time.sleep(POLL_SECONDS)
    return worker_kb / 1024, tree_bytes / BYTES_PER_MB


def run_batch(checkout: Path, folder: Path) -> str:
    """``extract-batch --workers 1`` over the folder of pages: rows written, peak of one process, of the tree."""
    output = folder.parent / "rows.jsonl"
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "crawler", "extract-batch", str(folder), "-o", str(output),
                                "--workers", "1", "--overwrite", "--no-progress"],
                               env=dict(os.environ, PYTHONPATH=str(checkout)), cwd=str(checkout),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker_mb, tree_mb = _tree_peak(process)
    rows = sum(1 for _ in output.open(encoding="utf-8")) if output.exists() else 0
    return (f"extract-batch --workers 1 over {len(list(folder.iterdir()))} pages: exit {process.returncode}, "
            f"{rows} rows, {time.monotonic() - started:.1f} s, largest process {worker_mb:,.0f} MB, "
            f"process tree {tree_mb:,.0f} MB")


def run_crawl(checkout: Path, folder: Path) -> str:
    """``scrapy crawl news`` of the pages served on 127.0.0.1 (start pages only, the project's worker pool): rows
    written, peak of one process, of the tree."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    urls = ",".join(f"{base}/{path.name}" for path in sorted(folder.iterdir()))
    feed = folder.parent / "feed.jsonl"
    started = time.monotonic()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"start_urls={urls}", "-a", "max_depth=0",
             "-s", "AUTOTHROTTLE_ENABLED=False", "-s", f"STORAGE_SQLITE_PATH={folder.parent / 'articles.sqlite'}",
             "-s", f"EXTRACTION_TEMPLATE_STORE={folder.parent / 'templates.sqlite'}", "-O", str(feed), "-L", "ERROR"],
            env=dict(os.environ, PYTHONPATH=str(checkout)), cwd=str(checkout),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        worker_mb, tree_mb = _tree_peak(process)
    finally:
        server.shutdown()
    rows = sum(1 for _ in feed.open(encoding="utf-8")) if feed.exists() else 0
    return (f"scrapy crawl news of the {len(urls.split(','))} pages (start pages only): exit {process.returncode}, "
            f"{rows} rows, {time.monotonic() - started:.1f} s, largest process {worker_mb:,.0f} MB, "
            f"process tree {tree_mb:,.0f} MB")


def row(page: Hostile, size: int, target: str, result: dict, floor: dict, reference: dict | None = None) -> str:
    if "error" in result:
        return f"{page.name:<12} {size / BYTES_PER_MB:>7.1f} {target:<20} {result['error']}"
    mb = result["kb"] / 1024
    ratio = mb / (floor["kb"] / 1024) if floor.get("kb") else float("nan")
    floor_growth = (floor["kb"] - floor["base_kb"]) / 1024 if floor.get("kb") else 0.0
    growth = (result["kb"] - result["base_kb"]) / 1024 / floor_growth if floor_growth >= 1 else float("nan")
    kept = "" if result["kept"] is None else f"{result['kept']}/{len(page.markers)}"
    if reference is not None:
        kept += f" {reference.get('kept', '?')}/{len(page.markers)}"
    note = f"  ({result['reason']})" if result.get("reason") and not result["kept"] else ""
    return (f"{page.name:<12} {size / BYTES_PER_MB:>7.1f} {target:<20} {result['base_kb'] / 1024:>7,.0f} "
            f"{mb:>8,.0f} {ratio:>7.2f} {growth:>8.2f} {result['seconds']:>7.1f} {kept:>9}{note}")


HEADER = (f"{'page':<12} {'MB':>7} {'run':<20} {'base MB':>7} {'peak MB':>8} {'× lxml':>7} {'× above':>8} {'s':>7} "
          f"{'kept ref':>9}\n" + "-" * 93)


def dataset_counts(folders: list[Path]) -> str:
    """The most tags ("<"), elements, links, line breaks and nesting depth any page of each data set holds: the
    evidence the page bounds of ``crawler.extractors.document.bounds`` are set against."""
    import lxml.html

    from .datasets import load_dataset

    lines = [f"{'data set':<14} {'pages':>6} {'tags':>8} {'elements':>9} {'links':>7} {'<br>':>6} {'depth':>6}"]
    for folder in folders:
        most = dict.fromkeys(("tags", "elements", "links", "br", "depth"), 0)
        try:
            pages = load_dataset(folder)
        except ValueError as error:
            lines.append(f"{folder.name:<14} skipped: {error}")
            continue
        for page in pages:
            most["tags"] = max(most["tags"], page.html.count(b"<"))
            try:
                root = lxml.html.fromstring(page.html)
            except (ValueError, lxml.etree.ParserError):
                continue
            elements = list(root.iter())
            most["elements"] = max(most["elements"], len(elements))
            most["links"] = max(most["links"], sum(1 for element in elements if element.tag == "a"))
            most["br"] = max(most["br"], sum(1 for element in elements if element.tag == "br"))
            most["depth"] = max(most["depth"], max(sum(1 for _ in element.iterancestors()) for element in elements))
        lines.append(f"{folder.name:<14} {len(pages):>6} {most['tags']:>8,} {most['elements']:>9,} "
                     f"{most['links']:>7,} {most['br']:>6,} {most['depth']:>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.pathological_bench",
                                     description=__doc__.split("\n\n")[1] if __doc__ else None)
    parser.add_argument("--checkout", action="append", type=Path,
                        help="a checkout to run the pages with (repeatable; default: this one)")
    parser.add_argument("--extractor", default="default",
                        help=f"comma-separated extractors or 'all' (default: default); known: {', '.join(EXTRACTORS)}")
    parser.add_argument("--page", action="append", choices=[page.name for page in PAGES],
                        help="only these pages (repeatable; default: all)")
    parser.add_argument("--batch", action="store_true",
                        help="also run extract-batch --workers 1 over a folder of the pages")
    parser.add_argument("--crawl", action="store_true",
                        help="also crawl the pages served on 127.0.0.1 (scrapy crawl news, start pages only)")
    parser.add_argument("--dataset-counts", nargs="*", type=Path, metavar="DIR",
                        help="print instead the most tags, elements, links, <br> and depth a page of each data set "
                             "holds (default: the shared data sets)")
    args = parser.parse_args(argv)
    if args.dataset_counts is not None:
        print(dataset_counts(args.dataset_counts or sorted(path for path in SHARED_DATASETS.iterdir()
                                                           if path.is_dir())))
        return 0
    extractors = list(EXTRACTORS) if args.extractor == "all" else args.extractor.split(",")
    unknown = [name for name in extractors if name not in EXTRACTORS]
    if unknown:
        parser.error(f"unknown extractor {unknown[0]!r}")
    pages = [page for page in PAGES if not args.page or page.name in args.page]
    checkouts = args.checkout or [THIS_CHECKOUT]
    with tempfile.TemporaryDirectory(prefix="pathological-") as temporary:
        folder = Path(temporary) / "pages"
        folder.mkdir()
        paths = {}
        for page in pages:
            paths[page.name] = folder / f"{page.name}.html"
            paths[page.name].write_bytes(page.build())
        for checkout in checkouts:
            print(f"checkout {checkout}: a fresh process per run; base = its RSS after imports (the extractor's "
                  "too), before reading "
                  "the page; peak = its peak RSS (VmHWM); × lxml = peak over lxml.html.fromstring's peak on the "
                  "same bytes, both processes started alike (python -c, the same interpreter and site); × above = "
                  "peak minus base over lxml's (nan when lxml's parse grew by less than 1 MB: it stops at depth "
                  "256); s = the extraction's seconds; kept = article sentences (before, inside, after the "
                  "hostile part) found in the text; ref = those found by the same extractor on the same article "
                  "without the hostile part (nested ten deep on the nesting pages)", flush=True)
            print(HEADER, flush=True)
            for page in pages:
                path = paths[page.name]
                size = path.stat().st_size
                floor = run_child(checkout, path, "lxml", page.markers)
                print(row(page, size, "lxml.html.fromstring", floor, floor), flush=True)
                reference_path = folder.parent / f"{page.name}-reference.html"
                reference_path.write_bytes(page.reference())
                for name in extractors:
                    print(row(page, size, name, run_child(checkout, path, name, page.markers), floor,
                              run_child(checkout, reference_path, name, page.markers)), flush=True)
            if args.batch:
                print(run_batch(checkout, folder), flush=True)
            if args.crawl:
                print(run_crawl(checkout, folder), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
