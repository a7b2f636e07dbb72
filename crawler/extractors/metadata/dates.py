"""Dates of a page as ISO 8601 text: from markup values, URL paths and visible text.

A date keeps the precision and the timezone the page gives: ``2009-11-09`` stays a day,
``2015-07-24T05:36:09+01:00`` keeps its offset, and a time without a zone stays naive, because inventing a
zone would move the day for readers elsewhere. Structured values (JSON-LD, meta) go through our own
patterns first and then ``dateutil`` (maintained, lenient); free text only through our patterns, which are
anchored to date shapes so that prices and scores do not become dates.
"""

from __future__ import annotations

import re
import unicodedata
import warnings
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo

from dateutil import tz as dateutil_tz

# The web had no news pages before 1990: older dates are accepted only when a structured field of the page
# states them (a JSON-LD or meta date), never guessed from a URL or from text.
EARLIEST_GUESSED_YEAR = 1990
# CMS placeholders for "no date": the Unix epoch and the zero date of .NET and SQL servers.
PLACEHOLDER_DAYS = frozenset({date(1970, 1, 1), date(1900, 1, 1), date(1, 1, 1)})
# Pages are written in some timezone ahead of the crawler's; a day of slack covers every zone.
FUTURE_TOLERANCE = timedelta(days=1)
# No zone on earth is further from UTC than +14:00 (Kiribati's Line Islands).
MAX_ZONE_HOURS = 14
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
            # en, fr, de, es, it, pt, nl, sv/da/no, pl and ru (genitive, as dates write them) with abbreviations
            ("jan", "january", "janv", "janvier", "januar", "jän", "jänner", "enero", "ene", "gennaio", "gen",
             "janeiro", "januari", "stycznia", "styczeń", "января", "янв"),
            ("feb", "february", "févr", "fevr", "février", "februar", "febrero", "febbraio", "fevereiro", "fev",
             "februari", "lutego", "luty", "февраля", "фев"),
            ("mar", "march", "mars", "märz", "mär", "marzo", "março", "maart", "mrt", "marca", "marzec", "марта"),
            ("apr", "april", "avr", "avril", "abril", "abr", "aprile", "kwietnia", "kwiecień", "апреля", "апр"),
            ("may", "mai", "mayo", "maggio", "mag", "maio", "mei", "maj", "maja", "мая"),
            ("jun", "june", "juin", "juni", "junio", "giugno", "giu", "junho", "czerwca", "czerwiec", "июня"),
            ("jul", "july", "juil", "juillet", "juli", "julio", "luglio", "lug", "julho", "lipca", "lipiec",
             "июля"),
            ("aug", "august", "août", "aout", "agosto", "ago", "augustus", "augusti", "sierpnia", "sierpień",
             "августа", "авг"),
            ("sep", "sept", "september", "septembre", "septiembre", "settembre", "set", "setembro", "września",
             "wrzesień", "сентября", "сен"),
            ("oct", "october", "octobre", "oktober", "okt", "octubre", "ottobre", "ott", "outubro", "out",
             "października", "październik", "октября", "окт"),
            ("nov", "november", "novembre", "noviembre", "novembro", "listopada", "listopad", "ноября", "ноя"),
            ("dec", "december", "déc", "décembre", "dezember", "dez", "diciembre", "dic", "dicembre", "dezembro",
             "grudnia", "grudzień", "декабря", "дек"),
        ],
        start=1,
    )
    for name in names
}
_MONTH_ALTERNATION = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))

# Words for "a.m."/"p.m." written before the hour in Korean, Japanese and Chinese ("오후 3:20", "午後3時").
AM_PM_WORDS = {"오전": "am", "오후": "pm", "午前": "am", "午後": "pm", "上午": "am", "下午": "pm"}
_AM_PM = r"(?:(?P<ampm_word>오전|오후|午前|午後|上午|下午)\s*)?"
_TIME = (r"(?:(?:[T\s]+|\s*" + r"(?=오전|오후|午前|午後|上午|下午))" + _AM_PM
         + r"(?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d{1,9}))?)?)?")
