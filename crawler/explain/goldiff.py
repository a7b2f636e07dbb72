"""Which words of the extracted text are not in the gold text (extra) and which gold words were missed.

The same unit as the metric (shared/EVALUATION.md, ``crawler.evaluation.metric``): a word is matched when
one of the 4-word shingles it belongs to occurs in the other text, so what is highlighted is what costs
precision (extra) or recall (missed).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..evaluation.metric import METRIC_TOKEN_RE, SHINGLE_SIZE, score_page


@dataclass(frozen=True)
class Span:
    """Characters [start, end) of a text; ``matched`` False marks extra (or missed) words."""

    start: int
    end: int
    matched: bool


@dataclass
class GoldDiff:
    extracted: str
    gold: str
    extracted_spans: list[Span]  # extracted text: unmatched spans are extra
    gold_spans: list[Span]  # gold text: unmatched spans are missed
    gold_shingles: frozenset[tuple[str, ...]]
    gold_joined: str  # the gold words joined by single spaces, framed by spaces
    precision: float | None
    recall: float | None
    f1: float | None
    extra_words: int
    missed_words: int


def _shingle_set(words: list[str]) -> frozenset[tuple[str, ...]]:
    if len(words) < SHINGLE_SIZE:
        return frozenset([tuple(words)]) if words else frozenset()
    return frozenset(tuple(words[i : i + SHINGLE_SIZE]) for i in range(len(words) - SHINGLE_SIZE + 1))


def matched_words(words: list[str], other: frozenset[tuple[str, ...]]) -> list[bool]:
    """Per word: does one of the shingles it belongs to occur in ``other``?"""
    count = len(words)
    if count < SHINGLE_SIZE:
        hit = tuple(words) in other
        return [hit] * count
    starts = [tuple(words[i : i + SHINGLE_SIZE]) in other for i in range(count - SHINGLE_SIZE + 1)]
    matched = [False] * count
    for i, hit in enumerate(starts):
        if hit:
            for j in range(i, i + SHINGLE_SIZE):
                matched[j] = True
    return matched


def _spans(text: str, other: frozenset[tuple[str, ...]]) -> tuple[list[Span], int]:
    """Runs of matched and unmatched words (white space between two words of a run belongs to it)."""
    found = list(METRIC_TOKEN_RE.finditer(text))
    flags = matched_words([m.group() for m in found], other)
    spans: list[Span] = []
    for match, flag in zip(found, flags, strict=True):
        if spans and spans[-1].matched == flag:
            spans[-1] = Span(spans[-1].start, match.end(), flag)
        else:
            spans.append(Span(match.start(), match.end(), flag))
    return spans, flags.count(False)


def diff_texts(extracted: str, gold: str) -> GoldDiff:
    extracted_words = [m.group() for m in METRIC_TOKEN_RE.finditer(extracted)]
    gold_words = [m.group() for m in METRIC_TOKEN_RE.finditer(gold)]
    gold_set = _shingle_set(gold_words)
    extracted_spans, extra = _spans(extracted, gold_set)
    gold_spans, missed = _spans(gold, _shingle_set(extracted_words))
    score = score_page(gold, extracted)
    precision, recall = score.precision, score.recall
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else (
        0.0 if precision is not None or recall is not None else None)
    return GoldDiff(extracted, gold, extracted_spans, gold_spans, gold_set, f" {' '.join(gold_words)} ",
                    precision, recall, f1, extra, missed)


def block_gold_share(text: str, gold_shingles: frozenset[tuple[str, ...]], gold_joined: str) -> float:
    """Share of a block's words that belong to the gold text (0.0 for a block without words)."""
    words = [m.group() for m in METRIC_TOKEN_RE.finditer(text)]
    if not words:
        return 0.0
    if len(words) < SHINGLE_SIZE:
        return 1.0 if f" {' '.join(words)} " in gold_joined else 0.0
    flags = matched_words(words, gold_shingles)
    return flags.count(True) / len(flags)


__all__ = ["GoldDiff", "Span", "block_gold_share", "diff_texts", "matched_words"]
