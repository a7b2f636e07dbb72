"""A name alone in its block right under the headline, the line after it the date or the author's role: the byline
of pages that print no "By" ("Emmanuel Oyibo" / "Oct 21, 2025", "Juliette Carreiro" / "Tech Writer").

A name-shaped line beside a date is as often a section ("Cloud Computing" / "Oct 21, 2025"), so beside a date the
name needs a sign that it is a person's: the author's photo beside it (an ``<img>`` whose ``alt`` holds the name)
or a link to the author's page around it. A role line ("Tech Writer", "Senior Editor") is that sign itself.

A blog theme's meta line "March 5, 2024 · 3 min · Jane Doe" (Hugo's): the date and the reading time are the sign.
A mailing-list archive's sender line "Jane Doe jane.doe at example.org" (Mailman's): the hidden address is.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.areas import in_comments
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.dates import find_text_date
from crawler.extractors.metadata.korean_credits import titled_writer
from crawler.extractors.metadata.member_cards import in_member_card
from crawler.extractors.metadata.people import MIN_NAME_WORDS, has_role, split_people

# The last syllables of the Korean op-ed writers' titles (``korean_credits.KOREAN_TITLED_WRITER_RE``): a cheap test.
TITLE_ENDS = frozenset("수원사장표트가필")
# Blocks read under the headline: a byline sits within a few (share buttons or a standfirst may come first).
BLOCKS_AFTER_HEADLINE = 6
# A role line is short ("Tech Writer", "Writer, Hardware"); a longer one is a sentence.
MAX_ROLE_CHARS = 40
# Ancestors of the name's block looked in for the author's photo or link (a byline card nests 1-3 levels).
CARD_LEVELS = 3
# Where a link to a person's page goes (an author archive, a profile).
# The roles of a credits list's item that write the story (a photographer's, a video editor's, a producer's do not):
# Nordic, Finnish, Polish, Czech and Hungarian broadcasters' and papers' words.
WRITER_ROLES = frozenset({"reporter", "reportrar", "journalist", "journalisti", "toimittaja", "reporterka",
                          "dziennikarz", "dziennikarka", "novinář", "novinářka", "újságíró", "skribent"})
# A post's reading time ("3 min", "3 min read", "5 minutes") as a piece of its own.
READING_TIME_RE = re.compile(r"^\d{1,3}\s*(?:min|mins|minutes?)(?:\s+read)?$", re.I)
# A sender's name, then the address as mailing-list archives hide it from harvesters ("jane.doe at example.org").
SENDER_LINE_RE = re.compile(r"^(?P<name>[^\W\d_][^\d@<>]{2,60}?)\s+[\w.+-]+ at [\w-]+(?:\.[\w-]+)+(?:\s|$)")
# The dividers of a meta line's pieces.
META_DIVIDER_RE = re.compile(r"\s*[·•|]\s*")
# (a paper's reporter pages too: "/reporter/sato-hanako/", "/journalist/015/77123")
PERSON_HREF_RE = re.compile(r"/(?:authors?|people|person|profiles?|writers?|contributors?|team|staff|users?|"
                            r"reporters?|journalists?)/", re.I)


def name_without_byline_words(doc: TextDocument, headline: int) -> list[str]:
    """The person of a line under the headline that no byline's words introduce (the readers of this module)."""
    return name_beside_date_or_role(doc, headline) or name_beside_reading_time(doc, headline) or \
        sender_of_message(doc, headline) or titled_writer_block(doc, headline) or credited_writers(doc, headline)


def credited_writers(doc: TextDocument, headline: int) -> list[str]:
    """The writers of a credits list under the headline, each item a name and its role in pieces of their own (a
    broadcaster's "Johan Nyberg" / "reporter", "Sara Blom" / "fotograf"): the names whose role writes the story."""
    names: list[str] = []
    for block in doc.blocks[headline + 1:headline + 1 + BLOCKS_AFTER_HEADLINE]:
        element = block.element
        if element is None or len(block.text) > MAX_ROLE_CHARS:
            continue
        pieces = [piece for piece in (text.strip() for text in element.itertext()) if piece]
        if len(pieces) == 2 and pieces[1].casefold() in WRITER_ROLES and split_people(pieces[0]) == [pieces[0]] \
                and readable(block) and not in_comments(element):
            names.append(pieces[0])
    return names


def titled_writer_block(doc: TextDocument, headline: int) -> list[str]:
    """A Korean op-ed's writer alone in a block under the headline, with the affiliation and title after the name
    (``korean_credits.titled_writer``); only in Hangul blocks ending in one of its titles' last syllables."""
    for block in doc.blocks[headline + 1:headline + 1 + BLOCKS_AFTER_HEADLINE]:
        text = block.text
        if len(text) <= MAX_ROLE_CHARS and text[-1:] in TITLE_ENDS and readable(block) and \
                (people := titled_writer(text)):
            return people
    return []


