"""``texts_with_digit`` (``crawler.kernels.walk``): the texts that hold a decimal digit, as ``\\d`` finds one, in C
and by its Python twin, both called; the visible scan's step 3 asks it of the short blocks
(``line_findings.ShortBlocks.may_say_something``)."""

from __future__ import annotations

import random
import re
import sys

import pytest
from helpers.twins import PYTHON, WALK, needs_walk

pytestmark = needs_walk

# Every decimal digit of Unicode (category Nd, what re's \d matches in a str) and characters beside them that are no
# decimal digit: superscripts, vulgar fractions, circled and Roman numerals, CJK numerals, letters of each width.
# (one search over every code point: the same characters as matching each alone, without 1.1 million calls)
DECIMALS = re.findall(r"\d", "".join(map(chr, range(sys.maxunicode + 1))))
OTHERS = ["a", " ", "\x00", "\n", "²", "³", "¹", "½", "①", "Ⅻ", "五", "年", "é", "ÿ", "Ā", "€", "’", "😀", "𝒜",
          "\U000e0001"]


def _texts(rng: random.Random, count: int) -> list[str]:
    texts = []
    for _ in range(count):
        pieces = [rng.choice(OTHERS) for _ in range(rng.randint(0, 12))]
        if rng.random() < 0.4:
            pieces.insert(rng.randint(0, len(pieces)), rng.choice(DECIMALS))
        texts.append("".join(pieces))
    return texts


def _both(texts: list[str]) -> tuple[list[int], list[int]]:
    return WALK.texts_with_digit(texts), PYTHON.texts_with_digit(texts)


def test_the_texts_with_a_digit_are_those_digit_re_finds_one_in() -> None:
    rng = random.Random(61)
    for _ in range(300):
        texts = _texts(rng, rng.randint(0, 40))
        compiled, python = _both(texts)
        expected = [index for index, text in enumerate(texts) if re.search(r"\d", text) is not None]
        assert compiled == python == expected


def test_every_decimal_digit_alone_and_among_latin_1_text_is_found() -> None:
    # (a Latin-1 text is read byte by byte, any other character by character)
    texts = [*DECIMALS, *(f"caf\u00e9 {digit}" for digit in DECIMALS), "caf\u00e9", "x" * 100, "\u00b2\u00b3\u00b9"]
    compiled, python = _both(texts)
    assert compiled == python == [*range(2 * len(DECIMALS))]
    assert len(DECIMALS) > 600  # (the scripts' digits, not ASCII alone)


def test_a_list_of_no_texts_has_none_and_a_non_str_is_refused() -> None:
    assert _both([]) == ([], [])
    with pytest.raises(TypeError):
        _both([b"2024"])  # type: ignore[list-item]
