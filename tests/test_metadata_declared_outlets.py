"""An author object named as the organization the page declares its publisher (a CMS types every author a Person)
is that organization, not a person: an outlet is never an author. A personal brand, its owner both the author and
the publisher, keeps its author."""

from __future__ import annotations

import json

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

STORY = "<p>Eating well on a budget starts with planning the week's meals and buying what keeps.</p>" * 6


def _page(author: str, publisher: dict, byline: str = "") -> str:
    ld = {"@context": "https://schema.org", "@type": "Article", "headline": "Eat well on a budget",
          "datePublished": "2024-05-02", "author": {"@type": "Person", "name": author}, "publisher": publisher}
    return (f"<html><head><title>Eat well on a budget</title><script type='application/ld+json'>{json.dumps(ld)}"
            f"</script></head><body><article><h1>Eat well on a budget</h1>{byline}{STORY}</article></body></html>")


def test_an_organization_typed_person_is_no_author() -> None:
    page = _page("Riverside Heart Foundation", {"@type": "Organization", "name": "Riverside Heart Foundation"})
    assert extract_metadata(parse_html(page, "https://www.example.org/menus")).authors == []


def test_the_person_who_signs_the_page_is_read_instead() -> None:
    page = _page("Lakeside Clinic", {"@type": "Organization", "name": "Lakeside Clinic"},
                 "<p class='byline'>By Tracy Holm, Dietitian</p>")
    assert extract_metadata(parse_html(page, "https://www.example.org/menus")).authors == ["Tracy Holm"]


def test_a_personal_brand_keeps_its_author() -> None:
    # a one-person blog declares its owner the publisher organization too: a name, not an organization's
    page = _page("Haruto Benn", {"@type": "Organization", "name": "Haruto Benn"})
    assert extract_metadata(parse_html(page, "https://harutobenn.example/sql")).authors == ["Haruto Benn"]


def test_an_organization_named_otherwise_leaves_the_person() -> None:
    page = _page("Nadia Obi", {"@type": "Organization", "name": "Lakeside Clinic"})
    assert extract_metadata(parse_html(page, "https://www.example.org/menus")).authors == ["Nadia Obi"]
