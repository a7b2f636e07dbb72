"""A slow, plain reference for ``parse_html``'s blocks: the walk as it was before the one-pass rewrite.

It parses the decoded text with lxml.html's own parser, judges every element during a recursive-free walk
(skipping invisible subtrees there, not before), counts words token by token and drops the skipped
subtrees afterwards. ``features`` lists what a block carries, so a test can compare the two block by block.
"""

from __future__ import annotations

import lxml.html
from lxml import etree

from crawler.extractors.document.decoding import decode_html
from crawler.extractors.document.parse import (
    BLOCK_TAGS,
    CLOSING_ROOT_TAGS_RE,
    HIDDEN_STYLE_RE,
    IGNORED_TAGS,
    SWALLOWING_TAGS,
    TAG_LABELS,
    XML_DECLARATION_RE,
    TextDocument,
)
from crawler.extractors.document.text import CJK_COLUMNS, CJK_RE, TOKEN_RE, WHITESPACE_RE, WRAP_COLUMNS, visible_length

HAS_BLOCK = etree.XPath(".//*[self::div or self::p or self::table or self::ul or self::article or self::section]")


def _drops(tag: str, element: etree._Element) -> bool:
    if tag in SWALLOWING_TAGS and HAS_BLOCK(element):
        return False
    if tag in IGNORED_TAGS or element.get("hidden") is not None:
        return True
    style = element.get("style")
    return bool(style) and HIDDEN_STYLE_RE.search(style) is not None


class _Block:
    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.words = self.linked = self.wrapped = self.line_words = self.anchor_chars = 0
        self.line_length = -1
        self.labels: set[str] = set()
        self.line: int | None = None

    def add(self, text: str, in_anchor: bool, labels: dict[str, int], line: int | None) -> None:
        if text.isspace():
            if self.pieces:
                self.pieces.append(" ")
            return
        self.pieces.append(text)
        for token in TOKEN_RE.findall(text):
            self.words += 1
            self.line_words += 1
            self.linked += in_anchor
            self.line_length += CJK_COLUMNS if len(token) == 1 and CJK_RE.match(token) else len(token) + 1
            if self.line_length > WRAP_COLUMNS:
                self.wrapped += 1
                self.line_length = len(token)
                self.line_words = 1
        if in_anchor:
            self.anchor_chars += visible_length(text)
        self.labels.update(label for label, n in labels.items() if n)
        if self.line is None:
            self.line = line


def _walk(start: etree._Element) -> tuple[list[tuple], list[etree._Element]]:
    rows: list[tuple] = []
    block = _Block()
    dropped: list[etree._Element] = []
    containers = [start]
    labels: dict[str, int] = {}
    anchors = depth = br_run = 0
    skipping = None

    def flush(container: etree._Element, level: int) -> None:
        nonlocal block
        lines = [WHITESPACE_RE.sub(" ", line).strip() for line in "".join(block.pieces).split("\x00")]
        text = "\n".join(line for line in lines if line)
        if text:
            in_wrapped, wrapped = (block.words, 1) if not block.wrapped else (block.words - block.line_words,
                                                                            block.wrapped)
            rows.append((container, text, block.words, block.linked, in_wrapped, wrapped,
                         block.anchor_chars, level, frozenset(block.labels), block.line))
        block = _Block()

    walker = etree.iterwalk(start, events=("start", "end"))
    for event, element in walker:
        tag = element.tag
        if not isinstance(tag, str):
            if event == "end" and element.tail:
                block.add(element.tail, anchors > 0, labels, None)
            continue
        tag = tag.lower()
        if event == "start":
            if _drops(tag, element):
                walker.skip_subtree()
                skipping = element
                dropped.append(element)
                continue
            depth += 1
            if tag == "br":
                br_run += 1
                if br_run >= 2:
                    flush(containers[-1], depth)
                elif block.pieces:
                    block.pieces.append("\x00")
                continue
            if tag in BLOCK_TAGS:
                flush(containers[-1], depth)
                containers.append(element)
                br_run = 0
            elif tag == "a":
                anchors += 1
            for label in TAG_LABELS.get(tag, ()):
                labels[label] = labels.get(label, 0) + 1
            if element.text:
                if br_run and not element.text.isspace():
                    br_run = 0
                block.add(element.text, anchors > 0, labels, element.sourceline)
            continue
        if element is skipping:
            skipping = None
        else:
            if tag != "br":
                for label in TAG_LABELS.get(tag, ()):
                    labels[label] -= 1
                if tag in BLOCK_TAGS:
                    flush(element, depth)
                    if len(containers) > 1:
                        containers.pop()
                    br_run = 0
                elif tag == "a":
                    anchors -= 1
            depth -= 1
        if element.tail:
            if br_run and not element.tail.isspace():
                br_run = 0
            block.add(element.tail, anchors > 0, labels, element.sourceline)
    flush(containers[-1], depth)
    return rows, dropped


def tag_path(element: etree._Element | None) -> str:
    parts = []
    while element is not None and isinstance(element.tag, str):
        part = element.tag
        if element.get("id"):
            part += "#" + element.get("id")
        if element.get("class"):
            part += "." + ".".join(element.get("class").split())
        parts.append(part)
        element = element.getparent()
    return "/".join(reversed(parts))


def reference_features(html: bytes | str) -> tuple[list[tuple], bytes]:
    """(one feature row per block, the cleaned tree serialised) for a page that parses."""
    text = decode_html(html).text.replace("\x00", "")
    text = CLOSING_ROOT_TAGS_RE.sub("", XML_DECLARATION_RE.sub("", text, count=1))
    root = lxml.html.document_fromstring(
        text, parser=lxml.html.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False))
    body = root.find("body")
    rows, dropped = _walk(body if body is not None else root)
    for element in dropped:
        if element.getparent() is not None:
            element.drop_tree()
    features = [(tag_path(container), *rest) for container, *rest in rows]
    return features, etree.tostring(root)


def features(doc: TextDocument) -> tuple[list[tuple], bytes]:
    """The same rows for a parsed document: text, words, link words, wrapped-line counts, link characters,
    tag level, labels, source line, behind the block's tag path."""
    rows = [(b.tag_path, b.text, b.num_words, b.num_words_in_anchor_text, b.num_words_in_wrapped_lines,
             b.num_wrapped_lines, b.num_chars_in_anchor_text, b.tag_level, frozenset(b.labels), b.source_line)
            for b in doc.blocks]
    return rows, etree.tostring(doc.root) if doc.root is not None else b""
