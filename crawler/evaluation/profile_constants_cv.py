"""The extraction profiles' fitted constants, chosen by cross-validation by domain with the benchmark's word metric.

    python -m crawler.evaluation.profile_constants_cv --dataset ../shared/datasets/wcxb-dev [--folds 5]

Each constant acts only on the pages judged of the kinds it names (``TUNED``): those pages are extracted under
every candidate value (the judged kind as the hint, as ``extract`` runs it); for each fold (pages split by the hash
of their domain, as ``profiles_cv``) the value with the best mean word F1 on the other folds' pages is chosen and
scored on the held-out fold. Printed per constant: the value each fold chose, the held-out word F1 by gold kind
against the shipped value's (on the same held-out pages), and the shipped value.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from ..extractors.cascade import cards, furniture, profiles, repeated
from ..extractors.cascade.extractor import DefaultExtractor
from ..extractors.document.parse import parse_html
from ..extractors.pagekind import judge
from .by_kind import page_kinds
from .datasets import load_dataset
from .profiles_cv import ALL, domain, fold_of, word_f1


@dataclass(frozen=True)
class Tuned:
    """A module constant of the profiles (``profiles`` or ``repeated``), the candidate values, and the judged kinds
    whose pages it changes."""

    name: str
    values: tuple[Any, ...]
    kinds: frozenset[str]
    module: ModuleType = profiles


TUNED = (
    Tuned("MAX_POST_LEVELS", (5, 8, 11, 14, 17), frozenset({repeated.POSTS_KIND}), repeated),
    Tuned("MAX_PANEL_SHARE", (0.0, 0.1, 0.15, 0.2, 0.3, 0.5), profiles.CONTROLLED_KINDS),
    Tuned("EXACT_CHROME_KINDS", (frozenset(), frozenset({"collection"}), frozenset({"listing"}),
                                 frozenset({"collection", "listing"})), frozenset({"collection", "listing"}), repeated),
    # Rules with no number, each on or off: the CV says whether the rule wins on held-out domains.
    Tuned("CARD_HEADER_KINDS", (frozenset(), profiles.CARD_HEADER_KINDS), profiles.CARD_HEADER_KINDS),
    Tuned("QUOTED_FIGURE_KINDS", (frozenset(), profiles.QUOTED_FIGURE_KINDS), profiles.QUOTED_FIGURE_KINDS),
    Tuned("SIGNED_KINDS", (frozenset(), repeated.SIGNED_KINDS), repeated.SIGNED_KINDS, repeated),
    Tuned("LANDING_SECTION_REASONS", ({}, profiles.LANDING_SECTION_REASONS),
          frozenset(profiles.LANDING_SECTION_REASONS)),
    Tuned("CONTROL_TAGS", (profiles.CONTROL_TAGS - {"fieldset"}, profiles.CONTROL_TAGS), profiles.CONTROLLED_KINDS),
    Tuned("COPY_KINDS", (frozenset(), frozenset({"collection", "listing"}), cards.COPY_KINDS - {"forum"},
                         cards.COPY_KINDS), cards.COPY_KINDS, cards),
    Tuned("MIN_COPY_WORDS", (3, 5, 8, 12), cards.COPY_KINDS, cards),
    Tuned("NAMED_CARD_KINDS", (frozenset(), frozenset({"collection"}), frozenset({"listing"}),
                               frozenset({"collection", "listing"})), frozenset({"collection", "listing"}), cards),
    Tuned("HIDDEN_LABEL_KINDS", (frozenset(), cards.HIDDEN_LABEL_KINDS), cards.HIDDEN_LABEL_KINDS, cards),
    Tuned("SECTION_HEADER_KINDS", (frozenset(), cards.SECTION_HEADER_KINDS), cards.SECTION_HEADER_KINDS, cards),
    Tuned("COMMENT_POSTS", (False, True), frozenset({repeated.POSTS_KIND}), furniture),
    Tuned("MIN_POSTS", (3, 2), frozenset({repeated.POSTS_KIND}), repeated),
    Tuned("ALTERNATING_ROWS", (False, True), frozenset({repeated.POSTS_KIND}), repeated),
    Tuned("OPENING_POST", (False, True), frozenset({repeated.POSTS_KIND}), repeated),
    Tuned("CARDED_KINDS", (frozenset(), repeated.CARDED_KINDS), repeated.CARDED_KINDS, repeated),
    Tuned("ACTION_KINDS", (frozenset(), repeated.ACTION_KINDS), repeated.ACTION_KINDS, repeated),
    Tuned("QUOTING_KINDS", (frozenset(), repeated.QUOTING_KINDS), repeated.QUOTING_KINDS, repeated),
    Tuned("QUOTED_SHARE", (0.0, 0.5, 0.8, 0.9), repeated.QUOTING_KINDS, repeated),
)


# A page's F1 moved by more than this counts as changed by a rule.
CHANGED = 0.01


def shown(value: Any) -> str:
    """A candidate value as printed: sets as their sorted members, a rule's table as on or off."""
    if isinstance(value, dict):
        return "on" if value else "off"
    return "{" + ", ".join(sorted(value)) + "}" if isinstance(value, frozenset) else str(value)


