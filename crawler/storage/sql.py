"""Where the crawl's articles go: one SQLite file by default, PostgreSQL when a DSN is given.

Both have the same schema, reached through numbered migrations recorded in ``schema_version``, so a
database written by an older version of the crawler is brought up to date when it is opened. Articles are
keyed by canonical URL: a page crawled again updates its row, never adds one. An article already stored
under another URL (same normalised text, or a 64-bit simhash within ``near_duplicate_bits`` bits) is
linked to the first copy through ``duplicate_of`` and its text is not stored a second time.

Near-duplicate lookup follows Manku, Jain and Das Sarma, "Detecting near-duplicates for web crawling"
(WWW 2007): 64-bit simhash fingerprints, near-duplicates within k bits (6 here, measured), found without a
full scan (their section 3.1, permuted block tables): the fingerprint is cut into blocks, two fingerprints within
k bits agree exactly on enough blocks that they share a pair of them (pigeonhole), so pairs of blocks are the
keys of the indexed table ``simhash_index`` and the originals sharing a key are checked bit by bit.

Each row also keeps the HTTP validators its page was served with (``etag``, ``last_modified``, schema v3), so
an incremental recrawl (``crawler.incremental``) can ask the site whether the page changed since
(``If-None-Match`` / ``If-Modified-Since``) instead of downloading it again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import os
import re
import sqlite3
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .. import sqlite
from ..extractors.text import tokens

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 4
SIMHASH_BITS = 64
# Manku et al. 2007 use k = 3 for 64-bit fingerprints of whole web pages; our fingerprints are of the main
# text only, which is shorter, so an edit moves more bits. Measured on the 181 scrapinghub article texts
# (random words replaced): k = 3 links 80% of one-word edits and 55% of two-word edits, k = 6 links 97% and
# 90%; the closest two different articles are 16 bits apart, so 6 leaves a wide margin.
DEFAULT_NEAR_DUPLICATE_BITS = 6
# The index (schema version 4): the fingerprint is cut into 9 blocks (one of 8 bits, eight of 7) in two groups
# (blocks 0-4 and 5-8), and each pair of blocks within a group is a key: 10 + 6 = 16 keys of 14-15 bits.
# Fingerprints within 6 bits agree on at least 3 of the 9 blocks, two of which share a group (pigeonhole), so
# they share a key; an unrelated original shares one in ~16,000 keys, so a lookup reads ~0.1 % of the originals
# (seven 9-10-bit bands, schema version 2, read ~1.2 %). More keys read fewer rows but write more pages: upserts
# with synthetic fingerprints in SQLite at 10^4 / 10^5 / 10^6 stored articles took 0.42 / 2.6 / 31 ms with
# the bands, 1.08 / 1.32 / 2.8 ms with 8 blocks (28 keys), 0.57 / 0.78 / 1.64 ms with these 16 keys, 0.37 /
# 0.62 / 1.99 ms with 10 blocks in 3 groups (12 keys).
SIMHASH_BLOCKS = 9
SIMHASH_BLOCK_WIDTHS = tuple(SIMHASH_BITS // SIMHASH_BLOCKS + (1 if i < SIMHASH_BITS % SIMHASH_BLOCKS else 0)
                             for i in range(SIMHASH_BLOCKS))
SIMHASH_BLOCK_GROUPS = ((0, 1, 2, 3, 4), (5, 6, 7, 8))
SIMHASH_BLOCK_PAIRS = tuple(pair for group in SIMHASH_BLOCK_GROUPS for pair in itertools.combinations(group, 2))
# Beyond it, two near fingerprints may agree on no more blocks than there are groups, and share no key.
MAX_NEAR_DUPLICATE_BITS = SIMHASH_BLOCKS - len(SIMHASH_BLOCK_GROUPS) - 1
PAIR_KEY_BITS = 2 * max(SIMHASH_BLOCK_WIDTHS)
# Features are runs of this many tokens (Broder's w-shingles): word order counts, single common words
# do not dominate. CJK characters are tokens of their own (crawler.extractors.text.tokens).
SHINGLE_TOKENS = 3
# Below this many tokens a fingerprint is decided by a handful of shingles and unrelated short texts
# (captions, one-line notices) collide; design choice, about two sentences. Short texts link only when
# their normalised text is identical.
MIN_SIMHASH_TOKENS = 30
# Key of the PostgreSQL advisory lock that serialises writers (check-for-duplicate then insert).
POSTGRES_WRITE_LOCK = 0x6E657773  # "news"

# Columns of their own; every other field of a record goes to the JSON ``metadata`` column.
ARTICLE_COLUMNS = ("url", "canonical_url", "title", "published", "language", "text", "extractor", "template",
                   "content_hash", "crawled_at", "etag", "last_modified")
# The band columns of schema versions 2 and 3 (dropped by version 4); named for those migrations only.
V2_BAND_COLUMNS = tuple(f"band{i}" for i in range(7))
# Fields of a record that the store derives itself and keeps in columns of its own, not in ``metadata``.
COMPUTED_COLUMNS = frozenset({"simhash"})
WHITESPACE_RE = re.compile(r"\s+")


# ----------------------------------------------------------------------------------------------- simhash


def simhash(text: str, min_tokens: int = MIN_SIMHASH_TOKENS) -> int | None:
    """Charikar's 64-bit simhash of the text's token shingles; None for a text too short to fingerprint."""
    words = [t.casefold() for t in tokens(text or "")]
    if len(words) < min_tokens:
        return None
    import numpy as np

    shingles = len(words) - SHINGLE_TOKENS + 1
    # Each distinct shingle is hashed once and votes as many times as it occurs; the digests are read as
    # big-endian integers by numpy in one go (per-shingle int.from_bytes cost as much as the hashing).
    counts = Counter(" ".join(words[start : start + SHINGLE_TOKENS]) for start in range(shingles))
    digest_bytes = SIMHASH_BITS // 8
    digests = b"".join([hashlib.blake2b(feature.encode("utf-8"), digest_size=digest_bytes).digest()
                        for feature in counts])
    values = np.frombuffer(digests, dtype=">u8")
    weights = np.fromiter(counts.values(), dtype=np.int64, count=len(counts))
    # Column j of the little-endian bit matrix is bit j of every feature hash; a bit of the fingerprint is set
    # where more features have it set than not (Charikar's vote, in numpy: the per-bit Python loop cost
    # 7.5 ms an article, measured on scrapinghub texts).
    bits = np.unpackbits(values.astype("<u8").view(np.uint8).reshape(len(counts), 8), axis=1, bitorder="little")
    votes = 2 * (weights @ bits) - shingles
    return sum(1 << bit for bit in np.flatnonzero(votes > 0).tolist())


def simhash_hex(text: str) -> str | None:
    """The fingerprint as 16 hex digits, as items carry it (JSON numbers lose 64-bit precision)."""
    fingerprint = simhash(text)
    return f"{fingerprint:016x}" if fingerprint is not None else None


def _fingerprint_of(record: Mapping[str, Any], text: str | None) -> int | None:
    """The record's own ``simhash`` when it comes with the ``content_hash`` of the same extraction, else one
    computed here. Extraction workers compute it beside the text, which keeps ~2 ms an article of CPU out
    of the crawl process (measured with crawler.evaluation.crawl_bench)."""
    given = record.get("simhash")
    if text and isinstance(given, str) and record.get("content_hash"):
        try:
            return int(given, 16)
        except ValueError:
            pass
    return simhash(text) if text else None


def hamming_distance(a: int, b: int) -> int:
    return ((a ^ b) & ((1 << SIMHASH_BITS) - 1)).bit_count()


def simhash_index_keys(fingerprint: int) -> tuple[int, ...]:
    """The fingerprint's keys in ``simhash_index``: for each pair of blocks (numbered p), p << 16 | the two blocks."""
    blocks = []
    for width in SIMHASH_BLOCK_WIDTHS:
        blocks.append(fingerprint & ((1 << width) - 1))
        fingerprint >>= width
    return tuple((number << PAIR_KEY_BITS) | (blocks[i] << SIMHASH_BLOCK_WIDTHS[j]) | blocks[j]
                 for number, (i, j) in enumerate(SIMHASH_BLOCK_PAIRS))


