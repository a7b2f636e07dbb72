"""The default cascade's kind profiles on a data set whose gold labels each page's kind, with the benchmark's word
metric, and the by-domain cross-validation of the thresholds they use.

    python -m crawler.evaluation.profiles_cv --dataset ../shared/datasets/wcxb-dev [--peers trafilatura]
        [--cache /tmp/profiles.json] [--folds 5]

Each page is parsed once, judged once (``pagekind.judge``), and extracted under every kind's profile (the kind
given as a hint), so that any rule choosing a profile can be scored offline on the same runs:

- ``article rule``: every page under the article rule (the cascade without profiles);
- ``gold kind``: each page under its labelled kind (the profiles with a perfect judgement);
- ``judged kind``: each page under the shipped choice (the judged kind when its probability reaches
  ``MIN_KIND_PROBABILITY``, else the article rule), as ``extract`` runs it;
- ``CV threshold``: ``MIN_KIND_PROBABILITY`` chosen on the other folds' domains for each fold (pages split into
  ``--folds`` folds by the hash of their domain), scored on the held-out fold;
- ``the more confident``: of the two competing extractions (the judged kind's profile and the article rule), the
  one whose ``Article.confidence`` is higher.

The word metric is the benchmark's: lower-cased ``\\w+`` tokens as a bag, F1 per page, averaged over pages; a page
whose gold and answer are both empty scores 1.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..extractors.cascade.extractor import DefaultExtractor
from ..extractors.cascade.profiles import MIN_KIND_PROBABILITY
from ..extractors.document.decoding import decode_html
from ..extractors.document.parse import parse_html
from ..extractors.pagekind import KINDS, judge
from .by_kind import page_kinds
from .datasets import load_dataset
from .peers import load_peer

WORD = re.compile(r"\w+")
# The thresholds the cross-validation chooses among.
THRESHOLDS = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
ALL = "(all)"


def word_f1(gold: str, answer: str) -> float:
    """The benchmark's page score: F1 of the bags of lower-cased word tokens (1 when both are empty)."""
    wanted = Counter(w.lower() for w in WORD.findall(gold or ""))
    given = Counter(w.lower() for w in WORD.findall(answer or ""))
    if not wanted or not given:
        return float(not wanted and not given)
    common = sum((wanted & given).values())
    if not common:
        return 0.0
    precision, recall = common / sum(given.values()), common / sum(wanted.values())
    return 2 * precision * recall / (precision + recall)


def domain(url: str | None) -> str:
    return (urlsplit(url or "").hostname or "").removeprefix("www.")


def run_pages(root: Path, peers: Sequence[str], limit: int | None = None) -> list[dict[str, Any]]:
    """Per page: its id, domain, gold kind, the judgement, the word F1 under each kind's profile, whether each
    answer is empty, and each peer's word F1."""
    kinds = page_kinds(root)
    extractor = DefaultExtractor()
    peer_functions = {name: load_peer(name) for name in peers}
    rows = []
    for page in load_dataset(root, limit):
        doc = parse_html(page.html, page.url)
        judgement = judge(doc)
        scores, empty, confidence = {}, {}, {}
        for kind in KINDS:
            article = extractor.extract(doc, kind=kind)
            text = article.text
            scores[kind], empty[kind] = word_f1(page.gold, text), not text.strip()
            confidence[kind] = article.confidence
        peer_scores = {}
        if peer_functions:
            html = decode_html(page.html).text
            for name, function in peer_functions.items():
                try:
                    peer_scores[name] = word_f1(page.gold, function(html, page.url) or "")
                except Exception:  # a peer's bug on one page scores that page as empty
                    peer_scores[name] = word_f1(page.gold, "")
        rows.append({"id": page.id, "domain": domain(page.url), "kind": kinds.get(page.id, "?"),
                     "judged": judgement.kind, "probability": judgement.probability, "scores": scores,
                     "empty": empty, "confidence": confidence, "peers": peer_scores,
                     "gold_empty": not page.gold.strip()})
    return rows


def shipped_choice(threshold: float) -> Callable[[dict[str, Any]], str]:
    """The profile ``extract`` runs: the judged kind when sure enough, else the article rule."""
    return lambda row: row["judged"] if row["probability"] >= threshold else "article"


