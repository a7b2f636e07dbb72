"""Per-document reuse: what the page's readers ask twice of one walked document is computed once (``memo``), and
``body`` is the root's <body> child as ``find("body")`` gives it."""

from __future__ import annotations

from unittest import mock

from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import headline_block

PAGE = ("<html><head><title>Council passes the budget | The Example Times</title></head><body><header><h1>The Example"
        " Times</h1></header><main><h1>Council passes the budget</h1><p>By Jane Doe</p>"
        f"<p>{'The council met on Tuesday to pass the budget for the year. ' * 5}</p></main></body></html>")


def test_the_headline_is_found_once_a_document_and_title():
    doc = parse_html(PAGE.encode(), "https://news.example/2024/03/05/budget")
    title = "Council passes the budget | The Example Times"
    with mock.patch.object(headline_block, "_headline_index", wraps=headline_block._headline_index) as found:
        first = headline_block.headline_index(doc, title)
        assert headline_block.headline_index(doc, title) == first
        assert found.call_count == 1
        assert headline_block.headline_index(doc, "The Example Times") != first  # another title, another answer
        assert found.call_count == 2
    assert doc.blocks[first].text == "Council passes the budget"
    other = parse_html(PAGE.encode(), "https://news.example/2024/03/05/budget")  # each document its own
    with mock.patch.object(headline_block, "_headline_index", wraps=headline_block._headline_index) as found:
        assert headline_block.headline_index(other, title) == first and found.call_count == 1


def test_body_is_the_roots_body_child_as_find_gives_it():
    for html in ("<html><body><p>a</p></body></html>", "<p>only a paragraph</p>", "<html><head></head></html>"):
        root = etree.fromstring(html, etree.HTMLParser())
        doc = parse_html(html.encode(), "https://news.example/a")
        doc.root = root
        expected = root.find("body")
        assert doc.body is (expected if expected is not None else root)
    doc = parse_html(b"<html><body><p>a</p></body></html>", "https://news.example/a")
    doc.root = None
    assert doc.body is None
