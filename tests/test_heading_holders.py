"""``heading_holders`` (``crawler.kernels.walk``): the elements that hold a heading mostly linked to another page, and
those that hold an h1, found in one walk (``metadata.teasers``' index). The compiled walk must give the keys of the
elements its Python twin gives, on pages of the shapes the test of a linked heading tells apart."""

from __future__ import annotations

import pytest
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree

from crawler.extractors import parse_html
from crawler.extractors.metadata.teasers import TEASER_HEADINGS, leads_elsewhere, linked_heading

PAGES = [
    # a listing's cards, one heading not linked, one linked to its own page's anchor
    "<html><body><main><h1>Front</h1><div><h3><a href='/a'>First story</a></h3><p>By A</p></div>"
    "<div><h3><a href='/b'>Second</a> story of the day</h3></div><div><h3>Plain heading</h3></div>"
    "<div><h2><a href='#c'>Comments</a></h2></div><div><h2><a href='  #x'>Anchor after spaces</a></h2></div>"
    "</main></body></html>",
    # white space that str.split cuts at (no-break, ideographic, line separator) and what it does not (zero width)
    "<html><body><div><h2><a href='/x'>Long\u00a0linked\u3000words</a> and\u2028 a tail text</h2></div>"
    "<div><h4>\u200b\u200b<a href='/y'>ab</a>c</h4></div><div><h5>\u00a0 \t\n</h5><h6>  <a href='/z'> </a></h6></div>"
    "</body></html>",
    # half linked exactly, an href of spaces, a link without href, links inside links, a heading inside a link
    "<html><body><div><h2><a href='/q'>abcd</a>efgh</h2><h2><a href=' '>spaces only</a></h2><h3><a>no href</a></h3>"
    "<h3><a href='/o'>outer <a href='/i'>inner</a></a> and some more unlinked words here</h3></div>"
    "<a href='/card'><div><h3>Inside a link</h3></div></a><a href='#top'><h4>Inside an anchor link</h4></a>"
    "</body></html>",
    # headings nested in headings, comments and processing instructions in a heading, text in tails
    "<html><body><section><h2>Outer <h3><a href='/n'>nested linked</a></h3> tail</h2><!-- c --></section>"
    "<div><h3><a href='/c'>com<!-- hidden -->ment</a><?pi x?> after</h3>tail text</div>"
    "<p><h1>Headline in a p</h1></p><h1>Second h1</h1></body></html>",
    # characters outside the BMP and combining marks, a heading with no text, a page without headings
    "<html><body><div><h2><a href='/e'>\U0001F600\U0001F600 emoji</a> e\u0301\u0301 marks</h2><h3></h3></div>"
    "</body></html>",
    "<html><body><p>No headings at all</p></body></html>",
    # a forum post's subject linking to its own post on this page, a byline set as a heading, a link to another
    # page's anchor
    "<html><body><div id='p12'><h3><a href='viewtopic.php?p=12#p12'>Re: the subject</a></h3></div>"
    "<div><h3><a href='/author/jane-doe/'>Jane Doe</a></h3></div><div><h3><a href='/other#p99'>Another story</a>"
    "</h3></div><div><h3><a href='/story#p12'>Same anchor, this page holds it</a></h3></div></body></html>",
]


def _tree(page: str) -> etree._Element:
    return parse_html(page).root


def _expected(root: etree._Element) -> tuple[set[etree._Element], set[etree._Element]]:
    """The holders as ``teasers`` first found them: each heading asked with ``linked_heading``, its ancestors by
    ``getparent`` up to the root."""
    def up(elements):
        held = set()
        for element in elements:
            while element.getparent() is not None:
                held.add(element)
                element = element.getparent()
        return held

    return up([h for h in root.iter(*TEASER_HEADINGS) if linked_heading(h)]), up(root.iter("h1"))


@pytest.mark.parametrize("page", PAGES)
def test_the_python_twin_holds_what_the_teasers_test_finds(page):
    root = _tree(page)
    linked, headline = PYTHON.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
    assert (set(linked), set(headline)) == _expected(root)


def test_the_pages_tell_the_tests_apart():
    linked, _ = PYTHON.heading_holders(_tree(PAGES[2]), TEASER_HEADINGS, "h1", leads_elsewhere)
    assert sorted(e.tag for e in linked if e.tag.startswith("h")) == ["h2", "h3"]
    linked, _ = PYTHON.heading_holders(_tree(PAGES[1]), TEASER_HEADINGS, "h1", leads_elsewhere)
    assert sorted(e.tag for e in linked if e.tag.startswith("h")) == ["h2"]  # (zero width spaces are characters)
    linked, _ = PYTHON.heading_holders(_tree(PAGES[-1]), TEASER_HEADINGS, "h1", leads_elsewhere)
    assert [e.text_content() for e in linked if e.tag == "h3"] == ["Another story"]


@needs_walk
@pytest.mark.parametrize("page", PAGES)
def test_the_compiled_walk_gives_the_twins_elements(page):
    root = _tree(page)
    twin = PYTHON.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
    compiled = WALK.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
    assert compiled == tuple(frozenset(map(WALK.element_key, held)) for held in twin)
    assert all(WALK.element_key(element) in compiled[0] for element in twin[0])


@needs_walk
def test_links_inside_links_and_cdata_read_alike():
    """Trees the HTML parser never makes (it closes a link at the next one), built by the XML parser."""
    for page in (b"<html><body><div><h2><a href='/o'>outer <a href='/i'>inner words</a></a> plain plain plain plain"
                 b"</h2></div><div><h3><![CDATA[cdata words]]><a href='/c'>x</a></h3></div></body></html>",
                 b"<html><body><div><h2><a href='/o'>o <a href='#i'>inner words</a></a> plain plain plain plain</h2>"
                 b"</div></body></html>"):
        root = etree.fromstring(page, etree.XMLParser(strip_cdata=False))
        twin = PYTHON.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
        assert WALK.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere) == tuple(
            frozenset(map(WALK.element_key, held)) for held in twin)
    assert len(twin[0]) == 0
    first = etree.fromstring(b"<html><body><div><h2><a href='/o'>outer <a href='/i'>inner words</a></a> plain plain"
                             b" plain plain</h2></div></body></html>")
    assert len(PYTHON.heading_holders(first, TEASER_HEADINGS, "h1", leads_elsewhere)[0]) == 3


@needs_walk
def test_a_tree_with_an_entity_reference_is_read_by_the_twin():
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "linked words">]><html><body><div><h2><a href="/x">&e;</a>'
                            b'</h2></div></body></html>', etree.XMLParser(resolve_entities=False))
    twin = PYTHON.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere)
    assert len(twin[0]) == 3
    assert WALK.heading_holders(root, TEASER_HEADINGS, "h1", leads_elsewhere) == tuple(
        frozenset(map(WALK.element_key, held)) for held in twin)
