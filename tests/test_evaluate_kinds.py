"""``python -m crawler evaluate`` on a data set that labels page kinds: the main table with the word metric, a table
by kind with both metrics, the confidence's calibration, and kinds judged by models that never saw the site."""

from __future__ import annotations

import gzip
import json
import re

from crawler.cli.program import main
from crawler.evaluation.confidence_fit import calibration, spearman
from tests.test_pagekind import PAGES


def write_set(root, copies: int = 1) -> None:
    """The hand-written page of each kind, ``copies`` times on as many sites, gold = the visible paragraphs."""
    (root / "html").mkdir()
    truth = {}
    for copy in range(copies):
        for kind, (html, url) in sorted(PAGES.items()):
            page_id = f"{kind}-{copy}"
            (root / "html" / f"{page_id}.html.gz").write_bytes(gzip.compress(html.encode()))
            gold = " ".join(re.findall(r"<p>([^<]*)</p>", html))
            truth[page_id] = {"articleBody": gold, "url": url.replace("example", f"example{copy}"),
                              "page_type": kind}
    (root / "ground-truth.json").write_text(json.dumps(truth))


def test_the_word_metric_the_table_by_kind_and_the_calibration(tmp_path, capsys):
    write_set(tmp_path)
    assert main(["evaluate", "--dataset", str(tmp_path), "--metric", "word", "--calibration"]) == 0
    out = capsys.readouterr().out
    assert "word F1" in out and "shingle F1" in out
    for kind in PAGES:
        assert re.search(rf"^{kind}\s+default\s+1\s", out, re.M), kind
    assert "confidence against the measured word F1 on 7 pages, Spearman" in out


def test_kinds_judged_by_models_that_never_saw_the_site(tmp_path, capsys):
    write_set(tmp_path, copies=3)
    assert main(["evaluate", "--dataset", str(tmp_path), "--metric", "word", "--held-out-kinds"]) == 0
    assert re.search(r"^forum\s+default\s+3\s", capsys.readouterr().out, re.M)


def test_spearman_and_calibration():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    assert abs(spearman([1, 1, 2, 3], [1, 2, 3, 4]) - 0.9486832980505138) < 1e-9  # ties at their mean rank
    rows = calibration([0.1, 0.2, 0.3, 0.4], [0.0, 0.5, 0.5, 1.0], bins=2)
    assert rows == [(2, 0.1, 0.2, 0.15000000000000002, 0.25), (2, 0.3, 0.4, 0.35, 0.75)]
