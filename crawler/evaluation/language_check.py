"""The declared-language shortcut against the model, page by page:
``python -m crawler.evaluation.language_check --dataset DIR [--dataset DIR ...]``.

For every page with text enough to tell its language: whether it declares one, whether its stopwords confirm the
declaration (``DECLARED_STOPWORD_SHARE``: the identification model is then not loaded), what the model reads, and
the pages where the shortcut's answer differs from the model-first answer (the model's reading, else the
declaration), each printed with the start of its sample so that a person can tell which one is right.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from crawler.extractors.document.language import (
    DECLARED_STOPWORD_SHARE,
    MIN_SAMPLE_CHARS,
    classify,
    confirmed_by_stopwords,
    declared_code,
    sample_of,
)
from crawler.extractors.document.parse import parse_html

from .datasets import load_dataset

SHOWN_SAMPLE_CHARS = 80  # the start of a changed page's sample printed beside it


def check(folder: Path) -> tuple[Counter, list[str]]:
    counts: Counter = Counter()
    changed: list[str] = []
    for page in load_dataset(folder):
        doc = parse_html(page.html)
        sample = sample_of(doc.blocks)
        if len(sample.strip()) < MIN_SAMPLE_CHARS:
            counts["too little text"] += 1
            continue
        counts["pages"] += 1
        declared = declared_code(doc.declared_language)
        model = classify(sample)
        if not declared:
            continue
        counts["declared"] += 1
        counts["model agrees with the declaration"] += model == declared
        if confirmed_by_stopwords(sample, declared):
            counts["confirmed by stopwords (model not loaded)"] += 1
            if model != declared:
                counts["answer changed"] += 1
                changed.append(f"  {page.id}: declared {declared}, model {model}: "
                               f"{' '.join(sample.split())[:SHOWN_SAMPLE_CHARS]!r}")
    return counts, changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.language_check",
                                     description=__doc__.split("\n\n")[1] if __doc__ else None)
    parser.add_argument("--dataset", action="append", type=Path, required=True, help="a data set folder (repeatable)")
    args = parser.parse_args(argv)
    print(f"stopword share that confirms a declaration: {DECLARED_STOPWORD_SHARE}")
    for folder in args.dataset:
        try:
            counts, changed = check(folder)
        except (OSError, ValueError) as error:
            print(f"{folder}: skipped: {error}", file=sys.stderr)
            return 1
        print(f"{folder.name}: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
        print("\n".join(changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
