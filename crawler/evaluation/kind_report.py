"""What ``python -m crawler evaluate`` adds for a data set that labels each page's kind: F1 by kind with both
metrics side by side (the benchmark's word F1, EVALUATION.md's shingle F1), and for our extractors the calibration
of ``Article.confidence`` (confidence by decile against the measured word F1, and Spearman's rank correlation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .by_kind import UNLABELLED
from .confidence_fit import calibration, spearman
from .evaluate import format_columns
from .metric import aggregate

ALL_KINDS = "(all)"


def by_kind_rows(tallies: Sequence[Any], kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """One row per kind (all pages first, then by count) and extractor: pages, word F1, shingle F1, empty."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    order = [ALL_KINDS, *sorted(counts, key=lambda kind: (-counts[kind], kind))]
    rows = []
    for kind in order:
        chosen = [i for i, page_kind in enumerate(kinds) if kind in (ALL_KINDS, page_kind)]
        for tally in tallies:
            words = [tally.words[i] for i in chosen]
            shingles = aggregate([tally.scores[i] for i in chosen], bootstrap=0)
            empty = sum(1 for i in chosen if tally.scores[i].tp + tally.scores[i].fp == 0)
            rows.append((kind, tally.name, str(len(chosen)), f"{sum(words) / len(words):.3f}",
                         f"{shingles.f1:.3f}", str(empty)))
    return rows


def format_by_kind(tallies: Sequence[Any], kinds: Sequence[str]) -> str:
    header = ("kind", "extractor", "pages", "word F1", "shingle F1", "empty")
    return format_columns(header, by_kind_rows(tallies, kinds))


def calibration_report(tally: Any) -> str | None:
    """The confidence of one of our extractors by decile against its measured word F1; None without
    confidences."""
    pairs = [(c, f1) for c, f1 in zip(tally.confidences, tally.words, strict=False) if c is not None]
    if len(pairs) < 2:
        return None
    predicted = [c for c, _ in pairs]
    measured = [f1 for _, f1 in pairs]
    rows = [(str(index), str(pages), f"{low:.3f}-{high:.3f}", f"{mean:.3f}", f"{f1:.3f}")
            for index, (pages, low, high, mean, f1) in enumerate(calibration(predicted, measured), 1)]
    table = format_columns(("decile", "pages", "confidence", "mean confidence", "mean word F1"), rows)
    return (f"{tally.name}: confidence against the measured word F1 on {len(pairs)} pages, Spearman "
            f"{spearman(predicted, measured):.3f} (the shipped model: in-sample on the pages it was fitted on; the "
            "by-domain cross-validated figure is in docs/confidence.md)\n" + table)


def labelled_kinds(page_ids: Sequence[str], labels: Mapping[str, str]) -> list[str]:
    return [labels.get(page_id, UNLABELLED) for page_id in page_ids]


__all__ = ["by_kind_rows", "calibration_report", "format_by_kind", "labelled_kinds"]