# A time after a written-out date: "at 6:01 a.m.", "à 10h30", "um 14:05 Uhr", "alle 09:12", "- 14:20".
_TIME_TAIL = (r"(?:\s*(?:,|-|–|·|\bat\b|\bà\b|\bum\b|\balle\b|\bàs\b|\ba\s+las\b|\bom\b|\bkl\.?)?\s*"
              r"(?P<hour>\d{1,2})(?:[:hH]|\.(?=\d{2}\s*Uhr))(?P<minute>\d{2})(?::(?P<second>\d{2}))?(?!\d)\s*"
              r"(?P<ampm>[ap]\.?m\.?)?)?")
# An offset after GMT or UTC counts east of Greenwich as web pages mean it ("GMT+8" beside 北京时间, "UTC-05:00",
# JavaScript's "GMT+0100"), with the hours alone or with minutes; a bare offset needs both ("+0800", "+08:00").
GMT_OFFSET = r"(?:UTC|GMT)\s?[+-]\d{1,2}(?::?\d{2})?(?!\d)"
GMT_OFFSET_RE = re.compile(r"\b" + GMT_OFFSET)
_ZONE = r"(?:\s*(?P<zone>Z|" + GMT_OFFSET + r"|UTC|GMT|[+-]\d{2}:?\d{2}))?"
# 2009-11-09, 2009/11/09, 2009.11.09, with an optional time and zone; the year comes first.
# Korean pages write 2024. 3. 12. with spaces and a final dot.
YMD_RE = re.compile(
    r"(?<!\d)(?P<year>(?:19|20)\d{2})(?:[-/]|\.\s?)(?P<month>\d{1,2})(?:[-/]|\.\s?)(?P<day>\d{1,2})(?!\d)\.?"
    + _TIME + _ZONE
)
# 2009年11月9日 13:57, 2024年2月3日（土）15:20, 2024年1月15日 10時30分, 2024년 3월 12일 오후 2:05.
CJK_DATE_RE = re.compile(
    r"(?P<year>(?:19|20)\d{2})\s*[年년]\s*(?P<month>\d{1,2})\s*[月월]\s*(?P<day>\d{1,2})\s*[日号일]"
    r"(?:\s*[（(][^）)]{1,3}[）)])?(?:\s*星期.|\s*周.)?"
    r"(?:\s*" + _AM_PM + r"(?P<hour>\d{1,2})\s*[:：时時시]\s*(?P<minute>\d{1,2})"
    r"(?:\s*[:：分분]\s*(?P<second>\d{2}))?)?"
)
# 11/09/2009 (US month first; when the first number exceeds 12 it is the day) with an optional time.
# In a language other than US English the day comes first (``find_text_date(day_first=True)``).
MDY_NUMERIC_RE = re.compile(
    r"(?<![\d/])(?P<first>\d{1,2})/(?P<second_number>\d{1,2})/(?P<year>(?:19|20)\d{2})(?![\d/])" + _TIME_TAIL,
    re.I,
)
# 12.03.2024 and 12-03-2024: day first in every language that writes them (German, Dutch, Russian...).
DMY_NUMERIC_RE = re.compile(
    r"(?<![\d.\-])(?P<day>\d{1,2})[.\-](?P<month>\d{1,2})[.\-](?P<year>(?:19|20)\d{2})(?![\d.\-]\d)" + _TIME_TAIL,
    re.I,
)
# March 12, 2024 / Mar. 12 2024 (month first), optionally "at 6:01 am". The look-ahead is what the rest of the pattern
# needs after a word's start, with letters for the month (re.I matches a month's letter with letters only: checked over
# all of Unicode), so that the ~200 month names, re.I's, are tried only where a number follows the word.
MONTH_DAY_YEAR_RE = re.compile(
    rf"(?<![\w])(?=[^\W\d_]+\.?\s+\d)(?P<month_name>{_MONTH_ALTERNATION})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    r"(?P<year>(?:19|20)\d{2})(?!\d)" + _TIME_TAIL,
    re.I,
)
# 12 March 2024 / 22 Dec 2016 / 1. März 2024 (day first).
DAY_MONTH_YEAR_RE = re.compile(
    rf"(?<![\w])(?P<day>\d{{1,2}})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?(?P<month_name>{_MONTH_ALTERNATION})\.?,?\s+"
    r"(?:de\s+)?(?P<year>(?:19|20)\d{2})(?!\d)(?:\s*г\.?)?" + _TIME_TAIL,
    re.I,
)
# Dates in URL paths: /2024/03/12/, /2024-03-12/, /20240312/ (news CMS conventions).
URL_DATE_RE = re.compile(
    r"/(?P<year>(?:19|20)\d{2})(?P<sep>[/-]?)(?P<month>0[1-9]|1[0-2])(?P=sep)(?P<day>0[1-9]|[12]\d|3[01])(?!\d)"
)

