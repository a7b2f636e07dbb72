"""Scores of the metadata extraction on a data set with expected metadata (the readability layout).

Per field, the share of pages right among the pages where the expected value is given:

- title: equal after whitespace normalisation;
- author: every name of the expected byline found among the extracted authors (names compared by their
  words, case-folded; CJK names by containment);
- language: same primary subtag (``en-US`` = ``en``);
- published, modified: same calendar day, in UTC when both sides give a zone, else as written;
- editors: the same people; origin (the credited outlet): equal.

Besides readability's keys, a page's ``expected-metadata.json`` may give ``authors`` (the list of people:
then the author field is right only when exactly these people are found, outlets and roles left out),
``modified``, ``editors``, ``origin`` and ``crawledAt`` (the crawl time relative and year-less dates count
from); ``tests/data/metadata-world`` is such a set. A peer (trafilatura) is scored on the same pages in the
same run.

A ``ground-truth.json`` set (wcxb's layout) gives ``title``, ``author`` (one string) and ``publish_date``: there the
author is right when a returned name and the gold contain one another after lower-casing and keeping only word
characters, a date when its Y-M-D as written is the gold's, and a title when it holds the gold's after the same
folding. A gold set of people in that layout
(``tests/data/zh-metadata``) gives ``authors`` and ``editors`` (lists, exactly), ``date`` and a ``class``: its
report is also given by class. Every field counts the wrong non-empty answers apart from the empty ones.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from crawler.extractors.document.parse import parse_html
from crawler.extractors.document.text import CJK_RE, WHITESPACE_RE
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.dates import parse_structured_date

from .datasets import Page

FIELDS = ("title", "author", "language", "published", "modified", "editors", "origin")
OURS = "default"
PEER_PREFIX = "peer:"

# What a byline carries besides names: a leading "By", roles, dates and counts after the names.
BYLINE_PREFIX_RE = re.compile(r"^\s*(?:written\s+by|by|par|von|por)\b[\s:]*", re.I)
BYLINE_CUT_RE = re.compile(r"[\n(|\d].*$", re.S)
NAME_SEPARATOR_RE = re.compile(r"\s*(?:,|&|\band\b|\bet\b|;)\s*", re.I)
MONTH_WORDS = frozenset("january february march april may june july august september october november december "
                        "last updated published".split())
WORD_RE = re.compile(r"[^\W\d_]+")


@dataclass
class Guess:
    """What one system says about one page, in the scored fields."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    language: str | None = None
    published: str | None = None
    modified: str | None = None
    editors: list[str] = field(default_factory=list)
    origin: str | None = None


@dataclass
class FieldScore:
    right: int = 0
    expected: int = 0
    wrong: int = 0  # answers given and wrong (a wrong name is worse than none)
    misses: list[str] = field(default_factory=list)

    @property
    def wrong_share(self) -> float:
        return self.wrong / self.expected if self.expected else 0.0

    @property
    def share(self) -> float:
        return self.right / self.expected if self.expected else 0.0


def _normal(text: str | None) -> str:
    return WHITESPACE_RE.sub(" ", text or "").strip()


def expected_names(byline: str | None) -> list[str]:
    """The personal names in an expected byline; none when it holds only a date or a role."""
    text = BYLINE_PREFIX_RE.sub("", (byline or "").strip())
    text = _normal(BYLINE_CUT_RE.sub("", text))
    names = []
    for part in NAME_SEPARATOR_RE.split(text):
        words = [w for w in WORD_RE.findall(part) if w.casefold() not in MONTH_WORDS]
        if words:
            names.append(" ".join(words) if not CJK_RE.search(part) else part.strip())
    return names


def author_right(byline: str | None, authors: Sequence[str]) -> bool:
    found = " ".join(authors).casefold()
    found_words = set(WORD_RE.findall(found))
    for name in expected_names(byline):
        if CJK_RE.search(name):
            if name.casefold() not in found:
                return False
        elif not all(word.casefold() in found_words for word in WORD_RE.findall(name)):
            return False
    return bool(authors)


def _day(value: str) -> tuple[object, bool] | None:
    parsed = parse_structured_date(value)
    if parsed is None:
        return None
    moment = parsed.moment
    if moment.tzinfo is not None:
        return moment.astimezone(timezone.utc).date(), True
    return moment.date(), False


