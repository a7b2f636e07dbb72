"""F1, precision and recall per kind of page, for data sets whose gold labels each page's kind.

    python -m crawler.evaluation.by_kind --dataset ../shared/datasets/modern --peers trafilatura,readability

The modern set's ``ground-truth.json`` gives each page a ``page_type`` (article, forum, product, service,
listing, collection, documentation, ...). A total hides that an extractor can lead on articles and fail on
forum threads; this prints one line per kind and extractor, all measured in one run on the same pages, plus
the number of pages each extractor returned empty.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from crawler.extractors import extract_document
from crawler.extractors.document.decoding import decode_html
from crawler.extractors.document.parse import parse_html

from .datasets import Page, load_dataset
from .evaluate import format_columns
from .metric import PageScore, aggregate, score_page
from .peers import PEER_PREFIX, load_peer

UNLABELLED = "?"


def page_kinds(root: Path) -> dict[str, str]:
    """Page id -> kind, from ``ground-truth.json``'s ``page_type``; empty when the set has no such labels."""
    truth = root / "ground-truth.json"
    if not truth.exists():
        return {}
    items = json.loads(truth.read_text(encoding="utf-8"))
    return {page_id: item.get("page_type") or UNLABELLED for page_id, item in items.items()}


def pages_of_kinds(pages: list[Page], root: Path, kinds: list[str]) -> list[Page]:
    """The pages whose labelled kind is one of ``kinds``, in order; ValueError when the set labels no kinds or no
    page has one of the kinds asked (naming the kinds it has)."""
    labels = page_kinds(root)
    if not labels or set(labels.values()) == {UNLABELLED}:
        raise ValueError(f"{root}: the data set labels no page kinds (no page_type in ground-truth.json)")
    known = sorted(set(labels.values()) - {UNLABELLED})
    missing = [kind for kind in kinds if kind not in known]
    if missing:
        raise ValueError(f"no page of kind {', '.join(map(repr, missing))} in {root}; its kinds: {', '.join(known)}")
    wanted = set(kinds)
    return [page for page in pages if labels.get(page.id) in wanted]


def by_kind(root: Path, extractors: list[str], peers: list[str], limit: int | None = None) -> list[tuple[str, ...]]:
    pages = load_dataset(root, limit)
    kinds = page_kinds(root)
    peer_functions = {PEER_PREFIX + name: load_peer(name) for name in peers}
    names = [*extractors, *peer_functions]
    scores: dict[str, dict[str, list[PageScore]]] = {name: defaultdict(list) for name in names}
    empty: dict[str, int] = dict.fromkeys(names, 0)
    for page in pages:
        kind = kinds.get(page.id, UNLABELLED)
        doc = parse_html(page.html, page.url)
        texts = {name: extract_document(doc, name).text for name in extractors}
        if peer_functions:
            html = decode_html(page.html).text
            for name, function in peer_functions.items():
                try:
                    texts[name] = function(html, page.url) or ""
                except Exception:  # a peer's bug on one page scores that page as empty
                    texts[name] = ""
        for name, text in texts.items():
            empty[name] += not text.strip()
            scores[name][kind].append(score_page(page.gold, text))
            scores[name]["(all)"].append(scores[name][kind][-1])
    counts: dict[str, int] = defaultdict(int)
    for page in pages:
        counts[kinds.get(page.id, UNLABELLED)] += 1
    order = ["(all)", *sorted(counts, key=lambda kind: (-counts[kind], kind))]
    rows = []
    for kind in order:
        for name in names:
            result = aggregate(scores[name][kind], bootstrap=0)
            rows.append((kind, name, str(result.pages), f"{result.f1:.3f}", f"{result.precision:.3f}",
                         f"{result.recall:.3f}", str(empty[name]) if kind == "(all)" else ""))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.by_kind", description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", type=Path, required=True)
    parser.add_argument("--extractor", default="default", help="comma-separated extractors (default: default)")
    parser.add_argument("--peers", default="", help="comma-separated peers run on the same pages")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        rows = by_kind(args.dataset, [n for n in args.extractor.split(",") if n],
                       [n for n in args.peers.split(",") if n], args.limit)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(format_columns(("kind", "extractor", "pages", "F1", "precision", "recall", "empty"), rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
