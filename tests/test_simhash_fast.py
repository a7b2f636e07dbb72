"""simhash hashes each distinct shingle once and gives the fingerprints of the plain per-shingle vote."""

from __future__ import annotations

import hashlib
import random

from crawler.extractors.text import tokens
from crawler.storage import MIN_SIMHASH_TOKENS, SHINGLE_TOKENS, SIMHASH_BITS, simhash


def reference_simhash(text: str) -> int | None:
    """Charikar's vote written out: every shingle hashed and counted bit by bit."""
    words = [t.casefold() for t in tokens(text)]
    if len(words) < MIN_SIMHASH_TOKENS:
        return None
    votes = [0] * SIMHASH_BITS
    for start in range(len(words) - SHINGLE_TOKENS + 1):
        feature = " ".join(words[start : start + SHINGLE_TOKENS]).encode("utf-8")
        value = int.from_bytes(hashlib.blake2b(feature, digest_size=SIMHASH_BITS // 8).digest(), "big")
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


def test_fingerprints_equal_the_per_shingle_vote_on_random_texts():
    rng = random.Random(16)
    texts = [_random_text(rng) for _ in range(300)]
    assert [simhash(t) for t in texts] == [reference_simhash(t) for t in texts]
    assert sum(simhash(t) is not None for t in texts) > 200


def test_a_text_of_one_repeated_shingle_still_votes_by_count():
    text = "same words here " * 40
    assert simhash(text) == reference_simhash(text) != 0
