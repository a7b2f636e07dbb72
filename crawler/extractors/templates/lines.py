"""Seed 001's unit, the text line, and its hash (``template.py`` learns and strips templates of these lines).

A page's text is split into lines (``split_lines``: a block of several ``<br>`` lines can hold both template and
article lines) and each line hashed after normalising (``normalize_line``: white space collapsed, digits as one
'0' so that "3 hours ago" = "5 hours ago"), with a stable 64-bit hash (``line_hash``, the same in every process).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.text import normalize_space
from crawler.kernels.walk import DIGIT_RUN_RE, line_hashes, normalized_line

# Replace digit runs before hashing, so counters, dates and times do not break a template line (docs/tuning.md).
HASH_IGNORES_DIGITS = True
# Bytes of a line's hash (its blake2b digest size, and its width in the template store's blobs).
HASH_BYTES = 8
DIGITS_RE = DIGIT_RUN_RE  # defined beside the compiled reading


def normalize_line(line: str) -> str:
    """The form of a line that is hashed: collapsed white space and, by default, digits as one '0' (in one pass in C:
    ``kernels.walk.normalized_line``)."""
    return normalized_line(line) if HASH_IGNORES_DIGITS else normalize_space(line)


def normalized_lines(lines: Iterable[str]) -> frozenset[str]:
    """``normalize_line`` of each line, as a set (the learning extractor's template lines): ``normalized_line`` itself
    when digits are ignored, with no Python call a line between."""
    return frozenset(map(normalized_line if HASH_IGNORES_DIGITS else normalize_space, lines))


# Lines whose hash is remembered: a site's chrome lines come back on every page of the site, so most lines of a
# crawl are hashed once. 2**16 lines of ~60 characters keep ~10 MB.
LINE_HASH_CACHE = 2**16


# The hashes of the lines met lately, shared by ``line_hash`` and ``page_hashes``: a plain dict, which the compiled
# reader (``kernels.walk.line_hashes``) looks into without a call (an lru_cache would add a call per lookup). It
# holds up to LINE_HASH_CACHE lines and is emptied when full: a site's chrome lines are then hashed once more.
_LINE_HASHES: dict[str, int] = {}


def _new_line_hash(line: str) -> int:
    """The hash of a line ``_LINE_HASHES`` does not hold, kept there."""
    import hashlib  # here: its import loads OpenSSL, which a page extracted without templates never needs

    if len(_LINE_HASHES) >= LINE_HASH_CACHE:
        _LINE_HASHES.clear()
    digest = hashlib.blake2b(normalize_line(line).encode("utf-8"), digest_size=HASH_BYTES).digest()
    hashed = _LINE_HASHES[line] = int.from_bytes(digest, "big")
    return hashed


def line_hash(line: str) -> int:
    """A 64-bit blake2b hash: stable across processes and runs, unlike Python's salted ``hash()``."""
    found = _LINE_HASHES.get(line)
    return found if found is not None else _new_line_hash(line)


def split_lines(blocks: Sequence[TextBlock]) -> list[TextBlock]:
    """One block per text line: the seed's unit is the line, and a block of several lines (``<br>``)
    can hold both template lines and article lines."""
    lines: list[TextBlock] = []
    for block in blocks:
        parts = [p for p in block.text.split("\n") if p.strip()]
        if len(parts) <= 1:
            lines.append(block)
            continue
        linked = block.char_link_density > 0.5
        for part in parts:
            line = TextBlock.from_text(part, len(lines), linked=linked, tag_level=block.tag_level,
                                       labels=block.labels)
            line.element = block.element
            line.elements = list(block.elements)
            line.source_line = block.source_line
            line.decisions = list(block.decisions)
            lines.append(line)
    for offset, line in enumerate(lines):
        line.offset_blocks_start = line.offset_blocks_end = offset
    return lines


def page_hashes(doc: TextDocument) -> list[int]:
    """The hashes of the page's non-blank lines in document order."""
    return line_hashes(doc.blocks, _LINE_HASHES, _new_line_hash)


def block_line_hashes(block: TextBlock) -> list[int]:
    """``line_hash`` of each of the block's non-blank lines, in order: one call of the compiled reader."""
    return line_hashes((block,), _LINE_HASHES, _new_line_hash)


__all__ = ["HASH_IGNORES_DIGITS", "LINE_HASH_CACHE", "block_line_hashes", "line_hash", "normalize_line",
           "normalized_lines", "page_hashes", "split_lines"]
