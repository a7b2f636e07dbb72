"""CI quality gate: every extractor must keep its F1 floor on the shared data sets.

    python -m crawler.evaluation.gate --datasets ../shared/datasets

Exits 1 (and says which) when an extractor scores below its floor on scrapinghub, returns empty text on
a Chinese article of zh-news, or metadata falls below its floors on the readability set.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from crawler.extractors import available, extract_document
from crawler.extractors.document.parse import parse_html

from .datasets import load_dataset
from .evaluate import evaluate, format_table

# Floors on scrapinghub (issue "Extraction core"): the peer implementing the same algorithm scores
# boilerpipe 0.860, jusText 0.792 (PEERS.md); density and lineblock are the issue's own floors. The
# default's floor is the 0.965 it must beat trafilatura (0.954) by, below what it reached (0.974;
# cross-validated by site 0.973, see crossval.py); its precision and recall must each stay >= 0.95.
F1_FLOORS = {
    "default": 0.965,
    "boilerpipe-article": 0.85,
    "justext": 0.79,
    "density": 0.85,
    "lineblock": 0.75,
}
DEFAULT_PRECISION_RECALL_FLOOR = 0.95
# Metadata floors on the readability set (issue "Article metadata"): share of pages right per field.
METADATA_FLOORS = {"title": 0.90, "author": 0.80, "language": 0.95}
# Extractors that need a learned site template; a single page of a site gives them nothing to apply.
NEEDS_TEMPLATE = {"template"}


def check_scrapinghub(root: Path) -> list[str]:
    pages = load_dataset(root)
    rows = evaluate(pages, list(F1_FLOORS))
    print(format_table(rows))
    failures = []
    for row in rows:
        floor = F1_FLOORS[row.extractor]
        verdict = "ok" if row.f1 >= floor else "BELOW FLOOR"
        print(f"{row.extractor:20s} F1 {row.f1:.4f}  floor {floor:.3f}  {verdict}")
        if row.f1 < floor:
            failures.append(f"{row.extractor}: F1 {row.f1:.4f} < {floor}")
        if row.extractor == "default" and min(row.precision, row.recall) < DEFAULT_PRECISION_RECALL_FLOOR:
            failures.append(f"default: precision {row.precision:.4f} / recall {row.recall:.4f} below "
                            f"{DEFAULT_PRECISION_RECALL_FLOOR}")
        if row.errors:
            failures.append(f"{row.extractor}: {row.errors} pages raised ({'; '.join(row.error_messages)})")
    return failures


def check_chinese(root: Path) -> list[str]:
    failures = []
    names = [n for n in available() if n not in NEEDS_TEMPLATE]
    files = sorted(root.glob("*/*.html.gz"))
    for path in files:
        doc = parse_html(gzip.decompress(path.read_bytes()))
        if not doc.blocks:
            continue  # nothing visible at all: not an article
        for name in names:
            article = extract_document(doc, name)
            if not article.text.strip():
                failures.append(f"{name}: empty text on {path.relative_to(root)} ({article.reason})")
    print(f"zh-news: {len(files)} pages x {len(names)} extractors, {len(failures)} empty results")
    return failures


def check_metadata(root: Path) -> list[str]:
    from .metadata_eval import OURS, evaluate_metadata

    scores = evaluate_metadata(load_dataset(root))[OURS]
    failures = []
    for field_name, floor in METADATA_FLOORS.items():
        share = scores[field_name].share
        print(f"metadata {field_name:10s} {share:.3f}  floor {floor:.2f}  {'ok' if share >= floor else 'BELOW FLOOR'}")
        if share < floor:
            failures.append(f"metadata {field_name}: {share:.3f} < {floor}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.gate", description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    args = parser.parse_args(argv)
    failures = check_scrapinghub(args.datasets / "scrapinghub")
    if (args.datasets / "zh-news").is_dir():
        failures += check_chinese(args.datasets / "zh-news")
    if (args.datasets / "readability").is_dir():
        failures += check_metadata(args.datasets / "readability")
    for failure in failures:
        print("FAIL", failure, file=sys.stderr)
    print("quality gate:", "failed" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
