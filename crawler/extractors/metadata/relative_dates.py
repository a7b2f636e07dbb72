"""Relative dates counted back from the crawl time ("3 hours ago", "il y a 3 heures", "3小时前", "昨天 13:57"), and the
cheap test of whether a text may hold one (``may_be_relative``), which the line readers ask first."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from crawler.extractors.metadata.date_values import FoundDate, build_date

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
    # Russian and Ukrainian, each unit in the forms a count takes ("1 час", "3 часа", "5 часов"; "3 години")
    **dict.fromkeys(("секунду", "секунды", "секунд", "секунди"), SECOND),
    **dict.fromkeys(("минуту", "минуты", "минут", "хвилину", "хвилини", "хвилин"), MINUTE),
    **dict.fromkeys(("час", "часа", "часов", "годину", "години", "годин"), HOUR),
    **dict.fromkeys(("день", "дня", "дней", "дні", "днів"), DAY),
    **dict.fromkeys(("неделю", "недели", "недель", "тиждень", "тижні", "тижнів"), WEEK),
}
_CYRILLIC_UNITS = sorted((unit for unit in RELATIVE_UNITS if "а" <= unit[0] <= "я" or unit[0] == "і"), key=len,
                         reverse=True)
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
# "3 часа назад" (ru), "3 години тому" (uk): the count, the unit, then "ago".
RELATIVE_CYRILLIC_RE = re.compile(
    rf"(?<!\w)(?P<count>\d+)\s+(?P<unit>{'|'.join(_CYRILLIC_UNITS)})\s+(?:назад|тому)(?!\w)", re.I)
# (not a deadline's or a start's "before": "収集日の1週間前までに" is a week before a collection day, "提前3天前往" a
# trip three days ahead)
RELATIVE_ZH_RE = re.compile(
    r"(?P<count>\d+|[一二两三四五六七八九十半])\s*(?:个)?\s*(?P<unit>秒|分钟|分鐘|小时|小時|時間|天|日|周|週間|週|星期|分)\s*前"
    r"(?!まで|から|往)"
)
RELATIVE_KO_RE = re.compile(r"(?P<count>\d+)\s*(?P<unit>초|분|시간|일|주)\s*전")
# The count and unit of Polish ("2 godziny temu"), Swedish, Danish and Norwegian ("för 3 timmar sedan", "for 3 timer
# siden"), Finnish ("3 tuntia sitten"), Turkish ("3 saat önce"), Czech ("před 3 hodinami"), Romanian ("acum 3 ore"),
# Serbian and Croatian ("pre 3 sata", "prije 3 sata") and Greek ("πριν από 2 ώρες"), each unit in the forms a count
# takes.
NORTH_EAST_UNITS: dict[str, timedelta] = {
    **dict.fromkeys(("minut", "minutę", "minuty", "minuter", "minutter", "minuttia", "minuutti", "dakika",
                     "minutami", "minutou", "minute", "minut", "minuta", "λεπτό", "λεπτά"), MINUTE),
    **dict.fromkeys(("godzin", "godzinę", "godziny", "timme", "timmar", "time", "timer", "tunti", "tuntia", "saat",
                     "hodinou", "hodinami", "ore", "oră", "sat", "sata", "sati", "ώρα", "ώρες"), HOUR),
    **dict.fromkeys(("dzień", "dni", "dag", "dagar", "dage", "dager", "päivä", "päivää", "gün", "dnem", "dny",
                     "zile", "zi", "dan", "dana", "μέρα", "μέρες", "ημέρα", "ημέρες"), DAY),
    **dict.fromkeys(("tydzień", "tygodnie", "tygodni", "vecka", "veckor", "uge", "uger", "uke", "uker", "viikko",
                     "viikkoa", "hafta", "týdnem", "týdny", "săptămâni", "săptămână"), WEEK),
}
_NORTH_EAST_UNIT = "(?P<unit>" + "|".join(sorted(NORTH_EAST_UNITS, key=len, reverse=True)) + ")"
RELATIVE_NORTH_EAST_RES = (
    re.compile(rf"(?<!\w)(?:(?:för|for)\s+)?(?P<count>\d+)\s+{_NORTH_EAST_UNIT}\s+(?:temu|sedan|siden|sitten|önce)"
               r"(?!\w)", re.I),
    re.compile(rf"(?<!\w)(?:před|acum|pre|prije|πριν\s+από|πριν)\s+(?P<count>\d+)\s+{_NORTH_EAST_UNIT}(?!\w)", re.I),
)
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
    # Czech/Slovak, Polish, Scandinavian, Finnish, Turkish, Russian/Bulgarian, Ukrainian, Hungarian, South Slavic,
    # Catalan, Romanian
    "včera": DAY, "wczoraj": DAY, "igår": DAY, "i går": DAY, "eilen": DAY, "dün": DAY, "вчера": DAY, "вчора": DAY,
    "tegnap": DAY, "jučer": DAY, "juče": DAY, "včeraj": DAY, "ahir": DAY,
    "dnes": timedelta(0), "dziś": timedelta(0), "dzisiaj": timedelta(0), "idag": timedelta(0), "i dag": timedelta(0),
    "tänään": timedelta(0), "bugün": timedelta(0), "сегодня": timedelta(0), "сьогодні": timedelta(0),
    "danas": timedelta(0), "danes": timedelta(0), "avui": timedelta(0), "astăzi": timedelta(0),
}
TODAY_WORDS = frozenset({"today", "今天", "今日", "aujourd'hui", "heute", "hoy", "hoje", "oggi", "vandaag", "오늘",
                         *(word for word, back in RELATIVE_WORDS.items() if not back and word.isalpha())})
# Characters a line may have besides a bare relative word for the word to be the line's date (a label such
# as "Updated" or "更新于"; a story sentence is longer), unless the word ends the line ("爱否科技 昨天").
MAX_CHARS_BESIDE_RELATIVE_WORD = 12
RELATIVE_WORD_RE = re.compile(
    r"(?<!\w)(?P<word>" + "|".join(sorted(map(re.escape, RELATIVE_WORDS), key=len, reverse=True)) + r")(?!\w)"
    r"(?:\s*(?:,|at|à|um|alle|às|a las|om|v|o|в|kl\.?|klo|godz\.)?\s*(?P<hour>\d{1,2})"
    r"(?:[:：h]|(?<=kl\. \d\d)\.|(?<=kl\. \d)\.|(?<=klo \d\d)\.|(?<=klo \d)\.)(?P<minute>\d{2}))?", re.I
)  # (the Nordic clock dotted after "kl."/"klo": "i dag kl. 06.00")
CHINESE_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
                    "十": 10, "半": 0.5}
WHITESPACE = re.compile(r"\s+")


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
_RELATIVE_HINT = (r"\s(?:ago|fa|geleden|назад|тому|temu|sedan|siden|sitten|önce)|"
                  r"(?:il y a|vor|hace|há|ha|před|acum)\s|(?:pre|prije|πριν)\s+(?:από\s+)?\d|"
                  r"前|전|"
                  + "|".join(sorted(map(re.escape, RELATIVE_WORDS), key=len, reverse=True)))
RELATIVE_HINT_RE = re.compile(_RELATIVE_HINT, re.I)
# RELATIVE_HINT_RE as ``may_be_relative`` looks for it: in the text as re.I sees it (``re_i_lowered``; the lowered ASCII
# text for ASCII text, where only ASCII pieces can match) without re.I, in two searches, each led by what all its
# matches start with (a word's first letter; a white space), which the search skips to: the alternation of the full
# pattern, led by "\s(...)", would be tried at every character, with re.I at every word.
# (Serbian, Croatian and Greek "before" with the count after it: "pre" ends Italian "sempre", "πριν" is a common word)
_SPACED_RELATIVE_WORDS = (r"il y a\s", r"vor\s", r"hace\s", r"há\s", r"ha\s", r"před\s", r"acum\s", r"pre\s+\d",
                          r"prije\s+\d", r"πριν\s+(?:από\s+)?\d")
RELATIVE_HINT_RES = (
    re.compile("|".join(sorted(map(re.escape, (*RELATIVE_WORDS, "前", "전")), key=len, reverse=True)
                        + list(_SPACED_RELATIVE_WORDS))),
    re.compile(r"\s(?:ago|fa|geleden|назад|тому|temu|sedan|siden|sitten|önce)"),
)
ASCII_RELATIVE_HINT_RES = (
    re.compile("|".join(sorted((re.escape(word) for word in RELATIVE_WORDS if word.isascii()), key=len, reverse=True)
                        + [word for word in _SPACED_RELATIVE_WORDS if word.isascii()])),
    re.compile(r"\s(?:ago|fa|geleden|temu|sedan|siden|sitten)"),
)
# re.I matches a letter with the characters whose lower() is the letter, and with these others, whose lower() is not
# (found over all of Unicode; İ's lower() is two characters long): a re.I pattern of lower-case words matches a text
# where the same pattern without re.I matches the text as ``re_i_lowered`` gives it (checked over all of Unicode for
# every character of the patterns read that way: tests/test_metadata_visible_cost.py). σ, which lower() tells from ς
# by context, stands in such patterns only inside a word (Greek date labels), where lower() gives σ.
RE_I_FOLDS = str.maketrans({
    "İ": "i", "ı": "i", "ſ": "s", "ẛ": "ṡ", "µ": "μ", "\u0345": "ι", "\u1fbe": "ι", "ς": "σ", "ϐ": "β", "ϑ": "θ",
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
    for pattern in (*RELATIVE_LATIN_RES, RELATIVE_CYRILLIC_RE, RELATIVE_ZH_RE, RELATIVE_KO_RE,
                    *RELATIVE_NORTH_EAST_RES):
        match = pattern.search(text)
        if match:
            unit = _unit(match.group("unit")) or NORTH_EAST_UNITS.get(match.group("unit").lower())
            if unit is None:
                continue
            moment = now - unit * _count(match.group("count").lower())
            precise = unit < DAY
            iso = moment.isoformat(timespec="seconds") if precise else moment.date().isoformat()
            return FoundDate(iso, moment)
    for match in RELATIVE_WORD_RE.finditer(text):
        word = match.group("word").lower()
        moment = now - RELATIVE_WORDS[word]
        if match.group("hour"):  # (the clock is the site's, whose zone the page does not say: kept without one)
            return build_date(moment.year, moment.month, moment.day, match.group("hour"), match.group("minute"),
                          None, None)
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


__all__ = ["RELATIVE_KO_RE", "RELATIVE_LATIN_RES", "RELATIVE_WORD_RE", "RELATIVE_ZH_RE", "find_relative_date",
           "may_be_relative", "re_i_lowered", "relative_date_of"]
