"""``teasers.in_teaser`` reads each tree's linked headings and h1s once (``_tree_headings``) and answers every box from
them: the same answers as searching each box (the reference below, the rule as first written)."""

from __future__ import annotations

import lxml.html
import pytest
from helpers.twins import PYTHON
from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import teasers
from crawler.extractors.metadata.teasers import (
    MAX_TEASER_CHARS,
    MAX_TEASER_LEVELS,
    in_teaser,
    linked_heading,
    shown_chars,
)

CARD = ("<div class='card'><h3><a href='/2024/03/{n}/story-{n}'>Story number {n} of the section</a></h3>"
        "<p class='meta'><span class='by'>By Writer {n}</span> <time datetime='2024-03-0{n}'>March {n}, 2024</time>"
        "</p><p>A short dek of the story.</p></div>")
LISTING = ("<html><head><title>Section</title></head><body><header><a href='/'>Site</a></header>"
           "<main>{h1}<section>" + "".join(CARD.format(n=n) for n in range(1, 6)) + "</section>"
           "<article><h2><a href='#comments'>Jump to comments</a></h2><p>" + "Body text of the page. " * 60
           + "</p></article><aside><div><h4>Alone <a href='/other'>one link</a> here</h4><p>x</p></div></aside>"
           "</main></body></html>")


def searched(element: etree._Element, *, lone: bool) -> bool:
    node = element
    for _ in range(MAX_TEASER_LEVELS):
        if node is None or node.tag in ("body", "html") or node.tag == "h1" or node.find(".//h1") is not None:
            return False
        if linked_heading(node):
            return shown_chars(node) <= MAX_TEASER_CHARS and (lone or among_teasers(node))
        node = node.getparent()
    return False


def among_teasers(box: etree._Element) -> bool:
    node = box
    for _ in range(MAX_TEASER_LEVELS):
        if node is None or node.tag in ("body", "html") or node.tag == "h1" or node.find(".//h1") is not None or \
                shown_chars(node) > MAX_TEASER_CHARS:
            return False
        if any(isinstance(sibling.tag, str) and linked_heading(sibling)
               for sibling in (*node.itersiblings(), *node.itersiblings(preceding=True))):
            return True
        node = node.getparent()
    return False


@pytest.mark.parametrize("h1", ["<h1>Section front</h1>", "", "<div class='card'><h1>Lead</h1></div>"])
@pytest.mark.parametrize("lone", [False, True])
def test_every_element_is_answered_as_a_search_of_its_boxes_answers(h1, lone):
    root = parse_html(LISTING.format(h1=h1)).root
    elements = [element for element in root.iter() if isinstance(element.tag, str)]
    assert sum(in_teaser(element, lone=lone) for element in elements) > 0
    assert [in_teaser(element, lone=lone) for element in elements] == [searched(e, lone=lone) for e in elements]


def test_a_trees_headings_are_read_once_and_let_go_with_the_tree(monkeypatch):
    calls = []
    read = teasers.heading_holders
    monkeypatch.setattr(teasers, "heading_holders", lambda *args: calls.append(args[0].tag) or read(*args))
    root = parse_html(LISTING.format(h1="<h1>Section front</h1>")).root
    for element in root.iter("time", "span"):
        in_teaser(element)
    assert calls == ["html"]
    del root, element
    import gc

    gc.collect()
    assert len(teasers._HEADINGS) == 0


@pytest.mark.parametrize("h1", ["<h1>Section front</h1>", "<div class='card'><h1>Lead</h1></div>"])
def test_the_python_twins_index_answers_as_the_search_too(monkeypatch, h1):
    monkeypatch.setattr(teasers, "heading_holders", PYTHON.heading_holders)
    monkeypatch.setattr(teasers, "element_key", PYTHON.element_key)
    root = parse_html(LISTING.format(h1=h1)).root
    elements = [element for element in root.iter() if isinstance(element.tag, str)]
    assert [in_teaser(element) for element in elements] == [searched(e, lone=False) for e in elements]


def test_a_fragments_root_is_searched_as_before():
    card = lxml.html.fragment_fromstring(CARD.format(n=1))
    element = card.find(".//time")
    assert in_teaser(element, lone=True) == searched(element, lone=True) is True
    assert in_teaser(element) == searched(element, lone=False) is False


def test_the_writer_link_search_finds_what_a_test_a_word_finds():
    from crawler.extractors.metadata.other_bylines import WRITER_LINK_RE, WRITER_LINK_WORDS

    addresses = [f"https://example.com/{word}/jane-doe" for word in WRITER_LINK_WORDS] + [
        "/2024/03/story-title", "/authors", "/autorin/x", "/forum/viewtopic.php?uid=3", "/u/jane", "/users/12/jane",
        "/us/politics", "/persons-of-the-year", "/stuff/news", "/reporte/2024", "/profiles", "uid", "/membres/a", ""]
    found = [WRITER_LINK_RE.search(address) is not None for address in addresses]
    assert found == [any(word in address for word in WRITER_LINK_WORDS) for address in addresses]
    assert found.count(False) >= 4
