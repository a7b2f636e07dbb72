"""boilerpipe's filters (seed 000) one by one on hand-made blocks, then both extractors on small pages."""

from __future__ import annotations

import pytest

from crawler.extractors import extract, parse_html
from crawler.extractors.boilerpipe.extractor import (
    ARTICLE_CHAIN,
    INDICATES_END_OF_TEXT,
    MIGHT_BE_CONTENT,
    SEED_ARTICLE_CHAIN,
    TITLE,
    ArticleExtractor,
    BlockProximityFusion,
    BoilerplateBlockFilter,
    DefaultExtractor,
    DocumentTitleMatchClassifier,
    ExpandTitleToContentFilter,
    IgnoreBlocksAfterContentFilter,
    KeepLargestFulltextBlockFilter,
    NumWordsRulesClassifier,
    SimpleBlockFusionProcessor,
    TerminatingBlocksFinder,
    classify_by_density,
    classify_by_num_words,
    english_density,
    english_words,
    potential_titles,
)
from crawler.extractors.document.markers import find_end_marker, markers_for
from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.steps.pipeline import Run


def block(words: int = 10, linked: int = 0, density: float | None = None, offset: int = 0,
          text: str | None = None, content: bool = False) -> TextBlock:
    """A block with exactly the statistics a rule looks at; density defaults to one unwrapped line."""
    if density is None:
        in_wrapped, lines = words, 1
    else:
        lines = 4
        in_wrapped = round(density * lines)
    made = TextBlock(text or " ".join(["word"] * words), words, linked, in_wrapped, lines, offset, 1)
    made.is_content = content
    return made


def run_of(blocks: list[TextBlock], title: str | None = None, language: str | None = "en") -> Run:
    doc = TextDocument.from_blocks(blocks, title)
    doc.__dict__["language"] = language  # skip identification: these blocks are not real text
    return Run(doc, blocks)


# ---------------------------------------------------------------- decision trees


@pytest.mark.parametrize(
    ("prev", "curr", "following", "expected"),
    [
        (block(10), block(10, linked=4), block(10), False),  # curr link density > 0.333
        (block(4), block(16), block(15), False),  # short, short next, prev <= 4 words
        (block(5), block(16), block(15), True),  # ... prev > 4 words
        (block(4), block(16), block(16), True),  # next > 15 words
        (block(4), block(17), block(0), True),  # curr > 16 words
        (block(10, linked=6), block(40), block(17), False),  # after links: curr <= 40, next <= 17
        (block(10, linked=6), block(40), block(18), True),  # after links: next > 17
        (block(10, linked=6), block(41), block(0), True),  # after links: curr > 40
    ],
)
def test_num_words_tree_branches(prev: TextBlock, curr: TextBlock, following: TextBlock, expected: bool) -> None:
    verdict, reason = classify_by_num_words(prev, curr, following)
    assert verdict is expected
    assert reason.endswith("content" if expected else "boilerplate")


@pytest.mark.parametrize(
    ("prev", "curr", "following", "expected"),
    [
        (block(density=12), block(10, linked=4, density=12), block(density=12), False),  # curr ld > 0.333
        (block(density=4), block(density=9), block(density=10), False),  # low, low next, prev <= 4
        (block(density=5), block(density=9), block(density=10), True),  # ... prev > 4
        (block(density=0), block(density=9), block(density=11), True),  # next > 10
        (block(density=0), block(density=10), TextBlock("", 0, 0, 0, 1, 9, 1), False),  # dense, next 0
        (block(density=0), block(density=10), block(1), True),  # dense, next > 0
        (block(10, linked=6), block(density=30), block(density=11), False),  # after links, next <= 11
        (block(10, linked=6), block(density=1), block(density=12), True),  # after links, next > 11
    ],
)
def test_density_tree_branches(prev: TextBlock, curr: TextBlock, following: TextBlock, expected: bool) -> None:
    assert classify_by_density(prev, curr, following)[0] is expected


