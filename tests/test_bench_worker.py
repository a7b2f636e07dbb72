"""bench --worker: the page job's worker function measured beside the extractors, with its cost over default's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crawler.cli import main
from crawler.evaluation.bench import WORKER_TARGET, worker_ratio


def make_site(root: Path) -> Path:
    (root / "html").mkdir(parents=True)
    truth = {}
    for n in range(3):
        body = "".join(f"<p>Sentence {i} of story {n} about the harbour and the council budget.</p>" for i in range(8))
        html = (f"<html><head><title>S{n}</title></head><body><nav>Home News</nav><article>{body}</article>"
                "</body></html>")
        (root / "html" / f"p{n}.html").write_text(html, encoding="utf-8")
        truth[f"p{n}"] = {"url": f"https://news.example.org/2024/0{n + 1}/story-{n}.html", "articleBody": body}
    (root / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")
    return root


def test_worker_row_and_its_ratio_to_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dataset = make_site(tmp_path / "sh")
    code = main(["bench", "--dataset", str(dataset), "--extractor", "default", "--worker", "--rounds", "1",
                 "--cpu-time"])
    out = capsys.readouterr().out
    assert code == 0
    assert WORKER_TARGET in out
    assert f"{WORKER_TARGET} / default:" in out


def test_worker_ratio_reads_the_rows() -> None:
    from crawler.evaluation.bench import BenchRow

    rows = [BenchRow("default", 100.0, 1.0, 5.0, 100.0), BenchRow(WORKER_TARGET, 80.0, 0.8, 6.0, 110.0)]
    assert worker_ratio(rows) == pytest.approx(1.25)
    assert worker_ratio(rows[:1]) is None
