"""The page-kind model: a multinomial logistic regression over ``features.FEATURE_NAMES``, shipped as JSON.

Each feature is standardised by the training set's mean and spread, and each kind scored by a weighted sum
(``score = bias + Σ weight · (x − mean) / scale``); the softmax of the scores gives the kinds' probabilities. The
file holds those numbers, the kinds, the feature names (a model for other features is refused), a format version
and what it was trained on; no page text. ``crawler.evaluation.pagekind_fit`` fits it (``python -m crawler train
--model pagekind``); the same input gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

FORMAT = "crawler-pagekind-logistic"
FORMAT_VERSION = 1
# Numbers are stored with this many significant digits: the same fit gives the same bytes, and probabilities move
# by less than 1e-5.
SIGNIFICANT_DIGITS = 6


def _rounded(values: np.ndarray) -> list:
    return [float(f"{value:.{SIGNIFICANT_DIGITS}g}") for value in np.asarray(values, dtype=float).ravel()]


@dataclass
class KindModel:
    """Kinds, feature names, standardisation and weights (features × kinds) of a fitted model."""

    kinds: tuple[str, ...]
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: np.ndarray
    info: dict = field(default_factory=dict)

    def scores(self, vector: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities of the kinds, contributions: features × kinds) of one feature vector."""
        standard = (np.asarray(vector, dtype=float) - self.mean) / self.scale
        contributions = standard[:, None] * self.weights
        logits = contributions.sum(axis=0) + self.bias
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum(), contributions

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
        return cls(tuple(data["kinds"]), tuple(data["features"]), np.array(data["mean"], dtype=float),
                   np.array(data["scale"], dtype=float), np.array(data["weights"], dtype=float),
                   np.array(data["bias"], dtype=float), data.get("info") or {})

    @classmethod
    def load(cls, path: str | Path, features: Sequence[str] | None = None) -> KindModel:
        return cls.from_json(Path(path).read_text(encoding="utf-8"), features)


__all__ = ["FORMAT_VERSION", "KindModel"]
