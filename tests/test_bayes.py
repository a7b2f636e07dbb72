"""Seed 003's naive Bayes extractor: node features, the model file, and the training command, on pages written here."""

from __future__ import annotations

import gzip
import json

import pytest

from crawler.cli import main
from crawler.evaluation.datasets import load_dataset
from crawler.evaluation.fitting import featurize, fit, gold_labels
from crawler.extractors import available, extract, parse_html
from crawler.extractors.bayes.extractor import (
    MODEL_PATH,
    BayesExtractor,
    content_words,
    node_features,
    word_equivalents,
)
from crawler.extractors.bayes.model import FORMAT_VERSION, NaiveBayesModel, information_gain, select_features
from crawler.extractors.document.parse import TextBlock

SENTENCE = "The council voted on Tuesday to rebuild the old bridge over the river before next winter. "
COMMENT = "I totally disagree with this decision, what a waste of money, nobody asked us anyway! "


def news_page(n: int, site: str) -> tuple[str, str]:
    """A news page: menu, article of four paragraphs, a reader comments section, footer; and its gold text."""
    paragraphs = [f"Story {n} of {site}, part {i}. {SENTENCE * 3}" for i in range(4)]
    menu = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(6))
    comments = "".join(
        f'<div class="comment-body"><p class="author">reader{i}</p><p>{COMMENT * 2}</p></div>' for i in range(3)
    )
    html = (f"<html><head><title>Story {n}</title></head><body><nav><ul>{menu}</ul></nav>"
            f'<div class="main"><article><h1>Story {n} headline of {site}</h1>'
            + "".join(f"<p>{p}</p>" for p in paragraphs)
            + f'</article><section id="comments"><h3>Comments</h3>{comments}</section></div>'
            "<footer><p>Copyright 2024 The Daily Example. All rights reserved.</p></footer></body></html>")
    return html, "\n".join([f"Story {n} headline of {site}", *paragraphs])


def write_dataset(folder, sites=("alpha", "beta", "gamma", "delta"), per_site=1) -> None:
    (folder / "html").mkdir(parents=True)
    truth = {}
    for site in sites:
        for n in range(per_site):
            html, gold = news_page(n, site)
            page_id = f"{site}-{n}"
            (folder / "html" / f"{page_id}.html.gz").write_bytes(gzip.compress(html.encode()))
            truth[page_id] = {"articleBody": gold, "url": f"https://www.{site}.example/news/{n}.html"}
    (folder / "ground-truth.json").write_text(json.dumps(truth))


def features_of(html: str) -> list[tuple[TextBlock, frozenset[str] | None]]:
    blocks, features = node_features(parse_html(html))
    return list(zip(blocks, features, strict=True))


def find(pairs, start: str):
    return next(f for b, f in pairs if b.text.startswith(start))


# ---------------------------------------------------------------- features


def test_density_position_and_tag_features_of_article_menu_and_footer():
    html, _ = news_page(1, "alpha")
    pairs = features_of(html)
    paragraph = find(pairs, "Story 1 of alpha, part 0")
    menu = find(pairs, "Section 0")
    footer = find(pairs, "Copyright")
    assert {"tag:p", "ld:<=0", "chrome:none", "in:article", "cetd:in"} <= paragraph
    assert "sentences:<=4" in paragraph and "len:<=64" in paragraph
    assert {"chrome:nav", "ld:>0.8", "tag:li", "label:li", "top:<=0.02"} <= menu
    assert "chrome:footer" in footer and "bottom:<=0.02" in footer
    assert "cetd:in" not in footer


def test_neighbours_are_described_by_their_shape():
    html, _ = news_page(1, "alpha")
    pairs = features_of(html)
    second = find(pairs, "Story 1 of alpha, part 1")
    assert {"prev:prose", "next:prose"} <= second
    first_link = find(pairs, "Section 0")
    assert "prev:none" in first_link and "next:links" in first_link


def test_attribute_tokens_of_the_node_and_its_ancestors():
    html = ('<html><body><div id="userComments"><div class="comment-body"><p>' + COMMENT * 3
            + "</p></div></div><p>" + SENTENCE * 3 + "</p></body></html>")
    pairs = features_of(html)
    comment = find(pairs, "I totally")
    assert {"a:user", "a:comments", "a:comment", "a:body"} <= comment
    assert not any(f.startswith("a:") for f in find(pairs, "The council"))


