"""What the shared tokeniser needs to know about scripts beyond Latin and CJK.

Two facts that a regex ``\\w+`` gets wrong, both measured on the pages of ``tests/helpers/world_pages.py``:

- Python's ``\\w`` does not match combining marks (Unicode category M): Devanagari and other Indic vowel signs,
  Arabic harakat, Hebrew niqqud, Thai and Khmer vowels, and every accent of text in NFD. A word is split at each
  of them ("हिन्दी भारत की राजभाषा है और यह बहुत लोगों द्वारा बोली जाती है", 13 words, gave 24 tokens). A token
  here is a run of letters and digits together with their marks.
- Thai, Lao, Khmer and Myanmar are written without spaces between words; a run of them is a phrase or a
  sentence. Like CJK (where each character is a token), such a run is cut into tokens of a fixed number of
  characters, the script's characters per word, so that word counts (and every threshold on them) mean about
  the same as in a spaced script. A real segmenter (ICU's dictionary break iterator via PyICU) needs the ICU
  C++ library and a compiler to install, is several times slower, and gives about the same word counts.

Tibetan separates syllables with a tsheg (U+0F0B, not a word character), so it counts syllables, as before.
"""

from __future__ import annotations

import unicodedata

# Every code point of Unicode category M (Mn, Mc, Me) in the Basic Multilingual Plane, which holds the marks of
# every script in wide use (Indic, Arabic, Hebrew, Southeast Asian, Latin and Cyrillic combining accents):
# generated from Python 3.11's unicodedata (Unicode 14.0.0) by ``mark_ranges()`` below; a newer Unicode only
# adds marks this list lacks, which then split a word as before (tests/test_scripts.py checks the list).
# Marks beyond the BMP (Brahmi, Chakma, Sharada, Adlam...) are left out: Python's re compiles a class holding
# any of them into a list of ranges tried one by one, which makes the token regex several times slower.
MARKS_UNICODE_VERSION = "14.0.0"
COMBINING_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a"
    "\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8\u06ea-\u06ed\u0711\u0730-\u074a"
    "\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d\u0859-\u085b"
    "\u0898-\u089f\u08ca-\u08e1\u08e3-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957\u0962-\u0963"
    "\u0981-\u0983\u09bc\u09be-\u09c4\u09c7-\u09c8\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09fe\u0a01-\u0a03"
    "\u0a3c\u0a3e-\u0a42\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a83\u0abc"
    "\u0abe-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ae2-\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c\u0b3e-\u0b44"
    "\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b62-\u0b63\u0b82\u0bbe-\u0bc2\u0bc6-\u0bc8\u0bca-\u0bcd"
    "\u0bd7\u0c00-\u0c04\u0c3c\u0c3e-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63"
    "\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd\u0cd5-\u0cd6\u0ce2-\u0ce3\u0d00-\u0d03"
    "\u0d3b-\u0d3c\u0d3e-\u0d44\u0d46-\u0d48\u0d4a-\u0d4d\u0d57\u0d62-\u0d63\u0d81-\u0d83\u0dca"
    "\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2-\u0df3\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc"
    "\u0ec8-\u0ecd\u0f18-\u0f19\u0f35\u0f37\u0f39\u0f3e-\u0f3f\u0f71-\u0f84\u0f86-\u0f87\u0f8d-\u0f97"
    "\u0f99-\u0fbc\u0fc6\u102b-\u103e\u1056-\u1059\u105e-\u1060\u1062-\u1064\u1067-\u106d\u1071-\u1074"
    "\u1082-\u108d\u108f\u109a-\u109d\u135d-\u135f\u1712-\u1715\u1732-\u1734\u1752-\u1753\u1772-\u1773"
    "\u17b4-\u17d3\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9\u1920-\u192b\u1930-\u193b\u1a17-\u1a1b"
    "\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1ace\u1b00-\u1b04\u1b34-\u1b44\u1b6b-\u1b73\u1b80-\u1b82"
    "\u1ba1-\u1bad\u1be6-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9"
    "\u1dc0-\u1dff\u20d0-\u20f0\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302f\u3099-\u309a\ua66f-\ua672"
    "\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua802\ua806\ua80b\ua823-\ua827\ua82c\ua880-\ua881"
    "\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua953\ua980-\ua983\ua9b3-\ua9c0\ua9e5"
    "\uaa29-\uaa36\uaa43\uaa4c-\uaa4d\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7-\uaab8\uaabe-\uaabf\uaac1"
    "\uaaeb-\uaaef\uaaf5-\uaaf6\uabe3-\uabea\uabec-\uabed\ufb1e\ufe00-\ufe0f\ufe20-\ufe2f"
)

