"""One crawl shared by several ``scrapy crawl news`` processes, on one machine or many, through Redis.

Three parts, each for a reason:

* ``DistributedScheduler``: scrapy-redis's scheduler (frontier and duplicate filter in Redis, so a URL found
  by any process is fetched once by one of them), made safe for several processes: the queue and the
  seen-set outlive a process that finishes first (scrapy-redis would otherwise flush them under the others'
  feet), and a process that runs out of work waits while another is still busy, since that one may find
  more links (``DISTRIBUTED_IDLE_*``).
* ``RedisTemplateStore`` and ``open_template_store``: the learned site templates in Redis, so every process
  learns into and applies one template store (Scrapy-free, in ``crawler.extractors.templates.redis_store``;
  named here too for the crawl's settings and docs/distributed.md).

Use: ``scrapy crawl news -a start_urls=... -s SCHEDULER=crawler.distributed.DistributedScheduler
-s REDIS_URL=redis://host:6379/0`` in every process (``DISTRIBUTED_CRAWL_ID`` names the crawl; two crawls
with different ids share a server without seeing each other's URLs).
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from typing import Any

from crawler.extractors.templates.redis_store import (
    DEFAULT_REDIS_URL,
    RedisTemplateStore,
    is_redis_url,
    open_template_store,
)

from .setting_names import setting_name

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
    (seconds), ``DISTRIBUTED_IDLE_MAX_WAIT`` (seconds, 0 = no limit), scrapy-redis's ``SCHEDULER_FLUSH_ON_START``
    (start the crawl afresh: forget its queue and seen URLs; give it to one process only).
    The queue and seen-set are kept when a process closes (``SCHEDULER_PERSIST``), so a finished crawl id
    remembers its URLs: use a new id, or ``SCHEDULER_FLUSH_ON_START``, for a new crawl.
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
            # scrapy-redis's own name; DISTRIBUTED_FLUSH_ON_START, deprecated, is still read (crawler/setting_names.py)
            "SCHEDULER_FLUSH_ON_START": settings.getbool(setting_name(settings, "SCHEDULER_FLUSH_ON_START"), False),
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
