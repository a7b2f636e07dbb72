"""Clean kills: no process outlives a SIGKILLed ``extract-batch`` (workers, fork server, resource tracker), and a
crawl resumed after a kill gives a whole feed (``python -m crawler export`` from the store)."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

ROOT = Path(__file__).resolve().parents[1]
PAGES = 3000
GONE_WITHIN_SECONDS = 10
# The sample site's articles (as tests/test_crawl_e2e.py counts them: the second part of a two-page article is
# stored with its first page, the robots-disallowed folder is never fetched).
SITE_ARTICLES = sum(
    1 for p in (ROOT / "samples" / "site").rglob("20*/**/*.html")
    if "private" not in str(p) and not p.stem.endswith("-2")
)


def big_warc(path: Path) -> None:
    with path.open("wb") as file:
        writer = WARCWriter(file, gzip=True)
        for number in range(PAGES):
            paragraphs = "".join(f"<p>Story {number}, paragraph {i}: the council approved the river defences after "
                                 f"a long debate about costs.</p>" for i in range(30))
            body = f"<html><head><title>Story {number}</title></head><body><article>{paragraphs}</article></body>"
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(f"http://site.example/{number}.html", "response",
                                                          payload=io.BytesIO(body.encode()), http_headers=headers))


@pytest.mark.slow
@pytest.mark.parametrize("start_method", ["forkserver", "spawn"])
def test_no_process_outlives_a_killed_extract_batch(start_method, tmp_path):
    warc = tmp_path / "pages.warc.gz"
    big_warc(warc)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "crawler", "extract-batch", str(warc), "-o", str(out), "--workers", "2",
               "--no-progress", "--start-method", start_method]
    process = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parent = psutil.Process(process.pid)
    descendants: list[psutil.Process] = []
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and process.poll() is None:
            descendants = parent.children(recursive=True)
            if out.exists() and out.stat().st_size > 0 and len(descendants) >= 3:
                break
            time.sleep(0.1)
        assert process.poll() is None, "the batch finished before it could be killed; make the WARC larger"
        descendants = parent.children(recursive=True)
        process.send_signal(signal.SIGKILL)  # the parent only, as an OOM killer or `kill -9 PID` would
        process.wait()
        gone, alive = psutil.wait_procs(descendants, timeout=GONE_WITHIN_SECONDS)
        assert not alive, [(p.pid, p.name(), p.cmdline()[:3]) for p in alive]
        assert len(gone) >= 3  # the workers and the fork server or resource tracker were there
    finally:
        for child in descendants:
            with contextlib.suppress(psutil.Error):
                child.kill()


def stored_count(store: Path) -> int:
    import sqlite3

    try:
        connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)
        try:
            return connection.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error:
        return 0


@pytest.mark.slow
def test_a_killed_and_resumed_crawl_gives_a_whole_feed_by_export(serve_sample_site, tmp_path):
    import json

    from helpers.crawl import checkout_env, news_crawl, news_crawl_command, read_feed

    site = serve_sample_site(delay=0.3)
    store = tmp_path / "articles.sqlite"
    env = checkout_env()
    first = subprocess.Popen(news_crawl_command(site.base_url + "/", tmp_path, feed="first.jsonl", level=None),
                             cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and first.poll() is None and stored_count(store) < 2:
        time.sleep(0.1)
    assert first.poll() is None, "the crawl finished before it could be killed"
    first.kill()
    first.wait()
    stored_before = stored_count(store)
    news_crawl(site.base_url + "/", tmp_path, feed="second.jsonl", level=None)
    second_rows = read_feed(tmp_path / "second.jsonl")
    exported = subprocess.run([sys.executable, "-m", "crawler", "export", "--sqlite", str(store)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in exported.stdout.splitlines()]
    urls = [row["url"] for row in rows]
    assert len(urls) == len(set(urls)) == stored_count(store) == SITE_ARTICLES
    assert len(rows) > len(second_rows)  # the resumed run's own feed misses what the killed run stored
    assert stored_before >= 2
    by_url = {row["url"]: row for row in rows}
    for row in second_rows:  # the same row as the feed's, field for field
        assert list(by_url[row["url"]]) == list(row) or set(row) <= set(by_url[row["url"]])
        assert by_url[row["url"]]["text"] == row["text"] and by_url[row["url"]]["title"] == row["title"]
