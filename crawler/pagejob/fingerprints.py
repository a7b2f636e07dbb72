"""Text fingerprints of a page's main text, the row's ``content_hash`` and ``simhash``: computed by the page job
beside the text (in the extraction workers) and compared by the store's near-duplicate index (``crawler.storage``).

- ``content_hash``: SHA-1 of the normalised text (NFKC, case-folded, white space collapsed): identical copies;
- ``simhash``: Charikar's 64-bit fingerprint of the text's token shingles: near copies are within a few bits
  (``hamming_distance``); by ``crawler.kernels.fingerprint`` (in C when built, else its numpy twin: the same
  values).
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata

from crawler.extractors.document.scripts import COMBINING_MARKS, UNSPACED_CHARS
from crawler.extractors.document.text import ASCII_TOKEN_RE, CJK_CHARS, tokens
from crawler.kernels.fingerprint import (
    CharacterTables,
    folded_utf8,
    nfkc_folded_utf8,
    simhash_text,
    simhash_words,
    tables_from,
)

SIMHASH_BITS = 64
# Features are runs of this many tokens (Broder's w-shingles): word order counts, single common words
# do not dominate. CJK characters are tokens of their own (crawler.extractors.document.text.tokens).
SHINGLE_TOKENS = 3
# Below this many tokens a fingerprint is decided by a handful of shingles and unrelated short texts
# (captions, one-line notices) collide; design choice, about two sentences. Short texts link only when
# their normalised text is identical.
MIN_SIMHASH_TOKENS = 30


# Characters that are neither word characters nor combining marks: in a text whose only non-ASCII characters are
# these (typographic quotes, dashes, spaces, bullets, signs), ``tokens`` gives the runs of ASCII word characters,
# which a plain regex finds far faster (most news texts are such).
TYPOGRAPHIC_CHARS = "\u00a0\u00ab\u00bb\u00b7\u00a9\u00ae\u00b0\u00a7\u2009\u200b\u202f\u2013\u2014\u2018\u2019" \
                    "\u201a\u201c\u201d\u201e\u2022\u2026\u2032\u2033\u2039\u203a\u20ac\u00a3\u2122"
NOT_PLAIN_RE = re.compile(f"[^\\x00-\\x7f{TYPOGRAPHIC_CHARS}]")


def _words(text: str) -> list[str]:
    """``tokens(text)``, by the ASCII word-run regex when the text's only non-ASCII characters are typographic."""
    return ASCII_TOKEN_RE.findall(text) if NOT_PLAIN_RE.search(text) is None else tokens(text)


# The compiled simhash tokenises as ``tokens`` does, from a table of every BMP code point's class
# (``character_classes``) and case folding, made on first use (``character_tables``).
BMP_SIZE = 0x10000
# Code point classes of the compiled tokeniser (cfingerprint.pyx has the same numbers).
SEPARATOR_CLASS, RUN_CLASS, SINGLE_CLASS, PYTHON_CLASS = range(4)
# Kinds of a code point's NFKC (cfingerprint.pyx has the same numbers): it may change with its neighbours
# (ELSEWHERE), it is the character itself (ITSELF) or another string (EXPANDED).
NFKC_ELSEWHERE, NFKC_ITSELF, NFKC_EXPANDED = range(3)
# Hangul jamo that compose with the syllable or jamo before them (Unicode 3.12, algorithmic: no decomposition entry).
HANGUL_SECOND_JAMO = (range(0x1161, 0x1176), range(0x11A8, 0x11C3))
# Code points beyond the BMP that the compiled kernel handles itself when they are plain separators (``astral_plain``):
# the emoji blocks, U+1F000-U+1FAFF: a text with an emoji, left whole to the Python tokeniser and unicodedata, costs
# tens of times another.
ASTRAL_PLAIN_RANGE = range(0x1F000, 0x1FB00)


def character_classes() -> bytes:
    """The class of every BMP code point as ``tokens`` (``crawler.extractors.document.scripts.token_pattern``)
    treats it: letters, digits and combining marks run together (RUN), a CJK character is a token of its own (SINGLE),
    anything else separates tokens; unspaced scripts, and CJK marks that join a run before them, are left to the
    regex (PYTHON)."""
    every = "".join(map(chr, range(BMP_SIZE)))

    def matching(pattern: str) -> set[str]:
        return set(re.findall(pattern, every))

    letters = matching(rf"[^\W{CJK_CHARS}{UNSPACED_CHARS}]")
    marks = matching(f"[{COMBINING_MARKS}]")
    cjk = matching(f"[{CJK_CHARS}]")
    unspaced = matching(f"[{UNSPACED_CHARS}]")
    classes = bytearray(BMP_SIZE)
    runs = letters | marks
    for character in runs | cjk | unspaced:
        if character in unspaced or (character in cjk and character in runs):
            kind = PYTHON_CLASS
        elif character in cjk:
            kind = SINGLE_CLASS
        else:
            kind = RUN_CLASS
        classes[ord(character)] = kind
    return bytes(classes)


def multiple_folds() -> dict[int, str]:
    """The BMP code points whose case folding is several characters (ß -> ss), with it (``configure_folds``)."""
    return {code: folded for code in range(BMP_SIZE) if len(folded := chr(code).casefold()) > 1}


