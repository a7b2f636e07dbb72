"""Bylines, credits and dates in the visible text near the headline.

News pages put the author, the source and the date in a short line right under (rarely above) the
headline: "By Jane Doe | March 3, 2020", "2009-11-09 13:57 来源：新华社 作者：张三", "文/李四". These
patterns read that line; they only look at a few short blocks around the headline, where such words
mean a byline and not a quotation in the story.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from lxml import etree

from ..document import TextDocument
from ..text import WHITESPACE_RE
from .dates import FoundDate, find_text_date

# Blocks looked at around the headline: bylines sit within a few blocks of it (looked at on the readability
# and zh-news sets: at most 2 blocks above, up to 10 below when share buttons or a standfirst come first).
BLOCKS_BEFORE_HEADLINE = 2
BLOCKS_AFTER_HEADLINE = 10
# A byline line is short; a longer block is a paragraph of the story that happens to start with "By".
MAX_BYLINE_CHARS = 160
# A personal name in Latin script has at most this many words ("Bruno Henrique Zecchin Rodrigues").
MAX_NAME_WORDS = 5
# Chinese names are 2-4 characters (compound surnames and minority names with "·" are longer).
# A name ends where the Han text ends: "记者通过电子邮件联系" is a sentence, not a name.
CJK_NAME = r"[\u4e00-\u9fff]{2,4}(?:·[\u4e00-\u9fff]{1,6})?(?![\u4e00-\u9fff])"

BY_RE = re.compile(r"^(?:by|par|von|por|di|door|written by|words by|story by|posted by)\s*[:\-]?\s+(?P<names>.+)$",
                   re.I)
# Where the names of an English byline end: a separator, a date, a role.
BYLINE_END_RE = re.compile(r"\s*(?:[|•·–—\n(]|\s-\s|\bon\s|\bat\s|\bupdated\b|\bpublished\b|\d).*$", re.I | re.S)
NAME_SPLIT_RE = re.compile(r"\s*(?:,|&|\band\b|\bet\b|\bund\b|\by\b|、|，|；|;|/)\s*", re.I)
NAME_WORD_RE = re.compile(r"^(?:[A-ZÀ-ÖØ-Þ][\w'’.\-]*|de|da|del|der|van|von|la|le|di|du|dos|bin|al|el|[A-Z]\.)$")
CJK_AUTHOR_RES = (
    re.compile(rf"作\s*者\s*[：:]\s*(?P<names>{CJK_NAME}(?:[\s、，,]+{CJK_NAME})*)"),
    re.compile(rf"(?:记者|記者|通讯员|撰文|撰稿)\s*[：:]?\s*(?P<names>{CJK_NAME}(?:[\s、，,]+{CJK_NAME})*)"),
    re.compile(rf"(?:^|[\s(（])文\s*[/／|｜]\s*(?P<names>{CJK_NAME}(?:[\s、，,]+{CJK_NAME})*)"),
)
# 来源：新华社 / 来源: 人民网-人民日报 / Source: Reuters (the outlet a story is taken from).
ORIGIN_RES = (
    re.compile(r"(?:来源|來源|稿源|出处)\s*[：:]\s*(?P<origin>[^\s|｜　]{2,30})"),
    re.compile(r"^(?:source|quelle|fuente)\s*:\s*(?P<origin>[^|\n]{2,40}?)\s*$", re.I),
)
# Words that follow a name in a Chinese byline and are not part of it.
CJK_NAME_STOPWORDS = ("编辑", "责任", "来源", "发布", "时间", "摄影", "报道", "图", "记者", "通讯员")
# Words that end up after "记者" and are roles or places, not names.
# (Each one was read as a name on a zh-news page: "对记者表示", "记者陈智 整合", "作者：未知".)
CJK_NON_NAMES = frozenset({"报道", "获悉", "了解", "发现", "采访", "来到", "注意到", "从", "近日", "日前", "表示",
                           "介绍", "整合", "未知", "佚名", "转载请注明", "网络整理", "综合", "编译"})
# A credit ending in 摄 names the photographer, not the author ("中新社记者 贾天勇 摄").
PHOTO_CREDIT_RE = re.compile(r"^\s*摄")
# Where the outlet of a "来源：" credit ends when the line runs on into the byline.
ORIGIN_END_RE = re.compile(r"(?:作者|记者|编辑|责任编辑|时间|发布|原标题).*$")


# Elements that hold a byline by their class, id or rel (Readability.js's byline rule).
# Readability's "dateline" is left out: it holds a place or a date ("CAIRO —"), and dates are read elsewhere.
BYLINE_ATTRIBUTE_RE = re.compile(r"byline|author(?!i[sz])|writtenby", re.I)
# ...but not in comments, sidebars, author boxes, forms or log-in links (whole words of class and id).
NOT_BYLINE_RE = re.compile(
    r"(?:^|[\s_-])(?:comments?|reply|respond|widgets?|sidebar|bio|avatar|form|login|signin|recirculation)(?:$|[\s_-])",
    re.I,
)
# Readability.js takes a byline element only below this length.
MAX_BYLINE_ELEMENT_CHARS = 100
# Ancestors looked at for a comment area (a commenter's name sits 2-5 levels inside its comment).
MAX_ANCESTORS_CHECKED = 6


def _in_comments(element: etree._Element) -> bool:
    node = element
    for _ in range(MAX_ANCESTORS_CHECKED):
        if node is None:
            return False
        marks = f"{node.get('class') or ''} {node.get('id') or ''}"
        if NOT_BYLINE_RE.search(marks):
            return True
        node = node.getparent()
    return False


def markup_byline(doc: TextDocument) -> list[str]:
    """Names in the first element marked as a byline (class, id or rel "author"/"byline") outside comments."""
    body = doc.body
    if body is None:
        return []
    for element in body.iter():
        if not isinstance(element.tag, str):
            continue
        marks = " ".join(filter(None, (element.get("class"), element.get("id"), element.get("rel"))))
        if not marks or not BYLINE_ATTRIBUTE_RE.search(marks) or _in_comments(element):
            continue
        text = WHITESPACE_RE.sub(" ", element.text_content()).strip()
        if not text or len(text) > MAX_BYLINE_ELEMENT_CHARS:
            continue
        names = byline_names(text) or ([] if re.search(r"\d", text) else byline_names("by " + text))
        if names:
            return names
    return []


@dataclass
class TextFindings:
    """What the lines around the headline say, each with the block it was found in."""

    authors: list[str] = field(default_factory=list)
    origin: str | None = None
    published: FoundDate | None = None
    headline: str | None = None


def _clean_cjk_name(name: str) -> str | None:
    for stopword in CJK_NAME_STOPWORDS:
        index = name.find(stopword)
        if index > 0:
            name = name[:index]
    name = name.strip("·")
    if len(name) < 2 or name in CJK_NON_NAMES:
        return None
    return name


def _latin_names(text: str) -> list[str]:
    text = BYLINE_END_RE.sub("", text).strip(" ,;:")
    names = []
    for part in NAME_SPLIT_RE.split(text):
        words = part.split()
        if not words or len(words) > MAX_NAME_WORDS:
            continue
        if not all(NAME_WORD_RE.match(word) for word in words):
            continue
        if not any(word[0].isupper() for word in words):
            continue
        names.append(" ".join(words))
    return names


def byline_names(line: str) -> list[str]:
    """Author names in one byline line, Latin ("By A and B") or Chinese ("作者：张三", "记者 李四", "文/王五")."""
    line = WHITESPACE_RE.sub(" ", line).strip()
    names: list[str] = []
    for pattern in CJK_AUTHOR_RES:
        for match in pattern.finditer(line):
            if PHOTO_CREDIT_RE.match(line[match.end():]):
                continue
            for raw in re.split(r"[\s、，,]+", match.group("names")):
                if raw.startswith(CJK_NAME_STOPWORDS):  # "作者：张三 责任编辑：李四": the byline ends
                    break
                name = _clean_cjk_name(raw)
                if name and name not in names:
                    names.append(name)
        if names:
            return names
    match = BY_RE.match(line)
    if match:
        return _latin_names(match.group("names"))
    return []


def origin_of(line: str) -> str | None:
    for pattern in ORIGIN_RES:
        match = pattern.search(line)
        if match:
            return ORIGIN_END_RE.sub("", match.group("origin")).strip(" ：:") or None
    return None


def headline_index(doc: TextDocument, title: str | None) -> int | None:
    """Index of the headline block: the h1 that matches the title, else the first h1, else the title text."""
    blocks = doc.blocks
    wanted = WHITESPACE_RE.sub(" ", title).strip().casefold() if title else None
    first_h1 = None
    for index, block in enumerate(blocks):
        if "h1" in block.labels:
            if first_h1 is None:
                first_h1 = index
            if wanted and block.text.casefold() in wanted:
                return index
    if first_h1 is not None:
        return first_h1
    if wanted:
        for index, block in enumerate(blocks):
            text = block.text.casefold()
            if text and (text == wanted or (len(text) > 8 and text in wanted and "heading" in block.labels)):
                return index
    return None


def scan_near_headline(doc: TextDocument, title: str | None, now: datetime) -> TextFindings:
    """Authors, credited origin and date from the short blocks around the headline."""
    findings = TextFindings()
    index = headline_index(doc, title)
    if index is None:
        return findings
    findings.headline = doc.blocks[index].text
    start = max(0, index - BLOCKS_BEFORE_HEADLINE)
    stop = min(len(doc.blocks), index + BLOCKS_AFTER_HEADLINE + 1)
    # Below the headline first, nearest first; then above it.
    order = list(range(index + 1, stop)) + list(range(index - 1, start - 1, -1))
    for position in order:
        block = doc.blocks[position]
        if block.num_chars > MAX_BYLINE_CHARS:
            continue
        for line in block.text.split("\n"):
            if not findings.authors:
                findings.authors = byline_names(line)
            if findings.origin is None:
                findings.origin = origin_of(line)
            if findings.published is None:
                findings.published = find_text_date(line, now)
    return findings


__all__ = ["TextFindings", "byline_names", "headline_index", "markup_byline", "origin_of", "scan_near_headline"]
