"""By-site cross-validation of any named threshold of the default cascade, per data set, several sets pooled.

    python -m crawler.evaluation.crossval_steps --dataset ../shared/datasets/scrapinghub \
        --dataset ../shared/datasets/readability --dataset ../shared/datasets/modern \
        --grid WIDEN_BELOW_SHARE=0.25,0.35,0.5

``crawler.evaluation.crossval`` validates the climb's four thresholds together; this validates the ones the
steps beyond prose added (``WIDEN_SHARE``, ``WIDEN_BELOW_SHARE`` in ``cascade``, ``MIN_REPEATED_UNITS`` in
``beyond_prose``, ...) a grid at a time. Pages of all sets are pooled and split into folds by site; each fold's
values are chosen on the other folds' pages; each set's held-out F1 is printed beside its F1 with the shipped
values and with every value of the grid, so that a gain on one set bought with a loss on another shows.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from types import ModuleType

from crawler.extractors import parse_html
from crawler.extractors.cascade import beyond_prose, containers, furniture, inside_article
from crawler.extractors.cascade import extractor as cascade

from .crossval import choose_by_site_folds
from .datasets import Page, load_dataset
from .metric import PageScore, aggregate, score_page

# Where the cascade's thresholds live (a name imported into cascade from furniture is set in both).
MODULES: tuple[ModuleType, ...] = (cascade, containers, furniture, beyond_prose, inside_article)


def _module_of(name: str) -> ModuleType:
    for module in MODULES:
        if hasattr(module, name):
            return module
    raise ValueError(f"unknown threshold {name!r}: not a constant of cascade, beyond_prose or inside_article")


def _set(name: str, value: float) -> None:
    """Sets a threshold in every module that holds it (one imported from another module is held by both)."""
    for module in MODULES:
        if hasattr(module, name):
            setattr(module, name, value)


def parse_grid(items: Sequence[str]) -> dict[str, tuple[float, ...]]:
    """``NAME=v1,v2`` items -> {NAME: (v1, v2)}; raises ValueError on a bad item."""
    grid: dict[str, tuple[float, ...]] = {}
    for item in items:
        name, _, values = item.partition("=")
        _module_of(name)
        try:
            grid[name] = tuple(float(v) if "." in v else int(v) for v in values.split(","))
        except ValueError as error:
            raise ValueError(f"bad grid item {item!r}: {error}") from error
    return grid


def cross_validate(sets: dict[str, list[Page]], grid: dict[str, tuple[float, ...]], folds: int = 5) -> list[str]:
    pages = [page for group in sets.values() for page in group]
    origin = [name for name, group in sets.items() for _ in group]
    docs = [parse_html(page.html, page.url) for page in pages]
    extractor = cascade.DefaultExtractor()
    combos = [dict(zip(grid, values, strict=True)) for values in itertools.product(*grid.values())]
    shipped = {name: getattr(_module_of(name), name) for name in grid}
    scores: list[list[PageScore]] = []
    try:
        for combo in combos:
            for name, value in combo.items():
                _set(name, value)
            scores.append([score_page(p.gold, extractor.extract(d).text) for p, d in zip(pages, docs, strict=True)])
    finally:
        for name, value in shipped.items():
            _set(name, value)
    held_out, chosen_indices = choose_by_site_folds(pages, scores, folds)
    chosen = [combos[c] for c in chosen_indices]
    lines = [f"{len(pages)} pages, {folds} folds by site; shipped {shipped}"]
    for name in sets:
        indices = [i for i, o in enumerate(origin) if o == name]

        def f1(values: Sequence[PageScore | None], indices: list[int] = indices) -> float:
            return aggregate([values[i] for i in indices if values[i] is not None], bootstrap=0).f1

        by_value = "  ".join(f"{combo}: {f1(s):.4f}" for combo, s in zip(combos, scores, strict=True))
        shipped_f1 = f1(scores[combos.index(shipped)]) if shipped in combos else float("nan")
        lines.append(f"{name}: shipped F1 {shipped_f1:.4f}, cross-validated by site {f1(held_out):.4f}; {by_value}")
    lines.append(f"chosen per fold: {chosen}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.crossval_steps",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", required=True, action="append", help="a data set folder; give several")
    parser.add_argument("--grid", required=True, action="append", metavar="NAME=V1,V2",
                        help="a threshold of cascade, beyond_prose or inside_article and the values to try")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    try:
        grid = parse_grid(args.grid)
        sets = {path.rstrip("/").rsplit("/", 1)[-1]: load_dataset(path) for path in args.dataset}
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for line in cross_validate(sets, grid, args.folds):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
