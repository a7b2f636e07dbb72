"""The metadata's pre-filters skip only what their readers would not have found (issue 16, the worker at most 1.3x
default's cost): each cheap test in front of a reader is checked against the reader on lines of every class (credit
lines, date lines, relative dates, menus) and on random mixtures of their pieces."""

from __future__ import annotations

import random
import re
from datetime import datetime, timezone

import pytest
from helpers.reference_markup import page_markup_by_every_element
from helpers.twins import bind_twin
from lxml import etree

from crawler.extractors.document.blocks import TextDocument
from crawler.extractors.document.parse import parse_html
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata import (
    areas,
    byline,
    byline_elements,
    credit_lines,
    datelines,
    dates,
    relative_dates,
    visible,
)
from crawler.extractors.metadata.agency_datelines import dateline_outlet
from crawler.extractors.metadata.byline_elements import markup_byline
from crawler.extractors.metadata.markup import page_markup
from crawler.extractors.metadata.relative_dates import (
    RELATIVE_KO_RE,
    RELATIVE_LATIN_RES,
    RELATIVE_WORD_RE,
    RELATIVE_ZH_RE,
    may_be_relative,
)
from crawler.extractors.metadata.visible import TextFindings

NOW = datetime(2024, 3, 12, 10, 0, tzinfo=timezone.utc)
DATE_LINES = ["2019-12-10 07:57:40", "Updated March 3, 2024", "发布时间：2021-03-05 09:30 更新时间：2021-03-06",
              "입력 2024.03.12 14:05 | 수정 2024.03.13 09:30", "Publié le 5 févr. 2024, mis à jour le 6 février",
              "2024年1月16日 8時00分 更新", "3 hours ago", "Updated an hour ago", "il y a une heure", "vor einem Tag",
              "hace una hora", "há 2 horas", "3 ore fa", "2 uur geleden", "三天前", "3小时前", "3시간 전", "Yesterday",
              "Updated yesterday", "昨天 13:57", "爱否科技 昨天", "today", "刚刚", "发布时间：10-08 12:00",
              "3/12(火) 10:30配信", "Published 1 day ago", "By Jane Doe | March 3, 2020"]
OTHER_LINES = ["作者：张三 责任编辑：李四", "来源：新华社", "By Jane Doe and John Roe", "Share this on Facebook",
               "Home", "Most Popular Today", "Browns player on Mason Rudolph's role", "首页 新闻 体育", ""]
PIECES = [
    'Updated', 'updated', 'Published', 'posted', 'Date:', '更新', '发布时间：', '配信', '입력', 'ago', ' ago',
    'fa', ' fa', 'geleden', 'il y a', 'vor', 'hace', 'há', 'ha', ' ', '  ', '\t', '\xa0', ':', '3', '12',
    '一', '三', 'hours', 'hour', 'an', 'a', 'une', 'heure', 'Stunden', 'einem', 'Tag', 'hora', 'ore', 'uur',
    '天', '小时', '前', '시간', '전', 'yesterday', 'Yesterday', 'today', 'Today', '昨天', '刚刚', 'just now',
    'hier', 'player', '2024', '-', '03-05', '10:30', 'March', '|', 'x', 'é', '新', '_', 'Facebook',
    '２０２１', '年', '月', '日',
]


def _lines(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8))) for _ in range(count)]


def _any_relative_pattern(text: str) -> bool:
    return any(pattern.search(text) for pattern in (*RELATIVE_LATIN_RES, RELATIVE_ZH_RE, RELATIVE_KO_RE,
                                                    RELATIVE_WORD_RE))


