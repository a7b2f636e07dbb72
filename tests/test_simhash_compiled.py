"""The compiled simhash (crawler/kernels/cfingerprint.pyx) against its numpy twin (``fingerprint_python``) and the
per-shingle vote written out in test_simhash_fast: the same fingerprints on every text, so that a store's
fingerprints do not depend on whether a machine built the extension. Skipped when it is not built (no C compiler
at install), unless a built module lies beside the source and does not load (a broken build must fail)."""

from __future__ import annotations

import hashlib
import os
import random
import unicodedata
from pathlib import Path

import pytest
from helpers.twins import bind_twin, implementation, needs_fingerprint

from crawler.extractors.document.text import tokens
from crawler.kernels import fingerprint
from crawler.kernels.compiled import PURE_PYTHON_ENV
from crawler.kernels.fingerprint import configured_kernel
from crawler.pagejob import fingerprints
from crawler.pagejob.fingerprints import TYPOGRAPHIC_CHARS, content_hash, simhash, simhash_hex
from tests.test_simhash_fast import reference_simhash

KERNELS = Path(fingerprint.__file__).parent
needs_compiled = needs_fingerprint

# Fingerprints of the scheme the README states (token hashes mixed into shingle hashes, Charikar's vote), pinned:
# the same on every machine and in every process, compiled or not.
PINNED = {
    " ".join(f"Word{i % 17} the market rose {i}" for i in range(20)): "02493dee4b98ca52",
    "Le marché “monte” — über 新闻市场 " * 12: "2d59673a71e13ebe",
}


@pytest.fixture(params=["compiled", "numpy"])
def kernel(request, monkeypatch):
    implementation(request.param == "compiled", "fingerprint")  # skips the compiled one when it is not built
    bind_twin(monkeypatch, request.param == "compiled")
    return request.param


def test_pinned_fingerprints(kernel) -> None:
    assert {text: simhash_hex(text) for text in PINNED} == PINNED


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    pieces = ["word", "The", "MARKET", "rose", "2024", "_x", "a_b", "Don", "t", "’", "“", "—", " ", "  ", "\n",
              "\u00a0", "…", "€5", "™", "-", "'", ".", "über", "é", "\u0301", "新", "闻", "ไทย", "İstanbul", "ß"]
    plain = [p for p in pieces if all(c.isascii() or c in TYPOGRAPHIC_CHARS for c in p)]
    texts = []
    for index in range(count):
        choice = plain if index % 2 else pieces  # half of them take the compiled plain path
        size = rng.choice([5, 29, 40, 60, 120, 400, 1000])
        texts.append(" ".join(rng.choice(choice) for _ in range(size)))
    return texts


def test_a_built_compiled_simhash_loads() -> None:
    built = list(KERNELS.glob("cfingerprint*.so")) + list(KERNELS.glob("cfingerprint*.pyd"))
    if os.environ.get(PURE_PYTHON_ENV):
        pytest.skip(f"{PURE_PYTHON_ENV} is set")
    assert fingerprint.KERNEL is not None or not built, f"{built} is built but does not load (see the warning)"


@needs_compiled
@pytest.mark.slow
def test_compiled_equals_the_written_out_vote_and_the_numpy_twin(monkeypatch) -> None:
    texts = _texts(16, 400)
    compiled = [simhash(text) for text in texts]
    bind_twin(monkeypatch, False)
    assert compiled == [simhash(text) for text in texts]
    assert compiled == [reference_simhash(text) for text in texts]
    assert sum(value is not None for value in compiled) > 150


def _joined(text: str) -> bytes:
    return " ".join(tokens(text)).casefold().encode("utf-8")


@needs_compiled
@pytest.mark.slow
def test_compiled_tokeniser_equals_tokens_on_every_code_point() -> None:
    kernel = configured_kernel()
    left_to_python = 0
    for code in [*range(0xD800), *range(0xE000, 0x10000), 0x1D400, 0x1F600, 0x20000]:
        c = chr(code)
        text = f"ab{c}cd x{c} {c}{c} y z {c}\u0301 \u0301{c} 新{c} {c}新 ab"
        compiled = kernel.simhash_text(text, 3)
        if compiled == -1:
            left_to_python += 1
            continue
        assert compiled == kernel.simhash_joined(_joined(text), 3), f"U+{code:04X}"
    assert left_to_python < 1000  # unspaced scripts, CJK marks, characters that fold to several, astral ones


