"""``blockwalk.first_meta_content`` in C is the plain reading, ``(element.get("property") or element.get("name") or
"").lower() == key`` over ``top.iter("meta")`` (``pagetypes._meta``, ``sitepages.page_titles``), on random trees of
namespaced and plain tags and attributes, empty and missing values, str.lower's non-ASCII keys, below any top."""

from __future__ import annotations

import random

import pytest
from lxml import etree

from crawler.extractors.document.blockwalk import compiled_walk_available, first_meta_content, use_compiled_walk
from crawler.extractors.document.parse import parse_html

pytestmark = pytest.mark.skipif(not compiled_walk_available(), reason="the compiled walk is not built")

NAMES = ["og:type", "OG:TYPE", "og:title", "Og:Title", "og:type twitter:card", "og:title ", "", "description",
         "\u0130G:TYPE", "og:t\u0130tle", "og:typ\u212a"]
CONTENTS = ["article", " Article ", "", "   ", "Budget vote", "\xa0Ünïcode\u3000"]
TAGS = ["meta", "meta", "meta", "div", "x:meta", "span"]
ATTRIBUTES = ["property", "name", "content", "x:property", "x:name", "x:content", "http-equiv"]
KEYS = ["og:type", "og:title", "og:typek", "i\u0307g:type", "og:ti\u0307tle"]


def _element(rng: random.Random, depth: int) -> str:
    attributes = []
    for name in rng.sample(ATTRIBUTES, rng.randint(0, 4)):
        value = rng.choice(CONTENTS if "content" in name else NAMES)
        attributes.append(f'{name}="{value}"')
    children = "".join(_element(rng, depth + 1) for _ in range(rng.randint(0, 3) if depth < 3 else 0))
    tag = rng.choice(TAGS)
    return f"<{tag} {' '.join(attributes)}>{children}t</{tag}>"


def _random_xml(rng: random.Random) -> str:
    head = "".join(_element(rng, 2) for _ in range(rng.randint(0, 5)))
    body = "".join(_element(rng, 2) for _ in range(rng.randint(0, 4)))
    return f'<html xmlns:x="urn:x"><head>{head}</head><body>{body}</body></html>'


def _plain(top: etree._Element, key: str) -> str | None:
    for element in top.iter("meta"):
        if (element.get("property") or element.get("name") or "").lower() == key:
            return element.get("content")
    return None


def _compare(top: etree._Element) -> list[str | None]:
    found = []
    for key in KEYS:
        assert first_meta_content(top, key) == _plain(top, key), (etree.tostring(top), key)
        found.append(_plain(top, key))
    return found


def test_the_compiled_reading_is_the_plain_one_on_random_trees() -> None:
    rng = random.Random(47)
    found: list[str | None] = []
    for _ in range(300):
        text = _random_xml(rng)
        xml = etree.fromstring(text)
        html = parse_html(text.replace(' xmlns:x="urn:x"', "").replace("x:", ""), "https://example.org/a",
                          walk=False).root
        for root in (xml, html):
            for top in (root, root.find("head"), root.find("body")):
                if top is not None:
                    found += _compare(top)
    assert sum(value is not None and value.strip() != "" for value in found) > 200  # contents found
    assert sum(value == "" for value in found) > 20  # a first <meta> named so with an empty content


def test_off_the_compiled_walk_the_python_reading_answers() -> None:
    root = etree.fromstring('<html><head><meta property="og:type" content="article"/></head><body/></html>')
    was = use_compiled_walk(False)
    try:
        assert first_meta_content(root, "og:type") == "article"
    finally:
        use_compiled_walk(was)
    assert first_meta_content(root, "og:type") == "article"


def test_an_entity_reference_is_left_to_the_python_reading() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><head><p>&e;</p>'
                            b'<meta name="og:type" content="video"/></head><body/></html>', parser)
    assert first_meta_content(root, "og:type") == "video"
