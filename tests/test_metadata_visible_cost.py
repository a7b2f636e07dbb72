"""The visible-text scan's shortcuts (issue 16: the worker at most 1.3x default's cost) give what the plain readings
give: each one is checked against the reading it replaces on constructed inputs of several scripts and random mixtures
of their pieces, and would fail if the shortcut skipped what the reading finds."""

from __future__ import annotations

import random
import re
import sys
from datetime import datetime, timezone

import pytest
from helpers.twins import bind_twin, implementation
from lxml import etree

from crawler.extractors.document.blocks import TextBlock, TextDocument
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import areas, byline, datelines, dates, headline_block, relative_dates, visible
from crawler.extractors.metadata.visible import TextFindings

# ---------------------------------------------------------------- comment areas: the ancestors' marks at once

COMMENT_MARKS = ["comments", "Comments", "COMMENT-list", "comment_box", "reply", "Replies", "respond", "reviews",
                 "review-x", "discussion", "Disqus", "disqus_thread", "category-kit-reviews", "nocomments", "x-reply",
                 "commentaires", "Kommentare", "コメント", "评论 comments", "отзывы review", "ſ", "İ reply",
                 "commenta", "", " ", "post", "article body", "réply", "reply\tx", "a\ncomments"]


def _random_tree(rng: random.Random, marks: list[str] = COMMENT_MARKS) -> etree._Element:
    html = etree.Element("html")
    body = etree.SubElement(html, "body")
    parent = body
    for _ in range(rng.randint(1, 12)):
        # ("{urn:x}body" is no page container: a tag of a namespace)
        child = etree.SubElement(parent, rng.choice(["div", "section", "p", "li", "body", "html", "{urn:x}body"]))
        for name in ("class", "id"):
            if rng.random() < 0.4:
                child.set(name, " ".join(rng.choice(marks) for _ in range(rng.randint(1, 2))))
        parent = child if rng.random() < 0.8 else parent
    return html


def _marked(element: etree._Element, pattern: re.Pattern[str]) -> bool:
    """The plain reading: the pattern searched in each ancestor's marks, up to the page's containers."""
    node = element
    for _ in range(areas.MAX_ANCESTORS_CHECKED):
        if node is None or node.tag in areas.PAGE_TAGS:
            return False
        if pattern.search(f"{node.get('class') or ''} {node.get('id') or ''}"):
            return True
        node = node.getparent()
    return False


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.slow
def test_a_comment_area_is_found_as_by_asking_each_ancestor(compiled: bool, monkeypatch) -> None:
    bind_twin(monkeypatch, compiled)
    _a_comment_area_is_found_as_by_asking_each_ancestor()


def _a_comment_area_is_found_as_by_asking_each_ancestor() -> None:
    rng = random.Random(53)
    found = []
    for _ in range(3000):
        root = _random_tree(rng)
        for element in root.iter(etree.Element):
            expected = _marked(element, areas.COMMENT_AREA_RE)
            assert areas.in_comment_area(element) == expected, [element.get("class"), element.get("id")]
            found.append(expected)
    assert sum(found) > 5000 and len(found) - sum(found) > 5000


NOT_BYLINE_MARKS = [*COMMENT_MARKS, "sidebar", "SideBar-left", "widget", "Widgets", "widgetx", "bio", "biography",
                    "author-bio", "avatar", "AVATAR_img", "form", "platform", "form-x", "login", "LogIn_box", "signin",
                    "sign-in", "recirculation", "Recirculation-rail", "comment", "respond", "bıo", "ſidebar", "x_bio"]


@pytest.mark.parametrize("compiled", [True, False])
def test_a_byline_outside_the_story_is_found_as_by_asking_each_ancestor(compiled: bool, monkeypatch) -> None:
    bind_twin(monkeypatch, compiled)
    _a_byline_outside_the_story_is_found_as_by_asking_each_ancestor()


def _a_byline_outside_the_story_is_found_as_by_asking_each_ancestor() -> None:
    rng = random.Random(109)
    found = []
    for _ in range(3000):
        root = _random_tree(rng, NOT_BYLINE_MARKS)
        for element in root.iter(etree.Element):
            expected = _marked(element, areas.NOT_BYLINE_RE)
            assert areas.in_comments(element) == expected, [element.get("class"), element.get("id")]
            found.append(expected)
    assert sum(found) > 5000 and len(found) - sum(found) > 5000


