"""The command line on small pages and data sets built in tmp_path, with extractors registered by the test.

The real extractors are written by others and may change; these tests register two of their own: one that
keeps long, unlinked blocks and one that always raises.
"""

from __future__ import annotations

import gzip
import http.server
import io
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

import crawler.extractors as extractors
from crawler.cli import main
from crawler.evaluation import peers
from crawler.evaluation.bench import JSON_KEYS as BENCH_KEYS
from crawler.evaluation.bench import PARSE_FLOOR
from crawler.evaluation.evaluate import JSON_KEYS as EVALUATE_KEYS
from crawler.extractors.steps.pipeline import Extractor, Run, Step

MIN_WORDS = 5  # the test extractor's notion of a paragraph

ARTICLE = ("The river flooded the old town after three days of heavy rain.\n"
           "Residents were moved to the school gym while the water kept rising.")
PAGE = """<!doctype html><html><head><title>Flood in the old town</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<article><h1>Flood</h1>
<p>The river flooded the old town after three days of heavy rain.</p>
<p>Residents were moved to the school gym while the water kept rising.</p>
</article>
<footer><a href="/about">About us</a></footer>
</body></html>"""


class KeepLongBlocks(Step):
    def process(self, run: Run) -> bool:
        for block in run.blocks:
            long_enough = block.num_words >= MIN_WORDS and block.link_density < 0.5
            label = "long" if long_enough else "short"
            block.decide(self.name, long_enough, f"{block.num_words} words", label)
        return True


class LongBlocksExtractor(Extractor):
    name = "test-long"
    steps = (KeepLongBlocks(),)


class BrokenExtractor(Extractor):
    name = "test-broken"

    def extract(self, doc):  # type: ignore[no-untyped-def]
        raise RuntimeError("deliberately broken")


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the test's extractors are registered, so `all` means exactly these two."""
    monkeypatch.setattr(extractors, "_REGISTRY", {"test-long": "tests:LongBlocksExtractor",
                                                  "test-broken": "tests:BrokenExtractor"})
    monkeypatch.setattr(extractors, "_INSTANCES", {"test-long": LongBlocksExtractor(),
                                                   "test-broken": BrokenExtractor()})


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    assert stopped.value.code == 2
    return capsys.readouterr().err


# ---------------------------------------------------------------- extract


def test_extract_file_prints_title_line_then_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    code, out, err = run_cli(capsys, "extract", str(page), "--extractor", "test-long")
    assert code == 0
    assert out.splitlines() == ["Flood in the old town", *ARTICLE.splitlines()]
    assert err == ""


def test_extract_gz_file_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html.gz"
    page.write_bytes(gzip.compress(PAGE.encode()))
    code, out, _ = run_cli(capsys, "extract", str(page), "--extractor", "test-long", "--format", "json",
                           "--url", "https://example.com/flood.html")
    assert code == 0
    article = json.loads(out)
    assert article["text"] == ARTICLE
    assert article["title"] == "Flood in the old town"
    assert article["url"] == "https://example.com/flood.html"
    assert article["extractor"] == "test-long"


def test_extract_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PAGE.encode("utf-8"))))
    code, out, _ = run_cli(capsys, "extract", "-", "--extractor", "test-long")
    assert code == 0
    assert ARTICLE in out


def test_empty_page_exits_zero_with_the_reason_on_stderr(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "empty.html"
    page.write_bytes(b"")
    code, out, err = run_cli(capsys, "extract", str(page), "--extractor", "test-long")
    assert code == 0
    assert out.strip() == ""
    assert "empty input" in err


def test_missing_file_is_a_failure_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "extract", str(tmp_path / "nope.html"), "--extractor", "test-long")
    assert code == 1
    assert "no such file" in err and out == ""


def test_unknown_extractor_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    message = usage_error(capsys, "extract", str(page), "--extractor", "nonesuch")
    assert "unknown extractor 'nonesuch'" in message
    dataset = make_scrapinghub(tmp_path / "sh")
    assert "nonesuch" in usage_error(capsys, "evaluate", "--dataset", str(dataset), "--extractor", "nonesuch")


