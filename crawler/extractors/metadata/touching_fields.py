"""Fields of a Chinese date and credit line in inline elements that touch:
``<span>作者：郑雨晴</span><span>来源：证券时报</span><span>2024-03-05 14:36</span>``. The page parts them by the
spans' margins; the block's text runs them on ("郑雨晴来源：证券时报2024-03-05", "记者 蒋涛今天 14:30"), so a name
swallows the next label or the outlet the date. Here a short credit block is read again with a space where two
sibling elements touch (nothing between them) and one of them is a field: a labelled one ("来源：证券时报"), a date
or a clock, a day word ("今天 14:30"). A text inside one element ("作者：<b>郑</b>雨晴", a highlighted surname) and
two touching words that are no fields (a name and its platform's badge, "<div>扬眼</div><span>企鹅号</span>") are
not parted."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.parse import TextBlock

# A field that opens an element's text: a label and its colon ("来源：", "发布时间:"), a date's or a clock's digit, a
# day word.
FIELD_START_RE = re.compile(r"^\s*(?:[\u4e00-\u9fff]{1,6}\s*[：:]|\d|今天|昨天|前天|刚刚|剛剛)")
# A labelled field that an element's text is whole ("来源：青川日报"), or a text ending in a digit (a date, a count).
FIELD_RE = re.compile(r"^\s*[\u4e00-\u9fff]{1,6}\s*[：:]|\d\s*$")
# A credit line's element holds a few spans: elements beyond this many are not walked (the block's text is kept).
MAX_ELEMENTS_WALKED = 40


def touching_text(block: TextBlock) -> str:
    """The block's text with a space between sibling elements that touch, when its element holds such a pair and
    gives the block's text; else the block's text."""
    text = block.text
    spaced = spaced_text(block.element) if block.element is not None else None
    # (the element must hold the block's text and nothing else: a block that is part of its element is left alone)
    return spaced if spaced is not None and "".join(spaced.split()) == "".join(text.split()) else text


def spaced_text(element: etree._Element) -> str | None:
    """The element's text with a space between sibling elements that touch; None when no two of its children touch
    or it is too large to walk."""
    if len(element) < 2 or not any(not child.tail and child.getnext() is not None for child in element):
        return None
    parts: list[str] = []
    return "".join(parts) if _walk(element, parts, [MAX_ELEMENTS_WALKED]) else None


def _walk(node: etree._Element, parts: list[str], budget: list[int]) -> bool:
    """Appends the node's text with a space where two sibling elements touch; False past the walk's budget."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if node.text:
        parts.append(node.text)
    for child in node:
        if isinstance(child.tag, str):
            if child.tag == "br":
                parts.append("\n")
            elif not _walk(child, parts, budget):
                return False
        if child.tail:
            parts.append(child.tail)
        elif (after := child.getnext()) is not None and isinstance(child.tag, str) and _fields(child, after):
            parts.append(" ")
    return True


def _fields(before: etree._Element, after: etree._Element) -> bool:
    """Whether one of two touching elements is a field (its text a labelled field, a date, a day word)."""
    return FIELD_RE.search("".join(before.itertext())) is not None or \
        FIELD_START_RE.match("".join(after.itertext())) is not None


__all__ = ["spaced_text", "touching_text"]
