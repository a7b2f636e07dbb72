"""Learned site templates in Redis, shared by crawl processes on several machines, and the store by address.

* ``RedisTemplateStore``: the ``TemplateStore`` protocol (``crawler.extractors.templates.store``) in Redis, so every
  process learns into and applies one template store; ``transaction()`` is a Redis lock, which keeps the
  compare-then-write of learning atomic across machines as SQLite's write lock does on one.
* ``open_template_store``: ``redis://...`` gives a ``RedisTemplateStore``, a path the SQLite store, so a setting
  such as ``EXTRACTION_TEMPLATE_STORE=redis://host:6379/0`` selects it.

No Scrapy here; the redis package is imported only when a Redis store is opened.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from crawler.extractors.templates.store import (
    MAX_SAMPLES_PER_PATTERN,
    MAX_TEMPLATES_PER_PATTERN,
    Sample,
    SqliteTemplateStore,
    Template,
    TemplateStore,
    pack_hashes,
    unpack_hashes,
)

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_KEY_PREFIX = "newscrawler:templates"
# The learning lock is held for one compare-then-write (milliseconds); a holder that died frees it after
# this long (Redis key expiry), and a waiter gives up after LOCK_WAIT_SECONDS with an error rather than hang.
LOCK_TIMEOUT_SECONDS = 30
LOCK_WAIT_SECONDS = 60
def is_redis_url(spec: str | None) -> bool:
    return bool(spec) and str(spec).startswith(REDIS_SCHEMES)


def _redis_client(url: str) -> Any:
    """A redis-py client for ``url``; a clear error when the package is missing."""
    try:
        import redis
    except ImportError as error:  # pragma: no cover - redis is a dependency
        raise RuntimeError("a redis:// store needs the 'redis' package: pip install redis") from error
    return redis.Redis.from_url(url)


class RedisTemplateStore:
    """The ``TemplateStore`` protocol in Redis, for crawl processes on several machines.

    Keys under ``prefix``: ``samples:<pattern>`` and ``templates:<pattern>`` (lists of JSON records, newest
    last, trimmed to the same caps as the SQLite store), ``patterns`` (a set), ``next_id`` (a counter for
    record ids) and ``lock`` (the learning lock). A forked child opens its own connection, as the SQLite
    store does, since a socket must not be shared across ``fork``.
    """

    def __init__(self, url: str = DEFAULT_REDIS_URL, prefix: str = DEFAULT_KEY_PREFIX,
                 max_samples: int = MAX_SAMPLES_PER_PATTERN,
                 max_templates: int = MAX_TEMPLATES_PER_PATTERN) -> None:
        self.url = url
        self.prefix = prefix
        self.max_samples = max_samples
        self.max_templates = max_templates
        self._lock = threading.RLock()
        self._depth = 0
        self._client: Any = None
        self._pid = -1
        self._redis_lock: Any = None
        self._db.ping()  # fail at start, with the URL in the message, not on the first page

    @property
    def _db(self) -> Any:
        if self._client is None or self._pid != os.getpid():
            try:
                self._client = _redis_client(self.url)
            except ValueError as error:
                raise ValueError(f"bad Redis URL {self.url!r}: {error}") from error
            self._pid = os.getpid()
            self._depth = 0
            self._redis_lock = None
        return self._client

    def _key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Nested calls join the outermost one, which holds the store's Redis lock for its duration."""
        with self._lock:
            outermost = self._depth == 0
            if outermost:
                self._redis_lock = self._db.lock(self._key("lock"), timeout=LOCK_TIMEOUT_SECONDS,
                                                 blocking_timeout=LOCK_WAIT_SECONDS, thread_local=False)
                if not self._redis_lock.acquire():
                    raise TimeoutError(f"template store lock {self._key('lock')} not free after "
                                       f"{LOCK_WAIT_SECONDS} s")
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if outermost:
                    lock, self._redis_lock = self._redis_lock, None
                    # Expired while held (LockNotOwnedError): the writes are done, the next holder goes on.
                    with suppress(Exception):
                        lock.release()

    def _append(self, kind: str, pattern: str, record: dict[str, Any], keep: int) -> int:
        record_id = int(self._db.incr(self._key("next_id")))
        key = self._key(kind, pattern)
        pipe = self._db.pipeline(transaction=True)
        pipe.rpush(key, json.dumps({**record, "id": record_id}))
        pipe.ltrim(key, -keep, -1)
        pipe.sadd(self._key("patterns"), pattern)
        pipe.execute()
        return record_id

    def _records(self, kind: str, pattern: str) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in self._db.lrange(self._key(kind, pattern), 0, -1)]

    def samples(self, pattern: str) -> list[Sample]:
        with self._lock:
            records = self._records("samples", pattern)
        return [Sample(r["id"], pattern, unpack_hashes(bytes.fromhex(r["hashes"])), r.get("url"))
                for r in records]

    def add_sample(self, pattern: str, hashes: Sequence[int], url: str | None = None) -> int:
        with self.transaction():
            return self._append("samples", pattern, {"hashes": pack_hashes(hashes).hex(), "url": url},
                                self.max_samples)

    def templates(self, pattern: str) -> list[Template]:
        with self._lock:
            records = self._records("templates", pattern)
        return [
            Template(pattern, unpack_hashes(bytes.fromhex(r["head"])), unpack_hashes(bytes.fromhex(r["tail"])),
                     frozenset(unpack_hashes(bytes.fromhex(r["shared"]))), r["id"], tuple(r.get("urls") or ()))
            for r in records
        ]

    def add_template(self, template: Template) -> int:
        record = {"head": pack_hashes(template.head).hex(), "tail": pack_hashes(template.tail).hex(),
                  "shared": pack_hashes(sorted(template.shared)).hex(), "urls": list(template.urls)}
        with self.transaction():
            return self._append("templates", template.pattern, record, self.max_templates)

    def has_template(self, pattern: str) -> bool:
        with self._lock:
            return bool(self._db.exists(self._key("templates", pattern)))

    def patterns(self) -> list[str]:
        with self._lock:
            return sorted(p.decode() if isinstance(p, bytes) else p
                          for p in self._db.smembers(self._key("patterns")))

    def close(self) -> None:
        with self._lock:
            if self._client is not None and self._pid == os.getpid():
                self._client.close()
            self._client = None


def open_template_store(spec: str | os.PathLike[str], prefix: str = DEFAULT_KEY_PREFIX) -> TemplateStore:
    """``redis://host:port/db`` (or ``rediss://``, ``unix://``): the shared Redis store with ``prefix``; else
    the SQLite file at that path (the crawl pipeline's choice, EXTRACTION_TEMPLATE_STORE)."""
    text = os.fspath(spec)
    if is_redis_url(text):
        return RedisTemplateStore(text, prefix=prefix)
    return SqliteTemplateStore(text)


__all__ = ["DEFAULT_KEY_PREFIX", "DEFAULT_REDIS_URL", "REDIS_SCHEMES", "RedisTemplateStore", "is_redis_url",
           "open_template_store"]
