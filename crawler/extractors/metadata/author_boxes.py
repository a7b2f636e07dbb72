"""An author box below the headline with no label and no author mark: the writer's photo, the name alone on its line,
then the writer's role ("UK-based Technology Writer") or a biography that speaks of the name as a person ("Alban Brooke
is the Head of Marketing at Example. He has recorded…", "Elliot is a sales executive, where he…").

The same form heads the sections of list articles ("Liberty Tax" / "Liberty Tax is a tax preparation company. It
offers…", a logo beside it) and of articles about several people (a chef's photo, name and biography per section). So
the biography must use a personal pronoun ("he", "she", "his", "her", "I", "my": a company is "it" or "they"), the
photo's ``alt`` must hold the name, and the page must hold one such card: several name several people, none of them
the writer.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.areas import in_comments
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import split_people
from crawler.kernels.walk import texts_with_words

# A biography speaks of its person: a personal pronoun of the third or the first person singular.
PRONOUN_RE = re.compile(r"\b(?:he|she|his|her|him|I|my)\b", re.I)
# How a biography opens after the name (or the given name alone): "is", "was", "has", "'s", "serves", "writes"...
BIO_VERB_RE = re.compile(r"^\s*(?:is|was|has|’s|'s|serves|works|writes|leads|joined|holds|covers)\b")
# The roles of a writer: a box's role line names one ("Technology Writer", "Senior Editor"); a testimonial's card
# names another ("Founder, Acme", "CEO") and is no author box.
WRITER_ROLE_RE = re.compile(r"\b(?:writer|author|editor|journalist|reporter|columnist|contributor|blogger|"
                            r"correspondent)\b", re.I)
# A name alone: two to five words, the first capitalised, no digit, at most MAX_NAME_CHARS (a byline's name).
NAME_SHAPE_RE = re.compile(r"^[^\W\d_][\w'’.-]*(?:\s[^\W\d_][\w'’.-]*){1,4}$")
MAX_NAME_CHARS = 40
MIN_NAME_WORDS = 2
LOWERED_WRITER_ROLE_RE = re.compile(WRITER_ROLE_RE.pattern)  # (in lowered text, without re.I's cost)
# WRITER_ROLE_RE's words, searched in all the short blocks at once (``texts_with_words``): a block without one of them
# holds no role.
WRITER_ROLE_WORDS = ("writer", "author", "editor", "journalist", "reporter", "columnist", "contributor", "blogger",
                     "correspondent")
# A role line is short ("Enterprise Sales Executive", "UK-based Systems Theorist & Independent Technology Writer").
MAX_ROLE_CHARS = 80
# The blocks after the name read for the role or the biography (a role may stand between the name and the biography).
BLOCKS_AFTER_NAME = 2
# Ancestors of the name's block looked in for the photo (a box nests the photo beside the name's column, 1-3 levels).
PHOTO_LEVELS = 4


def author_box(doc: TextDocument, positions: list[int], texts: list[str], headline: int) -> list[str]:
    """The person of the one author box below the headline among the short blocks (``positions``, ``texts``), or
    nobody when there is none or more than one person's box."""
    blocks = doc.blocks
    # the photos' descriptions of two words or more (a person's name): a page without one has no author box, and a
    # name no description holds is no box's (looked up before the name's own tests, which cost more)
    alts = "\n".join(alt.casefold() for image in (doc.body if doc.body is not None else doc.root).iter("img")
                     if len((alt := image.get("alt") or "").split()) >= MIN_NAME_WORDS) if doc.root is not None else ""
    if not alts:
        return []
    found: list[str] = []
    below = bisect_right(positions, headline)
    positions, texts = positions[below:], texts[below:]
    for position, text, role in zip(positions, texts, texts_with_words(texts, WRITER_ROLE_WORDS, ()), strict=True):
        text = text.strip()
        # (most short blocks are neither a name a photo describes nor a line holding a writer's role: the cheapest
        # tests first)
        if not text[:1].isupper():
            continue
        alone = len(text) <= MAX_NAME_CHARS and text.casefold() in alts and NAME_SHAPE_RE.match(text) is not None
        if not alone and (not role or len(text) > MAX_NAME_CHARS + MAX_ROLE_CHARS or
                          LOWERED_WRITER_ROLE_RE.search(text.lower()) is None):
            continue  # neither a name alone nor the name and its role in one line
        element = blocks[position].element
        if element is None:
            continue
        name = _name_of(text, element)
        if name is None or not _described(doc, position, name) or not _has_photo(element, name) or \
                not readable(blocks[position]) or in_comments(element):
            continue
        if found and name != found[0]:
            return []  # the boxes of several people: a list, not the writer's box
        found.append(name)
    return found[:1]


def _name_of(text: str, element: etree._Element | None) -> str | None:
    """The name a short block shows alone, or as its first piece before a role ("<strong>Tim Green</strong> <em>…
    Writer</em>")."""
    if NAME_SHAPE_RE.match(text) and split_people(text) == [text]:
        return text
    if element is None:
        return None
    first = next((piece for piece in map(normalize_space, element.itertext()) if piece), "")
    rest = text[len(first):].strip(" ,–—-|")
    if first and text.startswith(first) and split_people(first) == [first] and rest and \
            len(rest) <= MAX_ROLE_CHARS and WRITER_ROLE_RE.search(rest) and not any(map(str.isdigit, rest)):
        return first
    return None


def _described(doc: TextDocument, position: int, name: str) -> bool:
    """Whether the block holding the name goes on with a role, or a block after it is the person's biography."""
    text = doc.blocks[position].text.strip()
    if text != name:
        return True  # the role in the name's own line (``_name_of``)
    given = name.split()[0]
    for block in doc.blocks[position + 1:position + 1 + BLOCKS_AFTER_NAME]:
        after = block.text.strip()
        for opening in (name, given):
            if after.startswith(opening) and BIO_VERB_RE.match(after[len(opening):]) and PRONOUN_RE.search(after):
                return True
        if len(after) <= MAX_ROLE_CHARS and WRITER_ROLE_RE.search(after) and not any(map(str.isdigit, after)):
            return True
    return False


def _has_photo(element: etree._Element, name: str) -> bool:
    """Whether an image near the name (in its ancestors up to ``PHOTO_LEVELS``) has an ``alt`` holding the name."""
    folded = name.casefold()
    node: etree._Element | None = element
    for _ in range(PHOTO_LEVELS):
        if node is None:
            return False
        if any(folded in (image.get("alt") or "").casefold() for image in node.iter("img")):
            return True
        node = node.getparent()
    return False


__all__ = ["author_box"]
