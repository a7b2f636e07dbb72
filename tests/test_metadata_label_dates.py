"""A publication label in an element of its own and the date in the next element (``<h4>Published</h4>
<div>July 8, 2025</div>``): site builders and magazine themes print them as two boxes, which the line reader does not
join (``label_blocks.date_after_label``, asked when no other source dates the page)."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 10, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"


def published_of(body: str) -> str | None:
    html = ("<html lang='en'><head><title>The library stays open | Example Report</title></head><body>"
            "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            f"<main><h1>The library stays open</h1>{STORY}{STORY}{STORY}{body}</main></body></html>")
    return extract_metadata(parse_html(html, "https://report.example.org/library"), NOW).published


def test_a_label_box_then_a_date_box_dates_the_page() -> None:
    assert published_of("<div class='meta'><h4>Published</h4><div>July 8, 2025</div>"
                        "<h4>Category</h4><div>Reports</div></div>") == "2025-07-08"


def test_a_definition_list_label_with_its_colon_dates_the_page() -> None:
    assert published_of("<dl><dt>Date:</dt><dd>12.03.2024</dd></dl>") == "2024-03-12"


def test_a_bare_date_column_header_does_not_date_the_page() -> None:
    table = ("<table><tr><th>Date</th><th>Event</th></tr><tr><td>March 3, 2019</td><td>Opening</td></tr>"
             "<tr><td>May 5, 2020</td><td>Closing</td></tr></table>")
    assert published_of(table) is None


def test_a_label_before_a_linked_date_in_a_list_is_another_storys() -> None:
    related = ("<ul class='list'><li>Published</li><li><a href='/news/older-story'>March 3, 2019</a></li>"
               "</ul>")
    assert published_of(related) is None
