"""The headline's block of a page: the block that best matches its title (``headline_index``), and the other
``<h1>`` blocks whose neighbours may hold the page's date when the title matched a logo or a section heading
(``other_h1s``)."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import normalize_space
from crawler.kernels.walk import folded_short_texts

# The other <h1>s whose neighbours are read for a date: a logo's and a headline's, a headline printed once per
# layout (hand-chosen; a page with more h1s uses them as section headings).
MAX_OTHER_H1S = 3
# A byline line is short; a longer block is a paragraph of the story that happens to start with "By".
MAX_BYLINE_CHARS = 160
# A title part shorter than this is a channel or a site name, not a headline ("新闻中心", "CNN"); four
# characters are a short Chinese headline's least.
MIN_HEADLINE_CHARS = 4
# A block that is part of the title is the headline when it has at least this share of the title's longest part
# (a headline cut short in the <title> or the page; chosen by hand, no gold page lies near it).
MIN_HEADLINE_SHARE = 0.6
# Characters a headline block may have besides the title's headline ("原创", "独家", "Exclusive:", "[Video]":
# marks of 2-10 characters).
MAX_HEADLINE_EXTRA_CHARS = 12
# A heading rewording a title of at least this many words, holding at least this share of them and at most this many
# times its length, is the headline of a page without an <h1> (hand-chosen: a short title's words are any heading's).
MIN_REWORDED_WORDS = 4
MIN_REWORDED_SHARE = 0.8
MAX_REWORDED_LENGTH = 3
WORD_RE = re.compile(r"\w+")
# The title's parts: separators of sites' names and channels ("_", "|", "--", " - ", "-").
TITLE_SPLIT_RE = re.compile(r"\s*(?:[|_｜»]|--|[-–—])\s*")


def headline_index(doc: TextDocument, title: str | None) -> int | None:
    """The block that best matches the title (equal, else the longest title part), else the first h1; found once a
    document and title (the visible scan and the author's field line ask it of the same title)."""
    return doc.memo(("headline_index", title), lambda: _headline_index(doc, title))


def _headline_index(doc: TextDocument, title: str | None) -> int | None:
    blocks = doc.blocks
    wanted = normalize_space(title).casefold() if title else ""
    parts = [p for p in TITLE_SPLIT_RE.split(wanted) if len(p) >= MIN_HEADLINE_CHARS]
    main = max(parts, key=len) if parts else wanted
    best: tuple[int, int] | None = None
    # num_chars (characters other than white space) is at most the collapsed text's length, and no block longer
    # than the title and a mark can score; the raw text is at least as long as the collapsed one, and no block
    # shorter than the least a score needs (the headline, the title, or a part of it) scores either. Blocks
    # outside those bounds are passed over before their text is collapsed, in C when the compiled helpers are on
    # (``short_texts``): few blocks of a page are in the bounds. The texts in the bounds are collapsed and
    # casefolded in the same C call (``folded_short_texts``), and every score needs the text in the title or the
    # headline in the text (``main`` is a part of ``wanted``), which two cheap ``in`` tests ask before the scores.
    most = min(MAX_BYLINE_CHARS * 2, len(wanted) + MAX_HEADLINE_EXTRA_CHARS) if wanted else -1
    least = min(len(wanted), len(main), max(MIN_HEADLINE_CHARS, MIN_HEADLINE_SHARE * len(main)))
    for index, text in zip(*folded_short_texts(blocks, most, least), strict=True):
        if text not in wanted and main not in text:
            continue
        if text in (wanted, main):
            score = 4
        elif len(main) >= MIN_HEADLINE_CHARS * 2 and main in text and len(text) <= len(main) + MAX_HEADLINE_EXTRA_CHARS:
            score = 3  # a mark before or after the headline ("原创", "Exclusive:", "[Video]")
        elif len(text) >= max(MIN_HEADLINE_CHARS, MIN_HEADLINE_SHARE * len(main)) and text in wanted:
            score = 2
        else:
            continue
        labels = blocks[index].labels
        score += ("heading" in labels) + ("h1" in labels)
        if best is None or score > best[0]:
            best = (score, index)
    if best is not None:
        return best[1]
    first_h1 = next((index for index, block in enumerate(blocks) if "h1" in block.labels), None)
    return first_h1 if first_h1 is not None or not main else reworded_heading(doc, main)


def reworded_heading(doc: TextDocument, main: str) -> int | None:
    """A page without an <h1> shows its headline in another heading that rewords the title ("Introducing Harbor: The
    Next Data Accelerator…" for "Introducing the Harbor Data Accelerator"): the first heading holding most of the
    title's words and not many times longer."""
    wanted = set(WORD_RE.findall(main))
    if len(wanted) < MIN_REWORDED_WORDS:
        return None
    for index, block in enumerate(doc.blocks):
        if "heading" not in block.labels or len(block.text) > len(main) * MAX_REWORDED_LENGTH:
            continue
        if len(wanted & set(WORD_RE.findall(block.text.casefold()))) >= MIN_REWORDED_SHARE * len(wanted):
            return index
    return None


def other_h1s(doc: TextDocument, index: int) -> list[int]:
    """The page's <h1> blocks other than the headline block (the title matched a logo's h1 or a section heading that
    repeats it: the shown headline is another h1), at most MAX_OTHER_H1S of them."""
    return [position for position, block in enumerate(doc.blocks)
            if position != index and "h1" in block.labels][:MAX_OTHER_H1S]


__all__ = ["MAX_BYLINE_CHARS", "MAX_HEADLINE_EXTRA_CHARS", "MAX_OTHER_H1S", "MIN_HEADLINE_CHARS", "MIN_HEADLINE_SHARE",
           "TITLE_SPLIT_RE", "headline_index", "other_h1s", "reworded_heading"]
