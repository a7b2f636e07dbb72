"""extract-batch's filters (domains before extraction; kind, language and date after it), paths files of archives
served over HTTP, and the stream that resumes a broken transfer: on WARC archives built here."""

from __future__ import annotations

import functools
import http.server
import io
import json
import threading
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from helpers.archive_corpus import write_warc
from helpers.kill_runs import kill_when, run_again

from crawler.bulk.batch import BatchError, run_batch
from crawler.bulk.filters import (
    FILTERED_DATE,
    FILTERED_DOMAIN,
    FILTERED_EXCLUDED_DOMAIN,
    FILTERED_LANGUAGE,
    FILTERED_UNDATED,
    FilterError,
    page_filter,
    read_domain_list,
    registrable_domain,
)
from crawler.bulk.remote import RemoteError, RetryingStream, read_paths_file
from crawler.bulk.stories import FOLDED_EARLIER_CAPTURE, LINKED_NEAR_DUPLICATE, SUPERSEDED_BY_LATER_CAPTURE

PROSE = {
    "en": "The council met on Tuesday evening to discuss the new bridge over the river, and after a long debate "
          "about its cost the members agreed to put the plan to the town in a vote next spring. ",
    "zh": "市议会周二晚上开会讨论河上新桥的建设计划，经过长时间关于造价的辩论，"
          "议员们同意明年春天将该计划交由全市投票决定。",
}


def article(language: str, title: str, published: str | None) -> bytes:
    date = f'<meta property="article:published_time" content="{published}">' if published else ""
    body = "".join(f"<p>{PROSE[language]} {i}</p>" for i in range(6))
    return (f'<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>{date}</head><body>'
            f'<nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>{title}</h1>{body}</article>'
            f"<footer>Contact us</footer></body></html>").encode()


def warc(path: Path, pages: list[tuple[str, bytes]], captured: str = "2024-06-01T00:00:00Z") -> Path:
    return write_warc(path, pages, captured)


PAGES = {
    "https://news.example.com/2024/bridge": article("en", "Bridge vote set", "2024-03-05T10:00:00Z"),
    "https://www.example.com/2023/budget": article("en", "Budget passed", "2023-06-01T10:00:00Z"),
    "https://example.cn/2024/qiao": article("zh", "新桥计划", "2024-04-02T08:00:00+08:00"),
    "https://other.example.org/2024/park": article("en", "Park reopens", "2024-05-01T09:00:00Z"),
    "https://blocked.example.net/2024/ads": article("en", "Sponsored", "2024-05-02T09:00:00Z"),
    "https://undated.example.com/story": article("en", "A story without a date", None),
}
TEASERS = "".join(f"<li class='card'><h3><a href='/2024/story-{n}'>Council story number {n}</a></h3><p>A teaser of "
                  f"story {n} about the council and the town.</p></li>" for n in range(12))
LISTING = (f"<html lang='en'><head><title>World news</title></head><body><nav><a href='/'>Home</a></nav>"
           f"<h1>World</h1><ul>{TEASERS}</ul><a href='/world?page=2'>Next page</a></body></html>").encode()


@pytest.fixture
def archives(tmp_path: Path) -> Path:
    urls = list(PAGES)
    folder = tmp_path / "crawl-data"
    folder.mkdir()
    warc(folder / "one.warc.gz", [(url, PAGES[url]) for url in urls[:3]], "2024-04-02T09:00:00Z")
    # the same article in two archives, as CC-NEWS holds a story captured again
    warc(folder / "two.warc.gz", [(url, PAGES[url]) for url in urls[2:]]
         + [("https://news.example.com/world/", LISTING)], "2024-04-05T09:00:00Z")
    (folder / "warc.paths").write_text("one.warc.gz\n\n# a comment\ntwo.warc.gz\n")
    return folder


@pytest.fixture
def served(archives: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(archives))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_registrable_domain_takes_in_its_subdomains() -> None:
    assert registrable_domain("news.bbc.co.uk") == "bbc.co.uk"
    assert registrable_domain("WWW.Example.COM.") == "example.com"
    assert registrable_domain("127.0.0.1") == "127.0.0.1"


def test_a_domain_list_reads_domains_and_urls_and_skips_comments(tmp_path: Path) -> None:
    listed = tmp_path / "domains.txt"
    listed.write_text("# news sites\nnews.example.com\nhttps://www.example.cn/path\n\nexample.org  # trailing\n")
    assert read_domain_list(listed) == {"example.com", "example.cn", "example.org"}
    with pytest.raises(FilterError, match="cannot read"):
        read_domain_list(tmp_path / "missing.txt")