# ---------------------------------------------------------------- re.I patterns as lowered text without re.I

ALL_CHARACTERS = "".join(map(chr, range(sys.maxunicode + 1)))


def _pattern_characters(*patterns: re.Pattern[str]) -> set[str]:
    """The characters of the patterns' literal words (escapes and class letters out)."""
    text = "".join(pattern.pattern for pattern in patterns)
    return set(re.sub(r"\\[sSdDwWb]|\(\?[:=!<]+|[\\()|?*+{}\[\]^$.:,0-9]", "", text)) - {" ", "'"}


@pytest.mark.slow
def test_re_i_sees_each_character_of_the_words_as_re_i_lowered_gives_it() -> None:
    # Over all of Unicode: a character matches a word's letter under re.I if and only if re_i_lowered gives it as
    # the letter, and re_i_lowered keeps every character one character long, white space or not, a digit or not.
    letters = _pattern_characters(*relative_dates.RELATIVE_HINT_RES, *relative_dates.ASCII_RELATIVE_HINT_RES,
                                  datelines.LOWERED_LABEL_RE, datelines.LOWERED_STRONG_PUBLISHED_RE,
                                  byline.LOWERED_EDITOR_HINT_RE)
    assert {"h", "á", "à", "前", "전", "昨", "어", "ä", "ç", "о", "更", "입", "：", "k", "s", "i", "编"} <= letters
    assert all(relative_dates.re_i_lowered(letter) == letter for letter in letters)
    lowered = [relative_dates.re_i_lowered(character) for character in ALL_CHARACTERS]
    assert all(len(low) == 1 for low in lowered)
    assert all(low.isspace() == character.isspace() and low.isdecimal() == character.isdecimal()
               for character, low in zip(ALL_CHARACTERS, lowered, strict=True) if low != character)
    matching = set(re.findall("[" + re.escape("".join(sorted(letters))) + "]", ALL_CHARACTERS, re.I))
    assert {character for character, low in zip(ALL_CHARACTERS, lowered, strict=True) if low in letters} == matching
    for character in matching:
        assert [letter for letter in letters if re.fullmatch(re.escape(letter), character, re.I)] == \
            [relative_dates.re_i_lowered(character)], character


RELATIVE_PIECES = ["ago", " AGO", " Ago", "\tago", "fa", " fa", " FA", "geleden", " Geleden", "il y a ", "IL Y A\t",
                   "İl y a ", "vor ", "VOR\n", "hace ", "HACE ", "há ", "HÁ ", "ha ", "Ha\u3000", "hA", "前", "전",
                   "昨天", "昨日", "剛剛", "刚刚", "前天", "今日", "오늘", "어제", "방금", "Yesterday", "YESTERDAY",
                   "yeſterday", "just now", "JUST NOW", "à l'instant", "À L'INSTANT", "aujourd'hui", "AUJOURD'HUI",
                   "Heute", "HIER", "hıer", "ayer", "ontem", "ieri", "İeri", "oggi", "vandaag", "gisteren", "gestern",
                   "Gerade eben", "today", "TODAY", "hoy", "hoje", "3", " ", "x", "é", "вчера", "сегодня", "منذ",
                   "أمس", "ΣΉΜΕΡΑ", "ς", "前日", "三天前", "시간 전", "、", "\u3000", "ß", "K"]


def _mixtures(pieces: list[str], seed: int, count: int, most: int = 6) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, most))) for _ in range(count)]


def test_the_relative_hint_is_the_full_patterns_in_every_script() -> None:
    texts = _mixtures(RELATIVE_PIECES, 59, 30_000)
    found = [relative_dates.may_be_relative(text) for text in texts]
    assert found == [relative_dates.RELATIVE_HINT_RE.search(text) is not None for text in texts]
    assert sum(found) > 10_000 and len(found) - sum(found) > 3000
    assert sum(found[index] for index, text in enumerate(texts) if text.isascii()) > 1000


