"""What the visible scan (``visible``) carries between its steps: the findings so far, the page's short blocks with
their credit's words found once, and whether the page's numeric dates put the day first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.byline import credit_flags
from crawler.extractors.metadata.datelines import COLON_LABELS, MODIFIED_LABELS, PUBLISHED_LABELS
from crawler.extractors.metadata.dates import FoundDate
from crawler.extractors.metadata.headline_block import MAX_BYLINE_CHARS
from crawler.kernels.walk import short_texts, texts_with_digit, texts_with_words

# What a block without a credit's word needs for the page scan (``visible.scan_page``) to read it, in an ASCII text
# lowered: a date's label (``has_publication_label``, ``may_hold_modified``: each match holds one of the labels' words)
# or "by" between spaces (a date line's byline, ``credit_lines.byline_after_date``).
DATE_BLOCK_WORDS = (*dict.fromkeys(label.lower() for label in (*PUBLISHED_LABELS, *COLON_LABELS, *MODIFIED_LABELS)
                                   if label.isascii()), " by ")
# Languages whose pages write the month first in numeric dates (US English); every other one writes the day first.
MONTH_FIRST_LANGUAGES = frozenset({"en", "en-us"})


@dataclass
class TextFindings:
    """What the visible lines say; ``date_labelled`` when a publication label stood before the date."""

    authors: list[str] = field(default_factory=list)
    editors: list[str] = field(default_factory=list)
    origin: str | None = None
    dateline_origin: str | None = None  # the outlet of the story's dateline credit: the origin when no line names one
    published: FoundDate | None = None
    modified: FoundDate | None = None
    headline: str | None = None
    date_line: str | None = None  # the line near the headline that gave the publication date
    # ``published`` when the date line wrote it whole (``LineDates.whole``): what ``date_conflicts.stated_date`` reads.
    date_line_date: FoundDate | None = None
    labelled_away: bool = False  # the publication date came from a labelled line away from the headline (step 3)
    page_edited: bool = False  # ``modified`` is a wiki's last edit, which dates no publication
    # Whether lines are read for dates: not when the page's markup gives both plausible ones, which the text's could
    # not replace (``extract_metadata``); the people, the outlet and the headline are read all the same.
    wants_dates: bool = True
    # The readers of a name without a byline's words (an author box, a name beside the date), when no line named
    # anyone: left for ``people`` to ask, since a page whose author field is shown needs none of them.
    later_authors: Callable[[], list[str]] | None = None

    def people(self) -> list[str]:
        """The people the visible page names: the byline lines', else the later readers' (asked once)."""
        if not self.authors and self.later_authors is not None:
            self.authors = self.later_authors()
        self.later_authors = None
        return self.authors


def day_first(language: str | None) -> bool:
    """Whether numeric dates of a page in this language put the day first (03/04/2024 = 3 April)."""
    return bool(language) and language.lower() not in MONTH_FIRST_LANGUAGES


@dataclass
class ShortBlocks:
    """The page's blocks no longer than a byline: their positions, texts and whether each has a credit's word
    (``credit_flags``, which searches them all at once, is ``may_credit`` of each)."""

    positions: list[int]
    texts: list[str]
    credits: list[bool]

    def may_say_something(self, dates: bool) -> list[int]:
        """The indices of the blocks that ``visible.scan_page`` may find something in, in order: those with a credit's
        word, and with ``dates`` (no publication date found yet) those with a digit that hold a date label's word or
        " by " too, or are not ASCII (their labels are read after NFKC). Any other block is passed over by its loop, so
        it goes through these alone. The blocks with a digit, then those with the words, are found in C
        (``texts_with_digit``, ``texts_with_words``): most short blocks with a digit are prices, scores and other
        stories' times, each a loop turn and two label searches in Python before."""
        found = list(compress(range(len(self.credits)), self.credits))
        if not dates:
            return found
        texts = self.texts
        with_digit = [index for index in texts_with_digit(texts) if not self.credits[index]]
        worded = texts_with_words([texts[index] for index in with_digit], DATE_BLOCK_WORDS, ())
        with_label = [index for index, word in zip(with_digit, worded, strict=True)
                      if word or not texts[index].isascii()]
        if not found:
            return with_label
        return sorted({*found, *with_label})


def short_blocks(doc: TextDocument) -> ShortBlocks:
    """The short blocks that steps 2 and 3 read, their credit's words found once for both (``may_credit`` of each
    block near the headline costs most on text outside ASCII)."""
    positions, texts = short_texts(doc.blocks, MAX_BYLINE_CHARS)
    return ShortBlocks(positions, texts, credit_flags(texts))


__all__ = ["DATE_BLOCK_WORDS", "MONTH_FIRST_LANGUAGES", "ShortBlocks", "TextFindings", "day_first", "short_blocks"]
