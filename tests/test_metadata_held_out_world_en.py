"""English news of the Commonwealth, blog themes and forum engines: forms the held-out probe of
``tests/data/metadata-world`` (the probe7 pages) found unread, each class on a small page written here."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")


def _meta(top: str, *, lang: str = "en", head: str = "", after: str = "", aside: str = ""):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title>{head}</head><body><nav>"
            f"<a href='/'>Home</a></nav><article><h1>Headline of the story</h1>{top}<div class='body'>{STORY}</div>"
            f"{after}</article>"
            f"{aside}</body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-12-01T00:00:00+00:00"))


@pytest.mark.parametrize(("line", "published"), [
    # the zones South and South-East Asian and African papers write after the clock
    ("Updated: Mar 05, 2024 14:30 IST", "2024-03-05T14:30:00+05:30"),
    ("Published March 5, 2024 02:30pm PKT", "2024-03-05T14:30:00+05:00"),
    ("05 Mar 2024, 14:30 SAST", "2024-03-05T14:30:00+02:00"),
    ("Tuesday, 05 Mar 2024 2:30 PM MYT", "2024-03-05T14:30:00+08:00"),
    ("March 5, 2024 2:30 PM PHT", "2024-03-05T14:30:00+08:00"),
    ("March 5, 2024 14:30 WAT", "2024-03-05T14:30:00+01:00"),
    ("March 5, 2024 14:30 EAT", "2024-03-05T14:30:00+03:00"),
    # Australian and New Zealand papers: a dash, then the clock dotted with am/pm
    ("March 5, 2024 — 2.30pm AEDT", "2024-03-05T14:30:00+11:00"),
    ("5 March 2024 - 10.05am", "2024-03-05T10:05:00"),
])
def test_commonwealth_clock_and_zone(line: str, published: str) -> None:
    assert _meta(f"<p class='date'>{line}</p>").published == published


def test_last_update_on_label_is_the_modification() -> None:
    metadata = _meta("<div class='date'>Tue Mar 5, 2024 02:30 PM <span>Last update on: Tue Mar 5, 2024 06:12 PM</span>"
                     "</div>")
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:00", "2024-03-05T18:12:00")


def test_wordpress_time_pair_gives_the_modification() -> None:
    # the default WordPress themes print both times in the entry's meta, the "updated" one hidden by CSS
    metadata = _meta("<div class='entry-meta'>Posted on <a href='/p/'><time class='entry-date published' "
                     "datetime='2024-03-05T14:30:00+00:00'>March 5, 2024</time><time class='updated' "
                     "datetime='2024-03-06T08:00:00+00:00'>March 6, 2024</time></a></div>")
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:00+00:00", "2024-03-06T08:00:00+00:00")


def test_a_lone_updated_time_is_the_publication() -> None:
    # news themes mark their only date "entry-date updated": no modification is told
    metadata = _meta("<span class='post-date'><time class='entry-date updated' datetime='2024-03-05T14:30:00+01:00'>"
                     "March 5, 2024</time></span>")
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:00+01:00", None)


def test_canonical_permalink_dates_an_undated_post() -> None:
    metadata = _meta("<p class='byline'>by Helen Park</p>",
                     head="<link rel='canonical' href='https://blog.example/2024/03/05/planting-garlic/'>")
    assert metadata.published == "2024-03-05"


@pytest.mark.parametrize("desk", ["Star Online Report", "Staff Report", "Online Report"])
def test_desk_report_credit_names_nobody(desk: str) -> None:
    assert _meta(f"<div class='byline'>{desk}</div><p>March 5, 2024</p>").authors == []


def test_paper_named_between_writer_and_city_is_no_author() -> None:
    metadata = _meta("<div class='storyBy'>By Neha Gupta, Hindustan Chronicle, Lucknow</div><p>March 5, 2024</p>")
    assert metadata.authors == ["Neha Gupta"]


def test_news_theme_divider_after_the_byline_name() -> None:
    # the news themes of WordPress end the author element with the divider before the date ("By X -")
    metadata = _meta("<div class='td-post-author-name'><div class='td-author-by'>By</div> <a href='/author/ngozi/'>"
                     "Ngozi Eze</a><div class='td-author-line'> - </div></div><time class='entry-date updated' "
                     "datetime='2024-03-05T14:30:00+01:00'>March 5, 2024</time>",
                     aside="<div class='latest'><h4>Latest articles</h4><span class='td-post-author-name'><a "
                           "href='/author/tunde/'>Tunde Bello</a> <span>-</span></span></div>")
    assert metadata.authors == ["Ngozi Eze"]


def test_blog_meta_line_of_date_reading_time_and_name() -> None:
    # Hugo's most used theme: "date · reading time · author", without "By"
    metadata = _meta("<div class='post-meta'><span>March 5, 2024</span>&nbsp;·&nbsp;3 min&nbsp;·&nbsp;Priya Raman"
                     "</div>")
    assert metadata.authors == ["Priya Raman"]
    assert _meta("<div class='post-meta'>March 5, 2024 · 3 min · Tutorials</div>").authors == []


def test_mailing_list_archive_message() -> None:
    # Mailman's archive: the sender's name before the address hidden as "user at host", C's asctime date under it
    html = ("<html><head><title> [dev-list] Proposal: drop Python 3.8</title></head><body><h1>[dev-list] Proposal: "
            "drop Python 3.8</h1><b>Jane Rowe</b> <a href='mailto:dev-list%40lists.example.org'>jane.rowe at "
            "example.org</a><br><i>Tue Mar  5 14:30:12 UTC 2024</i><p><ul><li>Previous message: <a href='1.html'>"
            "[dev-list] Release schedule</a></li></ul><hr><pre>Hi all,\n\nPython 3.8 reached its end of life last "
            "October and keeping it in our test matrix costs ten minutes per run.\n\nJane\n</pre></body></html>")
    metadata = extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-12-01T00:00:00+00:00"))
    assert (metadata.published, metadata.authors) == ("2024-03-05T14:30:12+00:00", ["Jane Rowe"])
