"""The compiled simhash and text folds (``cfingerprint.pyx``) or their Python twins (``fingerprint_python``), bound
once at import: ``crawler.pagejob.fingerprints`` calls these names and never asks which runs.

The compiled tokeniser needs tables of every BMP code point (classes, case foldings, NFKC kinds) that the library's
token pattern defines: the page job hands a function that makes them (``tables_from``), called on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

from crawler.kernels import fingerprint_python as python
from crawler.kernels.compiled import load_kernel
from crawler.kernels.fingerprint_python import (
    MIX_MULTIPLIERS,
    MIX_SHIFT,
    SHINGLE_WEIGHTS,
    TOKEN_BASE,
    WORD_SEPARATOR,
)

KERNEL: ModuleType | None = load_kernel("cfingerprint")


class CharacterTables(NamedTuple):
    """What the compiled tokeniser reads a text's characters by (``crawler.pagejob.fingerprints`` makes them)."""

    classes: bytes  # the class of every BMP code point
    folds: str  # every BMP code point's case folding, NUL where it is several characters
    multiple_folds: dict[int, str]  # those several-character foldings
    astral_start: int  # the first code point of ``astral_plain``
    astral_plain: bytes  # 1 for the code points from astral_start that are plain separators
    nfkc_kinds: bytes  # the kind of every BMP code point's NFKC
    nfkc_expansions: dict[int, str]  # the NFKC of the EXPANDED ones


_tables: Callable[[], CharacterTables] | None = None
_configured = False


def tables_from(make: Callable[[], CharacterTables]) -> None:
    """Registers the function that makes the character tables, called once, on the first simhash of a text."""
    global _tables
    _tables = make


def _ready(kernel: ModuleType) -> ModuleType:
    """The kernel with its tables: 65,536 classes and foldings are made on first use, not at every import."""
    global _configured
    if not _configured:
        if _tables is None:
            raise RuntimeError("crawler.kernels.fingerprint.tables_from was not called")
        tables = _tables()
        kernel.configure(TOKEN_BASE, SHINGLE_WEIGHTS, MIX_SHIFT, MIX_MULTIPLIERS, WORD_SEPARATOR)
        kernel.configure_characters(tables.classes, tables.folds)
        kernel.configure_folds(tables.multiple_folds)
        kernel.configure_astral(tables.astral_start, tables.astral_plain)
        kernel.configure_normalization(tables.nfkc_kinds, tables.nfkc_expansions)
        _configured = True
    return kernel


def configured_kernel() -> ModuleType | None:
    """The compiled module with its tables made, or None when it is off (tests ask it directly)."""
    return _ready(KERNEL) if KERNEL is not None else None


def bind(kernel: ModuleType | None) -> dict[str, Callable[..., object]]:
    """The compiled functions (their tables made on first use) when the kernel loaded, else the Python twins."""
    names = ("simhash_text", "simhash_words", "nfkc_folded_utf8", "folded_utf8", "first_in_ranges")
    if kernel is None:
        return {name: getattr(python, name) for name in names}

    def simhash_text(text: str, min_tokens: int) -> int:
        return _ready(kernel).simhash_text(text, min_tokens)

    def simhash_words(words: list[str], min_tokens: int) -> int | None:
        return _ready(kernel).simhash_joined(" ".join(words).casefold().encode("utf-8"), min_tokens)

    def nfkc_folded_utf8(text: str) -> bytes | None:
        return _ready(kernel).nfkc_folded_utf8(text)

    def folded_utf8(normal: str) -> bytes | None:
        return _ready(kernel).folded_utf8(normal)

    return {"simhash_text": simhash_text, "simhash_words": simhash_words, "nfkc_folded_utf8": nfkc_folded_utf8,
            "folded_utf8": folded_utf8, "first_in_ranges": kernel.first_in_ranges}


_BOUND = bind(KERNEL)
# The fingerprint of a text tokenised in C, or -1 when it holds a character the tables leave to ``tokens`` (the
# twin leaves every text to ``tokens``).
simhash_text: Callable[[str, int], int] = _BOUND["simhash_text"]  # type: ignore[assignment]
# Charikar's 64-bit simhash of the tokens' shingles; None for fewer than ``min_tokens`` tokens.
simhash_words: Callable[[list[str], int], int | None] = _BOUND["simhash_words"]  # type: ignore[assignment]
# The UTF-8 of the text's NFKC, white space runs as one space, case-folded; None when the compiled one leaves the
# NFKC to ``unicodedata`` (a character whose NFKC depends on its neighbours).
nfkc_folded_utf8: Callable[[str], bytes | None] = _BOUND["nfkc_folded_utf8"]  # type: ignore[assignment]
# The same of a text already in NFKC; None when the compiled one cannot fold one of its characters.
folded_utf8: Callable[[str], bytes | None] = _BOUND["folded_utf8"]  # type: ignore[assignment]
# The index of the first character in one of the ranges (first and last code point), or -1: the search of that
# character class with two comparisons a character (the page type's CJK test); needs no tables.
first_in_ranges: Callable[[str, tuple[tuple[int, int], ...]], int] = \
    _BOUND["first_in_ranges"]  # type: ignore[assignment]


__all__ = [
    "KERNEL",
    "CharacterTables",
    "bind",
    "configured_kernel",
    "first_in_ranges",
    "folded_utf8",
    "nfkc_folded_utf8",
    "simhash_text",
    "simhash_words",
    "tables_from",
]