def test_num_words_classifier_uses_empty_neighbours_at_the_edges_and_records_reasons() -> None:
    blocks = [block(3, offset=0), block(20, offset=1), block(3, linked=3, offset=2)]
    run = run_of(blocks)
    NumWordsRulesClassifier().process(run)
    assert [b.is_content for b in blocks] == [True, True, False]  # first: next has 20 words
    for b in blocks:
        assert b.decisions[-1].step == "NumWordsRulesClassifier"
        assert "curr_linkDensity" in b.decisions[-1].reason


def test_classifier_leaves_a_reason_when_nothing_is_content() -> None:
    run = run_of([block(2, linked=2), block(2, linked=2)])
    NumWordsRulesClassifier().process(run)
    assert "number-of-words" in run.notes["reason"]


# ---------------------------------------------------------------- end-of-text markers


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Comments (12)", "en"),
        ("12 comments", "en"),
        ("Add your comment", "en"),
        ("Have your say on this story", "en"),
        ("Thanks for your comments - this feedback is now closed", "en"),
        ("相关阅读", "zh"),
        ("责任编辑：张三", "zh"),
        ("已有12条评论", "zh"),
        ("延伸阅读：更多报道", "zh"),
        ("Kommentare", "de"),
        ("Comments", "zh"),  # English is always checked too
    ],
)
def test_end_markers_found(text: str, language: str) -> None:
    assert find_end_marker(text, language) is not None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The comments of the minister were clear.", "en"),
        ("相关阅读", "en"),  # a Chinese marker is not used for an English page
        ("他在评论中说，经济正在复苏。", "zh"),
    ],
)
def test_end_markers_not_found(text: str, language: str) -> None:
    assert find_end_marker(text, language) is None


def test_seed_markers_are_case_sensitive_and_the_12_refinement_is_not() -> None:
    assert find_end_marker("Tell us what YOU think...", "en") is None
    assert find_end_marker("Tell us what YOU think...", "en", ignore_case=True) is not None


def test_markers_table_always_ends_with_english() -> None:
    assert len(markers_for("zh")) == 2
    assert markers_for("en") == markers_for("xx") == markers_for(None)


def test_terminating_blocks_finder_only_looks_at_short_blocks() -> None:
    short = block(3, text="Add your comment here")
    long = block(20, text="Add your comment " + "word " * 17)
    run = run_of([short, long])
    assert TerminatingBlocksFinder().process(run)
    assert INDICATES_END_OF_TEXT in short.labels
    assert "Add your comment" in short.decisions[-1].reason
    assert INDICATES_END_OF_TEXT not in long.labels


def test_ignore_blocks_after_content_needs_enough_text_before_the_marker() -> None:
    def page(first_words: int) -> list[TextBlock]:
        marker = block(2, text="Comments", offset=1)
        marker.labels.add(INDICATES_END_OF_TEXT)
        return [block(first_words, density=12, content=True, offset=0), marker,
                block(30, density=12, content=True, offset=2)]

    enough = page(60)
    IgnoreBlocksAfterContentFilter().process(run_of(enough))
    assert [b.is_content for b in enough] == [True, False, False]
    assert "end-of-text marker" in enough[2].decisions[-1].reason

    too_few = page(59)
    assert not IgnoreBlocksAfterContentFilter().process(run_of(too_few))
    assert too_few[2].is_content


# ---------------------------------------------------------------- fusion, removal, keep-largest, title


def test_proximity_fusion_variants() -> None:
    def blocks() -> list[TextBlock]:
        return [block(5, offset=0), block(5, offset=1, content=True), block(5, offset=2, content=True),
                block(5, offset=5, content=True)]

    plain = blocks()
    run = run_of(plain)
    assert BlockProximityFusion.MAX_DISTANCE_1.process(run)
    # a content block fuses into the boilerplate block before it, which becomes content
    assert [(b.offset_blocks_start, b.offset_blocks_end, b.is_content) for b in run.blocks] == [
        (0, 2, True), (5, 5, True)]
    assert run.blocks[0].decisions[-1].step == "BlockProximityFusion.MAX_DISTANCE_1"

    content_only = blocks()
    run = run_of(content_only)
    BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY.process(run)
    assert [(b.offset_blocks_start, b.offset_blocks_end, b.is_content) for b in run.blocks] == [
        (0, 0, False), (1, 2, True), (5, 5, True)]


