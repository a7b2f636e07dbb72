"""A one-person site named after its owner: the author field and the site's name are one personal name ("Cory
Dransfeldt" on Cory Dransfeldt's blog), which the author check refuses as the site's name (a company blog's
"Quiet Light" looks the same).

What tells the two apart without a list of given names is how the story is written: a person's own site writes in
the first person singular ("I moved my notes..."), a company's in the plural ("we help owners..."). The site's name
is taken as its owner's when it is shaped like a personal name (two to five capitalised words, no role or outlet
word: ``people.split_people``), the markup does not declare it an organization, and the story's paragraphs say "I"
more often than "we", at least ``MIN_FIRST_PERSON_WORDS`` times. Only a dated page is asked (``extract_metadata``): an
undated one (a shop's home page written "I love our mats") is the site's own, not a post of its owner's.

The same holds of a page with no author field at all whose site's name (og:site_name, the ``<title>``'s last part,
"Colin Watson's blog") is a personal name: a personal blog that never fills the field (``owner_candidates``).
"""

from __future__ import annotations

import re
import sys
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import split_people
from crawler.extractors.metadata.titles import TITLE_SEPARATOR_RE
from crawler.kernels.walk import short_texts

# The first person singular and plural of English (the pronouns and their contractions).
SINGULAR_RE = re.compile(r"\b(?:I|I['’](?:m|ve|d|ll)|me|my|mine|myself)\b")
# SINGULAR_RE's matches, with its opening boundary asked after the first letter (no word character before it): a
# pattern led by its first letters lets the search skip to them, one led by ``\b`` is tried at every character.
SINGULAR_SEARCH_RE = re.compile(r"(?:I(?<!\wI)(?:['’](?:m|ve|d|ll))??|m(?<!\wm)(?:e|y|ine|yself))\b")
PLURAL_RE = re.compile(r"\b(?:[Ww]e|[Ww]e['’](?:re|ve|d|ll)|[Oo]ur|[Oo]urs|us|[Oo]urselves)\b")
# "I" words a story needs to be told in the first person: a few sentences, not one quoted "I" (chosen by hand, not
# fitted: see docs/metadata-classes.md).
MIN_FIRST_PERSON_WORDS = 5
# A paragraph of the story, not a menu item or a caption.
MIN_PARAGRAPH_CHARS = 80
# A site's name that says whose it is ("Colin Watson's blog", "Jane Doe’s Notes"): the owner before the possessive.
POSSESSIVE_SITE_RE = re.compile(r"^(?P<owner>.+?)['’]s\s+(?:blog|weblog|website|site|notes|journal|newsletter)$",
                                re.I)


def site_owner(doc: TextDocument, names: list[str], organizations: set[str]) -> list[str]:
    """The first of ``names`` (author fields that are the site's own name) that is a personal name the markup does
    not declare an organization (``organizations``, case-folded), when the story is written in the first person
    singular; else nothing."""
    people = personal_names(names, organizations)
    return people[:1] if people and in_first_person(doc) else []


def personal_names(names: list[str], organizations: set[str]) -> list[str]:
    """Those of ``names`` shaped like a personal name that the markup does not declare an organization."""
    return [name for name in names if split_people(name) == [name] and name.casefold() not in organizations]


def in_first_person(doc: TextDocument) -> bool:
    """Whether the story's paragraphs say "I" at least ``MIN_FIRST_PERSON_WORDS`` times and more often than "we"."""
    positions, texts = short_texts(doc.blocks, sys.maxsize, MIN_PARAGRAPH_CHARS)  # (the paragraphs' texts, in C)
    # Most stories say "I" too seldom in all their paragraphs, and fewer times in the readable ones (no match spans
    # the space joining two texts), so those are picked out only when all of them say it often enough.
    if len(SINGULAR_SEARCH_RE.findall(" ".join(texts))) < MIN_FIRST_PERSON_WORDS:
        return False
    blocks = doc.blocks
    text = " ".join(text for position, text in zip(positions, texts, strict=True)
                    if readable(blocks[position]))  # (not readers' comments)
    singular = len(SINGULAR_SEARCH_RE.findall(text))
    return singular >= MIN_FIRST_PERSON_WORDS and singular > len(PLURAL_RE.findall(text))


def owner_candidates(site_name: str | None, head_title: str | None) -> list[str]:
    """The names a page gives its site with no author field: og:site_name and the ``<title>``'s last part after a
    separator ("A brief intro to git | Owain Brennan"), each without a possessive's "'s blog"; ``site_owner`` asks
    which of them is a person's writing in the first person."""
    found = [site_name] if site_name else []
    parts = TITLE_SEPARATOR_RE.split(head_title) if head_title else []
    if len(parts) > 1:
        found.append(parts[-1])
    return list(dict.fromkeys(name for name in map(_owner, found) if name))


def _owner(name: str) -> str:
    """The name without a possessive's "'s blog" ("Colin Watson's blog" -> "Colin Watson")."""
    match = POSSESSIVE_SITE_RE.match(name.strip())
    return match.group("owner") if match else name.strip()


def home_link_names(root: etree._Element | None, url: str | None, candidates: list[str]) -> list[str]:
    """Those of ``candidates`` (``owner_candidates``: the site's name) that a link to the site's home page shows (its
    text or its image's ``alt``, without a possessive's "'s blog"): the site's title in its header, which a personal
    site writes as its owner's name (a fiction or forum site, "Royal Road", shows a logo; a header's other home links
    say "Go Back" or "Data Blog"). Asked only of a dated page with no author field, in the first person (a walk of
    the page's links)."""
    if root is None or not candidates:
        return []
    page = urlsplit(url) if url else None
    page_host = page.hostname if page is not None else None
    shown: dict[str, str] = {}
    for link in root.iter("a"):
        parts = urlsplit(link.get("href") or "")
        under_path = page is not None and parts.path.endswith("/") and page.path.startswith(parts.path)
        # (the host, a costlier reading, is read last)
        if parts.query or (parts.path.strip("/") and not under_path) or \
                (page is not None and parts.netloc and (host := parts.hostname) and host != page_host):
            continue  # not the home page, nor the home of a site under a path ("/~jdoe/blog/")
        for text in (" ".join(link.text_content().split()), *(image.get("alt") or "" for image in link.iter("img"))):
            if owner := _owner(text):
                shown.setdefault(owner.casefold(), owner)
    return [shown[name.casefold()] for name in candidates if name.casefold() in shown]


__all__ = ["MIN_FIRST_PERSON_WORDS", "home_link_names", "in_first_person", "owner_candidates", "personal_names",
           "site_owner"]
