"""Where the line-hash template extractor keeps its samples and templates (seed 001's 样本库 and 模板库).

Both are keyed by URL pattern (``urlpattern``), as the seed suggests, so a page is compared only with
pages of its own kind. ``SqliteTemplateStore`` is one SQLite file in WAL mode with a busy timeout, so
several crawler processes can learn into the same file at once; ``MemoryTemplateStore`` has the same
interface for tests and one-off runs. ``transaction()`` makes a compare-then-write sequence atomic.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from crawler.extractors.templates.lines import HASH_BYTES
from crawler.setting_names import environment_value

if TYPE_CHECKING:
    import sqlite3

# The seed keeps every unmatched page in its sample store; a crawl would grow it without bound, so each
# pattern keeps only its newest samples. Design choice: a pattern whose last 20 pages matched no other
# page has no template to find.
MAX_SAMPLES_PER_PATTERN = 20
# Templates per pattern (one per layout variant, e.g. a section with its own sidebar); oldest dropped.
MAX_TEMPLATES_PER_PATTERN = 8
ENV_STORE_PATH = "EXTRACTION_TEMPLATE_STORE"  # the Scrapy setting's name too; CRAWLER_TEMPLATE_STORE before

LineHashes = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sample:
    """One page's line hashes in document order, waiting for a second page to match it."""

    id: int
    pattern: str
    hashes: LineHashes
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Template:
    """Head hashes (forward), tail hashes (reversed, last line first) and the lines both pages shared."""

    pattern: str
    head: LineHashes
    tail: LineHashes
    shared: frozenset[int] = field(default_factory=frozenset)
    id: int | None = None
    urls: tuple[str, ...] = ()


def pack_hashes(hashes: Sequence[int]) -> bytes:
    return b"".join(h.to_bytes(HASH_BYTES, "big") for h in hashes)


def unpack_hashes(blob: bytes | None) -> LineHashes:
    if not blob:
        return ()
    return tuple(int.from_bytes(blob[i : i + HASH_BYTES], "big") for i in range(0, len(blob), HASH_BYTES))


class TemplateStore(Protocol):
    def samples(self, pattern: str) -> list[Sample]: ...

    def add_sample(self, pattern: str, hashes: Sequence[int], url: str | None = None) -> int: ...

    def templates(self, pattern: str) -> list[Template]: ...

    def add_template(self, template: Template) -> int: ...

    def has_template(self, pattern: str) -> bool: ...

    def patterns(self) -> list[str]: ...

    def transaction(self) -> AbstractContextManager[object]: ...  # (what it enters is not used)

    def close(self) -> None: ...


class MemoryTemplateStore:
    """Samples and templates in dictionaries, for tests and a process's default store."""

    def __init__(self, max_samples: int = MAX_SAMPLES_PER_PATTERN,
                 max_templates: int = MAX_TEMPLATES_PER_PATTERN) -> None:
        self.max_samples = max_samples
        self.max_templates = max_templates
        self._samples: dict[str, list[Sample]] = {}
        self._templates: dict[str, list[Template]] = {}
        self._next_id = 1
        self._lock = threading.RLock()

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id - 1

    def samples(self, pattern: str) -> list[Sample]:
        with self._lock:
            return list(self._samples.get(pattern, ()))

    def add_sample(self, pattern: str, hashes: Sequence[int], url: str | None = None) -> int:
        with self._lock:
            sample = Sample(self._new_id(), pattern, tuple(hashes), url)
            kept = [*self._samples.get(pattern, []), sample]
            self._samples[pattern] = kept[-self.max_samples :]
            return sample.id

    def templates(self, pattern: str) -> list[Template]:
        with self._lock:
            return list(self._templates.get(pattern, ()))

    def add_template(self, template: Template) -> int:
        with self._lock:
            stored = Template(template.pattern, template.head, template.tail, template.shared,
                              self._new_id(), template.urls)
            kept = [*self._templates.get(template.pattern, []), stored]
            self._templates[template.pattern] = kept[-self.max_templates :]
            return stored.id or 0

    def has_template(self, pattern: str) -> bool:
        with self._lock:
            return bool(self._templates.get(pattern))

    def holds_templates(self) -> bool:
        """Whether any pattern has a template: an empty store needs no page's pattern derived to answer."""
        with self._lock:
            return bool(self._templates)

    def patterns(self) -> list[str]:
        with self._lock:
            return sorted(self._samples.keys() | self._templates.keys())

    def transaction(self) -> AbstractContextManager[object]:
        # The lock itself, entered and left in C: a generator-based context manager around it (made, entered and
        # left once a page) would cost more than the learning step's work.
        return self._lock

    def close(self) -> None:
        return None


SCHEMA = """
CREATE TABLE IF NOT EXISTS samples (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pattern TEXT NOT NULL,
    hashes BLOB NOT NULL,
    url TEXT,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS samples_by_pattern ON samples (pattern, id);
CREATE TABLE IF NOT EXISTS templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pattern TEXT NOT NULL,
    head BLOB NOT NULL,
    tail BLOB NOT NULL,
    shared BLOB NOT NULL,
    urls TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS templates_by_pattern ON templates (pattern, id);
"""
URL_SEPARATOR = "\n"


