"""Training the naive Bayes extractor on gold text, and scoring it honestly: by site and by data set.

    python -m crawler train --dataset ../shared/datasets/scrapinghub --dataset ... [--output FILE]
    python -m crawler evaluate --dataset DIR --extractor bayes,density --cv-folds 5 [--train-dataset DIR ...]
    python -m crawler evaluate --dataset DIR --extractor bayes,density --train-dataset DIR --train-dataset DIR

A block is labelled content by its overlap with the page's gold text (the shingles of the metric). Every
page is featurized once into arrays of feature ids and weighted counts per class; a model is the sum of
its training pages' counts, so a fold costs a sum, not a new pass over the pages. Held-out pages are never
among the training pages, and no page of a held-out site is either (sites across data sets are matched by
their site name, ``site_group``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crawler.extractors.bayes.extractor import BayesExtractor, node_features
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.document.parse import TextBlock, parse_html
from crawler.extractors.document.text import tokens

from .crossval import site_folds, site_group
from .datasets import Page
from .evaluate import EvaluationRow
from .metric import SHINGLE_SIZE, PageScore, aggregate, score_page

if TYPE_CHECKING:
    import numpy as np

# A block is content when at least this share of its shingles are in the gold text (a majority); a block
# shorter than a shingle must appear in the gold text as a whole.
LABEL_MIN_OVERLAP = 0.5
# How many words and attribute tokens information gain keeps: one for every two training sites. Naive Bayes
# adds up correlated words as if independent, so the fewer sites the model learns from, the fewer words it
# can afford. Measured by 5-fold cross-validation by site on scrapinghub: trained on scrapinghub's other
# sites only (~100 sites) F1 0.934 keeping 50, 0.931 keeping 100, 0.922 keeping 250; trained with
# readability + modern as well (~490 sites) 0.935 keeping 50, 0.938 keeping 100, 0.939 keeping 250, 0.927
# keeping 1,000, 0.925 keeping 3,000. A word or token must also have been seen on at least MIN_SITES sites
# (3 instead of 5 lost 0.004 with the scrapinghub sites only).
KEEP_FEATURES_PER_SITE = 0.5
MIN_SITES = 5
# Each block weighs its word count (a model that errs on a 200-word paragraph costs 200 words of F1,
# one on a 2-word link costs 2), with every page's total scaled to the same weight, because the metric
# averages pages (shared/EVALUATION.md). Measured (same cross-validation as above): F1 0.939 against
# 0.921 with one count per block.
PAGE_WEIGHT = 1000.0


def gold_labels(blocks: Sequence[TextBlock], gold: str) -> list[bool]:
    """Content or not, per block, by the share of its shingles found in the gold text."""
    gold_tokens = tokens(gold)
    size = SHINGLE_SIZE
    gold_shingles = {tuple(gold_tokens[i : i + size]) for i in range(len(gold_tokens) - size + 1)}
    gold_joined = " " + " ".join(gold_tokens) + " "
    labels = []
    for block in blocks:
        words = tokens(block.text)
        if len(words) >= size:
            shingles = [tuple(words[i : i + size]) for i in range(len(words) - size + 1)]
            labels.append(sum(s in gold_shingles for s in shingles) >= LABEL_MIN_OVERLAP * len(shingles))
        else:
            labels.append(bool(words) and " " + " ".join(words) + " " in gold_joined)
    return labels


@dataclass
class PageCounts:
    """One page's weighted feature counts per class, as arrays over a shared vocabulary."""

    site: str
    ids: np.ndarray
    counts: np.ndarray  # shape (len(ids), 2): low-value, content
    totals: np.ndarray  # shape (2,)
    blocks: int


@dataclass
class Featurized:
    vocabulary: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    pages: list[PageCounts] = field(default_factory=list)

    def add_page(self, page: Page) -> None:
        doc = parse_html(page.html, page.url)
        blocks, features = node_features(doc)
        labels = gold_labels(blocks, page.gold)
        words = sum(b.num_words for b, f in zip(blocks, features, strict=True) if f is not None) or 1
        import numpy as np  # here: the command line builds its parsers from this module's defaults

        per_feature: dict[int, list[float]] = {}
        totals = np.zeros(2)
        count = 0
        for block, found, label in zip(blocks, features, labels, strict=True):
            if found is None:
                continue
            count += 1
            weight = PAGE_WEIGHT * max(block.num_words, 1) / words
            totals[int(label)] += weight
            for name in found:
                i = self.index.get(name)
                if i is None:
                    i = self.index[name] = len(self.vocabulary)
                    self.vocabulary.append(name)
                per_feature.setdefault(i, [0.0, 0.0])[int(label)] += weight
        ids = np.fromiter(sorted(per_feature), dtype=np.int64, count=len(per_feature))
        counts = np.array([per_feature[i] for i in ids.tolist()], dtype=float).reshape(-1, 2)
        self.pages.append(PageCounts(site_group(page), ids, counts, totals, count))


