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
from datetime import datetime, timedelta, timezone, tzinfo

from crawler.extractors.metadata.cjk_dates import gregorian_years
from crawler.extractors.metadata.date_values import (
    CJK_ZONE_WORDS,
    MAX_ZONE_HOURS,
    ZONE_ABBREVIATIONS,
    FoundDate,
    build_date,
    is_plausible,
    without_duration,
    zone_of,
)
from crawler.extractors.metadata.month_names import MONTHS, trie_alternation
from crawler.extractors.metadata.relative_dates import (
    find_relative_date,
    may_be_relative,
    re_i_lowered,
    relative_date_of,
)
from crawler.extractors.metadata.short_years import short_year_date

# Unix timestamps in meta fields (seconds, sometimes milliseconds): anything with 13 digits is milliseconds.
MILLISECOND_TIMESTAMP_DIGITS = 13

# What re.I matches a month name's character with: a letter, or the Greek ypogegrammeni (U+0345), matched with ι.
MONTH_CHARACTER = r"(?:[^\W\d_]|\u0345)"
_MONTH_ALTERNATION = trie_alternation(list(MONTHS))

# (and the Chinese day parts Malaysian, Singaporean and Taiwanese papers print before a 12-hour clock: "晚上8:30")
_AM_PM_WORDS = "오전|오후|午前|午後|上午|下午|晚上|凌晨|中午|早上|傍晚"
_AM_PM = r"(?:(?P<ampm_word>" + _AM_PM_WORDS + r")\s*)?"
_TIME = (r"(?:(?:[T\s]+|\s*" + r"(?=" + _AM_PM_WORDS + r"))" + _AM_PM
         + r"(?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d{1,9}))?)?)?")
# A zone's abbreviation after the clock time ("14:30 CET", "2:30 PM GMT", "(MEZ)"), in capitals (French "est" is a
# word), one of those with one meaning (ZONE_ABBREVIATIONS), or GMT/UTC and an offset ("2:30 PM GMT+1": the offset).
_ZONE_WORDS = "|".join(sorted((name for name in ZONE_ABBREVIATIONS if len(name) > 1), key=len, reverse=True))
_WRITTEN_ZONE = (r"(?:\s*\(?(?-i:(?P<zone_name>(?:" + _ZONE_WORDS + r")(?:(?<=GMT|UTC)\s?[+-]\d{1,2}(?::?\d{2})?"
                 r"(?!\d))?))\b\)?)?")
# A dotted clock after the Scandinavian "kl." or the Finnish "klo"/"kello" ("kl. 14.30", "klo 8.12"): 1-2 digits.
_KL_DOTTED = (r"(?:(?<=kl\. \d)|(?<=kl\. \d\d)|(?<=kl \d)|(?<=kl \d\d)|(?<=klo \d)|(?<=klo \d\d)|(?<=kello \d)|"
              r"(?<=kello \d\d))\.")
# A dotted clock one space after a date's year, as Finnish papers print it without "klo" ("5.3.2024 14.30"); not a
# figure's decimals ("14.30 %").
_YEAR_SPACE_DOTTED = r"(?:(?<=\d{4} \d)|(?<=\d{4} \d\d))\.(?=\d{2}(?!\d)(?!\s*%))"
# A time after a written-out date: "at 6:01 a.m.", "à 10h30", "um 14:05 Uhr", "alle 09:12", "ore 14:30", "- 14:20",
# "| 14h30", "à 14 h 30" (Quebec spaces the "h"), "— 2.30pm" (Australian papers dot the clock before am/pm); a
# separator may come before the word for "at" of Polish ("5 marca 2024, godz. 14:30"), Russian ("в"), Slovak ("o"),
# Croatian ("u"), Slovenian ("ob"), Turkish ("saat"), Catalan ("a les"), Finnish ("klo"), Ukrainian ("о"), Latvian
# ("plkst."), or a Turkish or Hungarian weekday ("05 Mart 2024 Salı 14:30", "2024. március 5., kedd 14:30"); a UK
# regional's bullet parts them too ("5 March 2024 • 6:00am").
_TIME_TAIL = (r"(?:(?:\s*(?:,|-|–|—|·|•|\|))?\s*(?:(?:\bat\b|\bà\b|\bum\b|\balle\b|\bore\b|\bàs\b|\ba\s+las\b|\bom\b|"
              r"\bkl\.?|\bklo\b|\bkello\b|\bgodz\.?|\bв\b|\bo\b|\bо\b|\bu\b|\bob\b|\bsaat\b|\ba\s+les\b|\bplkst\.?|"
              r"\b(?:pazartesi|salı|çarşamba|perşembe|cuma|cumartesi|pazar|"
              r"hétfő|kedd|szerda|csütörtök|péntek|szombat|vasárnap)\b)\s*)?"
              r"(?P<hour>\d{1,2})(?:[:hH]|\s[hH]\s|\.(?=\d{2}\s*(?:Uhr|GMT|BST|[ap]m\b))|" + _KL_DOTTED + r"|"
              + _YEAR_SPACE_DOTTED + r")"
              r"(?P<minute>\d{2})(?::(?P<second>\d{2}))?(?!\d)\s*"
              r"(?P<ampm>[ap]\.?m\.?)?" + _WRITTEN_ZONE + r")?")
