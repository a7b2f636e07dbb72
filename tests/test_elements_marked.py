"""The byline search's elements (``crawler.kernels.walk.elements_marked``: each class, id or rel value searched in
one pass in C) are what its Python twin, ``elements_with_words``, finds: on random namespaced and HTML trees
with marks of every shape (a word in any case or place, split by other text, outside ASCII, empty), hand-written
malformed and CJK pages, and the shared pages when they are there."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest
from helpers.twins import PYTHON, WALK, bind_twin, needs_walk
from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata.byline_elements import BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS, markup_byline
from crawler.kernels import walk as bound
from crawler.kernels.walk import elements_with_words

pytestmark = needs_walk

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"

MARKS = ["byline", "ByLine", "post-AUTHOR-name", "authors", "writtenBy", "written by", "by line", "autho", "bylin",
         "author ", "a", "b", "w", "", " ", "article-meta", "作者", "bylıne", "ÄUTHOR", "wriTTenbyline", "xx-author",
         "AuThOr", "bbyline", "aauthor", "wwrittenby"]
TAGS = ["span", "div", "p", "a", "x:span"]
ATTRIBUTES = ["class", "id", "rel", "class", "x:class", "x:id", "x:rel", "href", "title"]


def _element(rng: random.Random, depth: int) -> str:
    tag = rng.choice(TAGS)
    attributes = [f'{name}="{rng.choice(MARKS)}"' for name in dict.fromkeys(rng.sample(ATTRIBUTES, rng.randint(0, 4)))]
    children = "".join(_element(rng, depth + 1) for _ in range(rng.randint(0, 3) if depth < 4 else 0))
    return f"<{tag} {' '.join(attributes)}>{children}t</{tag}>"


def _random_xml(rng: random.Random) -> str:
    """A namespaced XML tree (the HTML parser makes no namespaces): prefixed tags and attributes are others."""
    body = "".join(_element(rng, 2) for _ in range(rng.randint(0, 5)))
    return f'<html xmlns:x="urn:x"><head/><body class="{rng.choice(MARKS)}">{body}</body></html>'


def _python(top: etree._Element, attributes: tuple[str, ...] = BYLINE_MARK_ATTRIBUTES,
            words: tuple[str, ...] = BYLINE_MARK_WORDS) -> list[etree._Element]:
    return elements_with_words(top, attributes, words)


def _compare(top: etree._Element, attributes: tuple[str, ...] = BYLINE_MARK_ATTRIBUTES,
             words: tuple[str, ...] = BYLINE_MARK_WORDS) -> list[etree._Element]:
    found = WALK.elements_marked(top, attributes, words)
    assert PYTHON.elements_marked(top, attributes, words) == found
    assert found == _python(top, attributes, words), etree.tostring(top)
    return found


def test_random_trees_give_what_the_twin_finds() -> None:
    rng = random.Random(61)
    found = []
    for _ in range(300):
        root = etree.fromstring(_random_xml(rng))
        found += _compare(root) + _compare(root.find("body")) + _compare(root, ("id",), ("by", "line"))
        html = parse_html(_random_xml(rng).replace(' xmlns:x="urn:x"', "").replace("x:", ""), "https://example.org/a")
        found += _compare(html.body)
    assert len(found) > 3000
    assert {element.tag for element in found} >= {"body", "span", "div", "p", "a"}


MALFORMED = [
    # unclosed and misnested elements, attributes without values or quotes, a repeated attribute (the first one is
    # kept), an element after </body>
    "<html><head><link rel=author href=/ann></head><body class><div class=byline><p id=AUTHOR-box class=author "
    "class=x>By Ann Lee<span rel>x</span></div></p><i class=writtenby>z</body><b class='post-author'>after</b>",
    # CJK marks and text, full-width characters, a body without <html>
    "<body><div class='作者信息'><span class='author-name'>张三</span></div><p id='記者'>李四 記者</p>"
    "<span class='ｂｙｌｉｎｅ'>x</span></body>",
    # no body element at all
    "<div class=byline>By A</div><p rel=AUTHOR>b</p>",
    # an entity and character references in the marks
    "<html><body><p class='a&amp;author'>x</p><p class='&#x41;UTHOR'>y</p><p id='&#20316;'>z</p></body></html>",
]


def test_malformed_and_cjk_pages_give_what_the_twin_finds() -> None:
    for html in MALFORMED:
        for walk in (False, True):
            doc = parse_html(html, "https://example.org/a", walk=walk)
            assert doc.body is not None
            assert _compare(doc.body), html  # each page marks some element
    doc = parse_html(MALFORMED[0], "https://example.org/a")
    assert [element.get("class") for element in _compare(doc.body)] == ["byline", "author", "writtenby",
                                                                           "post-author"]


def _shared_pages() -> list[bytes]:
    pages: list[bytes] = []
    for folder in ("scrapinghub", "zh-news"):
        files = sorted((SHARED / folder).rglob("*.html*"))[:25] if (SHARED / folder).is_dir() else []
        pages += [gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes() for path in files]
    return pages


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared datasets are not there")
@pytest.mark.slow
def test_shared_pages_give_what_the_twin_finds_and_the_same_byline() -> None:
    pages = _shared_pages()
    assert len(pages) >= 25
    marked = 0
    for html in pages:
        doc = parse_html(html, "https://example.org/a")
        if doc.root is None:
            continue
        marked += bool(_compare(doc.body))
        names = markup_byline(doc)
        patch = pytest.MonkeyPatch()
        bind_twin(patch, False)
        try:
            assert markup_byline(doc) == names
        finally:
            patch.undo()
    assert marked >= 10


def test_entities_are_read_by_lxml_or_the_python_walk() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    # an unresolved entity in a value: a value in several nodes, read by lxml
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "author">]><html><body><p class="a &e; b">x</p>'
                            b'<p class="&e;">y</p></body></html>', parser)
    _compare(root)
    # an entity reference node in the tree: the Python reading
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><body><p class="byline">&e;</p></body></html>',
                            parser)
    assert [p.get("class") for p in _compare(root)] == ["byline"]


@pytest.mark.parametrize("words", [("Author",), ("",), ("by\x00line",), ("bÿline",)])
def test_words_it_cannot_search_are_refused(words: tuple[str, ...]) -> None:
    root = etree.fromstring("<html><body><p class='byline'>x</p></body></html>")
    for twin in (bound, PYTHON):
        with pytest.raises(ValueError, match="lower-case ASCII without NUL"):
            twin.elements_marked(root, ("class",), words)
