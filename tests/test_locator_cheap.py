"""``learned_layout.locator_of`` against its plain reading (``_stable`` with a generator over the characters, the
word set built once a sibling): the same locator for every element of random pages (class words with ASCII and
other digits, quotes, siblings alike by tag and class, stable and unstable ids)."""

from __future__ import annotations

import random

from lxml import etree

from crawler.extractors.templates.learned_layout import locator_of

CLASSES = ["col", "story", "post-12", "x\u00b2", "it's", 'say"', "main", "col wide", "", "Nav", "\u0663col"]
IDS = [None, None, None, "main", "post-7", "a'b", "\u00b2x"]
TAGS = ["div", "div", "section", "p", "span"]


def _plain_stable(word: str) -> bool:
    return bool(word) and not any(c.isdigit() for c in word) and "'" not in word and '"' not in word


def _plain_step(element: etree._Element) -> str:
    words = [w for w in (element.get("class") or "").split() if _plain_stable(w)]
    test = "".join(f"[contains(concat(' ', normalize-space(@class), ' '), ' {w} ')]" for w in words)
    parent = element.getparent()
    if parent is not None:
        alike = [sibling for sibling in parent if sibling.tag == element.tag
                 and set(words) <= set((sibling.get("class") or "").split())]
        if len(alike) > 1:
            test += f"[{alike.index(element) + 1}]"
    return f"{element.tag}{test}"


def _plain_locator(element: etree._Element) -> str | None:
    if not isinstance(element.tag, str):
        return None
    steps: list[str] = []
    node: etree._Element | None = element
    while node is not None:
        element_id = node.get("id")
        if element_id and _plain_stable(element_id):
            steps.append(f"id('{element_id}')[self::{node.tag}]")
            break
        steps.append("/" + _plain_step(node))
        node = node.getparent()
    return "".join(reversed(steps))


def _tree(rng: random.Random, parent: etree._Element, depth: int) -> None:
    for _ in range(rng.randint(1, 4) if depth < 4 else 0):
        child = etree.SubElement(parent, rng.choice(TAGS))
        if (name := rng.choice(CLASSES)):
            child.set("class", name)
        if (element_id := rng.choice(IDS)) is not None:
            child.set("id", element_id)
        _tree(rng, child, depth + 1)


def test_locators_are_the_plain_reading() -> None:
    rng = random.Random(53)
    positions = 0
    for _ in range(60):
        root = etree.Element("html")
        _tree(rng, etree.SubElement(root, "body"), 0)
        for element in root.iter():
            locator = locator_of(element)
            assert locator == _plain_locator(element)
            positions += locator.endswith("]") and locator.rsplit("[", 1)[1][:-1].isdigit()
    assert positions > 50
