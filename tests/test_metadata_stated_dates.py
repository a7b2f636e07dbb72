"""The date line under the headline read once: its reading with the crawl time says whether the publication date is
written whole (``LineDates.whole``), and then the check of the markup's date against it (``settle_published``) takes
that date rather than reading the line again without the crawl time (``stated_date``)."""

from __future__ import annotations

from datetime import datetime, timezone
from unittest import mock

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import date_conflicts
from crawler.extractors.metadata.datelines import read_date_line
from crawler.extractors.metadata.visible import scan_visible

NOW = datetime(2024, 3, 20, 12, tzinfo=timezone.utc)


@pytest.mark.parametrize(("line", "whole"), [
    ("Published March 5, 2024 10:30", True),
    ("2 hours ago | Published March 5, 2024", False),  # the relative date comes first: it is the one read
    ("March 5, 2024 · 4 min read", True),
    ("3 hours ago", False),
    ("发布时间：03-05 12:00", False),  # a month and day after a label: the crawl's year
])
def test_a_line_says_whether_its_publication_date_is_written_whole(line: str, whole: bool) -> None:
    found = read_date_line(line, NOW)
    assert found.published is not None and found.whole is whole
    stated = date_conflicts.stated_date(line, day_first=False)
    assert (stated == found.published) if whole else (stated != found.published)


def _page(date_line: str) -> bytes:
    return (f"<html><head><title>Council agrees the budget</title></head><body><h1>Council agrees the budget</h1>"
            f"<p class='byline'>By Jane Doe</p><p>{date_line}</p><p>{'The council met on Tuesday. ' * 12}</p>"
            f"</body></html>").encode()


@pytest.mark.parametrize(("date_line", "kept"), [("March 5, 2024 10:30", True), ("2 hours ago", False)])
def test_the_scan_keeps_the_date_lines_date_when_written_whole(date_line: str, kept: bool) -> None:
    findings = scan_visible(parse_html(_page(date_line)), "Council agrees the budget", NOW, "en")
    assert findings.date_line == date_line
    assert (findings.date_line_date == findings.published) if kept else findings.date_line_date is None


def test_the_markups_date_is_settled_against_the_kept_date_without_reading_the_line_again() -> None:
    line = "March 5, 2024 10:30"
    stated = read_date_line(line, NOW).published
    with mock.patch.object(date_conflicts, "stated_date", side_effect=AssertionError("line read again")):
        settled = date_conflicts.settle_published("2024-03-08T09:00:00+00:00", "json-ld", line, NOW,
                                                  day_first=False, stated=stated)
    assert settled == date_conflicts.settle_published("2024-03-08T09:00:00+00:00", "json-ld", line, NOW,
                                                      day_first=False)
    assert settled.iso == stated.iso and settled.source == "text"