@needs_compiled
def test_compiled_tokeniser_equals_tokens_on_mixed_scripts(monkeypatch) -> None:
    pieces = ["word", "Ünïcödé", "e\u0301", "\u0301", "_", "2024", "新", "闻", "か\u3099", "\u3099", "한국어", "ไทย",
              "ΣΊΣΥΦΟΣ", "ς", "Straße", "İ", "ﬁ", "Ｆｕｌｌ", "ｶﾀｶﾅ", "العربية", "\u064e", "हिन्दी", "𝐀", "😀",
              "\U00020000", " ", "\u00a0", "—", "’", "\n", "-", "."]
    in_c = [p for p in pieces if configured_kernel().simhash_text(f"{p} a b c", 3) != -1]
    rng = random.Random(5)
    texts = ["".join(rng.choice(pieces if i % 2 else in_c) for _ in range(rng.randint(3, 40))) for i in range(3000)]
    compiled = [simhash(text, min_tokens=3) for text in texts]
    assert sum(configured_kernel().simhash_text(text, 3) != -1 for text in texts) > 1500
    bind_twin(monkeypatch, False)
    assert compiled == [simhash(text, min_tokens=3) for text in texts]


@needs_compiled
def test_compiled_keeps_the_minimum_token_count() -> None:
    words = ["alpha"] * 40
    for size in (0, 1, 2, 3, 29, 30, 31):
        text = " ".join(words[:size])
        assert (simhash(text) is None) == (size < fingerprints.MIN_SIMHASH_TOKENS)
        assert (simhash(text, min_tokens=3) is None) == (size < 3)


def _python_content_hash(text: str) -> str | None:
    normalized = fingerprints.normalize_text(text)
    return hashlib.sha1(normalized.encode("utf-8")).hexdigest() if normalized else None


@needs_compiled
def test_compiled_content_hash_equals_python_on_every_code_point() -> None:
    codes = [*range(0xD800), *range(0xE000, 0x10000), *range(0x1F600, 0x1F680), *range(0x20000, 0x20100)]
    characters = [chr(code) for code in codes]
    texts = [f" A{c}b \u00a0{c}{c.upper()} x\n" for c in characters]
    texts += ["".join(characters[i : i + 97]) for i in range(0, len(characters), 97)]
    assert [content_hash(text) for text in texts] == [_python_content_hash(text) for text in texts]


@needs_compiled
def test_compiled_content_hash_equals_python_on_page_like_texts() -> None:
    odd = ["", " ", "\n\t", "A", "  Straße İstanbul ﬁ Ｆｕｌｌ ΣΑΣ  ", "\x00 a", "新闻 市场\u3000经济"]
    texts = [*_texts(7, 300), *odd]
    assert [content_hash(text) for text in texts] == [_python_content_hash(text) for text in texts]
    assert content_hash("") is None and content_hash(" \n") is None


@needs_compiled
def test_content_hash_folds_in_c_and_normalises_other_texts_once(monkeypatch) -> None:
    texts = ("Plain “text” — here", "新闻 市场", "Straße", "smile 😀 now", "\u0628\u064e x", "\U00020000 x")
    expected = {text: _python_content_hash(text) for text in texts}
    calls = []
    normalize = unicodedata.normalize
    monkeypatch.setattr(fingerprints.unicodedata, "normalize", lambda form, text: calls.append(text) or normalize(
        form, text))
    for text in texts[:4]:  # ß folds to two letters, the emoji is a plain separator: all in C
        assert content_hash(text) == expected[text]
    assert calls == []
    for text in texts[4:]:  # a combining mark, a CJK character beyond the emoji blocks: unicodedata, once
        assert content_hash(text) == expected[text]
    assert calls == list(texts[4:])