def test_content_words_drop_stop_words_and_numbers_and_pair_cjk_characters():
    words = content_words("The council voted 12 times on the bridge", frozenset({"the", "on"}))
    assert words == {"w:council", "w:voted", "w:times", "w:bridge"}
    assert content_words("市政府今天", frozenset()) == {"w:市政", "w:政府", "w:府今", "w:今天"}


def test_word_equivalents_count_two_cjk_characters_as_one_word():
    assert word_equivalents(TextBlock.from_text("市政府今天开会")) == pytest.approx(3.5)
    assert word_equivalents(TextBlock.from_text("the council met")) == 3


def test_pruned_form_has_no_features():
    html = ('<html><body><form><p>Search this site for more</p></form><div>'
            + "".join(f"<p>{SENTENCE * 3}</p>" for _ in range(5)) + "</div></body></html>")
    pairs = features_of(html)
    assert next(f for b, f in pairs if b.text.startswith("Search")) is None


# ---------------------------------------------------------------- the model


def test_information_gain_of_a_perfect_and_a_useless_feature():
    assert information_gain(0, 50, 50, 50) == pytest.approx(1.0)  # present exactly in class c1
    assert information_gain(25, 25, 50, 50) == pytest.approx(0.0)


def test_selection_keeps_structural_features_and_words_seen_on_enough_sites():
    counts = {"tag:p": (1.0, 9.0), "w:reply": (9.0, 1.0), "w:rare": (0.0, 10.0), "a:weak": (5.0, 5.0)}
    sites = {"w:reply": 3, "w:rare": 1, "a:weak": 3}
    assert select_features(counts, sites, (10.0, 10.0), keep=1, min_sites=2) == ["tag:p", "w:reply"]


def test_model_round_trips_through_its_versioned_file_and_scores_by_log_odds(tmp_path):
    model = NaiveBayesModel.fit({"tag:p": (1.0, 9.0), "w:reply": (9.0, 1.0)}, {"w:reply": 5}, (10.0, 10.0),
                                keep=10, min_sites=2)
    assert model.log_odds({"tag:p"}) > 0 > model.log_odds({"w:reply"})
    path = tmp_path / "m.json"
    model.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == FORMAT_VERSION
    again = NaiveBayesModel.load(path)
    assert again.to_json() == model.to_json()
    assert again.log_odds({"tag:p"}) == pytest.approx(model.log_odds({"tag:p"}))
    data["version"] = FORMAT_VERSION + 1
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="format version"):
        NaiveBayesModel.load(path)


def test_shipped_model_is_small_versioned_and_registered():
    assert "bayes" in available()
    assert MODEL_PATH.stat().st_size < 1_000_000
    assert json.loads(MODEL_PATH.read_text())["version"] == FORMAT_VERSION


def test_shipped_model_keeps_the_article_and_drops_menu_footer_and_comments():
    html, _ = news_page(7, "omega")
    article = extract(html.encode(), extractor="bayes")
    assert "Story 7 of omega, part 3" in article.text and "Story 7 of omega, part 0" in article.text
    assert "Section 0" not in article.text and "Copyright" not in article.text
    assert all(b.decisions for b in article.blocks)  # every block carries its label and reason


def test_every_node_gets_a_label_and_a_reason_from_the_classifier():
    html, _ = news_page(2, "alpha")
    article = extract(html.encode(), extractor="bayes")
    for block in article.blocks:
        step = block.decisions[-1].step
        assert step in ("ClassifyNodes", "MainRegion", "PruneDom")
        assert "P(" in block.decisions[-1].reason or step != "ClassifyNodes"


def test_a_page_whose_topic_node_is_low_value_is_dropped_whole():
    # a model for which long prose is spam: the seed's first type of page, dropped as a whole
    model = NaiveBayesModel.fit({"sentences:<=4": (99.0, 0.0), "len:<=8": (0.0, 99.0)}, {}, (100.0, 100.0),
                                keep=0, min_sites=1)
    html, _ = news_page(3, "alpha")
    article = BayesExtractor(model).extract(parse_html(html))
    assert article.text == ""
    assert "low-value page" in article.reason


# ---------------------------------------------------------------- training


