"""Names the page's markup gives as its author that its text shows as someone else: a gallery's photographer (shown
only after "Photos:" or in a caption's "(Name/Outlet)"), or the company whose legal name the footer's copyright line
gives ("© 2024 Aguas del Levante, S.A."): neither wrote the page. Asked only when the markup names the author and no
byline line does."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument

# A photographer's label right before the name on its line: "Photos: X", "Photo by X", "Fotos: X", "Foto von X".
PHOTO_LABEL_RE = re.compile(r"(?:\b(?:photos?|photographs?|photography|pictures?|images?|fotos?|fotografie|"
                            r"fotograf[ií]as?|bilder?)(?:\s+(?:by|von|de|di|door|par|por))?\s*:?\s*|\()$", re.I)
# A copyright line naming a company by its legal form: "© 2024 Acme Water, S.A.", "Copyright 2024 Harbor Labs GmbH".
COPYRIGHT_RE = re.compile(r"(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*)?(?P<holder>[^\W\d][^©|·,]{1,60}?)"
                          r",?\s+(?:S\.\s?A\.|S\.\s?L\.|S\.\s?A\.\s?S\.|SAS|SARL|S\.r\.l\.|S\.p\.A\.|GmbH|AG|KG|"
                          r"B\.\s?V\.|N\.\s?V\.|Inc\.?|Ltd\.?|LLC|plc|Corp\.?)(?=\W|$)", re.I)
# The blocks at the page's end read for its copyright line (the footer's few lines).
FOOT_BLOCKS = 12
# An author's label alone in its block, the name in the next one ("Author" / "Venteur").
AUTHOR_LABEL_RE = re.compile(r"^\s*(?:authors?|written by|by|autor(?:in)?|auteur|autore)\s*:?\s*$", re.I)
# A company's name as a block of its own is short.
MAX_NAME_CHARS = 60


def photographer_only(names: list[str], doc: TextDocument) -> bool:
    """Whether the text shows each name, and only after a photographer's label (``PHOTO_LABEL_RE``) or opening a
    caption's bracketed credit."""
    for name in names:
        shown = False
        for block in doc.blocks:
            text, start = block.text, block.text.find(name)
            while start >= 0:
                line_start = text.rfind("\n", 0, start) + 1
                if not PHOTO_LABEL_RE.search(text[line_start:start]):
                    return False
                shown, start = True, text.find(name, start + len(name))
        if not shown:
            return False
    return True


def company_of_copyright(names: list[str], doc: TextDocument) -> bool:
    """Whether a name is the company the copyright line at the page's foot holds, its legal form aside."""
    folded = {" ".join(name.split()).casefold() for name in names}
    for block in doc.blocks[-FOOT_BLOCKS:]:
        if "©" not in block.text and "opyright" not in block.text and "(c)" not in block.text.lower():
            continue
        for match in COPYRIGHT_RE.finditer(block.text):
            if " ".join(match.group("holder").split()).casefold() in folded:
                return not _under_author_label(folded, doc)
    return False


def _under_author_label(folded: set[str], doc: TextDocument) -> bool:
    """Whether the page shows one of the names as a block of its own right after an author's label ("Author" /
    "Venteur"): the page itself then presents the company as its writer."""
    blocks = doc.blocks
    return any(" ".join(block.text.split()).casefold() in folded and AUTHOR_LABEL_RE.match(blocks[index - 1].text)
               for index, block in enumerate(blocks) if index and len(block.text) <= MAX_NAME_CHARS)


__all__ = ["company_of_copyright", "photographer_only"]
