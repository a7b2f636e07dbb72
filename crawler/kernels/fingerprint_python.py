"""The Python (numpy) twin of the compiled simhash (``cfingerprint.pyx``): the feature hash and Charikar's vote on
a text's tokens, and the text folds of ``crawler.pagejob.fingerprints.content_hash``. ``fingerprint`` binds one of
the two at import; ``tests/test_kernel_twins.py`` calls both on the same inputs."""

from __future__ import annotations

import unicodedata

# The feature hash (a design choice): every token hashed once, and each shingle's hash mixed from its tokens'
# hashes, instead of a digest per shingle. A token's hash is the polynomial of its UTF-8 bytes in TOKEN_BASE
# modulo 2^64 plus its byte length, through MurmurHash3's 64-bit finaliser (``mix``); a shingle's hash is the
# finaliser of its tokens' hashes weighted by SHINGLE_WEIGHTS (odd constants, so that word order counts). The
# fingerprints differ from those of an earlier blake2b version: a store filled before compares them by chance
# (docs/crawl.md, the article store).
TOKEN_BASE = 0x100000001B3  # FNV-1's 64-bit prime: odd, so invertible modulo 2^64
SHINGLE_WEIGHTS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9)  # odd constants of xxHash64
MIX_SHIFT = 33  # MurmurHash3's fmix64
MIX_MULTIPLIERS = (0xFF51AFD7ED558CCD, 0xC4CEB9FE1A85EC53)
WORD_SEPARATOR = 32  # the byte between tokens in the joined text (no token holds a space)
MASK64 = (1 << 64) - 1


def mix(values):  # -> numpy uint64 array; MurmurHash3's fmix64 on every value
    import numpy as np

    shift = np.uint64(MIX_SHIFT)
    values = values ^ (values >> shift)
    values *= np.uint64(MIX_MULTIPLIERS[0])
    values ^= values >> shift
    values *= np.uint64(MIX_MULTIPLIERS[1])
    values ^= values >> shift
    return values


def token_hashes(words: list[str]):  # -> numpy uint64 array, one hash per token
    """The token hashes of the feature hash, all tokens at once: the polynomial of each token's bytes is a
    difference of prefix sums of byte * TOKEN_BASE^position, brought back to the token's start by the inverse
    power (uint64 arithmetic wraps modulo 2^64)."""
    import numpy as np

    data = np.frombuffer(" ".join(words).casefold().encode("utf-8"), dtype=np.uint8).astype(np.uint64)
    size = len(data)
    separators = np.flatnonzero(data == WORD_SEPARATOR)
    starts = np.concatenate(([0], separators + 1))
    ends = np.concatenate((separators, [size]))
    powers = np.full(size, TOKEN_BASE, dtype=np.uint64)
    powers[0] = 1
    np.cumprod(powers, out=powers)
    inverse = np.full(size, pow(TOKEN_BASE, -1, 1 << 64), dtype=np.uint64)
    inverse[0] = 1
    np.cumprod(inverse, out=inverse)
    prefix = np.zeros(size + 1, dtype=np.uint64)
    np.cumsum(data * powers, out=prefix[1:])
    polynomial = (prefix[ends] - prefix[starts]) * inverse[starts]
    return mix(polynomial + (ends - starts).astype(np.uint64))


def simhash_words(words: list[str], min_tokens: int) -> int | None:
    """Charikar's 64-bit simhash of the tokens' shingles (every shingle votes, as often as it occurs); None for
    fewer than ``min_tokens`` tokens."""
    import numpy as np

    if len(words) < min_tokens:
        return None
    hashes = token_hashes(words)
    shingles = len(words) - len(SHINGLE_WEIGHTS) + 1
    combined = np.zeros(shingles, dtype=np.uint64)
    for offset, weight in enumerate(SHINGLE_WEIGHTS):
        combined += hashes[offset : offset + shingles] * np.uint64(weight)
    features = mix(combined)
    # Column j of the little-endian bit matrix is bit j of every feature hash; a bit of the fingerprint is set
    # where more features have it set than not (Charikar's vote, without a Python loop per bit).
    bits = np.unpackbits(features.astype("<u8").view(np.uint8).reshape(shingles, 8), axis=1, bitorder="little")
    votes = 2 * bits.sum(axis=0, dtype=np.int64) - shingles
    return sum(1 << bit for bit in np.flatnonzero(votes > 0).tolist())


def simhash_text(text: str, min_tokens: int) -> int:
    """-1: the text is tokenised in Python (the compiled kernel tokenises the texts its tables cover)."""
    return -1


def folded_utf8(normal: str) -> bytes | None:
    """The UTF-8 of ``normal`` with its white space runs as one space, none at either end, case-folded."""
    return " ".join(normal.split()).casefold().encode("utf-8")


def nfkc_folded_utf8(text: str) -> bytes | None:
    """``folded_utf8`` of the text's NFKC."""
    return folded_utf8(unicodedata.normalize("NFKC", text))


def first_in_ranges(text: str, ranges: tuple[tuple[int, int], ...]) -> int:
    """The index of the first character of ``text`` in one of ``ranges`` (first and last code point), or -1."""
    for at, character in enumerate(text):
        code = ord(character)
        if any(first <= code <= last for first, last in ranges):
            return at
    return -1


__all__ = ["MASK64", "MIX_MULTIPLIERS", "MIX_SHIFT", "SHINGLE_WEIGHTS", "TOKEN_BASE", "WORD_SEPARATOR",
           "first_in_ranges", "folded_utf8", "mix", "nfkc_folded_utf8", "simhash_text", "simhash_words",
           "token_hashes"]
