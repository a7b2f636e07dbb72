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
import sys
from collections.abc import Sequence

from ..extractors import get_extractor
from ..extractors.bayes import BayesExtractor
from ..extractors.document import parse_html
from .crossval import site_folds
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
            odds = bayes.run(doc).notes.get("log_odds") or [None] * len(doc.blocks)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.evidence", description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--train-dataset", action="append", default=[])
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    extra = [p for d in args.train_dataset for p in load_dataset(d)]
    report = measure(load_dataset(args.dataset), extra, args.folds)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