def test_the_relative_hint_is_in_every_text_a_relative_pattern_reads() -> None:
    texts = [*DATE_LINES, *OTHER_LINES, *_lines(17, 20_000)]
    readable = [text for text in texts if _any_relative_pattern(dates.normalise(text))]
    assert len(readable) > 500
    normalised = [dates.normalise(text) for text in readable]
    assert all(may_be_relative(text) for text in normalised)
    # and in every text a part of which reads, as a line's segments between its labels are read
    parts = [(text, text[start:stop]) for text in normalised[::10]
             for start in range(len(text)) for stop in range(start + 1, len(text) + 1)]
    assert all(may_be_relative(text) for text, part in parts if _any_relative_pattern(part))


def test_the_relative_hint_passes_over_most_lines() -> None:
    assert not any(may_be_relative(line) for line in ("Home", "Share this", "首页 新闻 体育", "2019-12-10 07:57:40",
                                                     "By Jane Doe and John Roe", "作者：张三 责任编辑：李四"))


def test_relative_dates_are_found_as_without_the_hint() -> None:
    texts = [*DATE_LINES, *OTHER_LINES, *_lines(19, 20_000)]
    found = [relative_dates.find_relative_date(dates.normalise(text), NOW) for text in texts]
    assert found == [relative_dates.relative_date_of(dates.normalise(text), NOW) for text in texts]
    assert sum(date is not None for date in found) > 400


@pytest.mark.slow
def test_a_line_without_a_digit_or_a_relative_word_is_not_cut_at_its_labels() -> None:
    texts = [*DATE_LINES, *OTHER_LINES, *_lines(23, 20_000)]
    for first in (False, True):
        found = [datelines.read_date_line(text, NOW, day_first=first) for text in texts]
        assert found == [datelines.dates_of_segments(dates.normalise(text), NOW, day_first=first) for text in texts]
        assert sum(line.published is not None for line in found) > 500
    for line in DATE_LINES:
        assert datelines.read_date_line(line, NOW).published or datelines.read_date_line(line, NOW).modified, line


# ---------------------------------------------------------------- the element searches in C

MARKS = ["author", "AUTHOR", "Story-Author", "author-name", "authorize", "authoris", "byline", "BylineBox", "writtenBy",
         "comments", "comment-author", "sidebar", "bylıne", "作者", "", "x", "post author vcard", "fn"]
TEXTS = ["By Jane Doe", "Jane Doe", "张三", "张三、李四", "2024-03-05", "By Car", "Von Anna Weber", "", "Share"]


def _random_page(rng: random.Random) -> str:
    parts = ["<html><head><title>T</title>"]
    for _ in range(rng.randint(0, 4)):
        parts.append(rng.choice(["<meta name='author' content='Ann Lee'>", "<meta property='og:title' content='T'>",
                                 "<meta itemprop='datePublished' content='2020-01-02'>",
                                 "<link rel='canonical' href='/a'>", "<time datetime='2019-01-01'>x</time>",
                                 "<meta content=''>"]))
    parts.append("</head><body>")
    for _ in range(rng.randint(1, 12)):
        tag = rng.choice(["div", "span", "p", "a", "time", "section", "meta", "link"])
        attributes = " ".join(f"{name}='{rng.choice(MARKS)}'" for name in ("class", "id", "rel", "itemprop")
                              if rng.random() < 0.3)
        if tag == "time" and rng.random() < 0.5:
            attributes += " datetime='2021-02-03'"
        if tag == "a":
            attributes += rng.choice([" href='/author/jane'", " href='/channel/'", ""])
        parts.append(f"<{tag} {attributes}>{rng.choice(TEXTS)}" + ("" if tag in ("meta", "link") else f"</{tag}>"))
    return "".join(parts) + "</body></html>"


