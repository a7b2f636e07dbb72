"""The readers of names without a byline's words (a name after a label block, beside the date, an author box, a CJK
closing bracket) are asked only when a choice needs them (``TextFindings.people``): a page whose author field names
someone its text shows needs none of them. Where they are asked, they answer as when they were asked at once."""

from __future__ import annotations

import json
from unittest import mock

from helpers.blog_metadata import NOW, meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import author_boxes, extract_metadata
from crawler.extractors.metadata.visible import scan_visible

FOOT = "<p>" + "Planners said the new rules would take effect next spring after a second public hearing. " * 3 + "</p>"
BOX = ("<div><div><img src='/a.jpg' alt='Alban Brooke'></div><div><h3>Alban Brooke</h3><p>Alban Brooke is the Head "
       "of Marketing at Example and the co-host of a show. He has recorded over 500 episodes.</p></div></div>")


def _field(name: str) -> str:
    article = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "A headline",
               "author": {"@type": "Person", "name": name}}
    return f"<script type='application/ld+json'>{json.dumps(article)}</script>"


def test_a_shown_author_field_asks_no_author_box() -> None:
    with mock.patch.object(author_boxes, "author_box", wraps=author_boxes.author_box) as box, \
            mock.patch("crawler.extractors.metadata.visible.author_box", box):
        metadata = meta_of(_field("Jane Marlowe"), "<p>Jane Marlowe reports from the harbour.</p>" + FOOT + BOX)
    assert metadata.authors == ["Jane Marlowe"]
    assert box.call_count == 0


def test_an_author_field_the_page_never_shows_gives_way_to_the_author_box() -> None:
    """The editor who posted the story is in the field; the page's box shows its writer."""
    assert meta_of(_field("Posting Editor"), FOOT + BOX).authors == ["Alban Brooke"]


def test_without_an_author_field_the_box_names_the_writer() -> None:
    assert meta_of("", FOOT + BOX).authors == ["Alban Brooke"]


def test_the_later_readers_answer_as_the_eager_scan() -> None:
    pages = [FOOT + BOX, "<p class='date'>March 3, 2025</p><p>Jane Marlowe</p>" + FOOT,
             "<p>Written by</p><p>Jane Marlowe</p>" + FOOT, FOOT]
    for body in pages:
        html = f"<html lang='en'><head><title>A headline</title></head><body><h1>A headline</h1>{body}</body></html>"
        doc = parse_html(html, "https://news.example.org/a")
        eager = scan_visible(doc, "A headline", NOW, "en")
        later = scan_visible(parse_html(html, "https://news.example.org/a"), "A headline", NOW, "en", later=True)
        assert later.people() == eager.authors
        assert later.later_authors is None  # asked once
    assert extract_metadata(parse_html(b"", "https://news.example.org/a"), NOW).authors == []


def test_a_role_in_capitals_or_beside_accented_words_is_found_by_the_prefilter() -> None:
    """The role words are looked for in all the short blocks at once, case-folded: a role in capitals or beside
    letters outside ASCII is still read."""
    for role in ("SENIOR EDITOR", "Reporterin und Writer · Zürich"):
        body = (FOOT + f"<hr><p><img src='/t.png' alt='Tim Greer'></p><p><strong>Tim Greer</strong> "
                f"<em>{role}</em></p>")
        assert meta_of("", body).authors == ["Tim Greer"], role


def test_an_unshown_field_is_told_as_by_case_folding_the_whole_text() -> None:
    """``unshown_people`` reads the page's text as written and folds it only when no name is in it as written: the
    answer is the case-folded comparison's on every case (a name as written, in capitals, with ß or a final sigma)."""
    from crawler.extractors.metadata.handles import unshown_people

    texts = ["By Jane Marlowe, in Leeds", "BY JANE MARLOWE", "Von Hans Strauß", "VON HANS STRAUSS",
             "Του Νίκος Παπαδόπουλος", "ΤΟΥ ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ", "Posted by the editors", ""]
    fields = [["Jane Marlowe"], ["Hans Strauß"], ["Hans Strauss"], ["Νίκος Παπαδόπουλος"], ["Jane Marlowe", "Ann Lee"],
              ["Ann Lee"]]
    for text in texts:
        for names in fields:
            folded = text.casefold()
            expected = all(name.casefold() not in folded for name in names)
            asked: list[str] = []
            answer = unshown_people(names, [], lambda text=text, asked=asked: asked.append(text) or text)
            assert answer is expected, (names, text)
            assert asked == [text]
