"""An author card: an element marked as the author's (class "author-box", "blog-author", "author-card") that shows
the name on its first line and a role or a short biography after it ("Lauren Vetter" / "Lauren Vetter is a
growth-focused marketer..."; "Juliette Carreiro" / "Tech Writer"), with no "By" before the name.

The first text piece of the card is taken when it is a personal name (``people.split_people``, strict: two to five
capitalised words, no role word) and the second is not another name: a card shows one person, a list of the site's
authors several.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.metadata.byline import BY_RE, byline_names
from crawler.extractors.metadata.cjk_credits import person
from crawler.extractors.metadata.dates import find_text_date
from crawler.extractors.metadata.people import split_people

# A reading time beside the name and the date ("4 min read"), the one number of a byline that is no date.
READING_TIME_RE = re.compile(r"^\s*\d+\s*(?:min|minutes?|mins)\b", re.I)
# A Chinese job title under the name on a card ("后端工程师", "资深产品经理"): Han characters alone, longer than a
# name (two to four) and shorter than a phrase of a biography (which has its commas).
CJK_JOB_TITLE_RE = re.compile(r"[\u4e00-\u9fff]{5,12}")
# Marks that join Chinese names in a list ("王小明、李大華"): a piece of its own after the first name makes no card.
LIST_MARKS = frozenset({"、", "，", ",", "&", "/", "／", "和", "及"})
# A Chinese columnist's role before the name on a card's first line ("特约评论员 陈思远", "专栏作家 王小明"): no part
# of the name (the story-type probe's columnist cards, tests/test_metadata_story_types.py).
CJK_ROLE_BEFORE_NAME_RE = re.compile(r"^[\u4e00-\u9fff]{0,6}(?:评论员|評論員|撰稿人|主笔|主筆|专栏作家|專欄作家|"
                                     r"专栏作者|專欄作者)\s*(?P<name>\S+)$")
# A piece that only joins names ("<a>X</a>, <a>Y</a>", "<a>X</a> og <a>Y</a>"): with a name after it, the element lists
# several people ("X, VP, Security" is one person's card).
LIST_JOINER_RE = re.compile(r"[,;&]|and|und|et|y|e|i|og|och|en|и|és|ve|și", re.I)
# The pieces of a card read: the name and what follows it.
CARD_PIECES = 2


def card_name(element: etree._Element) -> list[str]:
    """The person whose name opens the card, or nothing (nor for a card among like ones: a list of authors)."""
    if one_of_a_list(element):
        return []
    pieces: list[str] = []
    for piece in element.itertext():
        piece = normalize_space(piece)
        if piece:
            pieces.append(piece)
            if len(pieces) == CARD_PIECES + 1:
                break
    if len(pieces) < CARD_PIECES:
        return []
    name, after = pieces[:CARD_PIECES]
    if after in LIST_MARKS and CJK_RE.search(name):
        return []  # "<a>王小明</a>、<a>李大華</a>": a list of Chinese names, not a card
    role = CJK_ROLE_BEFORE_NAME_RE.match(name) if CJK_RE.search(name) else None
    if role:  # the name after the role, when it is a Chinese name ("本报评论员" alone names no one)
        return [found] if (found := person(role.group("name"))) else []
    if LIST_JOINER_RE.fullmatch(after) and len(pieces) > CARD_PIECES and split_people(pieces[-1]) == [pieces[-1]]:
        return []  # a list of people, not one person's card (the byline's reader splits it); a role may follow too
    labelled = byline_names(name) if BY_RE.match(name) else []
    if labelled:  # the card's first line is its byline with the label ("Av Anna Svensson", "Von Hans Müller")
        return labelled if split_people(after) != [after] else []
    if CJK_RE.search(name) and (credited := byline_names(name)):
        return credited  # a Chinese credit on the card's first line ("王晓明 报道"): its names, not the line
    people = split_people(name)
    # (a Chinese job title after a Chinese name, "张伟" / "后端工程师", is no second person)
    job_title = CJK_JOB_TITLE_RE.fullmatch(after) is not None and person(name) is not None
    if people != [name] or (split_people(after) == [after] and not job_title):
        return []  # the first line is no name alone, or the next is another name (a list of people)
    return people


def one_of_a_list(element: etree._Element) -> bool:
    """Whether a sibling has the element's tag and class: one card of a list ("follow these authors")."""
    mark = element.get("class")
    return any(sibling.tag == element.tag and sibling.get("class") == mark
               for sibling in (*element.itersiblings(), *element.itersiblings(preceding=True)))


def in_card_list(element: etree._Element) -> bool:
    """Whether the element or the card around it is one of like siblings: a listing's cards (research papers, posts),
    each with its authors, none the page's."""
    parent = element.getparent()
    return one_of_a_list(element) or (parent is not None and one_of_a_list(parent))


def in_repeated_entries(element: etree._Element) -> bool:
    """Whether the byline element sits in one of like entries (a live blog's or a ticker's posts, a teaser list's
    items: the parent or the grandparent has a sibling of its tag and class) and another entry has an element of its
    mark too: each entry's own author, not the page's. The element's own like siblings ("<span class='author'>A</span>
    and <span class='author'>B</span>") are one byline's names, not entries."""
    mark = element.get("class")
    if not mark:
        return False
    ancestor = element.getparent()
    for _ in range(2):
        if ancestor is None or not ancestor.get("class"):
            return False
        like = [sibling for sibling in (*ancestor.itersiblings(), *ancestor.itersiblings(preceding=True))
                if sibling.tag == ancestor.tag and sibling.get("class") == ancestor.get("class")]
        if like:
            return any(node.get("class") == mark for sibling in like for node in sibling.iter(element.tag))
        ancestor = ancestor.getparent()
    return False


def short_card_name(element: etree._Element) -> list[str]:
    """``card_name`` of a byline element whose pieces hold no count ("12.3K fans": a follow widget's): a number
    there must be a date or a reading time."""
    for piece in element.itertext():
        if any(map(str.isdigit, piece)) and find_text_date(piece) is None and not READING_TIME_RE.search(piece):
            return []
    return card_name(element)


__all__ = ["card_name", "in_card_list", "in_repeated_entries", "one_of_a_list", "short_card_name"]
