"""The article's own publication date when the markup and the page disagree.

A page's markup dates (JSON-LD, OpenGraph, ``<meta>``, microdata) are written by its CMS and plug-ins: the day a
post was first drafted, a date kept from an earlier version, a template's date, another item's object. The reader
sees the date printed under the headline, beside the byline. When that shown date is another day than the markup's,
the shown one is the article's date, after three checks that tell a disagreement from two spellings of one date:

1. ``stated_date``: the line gives an absolute date ("6 hours ago" and a day without a year count from the crawl
   time: they restate nothing).
2. ``same_moment``: the markup's moment falls on the shown day in some zone on earth (an evening post written in UTC
   falls on the next day; the page shows its own zone's day): one moment, kept as the markup writes it, unless the
   URL's path dates the page on the shown day too (``/2025/12/18/``: the day in the site's own zone).
3. ``read_other_way``: the shown date is numeric with day and month both 12 or less ("09.10.2024") and, read the other
   way round, is the markup's day.
4. ``shown_days``: the line shows the markup's day too, after its first date (a theme printing the updated and the
   first day side by side, their labels icons: "May 21, 2025April 24, 2025 by ...").

Each decision comes with its reason (``Settled.reason``), which ``extract_metadata`` keeps in ``Metadata.warnings``
when the shown date replaces the markup's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from lxml import etree

from crawler.extractors.metadata.candidates import TEXT
from crawler.extractors.metadata.date_values import FoundDate, is_plausible
from crawler.extractors.metadata.datelines import read_date_line
from crawler.extractors.metadata.dates import find_text_date_span, find_url_date, normalise, parse_structured_date

# The zones a moment is read in when its day is compared with a shown day: UTC-12:00 (Baker Island) to UTC+14:00
# (Kiribati's Line Islands), the extremes of the IANA tz database.
WESTMOST_ZONE_HOURS = -12
EASTMOST_ZONE_HOURS = 14
# The class or id words that open another story's area: related and recent posts, a sidebar, comments and replies,
# each the first word of a class token ("related-posts", "sidebar", "recent-comments"), so that a page builder's
# "elementor-widget-container" or a WordPress post's own "category-reviews" is not one.
OTHER_STORY_WORDS = (r"(?:related|recirculation|recent|popular|trending|sidebar|comments?|reply|replies|respond|disqus|"
                     r"more-stories|read-next)")
OTHER_STORY_TOKEN_RE = re.compile(rf"^{OTHER_STORY_WORDS}(?:$|[_-])", re.I)
# OTHER_STORY_TOKEN_RE of any token of a class or id, searched in the whole value at once: a token starts where no
# character but white space precedes (``str.split`` and ``\s`` both cut at ``str.isspace``) and ends before white
# space or the value's end.
OTHER_STORY_MARK_RE = re.compile(rf"(?<!\S){OTHER_STORY_WORDS}(?:(?!\S)|[_-])", re.I)
# Headings that open a list of other stories under the article's byline ("Most Popular", "Related posts", "You may
# also like", "Read next"), in the languages of datelines' labels: the dates below them are the teasers'. (A live
# page's short entries let the scan below the headline reach them: "Top stories", "Leia também", "Meest gelezen".)
OTHER_STORIES_HEADING_RE = re.compile(
    r"^\W*(?:most\s+(?:popular|read|viewed)|popular(?:\s+(?:posts|articles|stories))?|related(?:\s+\w+)?|"
    r"recent\s+(?:posts|articles|stories)|latest\s+(?:posts|articles|stories|news)|trending(?:\s+now)?|"
    r"you\s+(?:may|might)\s+also\s+(?:like|enjoy)|read\s+next|more\s+(?:stories|articles|posts)|recommended|"
    r"articles\s+similaires|à\s+lire\s+aussi|ähnliche\s+artikel|meistgelesen|artículos\s+relacionados|"
    r"articoli\s+correlati|mehr\s+zum\s+thema|sur\s+le\s+même\s+sujet|lire\s+aussi|más\s+noticias|leggi\s+anche|"
    r"meer\s+nieuws|czytaj\s+także|top\s+stories|das\s+könnte\s+sie\s+auch\s+interessieren|leia\s+também|"
    r"mais\s+lidas|dans\s+la\s+même\s+rubrique|otras\s+noticias|altre\s+notizie|meest\s+gelezen|polecamy|"
    r"相关文章|相关阅读|相关新闻|相关报道|相關新聞|延伸阅读|延伸閱讀|推荐阅读|热门文章|関連記事|"
    # (and an e-paper's past issues and its page's other stories, a Japanese site's "what's new")
    r"関連ニュース|관련\s*기사|往期回顾|往期回顧|本版其他文章|本版其他新闻|版面导航|新着情報|新着記事|"
    # (Korean "most read" and "popular stories" lists, a section's name before: "지역 많이 본 기사")
    r"(?:[가-힣]{1,5}\s)?많이\s*본\s*(?:뉴스|기사|글)|인기\s*기사)\W*$",
    re.I,
)
# Elements that hold other stories' links and dates by their tag.
OTHER_STORY_TAGS = frozenset({"aside", "nav"})
# Dates read in one line: a date line shows a publication and a modification date, a few more at most (a guard).
MAX_DATES_READ = 4
# A day and a month both this small can be read either way round in a numeric date (03.04.2024).
MAX_AMBIGUOUS_NUMBER = 12


@dataclass(frozen=True, slots=True)
class Settled:
    """The publication date chosen, its source, and why."""

    iso: str
    source: str
    reason: str


def settle_published(markup_iso: str, source: str, date_line: str | None, now: datetime, *,
                     day_first: bool, url: str | None = None, stated: FoundDate | None = None,
                     markup_read: FoundDate | None = None, other_item: bool = False) -> Settled:
    """The markup's publication date, or the date ``date_line`` (the line under the headline that dated the page)
    shows when the two are different days by the checks of the module's docstring. ``stated``: the line's
    ``stated_date`` when the caller has it (its reading with the crawl time gave a date written whole);
    ``markup_read``: ``parse_structured_date(markup_iso)`` when the caller has it. ``other_item``: the markup dates
    an embedded clip, not the story (no zone makes its day the shown one's)."""
    if not date_line:
        return Settled(markup_iso, source, "no date line near the headline")
    shown = stated if stated is not None else stated_date(date_line, day_first=day_first)
    if shown is None or not is_plausible(shown, now, stated=False):
        return Settled(markup_iso, source, "the line near the headline states no absolute date")
    markup = markup_read if markup_read is not None else parse_structured_date(markup_iso)
    if markup is None:  # (an iso text the markup gave: read again as it was)
        return Settled(markup_iso, source, "markup date unreadable")
    if markup.day == shown.day:
        return Settled(markup_iso, source, "the shown date agrees with the markup")
    # (a clip's upload written in the site's own zone is that zone's day: another item's, not one moment twice)
    if same_moment(markup, shown.day) and not _url_day_is(url, shown.day) and \
            not (other_item and markup.moment.utcoffset()):
        return Settled(markup_iso, source, "the markup's moment falls on the shown day in another zone")
    if read_other_way(shown.day, markup.day):
        return Settled(markup_iso, source, "the shown numeric date is the markup's day read the other way round")
    if markup.day in shown_days(date_line, day_first=day_first):
        return Settled(markup_iso, source, "the line shows the markup's day too")
    return Settled(shown.iso, TEXT,
                   f"published: the date shown under the headline ({shown.iso}) replaces the {source} date "
                   f"({markup_iso}), another day in every zone")


def earlier_labelled(markup: tuple[str, str], shown: tuple[str, str]) -> tuple[str, str]:
    """Markup whose publication and modification dates are one moment (a CMS writing its last save into both) against
    a date the page labels "Published" away from the headline: the shown one when it is an earlier day."""
    return shown if shown[0][:10] < markup[0][:10] else markup


def _url_day_is(url: str | None, day: date) -> bool:
    found = find_url_date(url)
    return found is not None and found.day == day


def on_crawl_day(found: FoundDate, now: datetime | None) -> bool:
    """Whether a date is the crawl's day, give or take the zones' day: a masthead's date of the visit."""
    if now is None:
        return False
    return abs((found.day - now.date()).days) <= 1


def stated_date(line: str, *, day_first: bool) -> FoundDate | None:
    """The absolute publication date of the line: read without a crawl time, so that no relative or year-less date
    is made of it."""
    return read_date_line(line, None, day_first=day_first, yearless=False).published


def in_other_story(element: etree._Element, body: etree._Element) -> bool:
    """Whether the element sits in an aside, a navigation or an area whose class or id opens with a word of
    OTHER_STORY_TOKEN_RE, up to the body."""
    for ancestor in element.iterancestors():
        if ancestor is body:
            return False
        if ancestor.tag in OTHER_STORY_TAGS:
            return True
        for name in ("class", "id"):
            value = ancestor.get(name)
            if value and OTHER_STORY_MARK_RE.search(value):
                return True
    return False


def opens_other_stories(text: str) -> bool:
    """Whether a heading's text opens a list of other stories (OTHER_STORIES_HEADING_RE)."""
    return OTHER_STORIES_HEADING_RE.match(text.strip()) is not None


def shown_days(line: str, *, day_first: bool) -> list[date]:
    """The days of the absolute dates the line shows, in order, at most MAX_DATES_READ of them."""
    text = normalise(line)
    days: list[date] = []
    while len(days) < MAX_DATES_READ:
        found, end = find_text_date_span(text, None, day_first=day_first)
        if found is None or end <= 0:
            break
        days.append(found.day)
        text = text[end:]
    return days


def same_moment(markup: FoundDate, shown_day: date) -> bool:
    """Whether a markup moment with a zone falls on ``shown_day`` in some zone on earth."""
    moment = markup.moment
    if moment.tzinfo is None:
        return False
    utc = moment.astimezone(timezone.utc)
    earliest = (utc + timedelta(hours=WESTMOST_ZONE_HOURS)).date()
    latest = (utc + timedelta(hours=EASTMOST_ZONE_HOURS)).date()
    return earliest <= shown_day <= latest


def read_other_way(shown_day: date, markup_day: date) -> bool:
    """Whether the shown day, its day and month swapped, is the markup's day (both 12 or less: either reading)."""
    if shown_day.day > MAX_AMBIGUOUS_NUMBER or shown_day.month > MAX_AMBIGUOUS_NUMBER:
        return False
    return (shown_day.year, shown_day.day, shown_day.month) == (markup_day.year, markup_day.month, markup_day.day)


__all__ = [
    "EASTMOST_ZONE_HOURS",
    "MAX_AMBIGUOUS_NUMBER",
    "MAX_DATES_READ",
    "OTHER_STORIES_HEADING_RE",
    "OTHER_STORY_TAGS",
    "OTHER_STORY_TOKEN_RE",
    "WESTMOST_ZONE_HOURS",
    "Settled",
    "earlier_labelled",
    "in_other_story",
    "on_crawl_day",
    "opens_other_stories",
    "read_other_way",
    "same_moment",
    "settle_published",
    "shown_days",
    "stated_date",
]
