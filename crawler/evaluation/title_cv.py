"""Cross-validated title share for the settings of the shown-headline rule (``titles.rewritten_headline``).

    python -m crawler.evaluation.title_cv --dataset ../shared/datasets/wcxb-dev --dataset ../shared/datasets/readability

A dated or credited page's one ``<h1>`` replaces its markup title (when the page's <title> disagrees with it) when
the h1 has MIN_SHOWN_HEADLINE_WORDS words and the two share MIN_SHARED_WORD_SHARE of their words (Jaccard);
SHOWN_HEADLINE_NEEDS_DATE says whether undated pages are read too; PAGE_TITLE_VOTES whether a <title> repeating the
h1 outvotes the markup title, CUT_SHORT_TAKES_HEADLINE whether an h1 holding every word of a markup title the <title>
repeats takes its place, TITLE_PART_VOTES whether a <title> whose first part is the h1 votes for it too,
COPIED_TITLE_SOURCES the markup sources whose title, when it is the whole <title> (no site name), counts as that one
search text and not as a second vote (none, JSON-LD, JSON-LD and OpenGraph; each with or without HEAD_TITLE, a
markup title read from the <title> itself, the page having no other) (the switches turn rules on or off:
conflicting conventions, chosen here too); and the two bounds of the h1-before-the-site's-name rule
(``site_titles.head_title_h1``: the words between the h1 and the site's name, -1 turning it off, and the most words
of an h1 that replaces a markup title copying the <title>), scored with every setting of the first. Each page is
read once with the rules off (its markup title and its source, whether it is dated or credited, its one h1, its
<title> whole and without the site's name, what the site rule was asked); every set of values on
a grid is scored on every page. The data sets given are pooled
(the two conventions of titles, the visible h1's and Readability.js's markup title, weigh by their pages); pages
are split into folds by site (``crossval.site_folds``), each fold is scored with the set best on the other folds.
Printed: the share with the rule off, the held-out share, the set chosen per fold, and the share of the shipped
set on all pages (what the data sets were allowed to see).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from unittest import mock

import numpy as np

import crawler.extractors.metadata as metadata_package
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata, site_titles, titles
from crawler.extractors.metadata.candidates import JSON_LD, OPENGRAPH, clean

from .crossval import site_folds
from .datasets import Page, load_dataset
from .metadata_eval import Guess, crawl_time, expected_fields, score_page

WORDS_GRID = (1, 2, 3, 4, 5)
SHARE_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
NEEDS_DATE_GRID = (True, False)
VOTES_GRID = (True, False)
CUT_SHORT_GRID = (True, False)
PART_VOTES_GRID = (True, False)
# The settings of the h1-before-the-site's-name rule (``site_titles.head_title_h1``): the words allowed between the
# two (-1: the rule off), and the most words of an h1 that replaces a markup title copying the <title>.
BETWEEN_GRID = (-1, 0, 1, 2, 3)
COPIED_WORDS_GRID = (0, 2, 3, 4, 6, 10, 1000)
ONE_VOTE_GRID = tuple(frozenset(base | extra) for extra in (set(), {titles.HEAD_TITLE})
                      for base in (set(), {JSON_LD}, {JSON_LD, OPENGRAPH}))


@dataclass(frozen=True)
class TitleCase:
    """One page as the rule sees it: the markup title, whether the page is dated or credited, its one h1, its <title>
    without the site's name, its <title> whole, the markup title's source."""

    wanted: object
    markup_title: str | None
    dated: bool
    shown: str | None
    page_title: str | None
    head_title: str | None = None
    source: str | None = None
    site_rule: tuple | None = None  # what site_titles.head_title_h1 was asked: (title, shown, from_head, found)


def read_case(page: Page) -> TitleCase | None:
    wanted = expected_fields(page).get("title")
    if wanted is None:
        return None
    doc = parse_html(page.html, page.url)
    asked: dict = {}  # the source the vote is given, as the page's metadata step gives it (HEAD_TITLE among them)
    site_asked: list[tuple] = []

    def site_rule(title: str, head: str | None, shown: str | None, from_head: bool, find: object) -> None:
        site_asked.append((title, shown, from_head, find() if head and shown else None))  # type: ignore[operator]

    with mock.patch.object(metadata_package, "rewritten_headline", lambda *args, **kwargs: asked.update(kwargs)), \
            mock.patch.object(metadata_package, "head_title_h1", site_rule):
        metadata = extract_metadata(doc, crawl_time(page))
    shown = titles.visible_headline(doc.root, doc.url, metadata.site_name)
    head_title = clean(doc.title)
    page_title = titles.title_from_head(head_title, metadata.site_name) if head_title else None
    return TitleCase(wanted, metadata.title, bool(metadata.published or metadata.authors), shown, page_title,
                     head_title, asked.get("markup_source", metadata.sources.get("title")),
                     site_asked[0] if site_asked else None)


def site_title(case: TitleCase, between: int, copied_words: int) -> str | None:
    """The title the h1-before-the-site's-name rule gives the page with these settings (None: it does not fire)."""
    if case.site_rule is None or between < 0:
        return None
    title, shown, from_head, found = case.site_rule
    return site_titles.head_title_h1(title, case.head_title, shown, from_head, lambda: found, max_between=between,
                                     max_copied_words=copied_words)


