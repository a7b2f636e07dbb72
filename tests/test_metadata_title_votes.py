"""Title classes decided by the page's titles agreeing or not: the search title cut from the shown headline, the
<title> that repeats the h1 against a sharing title, the Dublin Core title; each on a small page written for it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.titles import rewritten_headline

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The crew replaced the old pipes under the kitchen floor before the winter frost came. " * 4 + "</p>"
DATED = '<meta property="article:published_time" content="2025-06-02T10:00:00Z">'
URL = "https://www.example.com/blog/plumbing-maintenance-tips"


def title_of(head: str, body: str, url: str = URL) -> str | None:
    html = f"<html lang='en'><head>{head}</head><body>{body}{STORY}</body></html>"
    return extract_metadata(parse_html(html, url), NOW).title


# ---------------------------------------------------------------- a search title cut short from the headline


def test_a_search_title_cut_from_the_shown_headline_gives_way_to_the_h1() -> None:
    # The <title> and og:title agree, but both are the shown headline cut to fit a search result's line.
    head = ("<title>Plumbing Maintenance Tips: 11 Best Practices | Example Plumbing</title>"
            '<meta property="og:title" content="Plumbing Maintenance Tips: 11 Best Practices">' + DATED)
    body = "<article><h1>Plumbing Maintenance Tips: 11 Best Practices and Upgrades to Prevent Leaks</h1>"
    assert title_of(head, body + "</article>") == \
        "Plumbing Maintenance Tips: 11 Best Practices and Upgrades to Prevent Leaks"


def test_a_search_title_the_title_element_repeats_still_outvotes_another_h1() -> None:
    # The h1 drops words of the markup title: a rewrite, not the title cut short; the two agreeing titles win.
    head = ("<title>Plumbing Maintenance Tips: 11 Best Practices | Example Plumbing</title>"
            '<meta property="og:title" content="Plumbing Maintenance Tips: 11 Best Practices">' + DATED)
    body = "<article><h1>Eleven Plumbing Maintenance Tips to Prevent Leaks</h1></article>"
    assert title_of(head, body) == "Plumbing Maintenance Tips: 11 Best Practices"


def test_rewritten_headline_cut_short_can_be_switched_off() -> None:
    markup, shown = "Best High School Tutors in 2025", "Best High School Tutors in 2025, Reviewed by a Student"
    assert rewritten_headline(markup, shown, True, markup)
    assert not rewritten_headline(markup, shown, True, markup, cut_short=False)


# ---------------------------------------------------------------- the <title> repeats the h1


def test_the_title_element_repeating_the_h1_outvotes_a_sharing_title() -> None:
    # og:title is a teaser written for social cards; the page's <title> and its h1 give the headline.
    head = ("<title>How AI Is Transforming Hospital Care | Example Health</title>"
            '<meta property="og:site_name" content="Example Health">'
            '<meta property="og:title" content="Clever machines are making their way into the wards">' + DATED)
    body = "<article><h1>How AI Is Transforming Hospital Care</h1></article>"
    assert title_of(head, body) == "How AI Is Transforming Hospital Care"


def test_a_title_element_and_h1_with_the_markup_titles_words_keep_the_markup_title() -> None:
    # The same headline punctuated otherwise is no vote against the markup title.
    head = ("<title>How we designed Dropbox ATF: an async task framework - Example</title>"
            '<meta property="og:title" content="How we designed Dropbox’s ATF - an async task framework">' + DATED)
    body = "<article><h1>How we designed Dropbox ATF: an async task framework</h1></article>"
    assert title_of(head, body) == "How we designed Dropbox’s ATF - an async task framework"


def test_rewritten_headline_title_votes_can_be_switched_off() -> None:
    markup, shown = "Clever machines are making their way into the wards", "How AI Is Transforming Hospital Care"
    assert rewritten_headline(markup, shown, True, shown)
    assert not rewritten_headline(markup, shown, True, shown, title_votes=False)


# ---------------------------------------------------------------- Dublin Core


def test_a_dublin_core_title_comes_before_the_opengraph_title() -> None:
    # Library catalogues, journals and government pages name the document in Dublin Core; og:title is a share text.
    head = ("<title>Annual report</title>"
            '<meta name="DC.title" content="Water quality of the upper river basin, annual report">'
            '<meta property="dc:title" content="Water Quality of the Upper River Basin: Annual Report 2024">'
            '<meta property="og:title" content="Read our new report">')
    assert title_of(head, "<p>x</p>", "https://www.example.gov/reports/water-2024") == \
        "Water Quality of the Upper River Basin: Annual Report 2024"


# ---------------------------------------------------------------- the search title copied into JSON-LD


def json_ld_headline(headline: str) -> str:
    return ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "BlogPosting", '
            f'"headline": "{headline}", "datePublished": "2025-06-02T10:00:00Z"}}</script>')


def og_title(title: str) -> str:
    return f'<meta property="og:title" content="{title}">' + DATED


@pytest.mark.parametrize("copy", [json_ld_headline, og_title])
def test_a_markup_title_copying_a_title_without_the_sites_name_gives_way_to_the_h1(copy: Callable[[str], str]) -> None:
    # A <title> written whole for search results (no site name: not the template's "Headline | Site"), copied into the
    # JSON-LD headline or og:title by the SEO plug-in: one text, not two titles agreeing against the h1.
    search = "Using Machine Learning To Personalize Shopping Experiences"
    head = f"<title>{search}</title>" + copy(search)
    body = "<article><h1>How Machine Learning Personalizes Ecommerce Shopping Experiences</h1></article>"
    assert title_of(head, body) == "How Machine Learning Personalizes Ecommerce Shopping Experiences"


def test_a_json_ld_headline_the_title_template_repeats_with_the_sites_name_outvotes_the_h1() -> None:
    # "Headline | Site" is the <title> template filled with the post's headline: the two titles agree.
    markup = "Using Machine Learning To Personalize Shopping Experiences"
    head = f"<title>{markup} | Example Shop</title>" + json_ld_headline(markup)
    body = "<article><h1>How Machine Learning Personalizes Ecommerce Shopping Experiences</h1></article>"
    assert title_of(head, body) == markup


def test_rewritten_headline_copied_title_vote_can_be_switched_off() -> None:
    markup, shown = "Using Machine Learning To Personalize Shopping Experiences", \
        "How Machine Learning Personalizes Ecommerce Shopping Experiences"
    assert rewritten_headline(markup, shown, True, markup, head_title=markup, markup_source="json-ld")
    assert not rewritten_headline(markup, shown, True, markup, head_title=markup, markup_source="json-ld",
                                  one_vote_sources=frozenset())
    assert not rewritten_headline(markup, shown, True, markup, head_title=markup + " | Example Shop",
                                  markup_source="json-ld")


# ---------------------------------------------------------------- the <title>'s first part repeats the h1


def test_the_first_part_of_the_title_repeating_the_h1_outvotes_a_listed_storys_headline() -> None:
    # A topic page: "Topic | Section | Site" in its <title>, the topic in its h1, and the microdata of the stories
    # it lists (the first one's headline is no title of the page).
    head = "<title>Climate and energy research | Example News | Example Institute of Technology</title>"
    cards = "".join(f'<li itemscope itemtype="https://schema.org/NewsArticle"><h3><a href="/2025/story-{n}">'
                    f'<span itemprop="name headline">Students explore robots on the salmon farms, part {n}</span>'
                    "</a></h3></li>" for n in range(3))
    body = f"<main><h1>Climate and energy research</h1><ul>{cards}</ul></main>"
    assert title_of(head, body, "https://news.example.edu/topic/climate") == "Climate and energy research"


def test_rewritten_headline_title_part_votes_can_be_switched_off() -> None:
    markup, shown = "A story listed on the page", "My take on valuation"
    head = "My take on valuation - Investing Discussions - Example Community"
    assert rewritten_headline(markup, shown, True, None, head_title=head)
    assert not rewritten_headline(markup, shown, True, None, head_title=head, part_votes=False)
