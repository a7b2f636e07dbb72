"""A forum post's note of its last edit, opening the post's text: Discuz! (the common Chinese forum program) prints
"本帖最后由 飞翔的鱼 于 2024-3-6 09:12 编辑" above the post, the modification of the thread's first post."""

from __future__ import annotations

import re

from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.dates import find_text_date

# The note at the start of the post's text: "本帖最后由 <member> 于 <date> 编辑" (Traditional: 最後, 於, 編輯).
EDIT_NOTE_RE = re.compile(r"^\s*本帖最[后後]由\s*\S{1,20}?\s*[于於]\s*(?P<date>[\d\-/: ]{8,20}?)\s*"
                          r"(?:编辑|編輯)")


def edit_note_date(text: str) -> FoundDate | None:
    """The moment of the last edit a post's opening note gives, or None (a text without the note: almost all)."""
    if "本帖最" not in text:  # (one substring search in C: almost every block goes no further)
        return None
    match = EDIT_NOTE_RE.match(text)
    return find_text_date(match.group("date")) if match else None


__all__ = ["edit_note_date"]
