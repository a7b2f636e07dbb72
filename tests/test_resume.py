"""Resumable crawls: ``scrapy crawl news -s JOBDIR=...`` killed with SIGKILL and started again loses no article
and stores none twice. The JOBDIR decisions of ``crawler.incremental.prepare_job_dir`` first, then a real
crawl of the slowed sample site killed part way."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from helpers.crawl import ROOT, checkout_env, news_crawl_command
from scrapy import Request
from scrapy.dupefilters import RFPDupeFilter

from crawler.incremental import QUEUE_DIR, SEEN_FILE, prepare_job_dir, read_job_state, write_job_state
from crawler.sample_site import SITE_ROOT

# Slow enough that the crawl is still running when the first articles are stored, fast enough for CI.
PAGE_DELAY_SECONDS = 0.3
KILL_AFTER_ARTICLES = 3
CRAWL_TIMEOUT_SECONDS = 120


def job_with(folder: Path, status: str | None, reason: str | None = None) -> Path:
    (folder / QUEUE_DIR).mkdir(parents=True)
    (folder / QUEUE_DIR / "active.json").write_text("[]")
    (folder / SEEN_FILE).write_text("0123456789abcdef\n")
    if status:
        write_job_state(folder, status, reason)
    return folder


def test_a_killed_crawl_forgets_its_queue_and_seen_list(tmp_path: Path) -> None:
    folder = job_with(tmp_path, "running")
    assert prepare_job_dir(folder) == "restart-after-kill"
    assert not (folder / SEEN_FILE).exists() and not (folder / QUEUE_DIR).exists()


def test_a_paused_crawl_resumes_and_a_finished_one_starts_afresh(tmp_path: Path) -> None:
    paused = job_with(tmp_path / "paused", "closed", "shutdown")
    assert prepare_job_dir(paused) == "resume"
    assert (paused / SEEN_FILE).exists() and (paused / QUEUE_DIR / "active.json").exists()
    finished = job_with(tmp_path / "finished", "closed", "finished")
    assert prepare_job_dir(finished) == "restart-after-finish" and not (finished / SEEN_FILE).exists()
    plain_scrapy = job_with(tmp_path / "plain", None)  # left by Scrapy without our scheduler: trusted
    assert prepare_job_dir(plain_scrapy) == "resume" and (plain_scrapy / SEEN_FILE).exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert prepare_job_dir(empty) == "new"
    (empty / "newscrawler-job.json").write_text("{not json")  # a damaged note is treated as none
    assert read_job_state(empty) is None and prepare_job_dir(empty) == "new"


# ------------------------------------------------------------------------------------------ end to end


def crawl_command(base_url: str, folder: Path, jobdir: Path | None) -> list[str]:
    return news_crawl_command(base_url + "/", folder, "CONCURRENT_REQUESTS=1",
                              *([f"JOBDIR={jobdir}"] if jobdir else []))


def stored_urls(database: Path) -> list[str]:
    if not database.exists():
        return []
    try:
        with sqlite3.connect(database, timeout=5) as db:
            return [row[0] for row in db.execute("SELECT canonical_url FROM articles")]
    except sqlite3.OperationalError:  # not migrated yet
        return []


def run_to_the_end(command: list[str]) -> str:
    done = subprocess.run(command, cwd=ROOT, env=checkout_env(), capture_output=True, text=True,
                          timeout=CRAWL_TIMEOUT_SECONDS)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stderr


@pytest.mark.slow
def test_crawl_killed_with_sigkill_resumes_from_jobdir_without_loss_or_duplicates(serve_sample_site, tmp_path):
    slow_site = serve_sample_site(delay=PAGE_DELAY_SECONDS)
    clean = tmp_path / "clean"
    run_to_the_end(crawl_command(slow_site.base_url, clean, None))
    expected = sorted(stored_urls(clean / "articles.sqlite"))
    assert len(expected) >= 8

    killed, jobdir = tmp_path / "killed", tmp_path / "job"
    process = subprocess.Popen(crawl_command(slow_site.base_url, killed, jobdir), cwd=ROOT, env=checkout_env(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + CRAWL_TIMEOUT_SECONDS
        while len(stored_urls(killed / "articles.sqlite")) < KILL_AFTER_ARTICLES:
            assert process.poll() is None, "the crawl ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the crawl's own process group, started above
        process.wait()
    before_restart = stored_urls(killed / "articles.sqlite")
    assert KILL_AFTER_ARTICLES <= len(before_restart) < len(expected)
    assert read_job_state(jobdir)["status"] == "running"  # it never closed
    # On a bigger crawl the seen-list's buffer is flushed as it goes: simulate that, so every page of the
    # site counts as seen. A resume that trusted the list would fetch nothing more and lose the rest.
    seen = RFPDupeFilter(str(jobdir))  # Scrapy's own dupefilter writes them, in its own format
    for page in [*SITE_ROOT.rglob("*.html"), SITE_ROOT]:
        path = str(page.relative_to(SITE_ROOT)).removeprefix(".")
        seen.request_seen(Request(f"{slow_site.base_url}/{path}"))
    seen.close("test")

    log = run_to_the_end(crawl_command(slow_site.base_url, killed, jobdir))
    assert "did not close" in log
    after = stored_urls(killed / "articles.sqlite")
    assert sorted(after) == expected  # nothing lost
    assert len(after) == len(set(after))  # nothing stored twice
    assert read_job_state(jobdir) == {**read_job_state(jobdir), "status": "closed", "reason": "finished"}
