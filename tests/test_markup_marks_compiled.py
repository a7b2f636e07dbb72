"""The metadata's markup, the elements that may mark a byline and the first <meta> of each name read in one walk in C
(``blockwalk.markup_and_marks``) are what their Python twins read: ``page_markup``'s Python walk (the <meta> contents
by key, the <link>, itemprop and <time> elements), ``elements_with_words`` of the body (the elements whose class, id or
rel may mark a byline) and ``first_meta_content`` off the compiled helpers, on random namespaced and HTML trees,
hand-written malformed and CJK pages, and the shared pages when they are there; the byline search's walk of the
marks alone (``blockwalk.elements_marked``) is ``elements_with_words``' Python reading too."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest
from lxml import etree

from crawler.extractors.blockwalk import (
    compiled_walk_available,
    elements_marked,
    elements_with_words,
    first_meta_content,
    markup_and_marks,
    use_compiled_walk,
)
from crawler.extractors.document import parse_html
from crawler.extractors.metadata.byline import BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS
from crawler.extractors.metadata.markup import (
    ITEMPROP,
    LINK_ATTRIBUTES,
    META_ATTRIBUTES,
    body_of,
    markup_of,
    page_markup,
)

pytestmark = pytest.mark.skipif(not compiled_walk_available(), reason="the compiled walk is not built")

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"

KEYS = ["og:title", "OG:Title  twitter:title", "author", "AUTHOR", "description", "", " ", "keywords"]
CONTENTS = ["Ann Lee", "  Ann  Lee ", "", "   ", "\xa0A\u3000", "Ünïcode"]
# Marks with a word in any case, at any place, split by other text, outside ASCII (CJK, a dotless i, an "Ä"), empty.
MARKS = ["byline", "ByLine", "post-AUTHOR-name", "authors", "writtenBy", "written by", "by line", "autho", "bylin",
         "author ", "a", "b", "w", "", " ", "article-meta", "作者", "bylıne", "ÄUTHOR", "wriTTenbyline", "xx-author"]
TAGS = ["meta", "meta", "link", "time", "span", "div", "p", "a", "x:meta", "x:span"]
ATTRIBUTES = ["property", "name", "itemprop", "content", "datetime", "rel", "href", "class", "id", "class", "x:class",
              "x:id", "x:rel", "x:itemprop"]


def _element(rng: random.Random, depth: int) -> str:
    tag = rng.choice(TAGS)
    attributes = []
    for name in dict.fromkeys(rng.sample(ATTRIBUTES, rng.randint(0, 5))):
        pool = CONTENTS if "content" in name else MARKS if name.split(":")[-1] in {"class", "id", "rel"} else KEYS
        attributes.append(f'{name}="{rng.choice(pool)}"')
    children = "".join(_element(rng, depth + 1) for _ in range(rng.randint(0, 3) if depth < 4 else 0))
    return f"<{tag} {' '.join(attributes)}>{children}t</{tag}>"


def _random_xml(rng: random.Random) -> str:
    """A namespaced XML tree (the HTML parser makes no namespaces): prefixed tags and attributes are others."""
    root_marks = f' class="{rng.choice(MARKS)}"' if rng.random() < 0.3 else ""
    head = "".join(_element(rng, 2) for _ in range(rng.randint(0, 4)))
    body = "".join(_element(rng, 2) for _ in range(rng.randint(0, 5)))
    return (f'<html xmlns:x="urn:x"{root_marks}><head>{head}</head>'
            f'<body class="{rng.choice(MARKS)}" itemprop="articleBody">{body}</body></html>')


# Keys asked of ``first_meta_content`` besides those the walk found: absent ones, and a key in another case.
OTHER_KEYS = ("og:type", "og:title", "twitter:title", "OG:TITLE", "nothing")


def _python_reading(top: etree._Element, body: etree._Element | None, keys: tuple[str, ...]) -> tuple:
    """The twins off the compiled helpers: the Python walk's markup, ``elements_with_words`` of the body (those of
    ``top``'s walk), ``first_meta_content`` of each key (those that have a <meta>)."""
    was = use_compiled_walk(False)
    try:
        markup = page_markup(top, body)
        marks = []
        if body is not None:
            walked = set(top.iter(etree.Element))
            marks = [e for e in elements_with_words(body, BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS) if e in walked]
        named = {key: first_meta_content(top, key) for key in keys}
    finally:
        use_compiled_walk(was)
    return markup.meta, markup.links, markup.itemprops, markup.times, marks, named


def _compiled_reading(top: etree._Element, body: etree._Element | None) -> tuple:
    found = markup_and_marks(top, body, META_ATTRIBUTES, ITEMPROP, LINK_ATTRIBUTES, BYLINE_MARK_ATTRIBUTES,
                             BYLINE_MARK_WORDS)
    assert found is not None
    return found


def _compare(top: etree._Element, body: etree._Element | None) -> tuple:
    *found, first_named = _compiled_reading(top, body)
    keys = (*first_named, *OTHER_KEYS)
    assert "" not in first_named
    assert (*found, {key: first_named.get(key) for key in keys}) == _python_reading(top, body, keys), \
        etree.tostring(top)
    if body is not None:  # the marks alone, as the byline search reads them
        assert elements_marked(body, BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS) == _python_reading(body, body, ())[4]
    return (*found, first_named)


