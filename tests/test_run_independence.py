"""Runs on one parsed document stay independent (issue 16: each run's blocks are its own, however they are made):
every extractor gives on a document other runs have used what it gives on a document of its own, and the
document's blocks are as the walk left them."""

from __future__ import annotations

import pytest

from crawler.extractors import available, get_extractor
from crawler.extractors.blocks import TextBlock, TextDocument
from crawler.extractors.document import parse_html

_PARAGRAPH = ("The council voted on Tuesday to repair the old harbour bridge after engineers found cracks in "
              "two of its piers, a report published by the city said. ")
PAGE = f"""<html lang="en"><head><title>Bridge repairs approved - The Harbour Times</title></head><body>
<header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a>
<a href="/sport">Sport</a></nav></header>
<main><article class="story"><h1>Bridge repairs approved</h1><p class="byline">By Ann Smith</p>
<p>{_PARAGRAPH * 3}</p><p>{_PARAGRAPH * 2} <a href="/report">Read the report</a>.</p>
<ul class="related"><li><a href="/a">Ferry timetable changes</a></li><li><a href="/b">Market reopens</a></li>
<li><a href="/c">Library hours</a></li></ul>
<p>{_PARAGRAPH * 4}</p></article>
<aside class="sidebar"><h3>Most read</h3><p><a href="/x">Storm closes schools</a></p>
<p><a href="/y">Budget vote delayed</a></p></aside>
<section class="comments"><p>A reader wrote that the bridge had been closed before, in 1998.</p></section></main>
<footer><p>Copyright 2024 The Harbour Times</p><a href="/about">About</a></footer></body></html>"""
URL = "https://harbour.example/news/2024/03/bridge-repairs-approved.html"
# Every extractor that needs nothing but the page (the template extractor needs a learned template).
NAMES = [name for name in available() if name != "template"]


def _state(blocks: list[TextBlock]) -> list[tuple]:
    """Everything a run can change on a block, its element by tag path (documents differ)."""
    return [(b.text, b.num_words, b.num_words_in_anchor_text, b.num_words_in_wrapped_lines, b.num_wrapped_lines,
             b.num_chars, b.num_chars_in_anchor_text, b.offset_blocks_start, b.offset_blocks_end, b.tag_level,
             b.tag_path, [e.tag for e in b.elements], sorted(b.labels), b.is_content, list(b.decisions),
             b.source_line) for b in blocks]


def _result(name: str, doc: TextDocument) -> tuple:
    run = get_extractor(name).run(doc)
    article = get_extractor(name).extract(doc)
    return _state(run.blocks), article.text, article.extractor, _state(article.blocks)


def test_the_page_exercises_keeping_and_dropping():
    article = get_extractor("default").extract(parse_html(PAGE, URL))
    assert "harbour bridge" in article.text and "Most read" not in article.text
    assert any(not b.is_content for b in article.blocks) and any(b.is_content for b in article.blocks)


@pytest.mark.parametrize("first", ["default", "boilerpipe-article", "justext"])
def test_runs_on_one_document_give_what_runs_on_fresh_documents_give(first: str):
    shared = parse_html(PAGE, URL)
    walked = _state(shared.blocks)
    order = [first, *NAMES, first]  # the first extractor again last: its second run sees all the others' runs
    for name in order:
        assert _result(name, shared) == _result(name, parse_html(PAGE, URL)), name
    assert _state(shared.blocks) == walked  # the walk's blocks are untouched


def test_a_second_run_of_default_starts_from_the_walk():
    doc = parse_html(PAGE, URL)
    walked = _state(doc.blocks)
    first = get_extractor("default").run(doc)
    second = get_extractor("default").run(doc)
    assert _state(first.blocks) == _state(second.blocks) != walked
    assert _state(doc.blocks) == walked
