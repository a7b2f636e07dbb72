"""`python -m crawler export` on an output it cannot write: one line naming it and the cause, exit 1, no partial
file left, and a device such as /dev/full written to in place (never replaced by a file)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from crawler.cli import main
from crawler.storage import open_article_store


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "articles.sqlite"
    articles = open_article_store(sqlite_path=path)
    articles.upsert({"url": "https://news.example/a", "canonical_url": "https://news.example/a", "title": "A",
                     "text": "The council met on Tuesday to discuss the new bridge. " * 20})
    articles.close()
    return path


def test_an_output_in_a_missing_folder_is_one_line_and_exit_1(store: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "missing" / "out.jsonl"
    assert main(["export", "--sqlite", str(store), "-o", str(target)]) == 1
    error = capsys.readouterr().err.strip().splitlines()
    assert error == [f"error: cannot write {target}: No such file or directory"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_full_device_is_one_line_and_stays_a_device(store: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["export", "--sqlite", str(store), "-o", "/dev/full"]) == 1
    assert capsys.readouterr().err.strip() == "error: cannot write /dev/full: No space left on device"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_complete_export_replaces_the_file_and_leaves_no_temporary(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("old\n")
    assert main(["export", "--sqlite", str(store), "-o", str(out)]) == 0
    assert out.read_text().count("\n") == 1 and "old" not in out.read_text()
    assert not (tmp_path / "out.jsonl.tmp").exists()
