"""Our date-line reader against dateparser's, on the same pages in the same run.

The visible-page step (``crawler.extractors.metadata.visible``) reads each line near the headline with
``read_date_line``. Here the same pages are scored twice: with our reader, then with dateparser's
``search_dates`` (many languages' month names and relative dates) in its place, taking the first date it
finds in the line as the publication date. Printed per data set: published and modified share right, and the
seconds each run took.

    python -m crawler.evaluation.date_readers ../shared/datasets/readability tests/data/metadata-world
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from crawler.extractors.metadata import visible
from crawler.extractors.metadata.datelines import LineDates
from crawler.extractors.metadata.dates import FoundDate

from .datasets import load_dataset
from .metadata_eval import evaluate_metadata

LineReader = Callable[..., LineDates]


def dateparser_reader() -> LineReader:
    """``read_date_line``'s contract with dateparser's ``search_dates`` behind it (no labels: first date wins)."""
    from dateparser.search import search_dates

    def read(line: str, now: datetime | None, *, day_first: bool = False, yearless: bool = True) -> LineDates:
        settings = {"PREFER_DATES_FROM": "past", "DATE_ORDER": "DMY" if day_first else "MDY",
                    "RETURN_AS_TIMEZONE_AWARE": False}
        if now is not None:
            settings["RELATIVE_BASE"] = now.replace(tzinfo=None)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                found = search_dates(line, settings=settings)
            except (ValueError, OverflowError, TypeError):  # a peer's failure on one line is a miss
                found = None
        if not found:
            return LineDates()
        moment = found[0][1]
        return LineDates(published=FoundDate(moment.isoformat(timespec="seconds"), moment), context=line)

    return read


@contextmanager
def reading_lines_with(reader: LineReader) -> Iterator[None]:
    """The visible-page step reads its lines with ``reader`` inside the block."""
    original = visible.read_date_line
    visible.read_date_line = reader
    try:
        yield
    finally:
        visible.read_date_line = original


def compare(dataset: str) -> list[tuple[str, str, str, float]]:
    """(reader, published right/expected, modified right/expected, seconds) for ours and dateparser's."""
    pages = [page for page in load_dataset(dataset) if page.metadata]
    rows = []
    for name, reader in (("ours", visible.read_date_line), ("dateparser", dateparser_reader())):
        start = time.perf_counter()
        with reading_lines_with(reader):
            scores = evaluate_metadata(pages)["default"]
        rows.append((name, f"{scores['published'].right}/{scores['published'].expected}",
                     f"{scores['modified'].right}/{scores['modified'].expected}", time.perf_counter() - start))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="+")
    args = parser.parse_args(argv)
    for dataset in args.datasets:
        for name, published, modified, seconds in compare(dataset):
            print(f"{dataset}\t{name}\tpublished {published}\tmodified {modified}\t{seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["compare", "dateparser_reader", "reading_lines_with"]
