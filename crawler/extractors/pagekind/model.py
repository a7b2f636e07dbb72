"""The page-kind model: a multinomial logistic regression over ``features.FEATURE_NAMES``, shipped as JSON.

Each feature is standardised by the training set's mean and spread, and each kind scored by a weighted sum
(``score = bias + Σ weight · (x − mean) / scale``); the softmax of the scores gives the kinds' probabilities. The
file holds those numbers, the kinds, the feature names (a model for other features is refused), a format version
and what it was trained on; no page text. ``crawler.evaluation.pagekind_fit`` fits it (``python -m crawler train
--model pagekind``); the same input gives the same bytes.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = "crawler-pagekind-logistic"
FORMAT_VERSION = 1
# Numbers are stored with this many significant digits: the same fit gives the same bytes, and probabilities move
# by less than 1e-5.
SIGNIFICANT_DIGITS = 6


def _rounded(values: Iterable[float]) -> list:
    return [float(f"{float(value):.{SIGNIFICANT_DIGITS}g}") for value in values]


def _floats(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(float(value) for value in values)


@dataclass
class KindModel:
    """Kinds, feature names, standardisation and weights (features × kinds) of a fitted model. The numbers are
    held as tuples of floats and scored in plain Python: one page's vector is a few hundred products, and the
    numerical library the model is fitted with would cost every extracting process its megabytes of imports."""

    kinds: tuple[str, ...]
    features: tuple[str, ...]
    mean: Sequence[float]
    scale: Sequence[float]
    weights: Sequence[Sequence[float]]
    bias: Sequence[float]
    info: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.mean, self.scale, self.bias = _floats(self.mean), _floats(self.scale), _floats(self.bias)
        self.weights = tuple(_floats(row) for row in self.weights)
        self._columns = tuple(zip(*self.weights, strict=True))  # a kind's weights, summed over in C by map

    def scores(self, vector: Sequence[float]) -> tuple[list[float], list[float]]:
        """(probabilities of the kinds, the standardised feature vector) of one feature vector."""
        standard = [(float(x) - mean) / scale for x, mean, scale in zip(vector, self.mean, self.scale, strict=True)]
        # Summed feature by feature and the bias added last, as the fitted model's matrix sum runs.
        logits = [sum(map(operator.mul, standard, column)) + bias
                  for column, bias in zip(self._columns, self.bias, strict=True)]
        top = max(logits)
        exp = [math.exp(logit - top) for logit in logits]
        total = sum(exp)
        return [value / total for value in exp], standard

    def contributions(self, standard: Sequence[float], kind: int) -> list[float]:
        """What each standardised feature added to the score of the kind at index ``kind``."""
        return list(map(operator.mul, standard, self._columns[kind]))

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "kinds": list(self.kinds),
            "features": list(self.features),
            "mean": _rounded(self.mean),
            "scale": _rounded(self.scale),
            "weights": [_rounded(row) for row in self.weights],
            "bias": _rounded(self.bias),
            "info": self.info,
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str, features: Sequence[str] | None = None) -> KindModel:
        """The model of a file; ValueError for another format, version or feature list than ``features``."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a page-kind model file: {error}") from error
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} model file")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"page-kind model format version {data.get('version')}; this code reads version "
                             f"{FORMAT_VERSION} (rebuild it with `python -m crawler train --model pagekind`)")
        if features is not None and tuple(data["features"]) != tuple(features):
            raise ValueError("the page-kind model was trained on other features than this code computes "
                             "(rebuild it with `python -m crawler train --model pagekind`)")
        return cls(tuple(data["kinds"]), tuple(data["features"]), data["mean"], data["scale"], data["weights"],
                   data["bias"], data.get("info") or {})

    @classmethod
    def load(cls, path: str | Path, features: Sequence[str] | None = None) -> KindModel:
        return cls.from_json(Path(path).read_text(encoding="utf-8"), features)


__all__ = ["FORMAT_VERSION", "KindModel"]
