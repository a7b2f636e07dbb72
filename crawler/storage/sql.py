"""The article store's logic, the same on SQLite and PostgreSQL (``backends`` gives the connection, the placeholder
style and the write lock).

Articles are keyed by canonical URL: a page crawled again updates its row, never adds one. An article already stored
under another URL (same normalised text, or a 64-bit simhash within ``near_duplicate_bits`` bits, found through
``nearduplicates``' index) is linked to the first copy through ``duplicate_of`` and its text is not stored a second
time. Each row also keeps the HTTP validators its page was served with (``etag``, ``last_modified``, schema v3), so
an incremental recrawl (``crawler.incremental``) can ask the site whether the page changed since
(``If-None-Match`` / ``If-Modified-Since``) instead of downloading it again.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..pagejob.fingerprints import content_hash, hamming_distance, simhash
from ..pagejob.row import json_default
from .errors import StoreWriteFailed, store_failure
from .nearduplicates import (
    DEFAULT_NEAR_DUPLICATE_BITS,
    MAX_NEAR_DUPLICATE_BITS,
    fingerprint_of,
    from_signed64,
    simhash_index_keys,
    to_signed64,
)
from .schema import ARTICLE_COLUMNS, COMPUTED_COLUMNS, MIGRATIONS, SCHEMA_VERSION

logger = logging.getLogger(__name__)


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


# URLs one query of ``stored_pages`` asks for: twice as many parameters, well within SQLite's limit (999 before
# 3.32) and PostgreSQL's (65,535).
MAX_URLS_A_LOOKUP = 200


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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
            # original, and an upsert would slow down as the store grows.
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
        # The record's hash is trusted (extraction computed it beside the text; recomputing it here would be a
        # large share of the storage thread's CPU); a pipeline that edits the text must
        # drop or renew ``content_hash``, as it would be stale in the feeds too.
        digest = record.get("content_hash") or content_hash(text)
        fingerprint = fingerprint_of(record, text)
        values = {name: record.get(name) for name in ARTICLE_COLUMNS}
        values.update(canonical_url=str(canonical), content_hash=digest, crawled_at=record.get("crawled_at") or _now())
        extra = {k: v for k, v in record.items()
                 if k not in ARTICLE_COLUMNS and k not in COMPUTED_COLUMNS and v not in (None, "", [], {})}
        metadata = json.dumps(extra, ensure_ascii=False, default=json_default, sort_keys=True) if extra else None
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

    def stored_pages(self, urls: Sequence[str]) -> dict[str, StoredPage]:
        """``stored_page`` of each URL in one query (the URLs not stored are left out): of the rows fetched from
        or canonical at a URL, the first stored, as ``stored_page`` picks."""
        urls = list(dict.fromkeys(urls))
        found: dict[str, StoredPage] = {}
        for start in range(0, len(urls), MAX_URLS_A_LOOKUP):
            chunk = urls[start : start + MAX_URLS_A_LOOKUP]
            marks = ", ".join("?" * len(chunk))
            with self._lock:
                rows = self._all(f"SELECT url, canonical_url, etag, last_modified, crawled_at FROM articles "
                                 f"WHERE url IN ({marks}) OR canonical_url IN ({marks}) ORDER BY id", chunk + chunk)
            wanted = set(chunk)
            for url, *page in rows:
                for key in (url, page[0]):
                    if key in wanted and key not in found:
                        found[key] = StoredPage(*page)
        return found

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

