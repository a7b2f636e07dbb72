"""Dates of a page as ISO 8601 text: from markup values, URL paths and visible text.

A date keeps the precision and the timezone the page gives: ``2009-11-09`` stays a day,
``2015-07-24T05:36:09+01:00`` keeps its offset, and a time without a zone stays naive, because inventing a
zone would move the day for readers elsewhere. Structured values (JSON-LD, meta) go through our own
patterns first and then ``dateutil`` (maintained, lenient); free text only through our patterns, which are
anchored to date shapes so that prices and scores do not become dates.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from dateutil import parser as dateutil_parser
from dateutil import tz as dateutil_tz

# The web had no news pages before 1990: older dates are accepted only when a structured field of the page
# states them (a JSON-LD or meta date), never guessed from a URL or from text.
EARLIEST_GUESSED_YEAR = 1990
# CMS placeholders for "no date": the Unix epoch and the zero date of .NET and SQL servers.
PLACEHOLDER_DAYS = frozenset({date(1970, 1, 1), date(1900, 1, 1), date(1, 1, 1)})
# Pages are written in some timezone ahead of the crawler's; a day of slack (issue 4) covers every zone.
FUTURE_TOLERANCE = timedelta(days=1)
# Unix timestamps in meta fields (seconds, sometimes milliseconds): anything with 13 digits is milliseconds.
MILLISECOND_TIMESTAMP_DIGITS = 13
# Zone abbreviations with one meaning (UTC offsets in hours, from the IANA tz database's abbreviations).
# Ambiguous ones stay unknown on purpose: IST is India, Israel or Ireland, CST US Central or China; their
# dates keep the clock time without a zone (dateutil's UnknownTimezoneWarning for them is silenced).
ZONE_ABBREVIATIONS_HOURS = {
    "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    "AKST": -9, "AKDT": -8, "HST": -10, "BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "MSK": 3,
    "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
}
ZONE_ABBREVIATIONS = {name: dateutil_tz.tzoffset(name, hours * 3600)
                      for name, hours in ZONE_ABBREVIATIONS_HOURS.items()}

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january", "janv", "janvier", "januar", "enero", "gennaio", "janeiro"),
            ("feb", "february", "févr", "fevr", "février", "februar", "febrero", "febbraio", "fevereiro"),
            ("mar", "march", "mars", "märz", "marzo", "março"),
            ("apr", "april", "avr", "avril", "abril", "aprile"),
            ("may", "mai", "mayo", "maggio", "maio"),
            ("jun", "june", "juin", "juni", "junio", "giugno", "junho"),
            ("jul", "july", "juil", "juillet", "juli", "julio", "luglio", "julho"),
            ("aug", "august", "août", "aout", "agosto"),
            ("sep", "sept", "september", "septembre", "septiembre", "settembre", "setembro"),
            ("oct", "october", "octobre", "oktober", "octubre", "ottobre", "outubro"),
            ("nov", "november", "novembre", "noviembre", "novembro"),
            ("dec", "december", "déc", "décembre", "dezember", "diciembre", "dicembre", "dezembro"),
        ],
        start=1,
    )
    for name in names
}
_MONTH_ALTERNATION = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))

_TIME = r"(?:[T\s]+(?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d{1,9}))?)?)?"
_ZONE = r"(?:\s*(?P<zone>Z|UTC|GMT|[+-]\d{2}:?\d{2}))?"
# 2009-11-09, 2009/11/09, 2009.11.09, with an optional time and zone; the year comes first.
YMD_RE = re.compile(
    r"(?<!\d)(?P<year>(?:19|20)\d{2})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})(?!\d)" + _TIME + _ZONE
)
# 2009年11月9日 13:57 (also with a space or a full-width colon, and 时/分).
CJK_DATE_RE = re.compile(
    r"(?P<year>(?:19|20)\d{2})\s*年\s*(?P<month>\d{1,2})\s*月\s*(?P<day>\d{1,2})\s*[日号]"
    r"(?:\s*(?P<hour>\d{1,2})\s*[:：时]\s*(?P<minute>\d{2})(?:\s*[:：分]\s*(?P<second>\d{2}))?)?"
)
# 11/09/2009 (US month first; when the first number exceeds 12 it is the day) with an optional time.
MDY_NUMERIC_RE = re.compile(
    r"(?<![\d/])(?P<first>\d{1,2})/(?P<second_number>\d{1,2})/(?P<year>(?:19|20)\d{2})(?![\d/])"
    r"(?:[\s,]+(?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2}))?\s*(?P<ampm>[ap]\.?m\.?)?)?",
    re.I,
)
# March 12, 2024 / Mar. 12 2024 (month first), optionally "at 6:01 am".
MONTH_DAY_YEAR_RE = re.compile(
    rf"(?<![\w])(?P<month_name>{_MONTH_ALTERNATION})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    r"(?P<year>(?:19|20)\d{2})(?!\d)"
    r"(?:(?:\s*,?\s*(?:at\s+)?)(?P<hour>\d{1,2}):(?P<minute>\d{2})\s*(?P<ampm>[ap]\.?m\.?)?)?",
    re.I,
)
# 12 March 2024 / 22 Dec 2016 / 1. März 2024 (day first).
DAY_MONTH_YEAR_RE = re.compile(
    rf"(?<![\w])(?P<day>\d{{1,2}})(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?P<month_name>{_MONTH_ALTERNATION})\.?,?\s+"
    r"(?:de\s+)?(?P<year>(?:19|20)\d{2})(?!\d)",
    re.I,
)
# Dates in URL paths: /2024/03/12/, /2024-03-12/, /20240312/ (news CMS conventions).
URL_DATE_RE = re.compile(
    r"/(?P<year>(?:19|20)\d{2})(?P<sep>[/-]?)(?P<month>0[1-9]|1[0-2])(?P=sep)(?P<day>0[1-9]|[12]\d|3[01])(?!\d)"
)

RELATIVE_UNITS = {
    "second": timedelta(seconds=1), "sec": timedelta(seconds=1), "秒": timedelta(seconds=1),
    "minute": timedelta(minutes=1), "min": timedelta(minutes=1), "分钟": timedelta(minutes=1),
    "分鐘": timedelta(minutes=1),
    "hour": timedelta(hours=1), "hr": timedelta(hours=1), "小时": timedelta(hours=1), "小時": timedelta(hours=1),
    "day": timedelta(days=1), "天": timedelta(days=1), "日": timedelta(days=1),
    "week": timedelta(weeks=1), "周": timedelta(weeks=1), "週": timedelta(weeks=1), "星期": timedelta(weeks=1),
}
RELATIVE_EN_RE = re.compile(r"(?<!\w)(?P<count>\d+|an?|one)\s+(?P<unit>second|sec|minute|min|hour|hr|day|week)s?"
                            r"\s+ago(?!\w)", re.I)
RELATIVE_ZH_RE = re.compile(
    r"(?P<count>\d+|[一二两三四五六七八九十半])\s*(?:个)?\s*(?P<unit>秒|分钟|分鐘|小时|小時|天|日|周|週|星期)\s*前"
)
RELATIVE_WORDS = {
    "just now": timedelta(0), "刚刚": timedelta(0), "剛剛": timedelta(0),
    "yesterday": timedelta(days=1), "昨天": timedelta(days=1), "前天": timedelta(days=2),
    "today": timedelta(0), "今天": timedelta(0),
}
RELATIVE_WORD_RE = re.compile(
    r"(?P<word>just now|yesterday|today|刚刚|剛剛|昨天|前天|今天)(?:\s*(?P<hour>\d{1,2})[:：](?P<minute>\d{2}))?", re.I
)
CHINESE_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
                    "十": 10, "半": 0.5, "a": 1, "an": 1, "one": 1}
YEAR_RE = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
TIMESTAMP_RE = re.compile(r"^\d{10}(?:\d{3})?$")


@dataclass(frozen=True, slots=True)
class FoundDate:
    """A parsed date: its ISO text and the moment it stands for, for comparisons with the crawl time."""

    iso: str
    moment: datetime  # aware when the page gave a zone; naive otherwise

    @property
    def day(self) -> date:
        return self.moment.date()


def _zone(text: str | None) -> timezone | None:
    if not text:
        return None
    if text.upper() in ("Z", "UTC", "GMT"):
        return timezone.utc
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 14 or minutes > 59:  # no zone on earth is further from UTC than +14:00
        return None
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _build(year: int, month: int, day: int, hour: str | None = None, minute: str | None = None,
           second: str | None = None, zone: timezone | None = None, ampm: str | None = None) -> FoundDate | None:
    try:
        if hour is None:
            return FoundDate(date(year, month, day).isoformat(), datetime(year, month, day, tzinfo=zone))
        hour_number = int(hour)
        if ampm:
            is_pm = ampm.lower().startswith("p")
            hour_number = hour_number % 12 + (12 if is_pm else 0)
        moment = datetime(year, month, day, hour_number, int(minute or 0), int(second or 0), tzinfo=zone)
    except ValueError:
        return None
    return FoundDate(moment.isoformat(timespec="seconds"), moment)


def _from_match(match: re.Match[str]) -> FoundDate | None:
    groups = match.groupdict()
    if groups.get("month_name"):
        month = MONTHS.get(groups["month_name"].lower().rstrip("."))
        if month is None:
            return None
        return _build(int(groups["year"]), month, int(groups["day"]), groups.get("hour"), groups.get("minute"),
                      None, None, groups.get("ampm"))
    if groups.get("first"):
        first, second_number = int(groups["first"]), int(groups["second_number"])
        month, day = (second_number, first) if first > 12 else (first, second_number)
        return _build(int(groups["year"]), month, day, groups.get("hour"), groups.get("minute"),
                      groups.get("second"), None, groups.get("ampm"))
    zone = _zone(groups.get("zone"))
    return _build(int(groups["year"]), int(groups["month"]), int(groups["day"]), groups.get("hour"),
                  groups.get("minute"), groups.get("second"), zone)


def parse_structured_date(value: str | None) -> FoundDate | None:
    """A date from a markup field (JSON-LD, meta, ``<time datetime>``): ISO-like first, then dateutil."""
    if not value:
        return None
    text = value.strip()
    if TIMESTAMP_RE.match(text):
        seconds = int(text) / (1000 if len(text) == MILLISECOND_TIMESTAMP_DIGITS else 1)
        moment = datetime.fromtimestamp(seconds, tz=timezone.utc)
        return FoundDate(moment.isoformat(timespec="seconds"), moment)
    for pattern in (YMD_RE, CJK_DATE_RE):
        match = pattern.match(text)
        if match:
            return _from_match(match)
    if not YEAR_RE.search(text):  # dateutil fills a missing year with this year's: "March" is no date
        return find_text_date(text)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", dateutil_parser.UnknownTimezoneWarning)
            moment = dateutil_parser.parse(text, fuzzy=False, tzinfos=ZONE_ABBREVIATIONS)
    except (ValueError, OverflowError, TypeError):
        return find_text_date(text)  # a field holding words around the date: "Published 3 March 2024"
    has_time = bool(re.search(r"\d:\d", text))
    iso = moment.isoformat(timespec="seconds") if has_time else moment.date().isoformat()
    return FoundDate(iso, moment)


TEXT_DATE_PATTERNS = (YMD_RE, CJK_DATE_RE, MONTH_DAY_YEAR_RE, DAY_MONTH_YEAR_RE, MDY_NUMERIC_RE)


def find_text_date(text: str, now: datetime | None = None) -> FoundDate | None:
    """The first absolute (or, given ``now``, relative) date written in a piece of visible text."""
    best: tuple[int, FoundDate] | None = None
    for pattern in TEXT_DATE_PATTERNS:
        for match in pattern.finditer(text):
            found = _from_match(match)
            if found is not None and (best is None or match.start() < best[0]):
                best = (match.start(), found)
            if found is not None:
                break
    if best is not None:
        return best[1]
    return find_relative_date(text, now) if now is not None else None


def _count(text: str) -> float:
    return float(text) if text.isdigit() else CHINESE_NUMERALS.get(text.lower(), 1)


def find_relative_date(text: str, now: datetime) -> FoundDate | None:
    """"3 hours ago", "3小时前", "昨天 13:57", relative to the crawl time ``now``."""
    for pattern in (RELATIVE_EN_RE, RELATIVE_ZH_RE):
        match = pattern.search(text)
        if match:
            unit = RELATIVE_UNITS[match.group("unit").lower()]
            moment = now - unit * _count(match.group("count"))
            precise = unit < timedelta(days=1)
            iso = moment.isoformat(timespec="seconds") if precise else moment.date().isoformat()
            return FoundDate(iso, moment)
    match = RELATIVE_WORD_RE.search(text)
    if match:
        moment = now - RELATIVE_WORDS[match.group("word").lower()]
        if match.group("hour"):
            found = _build(moment.year, moment.month, moment.day, match.group("hour"), match.group("minute"),
                           None, moment.tzinfo)
            return found
        return FoundDate(moment.date().isoformat(), moment)
    return None


def find_url_date(url: str | None) -> FoundDate | None:
    """A publication day written in the URL path (/2024/03/12/, /20240312/)."""
    if not url:
        return None
    match = URL_DATE_RE.search(url)
    return _build(int(match.group("year")), int(match.group("month")), int(match.group("day"))) if match else None


def is_plausible(found: FoundDate, now: datetime, *, stated: bool) -> bool:
    """Not in the future beyond a day; not before 1990 unless a structured field of the page ``stated`` it."""
    moment = found.moment
    reference = now
    if moment.tzinfo is None and reference.tzinfo is not None:
        reference = reference.replace(tzinfo=None)
    elif moment.tzinfo is not None and reference.tzinfo is None:
        reference = reference.replace(tzinfo=timezone.utc)
    if moment > reference + FUTURE_TOLERANCE or moment.date() in PLACEHOLDER_DAYS:
        return False
    return stated or moment.year >= EARLIEST_GUESSED_YEAR


__all__ = ["FoundDate", "find_relative_date", "find_text_date", "find_url_date", "is_plausible",
           "parse_structured_date"]