SECOND, MINUTE, HOUR, DAY, WEEK = (timedelta(seconds=1), timedelta(minutes=1), timedelta(hours=1),
                                   timedelta(days=1), timedelta(weeks=1))
# Unit words of relative dates by language, singular and plural stems (en, fr, de, es, pt, it, nl, zh, ja, ko).
RELATIVE_UNITS: dict[str, timedelta] = {
    **dict.fromkeys(("second", "sec", "seconde", "sekunde", "segundo", "secondo", "secondi", "seconde",
                     "秒", "초"), SECOND),
    **dict.fromkeys(("minute", "min", "minuto", "minuti", "minuut", "minuten", "分钟", "分鐘", "分", "분"), MINUTE),
    **dict.fromkeys(("hour", "hr", "heure", "stunde", "hora", "ora", "ore", "uur", "小时", "小時", "時間", "시간"),
                    HOUR),
    **dict.fromkeys(("day", "jour", "tag", "día", "dia", "giorno", "giorni", "dag", "dagen", "天", "日", "일"), DAY),
    **dict.fromkeys(("week", "semaine", "woche", "semana", "settimana", "settimane", "weken", "周", "週",
                     "週間", "星期", "주"), WEEK),
}
_LATIN_UNIT = (r"(?P<unit>second|sec|seconde|sekunde|segundo|secondo|secondi|minute|min|minuto|minuti|minuut|"
               r"minuten|hour|hr|heure|stunde|hora|ora|ore|uur|day|jour|tag|día|dia|giorno|giorni|dagen|dag|"
               r"week|semaine|woche|semana|settimana|settimane|weken)(?:s|n|en|e)?")
_COUNT = r"(?P<count>\d+|an?|one|une?|ein(?:e|em|er)?|una?|uma?|één|een)"
# "3 hours ago", "il y a 3 heures", "vor 3 Stunden", "hace 3 horas", "há 3 horas", "3 ore fa", "3 uur geleden".
RELATIVE_LATIN_RES = (
    re.compile(rf"(?<!\w){_COUNT}\s+{_LATIN_UNIT}\s+(?:ago|fa|geleden)(?!\w)", re.I),
    re.compile(rf"(?<!\w)(?:il y a|vor|hace|há|ha)\s+{_COUNT}\s+{_LATIN_UNIT}(?!\w)", re.I),
)
RELATIVE_EN_RE = RELATIVE_LATIN_RES[0]
RELATIVE_ZH_RE = re.compile(
    r"(?P<count>\d+|[一二两三四五六七八九十半])\s*(?:个)?\s*(?P<unit>秒|分钟|分鐘|小时|小時|時間|天|日|周|週間|週|星期|分)\s*前"
)
RELATIVE_KO_RE = re.compile(r"(?P<count>\d+)\s*(?P<unit>초|분|시간|일|주)\s*전")
# Words for "just now", "today", "yesterday". Without a clock time after them ("昨天 13:57") they count only
# on a short line ("Updated yesterday"): in a sentence they are words of the story ("今天凌晨，三星在旧金山...").
RELATIVE_WORDS = {
    "just now": timedelta(0), "刚刚": timedelta(0), "剛剛": timedelta(0), "à l'instant": timedelta(0),
    "gerade eben": timedelta(0), "방금": timedelta(0),
    "yesterday": DAY, "昨天": DAY, "昨日": DAY, "前天": 2 * DAY, "hier": DAY, "gestern": DAY, "ayer": DAY,
    "ontem": DAY, "ieri": DAY, "gisteren": DAY, "어제": DAY,
    "today": timedelta(0), "今天": timedelta(0), "今日": timedelta(0), "aujourd'hui": timedelta(0),
    "heute": timedelta(0), "hoy": timedelta(0), "hoje": timedelta(0), "oggi": timedelta(0),
    "vandaag": timedelta(0), "오늘": timedelta(0),
}
TODAY_WORDS = frozenset({"today", "今天", "今日", "aujourd'hui", "heute", "hoy", "hoje", "oggi", "vandaag", "오늘"})
# Characters a line may have besides a bare relative word for the word to be the line's date (a label such
# as "Updated" or "更新于"; a story sentence is longer), unless the word ends the line ("爱否科技 昨天").
MAX_CHARS_BESIDE_RELATIVE_WORD = 12
RELATIVE_WORD_RE = re.compile(
    r"(?<!\w)(?P<word>" + "|".join(sorted(map(re.escape, RELATIVE_WORDS), key=len, reverse=True)) + r")(?!\w)"
    r"(?:\s*(?:,|at|à|um|alle|às|a las|om)?\s*(?P<hour>\d{1,2})[:：h](?P<minute>\d{2}))?", re.I
)
CHINESE_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
                    "十": 10, "半": 0.5}
