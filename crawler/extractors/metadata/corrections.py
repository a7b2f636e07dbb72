"""The date of a correction note printed under a story ("Korrektur, 06.03.2024, 11:40 Uhr: In einer früheren
Version …", "This article was amended on 6 March 2024 at 11.40 GMT. An earlier version …"): the page was changed
then, its modification date when nothing else gives one. The date stands in the note's head, before its colon or its
first sentence's end; a date further on is what the note corrects."""

from __future__ import annotations

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.dates import find_text_date
from crawler.kernels.walk import short_texts, texts_with_words

# How correction notes open, in the languages of the European probes (German, English, French, Spanish, Italian,
# Dutch, Portuguese, Catalan), lowered: looked for at a block's start, in C, among the blocks no longer than a note.
CORRECTION_STARTS = ("korrektur", "berichtigung", "correction", "rectificatif", "corrección", "fe de errores",
                     "rettifica", "correctie", "correção", "rectificació", "this article was amended",
                     "this article was corrected", "this story was corrected", "this article has been amended",
                     "this article has been corrected", "this story has been corrected")
# A correction note is a few sentences; a longer block is the story's text.
MAX_NOTE_CHARS = 600
# The note's head read for its date (a label, a date and a clock time).
MAX_HEAD_CHARS = 80


def correction_date(doc: TextDocument, *, day_first: bool) -> FoundDate | None:
    """The date in the head of the first correction note among the page's blocks, or None."""
    positions, texts = short_texts(doc.blocks, MAX_NOTE_CHARS)
    for position, text, flagged in zip(positions, texts, texts_with_words(texts, (), CORRECTION_STARTS), strict=True):
        if not flagged or not text.lstrip().lower().startswith(CORRECTION_STARTS) or \
                not readable(doc.blocks[position], links=False):
            continue
        head = text.lstrip()[:MAX_HEAD_CHARS].split(": ", 1)[0].split(". ", 1)[0]
        if found := find_text_date(head, day_first=day_first):
            return found
    return None


__all__ = ["correction_date"]
