"""A page that a feed or a news sitemap announced as an item is an article unless the page itself is clearly a
listing (many items, each with its own link and summary): a short brief inside a link-heavy portal template is
kept, a section page announced by mistake is still dropped."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from scrapy.exceptions import DropItem
from scrapy.utils.test import get_crawler

from crawler.extractors import parse_html
from crawler.pagejob.pagetypes import announced_item, classify_page
from crawler.pipelines import ArticleExtractionPipeline

BRIEF = ("The city's water board will replace the old mains under Market Street from Monday. Residents of the "
         "houses between the station and the bridge should expect short interruptions of their supply during "
         "the day, announced a day before by a letter. The works are planned to last six weeks and will be "
         "carried out in three sections so that the street stays open to buses. Shops remain open. Questions "
         "about the works can be sent to the board's office, which answers on weekdays from nine to five, and "
         "the weekly schedule is posted at the town hall and in the public library.")


def portal_page(body: str) -> str:
    """A municipal portal's template: menus, service links and a footer of links around the page's own content."""
    menu = "".join(f"<li><a href='/dept/{n}.html'>Department of services number {n}</a></li>" for n in range(40))
    services = "".join(f"<li><a href='/service/{n}.html'>Apply for permit type {n} online</a></li>"
                       for n in range(40))
    footer = "".join(f"<a href='/page/{n}.html'>Footer page link {n}</a> " for n in range(30))
    return (f"<html><head><title>Water mains works on Market Street - City portal</title></head><body>"
            f"<div class='menu'><ul>{menu}</ul></div><div class='main'>{body}</div>"
            f"<div class='side'><ul>{services}</ul></div><div class='foot'>{footer}</div></body></html>")


def brief_page() -> str:
    return portal_page(f"<h2>Water mains works on Market Street</h2><p>{BRIEF}</p>")


def section_page() -> str:
    items = "".join(f"<div class='item'><h3><a href='/news/show?id={n}'>Council story number {n} of the week</a>"
                    f"</h3><p>A summary of story {n}: what the council decided on the roads and the schools.</p>"
                    f"</div>" for n in range(12))
    return portal_page(f"<h2>News</h2>{items}")


URL = "http://city.example/news/show?id=4711"


def test_a_feed_announced_brief_in_a_link_heavy_portal_is_an_article():
    doc = parse_html(brief_page().encode(), URL)
    judged = classify_page(doc, URL)
    assert judged.kind == "listing"  # on its own evidence the page looks like a listing
    announced = announced_item(doc, judged, "feed")
    assert announced.kind == "article"
    assert "announced as an item by a feed" in announced.reason()


def test_a_listing_announced_by_a_sitemap_stays_a_listing():
    doc = parse_html(section_page().encode(), URL)
    judged = classify_page(doc, URL)
    assert judged.kind == "listing"
    announced = announced_item(doc, judged, "sitemap")
    assert announced.kind == "listing"
    assert "items" in announced.reason()


def make_pipeline(tmp_path: Path) -> ArticleExtractionPipeline:
    crawler = get_crawler(settings_dict={"EXTRACTION_WORKERS": 0,
                                         "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "templates.sqlite")})
    return ArticleExtractionPipeline.from_crawler(crawler)


def run(pipeline: ArticleExtractionPipeline, item: Any) -> Any:
    return asyncio.run(pipeline.process_item(item))


def test_the_pipeline_keeps_the_announced_brief_and_drops_it_when_found_by_a_link(tmp_path):
    pipeline = make_pipeline(tmp_path)
    try:
        row = run(pipeline, {"url": URL, "html": brief_page(), "discovered_by": "feed"})
        assert row["page_type"] == "article" and "Market Street" in row["text"]
        with pytest.raises(DropItem):
            run(pipeline, {"url": URL, "html": brief_page(), "discovered_by": "link"})
    finally:
        pipeline.close_spider()
