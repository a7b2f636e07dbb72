"""Cross-validated F1 for the default extractor's thresholds that were chosen by looking at data.

    python -m crawler.evaluation.crossval --dataset ../shared/datasets/scrapinghub --folds 5
    python -m crawler.evaluation.crossval --dataset DATASET --dataset OTHER_DATASET  # pooled, still by site

The thresholds of ``crawler.extractors.cascade.extractor`` picked among round values while looking at the data: the
climb's (CLIMB_RATIO, MAX_CLIMB_LEVELS, CLIMB_MAX_LINK_DENSITY; the last at scrapinghub, the others at both
data sets) and the words outside links that keep a linked paragraph (MIN_PROSE_WORDS_OUTSIDE_LINKS, both data
sets). Here pages are split
into folds by site (host), each fold's values are chosen on the other folds' pages, and the held-out
pages are scored with them: the mean of those held-out scores is the figure to trust, the full-set F1
with the shipped values is what the data set was allowed to see.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import sys
from collections.abc import Sequence
from contextlib import contextmanager
from types import ModuleType
from urllib.parse import urlsplit

from crawler.extractors import parse_html
from crawler.extractors.cascade import containers
from crawler.extractors.cascade import extractor as cascade

from .datasets import Page, load_dataset
from .metric import PageScore, aggregate, score_page

# The grid: each shipped value and its round neighbours.
GRID = {
    "CLIMB_RATIO": (1.1, 1.2, 1.35, 1.5),
    "MAX_CLIMB_LEVELS": (4, 5, 6),
    "CLIMB_MAX_LINK_DENSITY": (0.1, 0.15, 0.2),
    "MIN_PROSE_WORDS_OUTSIDE_LINKS": (8, 10, 12),
}
NUMBERED_ID = re.compile(r"-\d+$")
FOLD_SEED = 7  # fixed so that reruns split the sites the same way


def _module_of(name: str) -> ModuleType:
    """The cascade module whose steps read the threshold (the container choice's live in ``containers``)."""
    return containers if hasattr(containers, name) else cascade


@contextmanager
def _parameters(values: dict[str, float]):
    saved = {name: getattr(_module_of(name), name) for name in values}
    try:
        for name, value in values.items():
            setattr(_module_of(name), name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(_module_of(name), name, value)


def site_of(page: Page) -> str:
    """The page's host; without a URL (the readability set), its id without a trailing number ("nytimes-2")."""
    host = urlsplit(page.url or "").hostname or NUMBERED_ID.sub("", page.id)
    return host.removeprefix("www.")


# Second-level labels under a country code that are not the site's name (bbc.co.uk, abc.net.au, asahi.co.jp).
GENERIC_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"})


def site_group(page: Page) -> str:
    """The site's name without subdomains and suffix (news.bbc.co.uk -> bbc), so that one site's pages fall
    in one group across data sets, whether they come with a URL (scrapinghub, modern) or an id (readability)."""
    labels = site_of(page).split(".")
    if len(labels) >= 3 and labels[-2] in GENERIC_SECOND_LEVEL and len(labels[-1]) == 2:
        return labels[-3]
    return labels[-2] if len(labels) >= 2 else labels[0]


_site = site_of  # the name earlier tests know


def site_folds(pages: Sequence[Page], folds: int) -> list[list[int]]:
    """Page indices per fold; all pages of a site (``site_group``) fall in the same fold."""
    sites = sorted({site_group(p) for p in pages})
    random.Random(FOLD_SEED).shuffle(sites)
    fold_of = {site: i % folds for i, site in enumerate(sites)}
    result: list[list[int]] = [[] for _ in range(folds)]
    for index, page in enumerate(pages):
        result[fold_of[site_group(page)]].append(index)
    return result


def choose_by_site_folds(
    pages: Sequence[Page], scores: Sequence[Sequence[PageScore]], folds: int
) -> tuple[list[PageScore], list[int]]:
    """Each fold of sites is scored with the choice (an index into ``scores``, one list of page scores a choice)
    that is best on the other folds: the held-out score of every page, in page order, and the choice per fold."""
    held_out: list[PageScore | None] = [None] * len(pages)
    chosen: list[int] = []
    for fold in site_folds(pages, folds):
        test = set(fold)
        train = [i for i in range(len(pages)) if i not in test]
        best = max(range(len(scores)), key=lambda c: aggregate([scores[c][i] for i in train], bootstrap=0).f1)
        chosen.append(best)
        for i in fold:
            held_out[i] = scores[best][i]
    return [score for score in held_out if score is not None], chosen


def cross_validate(pages: Sequence[Page], folds: int = 5) -> dict:
    docs = [parse_html(page.html, page.url) for page in pages]
    extractor = cascade.DefaultExtractor()
    combos = [dict(zip(GRID, values, strict=True)) for values in itertools.product(*GRID.values())]
    scores: list[list[PageScore]] = []
    for combo in combos:
        with _parameters(combo):
            scores.append([score_page(p.gold, extractor.extract(d).text) for p, d in zip(pages, docs, strict=True)])
    shipped = {name: getattr(_module_of(name), name) for name in GRID}
    shipped_index = combos.index(shipped)
    held_out, chosen_indices = choose_by_site_folds(pages, scores, folds)
    chosen = [combos[c] for c in chosen_indices]
    full = aggregate(scores[shipped_index])
    cv = aggregate(held_out)
    best_full = max(aggregate(s, bootstrap=0).f1 for s in scores)
    return {
        "pages": len(pages),
        "folds": folds,
        "shipped": shipped,
        "full_set_f1": round(full.f1, 4),
        "full_set_f1_std": round(full.f1_std, 4),
        "cross_validated_f1": round(cv.f1, 4),
        "cross_validated_f1_std": round(cv.f1_std, 4),
        "best_grid_f1_on_full_set": round(best_full, 4),
        "chosen_per_fold": chosen,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.crossval", description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", required=True, action="append",
                        help="a data set folder; give it several times to pool their pages (folds stay by site)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = cross_validate([page for dataset in args.dataset for page in load_dataset(dataset)], args.folds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{report['pages']} pages, {report['folds']} folds by site; shipped values {report['shipped']}")
        print(f"full-set F1 with shipped values: {report['full_set_f1']:.4f} ± {report['full_set_f1_std']:.4f}")
        print(f"cross-validated F1 (values chosen on the other folds): {report['cross_validated_f1']:.4f} "
              f"± {report['cross_validated_f1_std']:.4f}")
        print(f"best value set of the grid on the full set: {report['best_grid_f1_on_full_set']:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