def _markup_byline_by_every_element(doc: TextDocument) -> list[str]:
    """markup_byline as one Python loop over every element of the body."""
    for element in doc.body.iter(etree.Element):
        marks = " ".join(filter(None, (element.get("class"), element.get("id"), element.get("rel"))))
        if not marks:
            continue
        marked = byline_elements.ASCII_BYLINE_ATTRIBUTE_RE.search(marks.lower()) if marks.isascii() else \
            byline_elements.BYLINE_ATTRIBUTE_RE.search(marks)
        if not marked or areas.in_comments(element):
            continue
        text = normalize_space(element.text_content())
        if not text or len(text) > byline_elements.MAX_BYLINE_ELEMENT_CHARS:
            continue
        names = byline.byline_names(text) or ([] if re.search(r"\d", text) else byline.byline_names("by " + text))
        if not names and byline_elements.BARE_CJK_NAMES_RE.match(text) and \
                byline_elements.NAME_MARK_RE.search(marks) and byline_elements.not_a_channel_link(element):
            names = [name for name in (byline.clean_cjk_name(raw) for raw in re.split(r"[\s、，,]+", text)) if name]
        if names:
            return names
    return []


@pytest.mark.slow
@pytest.mark.parametrize("compiled", [True, False])
def test_the_byline_element_and_the_markup_are_those_of_a_walk_over_every_element(compiled: bool, monkeypatch) -> None:
    rng = random.Random(29)
    pages = [_random_page(rng) for _ in range(3000)]
    bind_twin(monkeypatch, compiled)
    docs = [parse_html(page, "https://example.org/a") for page in pages]
    bylines = [markup_byline(doc) for doc in docs]
    assert bylines == [_markup_byline_by_every_element(doc) for doc in docs]
    assert [page_markup(doc.root, doc.body) for doc in docs] == [
        page_markup_by_every_element(doc.root, doc.body) for doc in docs]
    assert sum(bool(names) for names in bylines) > 300


def test_credit_flags_of_text_outside_ascii_are_those_of_the_full_pattern() -> None:
    # the characters re.I matches with an ASCII letter that lower() does not give, and others that lower() changes
    pieces = ["By ", "bY", "ſource: ", "SOURCE:", "Edıt", "EDİT", "te\u212ast", "\u212a", "Édité", "ÉDITÉ", "a CURA",
              "Quelle", "\n", " \n ", "|", "｜", "作者：", "記者", "来源", "文", "责任编辑", "편집", "기자", "x", "é",
              "İ", "ß", "Σ", "ǅ", "ﬀ", "2024", "\t"]
    rng = random.Random(31)
    for _ in range(400):
        texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(0, 40))]
        assert byline.credit_flags(texts) == [byline.CREDIT_HINT_RE.search(text) is not None for text in texts]
    assert byline.credit_flags(["ſource: dpa", "EDİTED", "x\nte\u212ast: y", "İ x"]) == [True, True, True, False]



def test_credit_flags_find_every_word_of_the_texts_outside_ascii() -> None:
    # credit_flags looks for the Latin words of texts outside ASCII one str.find each and the others in one search:
    # each word (in upper case too) in a text outside ASCII ("’" of an English line, "é"), alone or among Latin text
    # and other texts, is found, as the full pattern finds it
    words = byline.OTHER_CREDIT_WORDS_RE.pattern.split("|")
    texts = []
    for word in words:
        texts += [f"l’{word}", f"{word.upper()} é", f"Les éditions {word}", "’ plain", f"x’\n{word}"]
    texts += ["Édité", "ÉDITÉ par", "re’digiert", "a  cura’", "‘edi t", "é", "’|’"]
    expected = [byline.CREDIT_HINT_RE.search(text) is not None for text in texts]
    assert byline.credit_flags(texts) == expected
    assert sum(expected) == 4 * len(words) + 3
    for word in words:  # the word alone, in the last text
        assert byline.credit_flags(["’", f"{word}’"]) == [False, True]

# ---------------------------------------------------------------- the lines near the headline

STORY_PARAGRAPH = ("The council adopted the new budget on Tuesday evening after a long debate about schools and public "
                   "transport, which take a large share of the planned spending this year.")
SHORT_LINES = [*DATE_LINES, *OTHER_LINES, "责任编辑：王敏", "（责任编辑：李四）", "编辑/苏芳", "Edited by Ann Lee",
               "Source: Reuters", "文/王五", "홍길동 기자", "Share", "Related stories", "Jane Smith | Staff writer"]