def test_gold_labels_by_shingle_overlap():
    blocks = [TextBlock.from_text(SENTENCE), TextBlock.from_text("Share this story"), TextBlock.from_text("bridge")]
    assert gold_labels(blocks, "Intro. " + SENTENCE + " The end.") == [True, False, True]


def test_train_command_builds_a_small_model_that_tells_comments_from_the_article(tmp_path, capsys):
    write_dataset(tmp_path / "set")
    out = tmp_path / "model.json"
    assert main(["train", "--dataset", str(tmp_path / "set"), "--output", str(out), "--min-sites", "2"]) == 0
    assert "4 pages of 4 sites" in capsys.readouterr().out
    model = NaiveBayesModel.load(out)
    assert out.stat().st_size < 1_000_000 and model.info["pages"] == 4
    assert model.log_odds({"a:comment"}) < model.log_odds({"in:article"})
    html, _ = news_page(9, "zeta")
    text = BayesExtractor(model).extract(parse_html(html)).text
    assert "Story 9 of zeta, part 2" in text
    assert "disagree" not in text and "Section 1" not in text


def test_retraining_on_the_same_pages_gives_the_same_bytes(tmp_path):
    write_dataset(tmp_path / "set")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for out in (first, second):
        assert main(["train", "--dataset", str(tmp_path / "set"), "--output", str(out), "--min-sites", "2"]) == 0
    assert first.read_bytes() == second.read_bytes()
    pages = load_dataset(tmp_path / "set")
    assert fit(featurize(pages), min_sites=2).to_json() == fit(featurize(list(reversed(pages))), min_sites=2).to_json()


def test_train_command_fails_clearly_on_a_set_without_content(tmp_path, capsys):
    folder = tmp_path / "set"
    (folder / "html").mkdir(parents=True)
    (folder / "html" / "x.html").write_text("<html><body><p>hello there</p></body></html>")
    (folder / "ground-truth.json").write_text(json.dumps({"x": {"articleBody": "", "url": "https://a.example/"}}))
    assert main(["train", "--dataset", str(folder), "--output", str(tmp_path / "m.json")]) == 1
    assert "cannot train" in capsys.readouterr().err


def test_evaluate_cross_validates_bayes_by_site_and_by_data_set(tmp_path, capsys):
    write_dataset(tmp_path / "one", ("alpha", "beta", "gamma", "delta"))
    write_dataset(tmp_path / "two", ("eta", "theta", "iota"))
    assert main(["evaluate", "--dataset", str(tmp_path / "one"), "--extractor", "bayes,density",
                 "--cv-folds", "2", "--json"]) == 0
    rows = {row["extractor"]: row for row in json.loads(capsys.readouterr().out)}
    assert set(rows) == {"bayes (2 folds by site)", "density"}
    assert rows["bayes (2 folds by site)"]["pages"] == 4
    assert main(["evaluate", "--dataset", str(tmp_path / "one"), "--extractor", "bayes",
                 "--cv-folds", "sites", "--train-dataset", str(tmp_path / "two"), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["extractor"].startswith("bayes (leave-one-site-out + 3 pages")
    assert main(["evaluate", "--dataset", str(tmp_path / "one"), "--extractor", "bayes",
                 "--train-dataset", str(tmp_path / "two"), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["extractor"].startswith("bayes (trained on 3 pages of other sets")
    assert row["f1"] > 0.5


def test_cascade_evidence_is_measured_on_held_out_sites(tmp_path):
    from crawler.evaluation.evidence import VARIANTS, measure

    write_dataset(tmp_path / "one", ("alpha", "beta", "gamma", "delta"))
    report = measure(load_dataset(tmp_path / "one"), folds=2)
    assert report["default"]["f1"] > 0.5
    assert {name.split(" ")[0] for name in report} == {"default", *VARIANTS}


def test_a_run_of_letters_longer_than_any_word_is_no_content_word():
    # A page of one giant token (an encoded blob) must not have it copied into a feature of the same size.
    from crawler.extractors.bayes.features import MAX_WORD_CHARS, content_words

    found = content_words("harbour " + "q" * (MAX_WORD_CHARS + 1) + " Donaudampfschifffahrt", frozenset())
    assert found == {"w:harbour", "w:donaudampfschifffahrt"}
