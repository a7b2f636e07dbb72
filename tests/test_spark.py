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

from crawler.bulk.spark_job import Page, read_file
from crawler.sample_site import SITE_ROOT

pytest.importorskip("pyspark")
if shutil.which("java") is None:
    pytest.skip("no Java (apt-get install openjdk-17-jre-headless)", allow_module_level=True)

from crawler.bulk.spark_job import SparkJobError, run, spark_session

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
    rows = [json.loads(line) for part in sorted((tmp_path / "out").glob("part-*.json"))
            for line in part.read_text(encoding="utf-8").splitlines()]
    assert sorted(row["url"] for row in rows) == expected  # one row per HTML 200 response, nothing else
    assert result.pages == len(expected) and result.rows_with_text == len(expected)
    assert all(row["text"] and row["title"] and row["input"].startswith("file:") for row in rows)
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
        assert isinstance(row["authors"], list) and json.loads(row["metadata"])["source"] == "spark"


@pytest.mark.slow  # the Spark session alone takes 10 s or more to start on 2 cores
def test_existing_output_is_refused(spark, tmp_path):
    make_warc(tmp_path / "site.warc.gz")
    (tmp_path / "out").mkdir()
    with pytest.raises(SparkJobError):
        run(spark, [str(tmp_path / "site.warc.gz")], str(tmp_path / "out"), "jsonl")


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
