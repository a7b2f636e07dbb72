"""bench --kinds: the speed measured on the pages of some kinds only (a data set whose gold labels each page's
kind), so that what the page-kind judgement costs on forums, shops or listings is read by a command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crawler.cli import main


def make_labelled(root: Path, labels: dict[str, str] | None) -> Path:
    """Two articles, a forum thread and a shop's grid, each labelled with its kind when ``labels`` is given."""
    (root / "html").mkdir(parents=True)
    story = "".join(f"<p>Sentence {i} about the harbour and the council budget.</p>" for i in range(6))
    posts = "".join(f"<div class='post'><b>user{i}</b><p>Reply {i}: the pump works again.</p></div>"
                    for i in range(4))
    cards = "".join(f"<div class='card'><h3>Shoe {i}</h3><p>${i}9</p></div>" for i in range(4))
    pages = {"a1": story, "a2": story, "f1": posts, "p1": cards}
    truth = {}
    for page_id, body in pages.items():
        (root / "html" / f"{page_id}.html").write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
        truth[page_id] = {"url": f"https://site.example/{page_id}", "articleBody": "x"}
        if labels is not None:
            truth[page_id]["page_type"] = labels[page_id]
    (root / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")
    return root


LABELS = {"a1": "article", "a2": "article", "f1": "forum", "p1": "product"}


def _bench(dataset: Path, *extra: str) -> int:
    return main(["bench", "--dataset", str(dataset), "--extractor", "none", "--rounds", "1", "--cpu-time", *extra])


def test_only_the_pages_of_the_kinds_asked_are_measured(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    dataset = make_labelled(tmp_path / "set", LABELS)
    assert _bench(dataset, "--kinds", "forum,product") == 0
    out = capsys.readouterr().out
    assert ": 2 pages (kinds forum, product)," in out


def test_a_kind_no_page_has_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    dataset = make_labelled(tmp_path / "set", LABELS)
    assert _bench(dataset, "--kinds", "forum,recipe") != 0
    err = capsys.readouterr().err
    assert "recipe" in err and "article, forum, product" in err


def test_a_set_without_kinds_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    dataset = make_labelled(tmp_path / "set", None)
    assert _bench(dataset, "--kinds", "forum") != 0
    assert "labels no page kinds" in capsys.readouterr().err
