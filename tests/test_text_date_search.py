"""``find_text_date_span`` stops searching once a date is found with no word character before it (every pattern's
date starts with one): the earliest date still wins, and the later patterns are not searched."""

from __future__ import annotations

import re

import pytest

from crawler.extractors.metadata import dates
from crawler.extractors.metadata.dates import find_text_date_span


@pytest.mark.parametrize(("text", "iso", "end"), [
    ("- 2019-11-20, November 18, 2019", "2019-11-20", 12),  # (found first, nothing before it: the rest not searched)
    ("| November 18, 2019 12:26 PM, 2019-11-20", "2019-11-18T12:26:00", 28),  # (found second, and earlier)
    ("By HNN Staff | November 18, 2019 at 2:26 PM HST 2019-11-20", "2019-11-18T14:26:00-10:00", 47),  # (its zone)
    ("Update 20.11.2019, November 18, 2019", "2019-11-20", 17),  # (the last pattern's date is the earliest)
    ("  19.11.2019, 08:57", "2019-11-19T08:57:00", 19),
])
def test_earliest_date_wins(text: str, iso: str, end: int) -> None:
    found, found_end = find_text_date_span(text)
    assert found is not None
    assert (found.iso, found_end) == (iso, end)


def test_later_patterns_not_searched_after_a_leading_date(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []

    class Counted:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern = pattern

        def finditer(self, text: str):
            searched.append(self.pattern.pattern)
            return self.pattern.finditer(text)

    monkeypatch.setattr(dates, "TEXT_DATE_SEARCHES",
                        tuple((Counted(pattern), needs) for pattern, needs in dates.TEXT_DATE_SEARCHES))
    found, _ = find_text_date_span(": 2019-11-20 08:00, 20.11.2019")
    assert found is not None and found.iso == "2019-11-20T08:00:00"
    assert len(searched) == 1
    searched.clear()
    find_text_date_span("Posted 2019-11-20 08:00")  # (a word before the date: every pattern is searched)
    assert len(searched) > 1
