"""The by-domain cross-validation of the profiles' fitted constants (crawler.evaluation.profile_constants_cv)."""

from crawler.evaluation.profile_constants_cv import TUNED, Tuned, cross_validate, main


def rows(better: int) -> list[dict]:
    """Pages of twenty domains on which candidate value ``better`` scores higher than the other."""
    return [{"domain": f"site{n}.example", "kind": "forum" if n % 2 else "collection",
             "scores": {"5": 0.5 + 0.3 * (better == 5), "14": 0.5 + 0.3 * (better == 14)}} for n in range(20)]


def test_every_fold_chooses_the_value_that_wins_on_the_other_folds_and_reports_held_out_scores():
    tuned = Tuned("MAX_POST_LEVELS", (5, 14), frozenset({"forum"}))
    report = cross_validate(rows(14), tuned, 14, folds=5)
    assert "folds chose ['14', '14', '14', '14', '14']" in report
    assert "| (all) | 20 | 0.800 | 0.500 |" in report and "| forum | 10 | 0.800 | 0.500 |" in report
    assert "folds chose ['5', '5', '5', '5', '5']" in cross_validate(rows(5), tuned, 14, folds=5)


def test_every_tuned_constant_is_a_constant_of_the_profiles_and_its_shipped_value_a_candidate():
    for tuned in TUNED:
        assert getattr(tuned.module, tuned.name) in tuned.values


def test_a_dataset_without_kinds_is_refused(tmp_path, capsys):
    assert main(["--dataset", str(tmp_path)]) == 1
    assert "ground-truth.json" in capsys.readouterr().err