@needs_compiled
def test_the_emoji_blocks_and_multiple_folds_equal_python_and_are_taken_in_c() -> None:
    kernel = configured_kernel()
    plain = fingerprints.astral_plain()
    characters = [chr(code) for code in fingerprints.ASTRAL_PLAIN_RANGE]
    characters += [chr(code) for code in fingerprints.multiple_folds()]
    in_c = 0
    for c in characters:
        text = f"ab{c}cd x{c} {c}{c} Y z {c}\u00a0é{c} 新{c} {c}新 ab"
        compiled = kernel.simhash_text(text, 3)
        in_c += compiled != -1
        assert compiled in (-1, kernel.simhash_joined(_joined(text), 3)), f"U+{ord(c):04X}"
        assert content_hash(text) == _python_content_hash(text), f"U+{ord(c):04X}"
    assert in_c >= sum(plain) + len(fingerprints.multiple_folds()) - 20  # not left to Python
    assert sum(plain) > 2000  # most of the emoji blocks are plain separators
    assert not plain[0x1F100 - fingerprints.ASTRAL_PLAIN_RANGE.start]  # "0." in NFKC: not plain


# Characters around which NFKC is not one character at a time: starters that compose with the one before them
# (Oriya/Tamil vowel signs, Hangul vowel and final jamo), combining marks, characters whose NFKD begins with one, and
# characters that normalise to other strings ("…", "½", "ﬁ", "¨" = " \u0308", the 18-letter U+FDFA).
NFKC_PIECES = ["a", "B", " ", "\u00a0", "\n", "…", "½", "ﬁ", "é", "e", "\u0301", "A\u030a", "\u0b47", "\u0b3e",
               "\u0bc6", "\u0bbe", "\u1100", "\u1161", "\u11a8", "가", "ß", "İ", "Σ", "ς", "\ufdfa", "\u00a8",
               "\u3000", "新", "\u0f73", "\u0344", "\uff21", "ｶ", "\u3099", "か", "\u2126", "\u212b", "𝐀"]


@needs_compiled
def test_nfkc_one_character_at_a_time_equals_unicodedata_on_every_pair_and_mix() -> None:
    kernel = configured_kernel()
    pairs = [f"x{a}{b} {b}{a}y" for a in NFKC_PIECES for b in NFKC_PIECES]
    rng = random.Random(3)
    mixes = ["".join(rng.choice(NFKC_PIECES) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    shortcut = 0
    for text in pairs + mixes:
        expected = kernel.folded_utf8(unicodedata.normalize("NFKC", text))
        found = kernel.nfkc_folded_utf8(text)
        shortcut += found is not None
        assert found is None or found == expected, repr(text)
        assert content_hash(text) == _python_content_hash(text), repr(text)
    assert shortcut > 2000  # the shortcut is taken, not every text left to unicodedata


@needs_compiled
def test_nfkc_shortcut_takes_expansions_and_leaves_composing_neighbours(monkeypatch) -> None:
    kernel = configured_kernel()
    assert kernel.nfkc_folded_utf8("Wait… ½ ﬁne\u00a0Day") == "wait... 1\u20442 fine day".encode()
    for text in ("\u0b47\u0b3e", "\u1100\u1161", "e\u0301", "가\u11a8", "a\U0001d400"):
        assert kernel.nfkc_folded_utf8(text) is None, repr(text)
    calls = []
    monkeypatch.setattr(fingerprints.unicodedata, "normalize", lambda form, text: calls.append(text) or text)
    content_hash("Wait… ½")
    assert calls == []


@needs_compiled
def test_vote_counts_past_a_byte_of_identical_shingles(monkeypatch) -> None:
    # Every shingle alike: each set bit gets all the votes; the compiled vote counts them in bytes it empties before
    # they pass 255.
    texts = ["alpha " * size for size in (255, 256, 257, 258, 600, 2000)] + ["alpha beta " * 700]
    compiled = [simhash(text) for text in texts]
    bind_twin(monkeypatch, False)
    assert compiled == [simhash(text) for text in texts]
    assert all(compiled)
