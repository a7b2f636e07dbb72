"""Documentation pages kept in a source repository (a docs site linking each page to its file's edit page): the
"Last updated on … by X" line names the last person who committed a change, not the page's author."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import normalize_space

# A repository host's address for editing a file ("…/edit/main/docs/retries.md" on GitHub, "…/-/edit/…" on GitLab).
EDIT_ADDRESS_RE = re.compile(r"^https?://[^/]+/[^?#]+/(?:-/)?edit/[^/?#]+/[^?#]+", re.I)
# An update's credit: "Last updated on Mar 5, 2024 by X", "Zuletzt aktualisiert … von X", "Mis à jour … par X".
UPDATED_BY_RE = re.compile(r"\b(?:updated|aktualisiert|mis à jour|actualizado|aggiornato)\b.*\b(?:by|von|par|por|da)\s",
                           re.I)
# A credit line's length at most (a footer's line, not a paragraph mentioning an update).
MAX_UPDATE_LINE_CHARS = 120


def last_committers(doc: TextDocument, names: list[str]) -> bool:
    """Whether the names are those an update line credits on a page that links to its file's edit page."""
    if doc.root is None or not names or not any(EDIT_ADDRESS_RE.match(link.get("href") or "")
                                                for link in doc.root.iter("a")):
        return False
    for block in doc.blocks:
        text = normalize_space(block.text)
        if len(text) <= MAX_UPDATE_LINE_CHARS and (match := UPDATED_BY_RE.search(text)) and \
                all(name in text[match.end():] for name in names):
            return True
    return False


__all__ = ["EDIT_ADDRESS_RE", "MAX_UPDATE_LINE_CHARS", "UPDATED_BY_RE", "last_committers"]
