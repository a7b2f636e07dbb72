"""The page-kind features' loops (``cstructure.pyx``: the sibling climb over libxml2's nodes, no proxy made for an
ancestor; prices, years and marker words read on the characters, no string made per word) or their Python twins
(``structure_python``), bound once at import: the page-kind features call these names and never ask which runs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from crawler.kernels import structure_python as python
from crawler.kernels.compiled import load_kernel
from crawler.kernels.structure_python import CLASS_WORD_RE, NO_GROUP, PRICE_RE, WORD_RE, YEAR_RE, Summary

KERNEL: ModuleType | None = load_kernel("cstructure")
_implementation = KERNEL if KERNEL is not None else python

# (groups, widest, heaviest, class counts, words) of the blocks: ``structure_python.sibling_structure`` says how.
sibling_structure: Callable[[Iterable[Any], int, int, int], tuple[int, Summary, Summary, dict[str, int], int]] = \
    _implementation.sibling_structure
# [elements naming each group] of ``{class value: elements}``: ``structure_python.class_marks``.
class_marks: Callable[[dict[str, int], dict[str, int], int], list[int]] = _implementation.class_marks
# [price matches, year matches, then the words of each kind] of a text: ``structure_python.marker_counts``.
marker_counts: Callable[[str, dict[str, int], int], list[int]] = _implementation.marker_counts

__all__ = [
    "CLASS_WORD_RE",
    "KERNEL",
    "NO_GROUP",
    "PRICE_RE",
    "WORD_RE",
    "YEAR_RE",
    "Summary",
    "class_marks",
    "marker_counts",
    "sibling_structure",
]
