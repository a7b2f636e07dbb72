"""Years of the East Asian calendars written as the Gregorian year before a date is read: Japan's era years
("令和6年3月5日", "平成31年", "令和元年": its first year) on government and company pages, and the years of the
Republic on Taiwanese government pages ("中華民國113年3月5日", "民國113年")."""

from __future__ import annotations

import re

# The Gregorian year before each era's first year (令和 from 2019, 平成 from 1989, the Republic from 1912).
ERA_YEAR_ZERO = {"令和": 2018, "平成": 1988, "民國": 1911, "民国": 1911}
# An era's name, its year (元: the first) and 年; the Republic only with its name ("113年" alone is ambiguous).
ERA_YEAR_RE = re.compile(r"(?:中華|中华)?(令和|平成|民國|民国)\s*(元|\d{1,3})\s*年")
# The names looked for first: almost no line holds one.
ERA_HINT_RE = re.compile(r"令和|平成|民國|民国")


def gregorian_years(text: str) -> str:
    """The text with each era year written as the Gregorian year ("令和6年3月5日" -> "2024年3月5日")."""
    if text.isascii() or ERA_HINT_RE.search(text) is None:
        return text
    return ERA_YEAR_RE.sub(lambda match: f"{ERA_YEAR_ZERO[match.group(1)] + _year(match.group(2))}年", text)


def _year(number: str) -> int:
    return 1 if number == "元" else int(number)


__all__ = ["gregorian_years"]
