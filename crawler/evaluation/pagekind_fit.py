"""Training the page-kind model and measuring it honestly: cross-validation by domain.

    python -m crawler train --model pagekind --dataset ../shared/datasets/wcxb-dev [--output FILE]
    python -m crawler.evaluation.pagekind_fit --dataset ../shared/datasets/wcxb-dev --report docs/pagekind.md

Pages come from data sets whose ``ground-truth.json`` labels each page's ``page_type``; each is parsed once and
turned into its feature vector (``crawler.extractors.pagekind.features``). Folds group pages by their site's
registrable name (``crossval.site_group``), so no fold is scored by a model that saw its site. The L2 strength is
chosen among ``L2_GRID`` by that cross-validation; the shipped model is then fitted on every page with it.
Fitting is full-batch gradient descent with Nesterov momentum from zero weights: no randomness, the same input
gives the same file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..extractors.document.parse import parse_html
from ..extractors.pagekind import KINDS
from ..extractors.pagekind.features import FEATURE_NAMES, page_features
from ..extractors.pagekind.model import KindModel
from .by_kind import page_kinds
from .crossval import site_folds, site_group
from .datasets import Page, load_dataset

FOLDS = 5
# L2 strengths tried by the by-domain cross-validation (a penalty of l2/2·|W|² over the mean loss times pages).
L2_GRID = (3.0, 10.0, 30.0, 100.0)
# Gradient descent: steps, step size and momentum; enough for the loss to settle (its change over the last 100
# steps is below 1e-4 on the shared labelled set).
ITERATIONS = 1000
STEP = 0.5
MOMENTUM = 0.9
# Features whose spread is below this are left unscaled (constant on the training pages).
MIN_SCALE = 1e-6


@dataclass
class LabelledPages:
    """Feature vectors, kind indices (into KINDS) and site groups of labelled pages, in page-id order."""

    ids: list[str]
    features: np.ndarray
    kinds: np.ndarray
    groups: list[str]
    pages: list[Page]


def labelled_pages(datasets: Sequence[str | Path], limit: int | None = None) -> LabelledPages:
    """Every page of the data sets whose kind is one of KINDS, featurized; other pages are counted and skipped."""
    ids: list[str] = []
    rows: list[list[float]] = []
    kinds: list[int] = []
    groups: list[str] = []
    kept: list[Page] = []
    for dataset in datasets:
        labels = page_kinds(Path(dataset))
        if not labels:
            raise ValueError(f"{dataset}: no page_type labels in ground-truth.json")
        for page in load_dataset(dataset, limit):
            kind = labels.get(page.id)
            if kind not in KINDS:
                continue
            ids.append(page.id)
            rows.append(page_features(parse_html(page.html, page.url)))
            kinds.append(KINDS.index(kind))
            groups.append(site_group(page))
            kept.append(page)
    if not rows:
        raise ValueError("no labelled page of a known kind")
    return LabelledPages(ids, np.array(rows, dtype=float), np.array(kinds), groups, kept)


def fit(features: np.ndarray, kinds: np.ndarray, l2: float, info: dict | None = None) -> KindModel:
    """The multinomial logistic regression of the kinds on the standardised features."""
    mean = features.mean(axis=0)
    scale = features.std(axis=0)
    scale[scale < MIN_SCALE] = 1.0
    standard = (features - mean) / scale
    pages, width = standard.shape
    targets = np.eye(len(KINDS))[kinds]
    weights = np.zeros((width, len(KINDS)))
    bias = np.zeros(len(KINDS))
    velocity_w = np.zeros_like(weights)
    velocity_b = np.zeros_like(bias)
    for _ in range(ITERATIONS):
        ahead_w = weights + MOMENTUM * velocity_w
        ahead_b = bias + MOMENTUM * velocity_b
        logits = standard @ ahead_w + ahead_b
        logits -= logits.max(axis=1, keepdims=True)
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        error = probabilities - targets
        velocity_w = MOMENTUM * velocity_w - STEP * (standard.T @ error / pages + l2 * ahead_w / pages)
        velocity_b = MOMENTUM * velocity_b - STEP * error.mean(axis=0)
        weights += velocity_w
        bias += velocity_b
    return KindModel(KINDS, FEATURE_NAMES, mean, scale, weights, bias, dict(info or {}, l2=l2))


def predict(model: KindModel, features: np.ndarray) -> np.ndarray:
    """Kind indices of the rows (vectorised ``KindModel.scores``)."""
    logits = ((features - np.asarray(model.mean)) / np.asarray(model.scale)) @ np.asarray(model.weights)
    logits += np.asarray(model.bias)
    return logits.argmax(axis=1)


def cross_validate(data: LabelledPages, l2: float, folds: int = FOLDS) -> np.ndarray:
    """Each page's kind predicted by a model fitted on the other folds' sites."""
    predicted = np.zeros(len(data.ids), dtype=int)
    for fold in site_folds(data.pages, folds):
        held = np.zeros(len(data.ids), dtype=bool)
        held[fold] = True
        model = fit(data.features[~held], data.kinds[~held], l2)
        predicted[held] = predict(model, data.features[held])
    return predicted


def held_out_models(datasets: Sequence[str | Path], limit: int | None = None, folds: int = FOLDS
                    ) -> dict[str, KindModel]:
    """Page id -> a model fitted, with the shipped model's L2, on the other folds' sites: the kinds a page gets
    from a classifier that never saw its site (``python -m crawler evaluate --held-out-kinds``)."""
    data = labelled_pages(datasets, limit)
    from ..extractors.pagekind import shipped_model

    l2 = float(shipped_model().info.get("l2", L2_GRID[0]))
    models: dict[str, KindModel] = {}
    for fold in site_folds(data.pages, folds):
        held = np.zeros(len(data.ids), dtype=bool)
        held[fold] = True
        model = fit(data.features[~held], data.kinds[~held], l2)
        for index in fold:
            models[data.ids[index]] = model
    return models


def choose_l2(data: LabelledPages, folds: int = FOLDS) -> tuple[float, dict[float, float]]:
    """The L2 strength of best by-domain cross-validated accuracy (ties: the stronger), and every one's."""
    accuracy = {l2: float((cross_validate(data, l2, folds) == data.kinds).mean()) for l2 in L2_GRID}
    best = max(L2_GRID, key=lambda l2: (accuracy[l2], l2))
    return best, accuracy


