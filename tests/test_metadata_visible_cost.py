"""The visible-text scan's shortcuts (issue 16: the worker at most 1.3x default's cost) give what the plain readings
give: each one is checked against the reading it replaces on constructed inputs of several scripts and random mixtures
of their pieces, and would fail if the shortcut skipped what the reading finds."""

from __future__ import annotations

import random
import re
import sys

from lxml import etree

from crawler.extractors.metadata import byline, dates

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


# ---------------------------------------------------------------- re.I patterns as lowered text without re.I

ALL_CHARACTERS = "".join(map(chr, range(sys.maxunicode + 1)))


def _pattern_characters(*patterns: re.Pattern[str]) -> set[str]:
    """The characters of the patterns' literal words (escapes and class letters out)."""
    text = "".join(pattern.pattern for pattern in patterns)
    return set(re.sub(r"\\[sSdDwWb]|\(\?[:=!<]+|[\\()|?*+{}\[\]^$.:,0-9]", "", text)) - {" ", "'"}


def test_re_i_sees_each_character_of_the_words_as_re_i_lowered_gives_it() -> None:
    # Over all of Unicode: a character matches a word's letter under re.I if and only if re_i_lowered gives it as
    # the letter, and re_i_lowered keeps every character one character long, white space or not, a digit or not.
    letters = _pattern_characters(*dates.RELATIVE_HINT_RES, *dates.ASCII_RELATIVE_HINT_RES)
    assert {"h", "á", "à", "前", "전", "昨", "어"} <= letters
    assert all(dates.re_i_lowered(letter) == letter for letter in letters)
    lowered = [dates.re_i_lowered(character) for character in ALL_CHARACTERS]
    assert all(len(low) == 1 for low in lowered)
    assert all(low.isspace() == character.isspace() and low.isdecimal() == character.isdecimal()
               for character, low in zip(ALL_CHARACTERS, lowered, strict=True) if low != character)
    matching = set(re.findall("[" + re.escape("".join(sorted(letters))) + "]", ALL_CHARACTERS, re.I))
    assert {character for character, low in zip(ALL_CHARACTERS, lowered, strict=True) if low in letters} == matching
    for character in matching:
        assert [letter for letter in letters if re.fullmatch(re.escape(letter), character, re.I)] == \
            [dates.re_i_lowered(character)], character


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
    found = [dates.may_be_relative(text) for text in texts]
    assert found == [dates.RELATIVE_HINT_RE.search(text) is not None for text in texts]
    assert sum(found) > 10_000 and len(found) - sum(found) > 3000
    assert sum(found[index] for index, text in enumerate(texts) if text.isascii()) > 1000