# Scripts written without spaces: (letters, digits and marks of the script; characters per token).
# Characters are code points, marks included. Measured with ICU 72's dictionary word break (PyICU 2.17,
# ``BreakIterator.createWordInstance``; installed only to measure) and by hand on the news paragraphs of
# tests/helpers/world_pages.py (written for this purpose; the shared sets hold no page in these scripts):
#   Thai     694 characters = 168 ICU words (4.1 a word) = 152 hand-segmented words (4.6)
#   Khmer    618 characters = 115 ICU words (5.4)        = 129 hand-segmented words (4.8)
#   Myanmar  636 characters = 125 ICU words (5.1)        = 122 hand-segmented words (5.2)
# A run shorter than the figure still counts one word, so a text counts the sum of ceil(run / figure): with 5,
# Thai 143 words (hand 152), Khmer 129 (129), Myanmar 130 (122). Lao has no prose sample here: ICU on CLDR's
# locale display names (babel; short words and transliterations, which undercount every script) gives Lao
# 3.0 characters a word against Thai's 3.6, and Thai's prose figure (4.1-4.6) scaled by that is 3.4-3.8: 4.
THAI_CHARACTERS_PER_WORD = 5
KHMER_CHARACTERS_PER_WORD = 5
MYANMAR_CHARACTERS_PER_WORD = 5
LAO_CHARACTERS_PER_WORD = 4
UNSPACED_SCRIPTS: dict[str, tuple[str, int]] = {
    # Thai letters, vowels, tone marks, repetition mark (U+0E46) and digits; not ฯ (U+0E2F) and ๏ ๚ ๛.
    "Thai": ("\u0e01-\u0e2e\u0e30-\u0e3a\u0e40-\u0e4e\u0e50-\u0e59", THAI_CHARACTERS_PER_WORD),
    "Lao": ("\u0e81-\u0ece\u0ed0-\u0ed9\u0edc-\u0edf", LAO_CHARACTERS_PER_WORD),
    # Khmer letters, vowels, signs and digits; not the punctuation ។ ៕ ៖ (U+17D4-U+17D6) nor ៘-៛.
    "Khmer": ("\u1780-\u17d3\u17d7\u17dc\u17dd\u17e0-\u17e9", KHMER_CHARACTERS_PER_WORD),
    # Myanmar and its extensions A and B; not the section signs ၊ ။ (U+104A-U+104B) nor the symbols ၌-၏.
    "Myanmar": ("\u1000-\u1049\u1050-\u109f\ua9e0-\ua9fe\uaa60-\uaa7f", MYANMAR_CHARACTERS_PER_WORD),
}
UNSPACED_CHARS = "".join(chars for chars, _ in UNSPACED_SCRIPTS.values())

# Marks a writer may leave out without changing the word: Arabic harakat (tanwin to sukun, superscript
# alef, Quranic marks) and Hebrew cantillation and niqqud. Stoplists are written without them.
OPTIONAL_MARKS = dict.fromkeys(
    [*range(0x0610, 0x061B), *range(0x064B, 0x0660), 0x0670, *range(0x06D6, 0x06EE), *range(0x0591, 0x05C8)]
)


def token_pattern(cjk_chars: str) -> str:
    """The shared token regex: a CJK character; a piece of a run of an unspaced script, as long as the script's
    characters per word; or a run of word characters and combining marks of any other script."""
    unspaced = "|".join(f"[{chars}]{{1,{size}}}" for chars, size in UNSPACED_SCRIPTS.values())
    # A mark may start a token (a stray accent after punctuation) and the run stops at any non-word character;
    # letters of CJK and unspaced scripts are left to their own branches.
    # Branches in order of frequency (a Latin word is matched by the first); unrolled rather than one loop
    # over an alternation, which is several times slower.
    letters = rf"[^\W{cjk_chars}{UNSPACED_CHARS}]"
    marks = f"[{COMBINING_MARKS}]"
    return rf"{letters}+(?:{marks}{letters}*)*|[{cjk_chars}]|{unspaced}|{marks}+(?:{letters}+{marks}*)*"


# Letters read to tell the script a text is written in: a sentence's worth.
SCRIPT_SAMPLE_LETTERS = 200


def script_of(text: str) -> str | None:
    """The script most of the text's first letters are written in (Unicode's name for it: "LATIN", "HEBREW",
    "ARABIC", "CYRILLIC", "CJK"...), or None for a text without letters."""
    counts: dict[str, int] = {}
    seen = 0
    for char in text:
        if not char.isalpha():
            continue
        name = unicodedata.name(char, "")
        script = name.split(" ", 1)[0] if name else ""
        counts[script] = counts.get(script, 0) + 1
        seen += 1
        if seen >= SCRIPT_SAMPLE_LETTERS:
            break
    return max(counts, key=counts.__getitem__) if counts else None


def stopword_key(word: str) -> str:
    """A word as stoplists spell it: lower case, composed (NFC), without optional vowel marks."""
    if not unicodedata.is_normalized("NFC", word):
        word = unicodedata.normalize("NFC", word)
    return word.translate(OPTIONAL_MARKS).lower()


def mark_ranges() -> str:
    """``COMBINING_MARKS`` as this Python's unicodedata gives it (the generator of the constant)."""
    codes = [c for c in range(0x10000) if unicodedata.category(chr(c))[0] == "M"]
    ranges: list[list[int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in ranges)
