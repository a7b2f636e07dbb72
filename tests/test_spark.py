"""The Spark job in Spark local mode (skipped without pyspark or Java): a WARC file made here of the sample
site's pages, with records that must give no row, goes through read -> templates by URL pattern ->
extraction -> Parquet / JSON lines; saved-page folders; the command line."""

from __future__ import annotations

import gzip
import json
import shutil
import uuid
from pathlib import Path

import pytest

from crawler.bulk.records import Page
from crawler.bulk.spark_inputs import read_file
from crawler.sample_site import SITE_ROOT

pytest.importorskip("pyspark")
if shutil.which("java") is None:
    pytest.skip("no Java (apt-get install openjdk-17-jre-headless)", allow_module_level=True)

from crawler.bulk.spark_inputs import SparkJobError
from crawler.bulk.spark_job import run, spark_session

BASE = "http://news.example"
ENGLISH_ARTICLES = sorted(p for p in SITE_ROOT.rglob("20*/**/*.html") if "/zh/" not in str(p))


def warc_record(record_type: str, url: str, block: bytes, content_type: str) -> bytes:
    headers = (f"WARC/1.0\r\nWARC-Type: {record_type}\r\nWARC-Target-URI: {url}\r\n"
               f"WARC-Date: 2024-03-16T12:00:00Z\r\nWARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\n"
               f"Content-Type: {content_type}\r\nContent-Length: {len(block)}\r\n\r\n")
    return headers.encode() + block + b"\r\n\r\n"


def http_response(status: str, content_type: str, body: bytes) -> bytes:
    return (f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
            ).encode() + body


def url_of(path: Path) -> str:
    return BASE + "/" + str(path.relative_to(SITE_ROOT))


def make_warc(path: Path) -> list[str]:
    """A per-record gzipped WARC of the English articles, plus a 404, a stylesheet and a request record;
    returns the URLs that must give rows."""
    records = []
    for page in ENGLISH_ARTICLES:
        records.append(warc_record("request", url_of(page), b"GET / HTTP/1.1\r\n\r\n", "application/http"))
        records.append(warc_record("response", url_of(page),
                                   http_response("200 OK", "text/html; charset=utf-8", page.read_bytes()),
                                   "application/http; msgtype=response"))
    records.append(warc_record("response", BASE + "/missing.html",
                               http_response("404 Not Found", "text/html", b"<html><body>gone</body></html>"),
                               "application/http; msgtype=response"))
    records.append(warc_record("response", BASE + "/style.css", http_response("200 OK", "text/css", b"p{}"),
                               "application/http; msgtype=response"))
    path.write_bytes(b"".join(gzip.compress(record) for record in records))
    return [url_of(page) for page in ENGLISH_ARTICLES]


def test_reader_keeps_only_html_200_responses(tmp_path):
    expected = make_warc(tmp_path / "site.warc.gz")
    pages = list(read_file("file:" + str(tmp_path / "site.warc.gz"), (tmp_path / "site.warc.gz").read_bytes()))
    assert [page.url for page in pages] == expected
    assert all(isinstance(page, Page) and page.html.startswith(b"<!") for page in pages)
    broken = (tmp_path / "site.warc.gz").read_bytes()[:-200]  # a truncated last record ends the pages there
    assert len(list(read_file("broken.warc.gz", broken))) == len(expected)
    assert list(read_file("page.html.gz", b"\x1f\x8bnot gzip")) == []


@pytest.fixture(scope="module")
def spark():
    session = spark_session("local[2]", config={"spark.sql.shuffle.partitions": "2"})
    yield session
    session.stop()