def test_the_filters_say_why_a_page_is_left_out(tmp_path: Path) -> None:
    allow = tmp_path / "allow.txt"
    allow.write_text("example.com\nexample.net\n")
    deny = tmp_path / "deny.txt"
    deny.write_text("blocked.example.net\n")
    chosen = page_filter(kinds=["article"], languages=["en"], since="2024-01-01", until="2024-12-31",
                         undated="drop", domains=allow, exclude_domains=deny)
    assert chosen.before_extraction("https://news.example.com/a") is None
    assert chosen.before_extraction("https://example.org/a") == FILTERED_DOMAIN
    assert chosen.before_extraction("https://x.blocked.example.net/a") == FILTERED_EXCLUDED_DOMAIN
    row = {"page_type": "article", "language": "en", "published": "2024-03-05T10:00:00+00:00"}
    assert chosen.after_extraction(row) is None
    assert chosen.after_extraction({**row, "language": "zh"}) == FILTERED_LANGUAGE
    assert chosen.after_extraction({**row, "published": "2023-12-31T23:00:00+00:00"}) == FILTERED_DATE
    assert chosen.after_extraction({**row, "published": None}) == FILTERED_UNDATED
    with pytest.raises(FilterError, match="not an ISO date"):
        page_filter(since="last year")
    with pytest.raises(FilterError, match="after"):
        page_filter(since="2024-02-01", until="2024-01-01")


def test_a_paths_file_joins_relative_entries_to_its_base(tmp_path: Path) -> None:
    listed = tmp_path / "warc.paths"
    listed.write_text("crawl-data/a.warc.gz\nhttps://data.example/b.warc.gz\n/abs/c.warc.gz\nfile:///d.warc.gz\n")
    assert read_paths_file(listed, "https://cdn.example/") == [
        "https://cdn.example/crawl-data/a.warc.gz", "https://data.example/b.warc.gz", "/abs/c.warc.gz",
        "file:///d.warc.gz"]
    assert read_paths_file(listed)[0] == str(tmp_path / "crawl-data/a.warc.gz")


@pytest.mark.slow
def test_archives_listed_in_a_paths_file_over_http_give_the_rows_the_filters_keep(
        tmp_path: Path, archives: Path, served: str) -> None:
    paths = tmp_path / "listed.paths"
    paths.write_text("one.warc.gz\ntwo.warc.gz\n")
    everything = tmp_path / "all.jsonl"
    run_batch([str(paths)], everything, workers=0, base_url=served, progress=False)
    unfiltered = rows(everything)
    assert len(unfiltered) == 7  # the story in both archives once, and the section page
    deny = tmp_path / "deny.txt"
    deny.write_text("blocked.example.net\n")
    chosen = page_filter(kinds=["article"], languages=["en"], since="2024-01-01", until="2024-12-31",
                         exclude_domains=deny)
    kept_path = tmp_path / "kept.jsonl"
    result = run_batch([str(paths)], kept_path, workers=0, base_url=served, progress=False, page_filter=chosen)
    expected = {row["url"] for row in unfiltered
                if chosen.after_extraction(row) is None and chosen.before_extraction(row["url"]) is None}
    assert {row["url"] for row in rows(kept_path)} == expected
    assert "https://news.example.com/2024/bridge" in expected
    assert "https://example.cn/2024/qiao" not in expected
    assert "https://news.example.com/world/" not in expected
    counts = result.counts
    assert counts["filtered_kind"] == 1  # the section page, a listing
    assert counts[FILTERED_EXCLUDED_DOMAIN] == 1
    assert counts[FILTERED_LANGUAGE] == 2  # the Chinese story, in both archives
    assert counts[FILTERED_DATE] == 1  # 2023
    # a resumed run must be given the same filters
    with pytest.raises(BatchError, match="another run"):
        run_batch([str(paths)], kept_path, workers=0, base_url=served, progress=False)


def test_a_paths_file_naming_something_else_than_archives_is_refused(tmp_path: Path) -> None:
    paths = tmp_path / "listed.txt"
    paths.write_text("notes.pdf\n")
    with pytest.raises(BatchError, match="not a WARC"):
        run_batch([str(paths)], tmp_path / "out.jsonl", workers=0, progress=False)


class _Body(io.BytesIO):
    def __init__(self, data: bytes, status: int, fail_after: int | None) -> None:
        super().__init__(data)
        self.status = status
        self.headers = {"Content-Length": str(len(data))}
        self.fail_after = fail_after

    def read(self, size: int | None = -1) -> bytes:
        if self.fail_after is not None and self.tell() >= self.fail_after:
            raise ConnectionResetError("connection reset by peer")
        limit = size if size is not None and size >= 0 else len(self.getvalue())
        if self.fail_after is not None:
            limit = min(limit, self.fail_after - self.tell())
        return super().read(limit)