def published_right(expected: str, guessed: str | None) -> bool:
    if not guessed:
        return False
    want, got = _day(expected), _day(guessed)
    if want is None or got is None:
        return False
    if want[1] and got[1]:
        return want[0] == got[0]
    # One side has no zone: the day as written on each side.
    return expected[:10] == guessed[:10] or want[0] == got[0]


@dataclass(frozen=True)
class Contained:
    """A gold byline matched by containment (wcxb's rule): one returned name and the gold hold one another."""

    byline: str


@dataclass(frozen=True)
class HeldTitle:
    """A gold title matched as wcxb's: held in the returned title after lower-casing and keeping only word characters
    (a site's name after the headline is no miss)."""

    title: str


@dataclass(frozen=True)
class WrittenDay:
    """A gold day matched on the Y-M-D the guess writes (its zone kept as written)."""

    day: str


FOLD_RE = re.compile(r"\W+|_")


def _fold(text: str) -> str:
    return FOLD_RE.sub("", text.casefold())


def contained_right(byline: str, authors: Sequence[str]) -> bool:
    gold = _fold(byline)
    return bool(gold) and any((name := _fold(a)) and (name in gold or gold in name) for a in authors)


def written_day_right(day: str, guessed: str | None) -> bool:
    if not guessed:
        return False
    parsed = parse_structured_date(guessed)
    return parsed is not None and parsed.moment.date().isoformat() == day.strip()[:10]


def language_right(expected: str, guessed: str | None) -> bool:
    return bool(guessed) and expected.split("-")[0].split("_")[0].lower() == guessed.split("-")[0].split("_")[0].lower()


def people_right(expected: Sequence[str], found: Sequence[str]) -> bool:
    """Exactly the expected people (order aside, case and spacing folded): no outlet or role among them."""
    def fold(names: Sequence[str]) -> list[str]:
        return sorted(_normal(name).casefold() for name in names)

    return fold(expected) == fold(found)


def expected_fields(page: Page) -> dict[str, Any]:
    """The fields this page can be scored on."""
    meta = page.metadata or {}
    wanted: dict[str, Any] = {}
    wcxb_style = "publish_date" in meta or isinstance(meta.get("author"), str)
    if _normal(meta.get("title")):
        wanted["title"] = HeldTitle(meta["title"]) if wcxb_style else meta["title"]
    if isinstance(meta.get("author"), str) and _fold(meta["author"]):
        wanted["author"] = Contained(meta["author"])
    elif isinstance(meta.get("authors"), list):
        wanted["author"] = meta["authors"]
    elif expected_names(meta.get("byline")):
        wanted["author"] = meta["byline"]
    if meta.get("lang"):
        wanted["language"] = meta["lang"]
    for key, name in (("publishedTime", "published"), ("modified", "modified"), ("origin", "origin")):
        if meta.get(key):
            wanted[name] = meta[key]
    day = meta.get("publish_date") or meta.get("date")
    if isinstance(day, str) and day.strip():
        wanted["published"] = WrittenDay(day)
    if isinstance(meta.get("editors"), list) and (meta["editors"] or "class" in meta):
        wanted["editors"] = meta["editors"]
    return wanted


def _author_check(expected: Any, guess: Guess) -> bool:
    if isinstance(expected, Contained):
        return contained_right(expected.byline, guess.authors)
    if isinstance(expected, list):
        return people_right(expected, guess.authors)
    return author_right(expected, guess.authors)


def _date_check(expected: Any, guessed: str | None) -> bool:
    if isinstance(expected, WrittenDay):
        return written_day_right(expected.day, guessed)
    return published_right(expected, guessed)


def answered(guess: Guess, field_name: str) -> bool:
    """Whether the guess gives a value for the field (a wrong one counts apart from none)."""
    value = getattr(guess, "authors" if field_name == "author" else field_name)
    return bool(value)


