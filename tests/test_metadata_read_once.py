"""What the metadata step reads of a page is read once: the page's whole text for the author field's two checks, the
markup's publication date for the check against the date line, the pronouns of a story by a search that skips to
their first letters. Each answer stays the one the repeated reading gave."""

from __future__ import annotations

import itertools
import json
from unittest import mock

from helpers.blog_metadata import NOW, meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import areas, date_conflicts, extract_metadata, handles, people, titles
from crawler.extractors.metadata.candidates import JSON_LD, Candidates
from crawler.extractors.metadata.date_choice import choose_date, read_date
from crawler.extractors.metadata.dates import parse_structured_date
from crawler.extractors.metadata.personal_sites import SINGULAR_RE, SINGULAR_SEARCH_RE
from crawler.extractors.metadata.sponsors import without_sponsors

FOOT = "<p>" + "Planners said the new rules would take effect next spring after a second public hearing. " * 3 + "</p>"
BOX = ("<div><div><img src='/a.jpg' alt='Alban Brooke'></div><div><h3>Alban Brooke</h3><p>Alban Brooke is the Head "
       "of Marketing at Example and the co-host of a show. He has recorded over 500 episodes.</p></div></div>")


def _article(**fields: object) -> str:
    article = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "A headline", **fields}
    return f"<script type='application/ld+json'>{json.dumps(article)}</script>"


def test_an_unshown_author_field_reads_the_pages_text_once() -> None:
    """The field (a <meta> the text never shows) is asked against the page's text, then against the author box's
    people: one reading of the text."""
    with mock.patch.object(handles, "page_text", wraps=handles.page_text) as all_text:
        meta_of("<meta name='author' content='Dana Whitfield'>", FOOT + BOX)
    assert all_text.call_count == 1


def test_an_author_field_the_text_holds_is_found_without_the_text_made_a_string() -> None:
    with mock.patch.object(handles, "page_text", side_effect=AssertionError("text read")):
        metadata = meta_of(_article(author={"@type": "Person", "name": "Dana Whitfield"}), FOOT + BOX)
    assert metadata.authors == ["Dana Whitfield"]
    doc = parse_html("<html><body><p>By <b>Dana</b> Whitfield, in Leeds</p><p>Ann Lee</p></body></html>")
    for name in ("Dana Whitfield", "Whitfield, in", "Ann Lee", "ann lee", "Dana  Whitfield", "Lee"):
        assert handles.text_holds(doc, name) is (name in handles.page_text(doc)), name
    assert not handles.text_holds(parse_html(b""), "Ann Lee")


def test_a_date_written_as_its_iso_text_is_handed_on_as_read() -> None:
    found = Candidates()
    found.add("published", "2024-03-05T10:30:00+00:00", JSON_LD)
    chosen, read = read_date(found, "published", NOW)
    assert chosen == choose_date(found, "published", NOW) == ("2024-03-05T10:30:00+00:00", JSON_LD)
    assert read == parse_structured_date("2024-03-05T10:30:00+00:00")
    other = Candidates()
    other.add("published", "2024-03-05T10:30:00Z", JSON_LD)  # its ISO text is another: not handed on
    assert read_date(other, "published", NOW) == (("2024-03-05T10:30:00+00:00", JSON_LD), None)


def test_the_markups_date_is_read_once_against_the_date_line() -> None:
    iso = "2024-03-08T09:00:00+00:00"
    body = "<p class='date'>March 5, 2024 10:30</p>" + FOOT
    read: list[str] = []

    def counted(value: str | None) -> object:
        read.append(value)
        return parse_structured_date(value)

    with mock.patch("crawler.extractors.metadata.date_choice.parse_structured_date", counted), \
            mock.patch.object(date_conflicts, "parse_structured_date", counted):
        metadata = meta_of(_article(datePublished=iso), body)
    assert read.count(iso) == 1
    assert metadata.published == meta_of(_article(datePublished=iso), body).published == "2024-03-05T10:30:00"