WHITESPACE = re.compile(r"\s+")
YEAR_RE = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
# The forms of structured values that our ISO patterns miss and dateutil read, read by patterns of their own (what
# dateutil makes of them, with ZONE_ABBREVIATIONS: tests/test_structured_date_forms.py): the e-mail date of RFC 822 and
# 2822 ("Mon, 18 Nov 2019 16:07:38 -0600", "19 Nov 2019 07:09 GMT"), a JavaScript Date's text ("Tue Nov 19 2019
# 03:05:46 GMT+0100 (Central European Standard Time)") and "November 19, 2019"; an offset after GMT or UTC counts east
# (dateutil reads "GMT+0100" as UTC-1, a POSIX zone: tests/test_gmt_offsets.py); dateutil is slow and most values
# it got were of these forms. English month names as dateutil knows them, capitalised; a text that does not make a
# date (31 Nov, 24:00) is left to dateutil too.
_ENGLISH_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December|"
                   "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec")
_WEEKDAYS = "Mon|Tue|Wed|Thu|Fri|Sat|Sun"
_ZONE_NAMES = "|".join(sorted(ZONE_ABBREVIATIONS, key=len, reverse=True))
RFC_DATE_RE = re.compile(
    rf"(?:(?:{_WEEKDAYS}),? )?(?P<day>\d{{1,2}}) (?P<month_name>{_ENGLISH_MONTHS}) (?P<year>(?:19|20)\d{{2}}) "
    rf"(?P<hour>\d{{1,2}}):(?P<minute>\d{{2}})(?::(?P<second>\d{{2}}))? "
    rf"(?:(?:GMT|UTC)?(?P<sign>[+-])(?P<offset_hours>\d{{2}})(?P<offset_minutes>\d{{2}})|(?P<zone>{_ZONE_NAMES}))")
# JavaScript's Date.prototype.toString(), the zone's name in brackets as browsers and Node add it.
JS_DATE_RE = re.compile(
    rf"(?:{_WEEKDAYS}) (?P<month_name>{_ENGLISH_MONTHS}) (?P<day>\d{{1,2}}) (?P<year>(?:19|20)\d{{2}}) "
    r"(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) "
    r"GMT(?P<sign>[+-])(?P<offset_hours>\d{2})(?P<offset_minutes>\d{2})(?: \([^()]{1,64}\))?")
MONTH_FIRST_DATE_RE = re.compile(rf"(?P<month_name>{_ENGLISH_MONTHS}) (?P<day>\d{{1,2}}),? (?P<year>(?:19|20)\d{{2}})")
# dateutil's zone of a numeric offset of 0 ("+0000", "-0000", "GMT+0000").
UTC_ZONE = ZONE_ABBREVIATIONS["UTC"]
TIMESTAMP_RE = re.compile(r"^\d{10}(?:\d{3})?$")


