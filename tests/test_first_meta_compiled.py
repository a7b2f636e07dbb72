"""``first_meta_content`` in C (``crawler.kernels.walk``) and its Python twin are the plain reading,
``(element.get("property") or element.get("name") or "").lower() == key`` over ``top.iter("meta")`` (the page
type's og:type and og:title), on random trees of namespaced and plain tags and attributes, empty and missing
values, str.lower's non-ASCII keys, below any top."""

from __future__ import annotations

import random

from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree

from crawler.extractors.document.parse import parse_html

pytestmark = needs_walk

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
        assert WALK.first_meta_content(top, key) == _plain(top, key), (etree.tostring(top), key)
        assert PYTHON.first_meta_content(top, key) == _plain(top, key), (etree.tostring(top), key)
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


def test_the_python_twin_answers() -> None:
    root = etree.fromstring('<html><head><meta property="og:type" content="article"/></head><body/></html>')
    assert PYTHON.first_meta_content(root, "og:type") == "article"
    assert WALK.first_meta_content(root, "og:type") == "article"


def test_an_entity_reference_is_left_to_the_python_reading() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><head><p>&e;</p>'
                            b'<meta name="og:type" content="video"/></head><body/></html>', parser)
    assert WALK.first_meta_content(root, "og:type") == "video"


def _plain_values(top: etree._Element, names: tuple[str, ...]) -> tuple[list[str], ...]:
    return tuple([value for element in top.iter(etree.Element) if (value := element.get(name)) is not None]
                 for name in names)


def test_the_fused_markup_walk_is_the_two_readings_on_random_trees() -> None:
    """``markup_values``: the attributes' values and the first named <meta>'s content, in one walk (the page-kind
    features' itemprop, itemtype and og:type)."""
    rng = random.Random(48)
    names = ("property", "content", "x:name")
    for _ in range(150):
        text = _random_xml(rng)
        xml = etree.fromstring(text)
        html = parse_html(text.replace(' xmlns:x="urn:x"', "").replace("x:", ""), "https://example.org/a",
                          walk=False).root
        for root in (xml, html):
            for top in (root, root.find("head"), root.find("body")):
                if top is None:
                    continue
                for key in KEYS[:3]:
                    expected = (_plain_values(top, names), _plain(top, key))
                    assert WALK.markup_values(top, names, key) == expected, (etree.tostring(top), key)
                    assert PYTHON.markup_values(top, names, key) == expected


def test_the_fused_markup_walk_leaves_an_entity_reference_to_python() -> None:
    parser = etree.XMLParser(resolve_entities=False)
    root = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "x">]><html><head><p itemprop="a">&e;</p>'
                            b'<meta name="og:type" content="video"/></head><body/></html>', parser)
    assert WALK.markup_values(root, ("itemprop",), "og:type") == ((["a"],), "video")