LABEL_PIECES = [
    "Published", "PUBLISHED", "pubLished", "posted", "Posted:", "Date", "DATE :", "date\t:", "Datum：", "data",
    "fecha:", "Updated", "UPDATED", "Last Modified", "LAST UPDATED", "last\u3000updated", "mis à jour", "MIS À JOUR",
    "Mise à jour", "modifié", "MODIFIÉE", "geändert", "GEÄNDERT", "actualización", "ACTUALIZACIÓN", "atualização",
    "PUBLIÉ", "Veröffentlicht", "VERÖFFENTLICHT", "опубликовано", "ОПУБЛИКОВАНО", "Обновлено", "päivitetty",
    "PÄIVITETTY", "julkaistu", "发布时间", "發佈時間", "更新", "最后更新", "更新时间：", "日期：", "时间:",
    "公開", "配信", "掲載日", "입력", "수정", "기사입력", "최종수정", "업데이트", "ſ", "ı", "İ", "K",
    "ᲂбноᲀлено", "опубликоᲀано", "x", "é", "published", "updatedx", "re", " ", ":", "：", "3", "2024-03-05",
    "10:30", "|", "Σ", "ς", "نشر", "تحديث", "\u00a0", "\n", "ＤＡＴＥ：", "２０２１",
]


def _labels_by_the_full_pattern(line: str) -> list[tuple[int, int, str]]:
    found = []
    for match in datelines.LABEL_RE.finditer(line):
        start, end = match.span()
        if datelines.LATIN_LETTER_RE.match(match.group(0)) and (
                (start > 0 and line[start - 1].isalpha() and not datelines._glued(line, start))
                or (end < len(line) and line[end].isalpha() and not datelines._glued(line, end))):
            continue
        found.append((start, end, "modified" if match.group("modified") else "published"))
    return found


@pytest.mark.slow
def test_the_labels_of_a_line_are_those_of_the_full_pattern_in_every_script() -> None:
    lines = _mixtures(LABEL_PIECES, 61, 30_000, 7)
    found = [datelines._labels(line) for line in lines]
    assert found == [_labels_by_the_full_pattern(line) for line in lines]
    kinds = [kind for labels in found for _, _, kind in labels]
    assert kinds.count("modified") > 10_000 and kinds.count("published") > 10_000
    assert sum(bool(labels) for line, labels in zip(lines, found, strict=True) if line.isascii()) > 500


def test_the_publication_label_is_the_full_patterns_in_every_script() -> None:
    lines = _mixtures(LABEL_PIECES, 67, 30_000, 7)
    found = [datelines.has_publication_label(line) for line in lines]
    assert found == [datelines.DIGIT_RE.search(line) is not None
                     and datelines.STRONG_PUBLISHED_RE.search(dates.normalise(line)) is not None for line in lines]
    assert sum(found) > 3000 and len(found) - sum(found) > 5000
    assert sum(found[index] for index, line in enumerate(lines) if not line.isascii()) > 2000


# ---------------------------------------------------------------- month names tried only before a number

def test_re_i_matches_a_month_name_letter_with_letters_only() -> None:
    letters = set("".join(dates.MONTHS))
    matching = set(re.findall("[" + re.escape("".join(sorted(letters))) + "]", ALL_CHARACTERS, re.I))
    assert len(matching) > 2 * len(letters)
    # (the month patterns' look-ahead takes dates.MONTH_CHARACTER: a letter, or U+0345, which re.I matches with ι)
    assert [character for character in matching if not re.fullmatch(dates.MONTH_CHARACTER, character)] == []
    assert [character for character in matching if not re.fullmatch(r"[^\W\d_]", character)] in ([], ["\u0345"])


DATE_PIECES = ["March", "MARCH", "Mar.", "mar", "März", "MÄRZ", "févr.", "FÉVR", "Sept", "ſept", "SEPT.", "Oct", "OCT.",
               "декабря", "ДЕКАБРЯ", "мая", "październik", "stycznia", "Déc", "Dez", "maio", " ", "  ", "\t", "\u00a0",
               "12", "3", "3rd", "21st", "THE", ",", ", ", "2024", "1999", "2019", "at 6:01 am", " - 14:20", "x", "_",
               "é", "٣", "12月", "年", "以", "، ", "марта", "marzo", "Ago", "may", "MAY", "Mayo", "mai", "Mayx", "."]