def name_beside_date_or_role(doc: TextDocument, headline: int) -> list[str]:
    """The person of the first name-alone block under the headline whose next block is a role, or a date when the
    name has the author's photo or link beside it."""
    blocks = doc.blocks
    for position in range(headline + 1, min(len(blocks) - 1, headline + 1 + BLOCKS_AFTER_HEADLINE)):
        block, after = blocks[position], blocks[position + 1]
        name = block.text.strip()
        if not name or len(name) > MAX_ROLE_CHARS or not _may_be_one_person(name) or split_people(name) != [name] \
                or not readable(block) or \
                (block.element is not None and in_comments(block.element)):
            continue  # (a sidebar's or a comment's card)
        if block.num_chars_in_anchor_text and not _links_to_person(block.element):
            continue  # a linked name-shaped line that goes elsewhere: share buttons, a section, a related story
        following = after.text.strip()
        if len(following) > MAX_ROLE_CHARS:
            continue  # a paragraph, or a block of fields (a book's author, release and genre)
        if has_role(following) and not any(map(str.isdigit, following)):
            if block.element is not None and in_member_card(block.element):
                continue  # a forum member's name and rank ("Moderator") beside a post: a poster, no byline
            return [name]
        # the date in the next block, or the one after a tag line ("Emma Oyo" / "#Cloud Computing" / "Published on …")
        dated = find_text_date(following) is not None or (
            following.startswith("#") and position + 2 < len(blocks) and
            len(blocks[position + 2].text) <= MAX_ROLE_CHARS * 2 and find_text_date(blocks[position + 2].text))
        if dated and block.element is not None and _personal(block.element, name):
            return [name]
    return []


def name_beside_reading_time(doc: TextDocument, headline: int) -> list[str]:
    """The person of a meta line under the headline whose pieces are a date, a reading time and one name."""
    for block in doc.blocks[headline + 1:headline + 1 + BLOCKS_AFTER_HEADLINE]:
        text = block.text
        if "min" not in text or len(text) > MAX_ROLE_CHARS * 2:
            continue  # (the literal test first: most blocks tell no reading time)
        pieces = META_DIVIDER_RE.split(text.strip())
        if len(pieces) < 3 or not any(READING_TIME_RE.match(piece) for piece in pieces):
            continue
        if not any(find_text_date(piece) for piece in pieces):
            continue
        names = [piece for piece in pieces if not any(map(str.isdigit, piece)) and split_people(piece) == [piece]]
        if len(names) == 1:
            return names
    return []


def sender_of_message(doc: TextDocument, headline: int) -> list[str]:
    """The sender of an archived message: the name before its hidden address in the first blocks under the subject."""
    for block in doc.blocks[headline + 1:headline + 1 + BLOCKS_AFTER_HEADLINE]:
        if " at " not in block.text:
            continue  # (the literal test first)
        match = SENDER_LINE_RE.match(block.text.strip())
        if match and split_people(name := match.group("name").strip()) == [name]:
            return [name]
    return []


def _may_be_one_person(name: str) -> bool:
    """False only where ``split_people(name) != [name]``: an ASCII text of one word, which its strict reading (the one
    for Latin text) never keeps whole, as a visible name needs a given name and a surname. Most blocks under a
    headline that are short enough are such words ("Share", "Advertisement")."""
    return not name.isascii() or len(name.split()) >= MIN_NAME_WORDS


def _links_to_person(element: etree._Element | None) -> bool:
    """Whether the block's links (or the link around it) go to a person's page."""
    if element is None:
        return False
    links = list(element.iter("a")) or [parent for parent in element.iterancestors("a")]
    return bool(links) and all(PERSON_HREF_RE.search(link.get("href") or "") for link in links)


def _personal(element: etree._Element, name: str) -> bool:
    """Whether the name's card holds the person's photo (alt holding the name) or a link to the person's page."""
    folded = name.casefold()
    node: etree._Element | None = element
    for _ in range(CARD_LEVELS):
        if node is None:
            return False
        if node.tag == "a" and PERSON_HREF_RE.search(node.get("href") or ""):
            return True
        for image in node.iter("img"):
            if folded in (image.get("alt") or "").casefold():
                return True
        for link in node.iter("a"):
            if PERSON_HREF_RE.search(link.get("href") or "") and folded in link.text_content().casefold():
                return True
        node = node.getparent()
    return False


__all__ = ["credited_writers", "name_beside_date_or_role", "name_beside_reading_time", "name_without_byline_words",
           "sender_of_message"]
