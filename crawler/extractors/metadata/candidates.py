"""The values found for each metadata field, in the order of trust, each with the name of its source."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crawler.extractors.document.text import normalize_space, unescape

JSON_LD = "json-ld"
OPENGRAPH = "opengraph"
META = "meta"
MICRODATA = "microdata"  # itemprop markup, and <time datetime> in the body
URL = "url"
TEXT = "text"
SOURCES = (JSON_LD, OPENGRAPH, META, MICRODATA, URL, TEXT)


@dataclass
class Candidates:
    """Values per field in the order they were found; the order of ``add`` calls is the order of trust."""

    values: dict[str, list[tuple[Any, str]]] = field(default_factory=dict)

    def add(self, name: str, value: Any, source: str) -> None:
        if value is None or value == "" or value == []:
            return
        self.values.setdefault(name, []).append((value, source))

    def get(self, name: str) -> list[tuple[Any, str]]:
        return self.values.get(name, [])


def clean(value: str | None) -> str | None:
    if value is None:
        return None
    # (``unescape`` returns a text without "&" as it is: asked only of one with it, as clean runs ~24 times a page)
    cleaned = normalize_space(unescape(value) if "&" in value else value)
    return cleaned or None


__all__ = ["JSON_LD", "META", "MICRODATA", "OPENGRAPH", "SOURCES", "TEXT", "URL", "Candidates", "clean"]