def _scan_near_headline_reading_every_line(doc: TextDocument, index: int, now: datetime, findings: TextFindings,
                                           first: bool = False) -> None:
    """scan_near_headline asking every block whether it is readable and reading every line with every reader."""
    blocks = doc.blocks
    paragraphs = 0
    for position in range(index + 1, min(len(blocks), index + visible.BLOCKS_AFTER_HEADLINE + 1)):
        block = blocks[position]
        if not credit_lines.readable(block):
            continue
        findings.dateline_origin = findings.dateline_origin or dateline_outlet(block.text)
        if block.num_chars > visible.MAX_BYLINE_CHARS:
            if paragraphs == 0 and not findings.authors:
                findings.authors = byline.dateline_names(block.text)
            paragraphs += 1
            if paragraphs >= visible.BODY_PARAGRAPHS_BEFORE_STOP:
                break
            continue
        lines = visible._lines(block)
        dated = findings.published is not None
        for line in lines:
            visible._read_line(line, findings, now, first)
        visible.keep_own_date_line(findings, dated, block, doc)
        if any(visible.STORY_END_RE.search(line) for line in lines):
            break
    for position in range(index - 1, max(-1, index - visible.BLOCKS_BEFORE_HEADLINE - 1), -1):
        block = blocks[position]
        if credit_lines.readable(block) and block.num_chars <= visible.MAX_BYLINE_CHARS:
            dated = findings.published is not None
            for line in visible._lines(block):
                visible._read_line(line, findings, now, first, below=False)
            visible.keep_own_date_line(findings, dated, block, doc)


def _random_story(rng: random.Random) -> str:
    parts = ["<html><head><title>Budget vote | Daily</title></head><body>"]
    for _ in range(rng.randint(0, 3)):
        parts.append(f"<p>{rng.choice(SHORT_LINES)}</p>")
    parts.append("<h1>Budget vote</h1>")
    for _ in range(rng.randint(1, 9)):
        lines = "<br>".join(rng.choice(SHORT_LINES) for _ in range(rng.randint(1, 3)))
        parts.append(rng.choice([f"<p>{lines}</p>", f"<div class='comments'><p>{lines}</p></div>",
                                 f"<nav><a href='/'>{lines}</a></nav>", f"<ul><li><a href='/x'>{lines}</a></li></ul>",
                                 f"<p>{STORY_PARAGRAPH}</p>",
                                 f"<p>新华社北京3月5日电（记者 王晓）{STORY_PARAGRAPH}</p>"]))
    return "".join(parts) + "</body></html>"


@pytest.mark.slow
def test_the_lines_near_the_headline_give_what_reading_every_line_gives() -> None:
    rng = random.Random(37)
    found = []
    for _ in range(1500):
        doc = parse_html(_random_story(rng), "https://example.org/news/budget.html")
        index = visible.headline_index(doc, "Budget vote")
        assert index is not None
        for first in (False, True):
            cheap, full = TextFindings(), TextFindings()
            visible.scan_near_headline(doc, index, NOW, cheap, first)
            _scan_near_headline_reading_every_line(doc, index, NOW, full, first)
            assert cheap == full
            found.append(cheap)
    assert sum(bool(findings.authors) for findings in found) > 300
    assert sum(findings.published is not None for findings in found) > 300
    assert sum(findings.editors != [] or findings.origin is not None for findings in found) > 300