@dataclass(frozen=True, slots=True)
class FoundDate:
    """A parsed date: its ISO text and the moment it stands for, for comparisons with the crawl time."""

    iso: str
    moment: datetime  # aware when the page gave a zone; naive otherwise

    @property
    def day(self) -> date:
        return self.moment.date()


# The zones of ISO values met, by their text: a page's dates share one or two ("+08:00", "Z"), a site's pages theirs.
# The first MAX_CACHED_ZONES texts are kept (a page could write any of the 40,000 offsets of ZONE's pattern, more with
# digits outside ASCII); the world's zones, in their two spellings, are fewer than that. A lookup is cheaper than
# the parse.
MAX_CACHED_ZONES = 256
_ZONES: dict[str, timezone | None] = {}


def _zone(text: str | None) -> timezone | None:
    if not text:
        return None
    if text in _ZONES:
        return _ZONES[text]
    zone = _parse_zone(text)
    if len(_ZONES) < MAX_CACHED_ZONES:
        _ZONES[text] = zone
    return zone


def _parse_zone(text: str) -> timezone | None:
    if text.upper() in ("Z", "UTC", "GMT"):
        return timezone.utc
    text = text.lstrip("UTCGM \t")  # "GMT+8", "UTC -05:00": the offset counts east, as a bare one does
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = (int(digits[:-2]), int(digits[-2:])) if len(digits) > 2 else (int(digits), 0)
    if hours > MAX_ZONE_HOURS or minutes > 59:
        return None
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _build(year: int, month: int, day: int, hour: str | None = None, minute: str | None = None,
           second: str | None = None, zone: tzinfo | None = None, ampm: str | None = None) -> FoundDate | None:
    try:
        if hour is None:
            return FoundDate(date(year, month, day).isoformat(), datetime(year, month, day, tzinfo=zone))
        hour_number = int(hour)
        if ampm:
            is_pm = AM_PM_WORDS.get(ampm, ampm).lower().startswith("p")
            hour_number = hour_number % 12 + (12 if is_pm else 0)
        moment = datetime(year, month, day, hour_number, int(minute or 0), int(second or 0), tzinfo=zone)
    except ValueError:
        return None
    return FoundDate(moment.isoformat(timespec="seconds"), moment)


def _from_match(match: re.Match[str], day_first: bool = False) -> FoundDate | None:
    groups = match.groupdict()
    ampm = groups.get("ampm") or groups.get("ampm_word")
    if groups.get("month_name"):
        month = MONTHS.get(groups["month_name"].lower().rstrip("."))
        if month is None:
            return None
        return _build(int(groups["year"]), month, int(groups["day"]), groups.get("hour"), groups.get("minute"),
                      groups.get("second"), None, ampm)
    if groups.get("first"):
        first, second_number = int(groups["first"]), int(groups["second_number"])
        month, day = (second_number, first) if first > 12 or (day_first and second_number <= 12) \
            else (first, second_number)
        return _build(int(groups["year"]), month, day, groups.get("hour"), groups.get("minute"),
                      groups.get("second"), None, ampm)
    zone = _zone(groups.get("zone"))
    return _build(int(groups["year"]), int(groups["month"]), int(groups["day"]), groups.get("hour"),
                  groups.get("minute"), groups.get("second"), zone, ampm)


def normalise(text: str) -> str:
    """Full-width digits, colons and spaces as ASCII (NFKC), so "２０２１年３月５日　０９：３０" reads as a date."""
    return unicodedata.normalize("NFKC", text)


def parse_structured_date(value: str | None) -> FoundDate | None:
    """A date from a markup field (JSON-LD, meta, ``<time datetime>``): ISO-like first, then dateutil."""
    if not value:
        return None
    text = normalise(value).strip()
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
    found = _english_date(text)
    if found is not None:
        return found
    if "GMT" in text or "UTC" in text:  # dateutil's POSIX reading of "GMT+2" is two hours west: written as "+0200"
        text = GMT_OFFSET_RE.sub(_east_offset, text)
    from dateutil import parser as dateutil_parser  # here: the patterns above read most dates; it costs a megabyte

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", dateutil_parser.UnknownTimezoneWarning)
            moment = dateutil_parser.parse(text, fuzzy=False, tzinfos=ZONE_ABBREVIATIONS)
    except (ValueError, OverflowError, TypeError):
        return find_text_date(text)  # a field holding words around the date: "Published 3 March 2024"
    has_time = bool(re.search(r"\d:\d", text))
    iso = moment.isoformat(timespec="seconds") if has_time else moment.date().isoformat()
    return FoundDate(iso, moment)


