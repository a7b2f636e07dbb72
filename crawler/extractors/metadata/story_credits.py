"""Credits of story types other than the report, in a line of their own, anywhere on the page: an interview's
interviewer at its foot ("Das Interview führte Katrin Vogel.", "Propos recueillis par Sophie Moreau") and a podcast
episode's hosts under its title ("Hosted by Dana Ruiz and Oliver Grant"). The interviewee, named in the headline or
the questions, is no author; the line names the one who wrote the piece up."""

from __future__ import annotations

import re

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import split_people

# The whole line is the credit: its label, then the names (a sentence that mentions an interview is no credit).
STORY_CREDIT_RE = re.compile(r"^(?:das\s+interview\s+führten?|interview\s+(?:geführt\s+)?von|"
                             r"propos\s+recueillis\s+par|entretien\s+réalisé\s+par|entrevista\s+realizada\s+por|"
                             r"intervista\s+a\s+cura\s+di|interview(?:ed)?\s+by|hosted\s+by|"
                             r"het\s+interview\s+werd\s+afgenomen\s+door|rozmawiał[a]?)\s*:?\s+(?P<names>[^.!?]+)\.?$",
                             re.I)
# A live blog's or a ticker's headline says it is one (its entries each carry their own writer and time).
LIVE_RE = re.compile(r"\blive\b|liveticker|liveblog|newsticker|\bticker\b|en\s+direct|en\s+vivo|en\s+directo|"
                     r"in\s+diretta|na\s+żywo|直播|实时|實時|速報|ライブ", re.I)
# A credit line is short: a paragraph longer than this is the story's.
MAX_CREDIT_CHARS = 90


def story_credit(doc: TextDocument, positions: list[int], texts: list[str]) -> list[str]:
    """The people of the first short block that is such a credit, every name a full one (two words at least)."""
    for position, text in zip(positions, texts, strict=True):
        if len(text) > MAX_CREDIT_CHARS or (match := STORY_CREDIT_RE.match(text.strip())) is None:
            continue
        names = split_people(match.group("names"))
        if names and all(" " in name for name in names) and readable(doc.blocks[position]):
            return names
    return []


def live_headline(title: str | None) -> bool:
    """Whether the headline says the page is a live blog or a ticker."""
    return bool(title) and LIVE_RE.search(title) is not None


__all__ = ["LIVE_RE", "STORY_CREDIT_RE", "live_headline", "story_credit"]