def confident_choice(row: dict[str, Any]) -> float:
    """The word F1 of whichever of the two competing extractions (the judged kind's profile, the article rule)
    has the higher confidence (the shipped confidence model, fitted on these pages: an upper estimate)."""
    judged = shipped_choice(MIN_KIND_PROBABILITY)(row)
    best = max((judged, "article"), key=lambda kind: row["confidence"][kind])
    return row["scores"][best]


def by_kind(rows: list[dict[str, Any]], score: Callable[[dict[str, Any]], float]) -> dict[str, float]:
    values: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        value = score(row)
        values[row["kind"]].append(value)
        values[ALL].append(value)
    return {kind: sum(v) / len(v) for kind, v in values.items()}


def fold_of(row: dict[str, Any], folds: int) -> int:
    return zlib.crc32(row["domain"].encode()) % folds


def cross_validated(rows: list[dict[str, Any]], folds: int) -> tuple[dict[str, float], list[float]]:
    """Word F1 by kind with the threshold chosen on the other folds for each fold, and the thresholds chosen."""
    held_out: list[tuple[dict[str, Any], float]] = []
    chosen = []
    for fold in range(folds):
        train = [row for row in rows if fold_of(row, folds) != fold]
        best = max(THRESHOLDS, key=lambda t: by_kind(train, lambda r, t=t: r["scores"][shipped_choice(t)(r)])[ALL])
        chosen.append(best)
        held_out += [(row, row["scores"][shipped_choice(best)(row)]) for row in rows if fold_of(row, folds) == fold]
    values: dict[str, list[float]] = defaultdict(list)
    for row, value in held_out:
        values[row["kind"]].append(value)
        values[ALL].append(value)
    return {kind: sum(v) / len(v) for kind, v in values.items()}, chosen


def report(rows: list[dict[str, Any]], folds: int) -> str:
    kinds = [ALL, *sorted({row["kind"] for row in rows}, key=lambda k: KINDS.index(k) if k in KINDS else 99)]
    counts = Counter(row["kind"] for row in rows)
    lines = [" | ".join(["", *(f"{k} ({counts[k] if k != ALL else len(rows)})" for k in kinds)]) + " |"]
    lines.append("|---" * (len(kinds) + 1) + "|")

    def line(name: str, table: dict[str, float]) -> None:
        lines.append(f"| {name} | " + " | ".join(f"{table.get(k, 0.0):.3f}" for k in kinds) + " |")

    line("default, article rule (no profile)", by_kind(rows, lambda r: r["scores"]["article"]))
    line("default, gold kind", by_kind(rows, lambda r: r["scores"][r["kind"]] if r["kind"] in KINDS else
                                       r["scores"]["article"]))
    line(f"default, judged kind (p >= {MIN_KIND_PROBABILITY})",
         by_kind(rows, lambda r: r["scores"][shipped_choice(MIN_KIND_PROBABILITY)(r)]))
    cv, chosen = cross_validated(rows, folds)
    line(f"default, judged kind, threshold by {folds}-fold by-domain CV", cv)
    if all("confidence" in row for row in rows):
        line("default, judged kind or article rule, the more confident", by_kind(rows, confident_choice))
    for peer in sorted({name for row in rows for name in row["peers"]}):
        line(peer, by_kind(rows, lambda r, p=peer: r["peers"][p]))
    accuracy = sum(row["kind"] == row["judged"] for row in rows) / max(1, len(rows))
    empty = [row["id"] for row in rows if not row["gold_empty"]
             and row["empty"][shipped_choice(MIN_KIND_PROBABILITY)(row)]]
    lines += ["", f"thresholds chosen by the folds: {chosen}; judgement accuracy {accuracy:.3f}; "
              f"pages with gold text answered empty (judged kind): {len(empty)} {empty}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", required=True, type=Path)
    parser.add_argument("--peers", default="", help="comma-separated peer libraries (e.g. trafilatura)")
    parser.add_argument("--cache", type=Path, help="per-page runs: read when present, else written")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)
    if args.cache and args.cache.exists():
        rows = json.loads(args.cache.read_text(encoding="utf-8"))
    else:
        rows = run_pages(args.dataset, [p for p in args.peers.split(",") if p], args.limit)
        if args.cache:
            try:
                args.cache.write_text(json.dumps(rows), encoding="utf-8")
            except OSError as error:
                print(f"cannot write {args.cache}: {error}", file=sys.stderr)
                return 1
    print(report(rows, args.folds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
