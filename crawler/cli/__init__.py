"""``python -m crawler``: the command line (extract one page, evaluate, bench, explain, fit, extract-batch,
export, spark-extract)."""

from __future__ import annotations

from .program import main

__all__ = ["main"]
