"""hAtom's moment of a post in an element's ``title`` attribute: Blogger prints only the clock ("at <abbr
class="published" title="2024-03-05T10:15:00+05:30">10:15 AM</abbr>"), WordPress themes an ``<abbr class="published
updated" title="2023-11-20">``. Read only when the markup (JSON-LD, meta, microdata, ``<time datetime>``) gives no
publication date, so other pages pay no search; ranked like microdata. A forum's relative time with its moment in
the ``title`` (Discuz!'s "发表于 <span title="2024-3-5 14:30:12">3 天前</span>") is read the same way."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.dates import parse_structured_date
from crawler.extractors.metadata.relative_dates import may_be_relative
from crawler.extractors.metadata.time_text import in_other_story_area
from crawler.kernels.walk import elements_marked

# The elements hAtom stamps: an <abbr> or <span> with a title, whose class holds the whole word "published" or
# "updated" (not "unpublished" nor "published-by"); the hAtom 0.1 draft's class names.
HATOM_STAMPS = etree.XPath(
    "descendant::*[self::abbr or self::span][@title]"
    "[contains(concat(' ', normalize-space(@class), ' '), ' published ') or "
    "contains(concat(' ', normalize-space(@class), ' '), ' updated ')]")
# HATOM_STAMPS's class words, and the white space XPath's normalize-space() parts them at: the stamps are found among
# the elements whose class holds one of the words in any case, in one compiled walk (``hatom_stamps``).
STAMP_CLASSES = ("published", "updated")
STAMP_WORDS = frozenset(STAMP_CLASSES)
XML_SPACE_RE = re.compile(r"[ \t\r\n]+")
# A title that is an ISO 8601 date or date-time (hAtom's value), not a tooltip's words or a partial date.
ISO_TITLE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$")


def hatom_date(body: etree._Element | None) -> FoundDate | None:
    """The post's moment from the first hAtom "published" stamp outside other stories' areas (comments, sidebars),
    else from the first "updated" one (a theme that stamps only its update stamps its one date); None when none."""
    if body is None:
        return None
    stamps = [element for element in hatom_stamps(body) if not in_other_story_area(element, body)]
    published = [element for element in stamps if "published" in element.get("class", "").split()]
    for element in published + stamps:
        title = element.get("title", "").strip()
        if ISO_TITLE_RE.match(title) and (found := parse_structured_date(title)) is not None:
            return found
    return None


def hatom_stamps(body: etree._Element) -> list[etree._Element]:
    """``HATOM_STAMPS(body)``: the elements whose class may hold a stamp's word are found in C (``elements_marked``,
    a superset: a proxy is made for those alone, where the XPath tests every element's tag and class), then tested as
    the XPath tests them (below ``body``, an ``<abbr>`` or ``<span>`` with a title, the word whole in the class)."""
    return [element for element in elements_marked(body, ("class",), STAMP_CLASSES)
            if element.tag in ("abbr", "span") and element is not body and element.get("title") is not None
            and not STAMP_WORDS.isdisjoint(XML_SPACE_RE.split(element.get("class", "")))]


# A <span> whose title holds a date and a time (a forum's exact moment behind its relative one), unpadded too.
TITLED_SPANS = etree.XPath("descendant::span[@title][string-length(@title) >= 8][string-length(@title) <= 25]")
TITLE_MOMENT_RE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{2}(?::\d{2})?$")
# A relative time is short ("3 天前", "昨天 09:12", "2 hours ago").
MAX_RELATIVE_CHARS = 20


def titled_relative_date(body: etree._Element | None) -> FoundDate | None:
    """The moment in the title of the first <span> outside other stories' areas that shows a relative time and holds
    the date and time it means in its title (Discuz!: "发表于 <span title="2024-3-5 14:30:12">3 天前</span>")."""
    if body is None:
        return None
    for element in titled_spans(body):
        title, text = element.get("title", "").strip(), element.text_content().strip()
        if TITLE_MOMENT_RE.match(title) and len(text) <= MAX_RELATIVE_CHARS and may_be_relative(text) and \
                not in_other_story_area(element, body):
            return parse_structured_date(title)
    return None


def titled_spans(body: etree._Element) -> list[etree._Element]:
    """``TITLED_SPANS(body)`` less the spans whose title holds no "-", which TITLE_MOMENT_RE needs: those whose title
    holds one (or a character outside ASCII) are found in C (``elements_marked``), then tested as the XPath tests
    them, rather than the XPath testing every element."""
    return [element for element in elements_marked(body, ("title",), ("-",))
            if element.tag == "span" and element is not body and 8 <= len(title := element.get("title", "")) <= 25
            and "-" in title]


__all__ = ["HATOM_STAMPS", "ISO_TITLE_RE", "hatom_date", "hatom_stamps", "titled_relative_date", "titled_spans"]
