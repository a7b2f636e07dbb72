"""Written forms of a page's own date that the readers missed or read otherwise than the page means them:

- a date glued to the word before it, two inline elements printed without a space ("By Jane DoeMar 5, 2025",
  a kicker "Mental HealthDECEMBER 22, 2022");
- a day in a URL path that names its month ("/2024/mar/12/", "/2023/october/03/");
- a label glued to its date ("By Jane Doe UpdatedJanuary 25, 2026": the date is the modification's).
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.datelines import read_date_line
from crawler.extractors.metadata.dates import find_text_date, find_url_date

NOW = datetime(2026, 1, 10, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"


def page(byline: str, head: str = "", url: str = "https://news.example.org/story", kicker: str = "") -> object:
    html = (f"<html lang='en'><head><title>The library stays open | Example News</title>{head}</head><body>"
            f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            f"<article>{kicker}<h1>The library stays open</h1>{byline}{STORY}{STORY}</article></body></html>")
    return extract_metadata(parse_html(html, url), NOW)


@pytest.mark.parametrize(("text", "iso"), [
    ("ByKathryn GiuffridaMar 5, 2025 | 6 comments", "2025-03-05"),
    ("Mental HealthDECEMBER 22, 2022Updated: JANUARY 02, 2026", "2022-12-22"),
])
def test_a_month_glued_to_the_word_before_it_is_read(text: str, iso: str) -> None:
    found = find_text_date(text)
    assert found is not None and found.iso == iso


@pytest.mark.parametrize("text", ["the primary 12, 2020 draft", "Summary 5 2020", "a Gemmar 5, 2020 run"])
def test_a_month_inside_a_lowercase_word_is_no_date(text: str) -> None:
    assert find_text_date(text) is None


def test_a_byline_glued_to_its_date_dates_the_page_against_a_markup_draft_day() -> None:
    head = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", '
            '"headline": "The library stays open", "datePublished": "2025-01-01T03:00:00"}</script>')
    metadata = page("<div class='meta'><span>By</span><a href='/author/kg'>Kathryn Giuffrida</a><span>Mar 5, 2025"
                    "</span> | <a href='#comments'>6 comments</a></div>", head)
    assert metadata.published == "2025-03-05"


def test_a_kicker_glued_to_its_date_dates_the_page() -> None:
    metadata = page("", kicker="<div class='kicker'><a href='/mental-health'>Mental Health</a><span>DECEMBER 22, "
                               "2022</span><span>Updated: JANUARY 02, 2026</span></div>")
    assert metadata.published == "2022-12-22"
    assert metadata.modified == "2026-01-02"


@pytest.mark.parametrize(("url", "iso"), [
    ("https://www.example.com/world/2024/mar/12/council-votes", "2024-03-12"),
    ("https://www.example.org/knowledge/blog/2023/october/03/wine-styles/", "2023-10-03"),
    ("https://www.example.fr/blog/2021/juin/5/recette", "2021-06-05"),
])
def test_a_url_path_naming_its_month_dates_the_page(url: str, iso: str) -> None:
    found = find_url_date(url)
    assert found is not None and found.iso == iso


@pytest.mark.parametrize("url", ["https://www.example.com/2024/may-day/12/", "https://example.com/2024/mars/rover-12",
                                 "https://example.com/2024/marketing/12/"])
def test_a_url_word_that_is_no_month_gives_no_date(url: str) -> None:
    assert find_url_date(url) is None


def test_the_url_month_name_outranks_an_ambiguous_numeric_date_shown() -> None:
    metadata = page("<div class='meta'><span>03/10/2023</span> <span>by WSET Global</span></div>",
                    url="https://www.example.org/knowledge/blog/2023/october/03/wine-styles/")
    assert metadata.published == "2023-10-03"


def test_a_label_glued_to_its_date_still_labels_it() -> None:
    found = read_date_line("ByRhonda Krause UpdatedJanuary 25, 2026", NOW)
    assert found.published is None
    assert found.modified is not None and found.modified.iso == "2026-01-25"


def test_a_glued_updated_date_does_not_replace_the_markup_publication_date() -> None:
    head = '<meta property="article:published_time" content="2015-05-12T06:05:27+00:00">'
    metadata = page("<div class='meta'><span>By</span><a href='/author/rk'>Rhonda Krause</a> <span>Updated</span>"
                    "<span>January 5, 2026</span></div>", head)
    assert metadata.published == "2015-05-12T06:05:27+00:00"