@pytest.mark.slow
def test_the_month_first_dates_are_those_of_the_pattern_without_the_look_ahead() -> None:
    plain = re.compile(dates.MONTH_DAY_YEAR_RE.pattern.replace(rf"(?={dates.MONTH_CHARACTER}+\.?\s+\d)", "", 1), re.I)
    assert plain.pattern != dates.MONTH_DAY_YEAR_RE.pattern
    rng = random.Random(71)
    months = [*DATE_PIECES[:21], "Ago", "may", "MAY", "Mayo", "mai", "Mayx", "марта", "marzo"]
    texts = [rng.choice(DATE_PIECES) + rng.choice(["", " "]) + rng.choice(months) + rng.choice(["", ".", "_"])
             + rng.choice([" ", "  ", "\t", "", "x"]) + rng.choice(["12", "3", "3rd", "21st", "٣", "123", "x"])
             + rng.choice(["", ",", ", "]) + rng.choice([" ", "\u00a0", ""])
             + rng.choice(["2024", "1999", "20245", "x"])
             + rng.choice(DATE_PIECES) + rng.choice(DATE_PIECES) for _ in range(20_000)]
    texts += _mixtures(DATE_PIECES, 73, 20_000, 9)
    found = [[(match.span(), match.groupdict()) for match in dates.MONTH_DAY_YEAR_RE.finditer(text)] for text in texts]
    assert found == [[(match.span(), match.groupdict()) for match in plain.finditer(text)] for text in texts]
    assert sum(bool(matches) for matches in found) > 800
    assert sum(bool(matches) for text, matches in zip(texts, found, strict=True) if not text.isascii()) > 300


# ---------------------------------------------------------------- the short blocks' credit words found once

NOW = datetime(2024, 3, 12, 10, 0, tzinfo=timezone.utc)
STORY_LINES = ["By Jane Doe | March 3, 2020", "作者：张三 责任编辑：李四", "来源：新华社", "文/王五", "홍길동 기자",
               "佐藤花子 記者", "编辑/苏芳", "Edited by Ann Lee", "Source: Reuters", "ſource: dpa", "EDİTED by Ann Roe",
               "Von Anna Weber", "Автор: Иван Петров", "بقلم أحمد علي", "Publié le 5 févr. 2024", "Share", "Home",
               "发布时间：2021-03-05 09:30", "입력 2024.03.12 14:05", "Updated 3 hours ago", "Related stories", "更多",
               "Texto: João Silva", "Posted: 2024-03-05", "（责任编辑：王敏）", "x | y", "Café",
               "日期：２０２１年３月５日"]
PARAGRAPH = ("The council adopted the new budget on Tuesday evening after a long debate about schools and public "
             "transport, which take a large share of the planned spending this year.")


def _story(rng: random.Random) -> str:
    parts = ["<html><head><title>Budget vote | Daily</title></head><body>"]
    for _ in range(rng.randint(0, 3)):
        parts.append(f"<p>{rng.choice(STORY_LINES)}</p>")
    parts.append("<h1>Budget vote</h1>")
    for _ in range(rng.randint(1, 14)):
        lines = "<br>".join(rng.choice(STORY_LINES) for _ in range(rng.randint(1, 3)))
        parts.append(rng.choice([f"<p>{lines}</p>", f"<div class='comments'><p>{lines}</p></div>",
                                 f"<ul><li><a href='/x'>{lines}</a></li></ul>", f"<p>{PARAGRAPH}</p>"]))
    return "".join(parts) + "</body></html>"


@pytest.mark.slow
def test_the_short_blocks_credit_words_found_once_read_as_each_blocks() -> None:
    rng = random.Random(79)
    found = []
    for _ in range(1500):
        doc = parse_html(_story(rng), "https://example.org/news/budget.html")
        index = visible.headline_index(doc, "Budget vote")
        assert index is not None
        short_ones = visible.short_blocks(doc)
        assert short_ones.credits == [byline.may_credit(text) for text in short_ones.texts]
        for first in (False, True):
            once, each = TextFindings(), TextFindings()
            visible.scan_near_headline(doc, index, NOW, once, first, short_ones)
            visible.scan_near_headline(doc, index, NOW, each, first)
            assert once == each
            visible.scan_page(doc, NOW, once, first, "zh", short_ones)
            visible.scan_page(doc, NOW, each, first, "zh")
            assert once == each
            found.append(once)
    assert sum(bool(findings.authors) for findings in found) > 500
    assert sum(bool(findings.editors) for findings in found) > 500
    assert sum(findings.published is not None for findings in found) > 500


