"""Accuracy of several extractors on one data set, side by side, in one run (shared/EVALUATION.md).

Each page is parsed once with ``parse_html`` and every one of our extractors runs on that same document:
the shared model is what makes comparing them cheap and fair. Peers get the page decoded once to ``str``.
An extractor that raises on a page scores that page as empty and the error is counted, never fatal, so
one bad page cannot hide the score of a whole data set.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from crawler.extractors import extract_document, get_extractor
from crawler.extractors.document.decoding import decode_html
from crawler.extractors.document.parse import TextDocument, parse_html

from .datasets import Page
from .metric import PageScore, aggregate, score_page
from .peers import PEER_PREFIX, PeerFunction, load_peer

# How many distinct error messages of one extractor are kept for the report; the rest are only counted.
KEPT_ERROR_MESSAGES = 3

JSON_KEYS = ("extractor", "pages", "f1", "precision", "recall", "accuracy", "seconds", "f1_std")


@dataclass
class EvaluationRow:
    """The scores of one extractor over the pages, and what it cost.

    ``seconds`` is end to end: for our extractors the shared ``parse_html`` time plus their own time,
    for peers their own time on the decoded page; so the column compares what a user would pay.
    """

    extractor: str
    pages: int
    f1: float
    f1_std: float
    precision: float
    recall: float
    accuracy: float
    seconds: float
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "extractor": self.extractor,
            "pages": self.pages,
            "f1": round(self.f1, 4),
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "accuracy": round(self.accuracy, 4),
            "seconds": round(self.seconds, 3),
            "f1_std": round(self.f1_std, 4),
        }


@dataclass
class _Tally:
    """What one extractor has accumulated so far."""

    name: str
    scores: list[PageScore] = field(default_factory=list)
    seconds: float = 0.0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    _seen: set[str] = field(default_factory=set)

    def record_error(self, page: Page, error: Exception) -> None:
        """Count every error; keep the first page of each distinct message, since one bug repeats."""
        self.errors += 1
        message = f"{type(error).__name__}: {error}"
        if len(self.error_messages) < KEPT_ERROR_MESSAGES and message not in self._seen:
            self._seen.add(message)
            self.error_messages.append(f"{message} (first on page {page.id})")

    def row(self) -> EvaluationRow:
        scores = aggregate(self.scores)
        return EvaluationRow(self.name, scores.pages, scores.f1, scores.f1_std, scores.precision,
                             scores.recall, scores.accuracy, self.seconds, self.errors,
                             list(self.error_messages))


def _timed(function: Callable[..., str], *args: object) -> tuple[str, float, Exception | None]:
    start = time.perf_counter()
    try:
        text = function(*args) or ""
    except Exception as error:  # an extractor's bug on one page must not end the run
        return "", time.perf_counter() - start, error
    return text, time.perf_counter() - start, None


def _our_text(doc: TextDocument, name: str) -> str:
    return extract_document(doc, name).text


def evaluate(
    pages: Sequence[Page],
    extractors: Sequence[str] = ("default",),
    peers: Sequence[str] = (),
    progress: Callable[[int, int], None] | None = None,
) -> list[EvaluationRow]:
    """Score every extractor and peer on the same pages; rows in the order asked for.

    Extractor names must be registered and importable, peer names known and installed: checking
    happens before the first page so that a typo costs nothing.
    """
    for name in extractors:
        get_extractor(name)
    peer_functions: dict[str, PeerFunction] = {name: load_peer(name) for name in peers}
    ours = {name: _Tally(name) for name in extractors}
    theirs = {name: _Tally(PEER_PREFIX + name.removeprefix(PEER_PREFIX)) for name in peers}
    for index, page in enumerate(pages):
        start = time.perf_counter()
        doc: TextDocument = parse_html(page.html, page.url)
        parse_seconds = time.perf_counter() - start
        for name, tally in ours.items():
            text, seconds, error = _timed(_our_text, doc, name)
            tally.seconds += parse_seconds + seconds
            if error is not None:
                tally.record_error(page, error)
            tally.scores.append(score_page(page.gold, text))
        if peer_functions:
            html_text = decode_html(page.html).text
            for name, function in peer_functions.items():
                text, seconds, error = _timed(function, html_text, page.url)
                tally = theirs[name]
                tally.seconds += seconds
                if error is not None:
                    tally.record_error(page, error)
                tally.scores.append(score_page(page.gold, text))
        if progress is not None:
            progress(index + 1, len(pages))
    return [tally.row() for tally in (*ours.values(), *theirs.values())]


def format_columns(header: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    """Aligned columns: the first (names) to the left, the numbers to the right, a rule under the header."""
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(line))
        for line in (header, *body)
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def format_table(rows: Sequence[EvaluationRow]) -> str:
    """A table for people, one row per extractor, columns aligned."""
    header = ("extractor", "pages", "F1 ±", "precision", "recall", "accuracy", "seconds", "errors")
    body = [
        (
            row.extractor,
            str(row.pages),
            f"{row.f1:.3f} ± {row.f1_std:.3f}",
            f"{row.precision:.3f}",
            f"{row.recall:.3f}",
            f"{row.accuracy:.3f}",
            f"{row.seconds:.2f}",
            str(row.errors),
        )
        for row in rows
    ]
    return format_columns(header, body)


__all__ = ["JSON_KEYS", "EvaluationRow", "evaluate", "format_columns", "format_table"]
