"""The naive Bayes model of seed 003 §3.4: two classes, binary features, feature selection by information gain.

Seed 003 (王海艷 & 曹攀 2016) describes a node's text d by a vector T = {x1 … xn}, xi ∈ {0, 1} (feature Xi
present or not), and decides with the naive Bayes rule: the node is low-value (c0) when P(c0|d) > P(c1|d).
That is a Bernoulli naive Bayes; here every node feature the seed names (text density, link density,
position, the words after stop-word removal) is such a binary feature. The words and the node's attribute
tokens are chosen by information gain (the seed's 特征项选择); the structural features are always kept.

Fitting is counting (weighted feature occurrences per class; the training code adds them up per page, so
cross-validation folds are cheap). The model file is JSON with a format
version; ``to_json`` writes sorted keys and rounded numbers, so the same counts give the same bytes.
"""

from __future__ import annotations

import heapq
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = "crawler-naive-bayes"
FORMAT_VERSION = 1
# c0 and c1 of the seed: low-value content and valuable content.
CLASSES = ("low-value", "content")

# Features selected by information gain carry one of these prefixes; every other feature is structural
# and always kept.
SELECTED_PREFIXES = ("w:", "a:")

# Laplace smoothing of the Bernoulli likelihoods (add-one, the textbook choice for naive Bayes).
SMOOTHING = 1.0
# Probabilities are stored with this many significant digits: enough for log-odds to 1e-5, and a short,
# reproducible file.
SIGNIFICANT_DIGITS = 6


def _entropy(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def information_gain(n0: float, n1: float, total0: float, total1: float) -> float:
    """IG(C; X) = H(C) − P(x)·H(C|x) − P(¬x)·H(C|¬x) for a binary feature seen n0, n1 times per class."""
    total = total0 + total1
    present = n0 + n1
    absent = total - present
    if total <= 0 or present <= 0:
        return 0.0
    gain = _entropy(total1 / total) - present / total * _entropy(n1 / present)
    if absent > 0:
        gain -= absent / total * _entropy((total1 - n1) / absent)
    return gain


def select_features(counts: Mapping[str, tuple[float, float]], sites: Mapping[str, int],
                    totals: tuple[float, float], keep: int, min_sites: int) -> list[str]:
    """Structural features, plus the ``keep`` words and attribute tokens of highest information gain.

    A word or token must have been seen on at least ``min_sites`` sites: one site's class names and
    boilerplate phrases say nothing about the next site.
    """
    structural = [name for name in counts if not name.startswith(SELECTED_PREFIXES)]
    candidates = [
        (information_gain(n0, n1, *totals), name)
        for name, (n0, n1) in counts.items()
        if name.startswith(SELECTED_PREFIXES) and sites.get(name, 0) >= min_sites
    ]
    candidates.sort(key=lambda item: (-item[0], item[1]))  # ties by name: the same input, the same choice
    return sorted(structural) + sorted(name for _, name in candidates[:keep])


def _round(value: float) -> float:
    return float(f"{value:.{SIGNIFICANT_DIGITS}g}")


@dataclass
class NaiveBayesModel:
    """P(c) and P(x_i = 1 | c) of the selected features; scores a node by its log-odds of being content."""

    prior: tuple[float, float]
    likelihoods: dict[str, tuple[float, float]]
    info: dict = field(default_factory=dict)
    _weights: dict[str, float] = field(default_factory=dict, repr=False)
    _base: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        # log-odds = log P(c1)/P(c0) + Σ_absent log (1−p1)/(1−p0) + Σ_present log p1/p0
        #          = base + Σ_present weight, with weight = log p1/p0 − log (1−p1)/(1−p0).
        base = math.log(self.prior[1] / self.prior[0])
        weights = {}
        for name, (p0, p1) in self.likelihoods.items():
            absent = math.log((1 - p1) / (1 - p0))
            base += absent
            weights[name] = math.log(p1 / p0) - absent
        self._base = base
        self._weights = weights

    @classmethod
    def fit(cls, counts: Mapping[str, tuple[float, float]], sites: Mapping[str, int], totals: tuple[float, float],
            keep: int, min_sites: int, info: Mapping | None = None) -> NaiveBayesModel:
        """The model of weighted counts per feature and class (``counts``), of samples per class (``totals``)
        and of the number of sites each feature was seen on (``sites``)."""
        total0, total1 = totals
        if total0 <= 0 or total1 <= 0:
            raise ValueError("training data holds only one class: nothing to tell apart")
        likelihoods = {}
        for name in select_features(counts, sites, totals, keep, min_sites):
            n0, n1 = counts[name]
            likelihoods[name] = (
                _round((n0 + SMOOTHING) / (total0 + 2 * SMOOTHING)),
                _round((n1 + SMOOTHING) / (total1 + 2 * SMOOTHING)),
            )
        prior = (_round(total0 / (total0 + total1)), _round(total1 / (total0 + total1)))
        return cls(prior, likelihoods, dict(info or {}, keep=keep, min_sites=min_sites))

    def log_odds(self, features: Iterable[str]) -> float:
        return self.score(features)[0]

    def score(self, features: Iterable[str], top: int = 3) -> tuple[float, list[tuple[str, float]]]:
        """The log-odds of content, and the ``top`` present features that moved them most (for reasons)."""
        weights = self._weights
        present = [(name, weights[name]) for name in set(features) if name in weights]
        odds = self._base + sum(weight for _, weight in present)
        return odds, heapq.nsmallest(top, present, key=lambda item: (-abs(item[1]), item[0]))

    # ------------------------------------------------------------------ the file

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "classes": list(CLASSES),
            "info": self.info,
            "prior": list(self.prior),
            "likelihoods": {name: list(pair) for name, pair in sorted(self.likelihoods.items())},
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str) -> NaiveBayesModel:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a model file: {error}") from error
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} model file")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"model format version {data.get('version')}; this code reads version {FORMAT_VERSION}"
                             " (rebuild it with `python -m crawler train`)")
        prior = tuple(data["prior"])
        likelihoods = {name: (float(p0), float(p1)) for name, (p0, p1) in data["likelihoods"].items()}
        return cls((float(prior[0]), float(prior[1])), likelihoods, data.get("info") or {})

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> NaiveBayesModel:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))


__all__ = [
    "CLASSES",
    "FORMAT_VERSION",
    "NaiveBayesModel",
    "information_gain",
    "select_features",
]