EDITOR_PIECES = ["编辑", "編輯", "责任编辑", "責任編輯", "校审", "편집", "edit", "EDIT", "Edited by", "EDİTED", "edıt",
                 "Redigiert", "REDIGIERT", "redıgıert", "édité", "ÉDITÉ", "Édité", "a cura", "A CURA", "a  cura", "x",
                 " ", ":", "：", "王敏", "Ann Lee", "é", "ﬁ", "Редактор", "محرر", "編集", "\n", "ſ", "cura"]


def test_the_editor_word_is_the_full_patterns_in_every_script() -> None:
    lines = _mixtures(EDITOR_PIECES, 83, 30_000, 5)
    found = [byline.has_editor_word(line) for line in lines]
    assert found == [byline.EDITOR_HINT_RE.search(line) is not None for line in lines]
    assert sum(found) > 5000 and len(found) - sum(found) > 3000
    assert sum(found[index] for index, line in enumerate(lines) if line.isascii()) > 1000
    assert [byline.editor_names(line) for line in lines[:3000]] == [
        byline.editor_names(line) if byline.EDITOR_HINT_RE.search(line) else [] for line in lines[:3000]]


# ---------------------------------------------------------------- the headline among the short blocks

HEADLINE_TITLES = ["Budget vote", "Budget vote passes after a long night | The Daily", "预算案通过_新闻中心_新浪网",
                   "Exclusive: Budget vote passes - News", "X" * 150 + " - Site", "B" * 140, "", "CNN",
                   "C" * 170 + " - Site", "预算案今天通过了吗",
                   "Budget vote passes after a long night in the council, where the members argued about schools, "
                   "roads and the public transport that takes a large share of the planned spending - The Daily"]
HEADLINE_PIECES = ["Budget vote", "budget  VOTE", "Budget vote passes after a long night", "The Daily", "预算案通过",
                   "原创 预算案通过", "Exclusive: Budget vote passes", "News", "X" * 150, "B" * 140, "B" * 200, "Home",
                   "C" * 170, "【独家原创新闻快讯报道】预算案今天通过了吗",
                   "【独家原创新闻快讯报道】预算案今天通过了吗吧",
                   "Budget vote passes after a long night in the council, where the members argued about schools, "
                   "roads and the public transport that takes a large share of the planned spending", "CNN", "x"]


def _headline_page(rng: random.Random) -> str:
    parts = ["<html><body>"]
    for _ in range(rng.randint(1, 12)):
        text = rng.choice(HEADLINE_PIECES)
        parts.append(rng.choice([f"<p>{text}</p>", f"<h1>{text}</h1>", f"<h2>{text}</h2>", f"<li>{text}</li>",
                                 f"<p>{text}<br>{rng.choice(HEADLINE_PIECES)}</p>",
                                 f"<h1><a href='/'>{text}</a></h1>"]))
    return "".join(parts) + "</body></html>"


def _plain_headline_index(doc: TextDocument, title: str) -> int | None:
    """The plain reading: every block's text collapsed and scored."""
    wanted = " ".join(title.split()).casefold()
    parts = [p for p in headline_block.TITLE_SPLIT_RE.split(wanted) if len(p) >= headline_block.MIN_HEADLINE_CHARS]
    main = max(parts, key=len) if parts else wanted
    best = None
    for index, block in enumerate(doc.blocks):
        text = " ".join(block.text.split()).casefold()
        if not wanted:
            continue
        if text in (wanted, main):
            score = 4
        elif len(main) >= headline_block.MIN_HEADLINE_CHARS * 2 and main in text and \
                len(text) <= len(main) + headline_block.MAX_HEADLINE_EXTRA_CHARS:
            score = 3
        elif len(text) >= max(headline_block.MIN_HEADLINE_CHARS, headline_block.MIN_HEADLINE_SHARE * len(main)) \
                and text in wanted:
            score = 2
        else:
            continue
        score += ("heading" in block.labels) + ("h1" in block.labels)
        if best is None or score > best[0]:
            best = (score, index)
    if best is not None:
        return best[1]
    return next((index for index, block in enumerate(doc.blocks) if "h1" in block.labels), None)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.slow
