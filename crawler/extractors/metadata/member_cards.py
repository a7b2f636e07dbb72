"""A thread's starter from the member cards beside its posts, when the cards show the names as plain text.

Forum software prints each post's author in a card beside the post: the name, a rank, the day the member joined and
the member's count of posts ("Registered: 2022-01-10", "Posts: 152"). A guest often sees the names without links to
the members' profiles (profiles hidden from guests), so ``profile_links`` finds none; the cards' two statistics
still tell a member's card from any other small box, and the first post's card names the thread's starter. Read
last, as the profile links are, when nothing else names anybody.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.blocks import TextDocument
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.profile_links import MAX_MEMBER_CHARS, MAX_MEMBER_WORDS, MIN_THREAD_MEMBERS

# A card's count of posts, the label alone in its element or with the number ("Posts: 152", vBulletin's "Posts" and
# "152" apart); in the languages whose forum addresses ``profile_links`` reads.
POSTS_LABELS = r"(?:posts|messages|beiträge|mensajes|messaggi|berichten)"
POSTS_RE = re.compile(POSTS_LABELS + r"\s*:?\s*[\d.,\s]*", re.I)
# The count in a card's text, its label and number in one element or two ("Posts: 152", "Posts 152").
POSTS_COUNT_RE = re.compile(r"\b" + POSTS_LABELS + r"\s*:?\s*\d", re.I)
# The day a member joined, which a card shows beside the count ("Registered:", "Join Date", "Inscrit le").
JOINED_RE = re.compile(r"\b(?:registered|joined|join date|member since|inscrit|inscription|registriert|dabei seit|"
                       r"mitglied seit|registrado|miembro desde|iscritto|iscrizione|lid sinds)\b", re.I)
# A count's line is short: its label and a number.
MAX_POSTS_LINE_CHARS = 24
# A card is a small box: a name, a rank, two statistics and their values (chosen by hand).
MAX_CARD_CHARS = 160
# How far above a count's element its card may start (a span in a dd in a dl in a column).
MAX_CARD_DEPTH = 4
# A news story's paragraphs above a comment list's cards (a thread's first card comes before its first post or
# just after it, with at most that one long block above it); both bounds chosen by hand.
LONG_BLOCK_CHARS = 150
MAX_LONG_BLOCKS_BEFORE = 1


def card_starter(doc: TextDocument) -> list[str]:
    """The name on the first of the page's member cards, when it shows two cards or more and no more than one long
    block above the first (a story's comment cards come below its paragraphs); [] otherwise."""
    cards: list[etree._Element] = []
    long_before = 0
    for block in doc.blocks:
        text = block.text
        if not cards and len(text) >= LONG_BLOCK_CHARS:
            long_before += 1
            if long_before > MAX_LONG_BLOCKS_BEFORE:
                return []
        if len(text) > MAX_POSTS_LINE_CHARS or POSTS_RE.fullmatch(text) is None or block.element is None:
            continue
        card = card_of(block.element)
        if card is not None and not any(card is seen for seen in cards):
            cards.append(card)
            if len(cards) >= MIN_THREAD_MEMBERS:  # (a thread: the starter's card and a replier's)
                name = card_name(cards[0])
                return [name] if name else []
    return []


def card_of(inner: etree._Element) -> etree._Element | None:
    """The largest box holding an element (a count's, a name's), up to ``MAX_CARD_DEPTH`` above it, whose text is a
    card's (at most ``MAX_CARD_CHARS``) and shows the day its member joined and the count of posts; None when no
    such box holds it."""
    card = None
    element: etree._Element | None = inner
    for _ in range(MAX_CARD_DEPTH + 1):
        if element is None or element.tag in ("body", "html"):
            break
        text = normalize_space(" ".join(element.itertext()))  # (a card's lines are elements printed without a space)
        if len(text) > MAX_CARD_CHARS:
            break
        if JOINED_RE.search(text) and POSTS_COUNT_RE.search(text):
            card = element
        element = element.getparent()
    return card


def card_name(card: etree._Element) -> str | None:
    """The card's first text, when it is shaped as a member's name and is none of the card's statistics."""
    for piece in card.itertext():
        name = normalize_space(piece)
        if not name:
            continue
        if len(name) > MAX_MEMBER_CHARS or len(name.split()) > MAX_MEMBER_WORDS or name.isdigit() or \
                POSTS_RE.fullmatch(name) or JOINED_RE.search(name):
            return None
        return name
    return None


def in_member_card(element: etree._Element) -> bool:
    """Whether an element (a name-shaped line) is part of a forum member's card: a poster's name and rank, no
    byline."""
    return card_of(element) is not None


__all__ = ["card_name", "card_of", "card_starter", "in_member_card"]