# An offset after GMT or UTC counts east of Greenwich as web pages mean it ("GMT+8" beside 北京时间, "UTC-05:00",
# JavaScript's "GMT+0100"), with the hours alone or with minutes; a bare offset needs both ("+0800", "+08:00").
GMT_OFFSET = r"(?:UTC|GMT)\s?[+-]\d{1,2}(?::?\d{2})?(?!\d)"
GMT_OFFSET_RE = re.compile(r"\b" + GMT_OFFSET)
_ZONE = r"(?:\s*(?P<zone>Z|" + GMT_OFFSET + r"|UTC|GMT|[+-]\d{2}:?\d{2}))?"
# A zone named in a CJK language after the clock, in brackets or not (CJK_ZONE_WORDS): "2024-03-05 14:30（北京时间）".
_CJK_ZONE_WORD = r"(?:\s*\(?(?P<zone_word>" + "|".join(CJK_ZONE_WORDS) + r")\)?)?"
# 2009-11-09, 2009/11/09, 2009.11.09, with an optional time and zone; the year comes first. Korean pages write
# 2024. 3. 12. with spaces and a final dot, a ministry's release the weekday after it ("2024. 3. 5.(화) 12:00").
# (a zone's abbreviation may stand between the day and the clock: "2024-03-05 HKT 14:30", Hong Kong's broadcaster)
YMD_RE = re.compile(
    r"(?<!\d)(?P<year>(?:19|20)\d{2})(?:[-/]|\.\s?)(?P<month>\d{1,2})(?:[-/]|\.\s?)(?P<day>\d{1,2})(?!\d)\.?"
    r"(?:\s?[(（][월화수목금토일][)）])?(?:\s+(?-i:(?P<zone_name>" + _ZONE_WORDS + r"))(?=\s+\d{1,2}:\d{2}))?"
    + _TIME + _ZONE + _CJK_ZONE_WORD)
