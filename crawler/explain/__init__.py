"""Explain: a self-contained HTML report of why every block of a page was kept or dropped.

    >>> from crawler.explain import explain_page, render_report
    >>> html = render_report(explain_page(page_bytes, url, extractor="default", gold=gold_text))

Rendering only: the extractors decide, this package reads their blocks' decisions and their steps' notes
and draws the seeds' own pictures (CX line blocks, node densities, template lines). ``python -m crawler
explain`` writes one report; ``evaluate --report DIR`` writes the worst pages' reports; the crawl writes a
sample with ``-s EXPLAIN_DIR=... -s EXPLAIN_SAMPLE=0.01`` (``crawler.explain.extension``).
"""

from __future__ import annotations

import os
from pathlib import Path

from .collect import Explanation, explain_document, explain_page
from .render import CONTENT_SECURITY_POLICY, render_report


def write_report(explanation: Explanation, path: str | os.PathLike[str]) -> Path:
    """Write the report as UTF-8 (text the page could not encode is replaced, never fatal)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_report(explanation), encoding="utf-8", errors="replace")
    return target


__all__ = ["CONTENT_SECURITY_POLICY", "Explanation", "explain_document", "explain_page", "render_report",
           "write_report"]
