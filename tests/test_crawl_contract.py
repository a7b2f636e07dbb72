"""``scrapy crawl news`` keeps its contract with the person running it: a feed that cannot be written (a read-only
place, a full disk) and a start URL where nothing listens end with one line and a non-zero exit, not tracebacks;
a second crawl's summary says its articles were unchanged and how to get all of them; robots.txt is read once per
site; the log of a crawl whose pages link to missing pages is a line per article at most, progress and summary."""

from __future__ import annotations

import random
import re
import socket
import subprocess
from pathlib import Path

import pytest
from helpers.crawl import ROOT, checkout_env, crawl_stats, news_crawl, news_crawl_command

from crawler.sample_site import SampleSiteServer

pytestmark = pytest.mark.slow

LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \[([\w.]+)\] (DEBUG|INFO|WARNING|ERROR|CRITICAL): (.*)$")


def records(log: str, level: str | None = None) -> list[tuple[str, str, str]]:
    """(logger, level, message) of every log record (its first line)."""
    found = [match.groups() for match in map(LOG_RECORD.match, log.splitlines()) if match]
    return [record for record in found if level is None or record[1] == level]


def run(command: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, env=checkout_env(), capture_output=True, text=True, timeout=timeout)


def unwritable_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    for candidate in (folder, Path("/sys")):
        probe = candidate / "probe.tmp"
        try:
            probe.write_bytes(b"")
        except OSError:
            return candidate
        probe.unlink()
    pytest.skip("no unwritable folder on this machine")


