"""Language of a page's main text (ISO 639-1), for stoplists and end-of-text markers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .text import cjk_ratio

if TYPE_CHECKING:
    from .document import TextBlock

# Characters of text given to the identifier: py3langid is reliable from a few hundred characters and
# its cost grows with the sample (measured: under 1 ms for 2,000 characters).
SAMPLE_CHARS = 2000
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
    import py3langid

    code, _ = py3langid.classify(text)
    # py3langid sometimes names Chinese text Japanese when a page has no kana; kana decide.
    if code == "ja" and cjk_ratio(text) > 0 and not any("\u3040" <= c <= "\u30ff" for c in text):
        return "zh"
    return code


def identify_language(blocks: Iterable[TextBlock], declared: str | None = None) -> str | None:
    code = classify(_sample(blocks))
    if code:
        return code
    if declared:
        return declared.split("-")[0].split("_")[0].lower() or None
    return None