class FrozenTemplateStore(MemoryTemplateStore):
    """Templates learned elsewhere, read only: pages extracted with it teach nothing, so every page of a job
    gets the same templates whatever order the pages come in (a Spark job's executors)."""

    def __init__(self, templates: Sequence[Template] = ()) -> None:
        super().__init__()
        for template in templates:
            super().add_template(template)

    def add_sample(self, pattern: str, hashes: Sequence[int], url: str | None = None) -> int:
        return 0

    def add_template(self, template: Template) -> int:
        return 0


class SqliteTemplateStore:
    """One SQLite file shared by every process of a crawl.

    Writes take SQLite's write lock up front (``BEGIN IMMEDIATE``) so a compare-then-write sequence in
    ``transaction()`` cannot interleave with another process's; readers never block in WAL mode. A
    forked child opens its own connection (an SQLite connection must not cross ``fork``).
    """

    def __init__(self, path: str | os.PathLike[str], max_samples: int = MAX_SAMPLES_PER_PATTERN,
                 max_templates: int = MAX_TEMPLATES_PER_PATTERN) -> None:
        self.path = Path(path)
        self.max_samples = max_samples
        self.max_templates = max_templates
        self._lock = threading.RLock()
        from crawler import sqlite  # here: the database module's megabytes only in a process that keeps a store

        self._transactions = sqlite.WriteTransactions()
        self._connection: sqlite3.Connection | None = None
        self._pid = -1
        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)

    @property
    def _db(self) -> sqlite3.Connection:
        if self._connection is None or self._pid != os.getpid():
            from crawler import sqlite

            self._connection = sqlite.connect(self.path)  # a new one after fork: connections are per process
            self._pid = os.getpid()
            self._transactions = sqlite.WriteTransactions()
        return self._connection

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Nested calls join the outermost transaction; it commits when that one ends without error."""
        with self._lock:
            db = self._db
            with self._transactions(db):
                yield

    def samples(self, pattern: str) -> list[Sample]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, hashes, url FROM samples WHERE pattern = ? ORDER BY id", (pattern,)
            ).fetchall()
        return [Sample(row[0], pattern, unpack_hashes(row[1]), row[2]) for row in rows]

    def add_sample(self, pattern: str, hashes: Sequence[int], url: str | None = None) -> int:
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO samples (pattern, hashes, url, created) VALUES (?, ?, ?, ?)",
                (pattern, pack_hashes(hashes), url, time.time()),
            )
            self._db.execute(
                "DELETE FROM samples WHERE pattern = ? AND id NOT IN "
                "(SELECT id FROM samples WHERE pattern = ? ORDER BY id DESC LIMIT ?)",
                (pattern, pattern, self.max_samples),
            )
            return int(cursor.lastrowid or 0)

    def templates(self, pattern: str) -> list[Template]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, head, tail, shared, urls FROM templates WHERE pattern = ? ORDER BY id", (pattern,)
            ).fetchall()
        return [
            Template(pattern, unpack_hashes(head), unpack_hashes(tail), frozenset(unpack_hashes(shared)),
                     row_id, tuple(u for u in urls.split(URL_SEPARATOR) if u))
            for row_id, head, tail, shared, urls in rows
        ]

    def add_template(self, template: Template) -> int:
        with self.transaction():
            cursor = self._db.execute(
                "INSERT INTO templates (pattern, head, tail, shared, urls, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (template.pattern, pack_hashes(template.head), pack_hashes(template.tail),
                 pack_hashes(sorted(template.shared)), URL_SEPARATOR.join(template.urls), time.time()),
            )
            self._db.execute(
                "DELETE FROM templates WHERE pattern = ? AND id NOT IN "
                "(SELECT id FROM templates WHERE pattern = ? ORDER BY id DESC LIMIT ?)",
                (template.pattern, template.pattern, self.max_templates),
            )
            return int(cursor.lastrowid or 0)

    def has_template(self, pattern: str) -> bool:
        with self._lock:
            row = self._db.execute("SELECT 1 FROM templates WHERE pattern = ? LIMIT 1", (pattern,)).fetchone()
        return row is not None

    def patterns(self) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT pattern FROM samples UNION SELECT pattern FROM templates ORDER BY 1"
            ).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        with self._lock:
            if self._connection is not None and self._pid == os.getpid():
                self._connection.close()
            self._connection = None


_PROCESS_STORE: MemoryTemplateStore | None = None
_PROCESS_STORE_LOCK = threading.Lock()


def default_store() -> TemplateStore:
    """The SQLite file named by $EXTRACTION_TEMPLATE_STORE, else one in-memory store for the whole process."""
    global _PROCESS_STORE
    path = environment_value(ENV_STORE_PATH)
    if path:
        return SqliteTemplateStore(path)
    with _PROCESS_STORE_LOCK:
        if _PROCESS_STORE is None:
            _PROCESS_STORE = MemoryTemplateStore()
        return _PROCESS_STORE


__all__ = [
    "MAX_SAMPLES_PER_PATTERN",
    "MAX_TEMPLATES_PER_PATTERN",
    "FrozenTemplateStore",
    "MemoryTemplateStore",
    "Sample",
    "SqliteTemplateStore",
    "Template",
    "TemplateStore",
    "default_store",
    "pack_hashes",
    "unpack_hashes",
]
