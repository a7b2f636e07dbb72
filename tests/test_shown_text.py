"""``shown_text`` and ``shown_text_holds`` (``crawler.kernels.walk``): a page's texts outside its styles and its
scripts other than JSON-LD (``metadata.handles``' page text). The compiled walk must give what the XPath twin gives,
on pages of the shapes the XPath tells apart."""

from __future__ import annotations

import lxml.html
import pytest
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree

PAGES = [
    # scripts of every type, a style, a noscript (shown), a JSON-LD script's name, text in tails and comments
    "<html><head><title>T</title><style>.by{color:red}</style><script>var author='ann.lee';</script>"
    "<script type='application/ld+json'>{\"author\": {\"name\": \"Dana Whitfield\"}}</script></head><body>"
    "<p>By <b>Dana</b> Whitfield<!-- Ann Lee --></p><script type='text/javascript'>x='Jo Roe'</script>"
    "<script type=''>empty type</script><script type='APPLICATION/LD+JSON'>{\"a\": \"upper\"}</script>"
    "<script type=' application/ld+json'>{\"a\": \"spaced\"}</script><noscript>Jo Roe shown</noscript>tail"
    "</body></html>",
    # text outside ASCII, an empty element, a page with no script at all
    "<html><body><div>Zoë Ångström — 王芳<span></span></div><p>\u00a0</p></body></html>",
    "<html><body></body></html>",
]
NAMES = ["Dana Whitfield", "Dana", "ann.lee", "Jo Roe", "empty type", "upper", "spaced", "王芳", "Zoë", "", "Ann Lee",
         "tail", "color"]


@pytest.mark.parametrize("page", PAGES)
def test_the_twin_is_the_xpath_of_shown_texts(page):
    root = lxml.html.document_fromstring(page)
    texts = root.xpath("//text()[not(ancestor::script[not(@type='application/ld+json')] or ancestor::style)]")
    assert PYTHON.shown_text(root) == "".join(texts)
    assert [PYTHON.shown_text_holds(root, name) for name in NAMES] == [
        any(name in text for text in texts) for name in NAMES]


def test_the_pages_tell_the_rules_apart():
    root = lxml.html.document_fromstring(PAGES[0])
    holds = dict(zip(NAMES, (PYTHON.shown_text_holds(root, name) for name in NAMES), strict=True))
    assert holds["Dana Whitfield"] and holds["Jo Roe"] and holds["tail"]  # (JSON-LD's and a noscript's are shown)
    assert not holds["ann.lee"] and not holds["empty type"] and not holds["upper"] and not holds["spaced"]
    assert not holds["color"] and not holds["Ann Lee"]  # (a style's and a comment's are not)


@needs_walk
@pytest.mark.parametrize("page", PAGES)
def test_the_compiled_walk_gives_the_twins_answers(page):
    root = lxml.html.document_fromstring(page)
    assert WALK.shown_text(root) == PYTHON.shown_text(root)
    for element in (root, *root.iter("p", "script")):  # (the XPath reads the whole document from any element)
        assert [WALK.shown_text_holds(element, name) for name in NAMES] == [
            PYTHON.shown_text_holds(element, name) for name in NAMES]


@needs_walk
def test_trees_the_html_parser_never_makes_read_alike():
    """CDATA, an element inside a script, a processing instruction, an entity reference, a name holding NUL."""
    pages = [b"<html><body><p><![CDATA[cdata Jo Roe]]></p><script><b>inside Ann Lee</b></script><?pi Jo?>"
             b"</body></html>",
             b'<!DOCTYPE html [<!ENTITY e "Jo Roe">]><html><body><p>&e; and text</p></body></html>']
    for page in pages:
        root = etree.fromstring(page, etree.XMLParser(strip_cdata=False, resolve_entities=False))
        assert WALK.shown_text(root) == PYTHON.shown_text(root)
        assert [WALK.shown_text_holds(root, name) for name in NAMES] == [
            PYTHON.shown_text_holds(root, name) for name in NAMES]
    root = etree.fromstring(pages[0], etree.XMLParser(strip_cdata=False))
    assert WALK.shown_text_holds(root, "cdata Jo") and not WALK.shown_text_holds(root, "inside")
    with pytest.raises(ValueError):  # (as the XPath refuses it)
        PYTHON.shown_text_holds(root, "a\x00b")
    with pytest.raises(ValueError):
        WALK.shown_text_holds(root, "a\x00b")
