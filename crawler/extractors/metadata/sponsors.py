"""Sponsored pages (advertorials, "Anzeige", "Sponsored content", brand studio pieces): the sponsor the page names
("paid for by Voltra Motors", "Präsentiert von Nordbus GmbH") is a company, not an author, even when the author field
or the byline holds its name. Only a name the page itself gives as the sponsor's is dropped: a writer named beside it
stays."""

from __future__ import annotations

import re
import sys

from crawler.extractors.document.parse import TextDocument
from crawler.kernels.walk import short_texts

# The phrases that name a page's sponsor, in the languages of the probe's pages (English, German, French, Spanish,
# Italian, Dutch, Polish), ending the text before the sponsor's name.
SPONSOR_BEFORE_RE = re.compile(r"(?:paid\s+for\s+by|sponsored\s+by|presented\s+by|brought\s+to\s+you\s+by|"
                               r"präsentiert\s+von|gesponsert\s+von|im\s+auftrag\s+von|sponsorisé\s+par|"
                               r"présenté\s+par|patrocinado\s+por|ofrecido\s+por|sponsorizzato\s+da|offerto\s+da|"
                               r"gesponsord\s+door|aangeboden\s+door|sponsorowane\s+przez)\s+$", re.I)
# The text read before each showing of a name: the longest phrase and its spaces.
PHRASE_CHARS = 30


def is_sponsor(name: str, text: str) -> bool:
    """Whether the text names the name as its sponsor anywhere (the name's showings are found first, by a literal
    search: the phrases are asked only of the few characters before them)."""
    at = text.find(name)
    while at >= 0:
        if SPONSOR_BEFORE_RE.search(text, max(0, at - PHRASE_CHARS), at):
            return True
        at = text.find(name, at + len(name))
    return False


def without_sponsors(authors: list[str], doc: TextDocument) -> list[str]:
    """The authors less those the page names as its sponsor."""
    # (every block's text read in C, ``short_texts`` with no bound: no ``TextBlock.text`` property call a block)
    text = "\n".join(short_texts(doc.blocks, sys.maxsize)[1])
    return [name for name in authors if not is_sponsor(name, text)]


__all__ = ["SPONSOR_BEFORE_RE", "is_sponsor", "without_sponsors"]