def test_proximity_fusion_bridges_one_removed_block_not_two() -> None:
    blocks = [block(5, offset=0, content=True), block(5, offset=2, content=True),
              block(5, offset=5, content=True)]
    run = run_of(blocks)
    BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY.process(run)
    assert [(b.offset_blocks_start, b.offset_blocks_end) for b in run.blocks] == [(0, 2), (5, 5)]


def test_boilerplate_block_filter_keeps_removed_blocks_in_notes() -> None:
    kept, dropped = block(5, content=True), block(5, offset=1)
    run = run_of([kept, dropped])
    assert BoilerplateBlockFilter().process(run)
    assert run.blocks == [kept]
    assert run.notes["removed"] == [dropped]
    assert dropped.decisions[-1].step == "BoilerplateBlockFilter"


def test_keep_largest_counts_only_full_text_words() -> None:
    sparse = block(200, density=5, content=True, offset=0)  # a long list of short lines
    dense = block(50, density=12, content=True, offset=1)
    other = block(30, density=12, content=True, offset=2)
    run = run_of([sparse, dense, other])
    assert KeepLargestFulltextBlockFilter().process(run)
    assert [b.is_content for b in run.blocks] == [False, True, False]
    assert MIGHT_BE_CONTENT in sparse.labels and MIGHT_BE_CONTENT in other.labels
    assert MIGHT_BE_CONTENT not in dense.labels


def test_expand_title_to_content() -> None:
    title = block(5, offset=0)
    title.labels |= {TITLE, MIGHT_BE_CONTENT}
    lead = block(8, offset=1)
    lead.labels.add(MIGHT_BE_CONTENT)
    body = block(80, offset=2, content=True)
    after = block(8, offset=3)
    after.labels.add(MIGHT_BE_CONTENT)
    run = run_of([title, lead, body, after])
    assert ExpandTitleToContentFilter().process(run)
    assert [b.is_content for b in run.blocks] == [True, True, True, False]


def test_expand_title_does_nothing_without_a_title_before_the_content() -> None:
    lead = block(8)
    lead.labels.add(MIGHT_BE_CONTENT)
    run = run_of([lead, block(80, offset=1, content=True)])
    assert not ExpandTitleToContentFilter().process(run)
    assert not lead.is_content


def test_document_title_match() -> None:
    assert "big storm hits the coast" in potential_titles("Big storm hits the coast | Daily News")
    assert "大风袭击沿海城市" in potential_titles("大风袭击沿海城市_新浪新闻")
    headline = block(5, text="Big storm hits the coast")
    run = run_of([block(3, text="Daily News"), headline], title="Big storm hits the coast | Daily News")
    assert DocumentTitleMatchClassifier().process(run)
    assert TITLE in headline.labels and TITLE not in run.blocks[0].labels


def test_simple_block_fusion_merges_equal_densities_only() -> None:
    run = run_of([block(density=5, offset=0), block(density=5, offset=1), block(density=12, offset=2)])
    assert SimpleBlockFusionProcessor().process(run)
    assert [(b.offset_blocks_start, b.offset_blocks_end) for b in run.blocks] == [(0, 1), (2, 2)]


def test_cjk_blocks_are_measured_in_english_words() -> None:
    chinese = TextBlock.from_text("国家统计局今天发布了最新的经济数据，显示工业生产继续回升。" * 3)
    assert english_words(chinese) == pytest.approx(chinese.num_words / 1.6)
    assert english_density(chinese) <= 80 / 6
    english = TextBlock.from_text("The statistics office published new figures today. " * 3)
    assert english_words(english) == english.num_words
    assert english_density(english) == english.text_density


