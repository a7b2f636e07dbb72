"""What ``python -m crawler explain`` does once the page is read: gold text, template store, extractor, file."""

from __future__ import annotations

import gzip
import os
import sys
from pathlib import Path
from typing import Any

from crawler.extractors import get_extractor
from crawler.extractors.document.parse import parse_html
from crawler.extractors.steps.pipeline import Extractor

from .collect import Explanation, explain_page
from .render import render_report

STDOUT = "-"
HTML_SUFFIXES = (".html", ".htm", ".xhtml")


class ExplainError(Exception):
    """A failure the user can act on (a missing gold file or store); the CLI prints it."""


def read_gold(path: str | os.PathLike[str]) -> str:
    """Gold text from a text file, or the visible text of an HTML file (an expected article), gzip or not."""
    location = Path(path)
    try:
        data = location.read_bytes()
    except OSError as error:
        raise ExplainError(f"{path}: cannot read the gold file ({error.strerror or error})") from error
    if data.startswith(b"\x1f\x8b"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise ExplainError(f"{path}: broken gzip data ({error})") from error
    suffixes = [s.lower() for s in location.suffixes]
    if any(s in HTML_SUFFIXES for s in suffixes):
        return "\n".join(block.text for block in parse_html(data).blocks)
    return data.decode("utf-8", errors="replace")


def open_store(spec: str) -> Any:
    """An existing template store (an SQLite file or a redis:// URL); a missing file is an error, not a new store."""
    from crawler.extractors.templates.redis_store import REDIS_SCHEMES, open_template_store

    if not spec.startswith(REDIS_SCHEMES) and not Path(spec).is_file():
        raise ExplainError(f"{spec}: no such template store")
    try:
        return open_template_store(spec)
    except Exception as error:  # sqlite3 or redis errors: the store cannot be read
        raise ExplainError(f"{spec}: cannot open the template store ({type(error).__name__}: {error})") from error


def extractor_for(name: str, store: Any, url: str | None) -> Extractor | None:
    """The template extractor (and the cascade around it) over a copy of the store: reports never learn into
    the user's store. Other extractors do not read a store: None (the registry's instance)."""
    if store is None or name not in ("default", "template"):
        return None
    from crawler.extractors.cascade.extractor import DefaultExtractor
    from crawler.extractors.templates.extractor import TemplateExtractor

    from .templates import memory_copy

    template = TemplateExtractor(store=memory_copy(store, url))
    return template if name == "template" else DefaultExtractor(template_extractor=template)


def explain_to_file(
    html: bytes,
    url: str | None,
    output: str,
    *,
    extractor: str = "default",
    gold_path: str | None = None,
    store_spec: str | None = None,
    content_type: str | None = None,
    source: str | None = None,
) -> Explanation:
    gold = read_gold(gold_path) if gold_path else None
    store = open_store(store_spec) if store_spec else None
    get_extractor(extractor)  # an extractor that cannot load fails before any work
    explanation = explain_page(html, url, extractor=extractor, instance=extractor_for(extractor, store, url),
                               gold=gold, template_store=store, content_type=content_type, source=source)
    report = render_report(explanation)
    if output == STDOUT:
        sys.stdout.write(report)
        return explanation
    target = Path(output)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(report, encoding="utf-8", errors="replace")
    except OSError as error:
        raise ExplainError(f"{output}: cannot write the report ({error.strerror or error})") from error
    return explanation


def one_line(explanation: Explanation) -> str:
    """What the command prints on stderr: the verdict in numbers."""
    article = explanation.article
    kept = sum(1 for view in explanation.blocks if view.kept)
    line = (f"{article.extractor}: {kept} of {len(explanation.blocks)} blocks, {explanation.kept_words} of "
            f"{explanation.total_words} words kept")
    if explanation.gold is not None and explanation.gold.f1 is not None:
        line += f"; F1 {explanation.gold.f1:.3f}"
    if article.reason:
        line += f"; empty: {article.reason}"
    return line


__all__ = ["ExplainError", "explain_to_file", "extractor_for", "one_line", "open_store", "read_gold"]