def test_a_broken_transfer_resumes_from_the_byte_it_reached() -> None:
    data = bytes(range(256)) * 40
    requests: list[str | None] = []

    def opener(request, timeout):  # the first answer breaks after 3,000 bytes; the second serves the range
        requests.append(request.get_header("Range"))
        if len(requests) == 1:
            return _Body(data, 200, fail_after=3000)
        start = int(request.get_header("Range").split("=")[1].rstrip("-"))
        return _Body(data[start:], 206, fail_after=None)

    stream = RetryingStream("http://archive.test/a.warc.gz", opener=opener, sleep=lambda s: None)
    assert io.BufferedReader(stream).read() == data
    assert requests == [None, "bytes=3000-"]
    assert stream.retries == 1


def test_a_missing_archive_is_given_up_at_once_and_a_flaky_one_after_the_attempts() -> None:
    def missing(request, timeout):
        raise urllib.error.HTTPError(request.full_url, 404, "Not Found", {}, None)

    with pytest.raises(RemoteError, match="404"):
        RetryingStream("http://archive.test/gone.warc.gz", opener=missing, sleep=lambda s: None)
    delays: list[float] = []

    def down(request, timeout):
        raise ConnectionRefusedError("connection refused")

    with pytest.raises(RemoteError, match="gave up after 3 attempts"):
        RetryingStream("http://archive.test/a.warc.gz", opener=down, attempts=3, backoff=1.0, sleep=delays.append)
    assert delays == [1.0, 2.0]


@pytest.mark.slow
def test_a_story_in_several_archives_is_one_row_the_latest_capture(tmp_path: Path, archives: Path) -> None:
    late = warc(tmp_path / "late.warc.gz", [("https://example.cn/2024/qiao", PAGES["https://example.cn/2024/qiao"])],
                "2024-04-09T09:00:00Z")
    early = warc(tmp_path / "early.warc.gz", [("https://example.cn/2024/qiao", PAGES["https://example.cn/2024/qiao"])],
                 "2024-04-01T09:00:00Z")
    inputs = [str(archives / "one.warc.gz"), str(late), str(archives / "two.warc.gz"), str(early)]
    out = tmp_path / "out.jsonl"
    result = run_batch(inputs, out, workers=0, progress=False)
    found = [row for row in rows(out) if row["url"] == "https://example.cn/2024/qiao"]
    assert [row["crawled_at"][:10] for row in found] == ["2024-04-09"]
    assert result.counts[SUPERSEDED_BY_LATER_CAPTURE] == 1  # the capture of one.warc.gz, written, then replaced
    assert result.counts[FOLDED_EARLIER_CAPTURE] == 2  # two.warc.gz's and early.warc.gz's, never written
    assert result.counts["rows_written"] == len(rows(out)) == 7  # six stories and the section page
    every = tmp_path / "every.jsonl"
    run_batch(inputs, every, workers=0, progress=False, fold_captures=False)
    assert len(rows(every)) == 10


@pytest.mark.slow
@pytest.mark.parametrize(("key", "column"), [("date", "published_date"), ("language", "language"),
                                             ("site", "site")])
def test_a_partitioned_parquet_output_reads_back_with_its_schema(tmp_path: Path, archives: Path, key: str,
                                                                  column: str) -> None:
    import pyarrow.dataset as ds

    from crawler.bulk.writers import parquet_schema
    from crawler.pagejob.row import ARTICLE_FIELDS

    out = tmp_path / "out.parquet"
    run_batch([str(archives / "one.warc.gz"), str(archives / "two.warc.gz")], out, workers=0, progress=False,
              partition_by=key)
    assert out.is_dir()
    folders = sorted(path.name for path in out.iterdir())
    expected = {"date": "published_date=2024-03-05", "language": "language=zh", "site": "site=example.com"}[key]
    assert expected in folders
    table = ds.dataset(out, format="parquet", partitioning="hive").to_table()
    assert table.num_rows == 7
    assert set(ARTICLE_FIELDS) <= set(table.column_names)
    assert column in table.column_names
    assert parquet_schema(key).field(column).type == "string"
    by_url = {row["url"]: row for row in table.to_pylist()}
    assert by_url["https://example.cn/2024/qiao"]["authors"] is None or isinstance(
        by_url["https://example.cn/2024/qiao"]["authors"], list)
    with pytest.raises(BatchError, match="--partition-by"):
        run_batch([str(archives / "one.warc.gz")], tmp_path / "out.jsonl", workers=0, progress=False,
                  partition_by=key)


