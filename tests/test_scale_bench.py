"""The scale benchmark's pieces: copies of a data set, the per-page cost without start-up, the sizing model."""

from __future__ import annotations

import json

import pytest

from crawler.evaluation.datasets import Page
from crawler.evaluation.scale_bench import Measured, main, marginal_cpu_ms, replicate, sizing

PAGES = [Page("a", "<html><body><p>Één</p></body></html>".encode(), "", "https://news.example.org/x/1.html"),
         Page("b", b"<html><body><p>two</p></body></html>", "", None)]


def test_copies_are_sites_of_their_own_with_the_same_html():
    records = replicate(PAGES, 3)
    assert len(records) == 6
    assert [url for url, _ in records[:2]] == ["https://r0.news.example.org/x/1.html", "https://r0.example.org/b.html"]
    assert len({url for url, _ in records}) == 6
    assert records[3][1] == records[1][1] and "Één" in records[0][1]


def test_the_cost_of_an_added_page_leaves_the_start_up_out():
    small = Measured("x1", 100, 10.0, 3.0, 150.0, 0)
    large = Measured("x4", 400, 20.0, 9.0, 160.0, 0)
    assert marginal_cpu_ms(small, large) == pytest.approx(20.0)  # (9 - 3) s over 300 pages
    assert large.cpu_ms_per_page == pytest.approx(22.5)


def test_sizing_multiplies_the_per_page_costs_out():
    model = sizing(cpu_ms_per_page=18.0, worker_rss_mb=200.0, html_kb=100.0, row_kb=5.0, efficiency=0.9,
                   pages=10**9, cores=1000)
    assert model["core_hours"] == pytest.approx(1e9 * 0.018 / 3600 / 0.9)  # 5,556 core-hours
    assert model["hours"] == pytest.approx(model["core_hours"] / 1000)
    assert model["html_tb"] == pytest.approx(1e9 * 100 / 1024**3)
    assert model["memory_gb_per_core"] == pytest.approx(200 / 1024)


@pytest.mark.slow
def test_the_command_prints_both_curves(tmp_path, capsys):
    folder = tmp_path / "set"
    (folder / "html").mkdir(parents=True)
    truth = {}
    for n in range(3):
        body = " ".join(f"Sentence {i} of story {n} about the harbour and the council." for i in range(12))
        (folder / "html" / f"p{n}.html").write_text(f"<html><body><article><p>{body}</p></article></body></html>")
        truth[f"p{n}"] = {"articleBody": body, "url": f"https://news.example.org/2024/05/0{n + 1}/story.html"}
    (folder / "ground-truth.json").write_text(json.dumps(truth))
    assert main(["--dataset", str(folder), "--factors", "1,2", "--machine-factor", "1", "--no-spark"]) == 0
    out = capsys.readouterr().out
    assert "Data scalability" in out and "×2" in out and "batch 2-worker" in out
    assert "Spark runs skipped: left out (--no-spark)" in out and "core-hours" in out


def test_jsonl_input_is_streamed_not_read_whole(tmp_path, monkeypatch):
    """The scale benchmark's ×16 input (526 MB of JSON lines) made extract-batch's reader hold it all: the
    gzip check read the whole file for its first two bytes."""
    from pathlib import Path

    from crawler.bulk.batch import input_files, iter_records

    source = tmp_path / "pages.jsonl"
    source.write_text("".join(json.dumps({"url": f"https://e.org/{n}", "html": "<p>x</p>"}) + "\n"
                              for n in range(3)))

    def whole_file(self: Path) -> bytes:
        raise AssertionError(f"{self} read whole")

    monkeypatch.setattr(Path, "read_bytes", whole_file)
    records = list(iter_records(input_files([source])))
    assert [r.url for r in records] == [f"https://e.org/{n}" for n in range(3)]


def test_machine_rounds_give_each_speed_up_over_its_own_round_and_the_load():
    from crawler.evaluation.scale_bench import best_speedup, machine_table

    runs = [Measured("batch 1-worker", 100, 10.0, 9.0, 150.0, 0, load=2.5),
            Measured("batch 2-worker", 100, 8.0, 10.0, 150.0, 0, load=3.0),
            Measured("batch 1-worker", 100, 12.0, 9.0, 150.0, 0, load=1.0),
            Measured("batch 2-worker", 100, 6.5, 10.0, 150.0, 0, load=1.2)]
    table = machine_table(runs)
    assert "load avg" in table and "1.25" in table and "1.85" in table and "3.00" in table
    assert best_speedup(runs, "batch") == pytest.approx(12.0 / 6.5)
    assert best_speedup(runs, "spark") is None


def test_a_second_spark_round_writes_over_the_first_output(tmp_path, monkeypatch):
    from crawler.evaluation import scale_bench

    seen = []

    def fake_run(argv, label, pages, output):
        seen.append(output.exists())
        output.mkdir()
        return Measured(label, pages, 1.0, 1.0, 1.0, 0)

    monkeypatch.setattr(scale_bench, "run_command", fake_run)
    records = replicate(PAGES, 1)
    scale_bench.spark(records, 1, tmp_path)
    scale_bench.spark(records, 1, tmp_path)
    assert seen == [False, False]