def _east_offset(match: re.Match[str]) -> str:
    """The offset after GMT or UTC as a bare one ("GMT+8" -> "+0800"), read as ``_zone`` reads it; as it is when it
    makes no zone ("GMT+15")."""
    zone = _zone(match.group())
    if zone is None:
        return match.group()
    minutes = int(zone.utcoffset(None).total_seconds()) // 60
    return f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def _english_date(text: str) -> FoundDate | None:
    """The date of an e-mail form, a JavaScript Date's text at UTC or "Month D, YYYY", as dateutil reads them (None for
    another text, or one that makes no date or whose zone dateutil reads otherwise)."""
    match = RFC_DATE_RE.fullmatch(text) or JS_DATE_RE.fullmatch(text)
    if match is None:
        match = MONTH_FIRST_DATE_RE.fullmatch(text)
        if match is None:
            return None
        return _build(int(match["year"]), MONTHS[match["month_name"].lower()], int(match["day"]))
    zone: tzinfo = UTC_ZONE
    if match.re is RFC_DATE_RE and match["zone"]:
        zone = ZONE_ABBREVIATIONS[match["zone"]]
    else:
        hours, minutes = int(match["offset_hours"]), int(match["offset_minutes"])
        if hours > MAX_ZONE_HOURS or minutes > 59:  # (dateutil takes "+1500" and "+0960": left to it)
            return None
        offset = (hours * 3600 + minutes * 60) * (-1 if match["sign"] == "-" else 1)
        if offset:
            zone = dateutil_tz.tzoffset(None, offset)
    return _build(int(match["year"]), MONTHS[match["month_name"].lower()], int(match["day"]), match["hour"],
                  match["minute"], match["second"], zone)


# The patterns of a date in free text, each with the characters one of which its every match holds (a literal of it;
# at most two, none for a pattern without such a literal): a text without them is not searched by the pattern (most
# lines with a year have no 年/년 and no "/").
TEXT_DATE_SEARCHES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (YMD_RE, ()), (CJK_DATE_RE, ("年", "년")), (MONTH_DAY_YEAR_RE, ()), (DAY_MONTH_YEAR_RE, ()),
    (MDY_NUMERIC_RE, ("/",)), (DMY_NUMERIC_RE, ()))
TEXT_DATE_PATTERNS = tuple(pattern for pattern, _ in TEXT_DATE_SEARCHES)
# What every pattern of TEXT_DATE_PATTERNS holds, its year: a text without it (most lines read) is not searched.
ANY_YEAR_RE = re.compile(r"(?:19|20)\d{2}")
# Every date of TEXT_DATE_PATTERNS starts with a word character (a digit, or a month name's letter): once a date is
# found, a text with none before it has no earlier one, and the later patterns are not searched (date lines often
# start with their date or have it after a label's colon or a bar).
WORD_CHARACTER_RE = re.compile(r"\w")


def find_text_date(text: str, now: datetime | None = None, *, day_first: bool = False) -> FoundDate | None:
    """The first absolute (or, given ``now``, relative) date written in a piece of visible text.

    ``day_first`` reads 03/04/2024 as 3 April (every language but US English).
    """
    found_date, _ = find_text_date_span(text, now, day_first=day_first)
    return found_date


