"""simhash hashes every token once and mixes each shingle's hash from its tokens' (numpy), giving the
fingerprints of the plain per-shingle vote written out below in Python integers."""

from __future__ import annotations

import itertools
import random
import re
import unicodedata

import pytest

from crawler.extractors.document.text import tokens
from crawler.kernels.fingerprint_python import MIX_MULTIPLIERS, MIX_SHIFT, SHINGLE_WEIGHTS, TOKEN_BASE
from crawler.pagejob.fingerprints import NOT_PLAIN_RE, TYPOGRAPHIC_CHARS, _words
from crawler.storage import MIN_SIMHASH_TOKENS, SHINGLE_TOKENS, SIMHASH_BITS, hamming_distance, simhash

MASK = (1 << 64) - 1


def mix(value: int) -> int:
    value ^= value >> MIX_SHIFT
    value = value * MIX_MULTIPLIERS[0] & MASK
    value ^= value >> MIX_SHIFT
    value = value * MIX_MULTIPLIERS[1] & MASK
    return value ^ value >> MIX_SHIFT


def token_hash(token: str) -> int:
    data = token.casefold().encode("utf-8")
    polynomial = sum(byte * pow(TOKEN_BASE, position, 1 << 64) for position, byte in enumerate(data)) & MASK
    return mix(polynomial + len(data) & MASK)


def reference_simhash(text: str) -> int | None:
    """Charikar's vote written out: every shingle's feature hash computed and counted bit by bit."""
    words = tokens(text)
    if len(words) < MIN_SIMHASH_TOKENS:
        return None
    hashes = [token_hash(word) for word in words]
    votes = [0] * SIMHASH_BITS
    for start in range(len(words) - SHINGLE_TOKENS + 1):
        window = hashes[start : start + SHINGLE_TOKENS]
        value = mix(sum(h * w for h, w in zip(window, SHINGLE_WEIGHTS, strict=True)) & MASK)
        for bit in range(SIMHASH_BITS):
            votes[bit] += 1 if value >> bit & 1 else -1
    return sum(1 << bit for bit in range(SIMHASH_BITS) if votes[bit] > 0)


def _random_text(rng: random.Random) -> str:
    vocabulary = ["the", "News", "market", "rose", "said", "Minister", "2024", "über", "新", "闻", "市场", "a", "of"]
    size = rng.choice([29, 30, 31, 60, 200, 1500])
    words = [rng.choice(vocabulary[: rng.randint(2, len(vocabulary))]) for _ in range(size)]
    if rng.random() < 0.3:  # a repeated paragraph: shingles that occur many times
        words = words[:40] * rng.randint(2, 6)
    return " ".join(words)


@pytest.mark.slow
def test_fingerprints_equal_the_per_shingle_vote_on_random_texts():
    rng = random.Random(16)
    texts = [_random_text(rng) for _ in range(300)]
    assert [simhash(t) for t in texts] == [reference_simhash(t) for t in texts]
    assert sum(simhash(t) is not None for t in texts) > 200


def test_a_text_of_one_repeated_shingle_still_votes_by_count():
    text = "same words here " * 40
    assert simhash(text) == reference_simhash(text) != 0


def test_word_order_and_every_token_count() -> None:
    words = [f"w{i}" for i in range(60)]
    text = " ".join(words)
    swapped = " ".join(words[:30] + words[30:][::-1])
    assert hamming_distance(simhash(text), simhash(swapped)) > 3
    assert simhash(text) == simhash(text.upper().replace(" ", "\n"))  # case and white space do not
    assert simhash("ab " + text) != simhash("a b " + text) != simhash("ba " + text)


def test_unrelated_texts_differ_by_about_half_the_bits() -> None:
    rng = random.Random(3)
    vocabulary = [f"{a}{b}" for a in "abcdefghij" for b in "klmnopqrst"] + list("新闻市场经济")
    texts = [" ".join(rng.choice(vocabulary) for _ in range(300)) for _ in range(40)]
    distances = [hamming_distance(simhash(a), simhash(b)) for a, b in itertools.pairwise(texts)]
    assert min(distances) > 16 and 24 < sum(distances) / len(distances) < 40


@pytest.mark.slow
def test_plain_texts_are_tokenised_as_tokens_does() -> None:
    assert all(re.match(r"\w", c) is None and unicodedata.category(c)[0] != "M" for c in TYPOGRAPHIC_CHARS)
    pieces = ["word", "Don", "t", "’", "“", "”", "—", " ", "\u00a0", "2024", "_x", "…", "€5", "é", "\u0301", "新",
              "ไทย", "-", "'", "\n", "™"]
    rng = random.Random(21)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(20_000)]
    assert [_words(text) for text in texts] == [tokens(text) for text in texts]
    assert sum(not text.isascii() and NOT_PLAIN_RE.search(text) is None for text in texts) > 1000
