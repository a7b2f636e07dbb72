"""The shingle metric of the scrapinghub article-extraction benchmark (shared/EVALUATION.md).

Tokenisation: exactly EVALUATION.md's, ``\\w+`` runs with every CJK character a token of its own, which
equals plain ``\\w+`` on text without CJK characters. The extractors' tokens (``crawler.extractors.document.text``)
keep combining marks and cut Thai, Lao, Khmer and Myanmar into words (``crawler.extractors.document.scripts``); the
metric does not follow them, so that its scores stay comparable with the peers' (shared/PEERS.md).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from crawler.extractors.document.text import CJK_CHARS

SHINGLE_SIZE = 4  # EVALUATION.md step 2
BOOTSTRAP_SAMPLES = 1000  # EVALUATION.md: 1,000 resamples
BOOTSTRAP_SEED = 42  # fixed so that reruns print the same ± figures
# EVALUATION.md step 1: every CJK character, then runs of ``\w`` (which stop at combining marks).
METRIC_TOKEN_RE = re.compile(rf"[{CJK_CHARS}]|[^\W{CJK_CHARS}]+")


def tokens(text: str) -> list[str]:
    """The metric's tokens (EVALUATION.md step 1)."""
    return METRIC_TOKEN_RE.findall(text)


def shingles(text: str, size: int = SHINGLE_SIZE) -> Counter[tuple[str, ...]]:
    words = tokens(text or "")
    if not words:
        return Counter()
    if len(words) < size:
        return Counter([tuple(words)])
    return Counter(tuple(words[i : i + size]) for i in range(len(words) - size + 1))


@dataclass(frozen=True, slots=True)
class PageScore:
    """tp, fp, fn of one page, divided by their sum so that every page weighs the same."""

    tp: float
    fp: float
    fn: float
    exact: bool

    @property
    def precision(self) -> float | None:
        if self.tp + self.fp <= 0:
            return None
        if self.fp == 0 and self.fn == 0:
            return 1.0
        return self.tp / (self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        if self.tp + self.fn <= 0:
            return None
        if self.fp == 0 and self.fn == 0:
            return 1.0
        return self.tp / (self.tp + self.fn)


def score_page(gold: str, predicted: str) -> PageScore:
    gold_shingles = shingles(gold)
    pred_shingles = shingles(predicted)
    tp = fp = fn = 0
    for key in gold_shingles.keys() | pred_shingles.keys():
        g = gold_shingles.get(key, 0)
        p = pred_shingles.get(key, 0)
        tp += min(g, p)
        fp += max(0, p - g)
        fn += max(0, g - p)
    total = tp + fp + fn
    exact = tokens(gold or "") == tokens(predicted or "")
    if total == 0:
        return PageScore(0.0, 0.0, 0.0, exact)
    return PageScore(tp / total, fp / total, fn / total, exact)


@dataclass(frozen=True, slots=True)
class Scores:
    pages: int
    precision: float
    recall: float
    f1: float
    accuracy: float
    f1_std: float = 0.0
    precision_std: float = 0.0
    recall_std: float = 0.0


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _point(pages: Sequence[PageScore]) -> tuple[float, float, float, float]:
    precision = _mean([p for p in (s.precision for s in pages) if p is not None])
    recall = _mean([r for r in (s.recall for s in pages) if r is not None])
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    accuracy = _mean([1.0 if s.exact else 0.0 for s in pages])
    return precision, recall, f1, accuracy


def _std(values: list[float]) -> float:
    mean = _mean(values)
    return (sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)) ** 0.5


def aggregate(pages: Sequence[PageScore], bootstrap: int = BOOTSTRAP_SAMPLES) -> Scores:
    """Mean precision and recall over pages, F1 of the two, and bootstrap standard deviations."""
    precision, recall, f1, accuracy = _point(pages)
    f1s: list[float] = []
    ps: list[float] = []
    rs: list[float] = []
    if bootstrap and len(pages) > 1:
        rng = random.Random(BOOTSTRAP_SEED)
        for _ in range(bootstrap):
            sample = [pages[rng.randrange(len(pages))] for _ in pages]
            p, r, f, _ = _point(sample)
            ps.append(p)
            rs.append(r)
            f1s.append(f)
    return Scores(len(pages), precision, recall, f1, accuracy, _std(f1s), _std(ps), _std(rs))
