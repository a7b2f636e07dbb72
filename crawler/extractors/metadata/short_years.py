"""A German date with a two-digit year before its clock and "Uhr" ("05.03.24, 06:00 Uhr", "Stand: 05.03.24 um 14:52
Uhr"), as regional and local papers print it. Alone, "05.03.24" may be a version, a score or a file's reference: the
clock and "Uhr" after it tell a date."""

from __future__ import annotations

import re

from crawler.extractors.metadata.date_values import FoundDate, build_date

SHORT_YEAR_UHR_RE = re.compile(r"(?<![\d.])(?P<day>[0-3]?\d)\.(?P<month>1[0-2]|0?[1-9])\.(?P<year>\d{2})(?![\d.])"
                               r"\s*[,|]?\s*(?:um\s+)?(?P<hour>[01]?\d|2[0-3])[:.](?P<minute>[0-5]\d)\s*Uhr\b")
# The century of a two-digit year: such dates are printed for this century's stories.
CENTURY = 2000


def short_year_date(text: str) -> FoundDate | None:
    """The date of a "dd.mm.yy, hh:mm Uhr" in the text, or None."""
    match = SHORT_YEAR_UHR_RE.search(text)
    if match is None:
        return None
    return build_date(CENTURY + int(match["year"]), int(match["month"]), int(match["day"]), match["hour"],
                      match["minute"], None, None)


__all__ = ["short_year_date"]
