"""The page's markup is read as parsed, before the block walk removes ``<meta>`` and ``<link>`` elements: microdata
in the body (``<meta itemprop>``) and head markup after an element that ends the ``<head>`` early are the page's."""

from __future__ import annotations

from crawler.extractors import extract
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.markup import markup_of

URL = "https://example.org/news/budget"
STORY = "<p>The council adopted the budget on Tuesday after a long debate in the chamber.</p>" * 5


def test_microdata_meta_in_the_body_dates_the_article() -> None:
    # schema.org microdata: the date is a <meta itemprop> inside the article, shown nowhere as text
    page = ("<html><head><title>Budget adopted</title></head><body>"
            "<article itemscope itemtype='https://schema.org/NewsArticle'>"
            "<meta itemprop='datePublished' content='2021-03-04T09:00:00+01:00'>"
            "<span itemprop='author' itemscope itemtype='https://schema.org/Person'>"
            "<meta itemprop='name' content='Ann Lee'></span>"
            f"<h1 itemprop='headline'>Budget adopted</h1>{STORY}</article></body></html>")
    metadata = extract_metadata(parse_html(page, URL))
    assert metadata.published is not None and metadata.published.startswith("2021-03-04")
    assert extract(page, URL).metadata.published == metadata.published


def test_head_markup_after_an_iframe_in_the_head_is_read() -> None:
    # an <iframe> (a tag manager's) written into the <head>: the parser opens the body there, with the <meta> after it
    page = ("<html><head><title>Site</title><iframe src='https://tags.example.net/'></iframe>"
            "<meta property='og:title' content='Council adopts the budget after a long debate'>"
            "<meta name='author' content='Ann Lee'></head>"
            f"<body><h1>Council adopts the budget after a long debate</h1>{STORY}</body></html>")
    doc = parse_html(page, URL)
    assert doc.root.find("body").find("meta") is None  # the walk removed them from the tree
    metadata = extract_metadata(doc)
    assert metadata.title == "Council adopts the budget after a long debate"
    assert metadata.authors == ["Ann Lee"]


def test_the_markup_is_read_once_and_is_the_page_as_parsed() -> None:
    page = ("<html><head><link rel='canonical' href='/c'></head><body><div style='display:none'>"
            "<link rel='alternate' href='/amp'></div>"
            f"<article><h1>Budget</h1>{STORY}</article></body></html>")
    unwalked = parse_html(page, URL, walk=False)
    before = markup_of(unwalked)
    unwalked.blocks  # noqa: B018 - the walk removes the hidden subtree from the tree
    assert markup_of(unwalked) is before and len(before.links) == 2
    assert markup_of(parse_html(page, URL)) == before