@pytest.mark.slow
def test_a_run_over_http_killed_mid_archive_resumes_with_nothing_lost_or_twice(tmp_path: Path) -> None:
    import sys

    from tests.test_batch import build_warc, read_rows

    folder = tmp_path / "served"
    folder.mkdir()
    expected = build_warc(folder / "a.warc.gz", copies=16)
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    paths = tmp_path / "warc.paths"
    paths.write_text("a.warc.gz\n")
    out = tmp_path / "out.jsonl"
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    command = [sys.executable, "-m", "crawler", "extract-batch", str(paths), "-o", str(out), "--workers", "1",
               "--no-progress", "--start-method", "fork", "--base-url", base]
    try:
        state = kill_when(command, Path(str(out) + ".state.json"), lambda state: state["records_done"] > 0)
        assert state["phase"] != "done", "finished before the kill; make the archive larger"
        summary = run_again(command)
    finally:
        server.shutdown()
        server.server_close()
    assert [row["url"] for row in read_rows(out)] == expected  # every page once, in input order
    assert summary["resumed_from_record"] > 0


@pytest.mark.slow
def test_the_filter_bench_prints_the_cost_of_a_page_left_out(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from crawler.evaluation.filter_bench import main

    for number, html in enumerate(list(PAGES.values())[:3]):
        (tmp_path / f"{number}").mkdir()
        (tmp_path / f"{number}" / "source.html").write_bytes(html)
        (tmp_path / f"{number}" / "expected.html").write_bytes(html)
    assert main(["--dataset", str(tmp_path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["pages"] == 3
    assert 0 < figures["before_parsing_share_of_extracted"] < 1
    assert main(["--dataset", str(tmp_path / "missing")]) == 1
    archive = warc(tmp_path / "a.warc.gz", list(PAGES.items()))
    (tmp_path / "warc.paths").write_text("a.warc.gz\n")
    assert main(["--archives", str(tmp_path / "warc.paths"), "--json"]) == 0  # archives of one's own
    assert json.loads(capsys.readouterr().out)["pages"] == len(PAGES)
    assert main(["--archives", str(archive.with_name("missing.paths"))]) == 1


@pytest.mark.slow
def test_a_story_repeated_under_another_url_is_linked_to_the_first(tmp_path: Path) -> None:
    story = article("en", "Bridge vote set", "2024-03-05T10:00:00Z")
    syndicated = story.replace(b"Tuesday evening", b"Tuesday night", 1)  # one word changed by the reprint
    other = article("en", "Park reopens", "2024-05-01T09:00:00Z").replace(b"bridge", b"playground")
    archive = warc(tmp_path / "a.warc.gz", [("https://news.example.com/bridge", story),
                                            ("https://reprints.example.org/copy-of-bridge", syndicated),
                                            ("https://news.example.com/park", other)])
    out = tmp_path / "out.jsonl"
    result = run_batch([str(archive)], out, workers=0, progress=False)
    found = {row["url"]: row for row in rows(out)}
    assert found["https://reprints.example.org/copy-of-bridge"]["metadata"]["near_duplicate_of"] == \
        "https://news.example.com/bridge"
    assert "near_duplicate_of" not in found["https://news.example.com/bridge"]["metadata"]
    assert result.counts[LINKED_NEAR_DUPLICATE] == 1


class _CountingHandler(_QuietHandler):
    fetched: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).fetched.append(self.path)
        super().do_GET()


@pytest.mark.slow
def test_a_resumed_run_does_not_fetch_the_archives_it_finished_again(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import crawler.bulk.batch as batch
    import crawler.bulk.chunks as chunks

    urls = list(PAGES)
    served = tmp_path / "served"
    served.mkdir()
    warc(served / "a.warc.gz", [(url, PAGES[url]) for url in urls[:3]])
    warc(served / "b.warc.gz", [(url, PAGES[url]) for url in urls[3:]])
    (tmp_path / "warc.paths").write_text("a.warc.gz\nb.warc.gz\n")
    _CountingHandler.fetched = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_CountingHandler, directory=str(served)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    monkeypatch.setattr(chunks, "CHUNK_MAX_PAGES", 1)
    real = batch.extract_chunk

    seen_in_b: list[str] = []

    def interrupted_in_b(pages):  # the run stops at the second page of the second archive
        seen_in_b.extend(page.input for page in pages if page.input.startswith(base + "b.warc.gz"))
        if len(seen_in_b) >= 2:
            raise KeyboardInterrupt
        return real(pages)

    out = tmp_path / "out.jsonl"
    try:
        monkeypatch.setattr(batch, "extract_chunk", interrupted_in_b)
        with pytest.raises(KeyboardInterrupt):
            run_batch([str(tmp_path / "warc.paths")], out, workers=0, base_url=base, progress=False)
        monkeypatch.setattr(batch, "extract_chunk", real)
        run_batch([str(tmp_path / "warc.paths")], out, workers=0, base_url=base, progress=False)
    finally:
        server.shutdown()
        server.server_close()
    assert _CountingHandler.fetched == ["/a.warc.gz", "/b.warc.gz", "/b.warc.gz"]
    assert [row["url"] for row in rows(out)] == urls


def test_kind_and_language_leave_a_page_out_before_its_metadata_is_read(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import crawler.extractors.article as article_module

    urls = list(PAGES)
    archive = warc(tmp_path / "a.warc.gz", [(url, PAGES[url]) for url in urls[:3]])  # two English, one Chinese
    read: list[str] = []
    original = article_module.Article.metadata

    def counted(self):  # the metadata of a page, read: noted by the page's URL
        read.append(self.url)
        return original.fget(self)

    monkeypatch.setattr(article_module.Article, "metadata", property(counted))
    out = tmp_path / "out.jsonl"
    result = run_batch([str(archive)], out, workers=0, progress=False, page_filter=page_filter(languages=["zh"]))
    assert [row["url"] for row in rows(out)] == ["https://example.cn/2024/qiao"]
    assert result.counts[FILTERED_LANGUAGE] == 2
    assert "https://news.example.com/2024/bridge" not in read and "https://example.cn/2024/qiao" in read


def test_the_summary_counts_the_rows_written_not_the_pages_extracted() -> None:
    from crawler.bulk.progress import summary_line

    line = summary_line("out.jsonl", {"pages": 19, "with_text": 19, "rows_written": 2, FILTERED_LANGUAGE: 17}, 2, 0)
    assert line == ("extract-batch: 2 rows in out.jsonl, 2 this run; 19 pages extracted: 19 with text, 0 empty, "
                    "0 failed; left out or skipped: filtered_language 17")


def test_decisions_made_at_once_follow_the_writing_order_not_the_order_given() -> None:
    from crawler.bulk.stories import decide_in_order

    near = 0x0F0F_0F0F_0F0F_0F0F
    entries = [((2, 0), "https://a.example/story", "2024-04-03", near),  # a later capture of the first story
               ((1, 5), "https://b.example/copy", "2024-04-02", near ^ 0b111),  # its reprint, 3 bits away
               ((0, 9), "https://a.example/story", "2024-04-01", near),
               ((3, 0), "https://a.example/story", "2024-04-02", near),  # older than the one kept: folded
               ((1, 0), "https://c.example/other", "2024-04-02", ~near & ((1 << 64) - 1))]
    decisions = decide_in_order(entries)
    assert decisions.left_out == {(0, 9), (3, 0)}  # superseded by (2, 0); folded
    assert decisions.links == {(1, 5): "https://a.example/story"}
    assert decisions.counts == {FOLDED_EARLIER_CAPTURE: 1, SUPERSEDED_BY_LATER_CAPTURE: 1, LINKED_NEAR_DUPLICATE: 1}


@pytest.mark.parametrize("blocked_first", [True, False])  # read by FastWARC; the last record, checked by the scanner
def test_a_record_left_out_by_its_url_is_not_read_further(tmp_path: Path, blocked_first: bool) -> None:
    """Its block is neither checked against its digest nor parsed: a damaged block of a site left out is counted
    as left out, not as damaged (and costs no SHA-1 of a page nobody wants)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    archive = tmp_path / "a.warc"
    with archive.open("wb") as stream:
        writer = WARCWriter(stream, gzip=False)
        urls = ["https://news.example.com/2024/bridge", "https://blocked.example.net/2024/ads"]
        for url in reversed(urls) if blocked_first else urls:
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(PAGES[url]),
                                                          http_headers=headers))
    archive.write_bytes(archive.read_bytes().replace(b"Sponsored</h1>", b"Sp0nsored</h1>"))  # its digest fails
    deny = tmp_path / "deny.txt"
    deny.write_text("blocked.example.net\n")
    out = tmp_path / "out.jsonl"
    result = run_batch([str(archive)], out, workers=0, progress=False, page_filter=page_filter(exclude_domains=deny))
    assert [row["url"] for row in rows(out)] == ["https://news.example.com/2024/bridge"]
    assert result.counts[FILTERED_EXCLUDED_DOMAIN] == 1 and "bad_digest" not in result.counts
