"""The byline a page shows, asked when its author field holds a login the page never shows: the people its byline
element, its byline line or its "Author:" field name replace it."""

from __future__ import annotations

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.authors import choose_authors
from crawler.extractors.metadata.byline_elements import markup_byline
from crawler.extractors.metadata.candidates import TEXT, Candidates
from crawler.extractors.metadata.field_lines import field_byline
from crawler.extractors.metadata.visible import headline_index


def shown_text(doc: TextDocument) -> str:
    """The page's text as its blocks show it, case-folded (asked only of a page whose author field holds a login)."""
    return " ".join(block.text for block in doc.blocks).casefold()


def shown_byline(doc: TextDocument, visible: list[str], title: str | None,
                 site_names: set[str]) -> tuple[list[str], str] | None:
    """The people the page's byline shows (its byline element, else its byline line or its "Author:" field), each with
    a given name and a surname: they replace a login the author field holds and the page never shows."""
    shown = markup_byline(doc) or visible or field_byline(doc, headline_index(doc, title))
    if not shown or any(len(name.split()) < 2 for name in shown):
        return None
    found = Candidates()
    found.add("authors", shown, TEXT)
    return choose_authors(found, site_names)


__all__ = ["shown_byline", "shown_text"]