# The zone written after a CJK date's clock ("10:15 JST", "午後 3:15 GMT+9" on Japanese wire and finance pages).
_CJK_ZONE = r"(?:\s*(?:(?P<zone>" + GMT_OFFSET + r")|(?P<zone_name>" + _ZONE_WORDS + r")\b))?"
# 2009年11月9日 13:57, 2024年2月3日（土）15:20, 2024年1月15日 10時30分, 2024년 3월 12일 오후 2:05.
# (Malaysian papers part the day and the clock by a bar: "2024年3月5日 | 晚上8:30")
CJK_DATE_RE = re.compile(
    r"(?P<year>(?:19|20)\d{2})\s*[年년]\s*(?P<month>\d{1,2})\s*[月월]\s*(?P<day>\d{1,2})\s*[日号일]"
    r"(?:\s*[（(][^）)]{1,3}[）)])?(?:\s*星期.|\s*周.)?"
    r"(?:\s*(?:[|｜]\s*)?" + _AM_PM + r"(?P<hour>\d{1,2})\s*(?:[:：时時시]\s*(?P<minute>\d{1,2})|"
    # (after "午後" the hour alone is the clock: "2024年3月5日 午後2時", regional papers' and city halls' form)
    r"(?(ampm_word)[时時시](?![\d分분])|(?!)))"
    # (the minutes' "分" is the date's own: "14時30分（… 更新）" ends there, its seconds are not the next year's digits)
    r"(?:\s*[:：分분]\s*(?P<second>\d{2})(?!\d)|\s*[分분](?!\s*\d{2}(?!\d)))?" + _CJK_ZONE + _CJK_ZONE_WORD + r")?"
)
# 11/09/2009 (US month first; when the first number exceeds 12 it is the day) with an optional time.
# In a language other than US English the day comes first (``find_text_date(day_first=True)``).
MDY_NUMERIC_RE = re.compile(
    r"(?<![\d/])(?P<first>\d{1,2})/(?P<second_number>\d{1,2})/(?P<year>(?:19|20)\d{2})(?![\d/])" + _TIME_TAIL,
    re.I,
)
# 12.03.2024 and 12-03-2024: day first in every language that writes them (German, Dutch, Russian...); Czech and
# Slovak pages space them after the dots ("5. 3. 2024"), Croatian and Serbian end the year with one ("05.03.2024.").
DMY_NUMERIC_RE = re.compile(
    r"(?<![\d.\-])(?P<day>\d{1,2})(?:[.\-]|\.\s)(?P<month>\d{1,2})(?:[.\-]|\.\s)(?P<year>(?:19|20)\d{2})(?![\d.\-]\d)\.?"
    + _TIME_TAIL,
    re.I,
)
# March 12, 2024 / Mar. 12 2024 (month first), optionally "at 6:01 am". The look-ahead is what the rest of the pattern
# needs after a word's start, with letters for the month (re.I matches a month's letter with letters only: checked over
# all of Unicode), so that the ~200 month names, re.I's, are tried only where a number follows the word.
# A month glued to the word before it counts where a lower-case letter meets a capital ("By Jane DoeMar 5, 2025",
# "Mental HealthDECEMBER 22, 2022": two inline elements printed without a space); "primary 12, 2020" is no date.
MONTH_DAY_YEAR_RE = re.compile(
    rf"(?:(?<![\w])|(?-i:(?<=[a-z])(?=[A-Z])))(?={MONTH_CHARACTER}+\.?\s+\d)(?P<month_name>{_MONTH_ALTERNATION})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    r"(?P<year>(?:19|20)\d{2})(?!\d)" + _TIME_TAIL,
    re.I,
)
# 12 March 2024 / 22 Dec 2016 / 1. März 2024 (day first); Catalan "6 d'abril de 2024", Serbian and Croatian
# "5. ožujka 2024." (a dot after the year); the day may touch a name's last letters, a writer's and a date's elements
# printed without a space ("Ana Costa5 de março de 2024").
DAY_MONTH_YEAR_RE = re.compile(
    rf"(?:(?<![\w])|(?-i:(?<=[a-zà-ÿ]{{2}})))(?P<day>\d{{1,2}})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+|d['’])?(?P<month_name>{_MONTH_ALTERNATION})\.?,?\s+"
    r"(?:de\s+)?(?P<year>(?:19|20)\d{2})(?!\d)(?:\s*г\.?|\.(?!\d))?" + _TIME_TAIL,
    re.I,
)
# The clock time before the date, as British regional papers, wire services and live pages print it ("14:30, 5 MAR
# 2024", "6:12 PM EST, March 5, 2024", "2:30 p.m. ET March 5, 2024"); US "ET"/"PT" name no one offset (no zone).
_TIME_FIRST = (r"(?<![\w:.])(?P<hour>\d{1,2}):(?P<minute>\d{2})(?!\d)\s*(?P<ampm>[ap]\.?m\.?)?"
               r"(?:\s*(?-i:(?P<zone_name>" + _ZONE_WORDS + r")|\s*(?-i:[ECMP]T))\b)?"
               r"\s*(?:,|·|-|–|\bon\b)?\s*")
TIME_DAY_MONTH_YEAR_RE = re.compile(
    _TIME_FIRST + rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th|\.)?\s+(?P<month_name>{_MONTH_ALTERNATION})\.?,?\s+"
    r"(?P<year>(?:19|20)\d{2})(?!\d)", re.I)
TIME_MONTH_DAY_YEAR_RE = re.compile(
    _TIME_FIRST + rf"(?={MONTH_CHARACTER}+\.?\s+\d)(?P<month_name>{_MONTH_ALTERNATION})\.?\s+(?P<day>\d{{1,2}})"
    r"(?:st|nd|rd|th)?,?\s+(?P<year>(?:19|20)\d{2})(?!\d)", re.I)
# C's asctime with the zone before the year, as mailing-list archives (Mailman's pipermail) and Unix tools print a
# message's date: "Tue Mar  5 14:30:12 UTC 2024".
ASCTIME_RE = re.compile(
    r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?P<month_name>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +"
    r"(?P<day>\d{1,2}) (?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) (?:(?P<zone_name>" + _ZONE_WORDS
    + r") )?(?P<year>(?:19|20)\d{2})(?!\d)")
