"""Titles of pages that are not articles (services, products, listings, shops), each class on a small page written
for it: a JSON-LD work's title naming something else than the page, and a markup title that names no page."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
TEXT = "<p>" + "Our team plans, builds and runs the service for clients across the region every day. " * 4 + "</p>"


def title_of(head: str, body: str, url: str = "https://www.example.com/services/messaging/") -> str | None:
    html = f"<html lang='en'><head>{head}</head><body>{body}{TEXT}</body></html>"
    return extract_metadata(parse_html(html, url), NOW).title


def ld(*objects: dict) -> str:
    return "".join(f'<script type="application/ld+json">{json.dumps(item)}</script>' for item in objects)


# ---------------------------------------------------------------- a structured title naming an embedded item


def test_an_embedded_videos_name_sharing_no_word_with_the_page_titles_is_not_the_title() -> None:
    # A service page's only JSON-LD object is its promotional video, named by its file.
    head = ("<title>Business Text Messaging | Acme Cloud</title>"
            '<meta property="og:title" content="Business Text Messaging | Acme Cloud">'
            + ld({"@context": "https://schema.org", "@type": "VideoObject", "name": "WV_Promo reel_FINAL"}))
    assert title_of(head, "<h2>Reach customers where they are</h2>") == "Business Text Messaging | Acme Cloud"


def test_the_video_a_section_page_features_is_not_the_sections_title() -> None:
    head = ("<title>Technology | Example News</title>"
            + ld({"@context": "https://schema.org", "@type": "VideoObject",
                  "name": "Inside the icebreaker ship labs of the far north"}))
    assert title_of(head, "<h2>Latest</h2>", "https://www.example.com/news/technology") == \
        "Technology | Example News"


def test_a_declared_articles_headline_stays_whatever_the_title_element_says() -> None:
    # An Article object is the page's story: its headline is kept even when the <title> names it otherwise.
    head = ("<title>Front page | Example News</title>"
            + ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Library stays open"},
                 {"@context": "https://schema.org", "@type": "VideoObject", "name": "Council meeting, full video"}))
    assert title_of(head, "<h2>Latest</h2>", "https://www.example.com/news/library") == "Library stays open"


def test_the_reviews_of_a_product_page_do_not_title_it() -> None:
    # A product page's JSON-LD lists its customers' reviews, each with a headline.
    reviews = [{"@context": "https://schema.org", "@type": "Review", "headline": text}
               for text in ("difference in my skin", "Worth it!", "Not for me")]
    head = ("<title>Hydrating Face Cream 50 ml - Brightleaf | Example Shop</title>"
            '<meta property="og:title" content="Hydrating Face Cream 50 ml - Brightleaf | Example Shop">'
            + ld(*reviews))
    assert title_of(head, "<h2>Details</h2>", "https://shop.example.com/p/face-cream") == \
        "Hydrating Face Cream 50 ml - Brightleaf | Example Shop"


def test_several_how_to_videos_sharing_the_product_name_do_not_title_its_page() -> None:
    videos = [{"@context": "https://schema.org", "@type": "VideoObject",
               "name": f"How to use {feature} | Nova X Series"}
              for feature in ("the camera", "live translation", "the eraser")]
    head = ("<title>Nova X Ultra | Features & Highlights | Example</title>"
            '<meta property="og:title" content="Nova X Ultra | Features &amp; Highlights | Example">' + ld(*videos))
    assert title_of(head, "<h2>Design</h2>", "https://www.example.com/phones/nova-x-ultra/") == \
        "Nova X Ultra | Features & Highlights | Example"


def test_an_articles_headline_rewritten_for_search_is_still_its_title() -> None:
    # The JSON-LD headline shares words with the <title>: the same story told twice, kept.
    head = ("<title>Best Online MBA Programs of 2026 | Example</title>"
            + ld({"@context": "https://schema.org", "@type": "Article", "headline": "Top Online MBAs Ranked"}))
    assert title_of(head, "<h2>Our method</h2>", "https://www.example.com/mba/best-online") == \
        "Top Online MBAs Ranked"


# ---------------------------------------------------------------- a markup title that names no page


def test_a_shop_page_titled_only_with_the_shops_name_takes_its_h1() -> None:
    head = ('<title>Brightleaf</title><meta property="og:title" content="Brightleaf">'
            '<meta property="og:site_name" content="Brightleaf">')
    assert title_of(head, "<h1>Custom Skincare Set</h1>", "https://www.brightleaf.example/pages/custom-set") == \
        "Custom Skincare Set"


def test_a_home_page_titled_with_its_sites_name_keeps_it() -> None:
    head = ('<title>Brightleaf</title><meta property="og:title" content="Brightleaf">'
            '<meta property="og:site_name" content="Brightleaf">')
    assert title_of(head, "<h1>Skin care made simple</h1>", "https://www.brightleaf.example/") == "Brightleaf"


def test_a_page_named_home_by_its_cms_takes_the_title_element() -> None:
    head = '<title>Home - The Example Blog</title><meta property="og:title" content="Home">'
    assert title_of(head, "<h2>Recent posts</h2>", "https://blog.example.com/") == "Home - The Example Blog"


def test_a_category_title_with_an_empty_name_takes_the_h1() -> None:
    # A CMS printed the category's name as empty: "| Magazine" in the <title> and an empty og:title.
    head = '<title> | Circuits Magazine</title><meta property="og:title" content="">'
    assert title_of(head, "<h1>Electronic Gadgets</h1>", "https://www.example.com/magazine/category/gadgets") == \
        "Electronic Gadgets"
