"""The Chinese, Japanese and Korean credit patterns (``byline.NON_ASCII_PATTERNS``) need a character outside ASCII in
each match, so an ASCII line is not searched by them: the names found stay the same."""

from __future__ import annotations

import random
import re

import pytest

from crawler.extractors.metadata import byline
from crawler.extractors.metadata.byline import NON_ASCII_PATTERNS, byline_names, dateline_names, editor_names

ASCII_PIECES = ["By", "by", " ", "  ", "Jane", "Doe", "|", "/", ":", "(", ")", "=", "-", ",", "\n", "\t", "Edited",
                "editor", "Source", "and", "1", "2024", "reporter", "Text", "wen", "zuozhe", "ji zhe", "[", "]"]


def test_no_match_in_ascii_text() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice(ASCII_PIECES) for _ in range(rng.randint(0, 14)))
        for pattern in NON_ASCII_PATTERNS:
            assert pattern.search(text) is None, (pattern.pattern, text)
    for pattern in NON_ASCII_PATTERNS:  # (every literal outside the character classes is outside ASCII, or optional)
        assert not re.sub(r"\[[^\]]*\]|\\.|[(){}?:*+|^$<>=!,0-9.]|P<names>", "", pattern.pattern).isascii()


@pytest.mark.parametrize(("line", "authors", "editors"), [
    ("By Jane Doe | Staff writer", ["Jane Doe"], []),
    ("\u3000By Jane Doe and John Smith", ["Jane Doe", "John Smith"], []),
    ("作者：张三 责任编辑：李四", ["张三"], ["李四"]),
    ("文/王五", ["王五"], []),
    ("김철수·이영희 기자", ["김철수", "이영희"], []),
    ("편집 김민수", [], ["김민수"]),
    ("Edited by Ann Lee", [], ["Ann Lee"]),
])
def test_names_of_lines(line: str, authors: list[str], editors: list[str]) -> None:
    assert byline_names(line) == authors
    assert editor_names(line) == editors


def test_datelines() -> None:
    assert dateline_names("新华社北京3月5日电（记者 王晓 刘洋）国务院...") == ["王晓", "刘洋"]
    assert dateline_names("(서울=연합뉴스) 홍길동 기자 = 정부는") == ["홍길동"]
    assert dateline_names("WASHINGTON (Reuters) - The reporter said") == []


def test_ascii_lines_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []

    class Counted:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern = pattern

        def __getattr__(self, name: str) -> object:
            searched.append(name)
            return getattr(self.pattern, name)

    monkeypatch.setattr(byline, "CJK_AUTHOR_RES", tuple(Counted(pattern) for pattern in byline.CJK_AUTHOR_RES))
    for name in ("KOREAN_AUTHOR_RE", "CJK_EDITOR_RE", "KOREAN_EDITOR_RE", "DATELINE_RE", "KOREAN_DATELINE_RE"):
        monkeypatch.setattr(byline, name, Counted(getattr(byline, name)))
    assert byline_names("By Jane Doe | Staff writer") == ["Jane Doe"]
    assert editor_names("Edited by Ann Lee") == ["Ann Lee"]
    assert dateline_names("WASHINGTON (Reuters) - The reporter said") == []
    assert searched == []
    assert byline_names("作者：张三") == ["张三"]
    assert searched
