"""Collective bylines: a post credited to the staff of a named company, paper or desk ("Acme Team", "The Daily Bugle
Staff", "Lifestyle Desk of The Courier", "Team Lumen").

Company blogs and newsrooms put such a credit in the author field (meta author, JSON-LD author) when no person
signs the post. It is what the page presents as the author, so it is taken, but only as the last resort (a person
named anywhere comes first) and only with the name of whose staff it is: a role or a department alone ("Staff",
"Our Editors", "News Desk", "Marketing Team") names nobody.
"""

from __future__ import annotations

import re

# The collective word that ends the credit ("Acme Team", "Acme Editorial Team", "Acme Staff", "Acme Lifestyle Desk").
COLLECTIVE_END_RE = re.compile(
    r"^(?:the\s+)?(?P<owner>.+?)\s+(?:editorial\s+|content\s+|news\s+|writing\s+)?"
    r"(?:team|staff|desk|editors|newsroom|contributors)$", re.I)
# ...or that leads it ("Team Lumen").
COLLECTIVE_START_RE = re.compile(r"^team\s+(?P<owner>.+)$", re.I)
# Words that say whose staff in general, not which: pronouns, roles and departments ("Our Editors", "Marketing Team",
# "News Desk", "Staff Writer"): an owner made only of them names no company.
GENERIC_OWNER_WORDS = frozenset(
    "our my your their the a an editorial editor editors content news web site blog digital online marketing sales "
    "support customer success product design engineering research communications community social media press "
    "staff writer writers team guest author authors admin desk newsroom city metro sports business features "
    "opinion lifestyle".split())
# A company's name is short ("Great Day Improvements"); a longer owner is a phrase of the text.
MAX_OWNER_WORDS = 4
# The small words a company's name may hold in lower case ("Friends of the Earth"); any other word in lower case
# makes the owner a phrase of the text ("Learn more about our contributors").
NAME_LINK_WORDS = frozenset("of the and for de du la von van & on in at".split())


def collective_byline(text: str) -> bool:
    """Whether the text is a collective credit naming its owner: "<Name> Team/Staff/Desk/Editors", "Team <Name>"."""
    match = COLLECTIVE_END_RE.match(text) or COLLECTIVE_START_RE.match(text)
    if match is None:
        return False
    words = match.group("owner").split()
    if not words or len(words) > MAX_OWNER_WORDS or any(any(map(str.isdigit, word)) for word in words):
        return False
    # the owner is a name: it starts with a capital (or a digit-free brand in lower case is refused) and holds a word
    # that is not a generic one
    return words[0][0].isupper() and any(word.casefold().strip(".,&'") not in GENERIC_OWNER_WORDS for word in words) \
        and all(word[0].isupper() or word[0].isdigit() or word in NAME_LINK_WORDS for word in words)


__all__ = ["collective_byline"]
