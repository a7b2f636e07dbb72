"""The metadata scores as a person or a program reads them: a table per system and field, a table per class of
page, the JSON report; and a small command that also lists the misses of each field."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .datasets import load_dataset
from .metadata_eval import FIELDS, OURS, PEER_PREFIX, FieldScore, evaluate_metadata

BASE_FIELDS = ("title", "author", "language", "published")


def shares(scores: dict[str, FieldScore]) -> dict[str, float]:
    """Share right per field; the fields beyond readability's four only when some page expects them."""
    report = {name: round(score.share, 4) for name, score in scores.items() if score.expected or name in BASE_FIELDS}
    report["author_wrong"] = round(scores["author"].wrong_share, 4)
    return report


def to_json(results: dict[str, dict[str, FieldScore]]) -> dict[str, object]:
    """Field name -> share for ours; peers, when run, under "peers" as name -> the same mapping."""
    report: dict[str, object] = dict(shares(results[OURS]))
    peers = {name.removeprefix(PEER_PREFIX): shares(scores) for name, scores in results.items() if name != OURS}
    if peers:
        report["peers"] = peers
    return report


def format_table(results: dict[str, dict[str, FieldScore]]) -> str:
    """One row per system; a field no page of the set gives a value for is left out; "author wrong" is the share
    of the pages with an expected author given a wrong non-empty one."""
    first = next(iter(results.values()))
    fields = [f for f in FIELDS if first[f].expected or f in BASE_FIELDS]
    header = ["system", *(f"{f} (n={first[f].expected})" for f in fields), "author wrong"]
    rows = [header] + [[name, *(f"{scores[f].share:.3f}" for f in fields), f"{scores['author'].wrong_share:.3f}"]
                       for name, scores in results.items()]
    return _aligned(rows)


CLASS_FIELDS = ("title", "author", "published", "editors")


def format_class_table(groups: dict[str, dict[str, dict[str, FieldScore]]]) -> str:
    """One row per class and system: pages, and per field the share right (wrong non-empty answers after "/")."""
    header = ["class", "system", "pages", *CLASS_FIELDS]
    rows = [header]
    for group, results in groups.items():
        for name, scores in results.items():
            pages = max(score.expected for score in scores.values())
            rows.append([group, name, str(pages), *(
                f"{scores[f].share:.3f} /{scores[f].wrong}" if scores[f].expected else "-" for f in CLASS_FIELDS)])
    return _aligned(rows)


def _aligned(rows: list[list[str]]) -> str:
    header = rows[0]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                     for row in rows)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m crawler.evaluation.metadata_report DIR [--peers trafilatura] [--misses]``: for looking at misses."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset")
    parser.add_argument("--peers", default="")
    parser.add_argument("--misses", action="store_true", help="list the pages each field got wrong")
    args = parser.parse_args(argv)
    results = evaluate_metadata(load_dataset(args.dataset), [p for p in args.peers.split(",") if p])
    print(format_table(results))
    if args.misses:
        print(json.dumps({name: {f: s.misses for f, s in scores.items()} for name, scores in results.items()},
                         indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["format_class_table", "format_table", "main", "shares", "to_json"]
