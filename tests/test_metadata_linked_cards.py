"""A teaser card that is itself one link to another story (its headline, date, summary and "By X" all inside the
``<a>``): its byline is that story's, not the page's; the page's own byline linked to its writer's page stays."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only

NOW = datetime.fromisoformat("2026-03-01T00:00:00+00:00")
POST = ("<p>We spent ten days in Japan and kept notes on what worked: the rail pass paid for itself after two long "
        "trips, and the convenience stores were a lifesaver on late evenings.</p><p>Book the popular museums ahead, "
        "carry some cash for smaller restaurants, and learn a few polite phrases before you go.</p>")


def _card(href: str, headline: str, name: str) -> str:
    return (f"<div class='card'><a href='{href}'><div class='t'>{headline}</div><div class='m'>Jan 22, 2026 "
            f"<span>•</span> 8 min read</div><div class='d'>A short summary of the guide.</div>"
            f"<div class='b'>By {name}</div></a></div>")


def _page(top: str = "") -> str:
    cards = (_card("/Articles-a1-Supershoppers_guide.html", "The best cities for thrift shopping", "Noah Cortez")
             + _card("/Articles-a2-Stadium_trips.html", "From ball games in Tokyo to races abroad", "Ana Lopez"))
    return ("<html lang='en'><head><title>Tips from a first time Japan visitor - Japan Forum</title></head><body>"
            "<header><a href='/'>Travel Forum</a></header><main><h1>Tips from a first time Japan visitor</h1>"
            f"{top}{POST}<section><div class='row'>{cards}</div></section></main>"
            "<footer>© 2026 Travel Forum</footer></body></html>")


def test_a_byline_inside_a_card_that_links_to_another_story_is_that_storys() -> None:
    assert extract_metadata_only(_page().encode(), now=NOW).authors == []


def test_the_pages_own_byline_linked_to_its_writer_stays() -> None:
    top = "<p class='byline'><a href='/author/rachel-kim'>By Rachel Kim</a></p>"
    assert extract_metadata_only(_page(top).encode(), now=NOW).authors == ["Rachel Kim"]