def find_text_date_span(text: str, now: datetime | None = None, *,
                        day_first: bool = False) -> tuple[FoundDate | None, int]:
    """``find_text_date`` and the offset in ``text`` where the date ends (0 when none)."""
    text = normalise(text)
    best: tuple[int, int, FoundDate] | None = None
    for pattern, needs in TEXT_DATE_SEARCHES if ANY_YEAR_RE.search(text) is not None else ():
        if needs and needs[0] not in text and needs[-1] not in text:
            continue
        for match in pattern.finditer(text):
            if best is not None and match.start() >= best[0]:
                break  # (this match and the pattern's next ones start no earlier: the earliest date stays)
            found = _from_match(match, day_first)
            if found is not None and (best is None or match.start() < best[0]):
                best = (match.start(), match.end(), found)
            if found is not None:
                break
        if best is not None and WORD_CHARACTER_RE.search(text, 0, best[0]) is None:
            break  # (no pattern's date starts earlier: before it is no word character)
    if best is not None:
        return best[2], best[1]
    if now is None:
        return None, 0
    return find_relative_date(text, now), len(text)


def _count(text: str) -> float:
    if text.isdigit():
        return float(text)
    return CHINESE_NUMERALS.get(text, 1)  # "a", "an", "une", "ein", "un"...: one


def _unit(word: str) -> timedelta | None:
    word = word.lower()
    for key in (word, word.rstrip("s"), word.removesuffix("en"), word.removesuffix("n"), word.removesuffix("e")):
        if key in RELATIVE_UNITS:
            return RELATIVE_UNITS[key]
    return None


# What every relative pattern needs, looked for first (most lines have none): the word after the count and unit
# ("ago", "fa", "geleden", after white space), the word before them ("il y a", "vor", "hace", "há", "ha", white space
# after), 前 (zh), 전 (ko) or one of the relative words. No look-around: what a part of a text holds (a line's segment
# between its labels) the text holds too. Few lines without a digit have the hint, and the line reader skips the
# others (``read_date_line``).
_RELATIVE_HINT = (r"\s(?:ago|fa|geleden)|(?:il y a|vor|hace|há|ha)\s|前|전|"
                  + "|".join(sorted(map(re.escape, RELATIVE_WORDS), key=len, reverse=True)))
RELATIVE_HINT_RE = re.compile(_RELATIVE_HINT, re.I)
# RELATIVE_HINT_RE as ``may_be_relative`` looks for it: in the text as re.I sees it (``re_i_lowered``; the lowered ASCII
# text for ASCII text, where only ASCII pieces can match) without re.I, in two searches, each led by what all its
# matches start with (a word's first letter; a white space), which the search skips to: the alternation of the full
# pattern, led by "\s(...)", would be tried at every character, with re.I at every word.
_SPACED_RELATIVE_WORDS = (r"il y a\s", r"vor\s", r"hace\s", r"há\s", r"ha\s")
RELATIVE_HINT_RES = (
    re.compile("|".join(sorted(map(re.escape, (*RELATIVE_WORDS, "前", "전")), key=len, reverse=True)
                        + list(_SPACED_RELATIVE_WORDS))),
    re.compile(r"\s(?:ago|fa|geleden)"),
)
ASCII_RELATIVE_HINT_RES = (
    re.compile("|".join(sorted((re.escape(word) for word in RELATIVE_WORDS if word.isascii()), key=len, reverse=True)
                        + [word for word in _SPACED_RELATIVE_WORDS if word.isascii()])),
    RELATIVE_HINT_RES[1],
)
# re.I matches a letter with the characters whose lower() is the letter, and with these others, whose lower() is not
# (found over all of Unicode; İ's lower() is two characters long): a re.I pattern of lower-case words matches a text
# where the same pattern without re.I matches the text as ``re_i_lowered`` gives it (checked over all of Unicode for
# every character of the patterns read that way: tests/test_metadata_visible_cost.py). σ and ς, which lower() tells
# apart by context, are in no such pattern.
RE_I_FOLDS = str.maketrans({
    "İ": "i", "ı": "i", "ſ": "s", "ẛ": "ṡ", "µ": "μ", "\u0345": "ι", "ι": "ι", "ς": "σ", "ϐ": "β", "ϑ": "θ",
    "ϕ": "φ", "ϖ": "π", "ϰ": "κ", "ϱ": "ρ", "ϵ": "ε", "ᲀ": "в", "ᲁ": "д", "ᲂ": "о", "ᲃ": "с", "ᲄ": "т", "ᲅ": "т",
    "ᲆ": "ъ", "ᲇ": "ѣ", "ᲈ": "ꙋ",
})
RE_I_FOLDED_RE = re.compile("[" + "".join(chr(code) for code in RE_I_FOLDS) + "]")


