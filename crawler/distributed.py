"""One crawl shared by several ``scrapy crawl news`` processes, on one machine or many, through Redis.

Three parts, each for a reason:

* ``DistributedScheduler``: scrapy-redis's scheduler (frontier and duplicate filter in Redis, so a URL found
  by any process is fetched once by one of them), made safe for several processes: the queue and the
  seen-set outlive a process that finishes first (scrapy-redis would otherwise flush them under the others'
  feet), and a process that runs out of work waits while another is still busy, since that one may find
  more links (``DISTRIBUTED_IDLE_*``).
* ``RedisTemplateStore``: the learned site templates (``crawler.extractors.template_store.TemplateStore``)
  in Redis, so every process learns into and applies one template store; ``transaction()`` is a Redis lock,
  which keeps the compare-then-write of learning atomic across machines as SQLite's write lock does on one.
* ``open_template_store``: ``redis://...`` gives a ``RedisTemplateStore``, a path the SQLite store, so a
  setting such as ``EXTRACTION_TEMPLATE_STORE=redis://host:6379/0`` selects it.

Use: ``scrapy crawl news -a start_urls=... -s SCHEDULER=crawler.distributed.DistributedScheduler
-s REDIS_URL=redis://host:6379/0`` in every process (``DISTRIBUTED_CRAWL_ID`` names the crawl; two crawls
with different ids share a server without seeing each other's URLs).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from .extractors.template_store import (
    MAX_SAMPLES_PER_PATTERN,
    MAX_TEMPLATES_PER_PATTERN,
    Sample,
    Template,
    TemplateStore,
    pack_hashes,
    unpack_hashes,
)
from .extractors.template_store import open_template_store as _open_local_or_shared

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_KEY_PREFIX = "newscrawler:templates"
# The learning lock is held for one compare-then-write (milliseconds); a holder that died frees it after
# this long (Redis key expiry), and a waiter gives up after LOCK_WAIT_SECONDS with an error rather than hang.
LOCK_TIMEOUT_SECONDS = 30
LOCK_WAIT_SECONDS = 60
# The crawl's keys: "<spider>:<crawl id>:requests" etc. (scrapy-redis's "%(spider)s:requests" plus the id).
DEFAULT_CRAWL_ID = "default"
# A process out of work re-checks every engine idle tick (Scrapy's: 5 s). A peer whose last heartbeat is
# older than DISTRIBUTED_IDLE_PEER_TIMEOUT is taken for dead (killed machine), so it cannot hold the crawl
# open forever; heartbeats come with every scheduled/received request and every idle tick.
DEFAULT_IDLE_PEER_TIMEOUT_SECONDS = 60
# A process never waits longer than this for busy peers (0: as long as any peer is alive and busy).
DEFAULT_IDLE_MAX_WAIT_SECONDS = 0
# Redis's BLPOP-free scheduler pops without blocking (scrapy-redis's SCHEDULER_IDLE_BEFORE_CLOSE = 0):
# blocking the pop would block Scrapy's reactor.
BUSY, IDLE = "busy", "idle"


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
    what ``crawler.extractors.template_store.open_template_store`` opens (the crawl pipeline's choice)."""
    text = os.fspath(spec)
    if is_redis_url(text):
        return RedisTemplateStore(text, prefix=prefix)
    return _open_local_or_shared(text)


# ---------------------------------------------------------------------------------------- Scrapy side


def _scrapy_redis_scheduler() -> type:
    try:
        from scrapy_redis.scheduler import Scheduler
    except ImportError as error:  # pragma: no cover - a dependency
        raise RuntimeError("the distributed crawl needs scrapy-redis: pip install scrapy-redis") from error
    return Scheduler


class _PeerRegistry:
    """Each crawl process's state (busy/idle) and last heartbeat in one Redis hash per crawl, so a process
    out of work can tell whether another may still add URLs to the shared queue."""

    def __init__(self, server: Any, key: str, worker_id: str, peer_timeout: float) -> None:
        self.server = server
        self.key = key
        self.worker_id = worker_id
        self.peer_timeout = peer_timeout
        self._last_state: str | None = None
        self._last_beat = 0.0

    def beat(self, state: str, force: bool = False) -> None:
        now = time.time()
        # Heartbeats on every request would be a Redis round trip each; once a second is plenty.
        if force or state != self._last_state or now - self._last_beat >= 1.0:
            self.server.hset(self.key, self.worker_id, json.dumps({"state": state, "at": now}))
            self._last_state, self._last_beat = state, now

    def busy_peers(self) -> list[str]:
        now = time.time()
        busy = []
        for worker, raw in self.server.hgetall(self.key).items():
            name = worker.decode() if isinstance(worker, bytes) else worker
            if name == self.worker_id:
                continue
            entry = json.loads(raw)
            if entry["state"] == BUSY and now - entry["at"] < self.peer_timeout:
                busy.append(name)
        return busy

    def leave(self) -> None:
        self.server.hdel(self.key, self.worker_id)


