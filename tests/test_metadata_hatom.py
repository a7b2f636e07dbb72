"""hAtom's moment of a post in an element's ``title`` (Blogger's ``<abbr class="published" title="2024-03-05T10:15:00
+05:30">10:15 AM</abbr>``, WordPress themes' ``<abbr class="published updated" title=...>``): read when the markup
gives no publication date, ranked like microdata; the class holds the whole word, the title a full ISO date."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The council met in the evening and voted to keep the library open for two more years. " * 4 + "</p>"
STANDFIRST = "<div class='excerpt'>" + "A short summary of what the post tells its readers about the library. " * 4 + \
    "</div>"
COMMENTS = ("<div class='comments'><h4>2 comments:</h4><dl><dt>Ann said...</dt><dd>Lovely!</dd>"
            "<dd class='comment-footer'><abbr class='published' title='2024-03-08T21:02:00+05:30'>9:02 PM</abbr>"
            "</dd></dl></div>")


def meta_of(body: str, head: str = "") -> object:
    html = (f"<html lang='en'><head><title>Example Blog: A headline</title>{head}</head>"
            f"<body>{body}</body></html>")
    return extract_metadata(parse_html(html, "https://blog.example.org/p/a-post"), NOW)


def blogger(stamp: str, after: str = "") -> str:
    """Blogger's post: the title, a long standfirst, the story, then the footer's "Posted by ... at" clock."""
    return (f"<div class='post hentry'><h3 class='post-title entry-title'>A headline</h3>{STANDFIRST}{STANDFIRST}"
            f"<div class='post-body entry-content'>{STORY}</div><div class='post-footer'><span class='post-author "
            f"vcard'>Posted by <span class='fn'>Ann Lee</span></span> <span class='post-timestamp'>at "
            f"<a class='timestamp-link' href='/p/a-post' title='permanent link'>{stamp}</a></span></div></div>{after}")


def test_blogger_abbr_published_title_dates_the_post() -> None:
    metadata = meta_of(blogger("<abbr class='published' title='2024-03-05T10:15:00+05:30'>10:15 AM</abbr>"))
    assert metadata.published == "2024-03-05T10:15:00+05:30"


def test_wordpress_abbr_published_updated_title_dates_the_post() -> None:
    body = (f"<article class='post hentry'><h1 class='entry-title'>A headline</h1>{STANDFIRST}{STANDFIRST}"
            "<div class='entry-meta'>Posted on <abbr class='published updated' title='2023-11-20'>"
            f"Nov 20</abbr></div><div class='entry-content'>{STORY}</div></article>")
    assert meta_of(body).published == "2023-11-20"


def test_a_span_published_title_dates_the_post() -> None:
    metadata = meta_of(blogger("<span class='entry-date published' title='2024-03-05T10:15:00Z'>10:15</span>"))
    assert metadata.published == "2024-03-05T10:15:00+00:00"


def test_a_comment_stamp_after_the_post_is_not_taken_for_the_post() -> None:
    metadata = meta_of(blogger("<abbr class='published' title='2024-03-05T10:15:00+05:30'>10:15 AM</abbr>",
                               COMMENTS))
    assert metadata.published == "2024-03-05T10:15:00+05:30"
    assert meta_of(blogger("10:15 AM", COMMENTS)).published is None


def test_a_title_that_is_no_date_dates_nothing() -> None:
    assert meta_of(blogger("<abbr class='published' title='permanent link'>10:15 AM</abbr>")).published is None
    assert meta_of(blogger("<abbr class='published' title='March 5'>10:15 AM</abbr>")).published is None


def test_a_class_holding_published_inside_another_word_is_no_stamp() -> None:
    for name in ("unpublished", "published-by"):
        stamp = f"<span class='{name}' title='2024-03-05T10:15:00+05:30'>10:15 AM</span>"
        assert meta_of(blogger(stamp)).published is None, name


def test_json_ld_date_published_keeps_its_rank() -> None:
    head = ('<script type="application/ld+json">{"@type": "BlogPosting", "headline": "A headline", '
            '"datePublished": "2024-03-01T08:00:00+00:00"}</script>')
    metadata = meta_of(blogger("<abbr class='published' title='2024-03-05T10:15:00+05:30'>10:15 AM</abbr>"), head)
    assert metadata.published == "2024-03-01T08:00:00+00:00"
