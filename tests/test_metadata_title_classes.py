"""Title classes: the choice between the markup title and the visible headline, each on a small page written for it."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.titles import rewritten_headline, visible_headline

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
DATED = '<meta property="article:published_time" content="2025-06-02T10:00:00Z">'
URL = "https://www.example.com/blog/nutrition-trends"


def title_of(head: str, body: str, url: str = URL) -> str | None:
    html = f"<html lang='en'><head>{head}</head><body>{body}{STORY}</body></html>"
    return extract_metadata(parse_html(html, url), NOW).title


# ---------------------------------------------------------------- an SEO rewrite of the shown headline


def test_a_dated_page_shows_its_headline_in_the_h1_not_the_seo_title() -> None:
    # The og:title is written for search results; the story's headline is the one shown on the page.
    head = ("<title>Health And Nutrition Trends For 2026 - Example</title>"
            '<meta property="og:title" content="Health And Nutrition Trends For 2026">' + DATED)
    body = "<header><a href='/'>Example</a></header><article><h1>Top 10 Health and Nutrition Trends to Watch</h1>"
    assert title_of(head, body + "</article>") == "Top 10 Health and Nutrition Trends to Watch"


def test_an_undated_landing_page_keeps_its_markup_title_over_a_slogan() -> None:
    # A product's home page: the h1 is a slogan, the markup title names the product.
    head = ('<title>Webflow CMS: build scalable websites visually</title>'
            '<meta property="og:title" content="Build scalable websites visually with the Webflow CMS">')
    assert title_of(head, "<h1>Your content. Your canvas. Your rules.</h1>") == \
        "Build scalable websites visually with the Webflow CMS"


def test_an_h1_the_markup_title_holds_leaves_the_markup_title() -> None:
    head = '<meta property="og:title" content="Nike Pegasus 41 Men\'s Road Running Shoes">' + DATED
    assert title_of(head, "<h1>Nike Pegasus 41</h1>") == "Nike Pegasus 41 Men's Road Running Shoes"


def test_a_logo_h1_linking_home_is_not_the_headline() -> None:
    head = '<meta property="og:title" content="Reflections on building a pixel-perfect UI pipeline">' + DATED
    body = "<header><h1><a href='https://www.example.com/'>Playful Tones Blog Of Audio Code</a></h1></header>"
    assert title_of(head, body) == "Reflections on building a pixel-perfect UI pipeline"


def test_the_site_name_h1_is_not_the_headline() -> None:
    head = ('<meta property="og:site_name" content="Docker Community Forums">'
            '<meta property="og:title" content="Confusing resolver structure">' + DATED)
    assert title_of(head, "<h1>Docker Community Forums</h1>") == "Confusing resolver structure"


def test_a_headline_repeated_for_two_layouts_and_a_logo_is_one_headline() -> None:
    # Responsive pages print the headline twice (a phone's and a desktop's block); the logo h1 links home.
    head = ('<meta property="og:title" content="How do you set up an ergonomic workstation at home?">' + DATED)
    body = ("<h1><a href='/'>Example Store</a></h1><h1>Setting up an ergonomic workspace at home</h1>"
            "<h1>Setting up an ergonomic workspace at home</h1>")
    assert title_of(head, body) == "Setting up an ergonomic workspace at home"


def test_two_different_headlines_leave_the_markup_title() -> None:
    head = '<meta property="og:title" content="How do you set up an ergonomic workstation at home?">' + DATED
    body = "<h1>Setting up an ergonomic workspace at home</h1><h1>Related stories from our writers</h1>"
    assert title_of(head, body) == "How do you set up an ergonomic workstation at home?"


def test_an_unrelated_h1_is_not_a_rewrite() -> None:
    # "Webcams" on a park's page: a section's heading sharing no word with the page's title.
    assert not rewritten_headline("Yosemite National Park visitor guide", "Live webcams from the valley", True)
    assert rewritten_headline("Yosemite National Park visitor guide", "Visiting Yosemite National Park", True)


def test_visible_headline_of_a_page_without_h1_is_none() -> None:
    doc = parse_html("<html><body><h2>Not a headline here</h2>" + STORY + "</body></html>", URL)
    assert visible_headline(doc.root, URL, None) is None
