"""``Article.confidence`` (the predicted word F1 of an extraction): in 0..1, higher for a clean article than for a
page whose extraction is a scrap, carried into the page job's row, the JSON of ``extract`` and the summaries; and
the word metric it predicts."""

from __future__ import annotations

from crawler.extractors import extract, parse_html
from crawler.extractors.pagekind.confidence import CONFIDENCE_FEATURES, LOW_CONFIDENCE, confidence_features
from crawler.pagejob.job import PageExtractor
from crawler.pagejob.row import ARTICLE_FIELDS
from tests.test_pagekind import ARTICLE, COLLECTION, SENTENCE

TAGLINE_PAGE = ("<html><head><title>Home</title></head><body><nav>" + " ".join(
    f"<a href='/c{i}'>Category {i}</a>" for i in range(40)) + "</nav><p>Fresh ideas daily.</p><footer>" + " ".join(
    f"<a href='/f{i}'>Footer link {i}</a>" for i in range(30)) + "</footer></body></html>")


def test_confidence_is_a_probability_and_ranks_a_clean_article_above_a_scrap():
    html, url = ARTICLE
    article = extract(html, url)
    scrap = extract(TAGLINE_PAGE, "https://blog.example.org/")
    assert 0.0 <= scrap.confidence < article.confidence <= 1.0
    assert article.confidence >= LOW_CONFIDENCE


def test_an_empty_extraction_has_confidence_zero_and_a_given_value_is_kept():
    assert extract(b"", "https://example.org/").confidence == 0.0
    html, url = ARTICLE
    article = extract(html, url)
    article.confidence = 0.25
    assert article.confidence == 0.25


def test_features_are_named_and_finite():
    html, url = COLLECTION
    from crawler.extractors import extract_document

    vector = confidence_features(extract_document(parse_html(html, url)))
    assert len(vector) == len(CONFIDENCE_FEATURES)
    assert all(value == value and abs(value) < 1e6 for value in vector)


def test_confidence_and_page_kind_are_in_the_row_and_the_json():
    html, url = ARTICLE
    fields = PageExtractor(None).extract(html.encode(), url, "text/html; charset=utf-8")
    assert "confidence" in ARTICLE_FIELDS and "page_kind" in ARTICLE_FIELDS
    assert 0.0 < fields["confidence"] <= 1.0 and fields["page_kind"] == "article"
    assert extract(html, url).to_dict()["confidence"] == fields["confidence"]


def test_the_word_metric_is_the_f1_of_lower_cased_word_bags():
    from crawler.evaluation.metric import word_f1

    assert word_f1("The cat sat", "the CAT sat") == 1.0
    assert word_f1("", "") == 1.0 and word_f1("a b", "") == 0.0
    # gold 4 words, predicted 2 of them and 2 others: precision 1/2, recall 1/2
    assert abs(word_f1("one two three four", "one two five six") - 0.5) < 1e-9
    assert word_f1(SENTENCE, SENTENCE + " extra") < 1.0


class _Stats:
    def __init__(self) -> None:
        self.values: dict[str, int] = {}

    def inc_value(self, key: str, count: int = 1) -> None:
        self.values[key] = self.values.get(key, 0) + count


def test_the_crawl_counts_low_confidence_pages_and_kinds():
    from crawler.pipelines import count_page_type

    stats = _Stats()
    count_page_type(stats, {"page_type": "article", "page_kind": "forum", "confidence": LOW_CONFIDENCE - 0.1})
    count_page_type(stats, {"page_type": "article", "page_kind": "article", "confidence": 0.9})
    assert stats.values["extraction/low_confidence"] == 1
    assert stats.values["extraction/kind/forum"] == 1 and stats.values["extraction/kind/article"] == 1


def test_extract_batch_counts_low_confidence_rows():
    from crawler.bulk.batch import BatchState
    from crawler.bulk.runner import ChunkRunner

    runner = ChunkRunner.__new__(ChunkRunner)
    runner.state = BatchState(inputs=[], templates="")
    runner._count_rows([{"text": "x", "confidence": 0.1}, {"text": "y", "confidence": 0.9}, {"text": "z"}])
    assert runner.state.counts["low_confidence"] == 1 and runner.state.counts["pages"] == 3


def test_the_explain_report_shows_the_confidence_and_the_kind():
    from crawler.explain import explain_page, render_report

    html, url = ARTICLE
    report = render_report(explain_page(html, url))
    assert "predicted word F1" in report and "page kind article" in report
