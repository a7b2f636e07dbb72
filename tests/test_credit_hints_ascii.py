"""``has_byline_word`` and ``has_origin_word`` answer as BYLINE_HINT_RE and ORIGIN_HINT_RE do (an ASCII line is
asked for "|" and its line-start words, lowered, without re.I)."""

from __future__ import annotations

import random

from crawler.extractors.metadata.byline import BYLINE_HINT_RE, ORIGIN_HINT_RE, has_byline_word, has_origin_word

PIECES = ["By", "BY", "by", "bY", " ", "  ", "\t", "\n", "Jane", "Doe", "|", ":", "-", "_", "x", "1", "Source",
          "SOURCE", "source", "sources", "Quelle", "fuente", "Written", "words", "Story", "posted", "text", "Texto",
          "door", "di", "von", "par", "por", "testo", "tekst", "texte", "ſ", "K", "作者", "文", "来源",
          "기자", "\u3000", "é", "İ", "ı"]


def test_hints_answer_as_the_patterns() -> None:
    rng = random.Random(11)
    asked = 0
    for _ in range(20000):
        line = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
        assert has_byline_word(line) == (BYLINE_HINT_RE.search(line) is not None), line
        assert has_origin_word(line) == (ORIGIN_HINT_RE.search(line) is not None), line
        asked += line.isascii() and has_byline_word(line)
    assert asked > 1000
