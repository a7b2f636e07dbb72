"""Years of the East Asian calendars written as the Gregorian year before a date is read: Japan's era years
("令和6年3月5日", "平成31年", "令和元年": its first year) on government and company pages, and the years of the
Republic on Taiwanese government pages ("中華民國113年3月5日", "民國113年", and right after a date's label without the
Republic's name: "發布日期：113-03-05")."""

from __future__ import annotations

import re

# The Gregorian year before each era's first year (令和 from 2019, 平成 from 1989, the Republic from 1912).
ERA_YEAR_ZERO = {"令和": 2018, "平成": 1988, "民國": 1911, "民国": 1911}
# An era's name, its year (元: the first) and 年; the Republic only with its name ("113年" alone is ambiguous).
ERA_YEAR_RE = re.compile(r"(?:中華|中华)?(令和|平成|民國|民国)\s*(元|\d{1,3})\s*年")
# A Republic year of three digits right after a date's label, then its month and day: "發布日期：113-03-05",
# "更新日期：113/3/6", "發文日期：113年3月5日" (Taiwan's government pages; a Gregorian year has four digits).
LABELLED_REPUBLIC_YEAR_RE = re.compile(r"(?<=日期|時間|时间)(\s*[:：]?\s*)(1\d{2})"
                                       r"(?=\s*(?:[-/.]\s*\d{1,2}\s*[-/.]\s*\d{1,2}(?!\d)|年\s*\d{1,2}\s*月))")
# The names looked for first: almost no line holds one (a date's label more do; its pattern is tried then).
ERA_HINT_RE = re.compile(r"令和|平成|民國|民国|日期|時間|时间")


def gregorian_years(text: str) -> str:
    """The text with each era year written as the Gregorian year ("令和6年3月5日" -> "2024年3月5日")."""
    if text.isascii() or ERA_HINT_RE.search(text) is None:
        return text
    text = ERA_YEAR_RE.sub(lambda match: f"{ERA_YEAR_ZERO[match.group(1)] + _year(match.group(2))}年", text)
    return LABELLED_REPUBLIC_YEAR_RE.sub(lambda match: f"{match.group(1)}{ERA_YEAR_ZERO['民國'] + int(match.group(2))}",
                                         text)


def _year(number: str) -> int:
    return 1 if number == "元" else int(number)


__all__ = ["gregorian_years"]
