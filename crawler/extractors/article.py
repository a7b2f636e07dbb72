"""What an extractor returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from .document import TextBlock


@dataclass
class Article:
    """The main text of a page and how it was found.

    ``text`` has one paragraph per line. ``reason`` says why ``text`` is empty when it is, so a caller
    can tell a page without an article from a failure. ``blocks`` are every block of the run with the
    decisions the steps took on them (not exported by ``to_dict``).
    """

    text: str
    title: str | None
    extractor: str
    url: str | None = None
    language: str | None = None
    html: str | None = None
    template: str | None = None
    reason: str | None = None
    encoding: str | None = None
    warnings: list[str] = field(default_factory=list)
    blocks: list[TextBlock] = field(default_factory=list, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "title": self.title,
            "text": self.text,
            "extractor": self.extractor,
            "language": self.language,
            "template": self.template,
            "reason": self.reason,
            "encoding": self.encoding,
            "warnings": list(self.warnings),
        }


def blocks_to_text(blocks: list[TextBlock]) -> str:
    return "\n".join(b.text for b in blocks if b.is_content)


def blocks_to_html(blocks: list[TextBlock]) -> str:
    """Simple cleaned HTML of the kept blocks: headings stay headings, list items stay items."""
    parts = []
    for block in blocks:
        if not block.is_content:
            continue
        tag = block.tag if block.tag in {"h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "blockquote"} else "p"
        body = "<br>".join(escape(line) for line in block.text.split("\n"))
        parts.append(f"<{tag}>{body}</{tag}>")
    return "\n".join(parts)
