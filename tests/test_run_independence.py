"""Runs on one parsed document stay independent (issue 16: each run's blocks are its own, however they are made):
every extractor gives on a document other runs have used what it gives on a document of its own, and the
document's blocks are as the walk left them."""

from __future__ import annotations

import pytest
from helpers.story_page import PAGE, URL

from crawler.extractors import available, get_extractor
from crawler.extractors.document.blocks import TextBlock, TextDocument
from crawler.extractors.document.parse import parse_html

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
