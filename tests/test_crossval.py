import gzip
import json

import pytest

from crawler.evaluation.crossval import _site, cross_validate, main, site_folds
from crawler.evaluation.datasets import Page, load_dataset

ARTICLE = "<p>{} The council met on Tuesday to discuss the budget, and members argued at length about it.</p>"


def page(site: str, n: int) -> Page:
    body = "".join(ARTICLE.format(f"Story {n} paragraph {i}.") for i in range(5))
    html = f"<html><body><nav><a href='/'>Home</a><a href='/n'>News</a></nav><div>{body}</div></body></html>"
    gold = "\n".join(ARTICLE.format(f"Story {n} paragraph {i}.")[3:-4] for i in range(5))
    return Page(f"{site}-{n}", html.encode(), gold, f"https://www.{site}.example/news/{n}.html")


def test_folds_keep_each_site_together():
    pages = [page(site, n) for site in "abcdef" for n in range(2)]
    folds = site_folds(pages, 3)
    assert sorted(i for fold in folds for i in fold) == list(range(len(pages)))
    for fold in folds:
        assert len({pages[i].url.split("/")[2] for i in fold}) * 2 == len(fold)


@pytest.mark.slow
def test_cross_validation_reports_held_out_and_full_set_scores(tmp_path):
    pages = [page(site, n) for site in "abcd" for n in range(2)]
    (tmp_path / "html").mkdir()
    truth = {}
    for p in pages:
        (tmp_path / "html" / f"{p.id}.html.gz").write_bytes(gzip.compress(p.html))
        truth[p.id] = {"articleBody": p.gold, "url": p.url}
    (tmp_path / "ground-truth.json").write_text(json.dumps(truth))
    report = cross_validate(load_dataset(tmp_path), folds=2)
    assert report["pages"] == 8 and len(report["chosen_per_fold"]) == 2
    assert report["full_set_f1"] > 0.95 and report["cross_validated_f1"] > 0.95


def test_pages_without_url_are_grouped_by_their_numbered_id():
    assert _site(Page("nytimes-2", b"", "")) == _site(Page("nytimes-4", b"", "")) == "nytimes"
    assert _site(Page("x", b"", "", "https://www.news.example/a.html")) == "news.example"


@pytest.mark.slow
def test_several_data_sets_are_pooled(tmp_path, capsys):
    for name, sites in (("one", "ab"), ("two", "cd")):
        folder = tmp_path / name
        (folder / "html").mkdir(parents=True)
        truth = {}
        for p in (page(site, n) for site in sites for n in range(2)):
            (folder / "html" / f"{p.id}.html.gz").write_bytes(gzip.compress(p.html))
            truth[p.id] = {"articleBody": p.gold, "url": p.url}
        (folder / "ground-truth.json").write_text(json.dumps(truth))
    assert main(["--dataset", str(tmp_path / "one"), "--dataset", str(tmp_path / "two"), "--folds", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pages"] == 8
