"""The date of a correction note printed under a story ("Korrektur, 06.03.2024, 11:40 Uhr: In einer früheren
Version …", "This article was amended on 6 March 2024 at 11.40 GMT. An earlier version …"): the page was changed
then, its modification date when nothing else gives one. The date stands in the note's head, before its colon or its
first sentence's end; a date further on is what the note corrects."""

from __future__ import annotations

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.dates import find_text_date

# How correction notes open, in the languages of the European probes (German, English, French, Spanish, Italian,
# Dutch, Portuguese, Catalan).
CORRECTION_STARTS = ("Korrektur", "Berichtigung", "Correction", "Rectificatif", "Corrección", "Fe de errores",
                     "Rettifica", "Correctie", "Correção", "Rectificació", "This article was amended",
                     "This article was corrected", "This story was corrected", "This article has been amended",
                     "This article has been corrected", "This story has been corrected")
# The note's head read for its date (a label, a date and a clock time).
MAX_HEAD_CHARS = 80


def correction_date(doc: TextDocument, *, day_first: bool) -> FoundDate | None:
    """The date in the head of the first correction note among the page's blocks, or None."""
    for block in doc.blocks:
        text = block.text.lstrip(" *([")
        if not text.startswith(CORRECTION_STARTS) or not readable(block, links=False):
            continue
        head = text[:MAX_HEAD_CHARS].split(": ", 1)[0].split(". ", 1)[0]
        if found := find_text_date(head, day_first=day_first):
            return found
    return None


__all__ = ["correction_date"]
