"""Authors of scholarly pages (papers, preprints, repositories) named in Google Scholar's ``citation_author`` or
Dublin Core's creator surname first ("Roy, Aniruddha"), and a production credit in the author field ("content: X,
design: Y, code: Z") that names no author of the story."""

from __future__ import annotations

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

ABSTRACT = ("We study how large language models answer questions about tables, and find that a small change in the "
            "prompt changes the accuracy of every model we tried by several points. ")


def paper(head: str, byline: str = "") -> bytes:
    return (f'<html lang="en"><head><title>Tables and prompts</title>{head}</head><body><article>'
            f"<h1>Tables and prompts</h1>{byline}<p>{ABSTRACT * 4}</p><p>{ABSTRACT * 3}</p></article></body></html>"
            ).encode()


def test_citation_authors_written_surname_first_read_in_reading_order() -> None:
    head = ('<meta name="citation_author" content="Roy, Aniruddha">'
            '<meta name="citation_author" content="Patel, Jyoti">'
            '<meta name="citation_author" content="van der Berg, Jan">')
    assert extract_metadata(parse_html(paper(head))).authors == ["Aniruddha Roy", "Jyoti Patel", "Jan van der Berg"]


def test_two_people_in_one_creator_field_stay_two() -> None:
    head = '<meta name="dc.creator" content="Jane Smith, John Doe">'
    assert extract_metadata(parse_html(paper(head))).authors == ["Jane Smith", "John Doe"]


def test_a_production_credit_in_the_author_field_gives_way_to_the_byline() -> None:
    head = '<meta name="author" content="content: Acme Insights, design: Scott Rowe, code: Steve Bell, ACMELABS">'
    byline = '<p class="author"><a href="/about/#daniel-burns">Daniel Burns</a>, Senior Director, Acme Insights</p>'
    assert extract_metadata(parse_html(paper(head, byline))).authors == ["Daniel Burns"]
