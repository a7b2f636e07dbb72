"""By-site cross-validation of the cascade's named thresholds, on a tiny hand-written set."""

import pytest

from crawler.evaluation.crossval_steps import cross_validate, main, parse_grid
from crawler.evaluation.datasets import Page
from crawler.extractors.cascade import extractor as cascade

SENTENCE = "The council met on Tuesday evening to discuss the new budget, and members argued at length."
PARAGRAPH = f"<p>{SENTENCE}</p>"


def pages(site: str) -> list[Page]:
    html = f"<html><body><nav><a href='/'>Home</a></nav><article>{PARAGRAPH * 3}</article></body></html>"
    gold = "\n".join([SENTENCE] * 3)
    return [Page(f"{site}-{i}", html.encode(), gold, f"https://{site}.example/{i}") for i in range(2)]


def test_grid_items_name_constants_of_the_cascade():
    assert parse_grid(["WIDEN_SHARE=0.4,0.5", "MIN_REPEATED_UNITS=3,4"]) == {
        "WIDEN_SHARE": (0.4, 0.5), "MIN_REPEATED_UNITS": (3, 4)}
    with pytest.raises(ValueError, match="unknown threshold"):
        parse_grid(["NOT_A_THRESHOLD=1"])


def test_each_set_gets_its_shipped_and_held_out_f1_and_the_constants_are_restored():
    shipped = cascade.WIDEN_SHARE
    lines = cross_validate({"a": pages("one"), "b": pages("two")}, {"WIDEN_SHARE": (0.4, shipped)}, folds=2)
    assert shipped == cascade.WIDEN_SHARE
    assert lines[1].startswith("a: shipped F1 1.0000, cross-validated by site 1.0000")
    assert lines[2].startswith("b: shipped F1 1.0000")


def test_command_rejects_an_unknown_threshold(capsys):
    assert main(["--dataset", "nowhere", "--grid", "NOPE=1"]) == 2
    assert "unknown threshold" in capsys.readouterr().err