def title_right(case: TitleCase, words: int | None, share: float, needs_date: bool = True, votes: bool = True,
                cut_short: bool = True, part_votes: bool = True,
                one_vote: frozenset[str] = frozenset({JSON_LD, OPENGRAPH})) -> bool:
    title = case.markup_title
    if words is not None and title and case.shown and \
            titles.rewritten_headline(title, case.shown, case.dated, case.page_title, head_title=case.head_title,
                                      markup_source=case.source, min_words=words, min_share=share,
                                      needs_date=needs_date, title_votes=votes, cut_short=cut_short,
                                      part_votes=part_votes, one_vote_sources=one_vote):
        title = case.shown
    return score_page({"title": case.wanted}, Guess(title=title))["title"]


def _printable(values: tuple) -> list:
    return [sorted(value) if isinstance(value, frozenset) else value for value in values]


def cross_validate(pages: Sequence[Page], cases: Sequence[TitleCase], folds: int,
                   sets: Sequence[str] | None = None) -> dict:
    """The held-out share, the settings chosen per fold and the shipped settings' share, on all pages and per data
    set (``sets``: the data set of each page). A setting is the shown-headline rule's and the site rule's together:
    where the site rule fires, its title is the page's (the shown-headline rule is not asked)."""
    grid = list(itertools.product(WORDS_GRID, SHARE_GRID, NEEDS_DATE_GRID, VOTES_GRID, CUT_SHORT_GRID,
                                  PART_VOTES_GRID, ONE_VOTE_GRID))
    site_grid = list(itertools.product(BETWEEN_GRID, COPIED_WORDS_GRID))
    right = np.array([[title_right(case, *values) for case in cases] for values in grid], dtype=np.int64)
    site_given = [[site_title(case, *values) for case in cases] for values in site_grid]
    fires = np.array([[title is not None for title in row] for row in site_given], dtype=np.int64)
    site_right = np.array([[title is not None and score_page({"title": case.wanted}, Guess(title=title))["title"]
                            for case, title in zip(cases, row, strict=True)] for row in site_given], dtype=np.int64)

    def totals(mask: np.ndarray) -> np.ndarray:  # pages right per (shown-headline setting, site setting)
        return right @ ((1 - fires) * mask).T + (site_right * mask).sum(axis=1)

    held_out = 0
    chosen = []
    for fold in site_folds(pages, folds):
        test = np.zeros(len(cases), dtype=np.int64)
        test[fold] = 1
        best, site_best = np.unravel_index(int(np.argmax(totals(1 - test))), (len(grid), len(site_grid)))
        chosen.append(_printable(grid[best] + site_grid[site_best]))
        held_out += int(totals(test)[best, site_best])
    shipped = grid.index((titles.MIN_SHOWN_HEADLINE_WORDS, titles.MIN_SHARED_WORD_SHARE,
                          titles.SHOWN_HEADLINE_NEEDS_DATE, titles.PAGE_TITLE_VOTES, titles.CUT_SHORT_TAKES_HEADLINE,
                          titles.TITLE_PART_VOTES, titles.COPIED_TITLE_SOURCES))
    site_shipped = site_grid.index((site_titles.MAX_WORDS_BETWEEN, site_titles.MAX_COPIED_H1_WORDS))
    shipped_right = np.where(fires[site_shipped] == 1, site_right[site_shipped], right[shipped])
    count = len(cases)
    by_set: dict[str, list[bool]] = {}
    for name, page_right in zip(sets or ["all"] * count, shipped_right.tolist(), strict=True):
        by_set.setdefault(name, []).append(bool(page_right))
    return {"pages": count, "rule_off": sum(title_right(c, None, 0.0) for c in cases) / count,
            "site_rule_off": float(right[shipped].sum()) / count,
            "held_out": held_out / count, "chosen_per_fold": chosen,
            "shipped": _printable(grid[shipped] + site_grid[site_shipped]),
            "shipped_all_pages": float(shipped_right.sum()) / count,
            "site_rule_fires": int(fires[site_shipped].sum()),
            "site_settings_all_pages": {f"between={between} copied_words={words}": round(float(np.where(
                fires[index] == 1, site_right[index], right[shipped]).sum()) / count, 4)
                for index, (between, words) in enumerate(site_grid)},
            "shipped_per_set": {name: round(sum(values) / len(values), 4) for name, values in by_set.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.title_cv", description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", required=True, action="append",
                        help="a data set with expected titles (repeat to pool several)")
    parser.add_argument("--folds", type=int, default=5, help="folds of sites (default 5)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages")
    args = parser.parse_args(argv)
    try:
        loaded = [(root, page) for root in args.dataset for page in load_dataset(root, args.limit)]
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    read = [(root, page, case) for root, page in loaded if (case := read_case(page)) is not None]
    if not read:
        print("error: no page with an expected title", file=sys.stderr)
        return 1
    result = cross_validate([p for _, p, _ in read], [c for _, _, c in read], args.folds, [r for r, _, _ in read])
    for key, value in result.items():  # one line a key: the five folds' choices each on its line
        if key == "chosen_per_fold":
            print(f"{key}:", *(json.dumps(choice) for choice in value), sep="\n  ")
        else:
            print(f"{key}: {json.dumps(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