def confusion(actual: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    matrix = np.zeros((len(KINDS), len(KINDS)), dtype=int)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def report(data: LabelledPages, predicted: np.ndarray, shipped: np.ndarray, accuracy_by_l2: dict[float, float],
           l2: float, command: str) -> str:
    """Markdown: the by-domain CV accuracy and confusion matrix, per-kind recall and precision, the shipped
    model's figures on the same pages."""
    matrix = confusion(data.kinds, predicted)
    cv = float((predicted == data.kinds).mean())
    fitted = float((shipped == data.kinds).mean())
    lines = [
        "# Page kinds: the classifier and its by-domain cross-validation",
        "",
        f"Regenerate: `{command}`",
        "",
        f"{len(data.ids)} labelled pages of {len(set(data.groups))} sites; {FOLDS} folds by site (all pages of a "
        "registrable domain in one fold); features: `crawler/extractors/pagekind/features.py` "
        f"({len(FEATURE_NAMES)}); model: multinomial logistic regression (`crawler/extractors/pagekind/model.py`).",
        "",
        f"**By-domain cross-validated accuracy: {cv:.3f}** (L2 {l2:g}, chosen by the same cross-validation among "
        + ", ".join(f"{key:g}: {value:.3f}" for key, value in accuracy_by_l2.items()) + ").",
        "",
        f"The shipped model (fitted on every page with that L2) classifies {fitted:.3f} of the same pages right; "
        "that figure has seen the pages and is an upper bound; the cross-validated one is what to expect on new "
        "sites.",
        "",
        "A page that declares a schema.org news article type (NewsArticle and its subtypes) is judged an article "
        "before its features are read: on the labelled pages every such page is labelled article, and the model "
        "judges each of them article too, so the rule changes no judgement there and saves the features' cost on "
        "news pages.",
        "",
        "## Confusion matrix (cross-validated; rows: labelled kind, columns: judged kind)",
        "",
        f"Regenerate: `{command}`", "",
        "| labelled \\ judged | " + " | ".join(KINDS) + " | recall |",
        "|---|" + "---|" * (len(KINDS) + 1),
    ]
    for index, kind in enumerate(KINDS):
        row = matrix[index]
        recall = row[index] / row.sum() if row.sum() else 0.0
        lines.append(f"| {kind} ({row.sum()}) | " + " | ".join(str(v) for v in row) + f" | {recall:.3f} |")
    precision = [matrix[i, i] / matrix[:, i].sum() if matrix[:, i].sum() else 0.0 for i in range(len(KINDS))]
    lines.append("| precision | " + " | ".join(f"{p:.3f}" for p in precision) + " | |")
    lines += ["", "## Shipped model on the pages it was fitted on (not a held-out figure)", "",
              f"Regenerate: `{command}`", "",
        "| labelled \\ judged | " + " | ".join(KINDS) + " |", "|---|" + "---|" * len(KINDS)]
    shipped_matrix = confusion(data.kinds, shipped)
    for index, kind in enumerate(KINDS):
        lines.append(f"| {kind} | " + " | ".join(str(v) for v in shipped_matrix[index]) + " |")
    return "\n".join(lines) + "\n"


def train(datasets: Sequence[str | Path], limit: int | None = None) -> tuple[KindModel, str]:
    """The shipped model and its report: L2 by by-domain CV, then fitted on every page."""
    data = labelled_pages(datasets, limit)
    l2, accuracy = choose_l2(data)
    predicted = cross_validate(data, l2)
    names = [Path(dataset).resolve().name for dataset in datasets]
    cv = float((predicted == data.kinds).mean())
    model = fit(data.features, data.kinds, l2, info={
        "trained_on": names, "pages": len(data.ids), "sites": len(set(data.groups)),
        "cv_accuracy_by_domain": round(cv, 4), "folds": FOLDS})
    command = "python -m crawler train --model pagekind " + " ".join(f"--dataset {d}" for d in datasets) + \
        " --report docs/pagekind.md"
    return model, report(data, predicted, predict(model, data.features), accuracy, l2, command)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.pagekind_fit",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", action="append", required=True)
    parser.add_argument("--report", type=Path)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)
    try:
        _, text = train(args.dataset, args.limit)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["LabelledPages", "choose_l2", "cross_validate", "fit", "held_out_models", "labelled_pages", "predict",
           "report", "train"]