def test_a_feed_in_a_read_only_place_is_one_line_and_exit_1_before_any_fetch(sample_site, tmp_path):
    feed = unwritable_folder(tmp_path) / "out.jsonl"
    done = run([*news_crawl_command(sample_site.base_url, tmp_path), "-O", str(feed)])
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    errors = records(done.stderr, "ERROR")
    assert len(errors) == 1, done.stderr[-3000:]
    assert str(feed) in errors[0][2]
    assert sum(sample_site.hits.values()) == 0  # refused before the crawl, not after it


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (writes fail with ENOSPC)")
def test_a_feed_on_a_full_disk_is_one_line_and_exit_1(sample_site, tmp_path):
    done = run([*news_crawl_command(sample_site.base_url, tmp_path), "-O", "/dev/full:jsonl"])
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    errors = records(done.stderr, "ERROR")
    assert len(errors) == 1, done.stderr[-3000:]
    assert "/dev/full" in errors[0][2] and "No space left on device" in errors[0][2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_start_url_where_nothing_listens_is_one_line_and_a_non_zero_exit(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/"
    done = run(news_crawl_command(url, tmp_path, "RETRY_TIMES=0", feed="out.jsonl"))
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "ssl:" not in done.stderr  # aiohttp's SSL context of a plain http connection
    errors = records(done.stderr, "ERROR")
    assert len(errors) == 1, done.stderr[-3000:]
    assert url in errors[0][2]


def test_a_second_crawl_says_its_articles_are_unchanged_and_how_to_export_them(sample_site, tmp_path):
    first = news_crawl(sample_site.base_url, tmp_path, feed="first.jsonl")
    assert sample_site.hits["/robots.txt"] == 1  # read once: the robots.txt middleware's copy gives the sitemaps
    assert crawl_stats(first.stderr).get("news/discovered/sitemap", 0) > 0
    second = news_crawl(sample_site.base_url, tmp_path, feed="second.jsonl")
    stats = crawl_stats(second.stderr)
    unchanged = stats["incremental/not_modified"]
    assert unchanged > 0
    summary = [message for name, _, message in records(second.stderr, "INFO") if name == "crawler.progress"]
    said = re.search(r"(\d+) unchanged \(not modified\)", "\n".join(summary))
    assert said and int(said.group(1)) == unchanged, summary
    assert any(f"python -m crawler export --sqlite {tmp_path / 'articles.sqlite'}" in line for line in summary)
    last = records(second.stderr)[-1]
    assert last[0] == "crawler.progress", last  # the summary is the log's last word


WORDS = ("council river town bridge school road market budget harbour station library museum park farmers "
         "teachers nurses workers residents mayor engineers flood storm festival election court hospital police "
         "approved rejected delayed opened closed repaired announced planned debated funded").split()


def article_page(number: int) -> str:
    rng = random.Random(number)  # a text of its own, so that no two stories are near copies of each other
    paragraphs = "".join("<p>" + " ".join(rng.choice(WORDS) for _ in range(40)) + ".</p>" for _ in range(6))
    related = "".join(f"<li><a href='/gone/{number}-{n}.html'>Related story {n}</a></li>" for n in range(3))
    return (f"<html><head><title>Story {number} of the valley</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><article><h1>Story {number}: the valley council approves river works</h1>{paragraphs}"
            f"</article><aside><ul>{related}</ul></aside></body></html>")


def test_a_crawl_whose_pages_link_to_missing_pages_logs_a_line_per_article_at_most(tmp_path, serve_sample_site):
    site = tmp_path / "site"
    (site / "news").mkdir(parents=True)
    count = 180
    links = "".join(f"<li><a href='/news/story-{n}.html'>Story {n}</a></li>" for n in range(count))
    (site / "index.html").write_text(f"<html><head><title>Valley news</title></head><body><ul>{links}</ul>"
                                     f"</body></html>")
    (site / "robots.txt").write_text("User-agent: *\n")
    for number in range(count):
        (site / "news" / f"story-{number}.html").write_text(article_page(number))
    server: SampleSiteServer = serve_sample_site(root=site)
    done = news_crawl(server.base_url, tmp_path, "LOGSTATS_INTERVAL=0.2", "CONCURRENT_REQUESTS_PER_DOMAIN=16",
                      feed="out.jsonl", timeout=600)
    stats = crawl_stats(done.stderr)
    stored = stats.get("storage/inserted", 0)
    assert stored >= count - 5 and stats.get("downloader/response_status_count/404", 0) >= 3 * count
    info = records(done.stderr, "INFO")
    progress = [record for record in info if record[2].startswith("Progress:")]
    summary = [record for record in info if record[0] == "crawler.progress" and record not in progress]
    assert progress and "pages/s" in progress[0][2]
    assert not [record for record in info if "404" in record[2] and record[0] != "crawler.progress"]
    assert len(info) - len(progress) - len(summary) <= stored
    assert records(done.stderr, "WARNING") == []  # nothing a person could act on


def test_a_saved_copy_then_the_live_site_give_one_row_per_article_when_canonical_urls_agree(tmp_path,
                                                                                            serve_sample_site):
    site = tmp_path / "site"
    (site / "news").mkdir(parents=True)
    server: SampleSiteServer = serve_sample_site(root=site)
    count = 3
    links = "".join(f"<li><a href='/news/story-{n}.html'>Story {n}</a></li>" for n in range(count))
    (site / "index.html").write_text(f"<html><head><title>Valley news</title></head><body><ul>{links}</ul>"
                                     f"</body></html>")
    (site / "robots.txt").write_text("User-agent: *\n")
    for number in range(count):
        canonical = f"{server.base_url}/news/story-{number}.html"
        page = article_page(number).replace("<head>", f"<head><link rel='canonical' href='{canonical}'>")
        (site / "news" / f"story-{number}.html").write_text(page)
    store = tmp_path / "articles.sqlite"
    saved = run([*news_crawl_command(server.base_url, tmp_path, store=store)[:5], "-a", f"path={site}",
                 *news_crawl_command(server.base_url, tmp_path, store=store)[7:]])
    assert saved.returncode == 0, saved.stderr[-3000:]
    news_crawl(server.base_url, tmp_path, store=store)
    import sqlite3

    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT canonical_url, url FROM articles WHERE duplicate_of IS NULL").fetchall()
    assert sorted(canonical for canonical, _ in rows) == [f"{server.base_url}/news/story-{n}.html"
                                                          for n in range(count)], rows