def to_signed64(value: int) -> int:
    """SQL BIGINT is signed: fingerprints with the top bit set are stored as negative numbers."""
    return value - (1 << SIMHASH_BITS) if value >= 1 << (SIMHASH_BITS - 1) else value


def from_signed64(value: int) -> int:
    return value + (1 << SIMHASH_BITS) if value < 0 else value


def normalize_text(text: str) -> str:
    """The form that is hashed: NFKC, case-folded, white space collapsed, so re-wrapped copies hash alike."""
    return WHITESPACE_RE.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()


def content_hash(text: str) -> str | None:
    """SHA-1 hex digest of the normalised text; None for an empty text (nothing to compare)."""
    normalized = normalize_text(text or "")
    return hashlib.sha1(normalized.encode("utf-8")).hexdigest() if normalized else None


# ----------------------------------------------------------------------------------------------- schema

# Migration N takes a database at version N - 1 to version N. ``{id_pk}`` and ``{bigint}`` are the
# dialect's types. Never edit a released migration: add the next one.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE articles (
            id {id_pk},
            canonical_url TEXT NOT NULL UNIQUE,
            url TEXT,
            title TEXT,
            text TEXT,
            extractor TEXT,
            language TEXT,
            content_hash TEXT,
            crawled_at TEXT
        )""",
        "CREATE INDEX articles_by_content_hash ON articles (content_hash)",
    ),
    2: (
        "ALTER TABLE articles ADD COLUMN published TEXT",
        "ALTER TABLE articles ADD COLUMN template TEXT",
        "ALTER TABLE articles ADD COLUMN metadata TEXT",
        "ALTER TABLE articles ADD COLUMN simhash {bigint}",
        *(f"ALTER TABLE articles ADD COLUMN {band} INTEGER" for band in V2_BAND_COLUMNS),
        "ALTER TABLE articles ADD COLUMN duplicate_of {bigint} REFERENCES articles (id)",
        "ALTER TABLE articles ADD COLUMN first_seen TEXT",
        *(f"CREATE INDEX articles_by_{band} ON articles ({band})" for band in V2_BAND_COLUMNS),
        "CREATE INDEX articles_by_duplicate_of ON articles (duplicate_of)",
    ),
    3: (  # HTTP validators for conditional recrawls, looked up by the URL the crawl requests
        "ALTER TABLE articles ADD COLUMN etag TEXT",
        "ALTER TABLE articles ADD COLUMN last_modified TEXT",
        "CREATE INDEX articles_by_url ON articles (url)",
    ),
    4: (  # near-duplicate lookup by pairs of fingerprint blocks instead of bands (see SIMHASH_BLOCKS)
        # simhash is repeated here so that a lookup reads the index alone, not each candidate's article row
        # (28 keys at 10^6 stored articles: ~430 scattered article rows, 1.1 ms a lookup, measured).
        """CREATE TABLE simhash_index (
            pair_key INTEGER NOT NULL,
            article_id {bigint} NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
            simhash {bigint} NOT NULL,
            PRIMARY KEY (pair_key, article_id)
        ){without_rowid}""",
        *(f"DROP INDEX articles_by_{band}" for band in V2_BAND_COLUMNS),
        *(f"ALTER TABLE articles DROP COLUMN {band}" for band in V2_BAND_COLUMNS),
    ),
}
assert max(MIGRATIONS) == SCHEMA_VERSION


class StoreUnusable(Exception):
    """The store cannot be used at all (damaged, not a database, another program's ``articles`` table, a server
    that cannot be reached): refused when it is opened, before the crawl fetches anything. The message is one
    line a user can act on."""


class StoreWriteFailed(Exception):
    """A write failed for a reason of the store, not of the record (a damaged file, a full disk, a lost
    server): nothing more can be stored, the crawl should stop. The store itself is as the last commit left it."""


# The crawl's finish reason when the store could not be written (the crawl command exits non-zero on it).
WRITE_FAILED_FINISH_REASON = "store_write_failed"
# SQLite result codes that are the store's condition, not the record's: SQLITE_CORRUPT, SQLITE_NOTADB,
# SQLITE_FULL, SQLITE_IOERR (with its extended codes), SQLITE_CANTOPEN, SQLITE_READONLY (sqlite.org/rescode.html).
SQLITE_STORE_ERROR_CODES = frozenset({11, 26, 13, 10, 14, 8})
# How long opening a PostgreSQL store waits for the server (psycopg's connect_timeout; libpq waits for ever).
POSTGRES_CONNECT_TIMEOUT_SECONDS = 10


def store_failure(error: BaseException) -> str | None:
    """Why ``error`` means the store cannot be written at all (one line), or None when it is the record's."""
    import sqlite3

    if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.IntegrityError):
        code = getattr(error, "sqlite_errorcode", None)
        if code is None or code & 0xFF in SQLITE_STORE_ERROR_CODES:
            return f"{type(error).__name__}: {error}"
    if type(error).__module__.startswith("psycopg") and type(error).__name__ in ("OperationalError",
                                                                                    "InterfaceError"):
        return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    if isinstance(error, OSError):
        return f"{type(error).__name__}: {error}"
    return None


