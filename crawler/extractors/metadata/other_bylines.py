"""Names that are someone else's byline on the page: a teaser's credit in a rail or a list of other stories ("Most
Popular" / "By Tom Fischer", "延伸阅读" / "作者：王芳"), and a comment list's names linked to members' pages, each entry
dated. Neither is the story's author: a wrong name is worse than none."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.metadata.date_conflicts import OTHER_STORY_MARK_RE, OTHER_STORY_TAGS, opens_other_stories
from crawler.extractors.metadata.dates import find_text_date

# The levels walked up from a byline to the teaser that holds it (its line, its card, the card's list item).
TEASER_DEPTH = 3
# A link whose text is another story's headline has this many words at least (a name linked alone is passed over)...
MIN_HEADLINE_WORDS = 3
# ...or, in Chinese or Japanese, this many characters (a name has two to four).
MIN_CJK_HEADLINE_CHARS = 6
HEADING_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
# The levels from a teaser's card up to the one repeated in its list (the card, its list item).
LIKE_CARD_DEPTH = 2
# Where a link to a member goes (a user's or a profile page), the address of a commenter's name.
MEMBER_LINK_WORDS = ("/user", "/u/", "/member", "/profil", "/membre", "/usuario", "/utent", "/nutzer", "uid=")
# The levels walked up from a member's link to its entry (the link's line, the entry, the entry's list item).
ENTRY_DEPTH = 3
# The story's paragraphs between the headline and the first member's entry: this many characters make the entries
# a comment list below a story (a forum's first post holds its text in its entry; chosen by hand on the tests' pages).
MIN_STORY_CHARS = 80
# The levels walked up from a byline to a link around it, the teaser's card being one link (its line, the card's
# rows, the card).
LINKED_CARD_DEPTH = 4
# Where a link to the writer goes (an author's or a member's page): a byline linked there is the story's own.
WRITER_LINK_WORDS = ("author", "autor", "auteur", "writer", "people", "person", "staff", "journalist", "reporter",
                     "contributor", "zuozhe", "profile", "member", "user", *MEMBER_LINK_WORDS)
# Any of WRITER_LINK_WORDS in an address (lowered): one search instead of a test a word.
WRITER_LINK_RE = re.compile("|".join(map(re.escape, WRITER_LINK_WORDS)))


def other_storys_byline(element: etree._Element, names: Iterable[str], doc: TextDocument) -> bool:
    """Whether the element that gave ``names`` is a teaser's credit below the story: it comes after the story's
    headline (the <h1> the <title> holds, else the first), and a card around it opens with a link to another story (a
    headline's words, neither a name of ``names`` nor a part of the page's <title> and headline), in a list or an area
    of other stories (``_in_other_stories``)."""
    names = [name.casefold() for name in names]
    if in_linked_card(element) and _after_headline(element, doc):
        return True
    own = _own_headlines(doc)
    node: etree._Element | None = element
    for _ in range(TEASER_DEPTH + 1):
        if node is None or not isinstance(node.tag, str) or node.tag in ("body", "html") or \
                node.find(".//h1") is not None:
            return False  # the story's own header holds its headline
        if _opens_with_headline_link(node, element, names, own):
            return _in_other_stories(node) and _after_headline(element, doc)
        node = node.getparent()
    return False


def in_linked_card(element: etree._Element) -> bool:
    """Whether a byline's element sits in a teaser card that is itself one link to another page (headline, date and
    "By X" all inside the ``<a>``): a link not to a writer's page whose text holds a headline's words besides the
    element's own."""
    node: etree._Element | None = element
    for _ in range(LINKED_CARD_DEPTH + 1):
        if node is None or not isinstance(node.tag, str) or node.tag in ("body", "html"):
            return False
        if node.tag == "a":
            href = (node.get("href") or "#").lower()
            if href.startswith("#") or WRITER_LINK_RE.search(href):
                return False
            besides = len(normalize_space(node.text_content()).split()) - \
                len(normalize_space(element.text_content()).split())
            return besides >= MIN_HEADLINE_WORDS
        node = node.getparent()
    return False


def _opens_with_headline_link(card: etree._Element, element: etree._Element, names: list[str], own: str) -> bool:
    """Whether a link to another story comes in the card before the element (a teaser: its headline, then its
    byline)."""
    for node in card.iter():
        if node is element and node is not card:  # (a line that is the teaser itself holds its link: "title 作者：X")
            return False
        if node.tag == "a" and _headline_link(node, names, own):
            return True
    return False


