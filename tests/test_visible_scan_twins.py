"""The visible metadata scan's compiled helpers give what their Python twins give (``walk.texts_with_words``,
``folded_short_texts``, ``marks_hold_words``), on built pages in Latin, CJK and other scripts, and what the readings
they stand for give (``byline.may_credit``, the title's casefolded comparison, ``ancestors_marks``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import pytest
from helpers.twins import PYTHON, WALK, bind_twin, needs_walk
from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import areas, byline, dates, visible
from crawler.kernels.walk import (
    short_texts,
)

pytestmark = needs_walk

T = TypeVar("T")

# Pieces of block text: credit words in every case and script, the characters that re.I folds (ı, İ, ſ, the Kelvin
# sign), white space of other kinds (\x1c, the ideographic space, the line separator), word characters next to the
# line-start words ("_", digits, "é") and a final sigma.
PIECES = ["By Jane Doe", "by", "BY", "Bye", "by_x", "by2", "byé", "by.", "  by  x", "\tby", "\x1cby x",
          "\u3000by x", "\u2028by x", "Source: Reuters", "ſource: dpa", "SOURCE", "sources", "EDİTED by", "edıt",
          "Redigiert", "a cura", "A  CURA", "édité", "ÉDITÉ", "Édité", "te\u212ast: y", "Text:", "texto", "texte",
          "tekst", "Quelle", "fuente", "par", "von", "por", "di", "door", "written", "words", "story", "posted", "|",
          "｜", "x", " ", "\n", "\n\n", " \n ", "作者：张三", "责任编辑：李四", "来源：新华社", "文/王五",
          "홍길동 기자", "佐藤花子 記者", "编辑", "編集", "校审", "편집", "记者", "通讯员", "撰稿", "采写", "採寫",
          "稿源", "出处", "筆者", "执笔", "Café", "ΟΔΟΣ", "Автор: Иван",
          "بقلم أحمد", "更多", "Share", "Home", "2024-03-05", "\x00", "é", "’"]


@contextmanager
def _compiled(enabled: bool) -> Iterator[None]:
    """The library and this module's kernel functions bound to one implementation while the block runs."""
    with pytest.MonkeyPatch.context() as patch:
        bind_twin(patch, enabled, __name__)
        yield


def _both(function: Callable[[], T]) -> tuple[T, T]:
    """The function's result with the compiled helpers on, then with the Python twins."""
    with _compiled(True):
        compiled = function()
    with _compiled(False):
        python = function()
    return compiled, python


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 5)))


def _page(rng: random.Random) -> str:
    parts = ["<html><head><title>Budget vote | Daily</title></head><body>"]
    for _ in range(rng.randint(1, 20)):
        lines = "<br>".join(_text(rng).replace("<", " ") for _ in range(rng.randint(1, 3)))
        parts.append(rng.choice([f"<p>{lines}</p>", f"<h1>{lines}</h1>", f"<li><a href='/x'>{lines}</a></li>",
                                 f"<div class='comment-list'><p>{lines}</p></div>", f"<pre>{lines}</pre>"]))
    return "".join(parts) + "</body></html>"


def test_the_words_found_in_c_are_the_python_twins_and_may_credit_of_each_text() -> None:
    rng = random.Random(131)
    flagged = 0
    rounds = []
    for round_ in range(600):
        if round_ % 2:
            blocks = parse_html(_page(rng), "https://example.org/a.html").blocks
            rounds.append(short_texts(blocks, visible.MAX_BYLINE_CHARS)[1])
        else:
            rounds.append([_text(rng) for _ in range(rng.randint(0, 30))])
    compiled_rounds, python_rounds = _both(lambda: [byline.credit_flags(texts) for texts in rounds])
    for texts, compiled, python in zip(rounds, compiled_rounds, python_rounds, strict=True):
        assert compiled == python == [byline.may_credit(text) for text in texts]
        flagged += sum(compiled)
    assert flagged > 2000


@pytest.mark.slow
def test_each_character_beside_a_word_is_read_as_re_reads_it() -> None:
    # every character of the Basic Multilingual Plane (and some beyond), before a line-start word (white space or
    # not), after it (a word boundary or not) and inside a word (a letter that lowers to the word's)
    codes = [*range(0, 0x3400), *range(0xA000, 0xD800, 7), *range(0xE000, 0x10000), 0x1D400, 0x20000]
    for chunk in range(0, len(codes), 512):
        texts = []
        for code in codes[chunk:chunk + 512]:
            character = chr(code)
            texts += [f"{character}by x", f"by{character}", f"b{character}", f"{character}dit", f"x\n{character}source",
                      f"a{character}cura", f"{character}"]
        compiled, python = (twin.texts_with_words(texts, byline.CREDIT_WORDS, byline.CREDIT_LINE_WORDS)
                            for twin in (WALK, PYTHON))
        assert compiled == python
        assert compiled == [byline.may_credit(text) for text in texts]


def test_the_words_of_any_lists_are_found_as_the_twin_finds_them() -> None:
    rng = random.Random(137)
    for _ in range(300):
        words = tuple(rng.sample(["by", "é", "记者", "a b", "x", "|", "ab", "abc"], rng.randint(0, 4)))
        line_words = tuple(rng.sample(["by", "par", "source", "記", "é"], rng.randint(0, 3)))
        texts = [_text(rng) for _ in range(rng.randint(0, 12))]
        compiled, python = (twin.texts_with_words(texts, words, line_words) for twin in (WALK, PYTHON))
        assert compiled == python
    for twin in (WALK, PYTHON):
        for words in (("By",), ("ς",), ("",)):
            with pytest.raises(ValueError):
                twin.texts_with_words(["x"], words, ())