@dataclass(frozen=True, slots=True)
class StoredPage:
    """What a recrawl needs to know about a stored article: its key, its validators and when it was last
    seen (``crawled_at``, moved forward by every visit that found it unchanged)."""

    canonical_url: str
    etag: str | None
    last_modified: str | None
    crawled_at: str | None


@dataclass(frozen=True, slots=True)
class StoreResult:
    """What ``upsert`` did: ``inserted``, ``updated``, ``unchanged`` (same text as stored: only ``crawled_at``
    moves) or ``duplicate`` (linked to ``duplicate_of``)."""

    id: int
    action: str
    duplicate_of: int | None = None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _json_default(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


class SqlArticleStore:
    """The storage logic; subclasses give the connection, the placeholder style and the write lock."""

    id_pk = ""
    bigint = "BIGINT"
    without_rowid = ""
    placeholder = "?"

    def __init__(self, near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> None:
        if not 0 <= near_duplicate_bits <= MAX_NEAR_DUPLICATE_BITS:
            raise ValueError(f"near_duplicate_bits must be 0..{MAX_NEAR_DUPLICATE_BITS} (the block-pair lookup is "
                             f"exact only up to there), not {near_duplicate_bits}")
        self.near_duplicate_bits = near_duplicate_bits
        self._lock = threading.RLock()

    # -- dialect hooks
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    @contextmanager
    def _write(self) -> Iterator[None]:
        raise NotImplementedError
        yield

    def _table_exists(self, name: str) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # -- schema
    def _sql(self, sql: str) -> str:
        return sql.replace("?", self.placeholder) if self.placeholder != "?" else sql

    def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._execute(self._sql(sql), params).fetchone()

    def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self._execute(self._sql(sql), params).fetchall())

    def schema_version(self) -> int:
        with self._lock:
            if not self._table_exists("schema_version"):
                return 0
            row = self._one("SELECT MAX(version) FROM schema_version")
            return int(row[0] or 0)

    def migrate(self) -> int:
        """Bring the database to SCHEMA_VERSION, one migration per transaction; returns the version."""
        with self._write():
            if not self._table_exists("schema_version"):
                self._execute("CREATE TABLE schema_version (version INTEGER NOT NULL, applied_at TEXT NOT NULL)")
            current = self.schema_version()
            if current > SCHEMA_VERSION:
                raise RuntimeError(f"database schema version {current} is newer than this crawler's "
                                   f"{SCHEMA_VERSION}; upgrade the crawler")
            for version in range(current + 1, SCHEMA_VERSION + 1):
                if current:  # a store written by an older crawler: the step may take a while on a large one
                    logger.info("Article store: migrating to schema version %d", version)
                for statement in MIGRATIONS[version]:
                    self._execute(statement.format(id_pk=self.id_pk, bigint=self.bigint,
                                                   without_rowid=self.without_rowid))
                if version == 2:
                    self._backfill_fingerprints()
                if version == 4:
                    self._index_fingerprints()
                self._execute(self._sql("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)"),
                              (version, _now()))
        return self.schema_version()

    def _backfill_fingerprints(self) -> None:
        """Rows written before version 2 get their simhash, so new pages can be linked to them (version 4, which
        follows, indexes them; version 2's band columns it drops are left empty)."""
        for row_id, text in self._all("SELECT id, text FROM articles WHERE text IS NOT NULL"):
            fingerprint = simhash(text)
            if fingerprint is not None:
                self._execute(self._sql("UPDATE articles SET simhash = ? WHERE id = ?"),
                              (to_signed64(fingerprint), row_id))

    def _index_fingerprints(self) -> None:
        """Version 4: the originals' fingerprints go into ``simhash_index``."""
        for row_id, stored in self._all("SELECT id, simhash FROM articles WHERE duplicate_of IS NULL "
                                        "AND simhash IS NOT NULL"):
            self._replace_index_entry(int(row_id), None, from_signed64(int(stored)))

    def _replace_index_entry(self, article_id: int, old: int | None, new: int | None) -> None:
        """Moves an article in ``simhash_index`` from fingerprint ``old`` to ``new`` (None: not indexed). Only
        originals are indexed: a page is linked to the first copy, never to another duplicate."""
        if old == new:
            return
        if old is not None:
            keys = simhash_index_keys(old)
            self._execute(self._sql(f"DELETE FROM simhash_index WHERE article_id = ? "
                                    f"AND pair_key IN ({', '.join('?' for _ in keys)})"), (article_id, *keys))
        if new is not None:
            keys, signed = simhash_index_keys(new), to_signed64(new)
            self._execute(self._sql(f"INSERT INTO simhash_index (pair_key, article_id, simhash) VALUES "
                                    f"{', '.join('(?, ?, ?)' for _ in keys)}"),
                          [value for key in keys for value in (key, article_id, signed)])

    # -- articles
    def _find_original(self, digest: str | None, fingerprint: int | None, before_id: int | None) -> int | None:
        """The first stored article with the same text, or a fingerprint within the allowed bits."""
        limit = " AND id < ?" if before_id is not None else ""
        extra: tuple[Any, ...] = (before_id,) if before_id is not None else ()
        if digest:
            # "+duplicate_of": without the plus SQLite's planner may walk the duplicate_of index, i.e. every
            # original (an upsert took 5 ms at 1,000 stored articles, 10 ms at 10,000).
            row = self._one("SELECT id FROM articles WHERE content_hash = ? AND +duplicate_of IS NULL "
                            f"AND text IS NOT NULL{limit} ORDER BY id LIMIT 1", (digest, *extra))
            if row:
                return int(row[0])
        if fingerprint is None:
            return None
        keys = simhash_index_keys(fingerprint)
        earlier = " AND article_id < ?" if before_id is not None else ""
        rows = self._all(f"SELECT article_id, simhash FROM simhash_index WHERE pair_key IN "
                         f"({', '.join('?' for _ in keys)}){earlier} ORDER BY article_id", (*keys, *extra))
        for row_id, stored in rows:
            if hamming_distance(from_signed64(int(stored)), fingerprint) <= self.near_duplicate_bits:
                return int(row_id)
        return None

    def upsert(self, record: Mapping[str, Any]) -> StoreResult:
        """Insert or update the article keyed by its canonical URL (else its URL)."""
        canonical = record.get("canonical_url") or record.get("url")
        if not canonical:
            raise ValueError("an article needs a canonical_url or url to be stored")
        text = record.get("text") or None
        # The record's hash is trusted (extraction computed it beside the text; recomputing it here was a
        # quarter of the storage thread's CPU on the crawl benchmark); a pipeline that edits the text must
        # drop or renew ``content_hash``, as it would be stale in the feeds too.
        digest = record.get("content_hash") or content_hash(text)
        fingerprint = _fingerprint_of(record, text)
        values = {name: record.get(name) for name in ARTICLE_COLUMNS}
        values.update(canonical_url=str(canonical), content_hash=digest, crawled_at=record.get("crawled_at") or _now())
        extra = {k: v for k, v in record.items()
                 if k not in ARTICLE_COLUMNS and k not in COMPUTED_COLUMNS and v not in (None, "", [], {})}
        metadata = json.dumps(extra, ensure_ascii=False, default=_json_default, sort_keys=True) if extra else None
        compared = [name for name in ARTICLE_COLUMNS if name not in {"crawled_at", "canonical_url", "text"}]
        with self._write():
            existing = self._one(f"SELECT id, simhash, duplicate_of, metadata, {', '.join(compared)} FROM articles "
                                 "WHERE canonical_url = ?", (values["canonical_url"],))
            existing_id = int(existing[0]) if existing else None
            if existing is not None and list(existing[3:]) == [metadata, *(values[name] for name in compared)]:
                # Crawled again and nothing changed: no rewrite, only the time it was last seen.
                self._one("UPDATE articles SET crawled_at = ? WHERE id = ? RETURNING id",
                          (values["crawled_at"], existing_id))
                return StoreResult(existing_id, "unchanged")
            original = self._find_original(digest, fingerprint, existing_id)
            if original is not None:
                values["text"] = None  # kept once, on the first copy
            columns = [*ARTICLE_COLUMNS, "metadata", "simhash", "duplicate_of", "first_seen"]
            params = [*(values[name] for name in ARTICLE_COLUMNS), metadata,
                      to_signed64(fingerprint) if fingerprint is not None else None, original, _now()]
            updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in {"canonical_url", "first_seen"})
            row = self._one(
                f"INSERT INTO articles ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)}) "
                f"ON CONFLICT (canonical_url) DO UPDATE SET {updates} RETURNING id",
                params,
            )
            row_id = int(row[0])
            was_indexed = existing is not None and existing[1] is not None and existing[2] is None
            self._replace_index_entry(row_id, from_signed64(int(existing[1])) if was_indexed else None,
                                      fingerprint if original is None else None)
        if original is not None:
            return StoreResult(row_id, "duplicate", original)
        return StoreResult(row_id, "updated" if existing_id is not None else "inserted")

    def upsert_many(self, records: Sequence[Mapping[str, Any]]) -> list[StoreResult | Exception]:
        """``upsert`` of each record in one write transaction: one commit (and, in PostgreSQL, one WAL flush)
        for the batch instead of one an article. If the batch fails, each record is written again on its own,
        so a bad record fails alone; its place in the result holds the exception.
        A failure of the store itself (``store_failure``) raises StoreWriteFailed instead: no record can be
        written, the transaction is rolled back and the store stays as its last commit left it."""
        if len(records) == 1:  # a quiet crawl's usual batch: nothing to retry on its own
            return [self._upsert_or_error(records[0])]
        try:
            with self._write():
                return [self.upsert(record) for record in records]
        except Exception as error:
            why = store_failure(error)
            if why:
                raise StoreWriteFailed(why) from error
            return [self._upsert_or_error(record) for record in records]

    def _upsert_or_error(self, record: Mapping[str, Any]) -> StoreResult | Exception:
        try:
            return self.upsert(record)
        except Exception as error:  # handed to the caller of this record, not raised for the whole batch
            why = store_failure(error)
            if why:
                raise StoreWriteFailed(why) from error
            return error

    def get(self, canonical_url: str) -> dict[str, Any] | None:
        with self._lock:
            cursor = self._execute(self._sql("SELECT * FROM articles WHERE canonical_url = ?"), (canonical_url,))
            row = cursor.fetchone()
            if row is None:
                return None
            names = [d[0] for d in cursor.description]
        article = dict(zip(names, row, strict=True))
        if article.get("simhash") is not None:
            article["simhash"] = from_signed64(int(article["simhash"]))
        if article.get("metadata"):
            article["metadata"] = json.loads(article["metadata"])
        return article

    def iter_articles(self, *, originals_only: bool = True, page_size: int = 500) -> Iterator[dict[str, Any]]:
        """Every stored article in the order it was first stored (as ``get`` gives them), read ``page_size`` rows at
        a time so memory does not grow with the store; only originals (text kept) unless told otherwise."""
        where = " AND duplicate_of IS NULL" if originals_only else ""
        last = 0
        while True:
            with self._lock:
                cursor = self._execute(self._sql(f"SELECT * FROM articles WHERE id > ?{where} ORDER BY id LIMIT ?"),
                                       (last, page_size))
                rows = cursor.fetchall()
                names = [d[0] for d in cursor.description]
            if not rows:
                return
            for row in rows:
                article = dict(zip(names, row, strict=True))
                if article.get("simhash") is not None:
                    article["simhash"] = from_signed64(int(article["simhash"]))
                if article.get("metadata"):
                    article["metadata"] = json.loads(article["metadata"])
                last = int(article["id"])
                yield article

    def stored_page(self, url: str) -> StoredPage | None:
        """The stored article fetched from ``url`` or whose canonical URL it is; None when not stored."""
        with self._lock:
            row = self._one("SELECT canonical_url, etag, last_modified, crawled_at FROM articles "
                            "WHERE url = ? OR canonical_url = ? ORDER BY id LIMIT 1", (url, url))
        return StoredPage(*row) if row else None

    def mark_seen(self, canonical_url: str, seen_at: str | None = None) -> bool:
        """Record that the article was found unchanged (e.g. a 304 answer); False when it is not stored."""
        with self._write():
            row = self._one("UPDATE articles SET crawled_at = ? WHERE canonical_url = ? RETURNING id",
                            (seen_at or _now(), canonical_url))
        return row is not None

    def count(self, *, originals_only: bool = False) -> int:
        where = " WHERE duplicate_of IS NULL" if originals_only else ""
        with self._lock:
            return int(self._one(f"SELECT COUNT(*) FROM articles{where}")[0])


