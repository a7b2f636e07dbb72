"""How the line-hash template extractor does on sites with two or more pages in a data set.

A template needs two pages of a site (seed 001), so the usual one-page-at-a-time evaluation cannot score
it. Here pages are grouped by host; for each page of a group, a fresh store learns another page of the
group, then the page is extracted (which compares it with that sample and derives the template, as the
seed does). The same pages are scored with a baseline extractor, and with "template, else baseline".

Two ways to key the store are reported: the URL patterns derived from each URL (pages of one host in
different sections get no template), and one user pattern per host (how well the templates themselves do).

    python -m crawler.evaluation.template_pairs ../shared/datasets/scrapinghub --baseline boilerpipe-article
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any
from urllib.parse import urlsplit

from crawler.extractors import get_extractor, parse_html
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.steps.pipeline import Extractor
from crawler.extractors.templates.extractor import TemplateExtractor
from crawler.extractors.templates.store import MemoryTemplateStore
from crawler.extractors.templates.urlpattern import UrlPatterns, normalized_host

from .datasets import Page
from .metric import PageScore, aggregate, score_page

DEFAULT_BASELINE = "boilerpipe-article"
# Tried in this order when the requested baseline cannot be loaded (not written yet, import error).
FALLBACK_BASELINES = ("boilerpipe-article", "boilerpipe-default", "justext", "lineblock", "density")


def _host(page: Page) -> str:
    return normalized_host(urlsplit(page.url or "").hostname)


def group_by_host(pages: Sequence[Page]) -> dict[str, list[Page]]:
    """Hosts with at least two pages, each group in the data set's order."""
    groups: dict[str, list[Page]] = defaultdict(list)
    for page in pages:
        if page.url:
            groups[_host(page)].append(page)
    return {host: group for host, group in groups.items() if len(group) >= 2}


def load_baseline(name: str) -> tuple[str | None, Extractor | None, str | None]:
    """The baseline extractor, or the first loadable fallback; the note says what was substituted."""
    errors = []
    for candidate in (name, *[n for n in FALLBACK_BASELINES if n != name]):
        try:
            extractor = get_extractor(candidate)
        except (ImportError, AttributeError, ValueError) as error:
            errors.append(f"{candidate}: {error}")
            continue
        note = None if candidate == name else f"{name} unavailable ({errors[0]}); used {candidate}"
        return candidate, extractor, note
    return None, None, "no baseline extractor could be loaded: " + "; ".join(errors)


def _scores(scores: list[PageScore]) -> dict[str, Any] | None:
    return asdict(aggregate(scores)) if scores else None


def _template_texts(groups: dict[str, list[Page]], docs: dict[str, TextDocument],
                    by_host: bool) -> dict[str, tuple[str, str | None]]:
    """Page id -> (template text, reason) after a fresh store learned the next page of the group."""
    results: dict[str, tuple[str, str | None]] = {}
    for host, group in groups.items():
        for index, page in enumerate(group):
            teacher = group[(index + 1) % len(group)]
            patterns = UrlPatterns({f"re:^[a-z]+://(www\\d*\\.)?{re.escape(host)}([:/?#]|$)": host}
                                   if by_host else {})
            extractor = TemplateExtractor(MemoryTemplateStore(), patterns)
            extractor.learn(docs[teacher.id])
            article = extractor.extract(docs[page.id])
            results[page.id] = (article.text, article.reason)
    return results


def evaluate_pairs(pages: Sequence[Page], baseline: str = DEFAULT_BASELINE) -> dict[str, Any]:
    """F1 of the template on pages whose host has another page, against a baseline on the same pages.

    Per keying ("derived" URL patterns, "host" patterns): ``applied`` pages got a template; ``template``
    scores all pair pages (an empty text scores zero recall), ``template_applied`` and
    ``baseline_applied`` only the applied pages, ``template_else_baseline`` falls back per page.
    """
    groups = group_by_host(pages)
    pair_pages = [page for group in groups.values() for page in group]
    docs = {page.id: parse_html(page.html, page.url) for page in pair_pages}
    baseline_name, baseline_extractor, note = load_baseline(baseline)
    baseline_texts: dict[str, str] = {}
    if baseline_extractor is not None:
        for page in pair_pages:
            baseline_texts[page.id] = baseline_extractor.extract(docs[page.id]).text
    report: dict[str, Any] = {
        "pages": len(pair_pages),
        "hosts": len(groups),
        "baseline": baseline_name,
        "baseline_note": note,
        "baseline_all": _scores([score_page(p.gold, baseline_texts[p.id]) for p in pair_pages])
        if baseline_texts else None,
    }
    for keying in ("derived", "host"):
        started = time.perf_counter()
        texts = _template_texts(groups, docs, by_host=keying == "host")
        elapsed = time.perf_counter() - started
        applied = [p for p in pair_pages if texts[p.id][0]]
        reasons: dict[str, int] = defaultdict(int)
        for page in pair_pages:
            if not texts[page.id][0]:
                reasons[(texts[page.id][1] or "").split(" for pattern")[0].split(":")[0]] += 1
        section: dict[str, Any] = {
            "applied": len(applied),
            "not_applied_reasons": dict(reasons),
            "template": _scores([score_page(p.gold, texts[p.id][0]) for p in pair_pages]),
            "template_applied": _scores([score_page(p.gold, texts[p.id][0]) for p in applied]),
            "seconds": round(elapsed, 2),
        }
        if baseline_texts:
            section["baseline_applied"] = _scores([score_page(p.gold, baseline_texts[p.id]) for p in applied])
            section["template_else_baseline"] = _scores(
                [score_page(p.gold, texts[p.id][0] or baseline_texts[p.id]) for p in pair_pages]
            )
        report[keying] = section
    return report


def _format(scores: dict[str, Any] | None) -> str:
    if not scores:
        return "—"
    return (f"F1 {scores['f1']:.3f} ± {scores['f1_std']:.3f}  P {scores['precision']:.3f}  "
            f"R {scores['recall']:.3f}  ({scores['pages']} pages)")


def main(argv: Sequence[str] | None = None) -> int:
    from .datasets import load_dataset

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dataset", help="a scrapinghub-layout folder (pages need URLs)")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--json", action="store_true", help="print the whole report as JSON")
    args = parser.parse_args(argv)
    report = evaluate_pairs(load_dataset(args.dataset), args.baseline)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"{report['pages']} pages on {report['hosts']} hosts with two or more pages")
    if report["baseline_note"]:
        print("baseline:", report["baseline_note"])
    print(f"{report['baseline'] or 'baseline'} on all of them: {_format(report['baseline_all'])}")
    for keying in ("derived", "host"):
        section = report[keying]
        print(f"\n[{keying} URL patterns] template applied to {section['applied']} pages "
              f"({section['seconds']} s); not applied: {section['not_applied_reasons']}")
        print(f"  template, all pages:          {_format(section['template'])}")
        print(f"  template, applied pages:      {_format(section['template_applied'])}")
        print(f"  baseline, applied pages:      {_format(section.get('baseline_applied'))}")
        print(f"  template else baseline, all:  {_format(section.get('template_else_baseline'))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
