"""An offset written after GMT or UTC counts east of Greenwich, as every web page means it: JavaScript's
``Date.prototype.toString()`` ("Tue Nov 19 2019 03:05:46 GMT+0100 (Central European Standard Time)", what scripts
write into ``<time datetime>`` and JSON), "GMT+8" beside a Chinese page's 北京时间, "UTC+02:00" after an ISO date.
dateutil reads "GMT+0100" the POSIX-TZ way (one hour WEST of Greenwich): these pages' dates were an hour or more off,
in the wrong direction, or lost their zone."""

from __future__ import annotations

import pytest

from crawler.extractors.metadata.dates import find_text_date, parse_structured_date


@pytest.mark.parametrize(("text", "iso"), [
    ("Tue Nov 19 2019 03:05:46 GMT+0100 (Central European Standard Time)", "2019-11-19T03:05:46+01:00"),
    ("Tue Nov 19 2019 03:05:46 GMT-0500 (Eastern Standard Time)", "2019-11-19T03:05:46-05:00"),
    ("Tue Nov 19 2019 03:05:46 GMT-0500", "2019-11-19T03:05:46-05:00"),
    ("Wed Nov 20 2019 09:28:00 GMT+0000 (Coordinated Universal Time)", "2019-11-20T09:28:00+00:00"),
    ("Wed Nov 20 2019 09:28:00 GMT+0530 (India Standard Time)", "2019-11-20T09:28:00+05:30"),
    ("Mon, 18 Nov 2019 16:07:38 GMT+0100", "2019-11-18T16:07:38+01:00"),
    ("Mon, 18 Nov 2019 16:07:38 UTC-0300", "2019-11-18T16:07:38-03:00"),
    ("2019-11-19 03:05 GMT+01:00", "2019-11-19T03:05:00+01:00"),
    ("2019-11-19T03:05:00 UTC+8", "2019-11-19T03:05:00+08:00"),
    ("2019-11-19 03:05 GMT", "2019-11-19T03:05:00+00:00"),
    ("2019-11-19 03:05 +0200", "2019-11-19T03:05:00+02:00"),
    ("Fri 6:45 PM, Feb 16, 2018 GMT+2", "2018-02-16T18:45:00+02:00"),  # (a form left to dateutil)
    ("Fri 6:45 PM, Feb 16, 2018 UTC-05:30", "2018-02-16T18:45:00-05:30"),
])
def test_structured_dates_count_gmt_offsets_east(text: str, iso: str) -> None:
    found = parse_structured_date(text)
    assert found is not None
    assert found.iso == iso


@pytest.mark.parametrize(("text", "iso"), [
    ("发布时间：2024-03-05 09:30 (GMT+8)", "2024-03-05T09:30:00"),  # the zone in brackets is not the date's
    ("发布时间：2024-03-05 09:30 GMT+8", "2024-03-05T09:30:00+08:00"),
    ("Updated 2024-03-05 09:30 UTC-05:00 by the desk", "2024-03-05T09:30:00-05:00"),
    ("Posted 2024-03-05 09:30 GMT+14 today", "2024-03-05T09:30:00+14:00"),
])
def test_text_dates_count_gmt_offsets_east(text: str, iso: str) -> None:
    found = find_text_date(text)
    assert found is not None
    assert found.iso == iso


def test_an_offset_past_any_zone_is_no_zone() -> None:
    found = parse_structured_date("2024-03-05 09:30 GMT+15")
    assert found is not None
    assert found.iso == "2024-03-05T09:30:00"
