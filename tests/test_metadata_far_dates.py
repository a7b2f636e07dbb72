"""Dates that stand far from the headline, each class on a small page written here: a page showing only "Updated …"
(or "Last updated: …") below a table of contents or at its foot, with no publication date anywhere."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
PARAGRAPH = "<p>" + "The park's cameras show the valley, the falls and the high country in every season. " * 4 + "</p>"
CONTENTS = "<ul>" + "".join(f"<li><a href='#s{i}'>Section {i} of the guide</a></li>" for i in range(12)) + "</ul>"


def meta_of(body: str, head: str = "") -> object:
    html = (f"<html lang='en'><head><title>Webcams | Example Park</title>{head}</head>"
            f"<body>{body}</body></html>")
    return extract_metadata(parse_html(html, "https://park.example.org/learn/webcams.htm"), NOW)


def test_a_last_updated_line_at_the_foot_dates_an_undated_page() -> None:
    page = f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}<p>Last updated: November 13, 2025</p></main>"
    metadata = meta_of(page)
    assert metadata.published == "2025-11-13"
    assert metadata.modified == "2025-11-13"


def test_an_updated_line_below_a_table_of_contents_dates_an_undated_guide() -> None:
    page = (f"<main><h1>Webcams</h1>{CONTENTS}<div class='byline'><p>Written by Ann Lee</p>"
            f"<p>Updated March 13, 2024</p></div>{PARAGRAPH}{PARAGRAPH}</main>")
    assert meta_of(page).published == "2024-03-13"


def test_the_markup_publication_date_stays_before_a_far_update() -> None:
    page = f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}<p>Last updated: November 13, 2025</p></main>"
    head = '<meta property="article:published_time" content="2024-02-01T10:00:00+00:00">'
    assert meta_of(page, head).published.startswith("2024-02-01")


def test_an_update_in_a_comment_area_dates_nothing() -> None:
    page = (f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}</main><div class='comments'><ul>"
            "<li><p>Great cams!</p><p>Updated March 3, 2024</p></li></ul></div>")
    assert meta_of(page).published is None


def test_a_site_footer_last_updated_dates_nothing() -> None:
    page = (f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}</main>"
            "<div class='site-footer'><p>Last updated 2026-03-05 UTC.</p></div>")
    assert meta_of(page).published is None
    assert meta_of(f"<main><h1>Webcams</h1>{PARAGRAPH}</main><footer><p>Last updated: March 5, 2026</p></footer>"
                   ).published is None


def test_an_interview_closing_date_line_gives_both_days() -> None:
    page = (f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}<div class='date-and-credit'>"
            "<p>Interview by Ann Lee</p><p>December 3, 2025. Updated: December 7, 2025</p></div></main>")
    metadata = meta_of(page)
    assert (metadata.published, metadata.modified) == ("2025-12-03", "2025-12-07")


def thread(card_field: str) -> str:
    """A forum thread whose first post carries its member's card (a date field) above the post's own date line."""
    return (f"<main><h2>Season thread: the league is back</h2><p>Post a reply</p><ul class='profile'>"
            f"<li>Some Member</li><li>Posts: 4032</li><li>{card_field}</li></ul>"
            "<h3>Season thread: the league is back</h3><p>by Some Member » Tue Aug 27, 2019 1:47 am</p>"
            f"{PARAGRAPH}</main>")


def test_a_member_cards_registration_or_founding_day_is_not_the_threads_date() -> None:
    for field in ("Registered: Dec 11, 2021", "Founded: Dec 11, 2021", "Join Date: Dec 11, 2021"):
        html = f"<html lang='en'><head><title>Season thread: the league is back</title></head><body>{thread(field)}"
        metadata = extract_metadata(parse_html(html, "https://forum.example.org/viewtopic.php?t=7"), NOW)
        assert metadata.published.startswith("2019-08-27"), field


def test_a_labelled_day_far_below_beats_markup_dates_that_are_one_save() -> None:
    # the CMS writes its last save into both markup dates; the page labels the first day at the story's end
    head = ('<script type="application/ld+json">{"@type": "Article", "headline": "Webcams", '
            '"datePublished": "2025-11-29T12:28:31-05:00", "dateModified": "2025-11-29T12:28:31-05:00"}</script>')
    page = (f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}"
            "<div class='published'>Published <time>August 13, 2025</time></div></main>")
    assert meta_of(page, head).published == "2025-08-13"


def test_markup_dates_of_two_saves_stay_before_a_far_label() -> None:
    head = ('<script type="application/ld+json">{"@type": "Article", "headline": "Webcams", '
            '"datePublished": "2025-11-20T12:28:31-05:00", "dateModified": "2025-11-29T12:28:31-05:00"}</script>')
    page = (f"<main><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}"
            "<div class='published'>Published <time>August 13, 2025</time></div></main>")
    assert meta_of(page, head).published.startswith("2025-11-20")


def test_a_page_without_h1_is_dated_beside_its_h2_headline_reworded_from_the_title() -> None:
    # no <h1>: the shown headline is an <h2> that rewords the markup title; its byline card below gives the date
    html = ("<html lang='en'><head><title>Introducing the Harbor Data Accelerator | Harbor</title></head><body>"
            "<nav><ul><li><a href='/'>Product</a></li><li><a href='/blog'>Blog</a></li></ul></nav><main>"
            "<h2>Introducing Harbor: The Next Data Accelerator Built for Scale</h2><div class='card'><p>Lee Kim</p>"
            f"<small>December 17, 2025</small></div>{PARAGRAPH}{PARAGRAPH}</main></body></html>")
    assert extract_metadata(parse_html(html, "https://harbor.example.com/blog/accelerator"), NOW).published \
        == "2025-12-17"


def test_a_page_without_h1_whose_headings_share_few_title_words_finds_no_headline() -> None:
    html = ("<html lang='en'><head><title>Introducing the Harbor Data Accelerator | Harbor</title></head><body><main>"
            "<h2>Our customers</h2><p>December 17, 2025</p>"
            f"{PARAGRAPH}{PARAGRAPH}</main></body></html>")
    assert extract_metadata(parse_html(html, "https://harbor.example.com/blog/accelerator"), NOW).published is None


def test_an_author_box_at_the_storys_end_dates_it_by_the_block_after_the_byline() -> None:
    page = (f"<main><h1>Webcams</h1>{CONTENTS}{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}<div class='author'>"
            "<p>Written by Moses Kim and Kate Shaw</p><p>April 8, 2024</p></div></main>")
    assert meta_of(page).published == "2024-04-08"


def test_a_price_after_a_byline_is_no_date() -> None:
    page = (f"<main><h1>Webcams</h1>{CONTENTS}{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}<div class='author'>"
            "<p>Written by Moses Kim and Kate Shaw</p><p>Tickets from $12, 2024 season</p></div></main>")
    assert meta_of(page).published is None


def test_an_update_under_the_headline_stays_before_a_teasers_byline_and_date() -> None:
    page = (f"<main><h1>Webcams</h1><p>Updated on December 11, 2025</p>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}"
            "<div class='card'><h3>Another guide</h3><p>by Alison Plant</p><p>October 17, 2025</p></div></main>")
    assert meta_of(page).published == "2025-12-11"


def test_a_football_story_area_is_no_footer() -> None:
    page = (f"<main class='football-news'><h1>Webcams</h1>{PARAGRAPH}{PARAGRAPH}{PARAGRAPH}"
            "<p>Last updated: November 13, 2025</p></main>")
    assert meta_of(page).published == "2025-11-13"
