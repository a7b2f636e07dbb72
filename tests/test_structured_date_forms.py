"""The structured date parser reads the e-mail (RFC 822/2822) forms and "Month D, YYYY" by its own patterns
(``dates.RFC_DATE_RE``, ``dates.MONTH_FIRST_DATE_RE``), not by dateutil (1.2 ms a call in the worker): on built inputs
of those shapes its dates are dateutil's, its ISO text, moment and offset, and dateutil is not called."""

from __future__ import annotations

import itertools
import re
import warnings

import pytest
from dateutil import parser as dateutil_parser

from crawler.extractors.metadata.dates import ZONE_ABBREVIATIONS, find_text_date, parse_structured_date


def _dateutil_reading(text: str) -> tuple[str, object, object] | None:
    """What parse_structured_date gave by dateutil for a text with a year and no ISO or CJK date (its slow path)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", dateutil_parser.UnknownTimezoneWarning)
            moment = dateutil_parser.parse(text, fuzzy=False, tzinfos=ZONE_ABBREVIATIONS)
    except (ValueError, OverflowError, TypeError):
        found = find_text_date(text)
        return None if found is None else (found.iso, found.moment, found.moment.utcoffset())
    iso = moment.isoformat(timespec="seconds") if re.search(r"\d:\d", text) else moment.date().isoformat()
    return iso, moment, moment.utcoffset()


def _rfc_texts() -> list[str]:
    zones = [*ZONE_ABBREVIATIONS, "+0000", "-0000", "-0600", "+0530", "+1400", "+1500", "+0960", "-1259", "IST",
             "GMT+0000", "GMT-0000"]  # ("GMT+0100": an hour east, not dateutil's west: tests/test_gmt_offsets.py)
    texts = []
    for weekday, day, month, year, clock, zone in itertools.product(
            ("", "Mon, ", "Fri "), ("0", "09", "29", "31"), ("Feb", "Nov", "nov"), ("1999", "2024"),
            ("07:09", "16:07:38", "6:07:38", "24:00", "23:59:60"), zones):
        texts.append(f"{weekday}{day} {month} {year} {clock} {zone}")
    return texts


def _month_first_texts() -> list[str]:
    texts = []
    for month, day, comma, year in itertools.product(
            ("November", "Nov", "February", "Feb", "Sept", "May", "may", "Mai"), ("0", "1", "09", "29", "30", "32"),
            (",", ""), ("1999", "2020")):
        texts.append(f"{month} {day}{comma} {year}")
    return texts


@pytest.fixture
def dateutil_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    parse = dateutil_parser.parse

    def counted(text: str, **options: object) -> object:
        calls.append(text)
        return parse(text, **options)

    monkeypatch.setattr(dateutil_parser, "parse", counted)
    return calls


def _reading(text: str) -> tuple[str, object, object] | None:
    found = parse_structured_date(text)
    return None if found is None else (found.iso, found.moment, found.moment.utcoffset())


@pytest.mark.slow
@pytest.mark.parametrize("texts", [_rfc_texts(), _month_first_texts()], ids=["rfc", "month-first"])
def test_own_patterns_give_dateutils_dates(texts: list[str], dateutil_calls: list[str]) -> None:
    for text in texts:
        expected = _dateutil_reading(text)
        dateutil_calls.clear()
        assert _reading(text) == expected, text
    # (the patterns' share of the built texts: most of these make no date, name a month in lower case or a zone
    # dateutil reads otherwise, and are left to dateutil; 15 % of the e-mail forms and 44 % of the others are read)
    fast = 0
    for text in texts:
        dateutil_calls.clear()
        parse_structured_date(text)
        fast += not dateutil_calls
    assert fast >= len(texts) // 10


@pytest.mark.parametrize("text", ["19 Nov 2019 07:09 GMT", "Mon, 18 Nov 2019 16:07:38 -0600",
                                  "Tue, 19 Nov 2019 06:13:48 +0000", "November 19, 2019", "Sept 3 2024",
                                  "Tue Nov 19 2019 03:05:46 GMT+0000"])
def test_common_forms_skip_dateutil(text: str, dateutil_calls: list[str]) -> None:
    found = parse_structured_date(text)
    assert found is not None
    assert dateutil_calls == []


def test_zones_read_again_are_the_same() -> None:
    """The zones of ISO values are kept by their text once read (up to a bound): every offset read twice, more of them
    than are kept, gives its own zone each time."""
    for _ in range(2):
        for hours in range(15):
            for minutes in range(0, 60, 3):
                for sign in "+-":
                    for colon in (":", ""):
                        found = parse_structured_date(f"2024-03-05T09:30:00{sign}{hours:02d}{colon}{minutes:02d}")
                        assert found is not None
                        expected = f"2024-03-05T09:30:00{sign if hours or minutes else '+'}{hours:02d}:{minutes:02d}"
                        assert found.iso == expected
                        assert found.moment.utcoffset().total_seconds() == \
                            (-1 if sign == "-" else 1) * (hours * 3600 + minutes * 60)
    assert parse_structured_date("2024-03-05T09:30:00+15:00").iso == "2024-03-05T09:30:00"  # (no zone so far ahead)
    assert parse_structured_date("2024-03-05T09:30:00Z").iso == "2024-03-05T09:30:00+00:00"
