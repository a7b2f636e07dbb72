"""Sponsored pages (advertorials, "Anzeige", "Sponsored content", brand studio pieces): the sponsor the page names
("paid for by Voltra Motors", "Präsentiert von Nordbus GmbH") is a company, not an author, even when the author field
or the byline holds its name. Only a name the page itself gives as the sponsor's is dropped: a writer named beside it
stays."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument

# The phrases that name a page's sponsor, in the languages of the probe's pages (English, German, French, Spanish,
# Italian, Dutch, Polish): the name follows.
SPONSOR_RE = re.compile(r"(?:paid\s+for\s+by|sponsored\s+by|presented\s+by|brought\s+to\s+you\s+by|"
                        r"präsentiert\s+von|gesponsert\s+von|im\s+auftrag\s+von|sponsorisé\s+par|présenté\s+par|"
                        r"patrocinado\s+por|ofrecido\s+por|sponsorizzato\s+da|offerto\s+da|gesponsord\s+door|"
                        r"aangeboden\s+door|sponsorowane\s+przez)\s+(?P<name>[^.,;:!?()\n]{2,60})", re.I)
# Blocks longer than this are the story's paragraphs, read for no sponsor: a disclaimer is a sentence or two.
MAX_DISCLAIMER_CHARS = 300


def sponsors(doc: TextDocument) -> list[str]:
    """The names the page gives as its sponsor's, case-folded (each short block is searched: a disclaimer line)."""
    found = []
    for block in doc.blocks:
        if block.num_chars <= MAX_DISCLAIMER_CHARS and (match := SPONSOR_RE.search(block.text)):
            found.append(match.group("name").strip().casefold())
    return found


def without_sponsors(authors: list[str], doc: TextDocument) -> list[str]:
    """The authors less those the page names as its sponsor (a name the sponsor's phrase starts with)."""
    named = sponsors(doc)
    if not named:
        return authors
    return [name for name in authors if not any(sponsor.startswith(name.casefold()) for sponsor in named)]


__all__ = ["SPONSOR_RE", "sponsors", "without_sponsors"]
