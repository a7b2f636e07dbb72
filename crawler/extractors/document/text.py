"""Tokens, word counts and stoplists shared by every extractor.

CJK scripts write no spaces between words, so a regex ``\\w+`` would make a whole Chinese sentence one
"word". Every CJK character (Han, kana, Hangul) counts as one token instead, the tokenisation that
``shared/EVALUATION.md`` prescribes and that the jusText seed (002, "方案二", Lucene's standard analyzer)
recommends for Chinese.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crawler.extractors.document.scripts import COMBINING_MARKS, UNSPACED_CHARS, token_pattern

# Han (incl. extensions A-F and compatibility), Hiragana, Katakana, Bopomofo, Hangul syllables and jamo.
CJK_CHARS = (
    "\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0002fa1f"
)
# Words keep their combining marks; runs of scripts written without spaces are cut to their characters per
# word (crawler.extractors.document.scripts).
TOKEN_RE = re.compile(token_pattern(CJK_CHARS))
# In ASCII-only text (no CJK, unspaced-script or combining-mark character) TOKEN_RE's tokens are the runs of ASCII
# word characters; str.isascii is O(1) in CPython, so this precheck costs nothing, and TOKEN_RE's large character
# classes are what cost.
ASCII_TOKEN_RE = re.compile(r"[A-Za-z0-9_]+")
CJK_RE = re.compile(rf"[{CJK_CHARS}]")
WHITESPACE_RE = re.compile(r"\s+")
# The code points classed for counting tokens in C (``token_char_classes``): the Basic Multilingual Plane, which
# holds the letters, CJK characters and punctuation of nearly all pages' text.
TOKEN_TABLE_CHARS = 0x10000
# The code points made into strings at once while the table is built, which bounds the import's peak memory.
TABLE_SLICE_CHARS = 0x1000

# boilerpipe wraps block text at 80 columns to compute text density (seed 000; Kohlschütter et al. 2010).
WRAP_COLUMNS = 80
# A CJK character is full-width: it takes two columns of a wrapped line and needs no separating space.
CJK_COLUMNS = 2


def tokens(text: str) -> list[str]:
    """Word tokens: runs of word characters with their marks, each CJK character on its own, runs of Thai,
    Lao, Khmer or Myanmar in pieces of a word's length."""
    return (ASCII_TOKEN_RE if text.isascii() else TOKEN_RE).findall(text)


def token_char_classes() -> bytes:
    """For each code point below TOKEN_TABLE_CHARS, how TOKEN_RE reads it: 1 a character whose tokens are its runs (a
    letter or digit of a script written with spaces, as ``\\w``: alphanumeric or "_"), 3 a token alone (CJK), 2 a
    character the pattern reads otherwise (a combining mark, a letter of an unspaced script), 0 one no token holds.
    The compiled walk counts by it."""
    # joined a slice at a time: one list of every code point's string holds megabytes at import
    characters = "".join("".join(map(chr, range(start, min(start + TABLE_SLICE_CHARS, TOKEN_TABLE_CHARS))))
                         for start in range(0, TOKEN_TABLE_CHARS, TABLE_SLICE_CHARS))
    classes = bytearray(map(str.isalnum, characters))
    classes[ord("_")] = 1
    for chars, kind in ((CJK_CHARS, 3), (f"{COMBINING_MARKS}{UNSPACED_CHARS}", 2)):  # marks last: some are in CJK
        for found in re.finditer(f"[{chars}]+", characters):
            classes[found.start():found.end()] = bytes([kind]) * (found.end() - found.start())
    return bytes(classes)


def count_words(text: str) -> int:
    return len(tokens(text))


def is_cjk_token(token: str) -> bool:
    return len(token) == 1 and CJK_RE.match(token) is not None


def cjk_ratio(text: str) -> float:
    """Share of non-space characters that are CJK; tells which length scale a block is written in."""
    compact = WHITESPACE_RE.sub("", text)
    if not compact:
        return 0.0
    return len(CJK_RE.findall(compact)) / len(compact)


def unescape(text: str) -> str:
    """``html.unescape``; the html package (its import loads a table of 2,231 entities, half a megabyte) is
    imported only for a text that holds "&", the rare one lxml's parse left an entity in."""
    if "&" not in text:
        return text
    from html import unescape as html_unescape

    return html_unescape(text)


def normalize_space(text: str) -> str:
    """Runs of white space as one space, none at either end. str.split() cuts at the characters regex ``\\s``
    matches (both use str.isspace), at half the regex's cost."""
    return " ".join(text.split())


def visible_length(text: str) -> int:
    """Characters without white space: the CX seed's 行块长度 and jusText's block length."""
    return sum(map(len, text.split()))


def wrap_counts(found: list[str]) -> tuple[int, int]:
    """(words in wrapped lines, wrapped lines) of a block's tokens, as ``WrapCounter`` counts them: a token takes
    its length plus a separating space (a CJK character, one token of length 1, takes CJK_COLUMNS = 2, the same);
    a line that passes WRAP_COLUMNS wraps. Text that cannot reach the margin is not looped over."""
    words = len(found)
    if sum(map(len, found)) + words - 1 <= WRAP_COLUMNS:
        return words, 1
    line_length = -1
    line_words = 0
    wrapped = 0
    for size in map(len, found):
        line_words += 1
        line_length += size + 1
        if line_length > WRAP_COLUMNS:
            wrapped += 1
            line_length = size
            line_words = 1
    return (words, 1) if not wrapped else (words - line_words, wrapped)


