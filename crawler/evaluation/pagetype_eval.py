"""How ``crawler.pagejob.pagetypes`` classifies the shared data sets: pages kept as articles, listings, site pages.

    python -m crawler.evaluation.pagetype_eval --shared ../shared/datasets

scrapinghub, readability and zh-news are article pages (each should come out ``article``); the modern set's
``ground-truth.json`` gives each page's kind, so its counts are by kind. Pages that are not articles are listed
with the reason for the article sets.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from pathlib import Path

from crawler.extractors import parse_html

from ..pagejob.pagetypes import classify_page
from .datasets import Page, load_dataset


def _zh_news(root: Path) -> list[Page]:
    return [Page(str(path.relative_to(root)), gzip.decompress(path.read_bytes()), "")
            for path in sorted(root.rglob("*.html.gz"))]


def classify(pages: list[Page]) -> list[tuple[Page, str, str]]:
    results = []
    for page in pages:
        result = classify_page(parse_html(page.html, page.url), page.url)
        results.append((page, result.kind, result.reason()))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default="../shared/datasets", help="the folder of the shared data sets")
    args = parser.parse_args(argv)
    root = Path(args.shared)
    for name in ("scrapinghub", "readability", "zh-news"):
        pages = _zh_news(root / name) if name == "zh-news" else load_dataset(root / name)
        results = classify(pages)
        counts = Counter(kind for _, kind, _ in results)
        print(f"{name}: {counts['article']} of {len(results)} pages are articles; {dict(sorted(counts.items()))}")
        for page, kind, reason in results:
            if kind != "article":
                print(f"  {kind}: {page.id} {page.url or ''} ({reason})")
    kinds = {key: value.get("page_type") for key, value in
             json.loads((root / "modern" / "ground-truth.json").read_text(encoding="utf-8")).items()}
    by_kind: dict[str, Counter[str]] = {}
    for page, kind, _ in classify(load_dataset(root / "modern")):
        by_kind.setdefault(kinds.get(page.id) or "?", Counter())[kind] += 1
    print("modern, by the page kind of ground-truth.json -> our page type:")
    for kind, counts in sorted(by_kind.items()):
        print(f"  {kind}: {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
