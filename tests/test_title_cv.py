"""title_cv: the copied-title and title-part switches are on its grid, chosen by folds of sites, reported per set."""

from __future__ import annotations

from crawler.evaluation.datasets import Page
from crawler.evaluation.metadata_eval import HeldTitle
from crawler.evaluation.title_cv import TitleCase, cross_validate, title_right

SEARCH = "Using Machine Learning To Personalize Shopping Experiences"
SHOWN = "How Machine Learning Personalizes Ecommerce Shopping Experiences"


def copied_case(source: str) -> TitleCase:
    return TitleCase(HeldTitle(SHOWN), SEARCH, True, SHOWN, SEARCH, SEARCH, source)


def test_a_copied_search_title_is_scored_by_the_one_vote_setting() -> None:
    case = copied_case("json-ld")
    assert title_right(case, 3, 0.3, one_vote=frozenset({"json-ld"}))
    assert not title_right(case, 3, 0.3, one_vote=frozenset())
    assert not title_right(copied_case("opengraph"), 3, 0.3, one_vote=frozenset({"json-ld"}))


def test_the_title_part_vote_is_scored_by_its_switch() -> None:
    case = TitleCase(HeldTitle("My take on valuation"), "A story listed on the page", True, "My take on valuation",
                     None, "My take on valuation - Investing Discussions - Example Community", "json-ld")
    assert title_right(case, 3, 0.3, part_votes=True)
    assert not title_right(case, 3, 0.3, part_votes=False)


def test_cross_validation_reports_the_choice_per_fold_and_the_share_per_set() -> None:
    pages = [Page(f"p{n}", b"", "", url=f"https://www.site{n}.com/a") for n in range(6)]
    cases = [copied_case("json-ld" if n % 2 else "opengraph") for n in range(6)]
    result = cross_validate(pages, cases, 3, ["a", "b"] * 3)
    assert result["held_out"] == 1.0 and result["rule_off"] == 0.0
    assert all(sorted(choice[6]) == ["json-ld", "opengraph"] for choice in result["chosen_per_fold"])
    assert set(result["shipped_per_set"]) == {"a", "b"}


def test_a_title_read_from_the_title_element_is_one_vote_only_when_the_grid_says_so() -> None:
    # No markup title: the <title> (its site's name cut) is the markup title and the page title at once.
    case = TitleCase(HeldTitle(SHOWN), SEARCH, True, SHOWN, SEARCH, SEARCH + " | Example", "title-element")
    assert title_right(case, 3, 0.3, one_vote=frozenset({"json-ld", "title-element"}))
    assert not title_right(case, 3, 0.3, one_vote=frozenset({"json-ld", "opengraph"}))


def docs_case() -> TitleCase:
    head = "Configuring retries | Harbor Docs"
    return TitleCase("Configuring retries", head, False, "Configuring retries", head, head, "opengraph",
                     (head, "Configuring retries", False, ("Configuring retries", 0)))


def test_the_site_rule_is_scored_by_its_settings() -> None:
    from crawler.evaluation.title_cv import site_title

    assert site_title(docs_case(), 0, 4) == "Configuring retries"
    assert site_title(docs_case(), -1, 4) is None  # the rule off
    assert site_title(docs_case(), 0, 1) is None  # an h1 of two words, over the copied title's bound


def test_cross_validation_chooses_the_site_rule_when_it_wins() -> None:
    pages = [Page(f"p{n}", b"", "", url=f"https://www.site{n}.com/a") for n in range(6)]
    result = cross_validate(pages, [docs_case() for _ in range(6)], 3)
    assert result["held_out"] == 1.0 and result["site_rule_off"] == 0.0
    assert all(choice[-2] >= 0 and choice[-1] >= 2 for choice in result["chosen_per_fold"])
