"""Fitting ``Article.confidence`` (the predicted word F1 of an extraction) and measuring it: by-domain
cross-validation, Spearman's rank correlation and a calibration table by decile.

    python -m crawler train --model confidence --dataset ../shared/datasets/wcxb-dev --report docs/confidence.md

Each page is parsed and extracted once by ``default``; its measured word F1 against the gold
(``metric.word_f1``) is the target, its ``confidence_features`` the input. The model is a logistic regression
fitted to the F1 as a soft label (cross-entropy), by full-batch gradient descent from zero weights (no randomness).
Folds group pages by site (``crossval.site_group``); the L2 strength is chosen among ``L2_GRID`` by the
cross-validated Spearman correlation, then the shipped model is fitted on every page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..extractors import extract_document
from ..extractors.document.parse import parse_html
from ..extractors.pagekind.confidence import CONFIDENCE_FEATURES, ConfidenceModel, confidence_features
from .by_kind import UNLABELLED, page_kinds
from .crossval import site_folds, site_group
from .datasets import Page, load_dataset
from .metric import word_f1

FOLDS = 5
L2_GRID = (1.0, 10.0, 100.0)
ITERATIONS = 1500
STEP = 0.5
MOMENTUM = 0.9
MIN_SCALE = 1e-6
DECILES = 10


@dataclass
class Extractions:
    """Per page: features of its extraction, its measured word F1, its site group and labelled kind."""

    features: np.ndarray
    f1: np.ndarray
    groups: list[str]
    kinds: list[str]
    pages: list[Page]


def extractions(datasets: Sequence[str | Path], extractor: str = "default", limit: int | None = None
                ) -> Extractions:
    rows, scores, groups, kinds, pages = [], [], [], [], []
    for dataset in datasets:
        labels = page_kinds(Path(dataset))
        for page in load_dataset(dataset, limit):
            article = extract_document(parse_html(page.html, page.url), extractor)
            rows.append(confidence_features(article))
            scores.append(word_f1(page.gold, article.text))
            groups.append(site_group(page))
            kinds.append(labels.get(page.id, UNLABELLED))
            pages.append(page)
    if not rows:
        raise ValueError("no page with gold text")
    return Extractions(np.array(rows, dtype=float), np.array(scores), groups, kinds, pages)


def fit(features: np.ndarray, targets: np.ndarray, l2: float, info: dict | None = None) -> ConfidenceModel:
    mean = features.mean(axis=0)
    scale = features.std(axis=0)
    scale[scale < MIN_SCALE] = 1.0
    standard = (features - mean) / scale
    pages, width = standard.shape
    weights = np.zeros(width)
    bias = 0.0
    velocity_w = np.zeros(width)
    velocity_b = 0.0
    for _ in range(ITERATIONS):
        ahead_w = weights + MOMENTUM * velocity_w
        ahead_b = bias + MOMENTUM * velocity_b
        predicted = 1 / (1 + np.exp(-(standard @ ahead_w + ahead_b)))
        error = predicted - targets
        velocity_w = MOMENTUM * velocity_w - STEP * (standard.T @ error / pages + l2 * ahead_w / pages)
        velocity_b = MOMENTUM * velocity_b - STEP * float(error.mean())
        weights += velocity_w
        bias += velocity_b
    return ConfidenceModel(CONFIDENCE_FEATURES, mean, scale, weights, bias, dict(info or {}, l2=l2))


def predict(model: ConfidenceModel, features: np.ndarray) -> np.ndarray:
    scores = ((features - np.asarray(model.mean)) / np.asarray(model.scale)) @ np.asarray(model.weights) + model.bias
    return 1 / (1 + np.exp(-scores))


def _ranks(values: np.ndarray) -> np.ndarray:
    """Ranks from 1, ties sharing their mean rank."""
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(len(values))
    sorted_values = values[order]
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        ranks[order[start : end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's of the ranks, ties at their mean rank)."""
    a, b = _ranks(np.asarray(first, dtype=float)), _ranks(np.asarray(second, dtype=float))
    a -= a.mean()
    b -= b.mean()
    denominator = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / denominator) if denominator else 0.0


def cross_validate(data: Extractions, l2: float, folds: int = FOLDS) -> np.ndarray:
    """Each page's confidence by a model fitted on the other folds' sites."""
    predicted = np.zeros(len(data.f1))
    for fold in site_folds(data.pages, folds):
        held = np.zeros(len(data.f1), dtype=bool)
        held[fold] = True
        model = fit(data.features[~held], data.f1[~held], l2)
        predicted[held] = predict(model, data.features[held])
    return predicted


