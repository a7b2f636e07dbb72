"""The cascade's steps hand on typed state; subtree sums come from positions the block walk records (issue 16)."""

import random

import pytest
from lxml import etree

from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.cascade.state import CascadeRun, CascadeState, cascade_state
from crawler.extractors.document.parse import TextBlock, TextDocument, parse_html
from crawler.extractors.document.subtree import SubtreeCounts, SubtreeSums, TreeIndex
from crawler.extractors.document.text import TOKEN_RE, WrapCounter, wrap_counts
from crawler.extractors.steps.pipeline import Run

PARAGRAPH = "<p>{} The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>"
PAGE = ("<html><body><nav><a href='/'>Home</a> <a href='/n'>News</a></nav><div class='main'><article>"
        + "".join(PARAGRAPH.format(f"Paragraph {i}.") for i in range(4))
        + "</article><div class='comments'>" + PARAGRAPH.format("A comment.") + "</div></div>"
        + "<footer><p>Copyright 2024 Gazette. All rights reserved, terms and privacy apply.</p></footer></body></html>")


def test_the_cascade_run_carries_typed_state():
    doc = parse_html(PAGE, "https://gazette.example/news/budget")
    run = DefaultExtractor().run(doc)
    assert isinstance(run, CascadeRun)
    state = run.state
    assert isinstance(state, CascadeState)
    assert [root.tag for root in state.content_roots] == ["article"]
    assert set(state.furniture.values()) >= {"<nav>", "class/id 'comment'", "<footer>"}
    assert state.too_little is None and state.widened is None
    article = doc.root.find(".//article")
    assert state.words.get(article) == (4 * 18, 0)
    assert state.running_text.get(article) == pytest.approx(4 * 18)


def test_the_notes_of_a_cascade_run_are_a_view_of_its_state():
    run = DefaultExtractor().run(parse_html(PAGE))
    assert run.notes["content_roots"] is run.state.content_roots
    assert "too_little" not in run.notes
    run.notes["too_little"] = "test"
    assert run.state.too_little == "test"
    del run.notes["too_little"]
    assert run.state.too_little is None
    run.notes["a_new_note"] = 3  # a step without a field of its own
    assert run.state.extra == {"a_new_note": 3} and run.notes["a_new_note"] == 3


def test_a_run_of_another_extractor_has_no_cascade_state():
    doc = parse_html(PAGE)
    with pytest.raises(TypeError, match="not a run of the default cascade"):
        cascade_state(Run(doc, doc.fresh_blocks()))


def _reference_sums(blocks, value):
    """What the cascade summed before: each block's value added to its element and every ancestor."""
    sums = {}
    for block in blocks:
        node = block.element
        while node is not None:
            sums[node] = sums.get(node, 0) + value(block)
            node = node.getparent()
    return sums


def _nested_page(seed: int) -> str:
    rng = random.Random(seed)
    parts = []

    def grow(depth):
        for _ in range(rng.randint(1, 3)):
            tag = rng.choice(["div", "section", "span", "p", "li", "a", "b"])
            words = " ".join(rng.choice(["news", "city", "budget", "vote", "river"]) for _ in range(rng.randint(0, 9)))
            parts.append(f"<{tag}>{words}")
            if depth < 5:
                grow(depth + 1)
            parts.append(f"</{tag}> {rng.choice(['', 'tail words', ' '])}")

    grow(0)
    return "<html><body>" + "".join(parts) + "</body></html>"


@pytest.mark.parametrize("seed", range(12))
def test_subtree_sums_equal_the_ancestor_walk(seed):
    doc = parse_html(_nested_page(seed))
    index = doc.tree_index
    positions = [index.position[b.element] for b in doc.blocks]
    words = SubtreeSums(index, index.prefix(zip(positions, (b.num_words for b in doc.blocks), strict=True)))
    counts = SubtreeCounts(index, index.prefix(zip(positions, (b.num_words for b in doc.blocks), strict=True)),
                           index.prefix(zip(positions, (b.num_words_in_anchor_text for b in doc.blocks),
                                            strict=True)))
    expected_words = _reference_sums(doc.blocks, lambda b: b.num_words)
    expected_links = _reference_sums(doc.blocks, lambda b: b.num_words_in_anchor_text)
    for element in doc.root.iter():
        assert (words.get(element) or 0) == expected_words.get(element, 0)
        assert (counts.get(element) or (0, 0)) == (expected_words.get(element, 0), expected_links.get(element, 0))


def test_the_index_recorded_by_the_walk_equals_one_built_afterwards():
    doc = parse_html(_nested_page(3))
    built = TreeIndex.of(doc.body)
    for element in doc.root.iter():
        assert doc.tree_index.span(element) == built.span(element)


def test_a_document_built_by_hand_gets_an_index_on_first_use():
    root = etree.fromstring("<html><body><div><p>one two</p></div></body></html>", etree.HTMLParser())
    p = root.find(".//p")
    block = TextBlock("one two", 2, 0, 2, 1, 0, 3, p)
    doc = TextDocument([block], root=root)
    assert doc.tree_index.span(p) == (3, 4)
    assert doc.tree_index.span(root) == (0, 4)


@pytest.mark.parametrize("text", [
    "short line",
    "word " * 40,
    "a-very-long-token-" * 10 + " and then some more words to wrap past the eighty column margin " * 3,
    "这是一个新闻段落，" * 30,
    "mixed 中文 text and English words 日本語のテキスト " * 8,
    "",
])
def test_wrap_counts_equal_the_incremental_counter(text):
    counter = WrapCounter()
    counter.add(text, False)
    assert wrap_counts(TOKEN_RE.findall(text)) == counter.result()
