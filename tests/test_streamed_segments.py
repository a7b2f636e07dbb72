"""Streamed server rendering (React 18+, Next.js's app router): the article arrives in a ``<div hidden id="S:0">``
at the end of the body and a script moves it to its ``<template id="B:0">``; read in its place, not lost as hidden."""

from __future__ import annotations

from crawler.extractors import extract
from crawler.extractors.document.parse import parse_html

STORY = ["The harbour authority reopened the northern quay on Friday after three weeks of repairs to its piles.",
         "Divers replaced more than forty mooring posts that the winter storms had loosened along the wall.",
         "The first ferry crossing is expected on Monday morning, and earlier tickets remain valid this month."]
NAV = "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/about'>About</a></nav>"
FOOTER = "<footer><p>Subscribe to our newsletter</p><p>(c) 2025 Harbour Post. All rights reserved.</p></footer>"
SKELETON = "<div class='animate-pulse h-20'></div><div class='animate-pulse h-80'></div>"


def _page(story: str) -> str:
    return (f"<html><head><title>Northern quay reopens</title></head><body><header>{NAV}</header>"
            f"<main><template id=\"B:0\"></template>{SKELETON}</main>{FOOTER}"
            f"<div hidden id=\"S:0\"><article><h1>Northern quay reopens</h1>{story}</article></div></body></html>")


def test_the_streamed_article_is_the_text() -> None:
    article = extract(_page("".join(f"<p>{sentence}</p>" for sentence in STORY)), "https://example.org/quay")
    assert all(sentence in article.text for sentence in STORY)
    assert "newsletter" not in article.text


def test_the_segment_stands_where_its_template_stood() -> None:
    doc = parse_html(_page("<p>Inside the segment.</p>"), "https://example.org/quay")
    texts = [block.text for block in doc.blocks]
    assert texts.index("Inside the segment.") < texts.index("Subscribe to our newsletter")
    assert doc.root.find(".//template") is None and any("streamed" in warning for warning in doc.warnings)


def test_a_placeholder_inside_a_segment_gets_its_own_segment() -> None:
    page = (f"<html><body>{NAV}<main><template id='B:0'></template></main>{FOOTER}"
            "<div hidden id='S:0'><h1>Quay</h1><p>First part of the story, streamed first.</p>"
            "<template id='P:1'></template><p>Last part.</p></div>"
            "<div hidden id='S:1'><p>Middle part of the story, streamed later.</p></div></body></html>")
    texts = [block.text for block in parse_html(page, "https://example.org/quay").blocks]
    assert texts.index("First part of the story, streamed first.") < texts.index(
        "Middle part of the story, streamed later.") < texts.index("Last part.") < texts.index(
        "Subscribe to our newsletter")


def test_a_hidden_element_without_its_template_stays_hidden() -> None:
    page = (f"<html><body>{NAV}<p>{STORY[0]}</p><div hidden id='S:0'><p>A dialog's text.</p></div>"
            "<div hidden><p>Hidden.</p></div></body></html>")
    texts = [block.text for block in parse_html(page, "https://example.org/quay").blocks]
    assert "A dialog's text." not in texts and "Hidden." not in texts and STORY[0] in texts


def test_a_page_without_a_template_element_is_not_searched_for_segments(monkeypatch) -> None:
    from crawler.extractors.document import parse

    def refuse(pieces):
        raise AssertionError("searched")

    monkeypatch.setattr(parse, "may_be_streamed", refuse)
    # "<template id=B:0" written in a script's text: no element of the tree is a template
    page = (f"<html><body><main><p>{STORY[0]}</p></main>"
            "<script>var shell = '<template id=\"B:0\"></template>';</script></body></html>")
    doc = parse_html(page)
    assert doc.blocks[0].text == STORY[0] and not doc.warnings
