"""The news spider's byte questions of a page (``cpagescan.pyx``: memchr for the letters, the rest compared in
place, the page never lowered) or their Python twins (``pagescan_python``: the regex of the lowered page), bound
once at import: ``crawler.spiders.pagelinks`` calls these names and never asks which runs."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from crawler.kernels import pagescan_python as python
from crawler.kernels.compiled import load_kernel
from crawler.kernels.pagescan_python import REL_WORD_BYTES_RE

KERNEL: ModuleType | None = load_kernel("cpagescan")
_implementation = KERNEL if KERNEL is not None else python

# Whether ``rel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)`` matches the lowered page.
names_next_or_previous: Callable[[bytes], bool] = _implementation.names_next_or_previous
# ``body.lower().find(needle, start, end)`` for a lower-case needle, 0 <= start and end <= len(body).
find_folded: Callable[[bytes, bytes, int, int], int] = _implementation.find_folded
# (start, end) of each match of that regex in the lowered page, in order (an end may come before the regex's end
# in C, never past a ">").
rel_words: Callable[[bytes], list[tuple[int, int]]] = _implementation.rel_words

__all__ = ["KERNEL", "REL_WORD_BYTES_RE", "find_folded", "names_next_or_previous", "rel_words"]