# ---------------------------------------------------------------- extractors end to end

PARAGRAPH = ("The city council voted on Tuesday to expand the bus network to the northern districts, "
             "a plan that residents had asked for since the old tram line closed a decade ago. ")
PAGE = f"""<html><head><title>Council expands bus network | Daily Courier</title></head><body>
<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul>
<h1>Council expands bus network</h1>
<p>By Jane Doe</p>
<p>{PARAGRAPH}</p>
<p>{PARAGRAPH * 2}</p>
<p>{PARAGRAPH}</p>
<h3>Comments</h3>
<p>Great news for everyone living up north, finally something is happening in this town after so
many years of waiting and promises that were never kept by anyone at all, thanks.</p>
<div><a href="/a">Privacy</a> <a href="/b">Terms</a> <a href="/c">Contact us</a></div>
</body></html>"""


def test_article_extractor_end_to_end() -> None:
    article = extract(PAGE, "https://example.com/news/1", extractor="boilerpipe-article")
    assert article.extractor == "boilerpipe-article"
    assert article.text.count("The city council voted") == 4
    assert "Council expands bus network" in article.text  # the headline, via ExpandTitleToContentFilter
    assert "Great news" not in article.text  # after the "Comments" marker
    assert "Home" not in article.text and "Privacy" not in article.text
    assert article.reason is None


def test_every_block_carries_decisions_with_reasons() -> None:
    run = ArticleExtractor().run(parse_html(PAGE))
    for b in run.blocks + run.notes["removed"]:
        assert b.decisions, b
        assert all(d.reason and d.label for d in b.decisions)


def test_default_extractor_end_to_end() -> None:
    article = extract(PAGE, extractor="boilerpipe-default")
    assert article.text.count("The city council voted") == 4
    assert "Privacy" not in article.text


def test_registered_chain_differs_from_the_seed_only_in_marker_case() -> None:
    assert len(ARTICLE_CHAIN) == len(SEED_ARTICLE_CHAIN)
    assert ARTICLE_CHAIN[0].ignore_case and not SEED_ARTICLE_CHAIN[0].ignore_case
    assert ARTICLE_CHAIN[1:] == SEED_ARTICLE_CHAIN[1:]
    assert DefaultExtractor.steps[1] is BlockProximityFusion.MAX_DISTANCE_1


CHINESE_SENTENCE = "今年以来，全市新建公交线路十二条，覆盖北部新区的主要居民小区，市民出行时间平均缩短了二十分钟。"
CHINESE_PAGE = f"""<html lang="zh"><head><title>北部新区公交网络扩建_每日新闻</title></head><body>
<ul><li><a href="/">首页</a></li><li><a href="/news">新闻</a></li><li><a href="/sports">体育</a></li></ul>
<h1>北部新区公交网络扩建</h1>
<p>{CHINESE_SENTENCE * 2}</p>
<p>{CHINESE_SENTENCE * 3}</p>
<p>{CHINESE_SENTENCE}</p>
<p>责任编辑：王芳</p>
<p>相关阅读</p>
<p>市民期待地铁延伸到北部新区，相关部门表示正在研究论证当中，预计明年公布方案并征求意见。</p>
</body></html>"""


def test_article_extractor_on_chinese() -> None:
    article = extract(CHINESE_PAGE, extractor="boilerpipe-article")
    assert article.text.count("今年以来") == 6
    assert "北部新区公交网络扩建" in article.text
    assert "责任编辑" not in article.text and "地铁延伸" not in article.text
    assert "首页" not in article.text


@pytest.mark.parametrize("name", ["boilerpipe-article", "boilerpipe-default"])
@pytest.mark.parametrize("html", ["", "<html><body></body></html>", "<html><body><a href='/'>Home</a></body></html>"])
def test_bad_input_gives_an_empty_article_with_a_reason(name: str, html: str) -> None:
    article = extract(html, extractor=name)
    assert article.text == ""
    assert article.reason
