"""``personal_sites.in_first_person``: a story told in the first person singular, its readers' comments left out."""

from __future__ import annotations

from unittest import mock

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import personal_sites

FIRST = "I spent a week in the hills, and I kept a diary of my walks; I think I will go back with my brother soon."
THIRD = "The council met on Tuesday to agree the budget for the coming year, and the vote passed by a wide margin."


def _page(story: list[str], comments: list[str] = ()) -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in story)
    replies = "".join(f"<p>{text}</p>" for text in comments)
    return (f"<html><body><article><h1>A week in the hills</h1>{paragraphs}</article>"
            f"<div class='comments'>{replies}</div></body></html>")


def test_a_story_in_the_first_person_is_told_so() -> None:
    assert personal_sites.in_first_person(parse_html(_page([FIRST, THIRD, FIRST]).encode()))


def test_a_story_whose_first_person_is_its_readers_is_not() -> None:
    assert not personal_sites.in_first_person(parse_html(_page([THIRD, THIRD], [FIRST, FIRST]).encode()))


def test_a_story_that_says_i_too_seldom_anywhere_is_not_read_block_by_block() -> None:
    doc = parse_html(_page([THIRD, "I was there. " + THIRD], [THIRD]).encode())
    with mock.patch.object(personal_sites, "readable", side_effect=AssertionError("comment areas read")):
        assert not personal_sites.in_first_person(doc)
