"""A page's bytes parsed without copies: the closing root tags left out as spans of the page's own bytes (the
parser fed the pieces between them), and a page that is its own UTF-8 told without decoding it."""

from __future__ import annotations

import pytest
from lxml import etree

from crawler.extractors.document import pagebytes
from crawler.extractors.document.bounds import flattened
from crawler.extractors.document.decoding import decode_html, is_own_utf8
from crawler.extractors.document.pagebytes import PageBytes, without_closing_root_tags
from crawler.extractors.document.parse import _html_parser, _tree, parse_html

CLOSED_EARLY = [
    b"<html><body><p>Before the early close</p></body></html>\n<p>after it, as browsers show it</p>\n",
    "<html><body><p>odd space</p></body\u3000></html\u00a0>\n<p>still the body \u5317\u4eac</p>".encode(),
    b"<html><head><title>t</title></head><body><div><p>a</p></div></body></html>\n\n",
    b"<p>one</p></BODY></html><p>two</p></body></html><p>three</p></html>",
    b"<!-- </body> --><p>x</p><script>document.write('</body>')</script></html><p>y</p>",
]


def serialised(root: etree._Element | None) -> bytes | None:
    return None if root is None else etree.tostring(root)


@pytest.mark.parametrize("page", CLOSED_EARLY)
def test_the_pieces_fed_to_the_parser_build_the_tree_of_the_joined_bytes(page, monkeypatch):
    monkeypatch.setattr(pagebytes, "FEED_CHUNK_BYTES", 7)  # chunks cut inside tags and characters
    cut = PageBytes.without_closing_root_tags(page)
    assert cut.cuts and cut.joined() == without_closing_root_tags(page)
    fed, _ = _tree(cut, _html_parser())
    assert serialised(fed) == serialised(etree.fromstring(cut.joined(), _html_parser()))


def test_a_page_closed_early_is_not_copied_to_be_parsed(monkeypatch):
    joined = []
    monkeypatch.setattr(PageBytes, "joined", lambda self: joined.append(self) or b"")
    doc = parse_html(CLOSED_EARLY[0])
    assert [block.text for block in doc.blocks] == ["Before the early close", "after it, as browsers show it"]
    assert joined == []


@pytest.mark.parametrize("page", CLOSED_EARLY[:4])
def test_a_deep_page_is_flattened_around_its_cuts_as_the_joined_page(page):
    deep = page.replace(b"<p>", b"<div>" * 12 + b"<p>").replace(b"</p>", b"</p>" + b"</div>" * 12)
    cut = PageBytes.without_closing_root_tags(deep)
    assert flattened(cut, depth=5) == flattened(cut.joined(), depth=5)


def test_a_cut_inside_a_comment_flattens_the_joined_page():
    page = b"<div><div><!-- </body> --><div><p>deep</p></div></div></div></html>"
    cut = PageBytes.without_closing_root_tags(page)
    assert len(cut.cuts) == 2
    assert flattened(cut, depth=1) == flattened(cut.joined(), depth=1)


@pytest.mark.parametrize("page", [b"  \n</body></html>\n", "\u3000</html>\u2003".encode(), b"</html>"])
def test_a_page_of_white_space_and_closing_tags_is_blank(page):
    assert PageBytes.without_closing_root_tags(page).blank()
    assert parse_html(page).empty_reason == "empty input"


@pytest.mark.parametrize("page", [
    b"<p>ascii</p>",
    "<p>caf\u00e9</p>".encode(),
    "<p>caf\u00e9</p>".encode("latin-1"),
    b"<meta charset='windows-1252'><p>ascii declared cp1252</p>",
    "<meta charset='windows-1252'><p>caf\u00e9 in UTF-8</p>".encode(),
    b"\xef\xbb\xbf<p>a byte order mark</p>",
    b"<p>a lone surrogate \xed\xa0\x80</p>",
    ("<p>" + "x" * 300_000 + "\u5317</p>").encode(),
    ("<p>" + "x" * 300_000 + "\u5317</p>").encode()[:-5],
])
def test_own_utf8_is_told_as_the_decoding_tells_it(page):
    assert is_own_utf8(page) == decode_html(page).exact_utf8
