"""Language of a page's main text (ISO 639-1), for stoplists and end-of-text markers."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from .text import cjk_ratio

if TYPE_CHECKING:
    from .document import TextBlock

# Characters of text given to the identifier: py3langid is reliable from a few hundred characters and its
# cost grows with the sample (measured on scrapinghub: 4.4 ms a page for 2,000 characters, 1.5 ms for 800).
SAMPLE_CHARS = 800
# A sample this CJK is Chinese, Japanese or Korean, which the script alone tells apart: kana only occur in
# Japanese, Hangul only in Korean (py3langid often calls kana-less Chinese "ja").
CJK_SCRIPT_SHARE = 0.3
# Below this many characters of text the page's own lang attribute is trusted instead.
MIN_SAMPLE_CHARS = 40
# Blocks with more links than this share of words are navigation, not the language of the article.
MAX_SAMPLE_LINK_DENSITY = 0.3


def _sample(blocks: Iterable[TextBlock]) -> str:
    candidates = sorted(
        (b for b in blocks if b.link_density <= MAX_SAMPLE_LINK_DENSITY), key=lambda b: -b.num_chars
    )
    parts: list[str] = []
    size = 0
    for block in candidates:
        parts.append(block.text)
        size += len(block.text)
        if size >= SAMPLE_CHARS:
            break
    return " ".join(parts)[:SAMPLE_CHARS]


def classify(text: str) -> str | None:
    """ISO 639-1 code of a text, or None when it is too short to tell."""
    if len(text.strip()) < MIN_SAMPLE_CHARS:
        return None
    if cjk_ratio(text) >= CJK_SCRIPT_SHARE:
        if any("\u3040" <= c <= "\u30ff" for c in text):
            return "ja"
        if any("\uac00" <= c <= "\ud7af" for c in text):
            return "ko"
        return "zh"
    for code, _ in _identifier().rank(text):
        if len(code) == 2:
            return code
    return None


@lru_cache(maxsize=1)
def _identifier():  # -> py3langid LanguageIdentifier
    """py3langid's model; only its ISO 639-1 answers are used (it also knows ISO 639-3 languages such as
    Bikol or Nigerian Pidgin, which it otherwise returns for short English text). Ranking instead of
    ``set_languages`` avoids a second copy of the model (measured: +22 MB)."""
    from pathlib import Path

    from py3langid import langid

    return langid.LanguageIdentifier.from_modelpath(Path(langid.MODEL_DIR) / langid.MODEL_FILE)


def identify_language(blocks: Iterable[TextBlock], declared: str | None = None) -> str | None:
    code = classify(_sample(blocks))
    if code:
        return code
    if declared:
        return declared.split("-")[0].split("_")[0].lower() or None
    return None
