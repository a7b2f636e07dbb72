"""The store's near-duplicate index: 64-bit simhash fingerprints (``crawler.pagejob.fingerprints``) found within
k bits without a full scan.

Near-duplicate lookup follows Manku, Jain and Das Sarma, "Detecting near-duplicates for web crawling"
(WWW 2007): near-duplicates within k bits (6 here, measured), found without a full scan (their section 3.1, permuted
block tables): the fingerprint is cut into blocks, two fingerprints within k bits agree exactly on enough blocks that
they share a pair of them (pigeonhole), so pairs of blocks are the keys of the indexed table ``simhash_index`` and the
originals sharing a key are checked bit by bit."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from ..pagejob.fingerprints import SIMHASH_BITS, simhash

# Bits within which texts are near duplicates (Manku et al. 2007: 3 for whole pages, ours are shorter); docs/tuning.md.
DEFAULT_NEAR_DUPLICATE_BITS = 6
# The index (schema version 4): the fingerprint is cut into 9 blocks (one of 8 bits, eight of 7) in two groups
# (blocks 0-4 and 5-8), and each pair of blocks within a group is a key: 10 + 6 = 16 keys of 14-15 bits.
# Fingerprints within 6 bits agree on at least 3 of the 9 blocks, two of which share a group (pigeonhole), so
# they share a key; an unrelated original shares one in ~16,000 keys, so a lookup reads ~0.1 % of the originals
# (seven 9-10-bit bands, schema version 2, read ten times more). More keys read fewer rows but write more pages;
# 16 keys kept upserts fastest at a million stored articles among the layouts tried (synthetic fingerprints).
SIMHASH_BLOCKS = 9
SIMHASH_BLOCK_WIDTHS = tuple(SIMHASH_BITS // SIMHASH_BLOCKS + (1 if i < SIMHASH_BITS % SIMHASH_BLOCKS else 0)
                             for i in range(SIMHASH_BLOCKS))
SIMHASH_BLOCK_GROUPS = ((0, 1, 2, 3, 4), (5, 6, 7, 8))
SIMHASH_BLOCK_PAIRS = tuple(pair for group in SIMHASH_BLOCK_GROUPS for pair in itertools.combinations(group, 2))
# Beyond it, two near fingerprints may agree on no more blocks than there are groups, and share no key.
MAX_NEAR_DUPLICATE_BITS = SIMHASH_BLOCKS - len(SIMHASH_BLOCK_GROUPS) - 1
PAIR_KEY_BITS = 2 * max(SIMHASH_BLOCK_WIDTHS)


def fingerprint_of(record: Mapping[str, Any], text: str | None) -> int | None:
    """The record's own ``simhash`` when it comes with the ``content_hash`` of the same extraction, else one
    computed here. Extraction workers compute it beside the text, which keeps that CPU out of the crawl process
    (``python -m crawler.evaluation.crawl_bench`` measures the crawl process)."""
    given = record.get("simhash")
    if text and isinstance(given, str) and record.get("content_hash"):
        try:
            return int(given, 16)
        except ValueError:
            pass
    return simhash(text) if text else None


def simhash_index_keys(fingerprint: int) -> tuple[int, ...]:
    """The fingerprint's keys in ``simhash_index``: for each pair of blocks (numbered p), p << 16 | the two blocks."""
    blocks = []
    for width in SIMHASH_BLOCK_WIDTHS:
        blocks.append(fingerprint & ((1 << width) - 1))
        fingerprint >>= width
    return tuple((number << PAIR_KEY_BITS) | (blocks[i] << SIMHASH_BLOCK_WIDTHS[j]) | blocks[j]
                 for number, (i, j) in enumerate(SIMHASH_BLOCK_PAIRS))


def to_signed64(value: int) -> int:
    """SQL BIGINT is signed: fingerprints with the top bit set are stored as negative numbers."""
    return value - (1 << SIMHASH_BITS) if value >= 1 << (SIMHASH_BITS - 1) else value


def from_signed64(value: int) -> int:
    return value + (1 << SIMHASH_BITS) if value < 0 else value

