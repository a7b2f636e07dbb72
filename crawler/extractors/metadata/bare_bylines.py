"""Bylines under the headline without the usual "By <Given Surname>" shape, each read with the sign that tells it from
a section, a kicker or a sentence:

- the label glued to the name by two inline elements (``<span>By</span><a>Daryl Austin</a>`` reads "ByDaryl Austin");
- a date line running into the name without "By" ("Dec. 19, 2025 · Jane Doe on behalf of the Docs group", "Dec 26,
  2025 • <img class=avatar> Jane Doe in Planning", "Dec 17, 2025Julian K. Marsh"): a section reads the same ("Dec 26,
  2025 • Cloud Computing"), so the name needs "on behalf of" after it, the person's photo or avatar beside it, or an
  initial in it (no section name holds one);
- the date in one block, the name in the next, the person's photo beside the name or the name linked to their page;
- a one-word name after "by" (a blog's first name, "by Amanda · Dec 20, 2025"), which a place, an outlet or a product
  reads the same: taken only when it links to its own author page (``/author/...`` or ``rel=author``);
- a sentence naming the writer ("This post was written by Jane Doe, MD, gastroenterologist, Example Health."): the
  names end at the first comma before a credential or a description, which the organisation's name follows.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.byline import byline_names
from crawler.extractors.metadata.credit_lines import DATE_LINE_START_RE, readable
from crawler.extractors.metadata.dates import find_text_date_span
from crawler.extractors.metadata.handles import ONE_WORD_BY_RE, one_word_byline
from crawler.extractors.metadata.name_lines import PERSON_HREF_RE
from crawler.extractors.metadata.people import split_people

# "By" touching a capitalised word: two inline elements printed without a space (case-sensitive: "Byzantine", "BYOD").
GLUED_BY_RE = re.compile(r"^By(?=[A-ZÀ-Þ][a-zà-ÿ])")
# After the name of a date line: the group it writes for ("on behalf of"), the section it is filed in ("in Planning").
ON_BEHALF_RE = re.compile(r"\s+on behalf of\b.*$", re.I)
SECTION_AFTER_RE = re.compile(r"\s+in\s+\S.*$")
# An initial inside a name ("Julian K. Marsh", "A. J. Neal"): a person's, never a section's; looked for in a whole line
# first as a capital and its dot (a superset: the name's ends may touch a separator there rather than white space).
INITIAL_RE = re.compile(r"(?:^|\s)[A-Z]\.(?:\s|$)")
LINE_INITIAL_RE = re.compile(r"[A-Z]\.")
SEPARATORS = " ·•|–—-,"
# "This post was written by ...": its names end at a comma before a credential ("MD", "PhD") or a lower-case
# description ("a reporter", "gastroenterologist").
WRITTEN_BY_SENTENCE_RE = re.compile(r"^(?:this|the)\s+(?:post|article|story|piece|guide|blog post)\s+(?:was|is)\s+"
                                    r"(?:written|authored)\s+by\s+(?P<names>.+)$", re.I)
DESCRIPTION_AFTER_RE = re.compile(r",\s*(?:[a-z]|[A-Z]{2,}\b|Ph\.?\s?D).*$", re.S)
# A "By" label alone before the name's link.
BY_LABEL_START_RE = re.compile(r"^(?:by|written by|words by|story by)\b", re.I)
BY_LABEL_RE = re.compile(r"^\s*(?:by|written by|words by|story by)\s*:?\s*$", re.I)
# A byline line is short (Readability.js's byline length); a sentence naming the writer may run on after the names.
MAX_LINE_CHARS = 100
MAX_SENTENCE_CHARS = 200
# Ancestors of the name's block looked in for the person's photo (a byline card nests 1-2 levels).
PHOTO_LEVELS = 2


def bare_byline(doc: TextDocument, position: int) -> list[str]:
    """The people of the block at ``position`` (near the headline) when it is one of the module's bylines."""
    block = doc.blocks[position]
    text = block.text.strip()
    if not text or len(text) > MAX_SENTENCE_CHARS or "\n" in text:
        return []
    sentence = WRITTEN_BY_SENTENCE_RE.match(text)
    if sentence:
        names = split_people(DESCRIPTION_AFTER_RE.sub("", sentence.group("names")).rstrip(". "))
        return names if names and readable(block) else []
    if len(text) > MAX_LINE_CHARS:
        return []
    if GLUED_BY_RE.match(text):
        names = byline_names("By " + text[2:])
    elif DATE_LINE_START_RE.match(text):
        names = _name_after_date(text, block.element)
    elif ONE_WORD_BY_RE.match(text):
        names = one_word_byline(text, block.element)
    elif BY_LABEL_START_RE.match(text):
        # (the link is looked for first: without one no name is taken, whatever the byline reader finds)
        link = next(block.element.iter("a"), None) if block.element is not None else None
        names = [] if link is None or byline_names(text) else _linked_name_after_label(text, link)
    else:
        names = _name_after_date_block(doc, position, text)
    return names if names and readable(block) else []


