"""The publication date a page shows in its own ``<time>`` element without a ``datetime`` attribute
(``<time class="entry-date">March 4, 2024</time>``): blog and shop themes write the post's day so, often below a
standfirst long enough that the visible text scan near the headline has stopped before it. Read only when the markup
(JSON-LD, meta, microdata, ``<time datetime>``) gives no plausible publication date; ranked just below them."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.metadata.candidates import clean
from crawler.extractors.metadata.date_values import FoundDate
from crawler.extractors.metadata.datelines import read_date_line

# Areas whose <time> is another story's or a reader's: related and recent posts, sidebars and widgets, comments,
# replies and reviews (whole words of class and id, as areas.COMMENT_AREA_RE reads them).
OTHER_STORY_AREA_RE = re.compile(
    r"(?:^|[\s_-])(?:related|recirculation|recent|popular|trending|sidebar|widgets?|comments?|reply|replies|respond|"
    r"reviews?|discussion|disqus)(?:$|[\s_-])",
    re.I,
)
# Containers of other stories' links and dates by their tag (an aside, a navigation).
OTHER_STORY_TAGS = frozenset({"aside", "nav"})
# A <time> whose text is longer holds more than a date (a teaser, a list), not the page's day (hand-chosen: the
# longest written date with a weekday, a time and a zone is about 50 characters).
MAX_TIME_TEXT_CHARS = 80
# A ``datetime`` of the day alone ("2024-03-05").
ISO_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
ISO_DAY_CHARS = 10


def time_text_date(body: etree._Element | None, *, day_first: bool = False) -> FoundDate | None:
    """The publication date of the first <time> without ``datetime`` in ``body``, outside other stories' areas, whose
    text reads as an absolute date; None when none does. A relative one ("2 years ago") is left to the visible scan;
    one labelled as a modification ("Updated ...") is no publication date."""
    if body is None:
        return None
    for element in body.iter("time"):
        if element.get("datetime") is not None:
            continue  # (read as markup before)
        text = clean(element.text_content())
        if not text or len(text) > MAX_TIME_TEXT_CHARS or in_other_story_area(element, body):
            continue
        found = read_date_line(text, None, day_first=day_first, yearless=False).published
        if found is not None:
            return found
    return None


def time_value(element: etree._Element) -> str | None:
    """A ``<time>``'s moment: its ``datetime``, or its text's when the attribute gives the day alone and the text that
    day with its clock ("<time datetime='2024-03-05'>5 mars 2024 16:00</time>": themes print the clock in the text)."""
    value = element.get("datetime")
    if not value or len(value) != ISO_DAY_CHARS or not ISO_DAY_RE.match(value):
        return value
    text = clean(element.text_content())
    if not text or len(text) > MAX_TIME_TEXT_CHARS:
        return value
    found = read_date_line(text, None, day_first=True, yearless=False).published
    return found.iso if found is not None and "T" in found.iso and found.iso.startswith(value) else value


def in_other_story_area(element: etree._Element, body: etree._Element) -> bool:
    """Whether the element sits in an aside, a navigation, a list of dated items (other stories' teasers, whatever
    their class), or an area marked as related posts, a sidebar, a widget or comments, up to the body."""
    for ancestor in element.iterancestors():
        if ancestor is body:
            return False
        if ancestor.tag in OTHER_STORY_TAGS:
            return True
        if ancestor.tag == "li" and _dated_items(ancestor.getparent()):
            return True
        for name in ("class", "id"):
            value = ancestor.get(name)
            if value and OTHER_STORY_AREA_RE.search(value):
                return True
    return False


def _dated_items(items: etree._Element | None) -> bool:
    """Whether a list holds more than one <time> (a post's own meta list holds its one date)."""
    if items is None:
        return False
    times = items.iter("time")
    return next(times, None) is not None and next(times, None) is not None


__all__ = ["MAX_TIME_TEXT_CHARS", "OTHER_STORY_AREA_RE", "OTHER_STORY_TAGS", "in_other_story_area",
           "time_text_date", "time_value"]