def re_i_lowered(text: str) -> str:
    """The text as a re.I pattern of lower-case words sees it: RE_I_FOLDS's characters as their letters, the others
    lowered (one character each: the offsets of the text's characters are kept)."""
    if RE_I_FOLDED_RE.search(text) is not None:
        text = text.translate(RE_I_FOLDS)  # (rare, and slow: a lookup per character)
    return text.lower()


def may_be_relative(text: str) -> bool:
    """Whether ``find_relative_date`` may find a date in the text or in any part of it (False: it finds none)."""
    if text.isascii():
        lowered = text.lower()
        patterns = ASCII_RELATIVE_HINT_RES
    else:
        lowered = re_i_lowered(text)
        patterns = RELATIVE_HINT_RES
    return patterns[0].search(lowered) is not None or patterns[1].search(lowered) is not None


def find_relative_date(text: str, now: datetime) -> FoundDate | None:
    """"3 hours ago", "il y a 3 heures", "3小时前", "3시간 전", "昨天 13:57", counted back from the crawl time."""
    return relative_date_of(text, now) if may_be_relative(text) else None


def relative_date_of(text: str, now: datetime) -> FoundDate | None:
    """``find_relative_date`` without its hint: every relative pattern is tried."""
    for pattern in (*RELATIVE_LATIN_RES, RELATIVE_ZH_RE, RELATIVE_KO_RE):
        match = pattern.search(text)
        if match:
            unit = _unit(match.group("unit"))
            if unit is None:
                continue
            moment = now - unit * _count(match.group("count").lower())
            precise = unit < DAY
            iso = moment.isoformat(timespec="seconds") if precise else moment.date().isoformat()
            return FoundDate(iso, moment)
    for match in RELATIVE_WORD_RE.finditer(text):
        word = match.group("word").lower()
        moment = now - RELATIVE_WORDS[word]
        if match.group("hour"):
            return _build(moment.year, moment.month, moment.day, match.group("hour"), match.group("minute"),
                          None, moment.tzinfo)
        beside = len(WHITESPACE.sub("", text)) - len(word)
        if word in TODAY_WORDS:  # "Call us today!": only alone on its line is "today" a date
            if beside == 0:
                return FoundDate(moment.date().isoformat(), moment)
            continue
        last = not text[match.end():].strip(" |·•,.)）")  # "爱否科技 昨天", "原创 kingname 未闻Code 前天"
        if last or beside <= MAX_CHARS_BESIDE_RELATIVE_WORD:
            return FoundDate(moment.date().isoformat() if RELATIVE_WORDS[word] else
                             moment.isoformat(timespec="seconds"), moment)
    return None


# A month and day without a year ("10-08 12:00", "10-0812:00", "3月5日 09:30"), as app-style pages write the
# date of a recent story; read only after a publication label.
MONTH_DAY_RE = re.compile(
    r"(?<![\d\-/.])(?P<month>1[0-2]|0?[1-9])\s*[-/月]\s*(?P<day>[0-3]\d|[1-9](?!\d))\s*日?(?:\s*[（(][^）)]{1,3}[）)])?"
    r"(?:\s*(?P<hour>[01]?\d|2[0-3])[:：](?P<minute>[0-5]\d))?(?![\d\-/])"
)


def find_yearless_date(text: str, now: datetime) -> FoundDate | None:
    """A month and day without a year: in the crawl's year, or the year before when that would be ahead."""
    match = MONTH_DAY_RE.search(normalise(text))
    if match is None:
        return None
    for year in (now.year, now.year - 1):
        found = _build(year, int(match.group("month")), int(match.group("day")), match.group("hour"),
                       match.group("minute"))
        if found is not None and is_plausible(found, now, stated=False):
            return found
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


__all__ = ["FoundDate", "find_relative_date", "find_text_date", "find_text_date_span", "find_url_date",
           "find_yearless_date", "is_plausible", "may_be_relative", "normalise", "parse_structured_date",
           "re_i_lowered", "relative_date_of"]
