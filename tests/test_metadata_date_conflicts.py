"""The article's own date when the markup and the page disagree (``date_conflicts.settle_published``): the day shown
under the headline, beside the byline, wins over a markup date of another day (a CMS's creation date, a date kept
from the first version, the site's template date), unless the two are the same moment written in two zones, the
shown date is relative ("6 hours ago") or it is a numeric date that reads as the markup's day the other way round."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.datelines import read_date_line

NOW = datetime(2026, 1, 10, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
JSON_LD = ('<script type="application/ld+json">{{"@context": "https://schema.org", "@type": "BlogPosting", '
           '"headline": "How to rent a car", "datePublished": "{published}"}}</script>')


def meta_of(date_line: str, head: str, body_after: str = "", url: str = "https://blog.example.org/how-to-rent-a-car"
            ) -> object:
    html = (f"<html lang='en'><head><title>How to rent a car | Example Blog</title>{head}</head><body>"
            f"<nav><a href='/'>Home</a></nav><article><h1>How to rent a car</h1>"
            f"<div class='byline'>{date_line}</div>{STORY}{STORY}</article>{body_after}</body></html>")
    return extract_metadata(parse_html(html, url), NOW)


def test_the_date_shown_under_the_headline_wins_over_a_markup_date_of_another_day() -> None:
    metadata = meta_of("By Jane Doe · September 8, 2021",
                       JSON_LD.format(published="2012-09-12T16:45:28+00:00"))
    assert metadata.published == "2021-09-08"
    assert metadata.sources["published"] == "text"
    assert any(warning.startswith("published:") for warning in metadata.warnings)


def test_a_markup_date_the_page_shows_is_kept_with_its_time() -> None:
    metadata = meta_of("By Jane Doe · September 8, 2021",
                       JSON_LD.format(published="2021-09-08T16:45:28+00:00"))
    assert metadata.published == "2021-09-08T16:45:28+00:00"
    assert metadata.sources["published"] == "json-ld"


def test_the_same_moment_written_in_the_readers_zone_keeps_the_markup() -> None:
    # 02:41 UTC on the 19th is the evening of the 18th in New York: one moment, two days.
    head = '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00">'
    metadata = meta_of("December 18, 2025", head)
    assert metadata.published == "2025-12-19T02:41:41+00:00"


def test_a_day_no_zone_can_reach_is_a_conflict() -> None:
    # 22:02 UTC on the 19th is the 19th or the 20th everywhere: the 18th shown is another day.
    head = '<meta property="article:published_time" content="2025-12-19T22:02:58+00:00">'
    assert meta_of("Dec 18, 2025", head).published == "2025-12-18"


def test_a_relative_date_under_the_headline_does_not_replace_the_markup() -> None:
    metadata = meta_of("Published 6 days ago", JSON_LD.format(published="2025-12-14T18:00:15Z"))
    assert metadata.published == "2025-12-14T18:00:15+00:00"


def test_a_numeric_date_read_the_other_way_round_is_the_markup_day() -> None:
    # "09.10.2024" is 9 October or September 10: the markup says which.
    metadata = meta_of("09.10.2024", JSON_LD.format(published="2024-09-10T16:07:00Z"))
    assert metadata.published == "2024-09-10T16:07:00+00:00"


def test_a_date_far_below_the_story_start_does_not_replace_the_markup() -> None:
    sidebar = "<aside><p>Archive</p><p>March 3, 2019</p></aside>"
    metadata = meta_of("By Jane Doe", JSON_LD.format(published="2021-09-08T10:00:00Z"), body_after=sidebar)
    assert metadata.published == "2021-09-08T10:00:00+00:00"


def test_a_forum_members_join_date_is_no_publication_date() -> None:
    assert read_date_line("Joined: Mon Jul 24, 2017 9:28 am", None).published is None
    assert read_date_line("Last post: 01/12/2025 at 6:49 pm", None).published is None
    assert read_date_line("Member since March 2, 2015", None).published is None
    assert read_date_line("注册时间：2015-03-02", None).published is None
    posted = read_date_line("Posted: March 3, 2024 · Last reply: March 5, 2024", None)
    assert posted.published is not None and posted.published.iso == "2024-03-03"


def test_a_member_card_beside_the_first_post_does_not_date_the_thread() -> None:
    head = '<meta property="article:published_time" content="2024-02-24T18:41:02+00:00">'
    metadata = meta_of("Joined: Mon Jul 24, 2017 9:28 am", head)
    assert metadata.published == "2024-02-24T18:41:02+00:00"


def test_the_urls_day_tells_the_sites_zone_when_the_markup_writes_utc() -> None:
    # The evening of the 18th in the site's zone, 03:05 UTC on the 19th in its markup; the path says the 18th.
    head = '<meta property="article:published_time" content="2025-12-19T03:05:00+00:00">'
    metadata = meta_of("December 18, 2025", head, url="https://blog.example.org/2025/12/18/how-to-rent-a-car")
    assert metadata.published == "2025-12-18"


def test_a_mastheads_date_above_the_headline_does_not_replace_the_markup() -> None:
    # A newspaper's masthead prints the day of the visit above the story's headline.
    html = ("<html lang='en'><head><title>How to rent a car | Example Blog</title>"
            + JSON_LD.format(published="2021-09-08T10:00:00Z") + "</head><body>"
            "<div class='masthead'>Saturday, January 10, 2026</div><article><h1>How to rent a car</h1>"
            f"<div class='byline'>By Jane Doe</div>{STORY}{STORY}</article></body></html>")
    metadata = extract_metadata(parse_html(html, "https://blog.example.org/how-to-rent-a-car"), NOW)
    assert metadata.published == "2021-09-08T10:00:00+00:00"


def test_a_kicker_date_above_the_headline_is_compared_like_a_byline_date() -> None:
    html = ("<html lang='en'><head><title>How to rent a car | Example Blog</title>"
            + JSON_LD.format(published="2012-09-12T16:45:28Z") + "</head><body>"
            "<article><div class='kicker'>Travel · September 8, 2021 · 5 min read</div><h1>How to rent a car</h1>"
            f"<div class='byline'>By Jane Doe</div>{STORY}{STORY}</article></body></html>")
    metadata = extract_metadata(parse_html(html, "https://blog.example.org/how-to-rent-a-car"), NOW)
    assert metadata.published == "2021-09-08"


def test_a_line_showing_the_markups_day_after_another_keeps_the_markup() -> None:
    # A theme prints the updated and the first day side by side, their labels turned into icons.
    head = '<meta property="article:published_time" content="2025-04-24T16:12:49+00:00">'
    metadata = meta_of("May 21, 2025April 24, 2025 by Jane Doe", head)
    assert metadata.published == "2025-04-24T16:12:49+00:00"


def test_a_page_builders_widget_box_is_no_other_storys_area() -> None:
    # Page builders call every box a widget: the byline's box among them.
    html = ("<html lang='en'><head><title>How to rent a car | Example Blog</title>"
            + JSON_LD.format(published="2012-09-12T16:45:28Z") + "</head><body>"
            "<article class='post category-reviews'><h1>How to rent a car</h1>"
            "<div class='builder-widget-container'><span>August 19, 2025</span></div>"
            f"{STORY}{STORY}</article></body></html>")
    metadata = extract_metadata(parse_html(html, "https://blog.example.org/how-to-rent-a-car"), NOW)
    assert metadata.published == "2025-08-19"
