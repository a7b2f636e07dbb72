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


@pytest.mark.slow
def test_worker_row_and_its_ratio_to_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dataset = make_site(tmp_path / "sh")
    code = main(["bench", "--dataset", str(dataset), "--extractor", "default", "--worker", "--rounds", "1",
                 "--cpu-time"])
    out = capsys.readouterr().out
    assert code == 0
    assert WORKER_TARGET in out
    assert f"{WORKER_TARGET} / default:" in out
    assert "page by page in one process" in out  # the paired ratio (``paired_ratio``) beside the rows' one


def test_worker_ratio_reads_the_rows() -> None:
    from crawler.evaluation.bench import BenchRow

    rows = [BenchRow("default", 100.0, 1.0, 5.0, 100.0), BenchRow(WORKER_TARGET, 80.0, 0.8, 6.0, 110.0)]
    assert worker_ratio(rows) == pytest.approx(1.25)
    assert worker_ratio(rows[:1]) is None


def test_paired_ratio_times_both_functions_page_by_page_on_one_clock() -> None:
    """The worker's cost over default's, both run on each page in turn in one process: a function that spends 3
    ticks a page against one that spends 2 is 1.5x."""
    from crawler.evaluation.bench import paired_ratio

    clock = [0.0]
    order: list[str] = []

    def spend(name: str, ticks: float):
        def run(i: int) -> None:
            order.append(f"{name}{i}")
            clock[0] += ticks

        return run

    ratio = paired_ratio(spend("w", 3.0), spend("d", 2.0), range(4), rounds=3, clock=lambda: clock[0])
    assert ratio == pytest.approx(1.5)
    # each page is run by both, and the order of the two alternates from round to round
    assert order[:2] == ["d0", "w0"] and order[8:10] == ["w0", "d0"]
    assert len(order) == 2 * 4 * 3


def test_paired_ratio_is_the_median_of_the_rounds() -> None:
    from crawler.evaluation.bench import paired_ratio

    clock = [0.0]
    # one page; rounds 1 and 3 run default first, round 2 the worker first: 1x, 2x, 3x
    costs = iter([1.0, 1.0, 2.0, 1.0, 1.0, 3.0])

    def run(i: int) -> None:
        clock[0] += next(costs)

    assert paired_ratio(run, run, range(1), rounds=3, clock=lambda: clock[0]) == pytest.approx(2.0)



def test_paired_ratio_meets_each_page_cold_in_both_functions() -> None:
    """What one function leaves in a per-page cache (a page's parsed JSON-LD) is forgotten before the other runs the
    page: a crawl's worker meets each page once, so the one run second must not be handed the first's work."""
    from crawler.evaluation.bench import paired_ratio

    clock = [0.0]
    parsed: set[int] = set()

    def run(i: int) -> None:  # parsing a page costs 2 ticks, reading it once parsed 1
        clock[0] += 1.0 if i in parsed else 2.0
        parsed.add(i)

    forgotten: list[int] = []

    def forget() -> None:
        forgotten.append(len(parsed))
        parsed.clear()

    assert paired_ratio(run, run, range(3), rounds=2, clock=lambda: clock[0], reset=forget) == pytest.approx(1.0)
    assert len(forgotten) == 2 * 3 * 2  # before every timed call


def test_the_bench_forgets_the_scripts_read_between_its_functions() -> None:
    """The paired bench's reset empties the JSON-LD scripts the metadata and the page type keep for each other."""
    from crawler.evaluation.bench import forget_page_caches
    from crawler.extractors.document import jsonld

    script = '{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Quay"}'
    assert "newsarticle" in jsonld.declared_types(script)
    assert jsonld.cached_scripts() > 0
    forget_page_caches()
    assert jsonld.cached_scripts() == 0
