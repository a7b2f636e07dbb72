"""Would the naive Bayes verdicts help the default cascade? Measured held out, without changing the cascade.

    python -m crawler.evaluation.evidence --dataset ../shared/datasets/scrapinghub \\
        --train-dataset ../shared/datasets/readability --train-dataset ../shared/datasets/modern

Per fold of sites (``crossval.site_folds``), bayes is trained on every page of another site, and on the
held-out pages the cascade's content is combined with the model's log-odds per block:

* ``veto``: a block the cascade keeps goes when bayes is sure it is low-value (log-odds ≤ −T);
* ``rescue``: a block the cascade drops joins when bayes is sure it is content (log-odds ≥ T) and it lies
  between the cascade's first and last content block (lists, tables and short lines inside the article);
* ``both``.

Pages the cascade answers by its line-block fallback (no DOM blocks) keep the cascade's text.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence

from crawler.extractors import get_extractor
from crawler.extractors.bayes.extractor import BayesExtractor
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.cascade.bayes_veto import VETO_MAX_WORDS, BayesVeto, with_veto
from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html

from .crossval import choose_by_site_folds, site_folds
from .datasets import Page, load_dataset
from .fitting import featurize, fit
from .metric import PageScore, aggregate, score_page

# How sure bayes must be, in log-odds (4.6 is P = 0.99; 2.2 is P = 0.9).
THRESHOLDS = (2.2, 4.6, 9.2)
VARIANTS = ("veto", "rescue", "both")


def _combine(doc_texts: list[str], cascade: list[bool], odds: list[float | None], variant: str,
             threshold: float) -> str:
    kept = list(cascade)
    inside = [i for i, c in enumerate(cascade) if c]
    first, last = (inside[0], inside[-1]) if inside else (0, -1)
    for i, value in enumerate(odds):
        if value is None:
            continue
        if variant in ("veto", "both") and kept[i] and value <= -threshold:
            kept[i] = False
        elif variant in ("rescue", "both") and not cascade[i] and first < i < last and value >= threshold:
            kept[i] = True
    return "\n".join(text for text, k in zip(doc_texts, kept, strict=True) if k)


def measure(test: Sequence[Page], extra: Sequence[Page] = (), folds: int = 5) -> dict[str, dict]:
    pages = [*test, *extra]
    data = featurize(pages)
    groups = [p.site for p in data.pages]
    default = get_extractor("default")
    scores: dict[str, list[PageScore]] = {"default": []}
    for variant in VARIANTS:
        for threshold in THRESHOLDS:
            scores[f"{variant} T={threshold}"] = []
    for fold in (f for f in site_folds(list(test), folds) if f):
        held = {groups[i] for i in fold}
        bayes = BayesExtractor(fit(data, [i for i in range(len(pages)) if groups[i] not in held]))
        for i in fold:
            page = test[i]
            doc = parse_html(page.html, page.url)
            article = default.extract(doc)
            scores["default"].append(score_page(page.gold, article.text))
            odds = bayes.run(doc).state.log_odds or [None] * len(doc.blocks)
            cascade = [False] * len(doc.blocks)
            for block in article.blocks if article.extractor != "default/lineblock" else ():
                if block.is_content:
                    for j in range(block.offset_blocks_start, block.offset_blocks_end + 1):
                        cascade[j] = True
            texts = [b.text for b in doc.blocks]
            for variant in VARIANTS:
                for threshold in THRESHOLDS:
                    text = (_combine(texts, cascade, odds, variant, threshold)
                            if article.extractor != "default/lineblock" else article.text)
                    scores[f"{variant} T={threshold}"].append(score_page(page.gold, text))
    report = {}
    for name, values in scores.items():
        s = aggregate(values, bootstrap=0)
        report[name] = {"f1": round(s.f1, 4), "precision": round(s.precision, 4), "recall": round(s.recall, 4)}
    return report


# The veto step's variants measured as the cascade would run them: (threshold, words bound, steps spared,
# only inside the density subtree). Earlier runs (bayes_veto's docstring) also measured T=4.6 and 13.8 on all
# kept blocks under 25 words, and 9.2 with no words bound.
SPARE = ("KeepLinksInsideArticle",)
STEP_VARIANTS = ((4.6, VETO_MAX_WORDS, (), True), (9.2, VETO_MAX_WORDS, (), True),
                 (9.2, VETO_MAX_WORDS, SPARE, True), (9.2, math.inf, SPARE, True))


def _cascade(model: NaiveBayesModel | None, threshold: float, max_words: float,
             spare: tuple[str, ...] = (), inside_only: bool = False) -> DefaultExtractor:
    """The default cascade, with a ``BayesVeto`` step of ``model`` after its hand rules (None: as shipped)."""
    extractor = DefaultExtractor()
    if model is not None:
        with_veto(extractor, BayesVeto(model, threshold, max_words, spare, inside_only))
    return extractor


def measure_step(test: Sequence[Page], extra: Sequence[Page] = (), folds: int = 5) -> dict[str, dict]:
    """The cascade without and with its ``BayesVeto`` step (each of ``STEP_VARIANTS``), every page of ``test``
    scored with a model trained on the sites of the other folds (and on ``extra``, sites of ``test`` left out);
    and the held-out score when each fold gets the variant best on the other folds."""
    pages = [*test, *extra]
    data = featurize(pages)
    groups = [p.site for p in data.pages]
    names = ["without", *(f"veto T={t} words<{w}{' sparing ' + ','.join(s) if s else ''}"
                          f"{' inside the density subtree' if i else ''}" for t, w, s, i in STEP_VARIANTS)]
    scores: dict[str, list[PageScore | None]] = {name: [None] * len(test) for name in names}
    seconds = dict.fromkeys(names, 0.0)
    for fold in (f for f in site_folds(list(test), folds) if f):
        held = {groups[i] for i in fold}
        model = fit(data, [i for i in range(len(pages)) if groups[i] not in held])
        extractors = [_cascade(None, 0.0, 0.0), *(_cascade(model, *variant) for variant in STEP_VARIANTS)]
        for i in fold:
            doc = parse_html(test[i].html, test[i].url)
            for name, extractor in zip(names, extractors, strict=True):
                start = time.perf_counter()
                text = extractor.extract(doc).text
                seconds[name] += time.perf_counter() - start
                scores[name][i] = score_page(test[i].gold, text)
    report = {}
    for name in names:
        s = aggregate([x for x in scores[name] if x is not None], bootstrap=0)
        report[name] = {"f1": round(s.f1, 4), "precision": round(s.precision, 4), "recall": round(s.recall, 4),
                        "ms_per_page": round(1000 * seconds[name] / len(test), 1)}
    table = [[x for x in scores[name] if x is not None] for name in names]
    held_out, chosen = choose_by_site_folds(list(test), table, folds)
    s = aggregate(held_out, bootstrap=0)
    report["chosen per fold"] = {"f1": round(s.f1, 4), "choices": [names[c] for c in chosen]}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.evidence", description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--train-dataset", action="append", default=[])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--step", action="store_true",
                        help="measure the cascade's BayesVeto step as it runs (variants, per-fold choice, speed)")
    args = parser.parse_args(argv)
    extra = [p for d in args.train_dataset for p in load_dataset(d)]
    report = (measure_step if args.step else measure)(load_dataset(args.dataset), extra, args.folds)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
