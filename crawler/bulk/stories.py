"""One story once: across the archives of a run, the captures of one canonical URL give one row, the latest
capture's (news archives capture a story again when it is updated, and a month of archives holds it several
times).

The index is an SQLite file beside the output (``OUT.stories.sqlite``): canonical URL -> the capture date and the
ordinal (the row's number in the output) of the capture kept so far. A row whose URL was kept with a later or equal
capture is folded at once (not written); a later capture is written and the earlier row is marked superseded, to
be left out when the output is finished (``superseded``). A row whose text is a near-duplicate of a story written
under another URL (its simhash within the crawl store's bits, found by the same keys) is written with
``metadata.near_duplicate_of`` naming that story. Decisions depend only on the rows in output order, so a resumed
run that sees the same rows again makes the same ones, and a job that extracts rows in any order (Spark) makes the
same ones by deciding them at once in that order (``decide_in_order``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..storage.nearduplicates import DEFAULT_NEAR_DUPLICATE_BITS, fingerprint_of, simhash_index_keys, to_signed64

STORIES_SUFFIX = ".stories.sqlite"
FOLDED_EARLIER_CAPTURE = "folded_earlier_capture"  # a capture older than (or as old as) one already written
SUPERSEDED_BY_LATER_CAPTURE = "superseded_by_later_capture"  # written, then replaced by a later capture
LINKED_NEAR_DUPLICATE = "linked_near_duplicate"  # written, with the story it nearly repeats named


def story_key(row: Mapping[str, Any]) -> str | None:
    """The URL a story is known by: its canonical URL, else the URL it was captured at."""
    key = row.get("canonical_url") or row.get("url")
    return key if isinstance(key, str) and key else None


class StoryIndex:
    """The canonical URLs written so far; ``admit`` decides a row, ``superseded`` lists rows to leave out."""

    def __init__(self, path: Path) -> None:
        import sqlite3  # here: a run that folds stories opens the index; the command line loads without it

        self.path = path
        self.connection = sqlite3.connect(path)
        self.connection.executescript(
            "CREATE TABLE IF NOT EXISTS story (url TEXT PRIMARY KEY, captured TEXT NOT NULL, ordinal INTEGER NOT NULL);"
            "CREATE TABLE IF NOT EXISTS superseded (ordinal INTEGER PRIMARY KEY);"
            "CREATE TABLE IF NOT EXISTS simkey (key INTEGER NOT NULL, url TEXT NOT NULL, fingerprint INTEGER NOT NULL);"
            "CREATE INDEX IF NOT EXISTS simkey_by_key ON simkey (key);")

    def admit(self, row: Mapping[str, Any], ordinal: int) -> str | None:
        """None when the row is to be written as row number ``ordinal``, else the reason it is folded."""
        key = story_key(row)
        if key is None:
            return None
        captured = str(row.get("crawled_at") or "")
        found = self.connection.execute("SELECT captured, ordinal FROM story WHERE url = ?", (key,)).fetchone()
        if found is None:
            self.connection.execute("INSERT INTO story VALUES (?, ?, ?)", (key, captured, ordinal))
            return None
        kept_captured, kept_ordinal = found
        if kept_ordinal == ordinal:  # the same row, seen again by a resumed run
            return None
        if kept_ordinal > ordinal:  # a resumed run: the index is ahead of the durable output; start the key over
            self.connection.execute("UPDATE story SET captured = ?, ordinal = ? WHERE url = ?",
                                    (captured, ordinal, key))
            return None
        if captured <= kept_captured:
            return FOLDED_EARLIER_CAPTURE
        self.connection.execute("INSERT OR IGNORE INTO superseded VALUES (?)", (kept_ordinal,))
        self.connection.execute("UPDATE story SET captured = ?, ordinal = ? WHERE url = ?", (captured, ordinal, key))
        return None

    def link_near_duplicate(self, row: dict[str, Any]) -> bool:
        """Names in ``row["metadata"]["near_duplicate_of"]`` the first story under another URL whose text is within
        DEFAULT_NEAR_DUPLICATE_BITS bits of this one's, and files this row's fingerprint; True when it linked."""
        key = story_key(row)
        text = row.get("text")
        fingerprint = fingerprint_of(row, text) if key and isinstance(text, str) else None
        original = self.link_fingerprint(key, fingerprint) if key and fingerprint is not None else None
        if original is None:
            return False
        metadata = row.get("metadata")
        row["metadata"] = {**(metadata if isinstance(metadata, dict) else {}), "near_duplicate_of": original}
        return True

    def link_fingerprint(self, key: str, fingerprint: int) -> str | None:
        """The first story under another URL than ``key`` within DEFAULT_NEAR_DUPLICATE_BITS bits of
        ``fingerprint``; when there is none, the fingerprint is filed under ``key`` (once a key)."""
        keys = simhash_index_keys(fingerprint)
        marks = ",".join("?" * len(keys))
        candidates = self.connection.execute(
            f"SELECT url, fingerprint FROM simkey WHERE key IN ({marks}) AND url != ? ORDER BY rowid", (*keys, key))
        signed = to_signed64(fingerprint)
        original = next((url for url, other in candidates
                         if bin((signed ^ other) & ((1 << 64) - 1)).count("1") <= DEFAULT_NEAR_DUPLICATE_BITS), None)
        if original is None:
            already = self.connection.execute("SELECT 1 FROM simkey WHERE url = ? LIMIT 1", (key,)).fetchone()
            if already is None:
                self.connection.executemany("INSERT INTO simkey VALUES (?, ?, ?)",
                                            [(k, key, signed) for k in keys])
        return original

    def commit(self) -> None:
        self.connection.commit()

    def superseded(self) -> frozenset[int]:
        return frozenset(ordinal for (ordinal,) in self.connection.execute("SELECT ordinal FROM superseded"))

    def close(self) -> None:
        self.connection.commit()
        self.connection.close()


@dataclass(frozen=True, slots=True)
class Decisions:
    """What ``decide_in_order`` found: the rows left out and the links, by the caller's position of a row."""

    left_out: frozenset[Any]
    links: dict[Any, str]
    counts: dict[str, int]