class WrapCounter:
    """Counts words and the 80-column wrapped lines they fill, the way boilerpipe's handler does.

    Text arrives in pieces (inside or outside anchors); ``words_in_wrapped_lines`` leaves out the words of
    the last, unfinished line, as in ``BoilerpipeHTMLContentHandler.flushBlock``.
    """

    __slots__ = ("line_length", "line_words", "linked_words", "words", "wrapped_lines")

    def __init__(self) -> None:
        self.words = 0
        self.linked_words = 0
        self.wrapped_lines = 0
        self.line_words = 0
        self.line_length = -1  # the first token needs no separating space

    def add(self, text: str, in_anchor: bool) -> None:
        found = TOKEN_RE.findall(text)
        if not found:
            return
        self.words += len(found)
        if in_anchor:
            self.linked_words += len(found)
        # Locals in the loop; the CJK test only runs on pieces that hold a CJK character at all.
        has_cjk = CJK_RE.search(text) is not None
        line_length = self.line_length
        line_words = self.line_words
        wrapped = self.wrapped_lines
        for token in found:
            line_words += 1
            size = len(token)
            if has_cjk and size == 1 and CJK_RE.match(token):
                line_length += CJK_COLUMNS
            else:
                line_length += size + 1
            if line_length > WRAP_COLUMNS:
                wrapped += 1
                line_length = size
                line_words = 1
        self.line_length = line_length
        self.line_words = line_words
        self.wrapped_lines = wrapped

    def result(self) -> tuple[int, int]:
        """(words in wrapped lines, wrapped lines), with one line for text that never wrapped."""
        if self.wrapped_lines == 0:
            return self.words, 1
        return self.words - self.line_words, self.wrapped_lines


# ISO 639-1 codes to the language names of jusText's stoplists.
_JUSTEXT_NAMES = {
    "af": "Afrikaans", "sq": "Albanian", "ar": "Arabic", "an": "Aragonese", "hy": "Armenian",
    "ast": "Asturian", "az": "Azerbaijani", "eu": "Basque", "be": "Belarusian", "bn": "Bengali",
    "bs": "Bosnian", "br": "Breton", "bg": "Bulgarian", "ca": "Catalan", "hr": "Croatian", "cs": "Czech",
    "da": "Danish", "nl": "Dutch", "en": "English", "eo": "Esperanto", "et": "Estonian", "fi": "Finnish",
    "fr": "French", "gl": "Galician", "ka": "Georgian", "de": "German", "el": "Greek", "gu": "Gujarati",
    "ht": "Haitian", "he": "Hebrew", "hi": "Hindi", "hu": "Hungarian", "is": "Icelandic", "io": "Ido",
    "id": "Indonesian", "ga": "Irish", "it": "Italian", "jv": "Javanese", "kn": "Kannada", "kk": "Kazakh",
    "ko": "Korean", "ku": "Kurdish", "ky": "Kyrgyz", "la": "Latin", "lv": "Latvian", "lt": "Lithuanian",
    "lb": "Luxembourgish", "mk": "Macedonian", "mg": "Malagasy", "ms": "Malay", "ml": "Malayalam",
    "mr": "Marathi", "mn": "Mongolian", "ne": "Nepali", "nb": "Norwegian_Bokmal", "no": "Norwegian_Bokmal",
    "nn": "Norwegian_Nynorsk", "oc": "Occitan", "fa": "Persian", "pl": "Polish", "pt": "Portuguese",
    "ro": "Romanian", "ru": "Russian", "sr": "Serbian", "sk": "Slovak", "sl": "Slovenian", "es": "Spanish",
    "sw": "Swahili", "sv": "Swedish", "tl": "Tagalog", "tg": "Tajik", "ta": "Tamil", "tt": "Tatar",
    "te": "Telugu", "th": "Thai", "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek",
    "vi": "Vietnamese", "cy": "Welsh", "fy": "West_Frisian", "yo": "Yoruba",
}
# Languages written without spaces: their stoplists come from stopwordsiso, cut to single characters
# because our tokens there are single characters.
_CHARACTER_LANGUAGES = {"zh", "ja", "ko"}


@lru_cache(maxsize=64)
def stoplist(language: str) -> frozenset[str]:
    """Lower-cased stopwords of a language (ISO 639-1 code); empty when no list exists for it."""
    code = (language or "").lower().split("-")[0]
    if code in _CHARACTER_LANGUAGES:
        import stopwordsiso

        words = stopwordsiso.stopwords(code) if stopwordsiso.has_lang(code) else set()
        return frozenset(w for w in words if len(w) == 1 and CJK_RE.match(w))
    name = _JUSTEXT_NAMES.get(code)
    if name is None:
        return frozenset()
    return _justext_stoplist(name)


def _justext_stoplist(name: str) -> frozenset[str]:
    """jusText's stop-list file read as ``justext.get_stoplist`` reads it, without importing the package (its
    import loads its own HTML cleaner and the SAX and URL modules, which no extractor here runs)."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("justext")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "stoplists" / f"{name}.txt"
        if path.is_file():
            return frozenset(word.decode("utf8").lower() for word in path.read_bytes().splitlines())
    return frozenset()
