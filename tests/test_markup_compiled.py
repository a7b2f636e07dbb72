"""The metadata's page markup read in one walk in C (``crawler.kernels.walk.markup_elements``) is the plain reading's (a
cheap worker): the same <meta> contents under the same keys, the same <link>, itemprop and <time> elements, on
pages of every shape the walk tells apart (namespaced tags and attributes, an itemprop on the root, no body, the
root as the body, non-ASCII keys, contents of white space only, an entity reference, which the Python walk reads)."""

from __future__ import annotations

import random

from helpers.reference_markup import page_markup_by_every_element
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree

from crawler.extractors.document import markup
from crawler.extractors.document.markup import LINK_ATTRIBUTES, META_ATTRIBUTES, PageMarkup, page_markup
from crawler.extractors.document.parse import parse_html

pytestmark = needs_walk

KEYS = ["og:title", "OG:Title  twitter:title", "author", "AUTHOR", "\u0130tem K\u212aey", "description", "", " ",
        "content-language", "keywords"]
CONTENTS = ["Ann Lee", "  Ann  Lee ", "", "   ", "\xa0\u3000", "\xa0A\u3000", "x, y; z", "Ünïcode"]
TAGS = ["meta", "meta", "meta", "link", "time", "span", "div", "x:meta", "x:time", "x:link"]
ATTRIBUTES = ["property", "name", "http-equiv", "itemprop", "content", "x:itemprop", "x:content", "datetime",
              "rel", "href", "x:rel", "x:href"]


def _element(rng: random.Random, depth: int) -> str:
    tag = rng.choice(TAGS)
    attributes = []
    for name in rng.sample(ATTRIBUTES, rng.randint(0, 5)):
        value = rng.choice(CONTENTS if "content" in name else KEYS)
        attributes.append(f'{name}="{value}"')
    children = "".join(_element(rng, depth + 1) for _ in range(rng.randint(0, 3) if depth < 3 else 0))
    return f"<{tag} {' '.join(attributes)}>{children}t</{tag}>"


def _random_xml(rng: random.Random) -> str:
    """A namespaced XML tree (the HTML parser makes no namespaces): prefixed tags and attributes are others."""
    root_attributes = ' itemprop="headline"' if rng.random() < 0.3 else ""
    head = "".join(_element(rng, 2) for _ in range(rng.randint(0, 4)))
    body = "".join(_element(rng, 2) for _ in range(rng.randint(0, 5)))
    return (f'<html xmlns:x="urn:x"{root_attributes}><head>{head}</head>'
            f'<body itemprop="articleBody">{body}</body></html>')


def _random_html(rng: random.Random) -> str:
    return _random_xml(rng).replace(' xmlns:x="urn:x"', "").replace("x:", "")


def _compare(root: etree._Element, body: etree._Element | None) -> PageMarkup:
    found = page_markup(root, body)
    assert found == page_markup_by_every_element(root, body)
    return found


def test_the_compiled_walk_reads_namespaced_trees_as_the_plain_reading() -> None:
    rng = random.Random(41)
    found = []
    for _ in range(400):
        root = etree.fromstring(_random_xml(rng))
        body = root.find("body")
        for top, below in ((root, body), (root, None), (root, root), (body, body)):
            found.append(_compare(top, below))
    assert sum(len(markup.meta) for markup in found) > 300
    assert sum(len(markup.itemprops) for markup in found) > 500 and sum(len(markup.times) for markup in found) > 100
    assert sum(len(markup.links) for markup in found) > 200
    assert len({link for markup in found for link in markup.links}) > 30  # (rel, href) pairs, either one missing


def test_the_compiled_walk_reads_html_pages_as_the_plain_reading() -> None:
    rng = random.Random(43)
    found = []
    for _ in range(400):
        doc = parse_html(_random_html(rng), "https://example.org/a", walk=False)
        found.append(_compare(doc.root, doc.body))
        found.append(_compare(doc.root, None))
    assert sum(any(len(values) > 1 for values in markup.meta.values()) for markup in found) > 25
    assert sum("item" in markup.meta or "i\u0307tem" in markup.meta for markup in found) > 20  # str.lower's keys
    assert sum(len(markup.times) for markup in found) > 100


def test_an_entity_reference_is_left_to_the_python_walk() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><head><meta name="a" content="b"/></head>'
                            b'<body><p>&e;</p><time datetime="2020-01-02">t</time></body></html>', parser)
    assert WALK.markup_elements(root, root.find("body"), META_ATTRIBUTES, "itemprop", LINK_ATTRIBUTES) is None
    found = _compare(root, root.find("body"))
    assert found.meta == {"a": ["b"]} and len(found.times) == 1


def test_with_the_python_twin_the_metadata_reads_the_markup_itself(monkeypatch) -> None:
    monkeypatch.setattr(markup, "markup_elements", PYTHON.markup_elements)
    root = etree.fromstring('<html><head><meta name="a" content="b"/></head><body/></html>')
    assert PYTHON.markup_elements(root, root.find("body"), META_ATTRIBUTES, "itemprop", LINK_ATTRIBUTES) is None
    assert _compare(root, root.find("body")).meta == {"a": ["b"]}