def decide_in_order(entries: Iterable[tuple[Any, str | None, str, int | None]]) -> Decisions:
    """The decisions ``extract-batch`` makes while writing, made at once over every row with text, given as
    (position, story key, capture date, text fingerprint) in the order extract-batch would write them (the
    positions sort in that order): a job that extracts its rows in any order (Spark) folds and links them as
    extract-batch does."""
    index = StoryIndex(Path(":memory:"))
    written: dict[int, Any] = {}
    left_out: set[Any] = set()
    links: dict[Any, str] = {}
    counts: dict[str, int] = {}
    try:
        for position, key, captured, fingerprint in sorted(entries, key=lambda entry: entry[0]):
            row = {"url": key, "crawled_at": captured}
            reason = index.admit(row, len(written))
            if reason is not None:
                left_out.add(position)
                counts[reason] = counts.get(reason, 0) + 1
                continue
            written[len(written)] = position
            original = index.link_fingerprint(key, fingerprint) if key and fingerprint is not None else None
            if original is not None:
                links[position] = original
                counts[LINKED_NEAR_DUPLICATE] = counts.get(LINKED_NEAR_DUPLICATE, 0) + 1
        superseded = index.superseded()
    finally:
        index.close()
    left_out.update(written[ordinal] for ordinal in superseded)
    if superseded:
        counts[SUPERSEDED_BY_LATER_CAPTURE] = len(superseded)
    for ordinal in superseded:  # a superseded row is not written, nor its link (counted, as extract-batch does)
        links.pop(written[ordinal], None)
    return Decisions(frozenset(left_out), links, counts)


def drop_lines(path: Path, ordinals: frozenset[int]) -> int:
    """Rewrites a JSON lines file without the lines numbered ``ordinals`` (from 0), atomically; returns how many
    were left out."""
    if not ordinals:
        return 0
    temporary = path.with_name(path.name + ".tmp")
    dropped = 0
    with path.open("rb") as source, temporary.open("wb") as target:
        for number, line in enumerate(source):
            if number in ordinals:
                dropped += 1
            else:
                target.write(line)
    temporary.replace(path)
    return dropped


__all__ = ["FOLDED_EARLIER_CAPTURE", "LINKED_NEAR_DUPLICATE", "STORIES_SUFFIX", "SUPERSEDED_BY_LATER_CAPTURE",
           "Decisions", "StoryIndex", "decide_in_order", "drop_lines", "story_key"]
