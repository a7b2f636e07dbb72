"""Why the plots are hand-built: the CX plot drawn by ``plots.cx_plot`` and by matplotlib's SVG backend.

    python -m crawler.explain.plotbench --dataset DATASET_DIR --limit 60

Prints the median time and size of one plot for each, and their ratio, on the pages' real distributions.
matplotlib is not a dependency: install it to run this (``pip install matplotlib``). Its SVG also carries a
``<style>`` element, which the report's Content-Security-Policy (a hash of the report's own style) refuses.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

from crawler.extractors import get_extractor, parse_html

from ..evaluation.datasets import load_dataset
from .plots import HEIGHT, WIDTH, cx_plot

DPI = 100  # matplotlib's default: WIDTH x HEIGHT pixels is a figure of WIDTH/DPI x HEIGHT/DPI inches


def _spans(notes: dict[str, Any], key: str) -> list[tuple[int, int, float]]:
    return [(r.start, r.end, r.length) for r in notes.get(key, [])]


def ours(notes: dict[str, Any]) -> str:
    return cx_plot(notes["distribution"], notes["threshold"], _spans(notes, "regions"), _spans(notes, "chosen"))


def with_matplotlib(notes: dict[str, Any]) -> str:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(WIDTH / DPI, HEIGHT / DPI))
    values = notes["distribution"]
    axes.fill_between(range(len(values)), values, color="#cfe0f5")
    axes.plot(values, color="#1f5fa8", linewidth=1.2)
    axes.axhline(notes["threshold"], color="#c0392b", linestyle="--")
    chosen = set(_spans(notes, "chosen"))
    for start, end, length in _spans(notes, "regions"):
        axes.axvspan(start, end, color="#2e9e4f" if (start, end, length) in chosen else "#8a8a8a", alpha=0.2)
        axes.plot([start], [values[start]], "^", color="#1e7b3a")
        axes.plot([end], [0], "v", color="#c0392b")
    axes.set_xlabel("line of Ctext")
    axes.set_ylabel("Y(i)")
    out = io.StringIO()
    figure.savefig(out, format="svg")
    plt.close(figure)
    return out.getvalue()


def measure(draw: Callable[[dict[str, Any]], str], runs: list[dict[str, Any]]) -> tuple[float, float]:
    draw(runs[0])  # warm-up: imports and caches
    seconds, sizes = [], []
    for notes in runs:
        start = time.perf_counter()
        svg = draw(notes)
        seconds.append(time.perf_counter() - start)
        sizes.append(len(svg.encode("utf-8")))
    return statistics.median(seconds), statistics.median(sizes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--limit", type=int, default=60)
    args = parser.parse_args(argv)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("matplotlib is not installed: pip install matplotlib")
        return 1
    runs = []
    for page in load_dataset(args.dataset, args.limit):
        doc = parse_html(page.html, page.url)
        if doc.blocks:
            runs.append(get_extractor("lineblock").run(doc).notes)
    rows = {"hand-built": measure(ours, runs), "matplotlib": measure(with_matplotlib, runs)}
    print(f"{len(runs)} pages; median of one CX plot")
    for name, (seconds, size) in rows.items():
        print(f"{name:11s} {seconds * 1000:8.2f} ms  {size / 1024:7.1f} KB")
    (ours_s, ours_b), (theirs_s, theirs_b) = rows["hand-built"], rows["matplotlib"]
    print(f"matplotlib / hand-built: time x{theirs_s / ours_s:.0f}, size x{theirs_b / ours_b:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
