"""Held-out pages that are not news articles (the kinds13 probe), each class on a small page written for it: a
listing's teasers (a section front, a tag archive, search results, an author's archive), each with its own byline
and date that are not the page's."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")


def page(body: str, *, lang: str = "en", title: str = "Climate - The Harbor Herald", head: str = "") -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>{head}</head><body>"
            f"<header><a class='logo' href='/'>The Harbor Herald</a></header>{body}"
            "<footer><p>© 2024 The Harbor Herald</p></footer></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


def card(slug: str, headline: str, meta: str) -> str:
    return (f"<article class='card'><h2><a href='/climate/{slug}'>{headline}</a></h2>{meta}"
            "<p class='dek'>The vote came after three storms flooded the waterfront district in January.</p></article>")


def test_teasers_bylines_and_dates_under_a_section_title_are_not_the_pages() -> None:
    cards = card("sea-wall", "Council backs sea wall after winter floods",
                 "<p class='byline'>By Megan O'Donnell</p><p class='date'>March 5, 2024</p>") + \
        card("heat-pumps", "Heat pump rebates run out in six weeks",
             "<p class='byline'>By Daniel Reyes</p><p class='date'>March 4, 2024</p>")
    metadata = page(f"<main><h1>Climate</h1><p>Coverage of climate change across the bay.</p>{cards}</main>")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_tag_archives_teaser_times_are_not_the_pages() -> None:
    cards = "".join(card(slug, headline, "<div class='entry-meta'>Posted on <time class='entry-date' "
                         f"datetime='2024-03-0{day}T09:00:00+00:00'>March {day}, 2024</time> by <span class='author "
                         f"vcard'><a class='url fn n' href='/author/{slug}/'>{name}</a></span></div>")
                    for slug, headline, day, name in (("kwame", "Why charging curves flatten", 5, "Kwame Mensah"),
                                                      ("lena", "Winter range: what we measured", 4, "Lena Fischer")))
    metadata = page(f"<div id='content'><h1 class='archive-title'>Tag: Electric vehicles</h1>{cards}</div>",
                    title="Electric vehicles | Tag | Gridwise Blog")
    assert (metadata.authors, metadata.published) == ([], None)


def test_an_articles_own_byline_beside_a_related_list_is_kept() -> None:
    related = card("a", "Heat pump rebates run out", "<p class='byline'>By Daniel Reyes</p>") + \
        card("b", "Oyster beds recover", "<p class='byline'>By Priya Natarajan</p>")
    story = "<p>" + "The council voted to build the wall after three storms flooded the district. " * 6 + "</p>"
    metadata = page(f"<article><h1>Council backs sea wall</h1><p class='byline'>By Megan O'Donnell</p>"
                    f"<p class='date'>March 5, 2024</p>{story}</article><section class='more'>{related}</section>",
                    title="Council backs sea wall - The Harbor Herald")
    assert (metadata.authors, metadata.published) == (["Megan O'Donnell"], "2024-03-05")
