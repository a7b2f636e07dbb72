"""The byline element (Readability.js's byline rule): the first element whose class, id or rel marks it as the byline
("author", "byline", "writtenby"), outside comments and reviewers' labels, and the names it holds."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.metadata.areas import in_comment_area, in_comments, under_review_label
from crawler.extractors.metadata.author_cards import card_name, in_card_list, in_repeated_entries, short_card_name
from crawler.extractors.metadata.byline import CJK_NAME, byline_names, clean_cjk_name
from crawler.extractors.metadata.cjk_roles import is_desk
from crawler.extractors.metadata.dates import find_text_date, may_be_relative, relative_date_of
from crawler.extractors.metadata.handles import linked_handle, one_word_byline
from crawler.extractors.metadata.japanese_credits import spaced_names
from crawler.extractors.metadata.markup import body_of
from crawler.extractors.metadata.other_bylines import other_storys_byline
from crawler.extractors.metadata.profile_links import declares_product
from crawler.extractors.metadata.teasers import in_teaser, without_h1
from crawler.extractors.metadata.thing_pages import about_a_thing
from crawler.extractors.metadata.touching_fields import spaced_text
from crawler.kernels.walk import attributes_of, elements_marked

# Elements that hold a byline by their class, id or rel (Readability.js's byline rule), "author" also in the site's
# language ("autor", "autore", "auteur"; not "autorità", "autoridad", "autorizar", nor French "hauteur", height).
# Readability.js's "dateline" is left out: it holds a place or a date ("CAIRO —"), and dates are read elsewhere.
BYLINE_ATTRIBUTE_RE = re.compile(r"byline|author(?!i[sz])|(?<![a-z])(?:autor(?!i[dtszc])|auteur)|writtenby", re.I)
# The same in ASCII marks (nearly all class names), lowered: without re.I the byline element search is cheaper.
ASCII_BYLINE_ATTRIBUTE_RE = re.compile(r"byline|author(?!i[sz])|(?<![a-z])(?:autor(?!i[dtszc])|auteur)|writtenby")
# A byline element holding only Chinese or Japanese names ("<span class='author'>张三</span>").
BARE_CJK_NAMES_RE = re.compile(rf"^{CJK_NAME}(?:[\s、，,]+{CJK_NAME})*$")
CJK_NAME_RE = re.compile(CJK_NAME)
# The characters read for the date right after a linked name ("2024年3月5日 10時15分" and a little more).
MAX_DATE_AFTER_NAME_CHARS = 30
# ...in an element whose class or id says it holds the name ("author", "author-name", "byline"), not a profile
# line beside it ("author-desc": "暂无简介").
NAME_MARK_RE = re.compile(r"(?:^|\s)[\w-]*(?:author|byline|writer)(?:[-_]?name)?(?:$|\s)", re.I)
# Where a link to a person goes (an author's page), as opposed to a channel's or a column's.
PERSON_LINK_RE = re.compile(r"author|user|people|person|writer|reporter|journalist|profile|zuozhe|/u/|uid=", re.I)
# The attributes that mark an element as a byline, and the words BYLINE_ATTRIBUTE_RE needs (one of them, in any case,
# in one attribute: the pattern has no white space, which joins the attributes).
BYLINE_MARK_ATTRIBUTES = ("class", "id", "rel")
BYLINE_MARK_WORDS = ("byline", "author", "autor", "auteur", "writtenby")
FIRST_DIGIT_RE = re.compile(r"\d")
# Dividers a news theme prints after the name, before the date in the next element ("By Jane Doe -").
BYLINE_DIVIDERS = " -–—|·•/"
# The moment a relative time is counted from when only its shape is asked (``relative_time``): any moment would do.
SHAPE_MOMENT = datetime(2000, 1, 1, tzinfo=timezone.utc)
# A byline element's sentence that holds its own label after other words ("This post was written by ...").
INNER_BY_RE = re.compile(r"(?<=\s)(?:written|posted) by\s", re.I)
# A byline element holding a poster's handle is short ("via quietfox 1 year ago | caches | 12 comments"): a longer
# one is a sentence or a box of several people (chosen by hand on the tests' pages).
MAX_HANDLE_LINE_WORDS = 20
# A language's "by" opening a byline element that elsewhere is a name or a word of a sentence: Catalan's "Per Jordi
# Puig i Marta Vila", Romanian's "de Mihai Ionescu".
LANGUAGE_BY_RES = {"ca": re.compile(r"^Per\s+(?=[A-ZÀ-Ý])"), "ro": re.compile(r"^[Dd]e\s+(?=[A-ZÀ-ÝĂÂÎȘȚŞŢ])")}
# Readability.js takes a byline element only below this length.
MAX_BYLINE_ELEMENT_CHARS = 100


def markup_byline(doc: TextDocument, *, entries: bool = True) -> list[str]:
    """Names in the first element marked as a byline (class, id or rel "author"/"byline") outside comments; with
    ``entries`` False not in one of like entries either (``in_repeated_entries``: a live blog's posts)."""
    if doc.root is None:
        return []
    # (``doc.body`` as ``body_of`` finds it, without ElementPath's costlier ``find("body")``, ``markup.body_of``)
    body = body_of(doc.root)
    # The elements whose class, id or rel holds a word every byline mark needs (or a character outside ASCII, for the
    # full pattern), found in C without a proxy for the others, each value searched in one pass (``elements_marked``):
    # cheaper than one Python loop over every element or an XPath query doing the case-insensitive test in libxml2.
    # (Gathered in the metadata's walk of the whole tree instead, their values would be read on pages that do not
    # need them.)
    for element in elements_marked(body, BYLINE_MARK_ATTRIBUTES, BYLINE_MARK_WORDS):
        marks = " ".join(filter(None, attributes_of(element, BYLINE_MARK_ATTRIBUTES)))
        matched = ASCII_BYLINE_ATTRIBUTE_RE.search(marks.lower()) if marks.isascii() else \
            BYLINE_ATTRIBUTE_RE.search(marks)
        if not matched or in_comments(element) or under_review_label(element):  # (a reviewer's name)
            continue
        if not entries and in_repeated_entries(element):  # a live blog's entry's author, a teaser's
            continue
        # (a listing's teaser's byline is its story's; a header holding the h1, an author's archive's or a profile's,
        # names the page's subject)
        if in_teaser(element, lone=without_h1(doc)) or element.find(".//h1") is not None:
            continue
        if in_comment_area(element) and (declares_product(doc.json_ld) or about_a_thing(doc)):  # a review's writer
            continue
        # (Latin pieces apart: "<a>Jane Doe</a><a>John Roe</a>" is two names, not "Jane DoeJohn Roe"; CJK text runs on
        # but for touching fields, "<span>记者 蒋涛</span><span>今天 14:30</span>")
        text = normalize_space(element.text_content())
        text = normalize_space(spaced_text(element) or text) if CJK_RE.search(text) else text
        if not CJK_RE.search(text):
            # (a theme's divider between the name and the date ends the element: "By Jane Doe -", "Jane Doe |")
            text = normalize_space(" ".join(element.itertext())).rstrip(BYLINE_DIVIDERS)
        if not text:
            continue
        if by_word := LANGUAGE_BY_RES.get((doc.declared_language or "")[:2]):  # ("Per" is elsewhere a name)
            text = by_word.sub("", text)
        if len(text) > MAX_BYLINE_ELEMENT_CHARS:
            # an author card (name, biography); a byline opening with its label ("Written by X, 4+ years…"), no card
            names = card_name(element) or ([] if in_card_list(element) else
                                           byline_names(text[:MAX_BYLINE_ELEMENT_CHARS]))
            if names and not other_storys_byline(element, names, doc):
                return names
            continue
        inner = INNER_BY_RE.search(text)  # "This post was written by X, ...": the names after the sentence's label
        # a name alone in its first piece and a role or a date in the next ("Mateusz Haberny" / "Founder at ...")
        names = [] if inner else short_card_name(element)
        names = names or byline_names(text[inner.start():] if inner else text) or (
            [] if inner else byline_names("by " + text) if FIRST_DIGIT_RE.search(text) is None
            else _names_before_date(element))
        if not names and (doc.declared_language or "")[:2] == "ja":  # "山田 太郎": one Japanese name, spaced
            names = spaced_names(text)
        # (a desk before the writer, "週刊経済編集部 佐藤花子": the desk names no one)
        desk, _, rest = text.partition(" ")
        bare = rest if rest and is_desk(desk) else text
        if not names and BARE_CJK_NAMES_RE.match(bare) and NAME_MARK_RE.search(marks) and not_a_channel_link(element):
            names = [name for name in (clean_cjk_name(raw) for raw in re.split(r"[\s、，,]+", bare)) if name]
        if not names and CJK_RE.search(text):  # "有料記事<a href=/reporter/…>佐藤花子</a>2024年3月5日"
            names = linked_cjk_people(element, text)
        if not names and len(text.split()) <= MAX_HANDLE_LINE_WORDS:
            names = linked_handle(element) or one_word_byline(text, element)  # a handle, "By: Amanda" linked
        if not names and FIRST_DIGIT_RE.search(text) is None:
            names = card_name(element)  # an author card: the name, then a role (a count: a follow widget)
        if names and other_storys_byline(element, names, doc):
            continue  # a teaser's credit in a list of other stories ("You may also like")
        if names:
            return names
    return []


def _names_before_date(element: etree._Element) -> list[str]:
    """An element marked as the byline holding the name and the date without "By" ("<p class=author>Andrew Gerrand<br>
    4 August 2010</p>"): the names in its text pieces before the first one with a digit, which must be a date; each
    piece a field of its own (run together, "Luke Kim" and "December 17, 2025" make "Luke KimDecember 17, 2025")."""
    head: list[str] = []
    for piece in element.itertext():
        piece = normalize_space(piece)
        if FIRST_DIGIT_RE.search(piece):
            if find_text_date(piece) is None and not relative_time(piece):
                return []  # a count beside the name ("Follow 12.3K"): an author widget, not the story's byline
            break
        if piece:
            head.append(piece)
    if not head:
        return []
    return byline_names(" ".join(head)) or byline_names("by " + " | ".join(head))


def linked_cjk_people(element: etree._Element, text: str) -> list[str]:
    """The Chinese or Japanese name linked to a person's page in a byline element whose text runs the name on into
    the date right after it (CJK text has no space between them; a commenter's nickname is followed by its place)."""
    for link in element.iter("a"):
        shown = normalize_space(link.text_content())
        if not CJK_NAME_RE.fullmatch(shown) or not PERSON_LINK_RE.search(link.get("href") or ""):
            continue
        after = text[text.find(shown) + len(shown):].lstrip()
        name = clean_cjk_name(shown)
        if name and after[:1].isdigit() and find_text_date(after[:MAX_DATE_AFTER_NAME_CHARS]) is not None:
            return [name]
    return []


def relative_time(piece: str) -> bool:
    """Whether the piece is a relative time ("3 hours ago", "3 часа назад"): its shape, counted from any moment."""
    return may_be_relative(piece) and relative_date_of(piece, SHAPE_MOMENT) is not None


def not_a_channel_link(element: etree._Element) -> bool:
    """A bare name marked as the author, unless it links to a page that is not a person's ("/gushihangqing/")."""
    links = [element] if element.tag == "a" else element.findall(".//a")
    return all(PERSON_LINK_RE.search(link.get("href") or "") for link in links)


__all__ = ["markup_byline", "not_a_channel_link"]
