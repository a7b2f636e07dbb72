"""A one-person site named after its owner: the author field and the site's name are one personal name ("Cory
Dransfeldt" on Cory Dransfeldt's blog), which the author check refuses as the site's name (a company blog's
"Quiet Light" looks the same).

What tells the two apart without a list of given names is how the story is written: a person's own site writes in
the first person singular ("I moved my notes..."), a company's in the plural ("we help owners..."). The site's name
is taken as its owner's when it is shaped like a personal name (two to five capitalised words, no role or outlet
word: ``people.split_people``), the markup does not declare it an organization, and the story's paragraphs say "I"
more often than "we", at least ``MIN_FIRST_PERSON_WORDS`` times. Only a dated page is asked (``extract_metadata``): an
undated one (a shop's home page written "I love our mats") is the site's own, not a post of its owner's.
"""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import split_people

# The first person singular and plural of English (the pronouns and their contractions).
SINGULAR_RE = re.compile(r"\b(?:I|I['’](?:m|ve|d|ll)|me|my|mine|myself)\b")
PLURAL_RE = re.compile(r"\b(?:[Ww]e|[Ww]e['’](?:re|ve|d|ll)|[Oo]ur|[Oo]urs|us|[Oo]urselves)\b")
# "I" words a story needs to be told in the first person: a few sentences, not one quoted "I" (chosen by hand, not
# fitted: see docs/metadata-classes.md).
MIN_FIRST_PERSON_WORDS = 5
# A paragraph of the story, not a menu item or a caption.
MIN_PARAGRAPH_CHARS = 80


def site_owner(doc: TextDocument, names: list[str], organizations: set[str]) -> list[str]:
    """The first of ``names`` (author fields that are the site's own name) that is a personal name the markup does
    not declare an organization (``organizations``, case-folded), when the story is written in the first person
    singular; else nothing."""
    people = [name for name in names if split_people(name) == [name] and name.casefold() not in organizations]
    if not people:
        return []
    text = " ".join(block.text for block in doc.blocks
                    if len(block.text) >= MIN_PARAGRAPH_CHARS and readable(block))  # (not readers' comments)
    singular = len(SINGULAR_RE.findall(text))
    return people[:1] if singular >= MIN_FIRST_PERSON_WORDS and singular > len(PLURAL_RE.findall(text)) else []


__all__ = ["MIN_FIRST_PERSON_WORDS", "site_owner"]