# 2024. március 5. (Hungarian: the year first, a dot after it and after the day).
YEAR_MONTH_DAY_RE = re.compile(
    rf"(?<![\w.])(?P<year>(?:19|20)\d{{2}})\.\s+(?P<month_name>{_MONTH_ALTERNATION})\.?\s+(?P<day>\d{{1,2}})\.?(?!\d)"
    + _TIME_TAIL,
    re.I,
)
# 2024 m. kovo 5 d. (Lithuanian: the year, "m.", the month in the genitive, the day, "d."; the dot after "m" left
# unescaped, so that the pattern holds " m." for its pre-check).
LITHUANIAN_DATE_RE = re.compile(
    rf"(?<![\w.])(?P<year>(?:19|20)\d{{2}}) m.\s+(?P<month_name>{_MONTH_ALTERNATION})\s+(?P<day>\d{{1,2}})\s*d\."
    + _TIME_TAIL,
    re.I,
)
# 2024. gada 5. martā (Latvian: the year, "gada", the day, the month in the locative or nominative).
LATVIAN_DATE_RE = re.compile(
    rf"(?<![\w.])(?P<year>(?:19|20)\d{{2}})\.\s+gada\s+(?P<day>\d{{1,2}})\.\s+(?P<month_name>{_MONTH_ALTERNATION})"
    r"(?!\w)" + _TIME_TAIL, re.I)
# Dates in URL paths: /2024/03/12/, /2024-03-12/, /20240312/ (news CMS conventions).
URL_DATE_RE = re.compile(
    r"/(?P<year>(?:19|20)\d{2})(?P<sep>[/-]?)(?P<month>0[1-9]|1[0-2])(?P=sep)(?P<day>0[1-9]|[12]\d|3[01])(?!\d)"
)
# /2024/mar/12/, /2023/october/03/: the month by its name (newspaper and blog CMSs), a name of MONTHS.
URL_MONTH_NAME_DATE_RE = re.compile(
    r"/(?P<year>(?:19|20)\d{2})/(?P<month_name>[^\W\d_]{3,10})/(?P<day>0?[1-9]|[12]\d|3[01])(?=$|[/?#._-])")

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


def _from_match(match: re.Match[str], day_first: bool = False) -> FoundDate | None:
    groups = without_duration(match.groupdict())
    ampm = groups.get("ampm") or groups.get("ampm_word")
    written_zone = (ZONE_ABBREVIATIONS.get(name) or zone_of(name)) if (name := groups.get("zone_name")) else None
    if groups.get("month_name"):
        month = MONTHS.get(groups["month_name"].lower().rstrip("."))
        if month is None:
            return None
        return build_date(int(groups["year"]), month, int(groups["day"]), groups.get("hour"), groups.get("minute"),
                      groups.get("second"), written_zone, ampm)
    if groups.get("first"):
        first, second_number = int(groups["first"]), int(groups["second_number"])
        month, day = (second_number, first) if first > 12 or (day_first and second_number <= 12) \
            else (first, second_number)
        return build_date(int(groups["year"]), month, day, groups.get("hour"), groups.get("minute"),
                      groups.get("second"), written_zone, ampm)
    zone = zone_of(groups.get("zone")) or written_zone or \
        (CJK_ZONE_WORDS[groups["zone_word"]] if groups.get("zone_word") and groups.get("hour") else None)
    return build_date(int(groups["year"]), int(groups["month"]), int(groups["day"]), groups.get("hour"),
                  groups.get("minute"), groups.get("second"), zone, ampm)


def normalise(text: str) -> str:
    """Full-width digits, colons and spaces as ASCII (NFKC), so "２０２１年３月５日　０９：３０" reads as a date;
    an era's year as the Gregorian one ("令和6年" as "2024年"). (An ASCII text is its own NFKC form, with no era.)"""
    return text if text.isascii() else gregorian_years(unicodedata.normalize("NFKC", text))


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
    zone = zone_of(match.group())
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
        return build_date(int(match["year"]), MONTHS[match["month_name"].lower()], int(match["day"]))
    zone: tzinfo = UTC_ZONE
    if match.re is RFC_DATE_RE and match["zone"]:
        zone = ZONE_ABBREVIATIONS[match["zone"]]
    else:
        hours, minutes = int(match["offset_hours"]), int(match["offset_minutes"])
        if hours > MAX_ZONE_HOURS or minutes > 59:  # (dateutil takes "+1500" and "+0960": left to it)
            return None
        offset = (hours * 3600 + minutes * 60) * (-1 if match["sign"] == "-" else 1)
        if offset:
            zone = timezone(timedelta(seconds=offset))
    return build_date(int(match["year"]), MONTHS[match["month_name"].lower()], int(match["day"]), match["hour"],
                  match["minute"], match["second"], zone)