class SqliteArticleStore(SqlArticleStore):
    """One SQLite file in WAL mode: readers never block, writers from several processes queue."""

    id_pk = "INTEGER PRIMARY KEY AUTOINCREMENT"
    bigint = "INTEGER"
    without_rowid = " WITHOUT ROWID"  # the table is its primary key's B-tree, not a second copy beside it

    def __init__(self, path: str | os.PathLike[str], near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> None:
        super().__init__(near_duplicate_bits)
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._connection = sqlite.connect(self.path)
        except (OSError, sqlite3.DatabaseError) as error:
            raise StoreUnusable(f"article store {self.path}: cannot be opened ({error}); "
                                "move it away or restore it from a backup") from error
        try:
            self._check_usable()
            self._connection.execute("PRAGMA foreign_keys = ON")
            self._transactions = sqlite.WriteTransactions()
            self.migrate()
        except BaseException:
            self._connection.close()
            raise

    def _check_usable(self) -> None:
        """SQLite's quick check (the b-trees and their pages, without the index-to-table cross-check; linear in
        the file's size) and that an existing ``articles`` table is ours: refused with one line otherwise."""
        try:
            problems = [row[0] for row in self._connection.execute("PRAGMA quick_check(3)")]
        except sqlite3.DatabaseError as error:
            raise StoreUnusable(f"article store {self.path}: not a usable SQLite database ({error}); "
                                "move it away or restore it from a backup") from error
        if problems != ["ok"]:
            raise StoreUnusable(f"article store {self.path}: damaged (SQLite quick_check: {problems[0]}); "
                                "restore it from a backup, or move it away to start a new one")
        if self._table_exists("articles") and not self._table_exists("schema_version"):
            raise StoreUnusable(f"article store {self.path}: has an 'articles' table this crawler did not create; "
                                "give another STORAGE_SQLITE_PATH")

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._connection.execute(sql, tuple(params))

    @contextmanager
    def _write(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` takes the write lock first, so check-then-insert cannot interleave."""
        with self._lock, self._transactions(self._connection):
            yield

    def _table_exists(self, name: str) -> bool:
        row = self._connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                       (name,)).fetchone()
        return row is not None

    def close(self) -> None:
        with self._lock:
            self._connection.close()


class PostgresArticleStore(SqlArticleStore):
    """The same schema in PostgreSQL (psycopg 3); writers serialise on one advisory lock per transaction."""

    id_pk = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
    bigint = "BIGINT"
    placeholder = "%s"

    def __init__(self, dsn: str, near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> None:
        super().__init__(near_duplicate_bits)
        try:
            import psycopg
        except ImportError as error:
            raise RuntimeError("STORAGE_POSTGRES_DSN needs psycopg 3: pip install 'psycopg[binary]'") from error
        try:
            self._connection = psycopg.connect(dsn, autocommit=True, connect_timeout=POSTGRES_CONNECT_TIMEOUT_SECONDS)
        except psycopg.Error as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise StoreUnusable(f"article store STORAGE_POSTGRES_DSN: cannot connect ({first})") from error
        self._depth = 0
        try:
            if self._table_exists("articles") and not self._table_exists("schema_version"):
                raise StoreUnusable("article store STORAGE_POSTGRES_DSN: the database has an 'articles' table this "
                                    "crawler did not create; give another database or schema")
            self.migrate()
        except BaseException:
            self._connection.close()
            raise

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._connection.execute(sql, tuple(params))

    @contextmanager
    def _write(self) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            with self._connection.transaction():
                self._connection.execute("SELECT pg_advisory_xact_lock(%s)", (POSTGRES_WRITE_LOCK,))
                self._depth = 1
                try:
                    yield
                finally:
                    self._depth = 0

    def _table_exists(self, name: str) -> bool:
        row = self._connection.execute("SELECT to_regclass(%s)", (name,)).fetchone()
        return row is not None and row[0] is not None

    def close(self) -> None:
        with self._lock:
            self._connection.close()


def open_article_store(sqlite_path: str | os.PathLike[str] | None = None, postgres_dsn: str | None = None,
                       near_duplicate_bits: int = DEFAULT_NEAR_DUPLICATE_BITS) -> SqlArticleStore:
    """PostgreSQL when a DSN is given, else the SQLite file (created and migrated as needed)."""
    if postgres_dsn:
        return PostgresArticleStore(postgres_dsn, near_duplicate_bits)
    if not sqlite_path:
        raise ValueError("give a SQLite path or a PostgreSQL DSN")
    return SqliteArticleStore(sqlite_path, near_duplicate_bits)


__all__ = [
    "DEFAULT_NEAR_DUPLICATE_BITS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "WRITE_FAILED_FINISH_REASON",
    "PostgresArticleStore",
    "SqlArticleStore",
    "SqliteArticleStore",
    "StoreResult",
    "StoreUnusable",
    "StoreWriteFailed",
    "StoredPage",
    "content_hash",
    "hamming_distance",
    "normalize_text",
    "open_article_store",
    "simhash",
    "simhash_hex",
    "simhash_index_keys",
    "store_failure",
]
