"""extract-batch: WARC/ARC/folder/JSON-lines inputs, one row per HTML 200 page, crawl-equal rows, Parquet, resume
after a kill, two-pass templates. WARC fixtures are built here from the shipped sample site's pages."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from helpers.kill_runs import KILL_TIMEOUT_SECONDS, kill_when, run_again
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from crawler.bulk import archives, batch, chunks, writers
from crawler.bulk.batch import BatchError, is_html, run_batch
from crawler.bulk.records import Page, Skipped
from crawler.cli import main
from crawler.extraction_service import DEFAULT_START_METHOD
from crawler.items import ARTICLE_FIELDS
from crawler.pagejob import PageExtractor
from crawler.pipelines import article_item

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "samples" / "site"
SITE_PAGES = sorted(SITE.rglob("*.html"))


def site_url(page: Path, copy: int = 0) -> str:
    return f"http://news{copy}.example/{page.relative_to(SITE).as_posix()}"


def http_response(writer: WARCWriter, url: str, body: bytes, status: str = "200 OK",
                  content_type: str = "text/html; charset=utf-8") -> None:
    headers = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
    writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=headers))


def build_warc(path: Path, copies: int = 1, gzipped: bool = True) -> list[str]:
    """The site's pages (each copy under its own host) with request records, a 404, a redirect, an image and a
    warcinfo record; returns the URLs that must give rows."""
    expected = []
    with path.open("wb") as file:
        writer = WARCWriter(file, gzip=gzipped)
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": "tests"}))
        for copy in range(copies):
            for page in SITE_PAGES:
                url = site_url(page, copy)
                request = io.BytesIO(b"GET / HTTP/1.1\r\nHost: example\r\n\r\n")
                writer.write_record(writer.create_warc_record(url, "request", payload=request))
                charset = "gbk" if "/zh/" in url else "utf-8"
                http_response(writer, url, page.read_bytes(), content_type=f"text/html; charset={charset}")
                expected.append(url)
            host = f"http://news{copy}.example"
            http_response(writer, f"{host}/missing.html", b"<html><body><p>Not found</p></body></html>",
                          status="404 Not Found")
            http_response(writer, f"{host}/old.html", b"<html><body>moved</body></html>", status="301 Moved")
            http_response(writer, f"{host}/logo.png", b"\x89PNG\r\n\x1a\n fake image", content_type="image/png")
    return expected


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def site_warc(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("warc") / "site.warc.gz"
    return path, build_warc(path)


def test_warc_gives_one_row_per_html_200_page_and_counts_the_rest(site_warc, tmp_path):
    warc, expected = site_warc
    out = tmp_path / "out.jsonl"
    result = run_batch([warc], out, workers=0, progress=False)
    rows = read_rows(out)
    assert [row["url"] for row in rows] == expected
    assert result.counts["status_not_200"] == 2  # the 404 and the 301
    assert result.counts["not_html"] == 1
    assert result.counts["record_request"] == len(expected)
    assert result.counts["record_warcinfo"] == 1
    assert result.counts["pages"] == len(expected) == result.rows
    assert all(row["text"] for row in rows)
    chinese = next(row for row in rows if "/zh/2024/" in row["url"])
    assert chinese["language"] == "zh" and "图书馆" in chinese["text"] + chinese["title"]
    assert chinese["metadata"]["input"].startswith(f"{warc}:")
    assert chinese["crawled_at"]  # the WARC-Date


def test_batch_row_equals_the_crawl_pipelines_row(site_warc, tmp_path):
    warc, _ = site_warc
    out = tmp_path / "out.jsonl"
    run_batch([warc], out, workers=0, progress=False)
    rows = {row["url"]: row for row in read_rows(out)}
    page = SITE / "world" / "2024" / "03" / "12" / "river-flood-defences-approved.html"
    url = site_url(page)
    fields = PageExtractor(None).extract(page.read_bytes(), url, "text/html; charset=utf-8")
    crawl_row = dict(article_item(fields, {"url": url, "source": "warc"}))
    batch_row = rows[url]
    assert list(batch_row) == [name for name in ARTICLE_FIELDS if name in batch_row]
    for name in ("url", "canonical_url", "title", "text", "language", "published", "authors", "page_type",
                 "extractor", "content_hash"):
        assert batch_row.get(name) == crawl_row.get(name), name
    assert set(batch_row) == set(crawl_row)


@pytest.mark.slow
def test_cli_on_two_cores_with_ungzipped_warc(tmp_path):
    warc = tmp_path / "pages.warc"
    expected = build_warc(warc, gzipped=False)
    out = tmp_path / "out.jsonl"
    completed = subprocess.run([sys.executable, "-m", "crawler", "extract-batch", str(warc), "--output", str(out),
                                "--workers", "2", "--no-progress"],
                               cwd=ROOT, capture_output=True, text=True, timeout=KILL_TIMEOUT_SECONDS)
    assert completed.returncode == 0, completed.stderr
    summary = json.loads(completed.stdout)
    assert summary["workers"] == 2 and summary["rows"] == len(expected)
    assert summary["worker_peak_rss_mb"] > 0 and summary["worker_cpu_s"] > 0
    assert sorted(row["url"] for row in read_rows(out)) == sorted(expected)
    # Done is done: the same command again writes nothing twice.
    again = subprocess.run([sys.executable, "-m", "crawler", "extract-batch", str(warc), "--output", str(out),
                            "--workers", "2", "--no-progress"], cwd=ROOT, capture_output=True, text=True,
                           timeout=KILL_TIMEOUT_SECONDS)
    assert again.returncode == 0 and "already complete" in again.stderr
    assert len(read_rows(out)) == len(expected)


def test_folder_input_reads_html_and_gz_recursively_as_file_urls(tmp_path):
    folder = tmp_path / "saved"
    (folder / "deep" / "er").mkdir(parents=True)
    first, second = SITE_PAGES[0], SITE / "zh" / "2024" / "03" / "12" / "library-solar.html"
    (folder / "a.html").write_bytes(first.read_bytes())
    (folder / "deep" / "er" / "b.htm.gz").write_bytes(gzip.compress(second.read_bytes()))
    (folder / "deep" / "broken.html.gz").write_bytes(b"\x1f\x8b not really gzip")
    (folder / "notes.txt").write_text("not a page")
    out = tmp_path / "out.jsonl"
    result = run_batch([folder], out, workers=0, progress=False)
    rows = read_rows(out)
    assert [row["url"] for row in rows] == [(folder / "a.html").as_uri(), (folder / "deep/er/b.htm.gz").as_uri()]
    assert rows[1]["language"] == "zh" and rows[1]["text"]
    assert result.counts["corrupt_file"] == 1  # a .gz that does not inflate: counted, the run goes on


def test_json_lines_input_counts_bad_lines_and_keeps_good_ones(tmp_path, caplog):
    page = SITE / "world" / "2024" / "03" / "12" / "river-flood-defences-approved.html"
    source = tmp_path / "pages.jsonl"
    lines = [
        json.dumps({"url": "http://a.example/1.html", "html": page.read_text(encoding="utf-8"), "lang_hint": "x"}),
        "{not json",
        json.dumps(["a", "list"]),
        json.dumps({"url": "http://a.example/2.html"}),
        json.dumps({"url": "http://a.example/3.html", "html": "<p>x</p>", "status": 404}),
        "",
        json.dumps({"url": "http://a.example/4.html", "html": "<html><body></body></html>"}),
    ]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    with caplog.at_level("WARNING", logger="crawler.bulk"):
        result = run_batch([source], out, workers=0, progress=False)
    rows = read_rows(out)
    assert [row["url"] for row in rows] == ["http://a.example/1.html", "http://a.example/4.html"]
    assert rows[0]["text"] and rows[0]["metadata"]["lang_hint"] == "x"
    assert not rows[1]["text"] and rows[1]["reason"]  # an empty page is a row with its reason
    assert result.counts["bad_json"] == 2 and result.counts["missing_html"] == 1
    assert result.counts["status_not_200"] == 1 and result.counts["empty_text"] == 1
    assert f"{source}:2" in caplog.text and "not JSON" in caplog.text


def test_truncated_warc_keeps_the_pages_before_the_break(site_warc, tmp_path):
    warc, expected = site_warc
    data = warc.read_bytes()
    broken = tmp_path / "broken.warc.gz"
    broken.write_bytes(data[: len(data) * 2 // 3] + b"garbage that is not gzip")
    out = tmp_path / "out.jsonl"
    result = run_batch([broken], out, workers=0, progress=False)
    urls = [row["url"] for row in read_rows(out)]
    assert 0 < len(urls) < len(expected) and urls == expected[: len(urls)]
    assert result.counts["broken_archive"] == 1


WARC_LAYOUTS = ("gzip member per record", "plain", "one gzip member", "zstd", "lz4")


def _compressed_with_fastwarc(data: bytes, layout: str, path: Path) -> bytes:
    from fastwarc.stream_io import Lz4Writer, ZstdWriter

    writer = (ZstdWriter if layout == "zstd" else Lz4Writer)(str(path), fsspec_args=False)
    writer.write(data)
    writer.close()
    return path.read_bytes()


@pytest.mark.parametrize("layout", WARC_LAYOUTS)
def test_every_cut_of_an_archive_is_reported_and_gives_no_partial_page(layout, tmp_path):
    """FastWARC stops silently at a cut and gives the cut record as if whole: each cut point of the archive must
    give exactly one broken_archive record, and only pages that are whole."""
    plain = tmp_path / "site.warc"
    build_warc(plain, gzipped=False)
    whole_pages = {record.url: record.html for record in archives.read_warc(str(plain), "x")
                   if isinstance(record, Page)}
    if layout == "gzip member per record":
        build_warc(tmp_path / "site.warc.gz")
        data = (tmp_path / "site.warc.gz").read_bytes()
    elif layout in ("zstd", "lz4"):
        data = _compressed_with_fastwarc(plain.read_bytes(), layout, tmp_path / "site.warc.compressed")
    else:
        data = plain.read_bytes() if layout == "plain" else gzip.compress(plain.read_bytes())
    suffixes = {"plain": ".warc", "zstd": ".warc.zst", "lz4": ".warc.lz4"}
    archive = tmp_path / ("archive" + suffixes.get(layout, ".warc.gz"))
    archive.write_bytes(data)
    clean = list(archives.read_warc(str(archive), "x"))
    assert not [record for record in clean if getattr(record, "reason", "") == "broken_archive"]
    assert len([record for record in clean if isinstance(record, Page)]) == len(whole_pages)
    # A cut at a record's start (or in the "\r\n\r\n" that ends the record before it) leaves a whole, shorter
    # archive: nothing to report there.
    starts = set() if layout in ("one gzip member", "zstd", "lz4") else {
        int(record.input.rsplit(":", 1)[1]) for record in clean} | {len(data)}
    whole_archive_cuts = {start - padding for start in starts for padding in range(len(b"\r\n\r\n") + 1)}
    if layout == "lz4":  # a cut in the frame's 4-byte end mark leaves every record whole; FastWARC reads them all
        whole_archive_cuts |= set(range(len(data) - 4, len(data)))
    cuts = [cut for cut in range(1, len(data), len(data) // 250) if cut not in whole_archive_cuts]
    assert len(cuts) > 200
    for cut in cuts:
        for tail in (b"", b"garbage"):
            records = list(archives.read_warc(io.BytesIO(data[:cut] + tail), "x"))
            assert [record.reason for record in records if isinstance(record, Skipped)
                    and record.reason == "broken_archive"] == ["broken_archive"], (cut, tail)
            assert records[-1].reason == "broken_archive"
            pages = [record for record in records if isinstance(record, Page)]
            assert all(page.html == whole_pages[page.url] for page in pages), (cut, tail)


def test_garbage_after_a_whole_last_record_keeps_that_record(site_warc, tmp_path):
    warc, expected = site_warc
    broken = tmp_path / "broken.warc.gz"
    broken.write_bytes(warc.read_bytes() + b"not a record")
    records = list(archives.read_warc(str(broken), "x"))
    assert [record.url for record in records if isinstance(record, Page)] == expected
    assert records[-1].reason == "broken_archive" and "12 bytes after the last record" in records[-1].detail


def test_a_damaged_record_inside_a_readable_archive_is_counted_not_extracted(tmp_path):
    warc = tmp_path / "site.warc"
    expected = build_warc(warc, gzipped=False)
    data = warc.read_bytes()
    damaged_at = data.index(b"repair caf")  # inside one page's body; the record keeps its length
    warc.write_bytes(data[:damaged_at] + b"REPAIR" + data[damaged_at + len(b"REPAIR"):])
    out = tmp_path / "out.jsonl"
    result = run_batch([warc], out, workers=0, progress=False)
    damaged = next(url for url in expected if "repair-cafe" in url)
    assert [row["url"] for row in read_rows(out)] == [url for url in expected if url != damaged]
    assert result.counts["bad_digest"] == 1 and not result.counts["broken_archive"]


def test_arc_files_are_read(tmp_path):
    page = SITE / "world" / "2024" / "03" / "12" / "river-flood-defences-approved.html"
    body = page.read_bytes()
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + body
    version = b"1 0 tests\nURL IP-address Archive-date Content-type Archive-length\n"
    header = f"filedesc://test.arc 0.0.0.0 20240312000000 text/plain {len(version)}\n".encode() + version + b"\n"
    record = f"http://arc.example/a.html 127.0.0.1 20240312093000 text/html {len(http)}\n".encode() + http + b"\n"
    not_found = b"HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n<html>gone</html>"
    missing = f"http://arc.example/b.html 127.0.0.1 20240312093000 text/html {len(not_found)}\n".encode()
    arc = tmp_path / "pages.arc"
    arc.write_bytes(header + record + missing + not_found + b"\n")
    out = tmp_path / "out.jsonl"
    result = run_batch([arc], out, workers=0, progress=False)
    rows = read_rows(out)
    assert [row["url"] for row in rows] == ["http://arc.example/a.html"] and rows[0]["text"]
    assert result.counts["status_not_200"] == 1
    # warcio, like FastWARC, gives a cut last record as if whole: it is counted, not extracted
    cut = tmp_path / "cut.arc.gz"
    cut.write_bytes(gzip.compress(header) + gzip.compress(record)[:-40])
    result = run_batch([cut], tmp_path / "cut.jsonl", workers=0, progress=False)
    assert result.counts["broken_archive"] == 1 and not read_rows(tmp_path / "cut.jsonl")


def test_parquet_output_has_the_json_lines_rows(site_warc, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    warc, expected = site_warc
    run_batch([warc], tmp_path / "out.jsonl", workers=0, progress=False)
    run_batch([warc], tmp_path / "out.parquet", workers=0, progress=False)
    table = pq.read_table(tmp_path / "out.parquet").to_pylist()
    json_rows = read_rows(tmp_path / "out.jsonl")
    assert [row["url"] for row in table] == expected
    assert [row["text"] for row in table] == [row["text"] for row in json_rows]
    assert json.loads(table[0]["metadata"])["source"] == "warc"
    assert not (tmp_path / "out.parquet.parts").exists()


def test_an_interrupted_write_is_neither_duplicated_nor_lost(tmp_path, monkeypatch):
    """The output grew but the state did not (killed between the two): the rerun truncates and redoes it."""
    warc = tmp_path / "pages.warc.gz"
    expected = build_warc(warc, copies=3)
    monkeypatch.setattr(chunks, "CHUNK_MAX_PAGES", 8)
    real_write = writers.JsonLinesWriter.write
    calls = Counter()

    def write_then_die(self, rows):
        durable = real_write(self, rows)
        calls["write"] += 1
        if calls["write"] == 3:
            raise KeyboardInterrupt  # after the third chunk is in the file, before its state is saved
        return durable

    monkeypatch.setattr(writers.JsonLinesWriter, "write", write_then_die)
    out = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_batch([warc], out, workers=0, progress=False)
    assert len(read_rows(out)) == 24  # three chunks of 8 in the file, two of them recorded
    monkeypatch.setattr(writers.JsonLinesWriter, "write", real_write)
    result = run_batch([warc], out, workers=0, progress=False)
    assert [row["url"] for row in read_rows(out)] == expected
    assert result.resumed_from > 0 and result.rows_this_run == len(expected) - 16
    assert result.counts["pages"] == len(expected) and result.counts["status_not_200"] == 6


@pytest.mark.slow
def test_killed_run_resumes_without_duplicates_or_gaps(tmp_path):
    warc = tmp_path / "pages.warc.gz"
    expected = build_warc(warc, copies=16)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "crawler", "extract-batch", str(warc), "-o", str(out), "--workers", "1",
               "--no-progress", "--start-method", "fork"]
    killed_state = kill_when(command, Path(str(out) + ".state.json"), lambda state: state["records_done"] > 0)
    assert killed_state["phase"] != "done", "the run finished before it could be killed; make the WARC larger"
    summary = run_again(command, KILL_TIMEOUT_SECONDS)
    urls = [row["url"] for row in read_rows(out)]
    assert urls == expected  # every page once, in input order
    assert summary["resumed_from_record"] > 0


def test_two_pass_uses_templates_learned_from_all_pages(tmp_path):
    warc = tmp_path / "pages.warc.gz"
    build_warc(warc)
    one = run_batch([warc], tmp_path / "one.jsonl", workers=0, progress=False)
    two = run_batch([warc], tmp_path / "two.jsonl", workers=0, progress=False, templates="two-pass")
    assert one.rows == two.rows
    templated_one = [row["url"] for row in read_rows(tmp_path / "one.jsonl") if row.get("template")]
    templated_two = [row["url"] for row in read_rows(tmp_path / "two.jsonl") if row.get("template")]
    # The first page of each URL pattern has no template yet in one pass; in two passes it has.
    assert set(templated_one) < set(templated_two)
    assert Path(str(tmp_path / "two.jsonl") + ".templates.sqlite").exists()


def test_existing_output_without_state_is_not_overwritten(site_warc, tmp_path, capsys):
    warc, _ = site_warc
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    with pytest.raises(BatchError, match="--overwrite"):
        run_batch([warc], out, workers=0, progress=False)
    assert out.read_text() == "precious\n"
    assert main(["extract-batch", str(tmp_path / "nothing-here"), "-o", str(tmp_path / "x.jsonl")]) == 1
    assert "no such file or folder" in capsys.readouterr().err
    run_batch([warc], out, workers=0, progress=False, overwrite=True)
    assert "precious" not in out.read_text()


def test_html_detection():
    assert is_html("text/html; charset=utf-8", b"")
    assert is_html("application/xhtml+xml", b"")
    assert not is_html("image/png", b"<html>")
    assert is_html(None, b"  <!DOCTYPE html><html>")
    assert not is_html(None, b"%PDF-1.4")


def test_start_method_matches_the_crawl_pipeline():
    assert batch.DEFAULT_START_METHOD == DEFAULT_START_METHOD
