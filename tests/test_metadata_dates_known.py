"""A page whose markup gives both a plausible publication and modification date (JSON-LD, OpenGraph, meta,
microdata: most news pages) has its lines away from the headline read for its people and outlet alone, not for dates,
which could not be chosen over the markup's (issue 16: the worker's extras); the lines near the headline are read for
the date they show, which is compared with the markup's (``date_conflicts``); its metadata is what reading them
gives."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import datelines, extract_metadata, visible

NOW = datetime(2024, 6, 1, tzinfo=timezone.utc)


def _page(json_ld: str) -> bytes:
    return f"""<html lang="en"><head><title>Harbour cranes return</title>{json_ld}</head><body>
<article><h1>Harbour cranes return</h1>
<p class="byline">By Jane Porter and Ali Khan, Reuters</p>
<p>Published March 2, 2024 - Updated March 5, 2024</p>
<p>{"The cranes came back to the harbour after a winter of repairs, and the dockers cheered them in. " * 4}</p>
<p>{"Shipping lines said the first vessels would be unloaded within the week, weather allowing. " * 4}</p>
<p>Editor: Sam Lee</p>
</article></body></html>""".encode()


BOTH = ('<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-03-02T08:00:00Z",'
        ' "dateModified": "2024-03-04T09:00:00Z"}</script>')
PUBLISHED_ONLY = ('<script type="application/ld+json">{"@type": "NewsArticle",'
                  ' "datePublished": "2024-03-02T08:00:00Z"}</script>')


@pytest.fixture
def date_lines_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    original = visible.read_date_line

    def counted(line: str, *args: object, **kwargs: object) -> datelines.DateLine:
        read.append(line)
        return original(line, *args, **kwargs)

    monkeypatch.setattr(visible, "read_date_line", counted)
    return read


def test_dates_the_markup_gives_are_not_read_from_the_lines(date_lines_read: list[str]) -> None:
    metadata = extract_metadata(parse_html(_page(BOTH), "https://news.example/a"), NOW)
    # the byline and the date line under the headline, not "Editor: Sam Lee" below the story's start
    assert set(date_lines_read) <= {"By Jane Porter and Ali Khan, Reuters",
                                    "Published March 2, 2024 - Updated March 5, 2024"}
    assert metadata.published == "2024-03-02T08:00:00+00:00"
    assert metadata.modified == "2024-03-04T09:00:00+00:00"
    assert metadata.authors == ["Jane Porter", "Ali Khan"]
    assert metadata.editors == ["Sam Lee"]


def test_a_date_the_markup_lacks_is_still_read_from_the_lines(date_lines_read: list[str]) -> None:
    metadata = extract_metadata(parse_html(_page(PUBLISHED_ONLY), "https://news.example/a"), NOW)
    assert date_lines_read
    assert metadata.published == "2024-03-02T08:00:00+00:00"
    assert metadata.modified == "2024-03-05"
    assert metadata.sources["modified"] == "text"


@pytest.mark.parametrize("json_ld", [BOTH, PUBLISHED_ONLY, ""])
def test_people_and_outlet_do_not_depend_on_the_dates_asked(json_ld: str) -> None:
    doc = parse_html(_page(json_ld), "https://news.example/a")
    asked = visible.scan_visible(doc, "Harbour cranes return", NOW, "en")
    not_asked = visible.scan_visible(doc, "Harbour cranes return", NOW, "en", dates=False)
    assert (not_asked.authors, not_asked.editors, not_asked.origin, not_asked.headline) == \
        (asked.authors, asked.editors, asked.origin, asked.headline)
    assert asked.published is not None
    assert (not_asked.published, not_asked.modified) == (None, None)