@pytest.mark.slow
def test_warc_to_json_lines_with_templates_learned_by_url_pattern(spark, tmp_path):
    expected = make_warc(tmp_path / "site.warc.gz")
    result = run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out"), "jsonl", partitions=2)
    rows = json_lines(tmp_path / "out")
    assert sorted(row["url"] for row in rows) == expected  # one row per HTML 200 response, nothing else
    assert result.pages == len(expected) and result.rows_with_text == len(expected)
    assert all(row["text"] and row["title"] and row["input"].startswith(str(tmp_path)) for row in rows)
    # Sections with two or more articles share a URL pattern: the reduce step learned their template and every
    # page of the pattern was extracted with it, the first page seen included.
    assert result.patterns_with_templates >= 1
    templated = [row for row in rows if row.get("template")]
    # "+container": a pattern trusted after its pages agreed with the cascade goes straight to its learned container.
    assert templated and all(row["extractor"] in ("default/template+blocks", "default/template+container")
                             for row in templated)
    assert result.worker_peak_rss_mb and result.worker_peak_rss_mb > 10


@pytest.mark.slow
def test_pages_folder_to_parquet_matches_the_crawl_extractor(spark, tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    for page in ENGLISH_ARTICLES[:3]:
        shutil.copy(page, folder / page.name)
    (folder / "ignored.txt").write_text("not a page")
    run(spark, [str(folder)], str(tmp_path / "out.parquet"), "parquet", templates=False)
    import pyarrow.parquet as pq

    table = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert len(table) == 3
    from crawler.pagejob import PageExtractor

    for row in table:
        page = folder / row["url"].rsplit("/", 1)[1]
        assert row["text"] == PageExtractor(None).extract(page.read_bytes(), row["url"])["text"]
        assert isinstance(row["authors"], list) and json.loads(row["metadata"])["source"] == "path"


@pytest.mark.slow  # the Spark session alone takes 10 s or more to start on 2 cores
def test_existing_output_is_refused_unless_overwritten(spark, tmp_path):
    make_warc(tmp_path / "site.warc.gz")
    (tmp_path / "out").mkdir()
    with pytest.raises(SparkJobError, match=r"out exists; use --overwrite"):
        run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out"), "jsonl")
    result = run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out"), "jsonl", overwrite=True)
    assert result.pages == len(ENGLISH_ARTICLES)


@pytest.mark.slow
def test_a_missing_input_is_one_clear_line(spark, tmp_path):
    with pytest.raises(SparkJobError, match=r"^.*nothing-here\.warc: no such file or folder$"):
        run(spark, [str(tmp_path / "nothing-here.warc")], str(tmp_path / "out"), "jsonl")


def json_lines(folder: Path) -> list[dict]:
    return [json.loads(line) for part in sorted(folder.glob("part-*"))
            for line in part.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.slow
def test_rows_are_extract_batch_rows_field_for_field_whatever_the_order(spark, tmp_path):
    from crawler.bulk.batch import run_batch

    make_warc(tmp_path / "site.warc.gz")
    archives = tmp_path / "archives"
    archives.mkdir()
    for copy in range(4):  # the same archive four times: four tasks, pages met in four orders
        shutil.copy(tmp_path / "site.warc.gz", archives / f"copy-{copy}.warc.gz")
    result = run(spark, [str(archives)], str(tmp_path / "out"), "jsonl", partitions=3, fold_captures=False)
    assert result.files == 4
    rows = json_lines(tmp_path / "out")
    assert len(rows) == 4 * len(ENGLISH_ARTICLES)
    texts: dict[str, set[str]] = {}
    for row in rows:
        texts.setdefault(row["url"], set()).add(row["text"])
    assert all(len(found) == 1 for found in texts.values())  # one text a page, whichever copy and executor
    run_batch([str(tmp_path / "site.warc.gz")], tmp_path / "batch.jsonl", workers=0, templates="two-pass",
              progress=False)
    batch = {row["url"]: row for row in map(json.loads, (tmp_path / "batch.jsonl").read_text().splitlines())}
    spark_row = next(row for row in rows if "copy-0" in row["input"])
    batch_row = batch[spark_row["url"]]
    assert spark_row["crawled_at"] == batch_row["crawled_at"] == "2024-03-16T12:00:00+00:00"  # WARC-Date
    assert set(spark_row) - {"input"} == set(batch_row)  # nulls kept, as extract-batch writes them
    assert isinstance(spark_row["metadata"], dict) and spark_row["metadata"]["source"] == "warc"
    for field in ("text", "title", "authors", "published", "language", "canonical_url"):
        assert spark_row[field] == batch_row[field], field


@pytest.mark.slow
def test_a_paths_file_of_archives_over_http_gives_extract_batchs_rows(spark, tmp_path):
    import functools
    import http.server
    import threading

    from crawler.bulk.batch import run_batch
    from crawler.bulk.stories import FOLDED_EARLIER_CAPTURE

    served = tmp_path / "served"
    served.mkdir()
    make_warc(served / "a.warc.gz")
    shutil.copy(served / "a.warc.gz", served / "b.warc.gz")  # every story captured twice
    paths = tmp_path / "warc.paths"
    paths.write_text("a.warc.gz\nb.warc.gz\n")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        result = run(spark, [str(paths)], str(tmp_path / "out"), "jsonl", base_url=base)
        run_batch([str(paths)], tmp_path / "batch.jsonl", workers=0, templates="two-pass", progress=False,
                  base_url=base)
    finally:
        server.shutdown()
        server.server_close()
    spark_rows = {row["url"]: row for row in json_lines(tmp_path / "out")}
    batch_rows = {row["url"]: row for row in map(json.loads, (tmp_path / "batch.jsonl").read_text().splitlines())}
    assert sorted(spark_rows) == sorted(batch_rows) == sorted(url_of(page) for page in ENGLISH_ARTICLES)
    assert result.files == 2 and result.filtered == {FOLDED_EARLIER_CAPTURE: len(ENGLISH_ARTICLES)}
    for url, row in spark_rows.items():
        for field in ("text", "title", "authors", "published", "crawled_at", "language"):
            assert row[field] == batch_rows[url][field], (url, field)


@pytest.mark.slow
def test_filters_leave_out_pages_and_count_them(spark, tmp_path):
    from crawler.bulk.filters import FILTERED_DOMAIN, FILTERED_LANGUAGE, page_filter

    make_warc(tmp_path / "site.warc.gz")
    allow = tmp_path / "domains.txt"
    allow.write_text("news.example\n")
    result = run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out"), "jsonl",
                 page_filter=page_filter(languages=["zh"], domains=allow))
    assert json_lines(tmp_path / "out") == []
    assert result.filtered == {FILTERED_LANGUAGE: len(ENGLISH_ARTICLES)}
    other = tmp_path / "other.txt"
    other.write_text("other.example\n")
    result = run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out2"), "jsonl",
                 page_filter=page_filter(domains=other))
    assert result.pages == 0 and json_lines(tmp_path / "out2") == []
    assert result.filtered == {FILTERED_DOMAIN: len(ENGLISH_ARTICLES)}  # left out before extraction, counted