@functools.lru_cache(maxsize=1)
def _composition_seconds() -> frozenset[int]:
    """Code points that some canonical decomposition has second (they compose with the character before them)."""
    seconds = {int(entry.split()[1], 16)
               for entry in map(unicodedata.decomposition, map(chr, range(sys.maxunicode + 1)))
               if entry and not entry.startswith("<") and " " in entry}
    for jamo in HANGUL_SECOND_JAMO:
        seconds.update(jamo)
    return frozenset(seconds)


def _composes_alone(character: str) -> bool:
    """Whether the NFKD of ``character`` starts with a starter that composes with no character before it."""
    first = unicodedata.normalize("NFKD", character)[0]
    return not unicodedata.combining(first) and ord(first) not in _composition_seconds()


def astral_plain() -> bytes:
    """For each code point of ASTRAL_PLAIN_RANGE: 1 when ``tokens`` never holds it, it is no white space, its own
    NFKC and case folding, and composes with no character before it (an emoji), else 0 (``configure_astral``)."""
    every = "".join(map(chr, ASTRAL_PLAIN_RANGE))
    in_tokens = set(re.findall(rf"[^\W{UNSPACED_CHARS}]|[{COMBINING_MARKS}{CJK_CHARS}{UNSPACED_CHARS}]", every))
    return bytes(int(c not in in_tokens and not c.isspace() and c.casefold() == c
                     and unicodedata.normalize("NFKC", c) == c and _composes_alone(c)) for c in every)


def nfkc_kinds() -> tuple[bytes, dict[int, str]]:
    """The kind of every BMP code point's NFKC and the expansions of the EXPANDED ones. A code point is ITSELF or
    EXPANDED when the first character of its NFKD is a starter (combining class 0) that composes with no character
    before it (no canonical decomposition has it second) and its NFKC stays in the BMP. Then no reordering or
    composition crosses from one character's NFKD to the next's, and the NFKC of a text of such characters is the
    NFKC of its characters one by one (Unicode Standard Annex 15's algorithm); a text with another character is
    normalised by ``unicodedata`` whole."""
    kinds = bytearray(BMP_SIZE)
    expansions: dict[int, str] = {}
    for code in range(BMP_SIZE):
        if 0xD800 <= code < 0xE000:
            continue  # a lone surrogate: Python's path says what it does with one
        character = chr(code)
        if not _composes_alone(character):
            continue
        normal = unicodedata.normalize("NFKC", character)
        if normal == character:
            kinds[code] = NFKC_ITSELF
        elif max(map(ord, normal)) < BMP_SIZE:
            kinds[code] = NFKC_EXPANDED
            expansions[code] = normal
    return bytes(kinds), expansions


def character_tables() -> CharacterTables:
    """The tables the compiled tokeniser reads characters by: 65,536 classes and case foldings, a noticeable
    start-up cost, made on first use rather than at every import."""
    folds = (chr(code).casefold() for code in range(BMP_SIZE))
    kinds, expansions = nfkc_kinds()
    return CharacterTables(character_classes(), "".join(f if len(f) == 1 else "\0" for f in folds),
                           multiple_folds(), ASTRAL_PLAIN_RANGE.start, astral_plain(), kinds, expansions)


tables_from(character_tables)


def simhash(text: str, min_tokens: int = MIN_SIMHASH_TOKENS) -> int | None:
    """Charikar's 64-bit simhash of the text's token shingles (every shingle votes, as often as it occurs); None
    for a text too short to fingerprint."""
    text = text or ""
    # Tokenised in C in one pass over the str, or by ``tokens`` when the text holds a character that the tables
    # leave to it.
    fingerprint = simhash_text(text, min_tokens)
    if fingerprint != -1:
        return fingerprint
    words = _words(text)
    if len(words) < min_tokens:
        return None
    return simhash_words(words, min_tokens)


def simhash_hex(text: str) -> str | None:
    """The fingerprint as 16 hex digits, as items carry it (JSON numbers lose 64-bit precision)."""
    fingerprint = simhash(text)
    return f"{fingerprint:016x}" if fingerprint is not None else None

def hamming_distance(a: int, b: int) -> int:
    return ((a ^ b) & ((1 << SIMHASH_BITS) - 1)).bit_count()


def normalize_text(text: str) -> str:
    """The form that is hashed: NFKC, case-folded, white space collapsed, so re-wrapped copies hash alike."""
    # str.split() cuts at the characters that regex ``\s`` matches (both use str.isspace): the same text as
    # re.sub(r"\s+", " ", ...).strip(), cheaper.
    return folded_text(unicodedata.normalize("NFKC", text))


def folded_text(normal: str) -> str:
    """``normalize_text`` of an NFKC-normalised text: white space collapsed, case-folded."""
    return " ".join(normal.split()).casefold()


def content_hash(text: str) -> str | None:
    """SHA-1 hex digest of the normalised text; None for an empty text (nothing to compare)."""
    # Folded in one pass, when every character can be (most texts); normalised too when the text's NFKC is its
    # characters' one by one (``nfkc_kinds``): unicodedata's NFKC of a whole text that is not already normalised (a
    # "…", a "½") is most of content_hash's cost.
    data = nfkc_folded_utf8(text or "")
    if data is None:
        normal = unicodedata.normalize("NFKC", text or "")  # once: normalize_text would normalise it again
        data = folded_utf8(normal)
        if data is None:
            data = folded_text(normal).encode("utf-8")
    import hashlib  # here: its import loads OpenSSL, which extracting one page without a row never needs

    return hashlib.sha1(data).hexdigest() if data else None