def test_the_pronoun_search_finds_the_patterns_matches() -> None:
    words = ["I", "I'm", "I’ll", "I'd", "I've", "Im", "me", "my", "mine", "myself", "mines", "xI", "Imy", "I'me",
             "I'my", "ME", "am", "Émy", "éI", "_my", "9I"]
    for left, right in itertools.product(words, repeat=2):
        for joint in (" ", "", "'", "-", "\n"):
            text = f"{left}{joint}{right}"
            assert SINGULAR_SEARCH_RE.findall(text) == SINGULAR_RE.findall(text), text


def test_a_sponsor_named_in_the_next_block_is_still_dropped() -> None:
    html = ("<html><body><h1>Drive the future</h1><p>Sponsored by</p><p>Voltra Motors</p>"
            "<p>By Jane Marlowe</p></body></html>")
    doc = parse_html(html, "https://news.example.org/a")
    assert without_sponsors(["Voltra Motors", "Jane Marlowe"], doc) == ["Jane Marlowe"]
    assert extract_metadata(parse_html(b"", "https://news.example.org/a"), NOW).authors == []


def _review_label_whole(element: object) -> bool:
    """``under_review_label`` reading the whole text before the element (the reading it shortens)."""
    node = element
    for _ in range(areas.LABEL_LEVELS):
        parent = node.getparent()
        if parent is None:
            return False
        before = [parent.text or ""]
        for sibling in node.itersiblings(preceding=True):
            before[1:1] = [sibling.text_content() if isinstance(sibling.tag, str) else "", sibling.tail or ""]
        text = " ".join(" ".join(before).split())
        if text:
            return areas.REVIEW_LABEL_RE.search(text) is not None
        node = parent
    return False


def test_a_reviewers_label_is_read_at_the_end_of_the_text_before_the_name() -> None:
    story = "<p>" + "The clinic opened a second ward in May after a long wait for funding. " * 4 + "</p>"
    labels = ["Medically reviewed by", "Fact-checked by:", "reviewed\n  by", "Written by", "", "Approved   by :"]
    for label, far, gap in itertools.product(labels, (story, ""), ("", " ", "<!-- c -->", "<br>")):
        for wrap in ("{}", "<span>{}</span>"):
            html = (f"<html><body><div>{far}<p>{far}</p>{wrap.format(label)}{gap}"
                    f"<a class='author' href='/p/1'>Ann Lee</a></div></body></html>")
            element = parse_html(html).root.find(".//a")
            assert areas.under_review_label(element) is _review_label_whole(element), (label, far[:5], gap, wrap)
    assert areas.under_review_label(parse_html("<html><body><div>" + story + "<p>Medically reviewed by</p>"
                                               "<a href='/p/1'>Ann Lee</a></div></body></html>").root.find(".//a"))


def test_a_role_is_found_in_a_lowered_ascii_part_as_the_case_blind_pattern_finds_it() -> None:
    parts = ["Jane Doe", "STAFF WRITER", "Staff Writer", "Jane Doe, Special To The Times", "The Acme Team",
             "the acme team", "Theodora Lane", "Editorial Board", "Writers Guild", "Ufficio  Stampa", "Pressestelle",
             "Rédaction", "RÉDACTION", "Redakcja", "CEO", "co-founder", "Bio", "Biology Desk", "Kelvin K", "ſtaff",
             "Editor-in-chief", "e-ditor", "Author_name", "Updated", "", "Anonymous"]
    for part in parts:
        assert people.has_role(part) is (people.ROLE_RE.search(part) is not None), part


def test_a_title_is_folded_as_the_pattern_folds_it() -> None:
    """ASCII texts are folded by one translation, others by FOLD_RE: the same text either way, on every ASCII
    character and on texts that case folding makes ASCII ("Straße")."""
    fold = titles.FOLD_RE
    texts = [chr(code) for code in range(128)] + ["Trump asked voters in Louisiana - The New York Times", "a_b c-d",
                                                  "Straße", "ﬁnance", "新华网_新闻 2024", "Ünïcödé — Title", ""]
    for text in texts:
        assert titles.fold_title(text) == fold.sub("", text.casefold()), repr(text)
