"""The byline element by Readability's class/id/rel rule: any case, not "authority", first in document order."""

from __future__ import annotations

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata.byline_elements import markup_byline


def doc_of(body: str):
    return parse_html(f"<html><body>{body}<p>{'Story text. ' * 20}</p></body></html>".encode(), "https://x.org/a")


def test_marks_in_any_case_in_class_id_or_rel():
    assert markup_byline(doc_of('<span class="Story-AUTHOR">By Ann Lee</span>')) == ["Ann Lee"]
    assert markup_byline(doc_of('<span id="BylineBox">Von Jan Berg</span>')) == ["Jan Berg"]
    assert markup_byline(doc_of('<a rel="author" href="/people/mo">Mo Farah</a>')) == ["Mo Farah"]


def test_authority_and_authorization_are_not_bylines():
    body = ('<div class="authority-note">By Order of the Board</div>'
            '<div class="authorization">By Sam Hill</div><p class="byline">By Kim Ode</p>')
    assert markup_byline(doc_of(body)) == ["Kim Ode"]


def test_first_in_document_order_outside_comments():
    body = ('<div class="comments"><span class="comment-author">Troll Person</span></div>'
            '<div class="byline">By Erin Cunningham</div><div class="author">By Other Person</div>')
    assert markup_byline(doc_of(body)) == ["Erin Cunningham"]


def test_comments_in_the_markup_are_skipped():
    assert markup_byline(doc_of('<!-- class="author" --><span class="author">By Ann Lee</span>')) == ["Ann Lee"]

