"""The outlet a page credits by an element marked as its source, without a "来源：" label: a portal's date line
"<span class="source">某某汽车报</span> <span class="time">昨天 14:30</span>", a Taiwanese paper's
"<div class="source">中國時報</div>" under the byline. Only an outlet's name alone counts (``cjk_credits.is_outlet``: a
paper's, an agency's, a site's ending), so a picture's credit or a person in such an element is none."""

from __future__ import annotations

import re
from itertools import islice

from lxml import etree

from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.metadata.cjk_credits import is_outlet

# A class or id naming the element the source ("source", "article-source", "source-name"), a whole word of it; its
# short form "src" as apps' date lines write it ("<span class='src'>青州日报</span>").
SOURCE_MARK_RE = re.compile(r"(?:^|[\s_-])(?:source|src)(?:$|[\s_-])", re.I)
# An outlet's name is short: two to twelve characters ("新京报", "某某汽车报", "中國時報").
MIN_OUTLET_CHARS = 2
MAX_OUTLET_CHARS = 12
# A date line holding the outlet's element is short ("2019年11月25日 18:57 参考消息"): longer blocks are not walked.
MAX_SOURCE_LINE_CHARS = 40
# A date line's element holds a few spans: the walk stops after this many nodes (a short block's element is small).
MAX_NODES_WALKED = 40


def block_outlet(block: TextBlock) -> str | None:
    """``marked_outlet`` of a short block's element holding Chinese text (a date line near the headline), else None."""
    text = block.text
    if len(text) > MAX_SOURCE_LINE_CHARS or text.isascii() or block.element is None or CJK_RE.search(text) is None or \
            not any(map(is_outlet, text.split())):  # (no outlet's name among its words: no element is walked)
        return None
    return marked_outlet(block.element)


def marked_outlet(element: etree._Element) -> str | None:
    """The outlet's name alone in the element or one of its descendants marked as the source, or None."""
    for node in islice(element.iter(), MAX_NODES_WALKED):
        if not isinstance(node.tag, str):
            continue  # (a comment or a processing instruction)
        mark = " ".join(filter(None, (node.get("class"), node.get("id"))))
        if not mark or SOURCE_MARK_RE.search(mark) is None:
            continue
        text = normalize_space(node.text_content())
        # (a labelled text, "来源：新华网", is read by its line's label)
        if MIN_OUTLET_CHARS <= len(text) <= MAX_OUTLET_CHARS and CJK_RE.search(text) and ":" not in text and \
                "：" not in text and is_outlet(text):
            return text
    return None


__all__ = ["block_outlet", "marked_outlet"]
