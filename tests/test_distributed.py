"""The Redis side of a distributed crawl against a real ``redis-server`` started here (skipped without one):
the Redis template store keeps the TemplateStore contract and is shared between processes, and two
``scrapy crawl news`` processes share one crawl of the local sample site, every page fetched once and every
article stored once."""

from __future__ import annotations

import json
import re
import shutil
import socket
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from helpers.crawl import ROOT, checkout_env, news_crawl_command

from crawler.sample_site import SITE_ROOT

pytest.importorskip("redis")
pytest.importorskip("scrapy_redis")

from crawler.distributed import RedisTemplateStore, is_redis_url, open_template_store
from crawler.extractors import parse_html
from crawler.extractors.templates.extractor import TemplateExtractor
from crawler.extractors.templates.store import MemoryTemplateStore, SqliteTemplateStore, Template

REDIS_SERVER = shutil.which("redis-server")
REDIS_START_SECONDS = 10
# Each page answers this late, so the crawl outlasts Scrapy's 5 s idle tick, after which the process that
# found no work of its own looks at the shared queue again (20 pages one at a time: about 8 s alone).
SITE_DELAY_SECONDS = 0.4
CONTINUATION = "/tech/2024/03/16/how-the-old-mill-became-a-data-centre-2.html"
ARTICLES = sorted(
    "/" + str(p.relative_to(SITE_ROOT)) for p in SITE_ROOT.rglob("20*/**/*.html")
    if "private" not in str(p) and "/" + str(p.relative_to(SITE_ROOT)) != CONTINUATION
)

