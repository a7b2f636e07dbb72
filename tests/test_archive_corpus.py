"""News archives built from the shared pages (tests/helpers/archive_corpus.py), served over HTTP through a paths
file: extract-batch with kind, language and date filters writes exactly the rows the pages' stated facts call for
and counts every page left out by reason; killed in the middle of an archive and run again, it loses nothing and
writes nothing twice. The Spark job on the same corpus: tests/test_spark.py. Skipped without ../shared/datasets."""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.archive_corpus import SHARED, Corpus, build_corpus
from helpers.kill_runs import kill_when, run_again

from crawler.bulk.batch import run_batch
from crawler.bulk.filters import page_filter

pytestmark = pytest.mark.skipif(not (SHARED / "wcxb-dev").is_dir() or not (SHARED / "zh-news").is_dir(),
                                reason="../shared/datasets is not checked out beside the repository")
SINCE, UNTIL = "2025-01-01", "2025-06-30"
FILTERS = ["--kinds", "article", "--languages", "en", "--since", SINCE, "--until", UNTIL]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return build_corpus(tmp_path_factory.mktemp("corpus") / "crawl-data", SINCE, UNTIL)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(corpus: Corpus) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_QuietHandler, directory=str(corpus.folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow  # building the corpus reads a few hundred of the shared pages: over 2 s
def test_the_corpus_holds_what_the_must_show_asks_for(corpus: Corpus) -> None:
    captures = corpus.captures()
    assert len(corpus.archives) == 3 and all(corpus.folder.joinpath(name).read_bytes()[:2] == b"\x1f\x8b"
                                             for name, _, _ in corpus.archives)
    assert {page.language for page, _ in captures} == {"en", "zh"}
    assert {page.kind for page, _ in captures} >= {"article", "collection"}
    assert len({page.published[:4] for page, _ in captures if page.published}) >= 4  # years
    urls = [page.url for page, _ in captures]
    twice = {url for url in urls if urls.count(url) == 2}
    assert len(twice) == 1 and len(set(urls)) == len(urls) - 1  # one article in two archives
    kept, counts = corpus.expected({"en"}, SINCE, UNTIL)
    assert twice <= set(kept) and counts["superseded_by_later_capture"] == 1
    assert all(counts[reason] for reason in ("filtered_kind", "filtered_language", "filtered_date"))


@pytest.mark.slow
def test_filters_over_http_give_the_expected_rows_and_count_every_page_left_out(
        corpus: Corpus, served: str, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    chosen = page_filter(kinds=["article"], languages=["en"], since=SINCE, until=UNTIL)
    result = run_batch([str(corpus.paths_file)], out, workers=0, base_url=served, progress=False,
                       page_filter=chosen)
    kept, left_out = corpus.expected({"en"}, SINCE, UNTIL)
    written = rows(out)
    assert {row["url"]: row["crawled_at"][:10] for row in written} == \
        {url: captured[:10] for url, captured in kept.items()}
    assert len(written) == len(kept) == result.counts["rows_written"]
    for reason, count in left_out.items():
        assert result.counts.get(reason, 0) == count, reason
    reasons = {"filtered_kind", "filtered_language", "filtered_date", "filtered_undated", "filtered_domain",
               "filtered_excluded_domain", "folded_earlier_capture", "superseded_by_later_capture"}
    assert sum(result.counts.get(reason, 0) for reason in reasons) + len(written) == len(corpus.captures())


@pytest.mark.slow
def test_killed_mid_archive_and_run_again_nothing_is_lost_or_written_twice(
        corpus: Corpus, served: str, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    # Chunks of two pages, so that the state says a chunk is done while an archive is still being read.
    program = ("import sys, crawler.bulk.chunks as chunks; chunks.CHUNK_MAX_PAGES = 2; from crawler.cli import main; "
               "sys.exit(main(sys.argv[1:]))")
    command = [sys.executable, "-c", program, "extract-batch", str(corpus.paths_file), "-o", str(out),
               "--workers", "1", "--no-progress", "--start-method", "fork", "--base-url", served, *FILTERS]
    state = kill_when(command, Path(str(out) + ".state.json"),
                      lambda state: state["records_done"] > state["records_before_file"])
    assert state["phase"] != "done" and state["records_done"] > state["records_before_file"], state  # mid-archive
    summary = run_again(command)
    assert summary["resumed_from_record"] > 0
    kept, left_out = corpus.expected({"en"}, SINCE, UNTIL)
    urls = [row["url"] for row in rows(out)]
    assert sorted(urls) == sorted(kept)  # every row once
    assert {row["url"]: row["crawled_at"][:10] for row in rows(out)} == \
        {url: captured[:10] for url, captured in kept.items()}
    for reason, count in left_out.items():  # the pages left out before the kill counted once, not twice
        assert summary["counts"].get(reason, 0) == count, reason
