"""A date as the page gives it: its ISO text and moment (``FoundDate``), built from parts with the zone written
beside it (offsets, ``GMT+8``, zone abbreviations with one meaning), and whether it can be a publication date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo

# The web had no news pages before 1990: older dates are accepted only when a structured field of the page
# states them (a JSON-LD or meta date), never guessed from a URL or from text.
EARLIEST_GUESSED_YEAR = 1990
# CMS placeholders for "no date": the Unix epoch and the zero date of .NET and SQL servers.
PLACEHOLDER_DAYS = frozenset({date(1970, 1, 1), date(1900, 1, 1), date(1, 1, 1)})
# Pages are written in some timezone ahead of the crawler's; a day of slack covers every zone.
FUTURE_TOLERANCE = timedelta(days=1)
# No zone on earth is further from UTC than +14:00 (Kiribati's Line Islands).
MAX_ZONE_HOURS = 14
# Zone abbreviations with one meaning (UTC offsets in hours, from the IANA tz database's abbreviations).
# Ambiguous ones stay unknown on purpose (CST is US Central or China): their dates keep the clock time without a
# zone (dateutil's UnknownTimezoneWarning for them is silenced). IST is read as India's: Irish and Israeli papers
# print their clock without it, Indian ones after every time (docs/metadata-classes.md).
ZONE_ABBREVIATIONS_HOURS: dict[str, float] = {
    "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    "AKST": -9, "AKDT": -8, "HST": -10, "BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "MSK": 3,
    "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
    "MEZ": 1, "MESZ": 2,  # German pages' CET and CEST
    # South Asian, South-East Asian and African papers' zones
    "IST": 5.5, "PKT": 5, "MYT": 8, "PHT": 8, "WIB": 7, "SAST": 2, "WAT": 1, "CAT": 2, "EAT": 3,
}
# As fixed-offset zones of the standard library (dateutil's tz module, the same offsets, holds 0.7 MB of imports).
ZONE_ABBREVIATIONS = {name: timezone(timedelta(hours=hours), name) for name, hours in ZONE_ABBREVIATIONS_HOURS.items()}
# A city's or country's time named after a clock by Chinese, Japanese and Korean pages ("14:30（北京时间）", "台北時間",
# "日本時間", "한국시간"): fixed offsets, none of these zones keeps a daylight saving time (IANA tz database).
CJK_ZONE_WORDS = {name: timezone(timedelta(hours=hours), name) for name, hours in (
    ("北京时间", 8), ("北京時間", 8), ("台北時間", 8), ("台北时间", 8), ("香港時間", 8), ("香港时间", 8),
    ("日本時間", 9), ("日本时间", 9), ("한국시간", 9), ("한국 시간", 9))}
# Words for "a.m."/"p.m." written before the hour in Korean, Japanese and Chinese ("오후 3:20", "午後3時").
AM_PM_WORDS = {"오전": "am", "오후": "pm", "午前": "am", "午後": "pm", "上午": "am", "下午": "pm", "晚上": "pm",
               "凌晨": "am", "中午": "pm", "早上": "am", "傍晚": "pm"}

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


def zone_of(text: str | None) -> timezone | None:
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


def build_date(year: int, month: int, day: int, hour: str | None = None, minute: str | None = None,
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


# The last hour of a clock: a larger number before a colon is a duration's minutes.
LAST_HOUR = 23


def without_duration(groups: dict[str, str | None]) -> dict[str, str | None]:
    """A date match's groups without the time when it is no clock: a podcast's or a video's duration beside the day
    ("March 5, 2024 · 42:17"), the day read alone."""
    if groups.get("hour") and int(groups["hour"] or 0) > LAST_HOUR:
        groups.update(hour=None, minute=None, second=None, ampm=None, ampm_word=None, zone=None, zone_name=None)
    return groups


__all__ = ["AM_PM_WORDS", "CJK_ZONE_WORDS", "LAST_HOUR", "MAX_ZONE_HOURS", "ZONE_ABBREVIATIONS", "FoundDate",
           "build_date", "is_plausible", "without_duration", "zone_of"]
