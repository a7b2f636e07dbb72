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


def test_a_page_shows_its_headline_in_the_h1_not_the_seo_title() -> None:
    # The og:title is written for search results; the story's headline is the one shown on the page.
    head = ("<title>Top 10 Health and Nutrition Trends to Watch - Example</title>"
            '<meta property="og:title" content="Health And Nutrition Trends For 2026">' + DATED)
    body = "<header><a href='/'>Example</a></header><article><h1>Top 10 Health and Nutrition Trends to Watch</h1>"
    assert title_of(head, body + "</article>") == "Top 10 Health and Nutrition Trends to Watch"


def test_a_markup_title_its_title_element_repeats_outvotes_the_h1() -> None:
    head = ("<title>Health And Nutrition Trends For 2026 - Example</title>"
            '<meta property="og:title" content="Health And Nutrition Trends For 2026">' + DATED)
    body = "<article><h1>Top 10 Health and Nutrition Trends to Watch</h1></article>"
    assert title_of(head, body) == "Health And Nutrition Trends For 2026"


def test_one_headline_punctuated_twice_keeps_the_markup_title() -> None:
    assert not rewritten_headline("How we designed Dropbox’s ATF - an async task framework",
                                  "How we designed Dropbox ATF: an async task framework", True)


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
    head = ("<title>Ergonomic workspace guide</title>"
            '<meta property="og:title" content="How do you set up an ergonomic workstation at home?">' + DATED)
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
    assert not rewritten_headline("Yosemite National Park visitor guide", "Visiting Yosemite National Park", False,
                                  needs_date=True)


def test_visible_headline_of_a_page_without_h1_is_none() -> None:
    doc = parse_html("<html><body><h2>Not a headline here</h2>" + STORY + "</body></html>", URL)
    assert visible_headline(doc.root, URL, None) is None


# ---------------------------------------------------------------- a markup title that is the site's name


def test_an_inner_page_whose_og_title_is_the_site_name_takes_its_title_element() -> None:
    # Shops leave og:title at the store's name on every page; the <title> names the page.
    head = ("<title>All Men's Socks</title><meta property='og:site_name' content='Bombas'>"
            "<meta property='og:title' content='Bombas'>")
    assert title_of(head, "<p>Socks</p>", "https://shop.example.com/collections/mens-socks") == "All Men's Socks"


def test_a_microdata_headline_that_is_the_title_elements_site_part_is_not_the_title() -> None:
    head = "<title>Outdoor Gear – The Bush Company USA</title>"
    body = ("<div itemscope itemtype='https://schema.org/WebPage'>"
            "<span itemprop='headline'>The Bush Company USA</span></div>")
    assert title_of(head, body, "https://www.example.com/product-category/outdoor-gear/") == "Outdoor Gear"


def test_a_site_name_that_repeats_the_headline_does_not_make_the_headline_a_name() -> None:
    # og:site_name filled with the story's headline by a plug-in: the title is still the headline.
    headline = "What Are the Latest Scientific Trends in Psychiatry and How Will They Impact Care?"
    head = (f"<title>Psychiatry.example - {headline}</title><meta property='og:site_name' content='{headline}'>"
            f"<meta property='og:title' content='{headline}'>")
    assert title_of(head, "<p>x</p>", "https://www.psychiatry.example/news/trends") == headline


def test_the_home_page_titled_with_the_site_name_keeps_it() -> None:
    head = ("<title>Plausible Analytics | Simple, privacy-friendly Google Analytics alternative</title>"
            "<meta property='og:site_name' content='Plausible Analytics'>"
            "<meta property='og:title' content='Plausible Analytics'>")
    assert title_of(head, "<p>Hello</p>", "https://plausible.example/") == "Plausible Analytics"


# ---------------------------------------------------------------- a title escaped twice


def test_a_headline_escaped_twice_is_unescaped() -> None:
    head = ('<script type="application/ld+json">{"@type": "NewsArticle", '
            '"headline": "And finally&amp;#8230; trouble brewing"}</script>')
    assert title_of(head, "<p>x</p>") == "And finally\u2026 trouble brewing"