def test_the_publication_label_of_a_line_is_the_full_patterns() -> None:
    pieces = ["Published", "PUBLISHED", "posted", "Posted:", "Date", "date :", "DATUM:", "data", "fecha:", "Updated",
              "publishedx", " ", ":", "：", "3", "2024-03-05", "10:30", "|", "x", "é", "发布时间", "日期：", "公開",
              "입력", "veröffentlicht", "Publié", "２０２１"]
    rng = random.Random(41)
    lines = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(20_000)]
    found = [datelines.has_publication_label(line) for line in lines]
    assert found == [datelines.DIGIT_RE.search(line) is not None
                     and datelines.STRONG_PUBLISHED_RE.search(dates.normalise(line)) is not None for line in lines]
    assert sum(found) > 2000 and sum(found[index] for index, line in enumerate(lines) if line.isascii()) > 1000


def test_a_line_with_a_publication_label_is_in_a_block_with_one() -> None:
    # scan_page reads the lines of a block without a credit's word only when the block's text has a publication
    # label and a digit: a line's label and digit must then be in its block, whatever the rest of the block holds
    # (text outside ASCII beside an ASCII line, full-width characters, white space and line ends around it).
    pieces = ["Published", "posted", "Date", "date :", "DATUM:", "Updated", " ", ":", "：", "3", "2024-03-05", "|", "x",
              "é", "发布时间", "日期：", "公開", "입력", "Publié", "２０２１", "\u3000", "\n", "\t", "ﬁ"]
    rng = random.Random(43)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 8))) for _ in range(20_000)]
    labelled = [text for text in texts
                if any(datelines.has_publication_label(raw.strip()) for raw in text.split("\n") if raw.strip())]
    assert len(labelled) > 2000
    assert [text for text in labelled if not datelines.has_publication_label(text)] == []


def test_scan_page_reads_a_labelled_date_in_a_block_of_other_lines() -> None:
    page = ('<html lang="en"><body><h1>Headline of the story</h1><p>' + "Story text goes on. " * 30 + '</p>'
            '<div>Menu 3<br>最新 Published: March 5, 2024</div>'
            '<div>日期：２０２１年３月５日<br>Home</div></body></html>')
    doc = parse_html(page.encode(), "https://news.example/a")
    findings = TextFindings()
    visible.scan_page(doc, NOW, findings)
    assert findings.published is not None and findings.published.iso.startswith("2024-03-05")
    second = parse_html(page.replace("Published: March 5, 2024", "").encode(), "https://news.example/a")
    findings = TextFindings()
    visible.scan_page(second, NOW, findings)
    assert findings.published is not None and findings.published.iso.startswith("2021-03-05")


def test_credit_flags_find_a_line_start_word_at_every_kind_of_line_start() -> None:
    # credit_flags looks for the line-start words after a line end (a literal the search skips to), the joined texts
    # led by one: the first text's first line, a text after another, a later line (after blank and indented lines),
    # in the ASCII texts and in the others; never a word inside a line, nor across the end of the text before.
    texts = ["by Ann", "x\n", "Source: dpa", "a\n \n  posted b", "goodbye", "  \n", "words x", "", "x by y", "作\n",
             "é\n Text: Z", "é by z", "\t\nquelle x", "stand-by", "x\n\n"]
    expected = [True, False, True, True, False, False, True, False, False, True, True, False, True, False, False]
    assert [byline.may_credit(text) for text in texts] == expected
    assert byline.credit_flags(texts) == expected
    assert byline.credit_flags(["by x"]) == [True] and byline.credit_flags(["x", "by x"]) == [False, True]


def test_credit_flags_find_every_ascii_editor_word_in_every_text() -> None:
    # the ASCII texts' editor words are found one word at a time (str.find): each word in each text that holds it,
    # whatever word another text holds, in any case, at a text's start or end, twice in a text or in the last one
    texts = ["EDITED by", "x", "Redigiert von", "pre-edit", "a cura di", "nothing", "edit edit", "x a cura",
             "re-digiert", "a  cura", "credit", "Edit"]
    expected = [True, False, True, True, True, False, True, True, False, False, True, True]
    assert [byline.may_credit(text) for text in texts] == expected
    assert byline.credit_flags(texts) == expected
    assert byline.credit_flags(["x", "redigiert"]) == [False, True]
