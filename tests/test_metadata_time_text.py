"""The page's own <time> element without a ``datetime`` whose text is the date (``<time class="entry-date">March 4,
2024</time>``), on a post whose headline is followed by a standfirst of two paragraphs, past which the visible text
scan stops: a date source below the markup's dates, outside sidebars, related posts and comments."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
STANDFIRST = "<div class='excerpt'>" + "A short summary of what the post tells its readers about the library. " * 4 + \
    "</div>"
RELATED = ('<aside class="related-posts"><h3>Related posts</h3><ul>'
           '<li><a href="/posts/older">An older post</a> <time>May 1, 2023</time></li></ul></aside>')
WIDGET = ('<div class="widget recent-comments"><ul><li>Ann on <a href="/posts/b">Another post</a> '
          '<time>June 2, 2024</time></li></ul></div>')


def meta_of(body: str, head: str = "", url: str = "https://blog.example.org/posts/a-post") -> object:
    html = (f"<html lang='en'><head><title>A headline | Example Blog</title>{head}</head>"
            f"<body>{body}</body></html>")
    return extract_metadata(parse_html(html, url), NOW)


def post(time: str) -> str:
    """A post whose date sits under a standfirst of two paragraphs."""
    return f"<article><h1>A headline</h1>{STANDFIRST}{STANDFIRST}<div class='meta'>{time}</div>{STORY}</article>"


def test_the_time_text_under_the_standfirst_dates_the_post() -> None:
    metadata = meta_of(post('<time class="entry-date">March 4, 2024</time>'))
    assert metadata.published == "2024-03-04"


def test_a_time_whose_text_is_no_date_dates_nothing() -> None:
    assert meta_of(post("<time>Tuesday</time>")).published is None


def test_a_related_posts_time_before_the_post_is_passed_over_for_the_post_time() -> None:
    metadata = meta_of(RELATED + post('<time class="entry-date">March 4, 2024</time>'))
    assert metadata.published == "2024-03-04"


def test_a_recent_comments_widget_time_before_the_post_is_passed_over() -> None:
    metadata = meta_of(WIDGET + post('<time class="entry-date">March 4, 2024</time>'))
    assert metadata.published == "2024-03-04"


def test_the_datetime_attribute_is_read_before_a_time_text() -> None:
    metadata = meta_of(post('<time>June 1, 2024</time> <time datetime="2024-03-04">updated</time>'))
    assert metadata.published == "2024-03-04"
    both = meta_of(post('<time datetime="2024-03-04T10:00:00+00:00">June 1, 2024</time>'))
    assert both.published.startswith("2024-03-04")


def test_the_markup_date_is_read_before_a_time_text() -> None:
    head = '<meta property="article:published_time" content="2024-02-01T08:00:00+00:00">'
    metadata = meta_of(post('<time class="entry-date">March 4, 2024</time>'), head)
    assert metadata.published.startswith("2024-02-01")


def test_a_list_of_dated_teasers_before_the_post_is_passed_over() -> None:
    # A news app's page lists other stories, each a headline and its day, with no class naming the list.
    teasers = "<ul>" + "".join(f"<li><h5>Another story {n}</h5><p><time>2019-09-0{n}</time><span>107</span></p></li>"
                               for n in (6, 7)) + "</ul>"
    metadata = meta_of(teasers + post('<time class="entry-date">March 4, 2024</time>'))
    assert metadata.published == "2024-03-04"
