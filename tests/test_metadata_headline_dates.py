"""Which date belongs to the headline:

- below the headline, a heading that opens other stories ("Most Popular", "Related posts", "You may also like")
  ends the lines read for the page's date: the dates under it are the teasers' (``visible.OTHER_STORIES_HEADING_RE``);
- a page whose markup title matches a logo's ``<h1>`` or a section heading repeating it, not the shown headline: the
  date printed beside the page's other ``<h1>`` dates the page (``visible.scan_visible``).
"""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 10, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
JSON_LD = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "BlogPosting", '
           '"headline": "Types of mobile apps", "datePublished": "2025-01-16T00:00:27+00:00"}</script>')


def metadata_of(html: str, url: str = "https://blog.example.org/story") -> object:
    return extract_metadata(parse_html(html, url), NOW)


def test_a_most_popular_list_under_the_byline_does_not_date_the_page() -> None:
    html = ("<html lang='en'><head><title>Types of mobile apps | Example Blog</title>" + JSON_LD + "</head><body>"
            "<article><h1>Types of mobile apps</h1><p>Written by: Jane Doe</p>"
            "<div class='box'><h4>Most Popular</h4><a href='/blog/app-marketing'>App marketing guide</a>"
            "<p>John Roe | July 15, 2025</p><a href='/blog/demo-videos'>Demo videos that convert</a>"
            f"<p>John Roe | June 9, 2025</p></div>{STORY}{STORY}</article></body></html>")
    metadata = metadata_of(html)
    assert metadata.published == "2025-01-16T00:00:27+00:00"
    assert metadata.sources["published"] == "json-ld"


def test_a_date_above_an_ordinary_section_heading_still_dates_the_page() -> None:
    html = ("<html lang='en'><head><title>Types of mobile apps | Example Blog</title></head><body>"
            "<article><h1>Types of mobile apps</h1><h4>Mobile Marketing</h4><p>Jane Doe | July 15, 2025</p>"
            f"{STORY}{STORY}</article></body></html>")
    assert metadata_of(html).published == "2025-07-15"


def test_the_date_beside_the_headline_h1_when_a_logo_h1_comes_first() -> None:
    html = ("<html lang='en'><head><title>Our favourite biking spots | Harbor Magazine</title>"
            "<meta property='og:title' content='Our favourite biking spots'>"
            "<meta property='article:modified_time' content='2024-04-12 08:02:41 -0500'></head><body>"
            "<header><h1>Harbor Magazine</h1><ul><li><a href='/eat'>Eat</a></li><li><a href='/travel'>Travel</a>"
            "</li><li><a href='/style'>Style</a></li><li><a href='/news'>News</a></li><li><a href='/home'>Home</a>"
            "</li><li><a href='/health'>Health</a></li><li><a href='/arts'>Arts</a></li><li><a href='/shop'>Shop"
            "</a></li><li><a href='/events'>Events</a></li><li><a href='/about'>About</a></li></ul></header>"
            "<article><h1>The best trails and neighbourhoods for biking</h1>"
            "<p>There has never been a better time to ride.</p><p>By Daniel Renfrow April 12, 2024</p>"
            f"{STORY}{STORY}</article></body></html>")
    assert metadata_of(html).published == "2024-04-12"


def test_the_date_beside_the_h1_when_a_section_heading_repeats_the_markup_title() -> None:
    sections = "".join(f"<h2>Section {n}</h2>{STORY}" for n in range(8))
    html = ("<html lang='en'><head><title>How robot vacuum mapping works</title></head><body>"
            "<main><h1>How do vacuum robots with mapping navigate?</h1><h5><span>2024-11-06</span></h5>"
            f"{STORY}{sections}<h2>How robot vacuum mapping works</h2>{STORY}</main></body></html>")
    assert metadata_of(html).published == "2024-11-06"