def test_the_folded_candidates_are_the_collapsed_casefolded_texts() -> None:
    rng = random.Random(139)
    pieces = [*PIECES, "Straße", "STRASSE", "İstanbul", "ﬁ", "  Budget\u00a0 vote ", "预算案 通过", "ΣΑΣ", "\u3000"]
    found = 0
    for _ in range(600):
        paragraphs = ("".join(rng.choice(pieces) for _ in range(rng.randint(0, 4))) for _ in range(rng.randint(1, 12)))
        html = "<html><body>" + "".join(f"<p>{text}</p>" for text in paragraphs) + "</body></html>"
        blocks = parse_html(html, "https://example.org/a.html").blocks
        for most, least in ((visible.MAX_BYLINE_CHARS, 0), (20, 4), (-1, 0), (320, 2.4)):
            compiled, python = (twin.folded_short_texts(blocks, most, least) for twin in (WALK, PYTHON))
            positions, texts = short_texts(blocks, most, least)
            assert compiled == python == (positions, [" ".join(text.split()).casefold() for text in texts])
            found += len(positions)
    assert found > 5000


MARKS = ["comments", "COMMENT-list", "reply", "Replies", "respond", "reviews", "discussion", "Disqus", "post",
         "article body", "commentaires", "コメント", "评论 x", "ſ", "İ reply", "", " ", "réply", "reply\tx", "x_y",
         "sidebar", "bio"]


def _tree(rng: random.Random) -> tuple[etree._Element, list[etree._Element]]:
    html = etree.Element("html")
    body = etree.SubElement(html, "body")
    parent = body
    nodes: list[etree._Element] = [body]
    for _ in range(rng.randint(1, 12)):
        child = etree.SubElement(parent, rng.choice(["div", "section", "p", "li", "body", "html", "{urn:x}body"]))
        for name in ("class", "id", "rel"):
            if rng.random() < 0.4:
                child.set(name, " ".join(rng.choice(MARKS) for _ in range(rng.randint(1, 2))))
        if rng.random() < 0.1:
            child.append(etree.Comment("c"))
            nodes.append(child[-1])
        nodes.append(child)
        parent = child if rng.random() < 0.8 else parent
    return html, nodes


@pytest.mark.slow
def test_the_marks_words_asked_in_c_are_those_of_the_joined_marks() -> None:
    rng = random.Random(149)
    answers = []
    for _ in range(1500):
        _, nodes = _tree(rng)
        for node in nodes:
            for words in (areas.COMMENT_AREA_WORDS, areas.NOT_BYLINE_WORDS, ("x_y",)):
                for names, most, stop in ((areas.CLASS_AND_ID, areas.MAX_ANCESTORS_CHECKED, areas.PAGE_TAGS),
                                          (("class", "id", "rel"), 3, ()), (("id",), 0, ("div",))):
                    compiled, python = (twin.marks_hold_words(node, names, most, stop, words)
                                        for twin in (WALK, PYTHON))
                    marks = PYTHON.ancestors_marks(node, names, most, stop)
                    assert WALK.ancestors_marks(node, names, most, stop) == marks
                    assert compiled == python == (not marks.isascii() or any(word in marks.lower() for word in words))
                    answers.append(compiled)
    assert sum(answers) > 10000 and len(answers) - sum(answers) > 10000
    with pytest.raises(ValueError):
        WALK.marks_hold_words(etree.Element("p"), ("class",), 6, (), ("a b",))


def test_a_comment_area_found_through_the_words_asked_first_is_the_full_searchs() -> None:
    rng = random.Random(151)
    nodes = [node for _ in range(1500) for node in _tree(rng)[1]]
    for asked_all in _both(lambda: [areas.in_comment_area(node) for node in nodes]):
        for node, asked in zip(nodes, asked_all, strict=True):
            marks = PYTHON.ancestors_marks(node, areas.CLASS_AND_ID, areas.MAX_ANCESTORS_CHECKED, areas.PAGE_TAGS)
            assert asked == (areas.COMMENT_AREA_RE.search(marks) is not None)


DATE_PIECES = ["2024-03-05", "2024年3月5日", "2024년 3월 12일", "March 3, 2020", "3 March 2020", "03/05/2024",
               "5.3.2024", "12-03-2024", "Published", " ", "/", "年", "x", "2019", "１２／０３／２０２４", "at 6:01 am",
               "10:30", "（土）", "2024/3/5", "Mar. 12 2024", "1. März 2024", "3/12", "년", "-"]


def _plain_text_date_span(text: str, day_first: bool) -> tuple[object, int]:
    """The plain reading: every pattern searched, its first date kept when it starts earliest."""
    text = dates.normalise(text)
    best = None
    for pattern in dates.TEXT_DATE_PATTERNS:
        for match in pattern.finditer(text):
            found = dates._from_match(match, day_first)
            if found is not None and (best is None or match.start() < best[0]):
                best = (match.start(), match.end(), found)
            if found is not None:
                break
    return (best[2], best[1]) if best is not None else (None, 0)


def test_the_date_patterns_left_out_for_want_of_their_characters_would_have_found_no_earlier_date() -> None:
    rng = random.Random(157)
    found = 0
    for _ in range(4000):
        text = "".join(rng.choice(DATE_PIECES) for _ in range(rng.randint(1, 5)))
        for day_first in (False, True):
            expected = _plain_text_date_span(text, day_first)
            assert dates.find_text_date_span(text, None, day_first=day_first) == expected
            found += expected[0] is not None
    assert found > 4000
    for pattern, needs in dates.TEXT_DATE_SEARCHES:  # each needed character is a literal of the pattern
        assert all(character in pattern.pattern for character in needs)