def batch_and_spark_rows(spark, tmp_path: Path, inputs: list[str], **options) -> tuple[dict, dict, dict, dict]:
    """(extract-batch's rows by URL, the Spark job's, extract-batch's counts, the Spark job's left-out counts) of the
    same inputs and options."""
    from crawler.bulk.batch import run_batch

    batch = run_batch(inputs, tmp_path / "batch.jsonl", workers=0, templates="two-pass", progress=False,
                      page_filter=options.get("page_filter"), base_url=options.get("base_url"))
    result = run(spark, inputs, str(tmp_path / "spark-out"), "jsonl", partitions=3, **options)
    batch_rows = {row["url"]: row for row in map(json.loads, (tmp_path / "batch.jsonl").read_text().splitlines())}
    spark_rows = {row["url"]: row for row in json_lines(tmp_path / "spark-out")}
    return batch_rows, spark_rows, batch.counts, result.filtered or {}


def same_row(batch_row: dict, spark_row: dict) -> None:
    """Field for field (a local file named by its path in both), plus the Spark row's ``input`` column."""
    spark_row = dict(spark_row)
    assert spark_row.pop("input") == spark_row["metadata"]["input"]
    assert spark_row == batch_row


@pytest.mark.slow
def test_near_duplicates_are_linked_and_captures_folded_as_extract_batch_does(spark, tmp_path):
    from crawler.bulk.stories import FOLDED_EARLIER_CAPTURE, LINKED_NEAR_DUPLICATE, SUPERSEDED_BY_LATER_CAPTURE
    from tests.test_bulk_filters import article, warc

    story = article("en", "Bridge vote set", "2024-03-05T10:00:00Z")
    reprint = story.replace(b"Tuesday evening", b"Tuesday night", 1)  # one word changed by the reprint
    other = article("en", "Park reopens", "2024-05-01T09:00:00Z").replace(b"bridge", b"playground")
    # The reprint comes first in input order, so the original story is the one linked to it; a second archive
    # holds a later capture of the reprint (it supersedes the first) and an earlier one of the other story.
    first = warc(tmp_path / "a-first.warc.gz", [("https://reprints.example.org/copy-of-bridge", reprint),
                                                ("https://news.example.com/park", other)], "2024-03-06T00:00:00Z")
    second = warc(tmp_path / "b-second.warc.gz", [("https://news.example.com/bridge", story),
                                                  ("https://reprints.example.org/copy-of-bridge", reprint)],
                  "2024-03-07T00:00:00Z")
    third = warc(tmp_path / "c-third.warc.gz", [("https://news.example.com/park", other)], "2024-03-01T00:00:00Z")
    batch_rows, spark_rows, batch_counts, spark_counts = batch_and_spark_rows(
        spark, tmp_path, [str(first), str(second), str(third)])
    assert batch_rows["https://news.example.com/bridge"]["metadata"]["near_duplicate_of"] == \
        "https://reprints.example.org/copy-of-bridge"
    assert sorted(spark_rows) == sorted(batch_rows)
    for url, row in batch_rows.items():
        same_row(row, spark_rows[url])
    for reason in (LINKED_NEAR_DUPLICATE, FOLDED_EARLIER_CAPTURE, SUPERSEDED_BY_LATER_CAPTURE):
        assert spark_counts.get(reason) == batch_counts.get(reason) == 1, reason