# The patterns of a date in free text, each with the characters one of which its every match holds (a literal of it;
# at most two, none for a pattern without such a literal): a text without them is not searched by the pattern (most
# lines with a year have no 年/년 and no "/").
TEXT_DATE_SEARCHES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (YMD_RE, ()), (CJK_DATE_RE, ("年", "년")), (MONTH_DAY_YEAR_RE, ()), (DAY_MONTH_YEAR_RE, ()),
    (MDY_NUMERIC_RE, ("/",)), (DMY_NUMERIC_RE, ()), (YEAR_MONTH_DAY_RE, ()), (TIME_DAY_MONTH_YEAR_RE, (":",)),
    (TIME_MONTH_DAY_YEAR_RE, (":",)), (ASCTIME_RE, (":",)), (LITHUANIAN_DATE_RE, (" m.",)),
    (LATVIAN_DATE_RE, ("gada",)))
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
    if "Uhr" in text and (short := short_year_date(text)) is not None:  # ("05.03.24, 06:00 Uhr": short_years)
        return short, len(text)
    if now is None:
        return None, 0
    return find_relative_date(text, now), len(text)


# A month and day without a year ("10-08 12:00", "10-0812:00", "3月5日 09:30", "03月05日 18時12分"), as app-style
# pages write the date of a recent story; read only after a publication label (or in a broadcaster's 時/分 form).
MONTH_DAY_RE = re.compile(
    r"(?<![\d\-/.])(?P<month>1[0-2]|0?[1-9])\s*[-/月]\s*(?P<day>[0-3]\d|[1-9](?!\d))\s*日?(?:\s*[（(][^）)]{1,3}[）)])?"
    r"(?:\s*(?P<hour>[01]?\d|2[0-3])[:：時时](?P<minute>[0-5]\d)分?)?(?![\d\-/])"
)
# An English month's name, its day and a clock without a year after a label ("Posted by X · Mar 5, 2:30 PM"), as
# community and local news sites date a story of the current year.
ENGLISH_MONTH_DAY_CLOCK_RE = re.compile(
    r"\b(?P<month_name>" + _ENGLISH_MONTHS + r")\.?\s+(?P<day>[0-3]?\d),?\s+(?:at\s+)?"
    r"(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\s*(?P<ampm>[ap]\.?m\.?)?(?![\d:])", re.I)


# A day and month dotted without a year before the Nordic clock word ("5.3. klo 14.30", "5.3. kl. 14.30"), as Finnish
# and Scandinavian papers date a story of the current year.
NORDIC_DAY_MONTH_RE = re.compile(
    r"(?<![\d.])(?P<day>[0-3]?\d)\.(?P<month>1[0-2]|0?[1-9])\.\s*(?:klo|kl\.?)\s*(?P<hour>[01]?\d|2[0-3])[.:]"
    r"(?P<minute>[0-5]\d)(?!\d)")


def find_yearless_date(text: str, now: datetime) -> FoundDate | None:
    """A month and day without a year: in the crawl's year, or the year before when that would be ahead."""
    text = normalise(text)
    match = MONTH_DAY_RE.search(text) or (NORDIC_DAY_MONTH_RE.search(text) if "kl" in text else None) or \
        ENGLISH_MONTH_DAY_CLOCK_RE.search(text)
    if match is None:
        return None
    groups = match.groupdict()
    month = MONTHS.get(groups["month_name"].lower()) if groups.get("month_name") else int(groups["month"])
    for year in (now.year, now.year - 1):
        found = build_date(year, month, int(groups["day"]), groups["hour"], groups["minute"], None, None,
                           groups.get("ampm"))
        if found is not None and is_plausible(found, now, stated=False):
            return found
    return None


def find_url_date(url: str | None) -> FoundDate | None:
    """A publication day written in the URL path (/2024/03/12/, /20240312/)."""
    if not url:
        return None
    match = URL_DATE_RE.search(url)
    if match:
        return build_date(int(match.group("year")), int(match.group("month")), int(match.group("day")))
    named = URL_MONTH_NAME_DATE_RE.search(url)
    month = MONTHS.get(named.group("month_name").lower()) if named else None
    return build_date(int(named.group("year")), month, int(named.group("day"))) if named and month else None


__all__ = ["ENGLISH_MONTH_DAY_CLOCK_RE", "FoundDate", "find_relative_date", "find_text_date",
           "find_text_date_span", "find_url_date", "find_yearless_date", "is_plausible", "may_be_relative", "normalise",
           "parse_structured_date", "re_i_lowered", "relative_date_of"]