def test_random_namespaced_trees_read_as_the_twins() -> None:
    rng = random.Random(61)
    found = []
    for _ in range(300):
        root = etree.fromstring(_random_xml(rng))
        body = root.find("body")
        for top, below in ((root, body), (root, None), (root, root), (body, body)):
            found.append(_compare(top, below))
    assert sum(len(marks) for *_, marks, _ in found) > 500
    assert sum(len(named) for *_, named in found) > 200
    assert sum(len(meta) for meta, *_ in found) > 100 and sum(len(times) for *_, times, _ in found) > 50
    assert any(not marks for *_, marks, _ in found) and all(not found[i][4] for i in range(1, len(found), 4))


def test_random_html_pages_read_as_the_twins() -> None:
    rng = random.Random(67)
    found = []
    for _ in range(300):
        html = _random_xml(rng).replace(' xmlns:x="urn:x"', "").replace("x:", "")
        doc = parse_html(html, "https://example.org/a", walk=False)
        found.append(_compare(doc.root, doc.body))
    assert sum(len(marks) for *_, marks, _ in found) > 500
    # (the body's own class marks it at times: it is among the elements, as elements_with_words(body) has it)
    assert sum(any(mark.tag == "body" for mark in marks) for *_, marks, _ in found) > 25


MALFORMED = [
    # unclosed and misnested elements, attributes without values or quotes, a repeated attribute (the first one is
    # kept), a stray </body>
    "<html><head><meta name=author content='Ann'><link rel=author href=/ann></head><body class><div class=byline>"
    "<p id=AUTHOR-box class=author class=x>By Ann Lee<span rel>x</span></div></p><i class=writtenby>z</body>"
    "<b class='post-author'>after the body</b>",
    # CJK marks and text, full-width characters, a body without <html>
    "<body><div class='作者信息'><span class='author-name'>张三</span></div><p id='記者'>李四 記者</p>"
    "<span class='ｂｙｌｉｎｅ'>x</span></body>",
    # no body element at all: the root is the body
    "<div class=byline>By A</div><p rel=AUTHOR>b</p>",
    # an element mark with an entity and a character reference
    "<html><body><p class='a&amp;author'>x</p><p class='&#x41;UTHOR'>y</p><p id='&#20316;'>z</p></body></html>",
]


def test_malformed_and_cjk_pages_read_as_the_twins() -> None:
    for html in MALFORMED:
        doc = parse_html(html, "https://example.org/a", walk=False)
        assert doc.root is not None
        found = _compare(doc.root, body_of(doc.root))
        assert found[4], html  # each page marks some element
        doc = parse_html(html, "https://example.org/a")  # walked: the invisible subtrees removed
        _compare(doc.root, body_of(doc.root))


def _shared_pages() -> list[bytes]:
    pages: list[bytes] = []
    for folder in ("scrapinghub", "zh-news"):
        files = sorted((SHARED / folder).rglob("*.html*"))[:25] if (SHARED / folder).is_dir() else []
        pages += [gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes() for path in files]
    return pages


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared datasets are not there")
def test_shared_pages_read_as_the_twins() -> None:
    pages = _shared_pages()
    assert len(pages) >= 25
    marked_pages = 0
    for html in pages:
        doc = parse_html(html, "https://example.org/a")
        if doc.root is None:
            continue
        found = _compare(doc.root, body_of(doc.root))
        marked_pages += bool(found[4])
    assert marked_pages >= 10


def test_the_page_markup_reads_the_first_meta_of_each_name() -> None:
    doc = parse_html("<html><head><meta property='' name='OG:Type' content='video'><meta property='og:type' "
                     "content='article'><meta name='x'><meta property='og:title'></head><body></body></html>",
                     "https://example.org/a")
    assert markup_of(doc).first_named == {"og:type": "video", "x": None, "og:title": None}
    was = use_compiled_walk(False)
    try:
        assert markup_of(parse_html("<html><head><meta name='x' content='y'></head></html>")).first_named is None
    finally:
        use_compiled_walk(was)


def test_an_entity_reference_or_the_python_walk_gives_none() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><body><p class="byline">&e;</p></body></html>',
                            parser)
    args = (META_ATTRIBUTES, ITEMPROP, LINK_ATTRIBUTES, BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS)
    assert markup_and_marks(root, root.find("body"), *args) is None
    assert [p.get("class") for p in elements_marked(root.find("body"), BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS)] \
        == ["byline"]  # (read in Python)
    was = use_compiled_walk(False)
    try:
        assert markup_and_marks(root, root.find("body"), *args) is None
    finally:
        use_compiled_walk(was)


def test_an_entity_in_an_attribute_value_is_read_by_lxml() -> None:
    """An attribute value in several nodes (an unresolved entity in an XML attribute; never from the HTML parser)."""
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "author">]><html><body><p class="a &e; b">x</p>'
                            b'<p class="&e;">y</p></body></html>', parser)
    _compare(root, root.find("body"))


@pytest.mark.parametrize("words", [("Author",), ("",), ("by\x00line",), ("bÿline",)])
def test_words_it_cannot_search_are_refused(words: tuple[str, ...]) -> None:
    root = etree.fromstring("<html><body><p class='byline'>x</p></body></html>")
    with pytest.raises(ValueError, match="lower-case ASCII without NUL"):
        markup_and_marks(root, root.find("body"), META_ATTRIBUTES, ITEMPROP, LINK_ATTRIBUTES, ("class",), words)
    with pytest.raises(ValueError, match="lower-case ASCII without NUL"):
        elements_marked(root, ("class",), words)
