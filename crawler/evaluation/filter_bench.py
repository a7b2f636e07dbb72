"""What a page left out by extract-batch's filters costs against a page extracted, in one run:

    python -m crawler.evaluation.filter_bench --dataset ../shared/datasets/scrapinghub

The data set's pages go into one WARC archive (×``--copies``, each copy under its own host), then ``extract-batch``
runs over it in this process (``--workers 0``, so CPU time is this process's) three ways: no filter (every page
extracted); ``--domains`` naming no site of the archive (every page left out by its URL, before parsing); and
``--languages`` naming no language of the pages (every page extracted, then left out). The ratio of the first
two is the cost of a page left out before parsing, as a share of an extracted page.

``--archives PATHS`` measures the same on archives of one's own instead (a WARC file or a paths file), e.g. the
corpus of real pages that ``python tests/helpers/archive_corpus.py FOLDER`` writes from ../shared/datasets.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..bulk.batch import run_batch
from ..bulk.filters import PageFilter, page_filter
from .datasets import load_dataset

ROUNDS = 3  # the best of three: the first run also pays for imports and warm-up


def build_archive(pages: Sequence[tuple[str, bytes]], path: Path, copies: int) -> int:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    written = 0
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for copy in range(copies):
            for number, (_, html) in enumerate(pages):
                url = f"http://site{copy}-{number % 20}.example/story/{number}.html"
                headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
                writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(html),
                                                              http_headers=headers))
                written += 1
    return written


def cpu_seconds(archive: Path, work: Path, chosen: PageFilter | None, label: str) -> tuple[float, int]:
    """The best CPU time of ROUNDS runs, and the pages the run met (extracted or left out)."""
    best, pages = float("inf"), 0
    for round_number in range(ROUNDS):
        out = work / f"{label}-{round_number}.jsonl"
        started = time.process_time()
        result = run_batch([str(archive)], out, workers=0, progress=False, page_filter=chosen, overwrite=True)
        best = min(best, time.process_time() - started)
        pages = result.counts.get("pages", 0)
    return best, pages


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="../shared/datasets/scrapinghub", help="a data set folder")
    parser.add_argument("--copies", type=int, default=1, help="copies of the data set's pages in the archive")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of the data set")
    parser.add_argument("--archives", default=None, metavar="PATHS",
                        help="measure on these archives (a WARC file or a paths file) instead of a data set")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        if args.archives:
            archive = Path(args.archives)
            if not archive.is_file():
                print(f"error: {archive}: no such file", file=sys.stderr)
                return 1
        else:
            try:
                pages = [(page.url or page.id, page.html) for page in load_dataset(args.dataset, args.limit)]
            except ValueError as error:
                print(f"error: {error}", file=sys.stderr)
                return 1
            if not pages:
                print(f"error: {args.dataset}: no pages", file=sys.stderr)
                return 1
            archive = work / "pages.warc.gz"
            build_archive(pages, archive, args.copies)
        nowhere = work / "domains.txt"
        nowhere.write_text("no-such-site.invalid\n")
        extracted, count = cpu_seconds(archive, work, None, "all")
        before, _ = cpu_seconds(archive, work, page_filter(domains=nowhere), "domains")
        after, _ = cpu_seconds(archive, work, page_filter(languages=["xx"]), "languages")
    if not count:
        print(f"error: {archive}: no pages", file=sys.stderr)
        return 1
    figures = {"pages": count, "extracted_ms_per_page": round(1000 * extracted / count, 3),
               "left_out_before_parsing_ms_per_page": round(1000 * before / count, 3),
               "left_out_after_extraction_ms_per_page": round(1000 * after / count, 3),
               "before_parsing_share_of_extracted": round(before / extracted, 4)}
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:40} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