# Cyrillic in KOI8-R behind a <meta charset> that lies (windows-1251 decodes those bytes without an error,
# into nonsense): only the Content-Type header, which HTTP puts above the meta, gives the right text.
CYRILLIC_TEXT = "Река затопила старый город после трёх дней сильного дождя."
CYRILLIC_PAGE = (f'<html><head><meta charset="windows-1251"><title>Наводнение</title></head>'
                 f"<body><p>{CYRILLIC_TEXT}</p></body></html>")


class _PageHandler(http.server.BaseHTTPRequestHandler):
    seen_user_agents: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.seen_user_agents.append(self.headers.get("User-Agent", ""))
        if self.path != "/news.html":
            self.send_error(404, "Not Found")
            return
        body = CYRILLIC_PAGE.encode("koi8-r")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=koi8-r")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:  # keep pytest's output clean
        pass


@pytest.fixture
def local_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    for variable in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(variable, raising=False)
    server = http.server.HTTPServer(("127.0.0.1", 0), _PageHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_extract_url_decodes_with_the_content_type_header(local_server: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "extract", f"{local_server}/news.html", "--extractor", "test-long",
                           "--format", "json")
    assert code == 0
    article = json.loads(out)
    assert article["text"] == CYRILLIC_TEXT
    assert article["title"] == "Наводнение"
    assert article["url"] == f"{local_server}/news.html"
    assert "newscrawler" in _PageHandler.seen_user_agents[-1]


def test_extract_url_http_error_is_a_failure(local_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "extract", f"{local_server}/missing.html", "--extractor", "test-long")
    assert code == 1
    assert "HTTP 404" in err


# ---------------------------------------------------------------- data sets


def make_scrapinghub(root: Path) -> Path:
    """Two pages: one the test extractor gets exactly, one where it misses half the gold text."""
    (root / "html").mkdir(parents=True)
    (root / "html" / "a1.html.gz").write_bytes(gzip.compress(PAGE.encode()))
    (root / "html" / "b2.html").write_text(PAGE.replace("<p>Residents", "<p><a href='/x'>Residents")
                                           .replace("rising.</p>", "rising.</a></p>"), encoding="utf-8")
    truth = {"a1": {"articleBody": ARTICLE, "url": "https://example.com/a1"},
             "b2": {"articleBody": ARTICLE, "url": "https://example.com/b2"}}
    (root / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")
    return root


def make_readability(root: Path) -> Path:
    case = root / "flood-case"
    case.mkdir(parents=True)
    (case / "source.html").write_text(PAGE, encoding="utf-8")
    paragraphs = "".join(f"<p>{line}</p>" for line in ARTICLE.splitlines())
    (case / "expected.html").write_text(f"<div>{paragraphs}</div>", encoding="utf-8")
    return root


def test_evaluate_table_scores_every_extractor_and_counts_errors(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    dataset = make_scrapinghub(tmp_path / "sh")
    code, out, err = run_cli(capsys, "evaluate", "--dataset", str(dataset), "--extractor", "all")
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith("test-")}
    assert set(rows) == {"test-long", "test-broken"}
    assert rows["test-long"][1] == "2"  # pages
    assert rows["test-broken"][-1] == "2"  # errors: raised on both pages, never aborted
    assert rows["test-broken"][2] == "0.000"  # F1 of a run that found nothing
    assert "test-broken: raised on 2 of 2 pages" in err and "deliberately broken" in err


def test_all_skips_an_extractor_that_does_not_import_but_a_named_one_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(extractors._REGISTRY, "test-unwritten", "crawler.extractors.no_such_module:Nothing")
    dataset = str(make_scrapinghub(tmp_path / "sh"))
    code, out, err = run_cli(capsys, "evaluate", "--dataset", dataset, "--extractor", "all", "--json")
    assert code == 0
    assert [row["extractor"] for row in json.loads(out)] == ["test-long", "test-broken"]
    assert "'test-unwritten' skipped" in err
    code, out, err = run_cli(capsys, "evaluate", "--dataset", dataset, "--extractor", "test-unwritten")
    assert code == 1 and out == ""
    assert "cannot be loaded" in err


def test_evaluate_json_has_exactly_the_documented_keys(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    dataset = make_scrapinghub(tmp_path / "sh")
    code, out, _ = run_cli(capsys, "evaluate", "--dataset", str(dataset), "--extractor", "test-long",
                           "--json")
    assert code == 0
    [row] = json.loads(out)
    assert set(row) == set(EVALUATE_KEYS)
    assert row["extractor"] == "test-long" and row["pages"] == 2
    # Page a1 is exact; on b2 the linked paragraph (12 tokens) is dropped: 9 of the 21 gold shingles found.
    assert row["precision"] == 1.0
    assert row["recall"] == pytest.approx((1 + 9 / 21) / 2, abs=1e-3)
    assert row["accuracy"] == 0.5


def test_evaluate_reads_the_readability_layout_and_limit(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "evaluate", "--dataset", str(make_readability(tmp_path / "rd")),
                           "--extractor", "test-long", "--json")
    assert code == 0
    assert json.loads(out)[0]["f1"] == 1.0
    code, out, _ = run_cli(capsys, "evaluate", "--dataset", str(make_scrapinghub(tmp_path / "sh")),
                           "--extractor", "test-long", "--json", "--limit", "1")
    assert json.loads(out)[0]["pages"] == 1


def test_bad_dataset_path_is_a_failure_with_a_message(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "missing")
    code, out, err = run_cli(capsys, "evaluate", "--dataset", missing, "--extractor", "test-long")
    assert code == 1 and out == ""
    assert "not a folder" in err
    (tmp_path / "neither").mkdir()
    neither = str(tmp_path / "neither")
    code, _, err = run_cli(capsys, "bench", "--dataset", neither, "--extractor", "test-long")
    assert code == 1
    assert "ground-truth.json" in err


def test_peers_unknown_is_usage_error_and_missing_is_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    dataset = str(make_scrapinghub(tmp_path / "sh"))
    message = usage_error(capsys, "evaluate", "--dataset", dataset, "--extractor", "test-long",
                          "--peers", "goose9")
    assert "unknown peer 'goose9'" in message
    absent = peers.Peer("absent", "absent-package", "absent_module_for_tests", "never installed",
                        lambda: (_ for _ in ()).throw(ImportError("absent")))
    monkeypatch.setitem(peers.PEERS, "absent", absent)
    code, _, err = run_cli(capsys, "evaluate", "--dataset", dataset, "--extractor", "test-long",
                           "--peers", "absent")
    assert code == 1
    assert "pip install absent-package" in err


def test_a_peer_runs_on_the_same_pages_in_the_same_table(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("boilerpy3")
    dataset = str(make_scrapinghub(tmp_path / "sh"))
    code, out, _ = run_cli(capsys, "evaluate", "--dataset", dataset, "--extractor", "test-long",
                           "--peers", "boilerpy3", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [row["extractor"] for row in rows] == ["test-long", "peer:boilerpy3"]
    assert rows[1]["pages"] == 2


# ---------------------------------------------------------------- bench


@pytest.mark.slow
def test_bench_json_has_the_parse_floor_and_exactly_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = make_scrapinghub(tmp_path / "sh")
    code, out, err = run_cli(capsys, "bench", "--dataset", str(dataset), "--extractor", "test-long",
                             "--rounds", "1", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [row["extractor"] for row in rows] == [PARSE_FLOOR, "test-long"]
    for row in rows:
        assert set(row) == set(BENCH_KEYS)
        assert row["pages_per_s"] > 0 and row["mb_per_s"] > 0 and row["peak_rss_mb"] > 0
    assert rows[0]["parse_ratio"] == 1.0
    assert rows[1]["parse_ratio"] > 1.0  # parse_html + extract cannot beat the bare lxml parse


@pytest.mark.slow
def test_bench_cpu_time_mode_says_so_and_keeps_the_floor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dataset = make_scrapinghub(tmp_path / "sh")
    code, out, err = run_cli(capsys, "bench", "--dataset", str(dataset), "--extractor", "test-long",
                             "--rounds", "1", "--cpu-time")
    assert code == 0, err
    assert "CPU time" in out.splitlines()[0]
    assert PARSE_FLOOR in out and "test-long" in out


def test_bench_rounds_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dataset = str(make_scrapinghub(tmp_path / "sh"))
    assert "at least 1" in usage_error(capsys, "bench", "--dataset", dataset, "--rounds", "0")


# ---------------------------------------------------------------- help


@pytest.mark.slow
def test_help_documents_every_command() -> None:
    result = subprocess.run([sys.executable, "-m", "crawler", "--help"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[1], timeout=60, check=False)
    assert result.returncode == 0
    for command in ("extract", "evaluate", "bench"):
        assert command in result.stdout
