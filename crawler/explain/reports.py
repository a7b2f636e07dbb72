"""Reports of many pages: the N worst pages of an evaluation, an index page that links them.

The index is as self-contained as the reports (same Content-Security-Policy, no script); its links are
relative, so the folder can be moved or zipped whole.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from crawler.extractors import extract_document
from crawler.extractors.document.parse import parse_html

from ..evaluation.datasets import Page
from ..evaluation.metric import score_page
from .collect import explain_page
from .render import CONTENT_SECURITY_POLICY, STYLE, render_report

DEFAULT_WORST_PAGES = 20
INDEX_NAME = "index.html"
UNSAFE_NAME_RE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_NAME_CHARS = 80


@dataclass
class ReportEntry:
    """One report in an index: which page, how it scored, where its file is (relative to the index)."""

    page_id: str
    url: str | None
    extractor: str
    href: str
    f1: float | None = None
    precision: float | None = None
    recall: float | None = None
    words_kept: int = 0
    words_total: int = 0
    note: str = ""


def safe_name(text: str) -> str:
    """A file name from a page id or URL: letters, digits, '.', '_' and '-' only."""
    return UNSAFE_NAME_RE.sub("_", text).strip("._")[:MAX_NAME_CHARS] or "page"


def page_f1(gold: str, text: str) -> tuple[float, float | None, float | None]:
    score = score_page(gold, text)
    precision, recall = score.precision, score.recall
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
    return f1, precision, recall


def worst_pages(pages: Sequence[Page], extractor: str, count: int) -> list[tuple[Page, float]]:
    """The ``count`` pages of lowest F1 for ``extractor`` (ties by page id); an error scores 0."""
    scored = []
    for page in pages:
        try:
            text = extract_document(parse_html(page.html, page.url), extractor).text
        except Exception:  # scored as empty, as evaluate does; the report will show the failure
            text = ""
        scored.append((page, page_f1(page.gold, text)[0]))
    scored.sort(key=lambda pair: (pair[1], pair[0].id))
    return scored[:count]


def write_worst_reports(
    pages: Sequence[Page],
    extractors: Iterable[str],
    directory: str | os.PathLike[str],
    count: int = DEFAULT_WORST_PAGES,
    progress: Callable[[str], None] | None = None,
) -> Path:
    """One report per worst page and extractor under ``directory/EXTRACTOR/``, and ``directory/index.html``."""
    root = Path(directory)
    entries: list[ReportEntry] = []
    for extractor in extractors:
        for rank, (page, _) in enumerate(worst_pages(pages, extractor, count), 1):
            href = f"{safe_name(extractor)}/{rank:03d}-{safe_name(page.id)}.html"
            entry = ReportEntry(page.id, page.url, extractor, href)
            try:
                explanation = explain_page(page.html, page.url, extractor=extractor, gold=page.gold, source=page.id)
                (root / href).parent.mkdir(parents=True, exist_ok=True)
                (root / href).write_text(render_report(explanation), encoding="utf-8", errors="replace")
                entry.words_kept, entry.words_total = explanation.kept_words, explanation.total_words
                if explanation.gold is not None:
                    entry.f1 = explanation.gold.f1
                    entry.precision, entry.recall = explanation.gold.precision, explanation.gold.recall
                entry.note = explanation.article.reason or ""
            except Exception as error:  # one page's failure is listed, not fatal
                entry.href = ""
                entry.note = f"no report: {type(error).__name__}: {error}"
            entries.append(entry)
            if progress is not None:
                progress(f"{extractor} #{rank}: {page.id}")
    return write_index(root, entries, f"The {count} worst pages")


def _number(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def write_index(directory: str | os.PathLike[str], entries: Sequence[ReportEntry], title: str,
                facts: str = "lowest F1 first") -> Path:
    rows = []
    for rank, entry in enumerate(entries, 1):
        name = escape(entry.page_id)
        link = f'<a href="{escape(entry.href)}">{name}</a>' if entry.href else name
        rows.append(
            f"<tr><td class=n>{rank}</td><td>{escape(entry.extractor)}</td><td>{link}<br>"
            f'<span class="note">{escape(entry.url or "")}</span></td><td class=n>{_number(entry.f1)}</td>'
            f"<td class=n>{_number(entry.precision)}</td><td class=n>{_number(entry.recall)}</td>"
            f"<td class=n>{entry.words_kept} / {entry.words_total}</td><td>{escape(entry.note)}</td></tr>"
        )
    html = (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title><style>{STYLE}</style></head>'
        f"<body><header><h1>{escape(title)}</h1><div class=facts>{len(entries)} reports; {escape(facts)}</div>"
        "</header><main><section><table><thead><tr><th class=n>#</th><th>extractor</th><th>page</th>"
        "<th class=n>F1</th><th class=n>precision</th><th class=n>recall</th><th class=n>words kept</th>"
        f"<th>note</th></tr></thead><tbody>{''.join(rows)}</tbody></table></section></main></body></html>\n"
    )
    target = Path(directory) / INDEX_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(html, encoding="utf-8")
    return target


__all__ = ["DEFAULT_WORST_PAGES", "ReportEntry", "safe_name", "worst_pages", "write_index", "write_worst_reports"]
