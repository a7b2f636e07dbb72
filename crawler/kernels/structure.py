"""The sibling-structure sums of a page's blocks (``cstructure.pyx``: the climb over libxml2's nodes, no proxy made
for an ancestor, the price and year tests on the characters) or their Python twin (``structure_python``), bound
once at import: the page-kind features call ``sibling_structure`` and never ask which runs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from crawler.kernels import structure_python as python
from crawler.kernels.compiled import load_kernel
from crawler.kernels.structure_python import NO_GROUP, PRICE_RE, YEAR_RE, Summary

KERNEL: ModuleType | None = load_kernel("cstructure")
_implementation = KERNEL if KERNEL is not None else python

# (groups, widest, heaviest, class counts, words) of the blocks: ``structure_python.sibling_structure`` says how.
sibling_structure: Callable[[Iterable[Any], int, int, int], tuple[int, Summary, Summary, dict[str, int], int]] = \
    _implementation.sibling_structure

__all__ = ["KERNEL", "NO_GROUP", "PRICE_RE", "YEAR_RE", "Summary", "sibling_structure"]