def score_page(wanted: dict[str, Any], guess: Guess) -> dict[str, bool]:
    checks: dict[str, Callable[[Any], bool]] = {
        "title": lambda expected: (bool(_fold(expected.title)) and _fold(expected.title) in _fold(guess.title or ""))
        if isinstance(expected, HeldTitle) else _normal(expected) == _normal(guess.title),
        "author": lambda expected: _author_check(expected, guess),
        "language": lambda expected: language_right(expected, guess.language),
        "published": lambda expected: _date_check(expected, guess.published),
        "modified": lambda expected: _date_check(expected, guess.modified),
        "editors": lambda expected: people_right(expected, guess.editors),
        "origin": lambda expected: _normal(expected) == _normal(guess.origin),
    }
    return {name: checks[name](value) for name, value in wanted.items()}


def crawl_time(page: Page) -> datetime | None:
    """The crawl time a gold page was read at (``crawledAt``), for relative and year-less dates."""
    value = (page.metadata or {}).get("crawledAt")
    return datetime.fromisoformat(value) if isinstance(value, str) else None


def ours(page: Page, now: datetime | None = None) -> Guess:
    metadata = extract_metadata(parse_html(page.html, page.url), now or crawl_time(page))
    return Guess(metadata.title, metadata.authors, metadata.language, metadata.published, metadata.modified,
                 metadata.editors, metadata.origin)


def _trafilatura() -> Callable[[Page], Guess]:
    from trafilatura.metadata import extract_metadata as trafilatura_metadata

    def run(page: Page) -> Guess:
        html = parse_html(page.html).root
        if html is None:
            return Guess()
        document = trafilatura_metadata(page.html.decode("utf-8", "replace"), default_url=page.url)
        if document is None:
            return Guess()
        authors = [a.strip() for a in (document.author or "").split(";") if a.strip()]
        return Guess(document.title, authors, getattr(document, "language", None), document.date)

    return run


PEER_LOADERS: dict[str, Callable[[], Callable[[Page], Guess]]] = {"trafilatura": _trafilatura}


def _systems(peers: Sequence[str]) -> dict[str, Callable[[Page], Guess]]:
    systems: dict[str, Callable[[Page], Guess]] = {OURS: ours}
    for name in peers:
        if name not in PEER_LOADERS:
            raise ValueError(f"no metadata wrapper for peer {name!r}; known: {', '.join(PEER_LOADERS)}")
        systems[PEER_PREFIX + name] = PEER_LOADERS[name]()
    return systems


def page_class(page: Page) -> str:
    """The class a gold set notes for the page (``class``), "-" when none."""
    value = (page.metadata or {}).get("class")
    return value if isinstance(value, str) and value else "-"


def evaluate_by_class(pages: Sequence[Page], peers: Sequence[str] = ()
                      ) -> dict[str, dict[str, dict[str, FieldScore]]]:
    """Per class of page ("all" first, then each noted class), per system, per field: the scores."""
    systems = _systems(peers)
    groups: dict[str, dict[str, dict[str, FieldScore]]] = {}

    def scores_of(group: str) -> dict[str, dict[str, FieldScore]]:
        return groups.setdefault(group, {name: {f: FieldScore() for f in FIELDS} for name in systems})

    scores_of("all")
    for page in pages:
        wanted = expected_fields(page)
        if not wanted:
            continue
        for name, system in systems.items():
            try:
                guess = system(page)
            except Exception as error:  # a peer's failure on one page is a miss, not the end of the run
                print(f"{name}: {page.id}: {type(error).__name__}: {error}", file=sys.stderr)
                guess = Guess()
            for field_name, right in score_page(wanted, guess).items():
                for group in {"all", page_class(page)}:
                    score = scores_of(group)[name][field_name]
                    score.expected += 1
                    if right:
                        score.right += 1
                    else:
                        score.misses.append(page.id)
                        score.wrong += answered(guess, field_name)
    return groups


def evaluate_metadata(pages: Sequence[Page], peers: Sequence[str] = ()) -> dict[str, dict[str, FieldScore]]:
    """Per system (ours, then each peer), per field, the pages right among those where a value is expected."""
    return evaluate_by_class(pages, peers)["all"]


__all__ = [
    "FIELDS",
    "Contained",
    "FieldScore",
    "Guess",
    "WrittenDay",
    "answered",
    "author_right",
    "contained_right",
    "crawl_time",
    "evaluate_by_class",
    "evaluate_metadata",
    "expected_fields",
    "expected_names",
    "page_class",
    "people_right",
    "published_right",
    "score_page",
    "written_day_right",
]
