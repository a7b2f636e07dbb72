"""The visible-text scan's shortcuts (issue 16: the worker at most 1.3x default's cost) give what the plain readings
give: each one is checked against the reading it replaces on constructed inputs of several scripts and random mixtures
of their pieces, and would fail if the shortcut skipped what the reading finds."""

from __future__ import annotations

import random

from lxml import etree

from crawler.extractors.metadata import byline

# ---------------------------------------------------------------- comment areas: the ancestors' marks at once

COMMENT_MARKS = ["comments", "Comments", "COMMENT-list", "comment_box", "reply", "Replies", "respond", "reviews",
                 "review-x", "discussion", "Disqus", "disqus_thread", "category-kit-reviews", "nocomments", "x-reply",
                 "commentaires", "Kommentare", "コメント", "评论 comments", "отзывы review", "ſ", "İ reply",
                 "commenta", "", " ", "post", "article body", "réply", "reply\tx", "a\ncomments"]


def _random_tree(rng: random.Random) -> etree._Element:
    html = etree.Element("html")
    body = etree.SubElement(html, "body")
    parent = body
    for _ in range(rng.randint(1, 12)):
        child = etree.SubElement(parent, rng.choice(["div", "section", "p", "li", "body"]))
        for name in ("class", "id"):
            if rng.random() < 0.4:
                child.set(name, " ".join(rng.choice(COMMENT_MARKS) for _ in range(rng.randint(1, 2))))
        parent = child if rng.random() < 0.8 else parent
    return html


def test_a_comment_area_is_found_as_by_asking_each_ancestor() -> None:
    rng = random.Random(53)
    found = []
    for _ in range(3000):
        root = _random_tree(rng)
        for element in root.iter(etree.Element):
            expected = byline._marked(element, byline.COMMENT_AREA_RE)
            assert byline.in_comment_area(element) == expected, [element.get("class"), element.get("id")]
            found.append(expected)
    assert sum(found) > 5000 and len(found) - sum(found) > 5000