needs_redis = pytest.mark.skipif(REDIS_SERVER is None,
                                 reason="redis-server not installed (apt-get install redis-server)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    if REDIS_SERVER is None:
        pytest.skip("redis-server not installed")
    import redis

    folder = tmp_path_factory.mktemp("redis")
    port = _free_port()
    server = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
         "--appendonly", "no", "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + REDIS_START_SECONDS
    while True:
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("redis-server did not start")
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture()
def clean_redis(redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushall()
    return redis_url


def _page(path: str):
    html = (SITE_ROOT / path.lstrip("/")).read_bytes()
    return parse_html(html, f"http://news.example{path}")


# ---------------------------------------------------------------------------------------- template store


@needs_redis
def test_redis_store_keeps_the_template_store_contract(clean_redis):
    store = RedisTemplateStore(clean_redis, max_samples=2, max_templates=1)
    assert store.samples("p") == [] and store.templates("p") == [] and not store.has_template("p")
    first = store.add_sample("p", [1, 2, 2**63], "http://a/1")
    store.add_sample("p", [3], "http://a/2")
    store.add_sample("p", [4], None)
    samples = store.samples("p")
    assert [s.hashes for s in samples] == [(3,), (4,)]  # oldest dropped beyond max_samples
    assert samples[0].url == "http://a/2" and samples[1].url is None and samples[0].id > first
    template = Template("p", (1, 2), (9, 8), frozenset({5, 6}), urls=("http://a/1", "http://a/2"))
    store.add_template(template)
    store.add_template(Template("p", (7,), (8,)))
    [kept] = store.templates("p")
    assert (kept.head, kept.tail, kept.shared) == ((7,), (8,), frozenset())
    assert store.has_template("p") and store.patterns() == ["p"]
    other = RedisTemplateStore(clean_redis)  # another process's view of the same server
    assert other.templates("p") == store.templates("p")
    with store.transaction(), store.transaction():  # nested transactions join the outer one
        store.add_sample("q", [1])
    assert store.patterns() == ["p", "q"]
    store.close()
    other.close()


@needs_redis
def test_learning_is_shared_between_processes_and_matches_the_sqlite_store(clean_redis, tmp_path):
    pages = [_page(p) for p in ARTICLES if not p.startswith("/zh/")]
    assert len(pages) >= 2
    # Two extractors with their own connections, as two crawl processes have: one learns a sample,
    # the other meets the second page of the pattern and makes the template both then apply.
    first = TemplateExtractor(store=RedisTemplateStore(clean_redis))
    second = TemplateExtractor(store=RedisTemplateStore(clean_redis))
    reference = TemplateExtractor(store=SqliteTemplateStore(tmp_path / "t.sqlite"))
    learned, expected = [], []
    for index, doc in enumerate(pages):
        learned.append((first if index % 2 == 0 else second).learn(doc))
        expected.append(reference.learn(doc))
    assert learned == expected and any(learned)
    patterns = first.store.patterns()
    assert patterns == reference.store.patterns()
    assert any(second.store.has_template(p) for p in patterns)
    for pattern in patterns:
        ours = [(t.head, t.tail, t.shared) for t in first.store.templates(pattern)]
        theirs = [(t.head, t.tail, t.shared) for t in reference.store.templates(pattern)]
        assert ours == theirs
    for doc in pages:
        assert first.extract(doc).text == second.extract(doc).text == reference.extract(doc).text


@needs_redis
def test_transaction_excludes_another_process(clean_redis, monkeypatch):
    import crawler.extractors.templates.redis_store as redis_template_store

    monkeypatch.setattr(redis_template_store, "LOCK_WAIT_SECONDS", 0.2)
    holder = RedisTemplateStore(clean_redis)
    waiter = RedisTemplateStore(clean_redis)
    with holder.transaction(), pytest.raises(TimeoutError), waiter.transaction():
        pass
    with waiter.transaction():  # released when the holder's transaction ended
        waiter.add_sample("p", [1])
    assert len(holder.samples("p")) == 1


def test_store_is_chosen_by_its_address(tmp_path):
    assert is_redis_url("redis://h:6379/0") and is_redis_url("rediss://h/1") and not is_redis_url("/tmp/t.sqlite")
    assert not is_redis_url(None)
    store = open_template_store(tmp_path / "templates.sqlite")
    assert isinstance(store, SqliteTemplateStore)
    store.close()
    assert isinstance(MemoryTemplateStore(), MemoryTemplateStore)


def test_unreachable_redis_is_a_clear_error():
    import redis

    with pytest.raises(redis.ConnectionError):
        RedisTemplateStore(f"redis://127.0.0.1:{_free_port()}/0")


# ---------------------------------------------------------------------------------------- two crawl processes


def _stat(log: str, name: str) -> int:
    """A counter from the stats dump Scrapy logs at the end of a crawl (0 when absent)."""
    match = re.search(rf"'{re.escape(name)}': (\d+)", log)
    return int(match.group(1)) if match else 0


def _crawl_command(base_url: str, redis_url: str, tmp_path: Path, name: str) -> list[str]:
    return news_crawl_command(
        base_url + "/", tmp_path, "SCHEDULER=crawler.distributed.DistributedScheduler",
        f"REDIS_URL={redis_url}", "DISTRIBUTED_CRAWL_ID=test",
        # One request in flight per process: neither takes the whole frontier into its own downloader.
        "CONCURRENT_REQUESTS=1", feed=f"{name}.jsonl")


@pytest.mark.slow
@needs_redis
def test_two_crawl_processes_share_one_crawl(clean_redis, serve_sample_site, tmp_path):
    site = serve_sample_site(delay=SITE_DELAY_SECONDS)
    crawls = [
        subprocess.Popen(_crawl_command(site.base_url, clean_redis, tmp_path, name), cwd=ROOT, env=checkout_env(),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for name in ("one", "two")
    ]
    logs = [crawl.communicate(timeout=180)[1] for crawl in crawls]
    for crawl, log in zip(crawls, logs, strict=True):
        assert crawl.returncode == 0, log[-3000:]
    rows = [json.loads(line) for name in ("one", "two")
            for line in (tmp_path / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    urls = sorted(row["url"].removeprefix(site.base_url) for row in rows)
    assert urls == ARTICLES  # every article once, over both processes' feeds
    fetched_twice = {path: n for path, n in site.hits.items() if n > 1 and path != "/robots.txt"}
    assert not fetched_twice  # every page fetched once (each process reads robots.txt itself)
    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        assert db.execute("SELECT COUNT(*), COUNT(DISTINCT url) FROM articles").fetchone() == (
            len(ARTICLES), len(ARTICLES))
    dequeued = [_stat(log, "scheduler/dequeued/redis") for log in logs]
    assert sum(dequeued) >= len(ARTICLES) and all(dequeued), dequeued  # both processes fetched pages


@needs_redis
@pytest.mark.parametrize(("settings", "flush", "warned"), [
    ({}, False, False),
    ({"SCHEDULER_FLUSH_ON_START": True}, True, False),  # scrapy-redis's own name, no longer overridden
    ({"DISTRIBUTED_FLUSH_ON_START": True}, True, True),  # the old name: still read, with a warning
    ({"DISTRIBUTED_FLUSH_ON_START": True, "SCHEDULER_FLUSH_ON_START": False}, False, False),
])
def test_flush_on_start_has_scrapy_redis_name_and_the_old_one_still_works(redis_url, settings, flush, warned):
    import warnings

    from scrapy.utils.test import get_crawler

    from crawler.distributed import DistributedScheduler

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scheduler = DistributedScheduler.from_crawler(get_crawler(settings_dict={"REDIS_URL": redis_url, **settings}))
    assert scheduler.flush_on_start is flush
    deprecations = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len([message for message in deprecations if "DISTRIBUTED_FLUSH_ON_START" in message]) == int(warned)


@needs_redis
def test_crawl_pipeline_uses_the_redis_store_for_a_redis_address(redis_url):
    from crawler.distributed import RedisTemplateStore
    from crawler.pagejob import PageExtractor

    extractor = PageExtractor(redis_url)
    assert isinstance(extractor.templates.store, RedisTemplateStore)