def featurize(pages: Sequence[Page], progress: Callable[[int, int], None] | None = None) -> Featurized:
    result = Featurized()
    for n, page in enumerate(pages):
        result.add_page(page)
        if progress is not None:
            progress(n + 1, len(pages))
    return result


def fit(data: Featurized, members: Sequence[int] | None = None, keep: int | None = None,
        min_sites: int = MIN_SITES, info: dict | None = None) -> NaiveBayesModel:
    """The model of the pages ``members`` (all pages when None); ``keep`` words, by default by the sites."""
    import numpy as np

    chosen = range(len(data.pages)) if members is None else members
    size = len(data.vocabulary)
    counts = np.zeros((size, 2))
    totals = np.zeros(2)
    seen_on_site: dict[str, set[int]] = {}
    for m in chosen:
        page = data.pages[m]
        np.add.at(counts, page.ids, page.counts)
        totals += page.totals
        seen_on_site.setdefault(page.site, set()).update(page.ids.tolist())
    sites = np.zeros(size, dtype=np.int64)
    for ids in seen_on_site.values():
        sites[np.fromiter(ids, dtype=np.int64, count=len(ids))] += 1
    if keep is None:
        keep = max(1, round(KEEP_FEATURES_PER_SITE * len(seen_on_site)))
    present = np.nonzero(counts.sum(axis=1))[0]
    by_name = {data.vocabulary[i]: (float(counts[i, 0]), float(counts[i, 1])) for i in present.tolist()}
    site_counts = {data.vocabulary[i]: int(sites[i]) for i in present.tolist()}
    info = dict(info or {}, pages=len(chosen), sites=len(seen_on_site))
    return NaiveBayesModel.fit(by_name, site_counts, (float(totals[0]), float(totals[1])), keep, min_sites, info)


def _score(pages: Sequence[Page], model: NaiveBayesModel) -> tuple[list[PageScore], float]:
    extractor = BayesExtractor(model)
    scores = []
    start = time.perf_counter()
    for page in pages:
        text = extractor.extract(parse_html(page.html, page.url)).text
        scores.append(score_page(page.gold, text))
    return scores, time.perf_counter() - start


def _row(name: str, scores: list[PageScore], seconds: float) -> EvaluationRow:
    s = aggregate(scores)
    return EvaluationRow(name, s.pages, s.f1, s.f1_std, s.precision, s.recall, s.accuracy, seconds)


def cross_validate(test: Sequence[Page], extra: Sequence[Page] = (), folds: int | None = 5,
                   keep: int | None = None, min_sites: int = MIN_SITES,
                   progress: Callable[[int, int], None] | None = None) -> EvaluationRow:
    """Held-out F1 of bayes on ``test``: each fold of sites is scored by a model trained on every other page
    (the other folds, and the ``extra`` pages) of a site not in that fold. ``folds=None``: one fold a site."""
    pages = [*test, *extra]
    data = featurize(pages, progress)
    groups = [data.pages[i].site for i in range(len(pages))]
    if folds is None:
        sites = sorted({groups[i] for i in range(len(test))})
        fold_list = [[i for i in range(len(test)) if groups[i] == site] for site in sites]
        label = "leave-one-site-out"
    else:
        fold_list = [fold for fold in site_folds(list(test), folds) if fold]
        label = f"{folds} folds by site"
    scores: dict[int, PageScore] = {}
    seconds = 0.0
    for fold in fold_list:
        held_sites = {groups[i] for i in fold}
        train = [i for i in range(len(pages)) if groups[i] not in held_sites]
        model = fit(data, train, keep, min_sites)
        fold_scores, spent = _score([test[i] for i in fold], model)
        seconds += spent
        scores.update(zip(fold, fold_scores, strict=True))
    extra_note = f" + {len(extra)} pages of other sets" if extra else ""
    return _row(f"bayes ({label}{extra_note})", [scores[i] for i in range(len(test))], seconds)


def train_and_test(test: Sequence[Page], train: Sequence[Page], keep: int | None = None,
                   min_sites: int = MIN_SITES) -> EvaluationRow:
    """Bayes trained on other data sets only, scored on ``test``; training pages of a test site are left out."""
    test_sites = {site_group(p) for p in test}
    kept = [p for p in train if site_group(p) not in test_sites]
    model = fit(featurize(kept), None, keep, min_sites)
    scores, seconds = _score(test, model)
    return _row(f"bayes (trained on {len(kept)} pages of other sets, "
                f"{len(train) - len(kept)} of shared sites left out)", scores, seconds)


__all__ = [
    "KEEP_FEATURES_PER_SITE",
    "LABEL_MIN_OVERLAP",
    "MIN_SITES",
    "Featurized",
    "cross_validate",
    "featurize",
    "fit",
    "gold_labels",
    "train_and_test",
]
