"""The shingle metric of shared/EVALUATION.md on hand-made cases whose answers can be worked out by hand."""

from __future__ import annotations

import pytest

from crawler.evaluation.metric import BOOTSTRAP_SAMPLES, PageScore, aggregate, score_page, shingles

GOLD = "The council approved the new budget on Monday after a long debate"  # 12 tokens, 9 shingles


def test_exact_match_scores_one_and_counts_as_accurate() -> None:
    score = score_page(GOLD, "  The council approved the new budget on Monday, after a long debate. ")
    assert (score.precision, score.recall, score.exact) == (1.0, 1.0, True)
    assert score.tp == pytest.approx(1.0)


def test_empty_prediction_has_no_precision_and_zero_recall() -> None:
    score = score_page(GOLD, "")
    assert score.precision is None  # tp + fp = 0: the page is left out of the precision mean
    assert score.recall == 0.0
    assert not score.exact


def test_empty_gold_has_zero_precision_and_no_recall() -> None:
    score = score_page("", "Subscribe to our newsletter for more news")
    assert score.precision == 0.0
    assert score.recall is None  # tp + fn = 0: the page is left out of the recall mean


def test_both_empty_is_exact_and_outside_both_means() -> None:
    score = score_page("", "")
    assert score.exact
    assert score.precision is None and score.recall is None


def test_fewer_than_four_tokens_make_one_shingle_of_all_of_them() -> None:
    assert shingles("Breaking news today") == {("Breaking", "news", "today"): 1}
    assert score_page("Breaking news today", "Breaking news today").precision == 1.0
    assert score_page("Breaking news today", "Breaking news").recall == 0.0  # a different shingle


def test_every_cjk_character_is_its_own_token() -> None:
    # Six Han characters are six tokens, three shingles; \w+ alone would give one token.
    assert sum(shingles("北京今日天气").values()) == 3
    half = score_page("北京今日天气晴朗", "北京今日天")  # 5 gold shingles, pred has 2 of them
    assert half.precision == 1.0
    assert half.recall == pytest.approx(2 / 5)


def test_extra_text_lowers_precision_by_the_shingle_counts() -> None:
    score = score_page(GOLD, GOLD + " Read more stories from our newsroom")
    # gold 9 shingles, pred 15 shingles of which 9 are gold: precision 9/15, recall 1.
    assert score.precision == pytest.approx(9 / 15)
    assert score.recall == 1.0
    assert not score.exact


def test_repeated_shingles_count_as_a_multiset() -> None:
    score = score_page("one two three four", "one two three four one two three four")
    assert score.precision == pytest.approx(1 / 5)  # 1 gold shingle among 5 predicted


def test_f1_is_of_the_mean_precision_and_mean_recall_not_the_mean_of_f1() -> None:
    pages = [PageScore(0.5, 0.5, 0.0, False), PageScore(0.5, 0.0, 0.5, False), PageScore(1.0, 0.0, 0.0, True)]
    scores = aggregate(pages, bootstrap=0)
    precision = (0.5 + 1.0 + 1.0) / 3
    recall = (1.0 + 0.5 + 1.0) / 3
    assert scores.precision == pytest.approx(precision)
    assert scores.recall == pytest.approx(recall)
    assert scores.f1 == pytest.approx(2 * precision * recall / (precision + recall))
    assert scores.accuracy == pytest.approx(1 / 3)


def test_pages_without_prediction_are_left_out_of_precision_only() -> None:
    scores = aggregate([score_page(GOLD, GOLD), score_page(GOLD, "")], bootstrap=0)
    assert scores.precision == 1.0
    assert scores.recall == pytest.approx(0.5)


def test_bootstrap_is_deterministic_and_spreads_when_pages_differ() -> None:
    pages = [score_page(GOLD, GOLD), score_page(GOLD, ""), score_page(GOLD, GOLD[:40]), score_page("", "x y")]
    first = aggregate(pages)
    second = aggregate(pages)
    assert first == second
    assert first.f1_std > 0
    assert aggregate([score_page(GOLD, GOLD)] * 5).f1_std == 0.0
    assert BOOTSTRAP_SAMPLES == 1000


def test_aggregate_of_nothing_is_zero_not_an_error() -> None:
    scores = aggregate([])
    assert (scores.pages, scores.f1, scores.precision, scores.recall) == (0, 0.0, 0.0, 0.0)