def _headline_link(link: etree._Element, names: list[str], own: str) -> bool:
    text = normalize_space(link.text_content())
    folded = text.casefold()
    if not text or folded in own or folded in names:
        return False
    long_enough = len(text) >= MIN_CJK_HEADLINE_CHARS if CJK_RE.search(text) else \
        len(text.split()) >= MIN_HEADLINE_WORDS
    return long_enough and not (link.get("href") or "#").startswith("#")


def _after_headline(element: etree._Element, doc: TextDocument) -> bool:
    """Whether the element follows the story's headline: the longest <h1> whose text the <title> holds (a logo's
    "Salon" is held too), else the first (on a page without one, wherever it stands)."""
    h1s = doc.h1s()
    title = (doc.title or "").casefold()
    held = [(len(text), index) for index, h1 in enumerate(h1s)
            if (text := normalize_space(h1.text_content()).casefold()) and text in title]
    headline = h1s[max(held)[1]] if held else next(iter(h1s), None)
    if headline is None:
        return True
    for node in element.getroottree().iter():
        if node is headline:
            return True
        if node is element:
            return False
    return False


def _own_headlines(doc: TextDocument) -> str:
    """The page's <title> and its <h1>s' texts, case-folded: a link holding one of them is the story's own."""
    return " ".join([doc.title or "", *(normalize_space(h1.text_content()) for h1 in doc.h1s())]).casefold()


def _in_other_stories(card: etree._Element) -> bool:
    """The card comes after a heading that opens a list of other stories, or it is one of like cards (it or its
    parent has a sibling of its tag and class) in an aside, a navigation or an area marked for other stories (one
    card alone there is as often the story's own side column: its section, its writer)."""
    if any(opens_other_stories(normalize_space(heading.text_content())) for heading in card.iter(*HEADING_TAGS)):
        return True  # the card is the list itself, its heading first ("<aside><h3>À lire aussi</h3>…")
    marked, like = False, False
    for depth, ancestor in enumerate((card, *card.iterancestors())):
        if ancestor.tag in ("body", "html"):
            return False
        if any(opens_other_stories(normalize_space(sibling.text_content()))
               for sibling in ancestor.itersiblings(preceding=True) if sibling.tag in HEADING_TAGS):
            return True
        like = like or (depth < LIKE_CARD_DEPTH and next(_like_siblings(ancestor), None) is not None)
        marked = marked or ancestor.tag in OTHER_STORY_TAGS or any(OTHER_STORY_MARK_RE.search(ancestor.get(name) or "")
                                                                   for name in ("class", "id"))
        if marked and like:
            return True
    return False


def others_credit(element: etree._Element | None, names: Iterable[str], doc: TextDocument) -> bool:
    """Whether the element that gave ``names`` is a commenter's entry or a teaser's credit below the story."""
    return element is not None and (commenter_entry(element) or other_storys_byline(element, names, doc))


def commenter_entry(element: etree._Element | None) -> bool:
    """Whether the element (or its parent) is one of like entries (same tag and class), each with a link to a
    member's page and a date: a comment list's items, whose linked names are the commenters'."""
    if element is None:
        return False
    for node in (element, element.getparent()):
        if node is not None and _dated_member_entry(node) and \
                any(_dated_member_entry(sibling) for sibling in _like_siblings(node)):
            return True
    return False


def commenters_below_story(headline: etree._Element, link: etree._Element) -> bool:
    """Whether the member's link sits in a comment list's entry (``commenter_entry``) below the story's own
    paragraphs, outside the entries: a news story's commenters, not a thread's first poster."""
    entry: etree._Element | None = link
    for _ in range(ENTRY_DEPTH):
        entry = entry.getparent() if entry is not None else None
        if entry is None:
            return False
        if commenter_entry(entry):
            break
    else:
        return False
    story, started = 0, False
    for element in headline.getroottree().iter():
        if element is headline:
            started = True
        elif element is entry or element is link:
            break
        elif started and element.tag == "p":
            story += len(normalize_space(element.text_content()))
    return story >= MIN_STORY_CHARS


def _like_siblings(node: etree._Element) -> Iterator[etree._Element]:
    mark = node.get("class")
    for sibling in (*node.itersiblings(), *node.itersiblings(preceding=True)):
        if sibling.tag == node.tag and sibling.get("class") == mark:
            yield sibling


def _dated_member_entry(node: etree._Element) -> bool:
    if not any(word in (link.get("href") or "").lower() for link in node.iter("a") for word in MEMBER_LINK_WORDS):
        return False
    return find_text_date(normalize_space(node.text_content())) is not None


__all__ = ["WRITER_LINK_RE", "WRITER_LINK_WORDS", "commenter_entry", "commenters_below_story", "in_linked_card",
           "other_storys_byline", "others_credit"]