def test_the_headline_found_among_the_blocks_in_its_bounds_is_the_one_found_among_all(compiled: bool,
                                                                                       monkeypatch) -> None:
    # titles and blocks at the bounds: a marked headline of exactly the title's length and a mark (num_chars), one
    # just over it, a headline longer than a byline, none matching (the first h1)
    rng = random.Random(89)
    indices = []
    bind_twin(monkeypatch, compiled)
    for _ in range(3000):
        doc = parse_html(_headline_page(rng), "https://example.org/news/budget.html")
        title = rng.choice(HEADLINE_TITLES)
        index = visible.headline_index(doc, title)
        assert index == _plain_headline_index(doc, title)
        indices.append(index)
    assert sum(index is not None for index in indices) > 2000
    assert sum(index is None for index in indices) > 100


# ---------------------------------------------------------------- step 3 through the blocks that may say something

PAGE_LINES = [*STORY_LINES, "$19.99", "Score 3-1", "12 comments", "Date: 2024-03-05", "Published 2024-03-05 by x",
              "date: ２０２４-03-05", "Posted: Mar 5, 2024", "٣ تعليقات", "Page ５", "Menu", "2019", "x\x00 2024",
              "Published: March 5, 2024", "发布日期：2024年3月5日", "By Ann Lee", "Related: 2023-01-02",
              "03/01/2017 by Jane Doe", "Last updated March 3, 2025 by Erik Demaine.", "UPDATED 2024-03-05",
              "Mis à jour le 5 mars 2024", "ＵＰＤＡＴＥＤ 2024-03-05", "Stand: 05.03.2024", "Page 2 of 9"]


def _page_blocks(rng: random.Random) -> TextDocument:
    texts = ["\n".join(rng.choice(PAGE_LINES) for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(0, 25))]
    return TextDocument.from_blocks([TextBlock.from_text(text, offset) for offset, text in enumerate(texts)])


@pytest.mark.slow
def test_step_3_through_the_blocks_that_may_say_something_finds_what_reading_each_block_finds() -> None:
    rng = random.Random(97)
    # every block with a credit's word, and with ``dates`` every block with a digit: the loop passes over the others
    plain_order = lambda short_ones, dates: [  # noqa: E731
        index for index, text in enumerate(short_ones.texts)
        if short_ones.credits[index] or (dates and re.search(r"\d", text) is not None)]
    found = []
    for round_ in range(4000):
        doc = parse_html(_story(rng), "https://example.org/news/budget.html") if round_ % 2 else _page_blocks(rng)
        short_ones = visible.short_blocks(doc)
        for before in (None, dates.FoundDate("2024-03-01", datetime(2024, 3, 1))):
            fast, plain = TextFindings(published=before), TextFindings(published=before)
            visible.scan_page(doc, NOW, fast, False, "zh" if round_ % 3 else "en", short_ones)
            original = visible.ShortBlocks.may_say_something
            visible.ShortBlocks.may_say_something = plain_order
            try:
                visible.scan_page(doc, NOW, plain, False, "zh" if round_ % 3 else "en", short_ones)
            finally:
                visible.ShortBlocks.may_say_something = original
            assert fast == plain
            found.append(fast)
    assert sum(findings.published is not None for findings in found[::2]) > 1000
    assert sum(bool(findings.authors) for findings in found) > 1000


# ---------------------------------------------------------------- after the publication date, modification labels only

MODIFIED_PIECES = [*LABEL_PIECES, "2024-03-06", "Mar 6, 2024", "3 hours ago", "3小时前", "昨天", "10-08 12:00",
                   "8:00", "2024年1月16日 8時00分", "ｕｐｄａｔｅｄ", "更新於", "㍻", "最終更新日", "AKTUALISIERT",
                   "Mis à jour"]


@pytest.mark.slow
def test_a_line_without_a_modification_label_gives_no_modification_date() -> None:
    lines = _mixtures(MODIFIED_PIECES, 101, 30_000, 6)
    held = [datelines.may_hold_modified(line) for line in lines]
    for first in (False, True):
        read = [datelines.read_date_line(line, NOW, day_first=first) for line in lines]
        assert all(found.modified is None for found, may in zip(read, held, strict=True) if not may)
        assert sum(found.modified is not None for found in read) > 1000
        # (the lines passed over hold publication dates: the test is not of lines without any date)
        assert sum(found.published is not None for found, may in zip(read, held, strict=True) if not may) > 1000
    assert sum(held[index] for index, line in enumerate(lines) if not line.isascii()) > 3000
    assert sum(held[index] for index, line in enumerate(lines) if line.isascii()) > 60


