"""The page markup finds the body as the document does (issue 16, a cheap worker): ``body_of(root)`` is
``TextDocument.body``, read with ``iterchildren`` instead of ElementPath's ``find("body")``."""

from __future__ import annotations

import pytest
from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata.markup import body_of, markup_of

PAGES = [
    "<html><head><title>T</title></head><body><p>Text</p></body></html>",
    "<p>A fragment: the parser adds the html and body</p>",
    "<html><head><meta name='author' content='Ann'></head></html>",  # no body at all
    "<html><body><div><body><p>nested</p></body></div></body></html>",
    "<html><frameset><frame src='a.html'></frameset></html>",
    "<!DOCTYPE html><html><head></head><BODY class='x'><time datetime='2020-01-02'>2 Jan</time></BODY></html>",
]


def _trees() -> list[etree._Element]:
    built = [parse_html(page, "https://example.org/a").root for page in PAGES]
    html = etree.Element("html")  # built by hand: two body children, a namespaced one first, a comment
    html.append(etree.Comment("c"))
    etree.SubElement(html, "{urn:x}body")
    first = etree.SubElement(html, "body")
    etree.SubElement(html, "body")
    lone = etree.Element("body")  # the root itself, with no body below
    built += [html, lone, etree.Element("div")]
    assert body_of(html) is first
    return built


@pytest.mark.parametrize("index", range(len(PAGES) + 3))
def test_the_body_is_the_documents(index: int) -> None:
    root = _trees()[index]
    body = root.find("body")
    assert body_of(root) is (body if body is not None else root)


def test_times_are_read_below_the_body_found() -> None:
    doc = parse_html(PAGES[-1], "https://example.org/a")
    assert body_of(doc.root) is doc.body and doc.body.tag == "body"
    assert [t.get("datetime") for t in markup_of(doc).times] == ["2020-01-02"]


def test_the_byline_search_reads_the_body_as_body_of_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # (``TextDocument.body`` asks ElementPath's ``find("body")``: 29 us a page in the worker where ``body_of`` takes 4)
    from crawler.extractors.document.blocks import TextDocument
    from crawler.extractors.metadata.byline_elements import markup_byline

    page = "<html><body><p>Story</p><div class='byline'>By Ann Lee</div><body><p>x</p></body></body></html>"
    docs = [parse_html(source, "https://example.org/a") for source in (page, *PAGES)]
    expected = [markup_byline(doc) for doc in docs]
    assert expected[0] == ["Ann Lee"]

    def refused(self: TextDocument) -> None:
        raise AssertionError("TextDocument.body asked")

    monkeypatch.setattr(TextDocument, "body", property(refused))
    assert [markup_byline(doc) for doc in docs] == expected
    assert markup_byline(parse_html(b"", "https://example.org/a")) == []