@pytest.mark.slow
def test_the_archive_corpus_over_http_gives_extract_batchs_rows_and_counts(spark, tmp_path):
    import functools
    import http.server
    import threading

    from helpers.archive_corpus import SHARED, build_corpus

    from crawler.bulk.filters import page_filter

    if not (SHARED / "wcxb-dev").is_dir() or not (SHARED / "zh-news").is_dir():
        pytest.skip("../shared/datasets is not checked out beside the repository")
    since, until = "2025-01-01", "2025-06-30"
    corpus = build_corpus(tmp_path / "crawl-data", since, until)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(corpus.folder))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        batch_rows, spark_rows, batch_counts, spark_counts = batch_and_spark_rows(
            spark, tmp_path, [str(corpus.paths_file)], base_url=f"http://127.0.0.1:{server.server_address[1]}/",
            page_filter=page_filter(kinds=["article"], languages=["en"], since=since, until=until))
    finally:
        server.shutdown()
        server.server_close()
    kept, left_out = corpus.expected({"en"}, since, until)
    assert sorted(spark_rows) == sorted(batch_rows) == sorted(kept)
    for url, row in batch_rows.items():
        same_row(row, spark_rows[url])
    for reason, count in left_out.items():
        assert spark_counts.get(reason, 0) == batch_counts.get(reason, 0) == count, reason


@pytest.mark.slow
def test_command_line(spark, tmp_path, capsys):
    """Last in the file: the command stops the (shared) Spark session when it is done."""
    from crawler.cli import main

    make_warc(tmp_path / "site.warc.gz")
    code = main(["spark-extract", str(tmp_path / "site.warc.gz"), str(tmp_path / "out"), "--format", "jsonl",
                 "--master", "local[2]"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["pages"] == len(ENGLISH_ARTICLES) and summary["pages_per_second"] > 0
    assert main(["spark-extract", str(tmp_path / "nothing-here.warc"), str(tmp_path / "out2")]) == 1