class DistributedScheduler(_scrapy_redis_scheduler()):  # type: ignore[misc]
    """scrapy-redis's scheduler for several processes sharing one crawl.

    Settings (all optional): ``REDIS_URL`` (scrapy-redis's, default redis://127.0.0.1:6379/0),
    ``DISTRIBUTED_CRAWL_ID`` (keys of this crawl, default "default"), ``DISTRIBUTED_IDLE_PEER_TIMEOUT``
    (seconds), ``DISTRIBUTED_IDLE_MAX_WAIT`` (seconds, 0 = no limit), ``DISTRIBUTED_FLUSH_ON_START``
    (start the crawl afresh: forget its queue and seen URLs; give it to one process only).
    The queue and seen-set are kept when a process closes (``SCHEDULER_PERSIST``), so a finished crawl id
    remembers its URLs: use a new id, or ``DISTRIBUTED_FLUSH_ON_START``, for a new crawl.
    """

    @classmethod
    def from_crawler(cls, crawler: Any) -> DistributedScheduler:
        from scrapy import signals
        from scrapy.settings import BaseSettings

        settings = crawler.settings
        crawl_id = settings.get("DISTRIBUTED_CRAWL_ID") or DEFAULT_CRAWL_ID
        overrides = {
            "SCHEDULER_PERSIST": True,  # a process that ends first must not flush the others' frontier
            "SCHEDULER_QUEUE_KEY": f"%(spider)s:{crawl_id}:requests",
            "SCHEDULER_DUPEFILTER_KEY": f"%(spider)s:{crawl_id}:dupefilter",
            "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter",
            "SCHEDULER_FLUSH_ON_START": settings.getbool("DISTRIBUTED_FLUSH_ON_START", False),
            "SCHEDULER_IDLE_BEFORE_CLOSE": 0,
        }
        if not settings.get("REDIS_URL") and not settings.get("REDIS_HOST"):
            overrides["REDIS_URL"] = DEFAULT_REDIS_URL
        merged = BaseSettings(settings.copy_to_dict(), priority="project")  # the crawler's are frozen
        merged.setdict(overrides, priority="cmdline")
        instance = cls.from_settings(merged)
        instance.stats = crawler.stats
        instance.crawler = crawler
        instance.crawl_id = crawl_id
        worker_id = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        peer_timeout = settings.getfloat("DISTRIBUTED_IDLE_PEER_TIMEOUT", DEFAULT_IDLE_PEER_TIMEOUT_SECONDS)
        instance.max_wait = settings.getfloat("DISTRIBUTED_IDLE_MAX_WAIT", DEFAULT_IDLE_MAX_WAIT_SECONDS)
        instance.peers = None
        instance._peer_args = (worker_id, peer_timeout)
        instance._idle_since = None
        crawler.signals.connect(instance._on_idle, signal=signals.spider_idle)
        crawler.signals.connect(instance._on_activity, signal=signals.request_reached_downloader)
        crawler.signals.connect(instance._on_activity, signal=signals.response_received)
        return instance

    def open(self, spider: Any) -> Any:
        if self.df is None:  # scrapy-redis's from_spider would read the key from the spider's settings
            from scrapy_redis.dupefilter import RFPDupeFilter

            self.df = RFPDupeFilter(self.server, key=self.dupefilter_key % {"spider": spider.name},
                                    debug=spider.settings.getbool("DUPEFILTER_DEBUG"))
        result = super().open(spider)
        worker_id, peer_timeout = self._peer_args
        self.peers = _PeerRegistry(self.server, f"{spider.name}:{self.crawl_id}:workers", worker_id, peer_timeout)
        self.peers.beat(BUSY, force=True)
        return result

    def close(self, reason: str) -> Any:
        if self.peers is not None:
            self.peers.leave()
        return super().close(reason)

    def _on_activity(self, *args: Any, **kwargs: Any) -> None:
        self._idle_since = None
        if self.peers is not None:
            self.peers.beat(BUSY)

    def _on_idle(self, spider: Any) -> None:
        """Keep the process open while a live peer is busy: it may still push URLs to the shared queue."""
        from scrapy.exceptions import DontCloseSpider

        if self.peers is None:
            return
        self.peers.beat(IDLE, force=True)
        busy = self.peers.busy_peers()
        if not busy:
            return
        now = time.monotonic()
        if self._idle_since is None:
            self._idle_since = now
        if self.max_wait and now - self._idle_since > self.max_wait:
            spider.logger.info("closing after %.0f s idle although peers are busy: %s", self.max_wait, busy)
            return
        self.stats.inc_value("distributed/idle_waits", spider=spider)
        raise DontCloseSpider(f"peers still busy: {', '.join(busy)}")


__all__ = [
    "DistributedScheduler",
    "RedisTemplateStore",
    "is_redis_url",
    "open_template_store",
]
