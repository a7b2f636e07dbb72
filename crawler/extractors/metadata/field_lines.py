"""A byline written as a field under the headline: "Author: Jane Doe", "Authors: A and B", "Contributors: Jane Doe".

Policy briefs, documentation pages and catalogue-like articles list the story's fields below the headline (a label, a
colon, the value) instead of a "By" line. A record's fields are no byline: "Author:" beside "Released:", "Genre:",
"Type:" (a book's or a software module's fields, in one block or in blocks one after the other) names the work's
author, not the page's, so a field line is read only where the fields around it are the story's own (its dates, its
byline).
"""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.metadata.byline import BYLINE_END_RE
from crawler.extractors.metadata.credit_lines import ADDRESS_RE, readable
from crawler.extractors.metadata.people import split_people
from crawler.extractors.metadata.teasers import teaser_block

# The byline's labels as a field: the label and its colon start the line.
AUTHOR_FIELD_RE = re.compile(r"^\s*(?:authors?|contributors?|autor(?:es|en)?|auteurs?)\s*:\s*(?P<names>.+)$", re.I)
# Any field line: a label of at most three words and its colon.
FIELD_RE = re.compile(r"^\s*(?P<label>[^\W\d_][\w'’]*(?:\s[\w'’]+){0,2})\s*:\s*\S")
# The story's own fields beside its byline: its dates, reading time, reviewer or editor.
STORY_LABEL_RE = re.compile(r"^(?:authors?|contributors?|autor(?:es|en)?|auteurs?|by|written by|published(?: on)?|"
                            r"posted(?: on)?|(?:last )?updated(?: on)?|modified|date|reviewed by|edited by|editors?|"
                            r"reading time|read time|source)$", re.I)
# Blocks read under the headline: a field list sits right under it (a standfirst may come first).
BLOCKS_AFTER_HEADLINE = 6
# A field line is a byline's length.
MAX_FIELD_LINE_CHARS = 100


def field_byline(doc: TextDocument, headline: int | None) -> list[str]:
    """The people of the first "Author:" field line within ``BLOCKS_AFTER_HEADLINE`` blocks under the headline, unless
    its block or a block beside it holds another kind of field (a record's)."""
    if headline is None:
        return []
    blocks = doc.blocks
    for position in range(headline + 1, min(len(blocks), headline + 1 + BLOCKS_AFTER_HEADLINE)):
        for line in _lines(blocks[position]):
            match = AUTHOR_FIELD_RE.match(line) if len(line) <= MAX_FIELD_LINE_CHARS else None
            if match is None or not readable(blocks[position]):
                continue
            if teaser_block(blocks[position], doc):  # a search result's or a listing's "Author:", its story's
                continue
            if _record(blocks[max(headline + 1, position - 1):position + 2]):
                return []  # a work's author among its fields
            return split_people(BYLINE_END_RE.sub("", ADDRESS_RE.sub("", match.group("names"))))
    return []


def _lines(block: TextBlock) -> list[str]:
    return [line for line in (raw.strip() for raw in block.text.split("\n")) if line]


def _record(blocks: list[TextBlock]) -> bool:
    """Whether a field line of these blocks has a label that is not the story's own ("Genre:", "Released:")."""
    for block in blocks:
        for line in _lines(block):
            match = FIELD_RE.match(line)
            if match and not STORY_LABEL_RE.match(match.group("label").strip()):
                return True
    return False


__all__ = ["field_byline"]