def _name_after_date(line: str, element: etree._Element | None) -> list[str]:
    """The person a date line runs into ("Dec. 19, 2025 · Jane Doe on behalf of ..."), with one of the signs (each
    looked for in the whole line first, a superset: most date lines have none, and their date is not read here)."""
    if " by " in line.lower() or not (ON_BEHALF_RE.search(line) or LINE_INITIAL_RE.search(line) or
                                      _may_have_photo(element)):
        return []  # (a date line with "by" is ``credit_lines.byline_after_date``'s)
    found, end = find_text_date_span(line)
    if found is None or not end:
        return []
    rest = line[end:].strip(SEPARATORS)
    behalf = ON_BEHALF_RE.search(rest)
    name = rest[:behalf.start()] if behalf else SECTION_AFTER_RE.sub("", rest)
    if not name or split_people(name) != [name]:
        return []
    if behalf or INITIAL_RE.search(name) or _has_photo(element, name):
        return [name]
    return []


def _linked_name_after_label(text: str, link: etree._Element) -> list[str]:
    """The name a "By" line links to its person's page when other words follow it ("By A. J. Neal View In Digital
    Edition": the name's link, then a button's): the block's first link, right after the label."""
    name = " ".join(link.text_content().split())
    start = text.find(name) if name else -1
    if start < 0 or not BY_LABEL_RE.match(text[:start]) or split_people(name) != [name]:
        return []
    return [name] if PERSON_HREF_RE.search(link.get("href") or "") else []


def _name_after_date_block(doc: TextDocument, position: int, text: str) -> list[str]:
    """A name alone in its block after a block that is only a date ("2025-12-17 ·" / "Trine Holm"), its photo beside
    it."""
    if position == 0:
        return []
    before = doc.blocks[position - 1].text.strip()
    element = doc.blocks[position].element
    if len(before) > MAX_LINE_CHARS or not DATE_LINE_START_RE.match(before) or split_people(text) != [text]:
        return []
    linked = _linked_to_person(element, text)  # (a paper's reporter linked to their page: "/reporter/sato-hanako/")
    if not linked and not _may_have_photo(element):
        return []
    found, end = find_text_date_span(before)
    if found is None or before[end:].lstrip("分").strip(SEPARATORS):  # (the span ends before a clock's "分")
        return []
    return [text] if linked or _has_photo(element, text) else []


def _linked_to_person(element: etree._Element | None, name: str) -> bool:
    """Whether the block's link whose text is the name goes to a person's page ("/author/…", "/reporter/…")."""
    return element is not None and any(PERSON_HREF_RE.search(link.get("href") or "") and
                                       link.text_content().strip() == name for link in element.iter("a"))


def _may_have_photo(element: etree._Element | None) -> bool:
    """Whether ``_has_photo`` may find a photo: an image in the element's parent (or in the element without one)."""
    if element is None:
        return False
    parent = element.getparent()
    return next((element if parent is None else parent).iter("img"), None) is not None


def _has_photo(element: etree._Element | None, name: str) -> bool:
    """Whether the name's element (or its parent) holds the person's photo: an image whose ``alt`` holds the name, or
    one marked as an avatar."""
    folded = name.casefold()
    node = element
    for _ in range(PHOTO_LEVELS):
        if node is None:
            return False
        for image in node.iter("img"):
            if folded in (image.get("alt") or "").casefold() or "avatar" in (image.get("class") or "").lower():
                return True
        node = node.getparent()
    return False


__all__ = ["bare_byline"]