def calibration(predicted: Sequence[float], measured: Sequence[float], bins: int = DECILES
                ) -> list[tuple[int, float, float, float, float]]:
    """Pages sorted by confidence, cut into ``bins`` equal groups: (pages, lowest and highest confidence, mean
    confidence, mean measured F1) of each."""
    order = np.argsort(np.asarray(predicted), kind="mergesort")
    rows = []
    for part in np.array_split(order, bins):
        if len(part) == 0:
            continue
        chosen = np.asarray(predicted)[part]
        rows.append((len(part), float(chosen.min()), float(chosen.max()), float(chosen.mean()),
                     float(np.asarray(measured)[part].mean())))
    return rows


def calibration_table(predicted: Sequence[float], measured: Sequence[float]) -> str:
    lines = ["| decile | pages | confidence from | to | mean confidence | mean measured F1 |",
             "|---|---|---|---|---|---|"]
    for index, (pages, low, high, mean, f1) in enumerate(calibration(predicted, measured), 1):
        lines.append(f"| {index} | {pages} | {low:.3f} | {high:.3f} | {mean:.3f} | {f1:.3f} |")
    return "\n".join(lines)


def report(data: Extractions, predicted: np.ndarray, shipped: np.ndarray, by_l2: dict[float, float], l2: float,
           command: str) -> str:
    rho = spearman(predicted, data.f1)
    lines = [
        "# Confidence: the predicted word F1 of an extraction, and its by-domain cross-validation",
        "",
        f"Regenerate: `{command}`",
        "",
        f"{len(data.f1)} pages of {len(set(data.groups))} sites extracted by `default`; target: each page's word "
        f"F1 (mean {data.f1.mean():.3f}); features: `CONFIDENCE_FEATURES` of "
        "`crawler/extractors/pagekind/confidence.py`; model: logistic regression on the F1 as a soft label; "
        f"{FOLDS} folds by site.",
        "",
        f"**By-domain cross-validated Spearman correlation with the measured F1: {rho:.3f}** (L2 {l2:g}, chosen by "
        "the same cross-validation among " + ", ".join(f"{k:g}: {v:.3f}" for k, v in by_l2.items()) + "); mean "
        f"absolute error {np.abs(predicted - data.f1).mean():.3f}.",
        "",
        f"The shipped model (fitted on every page) on the same pages: Spearman {spearman(shipped, data.f1):.3f}, "
        f"mean absolute error {np.abs(shipped - data.f1).mean():.3f} (it has seen them).",
        "",
        "## Calibration (cross-validated confidence by decile against the measured F1)",
        "",
        f"Regenerate: `{command}`", "",
        calibration_table(predicted, data.f1),
        "",
        "## By labelled kind (cross-validated)",
        "",
        f"Regenerate: `{command}`", "",
        "| kind | pages | mean confidence | mean measured F1 | Spearman |",
        "|---|---|---|---|---|",
    ]
    for kind in sorted(set(data.kinds), key=lambda k: (-data.kinds.count(k), k)):
        chosen = np.array([k == kind for k in data.kinds])
        lines.append(f"| {kind} | {chosen.sum()} | {predicted[chosen].mean():.3f} | {data.f1[chosen].mean():.3f} | "
                     f"{spearman(predicted[chosen], data.f1[chosen]):.3f} |")
    return "\n".join(lines) + "\n"


def train(datasets: Sequence[str | Path], limit: int | None = None) -> tuple[ConfidenceModel, str]:
    data = extractions(datasets, limit=limit)
    by_l2 = {l2: spearman(cross_validate(data, l2), data.f1) for l2 in L2_GRID}
    l2 = max(L2_GRID, key=lambda value: (by_l2[value], value))
    predicted = cross_validate(data, l2)
    model = fit(data.features, data.f1, l2, info={
        "trained_on": [Path(dataset).resolve().name for dataset in datasets], "pages": len(data.f1),
        "sites": len(set(data.groups)), "cv_spearman_by_domain": round(spearman(predicted, data.f1), 4),
        "folds": FOLDS, "extractor": "default"})
    command = "python -m crawler train --model confidence " + " ".join(f"--dataset {d}" for d in datasets) + \
        " --report docs/confidence.md"
    return model, report(data, predicted, predict(model, data.features), by_l2, l2, command)


__all__ = ["Extractions", "calibration", "calibration_table", "cross_validate", "extractions", "fit", "spearman",
           "train"]
