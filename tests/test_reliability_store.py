"""Reliability of the article store: a damaged, foreign or unreachable store is refused with one line and a
non-zero exit before anything is fetched; a store that fills up during a crawl stops it cleanly, intact, and the
same command resumes once there is room again."""

from __future__ import annotations

import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from helpers.crawl import news_crawl

from crawler.sample_site import SITE_ROOT
from crawler.storage import SqliteArticleStore, StoreUnusable, StoreWriteFailed, open_article_store

ROOT = Path(__file__).resolve().parents[1]
ARTICLES = [p for p in SITE_ROOT.rglob("20*/**/*.html") if "private" not in str(p) and not p.stem.endswith("-2")]


def filled_store(path: Path, articles: int = 300) -> None:
    store = SqliteArticleStore(path)
    for number in range(articles):
        text = " ".join(f"w{number}-{i}" for i in range(300))
        store.upsert({"url": f"http://site.example/{number}", "title": f"T{number}", "text": text})
    store.close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def damage(path: Path) -> None:
    """4 KB of zeros over a page in the middle of the file: the file still opens, its b-tree is broken."""
    data = bytearray(path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle : middle + page] = bytes(page)
    path.write_bytes(bytes(data))


def test_a_damaged_store_is_refused_when_opened(tmp_path):
    path = tmp_path / "articles.sqlite"
    filled_store(path)
    damage(path)
    with pytest.raises(StoreUnusable, match="damaged"):
        SqliteArticleStore(path)


def test_a_foreign_store_and_a_non_database_are_refused(tmp_path):
    foreign = tmp_path / "foreign.sqlite"
    connection = sqlite3.connect(foreign)
    connection.execute("CREATE TABLE articles (id INTEGER, body TEXT)")
    connection.commit()
    connection.close()
    with pytest.raises(StoreUnusable, match="did not create"):
        SqliteArticleStore(foreign)
    text = tmp_path / "notes.sqlite"
    text.write_text("a text file, not a database " * 100)
    with pytest.raises(StoreUnusable, match=r"not a usable SQLite database|cannot be opened"):
        SqliteArticleStore(text)


def test_an_unreachable_postgres_is_refused_quickly():
    started = time.monotonic()
    with pytest.raises(StoreUnusable, match="cannot connect"):
        open_article_store(postgres_dsn="postgresql://crawler:secret@127.0.0.1:1/news")
    assert time.monotonic() - started < 15


@pytest.mark.parametrize(("error_class", "message", "code"), [
    (sqlite3.OperationalError, "database or disk is full", 13),  # SQLITE_FULL
    (sqlite3.DatabaseError, "database disk image is malformed", 11),  # SQLITE_CORRUPT
    (sqlite3.OperationalError, "disk I/O error", 10),  # SQLITE_IOERR
])
def test_a_store_failure_during_writes_raises_store_write_failed_and_keeps_the_store(error_class, message, code,
                                                                                    tmp_path):
    path = tmp_path / "articles.sqlite"
    store = SqliteArticleStore(path)
    store.upsert({"url": "http://site.example/kept", "text": "kept " * 50})

    def full(sql: str, params: object = ()) -> object:
        error = error_class(message)
        error.sqlite_errorcode = code
        raise error

    real = store._execute
    store._execute = full  # type: ignore[method-assign]
    with pytest.raises(StoreWriteFailed, match=message):
        store.upsert_many([{"url": f"http://site.example/{n}", "text": f"text {n} " * 50} for n in range(3)])
    store._execute = real  # type: ignore[method-assign]
    assert store.count() == 1
    store.close()


def crawl(tmp_path: Path, base_url: str, store: Path, feed: str = "feed.jsonl",
          settings: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return news_crawl(base_url + "/", tmp_path, *settings, store=store, feed=feed, check=False)


def error_lines(log: str) -> list[str]:
    return [line for line in log.splitlines() if " ERROR: " in line or line.startswith("Traceback")]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["damaged", "foreign", "postgres"])
def test_an_unusable_store_ends_the_crawl_in_one_line_before_any_fetch(kind, sample_site, tmp_path):
    store = tmp_path / "articles.sqlite"
    settings: tuple[str, ...] = ()
    if kind == "damaged":
        filled_store(store)
        damage(store)
    elif kind == "foreign":
        connection = sqlite3.connect(store)
        connection.execute("CREATE TABLE articles (id INTEGER, body TEXT)")
        connection.commit()
        connection.close()
    else:
        settings = ("STORAGE_POSTGRES_DSN=postgresql://crawler:secret@127.0.0.1:1/news",)
    done = crawl(tmp_path, sample_site.base_url, store, settings=settings)
    assert done.returncode != 0
    errors = error_lines(done.stderr)
    assert len(errors) == 1 and "article store" in errors[0], done.stderr[-3000:]
    assert "secret" not in done.stderr
    assert not sample_site.hits  # not even robots.txt


FULL_DISK_KB = 192


def mount_tmpfs(where: Path, kilobytes: int) -> bool:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(where)],
                          capture_output=True)
    return done.returncode == 0


@pytest.mark.slow
def test_a_full_disk_stops_the_crawl_cleanly_and_the_same_command_resumes(sample_site, tmp_path):
    disk = tmp_path / "disk"
    if not mount_tmpfs(disk, FULL_DISK_KB):
        pytest.skip("cannot mount a small tmpfs here (needs root); the in-process full-disk test covers the store")
    try:
        store = disk / "articles.sqlite"
        started = time.monotonic()
        done = crawl(tmp_path, sample_site.base_url, store)
        assert time.monotonic() - started < 120
        assert done.returncode == 1, done.stderr[-3000:]
        errors = error_lines(done.stderr)
        assert len(errors) == 1 and "write failed" in errors[0], errors
        assert "'finish_reason': 'store_write_failed'" in done.stderr
        connection = sqlite3.connect(store)
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = connection.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
        connection.close()
        assert stored > 0
        subprocess.run(["mount", "-o", "remount,size=64m", str(disk)], check=True)
        again = crawl(tmp_path, sample_site.base_url, store, feed="feed2.jsonl")
        assert again.returncode == 0, again.stderr[-3000:]
        connection = sqlite3.connect(store)
        total = connection.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
        connection.close()
        assert stored < total == len(ARTICLES), again.stderr[-4000:]
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


@pytest.mark.slow
def test_a_full_jobdir_disk_stops_the_crawl_instead_of_looping(sample_site, tmp_path):
    disk = tmp_path / "jobdisk"
    if not mount_tmpfs(disk, 64):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        (disk / "filler").write_bytes(b"\0" * (60 * 1024))  # leaves about one page of room
        started = time.monotonic()
        done = crawl(tmp_path, sample_site.base_url, tmp_path / "articles.sqlite", settings=(f"JOBDIR={disk / 'job'}",))
        seconds = time.monotonic() - started
        assert done.returncode == 1, done.stderr[-3000:]
        assert seconds < 60, seconds
        errors = error_lines(done.stderr)
        assert len(errors) == 1 and "JOBDIR" in errors[0], errors
        (disk / "filler").unlink()
        again = crawl(tmp_path, sample_site.base_url, tmp_path / "articles.sqlite", feed="feed2.jsonl",
                      settings=(f"JOBDIR={disk / 'job'}",))
        assert again.returncode == 0, again.stderr[-3000:]
        connection = sqlite3.connect(tmp_path / "articles.sqlite")
        assert connection.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == len(ARTICLES)
        connection.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)
