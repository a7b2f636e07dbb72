"""The Python twins of the news spider's byte questions in C (``cpagescan.pyx``): the regex of the lowered page.
``pagescan`` binds one of the two at import; ``tests/test_kernel_twins.py`` calls both on the same inputs."""

from __future__ import annotations

import re

# A rel attribute naming a next or previous part, in a lowered page.
REL_WORD_BYTES_RE = re.compile(rb"""rel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)""")
# The last page lowered whole, with its lowered bytes: the spider asks several questions of one page in turn.
_last: tuple[bytes, bytes] = (b"", b"")


def _lowered(body: bytes) -> bytes:
    global _last
    if _last[0] is not body:
        _last = (body, body.lower())
    return _last[1]


def names_next_or_previous(body: bytes) -> bool:
    """Whether ``REL_WORD_BYTES_RE`` matches ``body.lower()``."""
    return REL_WORD_BYTES_RE.search(_lowered(body)) is not None


def find_folded(body: bytes, needle: bytes, start: int, end: int) -> int:
    """``body.lower().find(needle, start, end)``; ``needle`` lower-case, 0 <= start, end <= len(body)."""
    end = min(end, len(body))
    if _last[0] is body or end >= len(body):
        return _lowered(body).find(needle, start, end)
    return body[:end].lower().find(needle, start)  # a page's head: not the whole page lowered


def rel_words(body: bytes) -> list[tuple[int, int]]:
    """(start, end) of each match of ``REL_WORD_BYTES_RE`` in ``body.lower()``, in order."""
    return [(found.start(), found.end()) for found in REL_WORD_BYTES_RE.finditer(_lowered(body))]


__all__ = ["REL_WORD_BYTES_RE", "find_folded", "names_next_or_previous", "rel_words"]