UPDATE_LINES = [*STORY_LINES, "更新时间：2021-03-06 10:00", "Updated: March 4, 2020", "2024年1月16日 8時00分 更新",
                "Last modified 2024-03-07", "수정 2024.03.13 09:30", "ｕｐｄａｔｅｄ ２０２４-03-08", "Comments 12",
                "Mis à jour le 6 février 2024", "15:20配信", "3/12(火) 10:30更新", "Updated yesterday", "Share 2024"]


@pytest.mark.slow
def test_the_lines_below_the_headline_read_for_the_dates_still_missing_give_what_reading_each_gives() -> None:
    rng = random.Random(103)
    plain = lambda line, findings, known=False: known or datelines.may_hold_date(line)  # noqa: E731 - every line
    found = []
    for _ in range(2000):
        parts = ["<html><head><title>Budget vote | Daily</title></head><body>"]
        parts += [f"<p>{rng.choice(UPDATE_LINES)}</p>" for _ in range(rng.randint(0, 2))]
        parts.append("<h1>Budget vote</h1>")
        for _ in range(rng.randint(1, 10)):
            lines = "<br>".join(rng.choice(UPDATE_LINES) for _ in range(rng.randint(1, 3)))
            parts.append(rng.choice([f"<p>{lines}</p>", f"<div class='comments'><p>{lines}</p></div>",
                                     f"<p>{PARAGRAPH}</p>"]))
        doc = parse_html("".join(parts) + "</body></html>", "https://example.org/news/budget.html")
        index = visible.headline_index(doc, "Budget vote")
        assert index is not None
        for first in (False, True):
            fast, each = TextFindings(), TextFindings()
            visible.scan_near_headline(doc, index, NOW, fast, first, visible.short_blocks(doc))
            original = visible._may_give_date
            visible._may_give_date = plain
            try:
                visible.scan_near_headline(doc, index, NOW, each, first, visible.short_blocks(doc))
            finally:
                visible._may_give_date = original
            assert fast == each
            found.append(fast)
    assert sum(findings.modified is not None for findings in found) > 500
    assert sum(findings.published is not None and findings.modified is None for findings in found) > 500


# ---------------------------------------------------------------- the short blocks' texts in C

def _plain_short_blocks(doc: TextDocument) -> tuple[list[int], list[str], list[bool]]:
    positions = [position for position, block in enumerate(doc.blocks)
                 if block.num_chars <= visible.MAX_BYLINE_CHARS]
    texts = [doc.blocks[position].text for position in positions]
    return positions, texts, [byline.may_credit(text) for text in texts]


def _bounds_blocks(rng: random.Random) -> TextDocument:
    """Blocks at and around the short blocks' bound, fused ones (texts joined when first read) among them."""
    blocks = []
    for offset in range(rng.randint(0, 12)):
        piece = rng.choice(["x", "é", "王", "𝕏", " ", "By Ann Lee ", "来源：新华社 "])
        block = TextBlock.from_text((piece * rng.randint(0, 200))[:rng.choice([0, 1, 159, 160, 161, 300])] or "-",
                                    offset)
        if rng.random() < 0.3:
            block.merge_next(TextBlock.from_text(rng.choice(STORY_LINES), offset))
        blocks.append(block)
    return TextDocument.from_blocks(blocks)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.slow
def test_the_short_blocks_texts_are_the_plain_reading(compiled: bool, monkeypatch) -> None:
    rng = random.Random(107)
    bind_twin(monkeypatch, compiled)
    counts = [0, 0]
    for round_ in range(1500):
        doc = parse_html(_story(rng), "https://example.org/news/budget.html") if round_ % 2 else \
            _bounds_blocks(rng)
        short_ones = visible.short_blocks(doc)
        plain = _plain_short_blocks(doc)
        assert (short_ones.positions, short_ones.texts, short_ones.credits) == plain
        for most, least in ((visible.MAX_BYLINE_CHARS, 0), (40, 12.6), (-1, 0), (320, 159), (170, 161.0)):
            assert implementation(compiled, "walk").short_texts(doc.blocks, most, least) == (
                [position for position, block in enumerate(doc.blocks)
                 if block.num_chars <= most and len(block.text) >= least],
                [block.text for block in doc.blocks if block.num_chars <= most and len(block.text) >= least])
        counts[0] += len(plain[0])
        counts[1] += len(doc.blocks) - len(plain[0])
    assert counts[0] > 5000 and counts[1] > 300
