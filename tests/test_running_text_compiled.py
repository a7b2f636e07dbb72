"""``blockwalk.running_text`` (the page type's running text, ``pagetypes.classify_page``) in C against its Python
twin and against the plain reading of the blocks: the sums of every block's words and linked words, and the words
outside links and the text of each block with enough words and few enough of them in links, in order.

Built pages of the class it serves: running paragraphs, link lists, blocks exactly at the word and link-share
limits, fused blocks whose texts are joined only when read, CJK text, and blocks of another class or with counts
that are not ints (left to the twin)."""

from __future__ import annotations

import pytest

from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.blockwalk import compiled_walk_available, running_text, use_compiled_walk
from crawler.extractors.document.parse import parse_html
from crawler.pagejob.pagetypes import RUNNING_TEXT_BLOCK_WORDS, RUNNING_TEXT_MAX_LINK_DENSITY

WORDS = " ".join(f"word{i}" for i in range(40))
PAGES = [
    f"<html><body><nav><a href='/a'>Home</a> <a href='/b'>World</a></nav><p>{WORDS}</p>"
    f"<p>{WORDS[:120]} <a href='/c'>{WORDS[:60]}</a></p><ul><li><a href='/d'>{WORDS}</a></li></ul>"
    "<p>" + " ".join(["w"] * 16) + "</p><p>" + " ".join(["w"] * 15) + "</p></body></html>",
    "<html><body><h1>标题</h1><p>" + "正文第一段，记者从市交通局获悉。" * 20 + "</p><p>short</p></body></html>",
    "<html><body></body></html>",
]


def plain(blocks: list[TextBlock]) -> tuple[int, int, list[int], list[str]]:
    words = sum(block.num_words for block in blocks)
    linked = sum(block.num_words_in_anchor_text for block in blocks)
    running = [block for block in blocks if block.num_words >= RUNNING_TEXT_BLOCK_WORDS
               and block.link_density < RUNNING_TEXT_MAX_LINK_DENSITY]
    return words, linked, [b.num_words - b.num_words_in_anchor_text for b in running], [b.text for b in running]


def odd_blocks() -> list[TextBlock]:
    """Blocks at the limits: exactly 16 words, a third of them in links (not less), fused texts not read yet."""
    at_least = TextBlock("x " * 16, 16, 0, 0, 0, 0, 0)
    a_third = TextBlock("y " * 18, 18, 6, 0, 0, 0, 0)
    under_a_third = TextBlock("z " * 19, 19, 6, 0, 0, 0, 0)
    fused = TextBlock.from_text(WORDS)
    fused.merge_next(TextBlock.from_text("and the rest of it"))
    return [at_least, a_third, under_a_third, fused, TextBlock("", 0, 0, 0, 0, 0, 0)]


@pytest.mark.parametrize("compiled", [True, False])
def test_running_text_is_the_plain_reading(compiled: bool) -> None:
    if compiled and not compiled_walk_available():
        pytest.skip("the compiled helpers are not built")
    was = use_compiled_walk(compiled)
    try:
        for html in PAGES:
            blocks = parse_html(html, "https://example.com/news/story.html").blocks
            assert running_text(blocks, RUNNING_TEXT_BLOCK_WORDS, RUNNING_TEXT_MAX_LINK_DENSITY) == plain(blocks)
        found = running_text(odd_blocks(), RUNNING_TEXT_BLOCK_WORDS, RUNNING_TEXT_MAX_LINK_DENSITY)
        assert found == plain(odd_blocks())
        assert len(found[2]) == 3  # 16 words is enough; a third of them in links is too many
    finally:
        use_compiled_walk(was)


class OtherBlock:
    """A block of another class (its counts read as attributes), one with a float count (left to the twin)."""

    def __init__(self, words: float, linked: int, text: str) -> None:
        self.num_words, self.num_words_in_anchor_text, self.text = words, linked, text


def test_other_blocks_and_counts_give_the_same_answer() -> None:
    blocks = [OtherBlock(20, 1, "twenty"), OtherBlock(20.0, 10, "float"), OtherBlock(3, 0, "few")]
    assert running_text(blocks, 16, 1 / 3) == (43.0, 11, [19], ["twenty"])
    assert running_text(blocks[:1], 16, 1 / 3) == (20, 1, [19], ["twenty"])
