"""``learned_layout.locate`` keeps its locators compiled: the same answers as ``root.xpath`` page after page, None for a
locator that is no XPath (every time), and a bounded cache."""

from __future__ import annotations

import pytest
from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.templates import learned_layout
from crawler.extractors.templates.learned_layout import locate, locator_of

PAGES = [
    "<html><body><div id='main'><article class='post story'><p>One</p></article></div></body></html>",
    "<html><body><div id='main'><article class='post'><p>Two</p></article><article class='post'><p>Three</p>"
    "</article></div></body></html>",
    "<html><body><div class='x'><p>Four</p></div></body></html>",
]


def plain(doc, locator: str):
    try:
        found = doc.root.xpath(locator)
    except etree.XPathError:
        return None
    # (a locator that counts instead of selecting, which locator_of never makes, is no element either)
    return found[0] if isinstance(found, list) and len(found) == 1 and isinstance(found[0], etree._Element) else None


def test_locate_answers_as_the_xpath_of_the_page_every_time() -> None:
    docs = [parse_html(html, "https://example.com/news/a.html") for html in PAGES]
    locators = [locator_of(docs[0].root.xpath("//article")[0]), locator_of(docs[1].root.xpath("//article")[1]),
                "id('main')[self::div]/article", "/html/body/div", "//p/text()", "count(//p)", "id('main'", "]["]
    found = 0
    for _ in range(2):  # the second time from the compiled locators
        for doc in docs:
            for locator in locators:
                assert locate(doc, locator) is plain(doc, locator), locator
                found += locate(doc, locator) is not None
    assert found >= 8


def test_the_cache_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learned_layout, "LOCATOR_CACHE", 2)
    monkeypatch.setattr(learned_layout, "_LOCATORS", {})
    doc = parse_html(PAGES[2], "https://example.com/a")
    for locator in ("/html/body/div", "/html/body", "/html"):
        assert locate(doc, locator) is not None
    assert list(learned_layout._LOCATORS) == ["/html"]