def score_values(root: Path, tuned: Tuned, limit: int | None = None) -> list[dict]:
    """Per page judged of the constant's kinds: domain, gold kind, and word F1 under each candidate value (keyed
    by the value as printed: a rule's table is no dict key)."""
    kinds = page_kinds(root)
    extractor = DefaultExtractor()
    shipped = getattr(tuned.module, tuned.name)
    rows = []
    try:
        for page in load_dataset(root, limit):
            doc = parse_html(page.html, page.url)
            judged = judge(doc).kind
            if judged not in tuned.kinds:
                continue
            scores = {}
            for value in tuned.values:
                setattr(tuned.module, tuned.name, value)
                scores[shown(value)] = word_f1(page.gold, extractor.extract(doc, kind=judged).text)
            rows.append({"domain": domain(page.url), "kind": kinds.get(page.id, "?"), "scores": scores})
    finally:
        setattr(tuned.module, tuned.name, shipped)
    return rows


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def cross_validate(rows: list[dict], tuned: Tuned, shipped: Any, folds: int) -> str:
    chosen = []
    held: dict[str, list[float]] = defaultdict(list)
    base: dict[str, list[float]] = defaultdict(list)
    for fold in range(folds):
        train = [row for row in rows if fold_of(row, folds) != fold]
        best = max(tuned.values, key=lambda v: _mean([row["scores"][shown(v)] for row in train]))
        chosen.append(best)
        for row in rows:
            if fold_of(row, folds) == fold:
                for kind in (ALL, row["kind"]):
                    held[kind].append(row["scores"][shown(best)])
                    base[kind].append(row["scores"][shown(tuned.values[0])])
    in_sample = {shown(v): _mean([row["scores"][shown(v)] for row in rows]) for v in tuned.values}
    off = tuned.values[0]
    better = sum(row["scores"][shown(shipped)] > row["scores"][shown(off)] + CHANGED for row in rows)
    worse = sum(row["scores"][shown(shipped)] < row["scores"][shown(off)] - CHANGED for row in rows)
    lines = [f"{tuned.name}: folds chose {[shown(v) for v in chosen]}; shipped {shown(shipped)}; in-sample mean "
             "word F1 by value " + ", ".join(f"{v}: {s:.3f}" for v, s in in_sample.items())
             + f"; pages whose F1 the shipped value changes by more than {CHANGED} against {shown(off)}: "
             f"{better} better, {worse} worse",
             f"| pages judged {'/'.join(sorted(tuned.kinds))}, by gold kind | pages | held-out F1, value chosen by "
             f"{folds}-fold by-domain CV | F1 with {shown(tuned.values[0])} (the rule off or as before) |",
             "|---|---|---|---|"]
    for kind in sorted(held, key=lambda k: (k != ALL, k)):
        lines.append(f"| {kind} | {len(held[kind])} | {_mean(held[kind]):.3f} | {_mean(base[kind]):.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", required=True, type=Path)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--only", help="one constant's name")
    args = parser.parse_args(argv)
    if not (args.dataset / "ground-truth.json").exists():
        print(f"{args.dataset}: no ground-truth.json with page kinds", file=sys.stderr)
        return 1
    for tuned in TUNED:
        if args.only and tuned.name != args.only:
            continue
        shipped = getattr(tuned.module, tuned.name)
        print(cross_validate(score_values(args.dataset, tuned, args.limit), tuned, shipped, args.folds), flush=True)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
