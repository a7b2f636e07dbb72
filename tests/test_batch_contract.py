"""extract-batch keeps its contract with the person running it: an output that cannot be written (a read-only
place, a full disk) is one line naming the file and the cause and exit status 1, never a traceback, and leaves no
torn row; the rerun after space is freed completes; Ctrl-C says how far it got and how to resume; a folder's
files other than pages and archives are counted by reason in one line; the progress bar has a total and an ETA."""

from __future__ import annotations

import errno
import json
import os
from collections import Counter
from pathlib import Path

import pytest

from crawler.bulk import writers
from crawler.bulk.batch import run_batch
from crawler.cli import main

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "samples" / "site"


def saved_pages(folder: Path, count: int) -> list[Path]:
    """``count`` article pages of the sample site copied into ``folder`` (distinct names)."""
    pages = [page for page in sorted(SITE.rglob("*.html")) if "/2024/" in page.as_posix()]
    folder.mkdir(parents=True, exist_ok=True)
    copied = []
    for number in range(count):
        target = folder / f"page-{number:03d}.html"
        target.write_bytes(pages[number % len(pages)].read_bytes())
        copied.append(target)
    return copied


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process cannot create files in: read-only permissions, or (as root, whom permissions do not
    stop) a read-only system folder."""
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


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("place", ["read-only folder", "under a file"])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_1(tmp_path, capsys, place):
    pages = tmp_path / "pages"
    saved_pages(pages, 2)
    if place == "read-only folder":
        output = unwritable_folder(tmp_path) / "out.jsonl"
    else:
        (tmp_path / "a-file").write_text("x")
        output = tmp_path / "a-file" / "out.jsonl"
    code = main(["extract-batch", str(pages), "-o", str(output), "--workers", "0", "--no-progress"])
    captured = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in captured.err
    lines = error_lines(captured.err)
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("error: ") and str(output.parent) in lines[0]
    assert captured.out == ""


def full_disk_after(calls_before_failure: int, monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Makes the JSON lines output's writes fail with ENOSPC from the given call on, the failing call writing half
    of its bytes first (as a disk that fills in the middle of a write does)."""
    real_write = os.write
    calls: Counter = Counter()

    def write(fd: int, data: bytes) -> int:
        calls["write"] += 1
        if calls["write"] > calls_before_failure:
            if calls["write"] == calls_before_failure + 1 and len(data) > 1:
                return real_write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(writers.os, "write", write)
    return calls


def test_a_full_disk_is_one_line_leaves_whole_rows_and_the_rerun_completes(tmp_path, capsys, monkeypatch):
    pages = tmp_path / "pages"
    saved_pages(pages, 30)
    monkeypatch.setattr("crawler.bulk.chunks.CHUNK_MAX_PAGES", 5)
    output = tmp_path / "out.jsonl"
    full_disk_after(2, monkeypatch)
    code = main(["extract-batch", str(pages), "-o", str(output), "--workers", "0", "--no-progress"])
    captured = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in captured.err
    lines = error_lines(captured.err)
    assert len(lines) == 1, captured.err
    assert str(output) in lines[0] and os.strerror(errno.ENOSPC) in lines[0]
    data = output.read_bytes()
    assert data.endswith(b"\n")  # no torn last row: every line is a whole row
    assert all(json.loads(line) for line in data.decode("utf-8").splitlines())
    monkeypatch.undo()  # space freed
    code = main(["extract-batch", str(pages), "-o", str(output), "--workers", "0", "--no-progress"])
    assert code == 0
    urls = [json.loads(line)["url"] for line in output.read_text(encoding="utf-8").splitlines()]
    assert sorted(urls) == sorted(page.as_uri() for page in pages.iterdir())


def test_ctrl_c_says_how_far_it_got_and_how_to_resume(tmp_path, capsys, monkeypatch):
    pages = tmp_path / "pages"
    saved_pages(pages, 12)
    monkeypatch.setattr("crawler.bulk.chunks.CHUNK_MAX_PAGES", 4)
    real_write = writers.JsonLinesWriter.write
    calls: Counter = Counter()

    def write_then_interrupt(self, rows):
        calls["write"] += 1
        if calls["write"] == 2:
            raise KeyboardInterrupt
        return real_write(self, rows)

    monkeypatch.setattr(writers.JsonLinesWriter, "write", write_then_interrupt)
    output = tmp_path / "out.jsonl"
    command = ["extract-batch", str(pages), "-o", str(output), "--workers", "0", "--no-progress"]
    code = main(command)
    captured = capsys.readouterr()
    assert code == 130
    assert "Traceback" not in captured.err
    lines = error_lines(captured.err)
    assert len(lines) == 1, captured.err
    assert "interrupted" in lines[0] and "4 rows" in lines[0] and str(output) in lines[0]
    assert "resume" in lines[0]
    monkeypatch.setattr(writers.JsonLinesWriter, "write", real_write)
    assert main(command) == 0
    urls = [json.loads(line)["url"] for line in output.read_text(encoding="utf-8").splitlines()]
    assert sorted(urls) == sorted(page.as_uri() for page in pages.iterdir())


def test_a_folder_reads_json_lines_only_from_jsonl_and_counts_other_files_in_one_line(tmp_path, caplog):
    folder = tmp_path / "saved"
    saved_pages(folder, 1)
    (folder / "config.json").write_text(json.dumps({"a": 1}) + "\n" + json.dumps([1, 2]) + "\n{oops\n")
    (folder / "notes.txt").write_text("not a page")
    (folder / "pages.jsonl").write_text(json.dumps({"url": "http://a.example/1.html",
                                                    "html": (folder / "page-000.html").read_text()}) + "\n")
    output = tmp_path / "out.jsonl"
    with caplog.at_level("INFO", logger="crawler.bulk"):
        result = run_batch([folder], output, workers=0, progress=False)
    rows = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert {row["url"] for row in rows} == {"http://a.example/1.html", (folder / "page-000.html").as_uri()}
    assert "bad_json" not in result.counts  # the .json file was not read as JSON lines
    assert result.counts["skipped_file_json"] == 1 and result.counts["skipped_file_other"] == 1
    about_files = [record for record in caplog.records if "config.json" in record.getMessage()
                   or ("skipped" in record.getMessage() and "files" in record.getMessage())]
    assert len(about_files) == 1, [record.getMessage() for record in caplog.records]
    assert about_files[0].levelname in ("INFO", "WARNING")
    assert ".jsonl" in about_files[0].getMessage()


def test_the_progress_bar_of_a_folder_has_a_total_and_an_eta(tmp_path, capsys):
    pages = tmp_path / "pages"
    saved_pages(pages, 3)
    run_batch([pages], tmp_path / "out.jsonl", workers=0, progress=True)
    bar = capsys.readouterr().err
    assert "100%" in bar  # a total to reach
    assert "<00:00" in bar  # tqdm's elapsed<remaining: an ETA


def test_a_parquet_output_on_a_full_disk_is_one_line_and_the_rerun_completes(tmp_path, capsys, monkeypatch):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pages = tmp_path / "pages"
    saved_pages(pages, 4)
    output = tmp_path / "out.parquet"

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(pq, "write_table", no_space)
    command = ["extract-batch", str(pages), "-o", str(output), "--workers", "0", "--no-progress"]
    assert main(command) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = error_lines(captured.err)
    assert len(lines) == 1 and os.strerror(errno.ENOSPC) in lines[0] and str(output) in lines[0], captured.err
    monkeypatch.undo()
    assert main(command) == 0
    assert pq.read_table(output).num_rows == 4
