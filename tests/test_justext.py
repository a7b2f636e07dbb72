"""jusText (seed 002): the context-free rules, the context-sensitive revision, headings, stoplist choice,
and whole pages in English and Chinese, all on hand-written input."""

from __future__ import annotations

import pytest

from crawler.extractors import extract, parse_html
from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.text import stoplist
from crawler.extractors.justext.extractor import (
    CJK_PARAMETERS,
    DEFAULT_PARAMETERS,
    LENGTH_HIGH,
    LENGTH_LOW,
    MAX_HEADING_DISTANCE,
    NO_STOPLIST_PARAMETERS,
    BlockState,
    ChooseStoplist,
    ClassifyContextFree,
    JusTextExtractor,
    JusTextState,
    Kind,
    MeasureBlocks,
    PlainJusTextExtractor,
    PromoteHeadings,
    RestoreHeadings,
    ReviseNearGoodBlocks,
    ReviseShortBlocks,
    justext_state,
    weighted_length,
)
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.steps.state import StateRun

PROSE = (
    "The council said on Monday that it would not be able to open the new bridge before the end of the "
    "year, because the steel that was ordered for it has still not arrived from the mill in the north."
)
PROSE_2 = (
    "Residents who had hoped to use it for their daily trips to the market will have to take the ferry "
    "for a few more months, and the council has promised that the fares will be kept as low as they are."
)
PROSE_3 = (
    "A spokesman for the builders said that they were doing all they could to make up for the lost time, "
    "and that most of the work on the road that leads to the bridge was already done by the end of May."
)


def state(length: int = 100, link_density: float = 0.0, stopword_density: float = 0.5) -> BlockState:
    return BlockState(length=length, link_density=link_density, stopword_density=stopword_density,
                      is_heading=False)


# --- context-free classification -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("measures", "expected"),
    [
        ({"length": 500, "link_density": 0.21}, Kind.BAD),  # too many links, whatever the length
        ({"length": 500, "link_density": 0.2}, Kind.GOOD),  # the limit itself is allowed (">" in jusText)
        ({"length": LENGTH_LOW - 1, "link_density": 0.05}, Kind.BAD),  # short with any link
        ({"length": LENGTH_LOW - 1}, Kind.SHORT),
        ({"length": LENGTH_LOW, "stopword_density": 0.5}, Kind.NEAR_GOOD),  # medium, many stopwords
        ({"length": LENGTH_HIGH + 1, "stopword_density": 0.32}, Kind.GOOD),  # long, density at the high bar
        ({"length": LENGTH_HIGH, "stopword_density": 0.5}, Kind.NEAR_GOOD),  # ">" LENGTH_HIGH for good
        ({"length": 500, "stopword_density": 0.31}, Kind.NEAR_GOOD),  # between the two densities
        ({"length": 500, "stopword_density": 0.30}, Kind.NEAR_GOOD),  # the low bar itself counts
        ({"length": 500, "stopword_density": 0.29}, Kind.BAD),  # too few stopwords: a list, not prose
    ],
)
def test_context_free_classes(measures: dict, expected: Kind) -> None:
    kind, reason = ClassifyContextFree.classify(state(**measures), DEFAULT_PARAMETERS)
    assert kind is expected
    assert reason


def test_stopword_density_is_stopwords_over_words() -> None:
    block = TextBlock.from_text("the cat and the dog")  # the, and, the: 3 of 5
    info = MeasureBlocks.measure(block, frozenset({"the", "and"}), _no_anchors())
    assert info.stopword_density == pytest.approx(3 / 5)
    assert info.length == len("the cat and the dog")  # characters, spaces included


def _no_anchors():
    from crawler.extractors.justext.extractor import AnchorText

    return AnchorText(None)


def test_link_density_counts_spaces_like_justext() -> None:
    # 10 linked characters in a 55-character line with 9 spaces: jusText's 10/55 keeps it under 0.2,
    # a ratio of non-space characters (10/46) would throw it out.
    words = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii"
    html = f"<html><body><p>{words} <a href='/x'>ABCDEFGHIJ</a></p></body></html>"
    doc = parse_html(html)
    (block,) = doc.blocks
    info = MeasureBlocks.measure(block, frozenset(), _anchor_text(doc))
    assert info.link_density == pytest.approx(10 / 55)
    assert block.char_link_density > DEFAULT_PARAMETERS.max_link_density >= info.link_density


def _anchor_text(doc: TextDocument):
    from crawler.extractors.justext.extractor import AnchorText

    return AnchorText(doc.root)


def test_copyright_and_linked_footer_are_bad() -> None:
    html = f"""<html><body><p>{PROSE}</p><p>{PROSE_2}</p>
    <p>© 2024 The Daily Example. All rights reserved. No part of this site may be copied without leave.</p>
    </body></html>"""
    article = extract(html, extractor="justext")
    assert "rights reserved" not in article.text
    footer = next(b for b in article.blocks if "rights reserved" in b.text)
    assert "cf-bad" in footer.labels
    assert any(d.reason == "copyright sign" for d in footer.decisions)


# --- context-sensitive revision ----------------------------------------------------------------------


def run_of(kinds: list[Kind], headings: set[int] = frozenset(), lengths: list[int] | None = None) -> Run:
    """A run whose blocks already carry context-free classes, for the revision steps."""
    blocks = [TextBlock.from_text(f"block {i}", i) for i in range(len(kinds))]
    infos = []
    for i, kind in enumerate(kinds):
        info = state(length=lengths[i] if lengths else 10)
        info.context_free = info.kind = kind
        info.is_heading = i in headings
        infos.append(info)
    return StateRun(TextDocument.from_blocks(blocks), blocks,
                    JusTextState("en", stoplist("en"), DEFAULT_PARAMETERS, infos))


def kinds_after(run: Run, *steps) -> list[Kind]:
    for step in steps:
        step.process(run)
    return [info.kind for info in justext_state(run).blocks]


G, B, S, N = Kind.GOOD, Kind.BAD, Kind.SHORT, Kind.NEAR_GOOD


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ([G, S, G], [G, G, G]),  # short between good blocks -> good
        ([B, S, B], [B, B, B]),  # short between bad blocks -> bad
        ([G, S, S, B], [G, B, B, B]),  # on the edge between good and bad -> bad
        ([G, S, N, B], [G, G, N, B]),  # near-good between it and the bad side -> good
        ([B, N, S, G], [B, N, G, G]),  # the same, mirrored
        ([S, G], [B, G]),  # the page's edge counts as bad
        ([G, N, S, G], [G, N, G, G]),  # near-good is looked through when finding good/bad neighbours
    ],
)
def test_short_blocks_take_their_neighbours_class(before: list[Kind], after: list[Kind]) -> None:
    assert kinds_after(run_of(before), ReviseShortBlocks()) == after


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ([B, N, B], [B, B, B]),  # near-good among bad -> bad
        ([G, N, B], [G, G, B]),  # next to good -> good
        ([B, N, G], [B, G, G]),
        ([N], [B]),  # alone on the page: both edges count as bad
    ],
)
def test_near_good_blocks(before: list[Kind], after: list[Kind]) -> None:
    assert kinds_after(run_of(before), ReviseNearGoodBlocks()) == after


def test_short_heading_before_good_text_becomes_good() -> None:
    run = run_of([B, S, G, B], headings={1})
    assert kinds_after(run, PromoteHeadings()) == [B, N, G, B]
    assert kinds_after(run, ReviseShortBlocks(), ReviseNearGoodBlocks()) == [B, G, G, B]


def test_heading_too_far_from_good_text_stays_bad() -> None:
    far = MAX_HEADING_DISTANCE + 1
    run = run_of([B, S, B, G], headings={1}, lengths=[10, 10, far, 300])
    assert kinds_after(run, PromoteHeadings(), ReviseShortBlocks(), ReviseNearGoodBlocks(), RestoreHeadings()) == [
        B, B, B, G
    ]


def test_heading_made_bad_by_context_is_restored() -> None:
    # A near-good heading between bad blocks turns bad, then comes back because good text follows closely.
    run = run_of([B, N, B, G], headings={1}, lengths=[10, 80, 50, 300])
    assert kinds_after(run, ReviseNearGoodBlocks()) == [B, B, B, G]
    assert kinds_after(run, RestoreHeadings()) == [B, G, B, G]


def test_heading_bad_on_its_own_is_not_restored() -> None:
    run = run_of([B, G], headings={0})
    assert kinds_after(run, RestoreHeadings()) == [B, G]


def test_headings_on_a_page() -> None:
    html = f"""<html><body><div><a href="/">Home</a> <a href="/news">News</a></div>
    <h1>Bridge opening delayed</h1><p>{PROSE} {PROSE_2}</p><p>{PROSE_3}</p></body></html>"""
    article = extract(html, extractor="justext")
    assert article.text.splitlines()[0] == "Bridge opening delayed"
    assert "Home" not in article.text


# --- stoplist choice ----------------------------------------------------------------------------------


def choose(language: str | None) -> JusTextState:
    doc = TextDocument.from_blocks([TextBlock.from_text("x")])
    doc.language = language  # the shared model identifies it lazily; here it is given
    run = Run(doc, doc.fresh_blocks())
    ChooseStoplist().process(run)
    return justext_state(run)


def test_stoplist_follows_the_language() -> None:
    german = choose("de")
    assert "und" in german.stopwords and "und" not in stoplist("en")
    assert german.parameters is DEFAULT_PARAMETERS


def test_english_when_the_language_is_unknown() -> None:
    unknown = choose(None)
    assert unknown.language == "en"
    assert "the" in unknown.stopwords


def test_chinese_gets_single_characters_and_its_own_thresholds() -> None:
    chinese = choose("zh")
    assert "的" in chinese.stopwords
    assert all(len(word) == 1 for word in chinese.stopwords)
    assert chinese.parameters is CJK_PARAMETERS


def test_language_without_stoplist_runs_language_independent() -> None:
    assert choose("xx").parameters is NO_STOPLIST_PARAMETERS


def test_cjk_characters_weigh_more_in_lengths() -> None:
    assert weighted_length("abc def") == 7
    assert weighted_length("北京") == 7  # 2 characters x 3.5
    assert weighted_length("北京 Python") == 14  # mixed: 7 + 7


# --- whole pages --------------------------------------------------------------------------------------

ENGLISH_PAGE = f"""<html><head><title>Bridge</title></head><body>
<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul>
<div class="article"><p>{PROSE}</p><p>Updated at noon</p><p>{PROSE_2}</p><p>{PROSE_3}</p></div>
<div class="related"><a href="/a">Other story about a different bridge in another town</a>
<br><br><a href="/b">Yet another story that links away from this page entirely</a></div>
<p>Contact us | Privacy | Terms</p>
</body></html>"""


def test_english_page_keeps_the_article() -> None:
    article = extract(ENGLISH_PAGE, extractor="justext")
    assert article.text.split("\n") == [PROSE, "Updated at noon", PROSE_2, PROSE_3]
    assert article.reason is None


def test_every_block_ends_with_a_class_label_and_reason() -> None:
    article = extract(ENGLISH_PAGE, extractor="justext")
    for block in article.blocks:
        final = block.decisions[-1]
        assert final.step == "KeepGoodBlocks"
        assert final.label == ("good" if block.is_content else "bad")
        assert final.reason.startswith("final ")
        assert any(label.startswith("cf-") for label in block.labels)


CHINESE_PAGE = """<html><head><meta charset="utf-8"><title>新闻</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/guonei">国内</a> <a href="/guoji">国际</a>
<a href="/caijing">财经</a> <a href="/tiyu">体育</a></div>
<div class="article">
<h1>江阴大桥将封闭施工二十二天</h1>
<p>记者从市交通部门了解到，为了保证大桥的安全和畅通，江阴大桥将从五月十日起半幅封闭施工，时间为二十二天。施工期间，过江的货车需要按照交警的指挥绕行，小型车辆可以正常通行。</p>
<p>交通部门提醒广大市民，如果需要在施工期间出行，最好提前了解绕行的线路，合理安排自己的时间，避免在高峰时段过江。对于给大家带来的不便，施工单位表示歉意。</p>
<p>据了解，这是大桥通车以来规模最大的一次维修，主要是对桥面的沥青进行全面的更换，完成以后大桥的通行能力将会得到明显的提高。</p>
</div>
<div class="links"><a href="/1">更多新闻</a><br><br><a href="/2">热门排行</a></div>
<div class="footer">关于我们 | 联系方式 | 网站地图 | 版权所有 © 2024 某某新闻网</div>
</body></html>"""


def test_chinese_page_keeps_the_body_and_drops_nav_and_footer() -> None:
    article = extract(CHINESE_PAGE.encode("utf-8"), extractor="justext")
    assert article.language == "zh"
    lines = article.text.split("\n")
    assert lines[0] == "江阴大桥将封闭施工二十二天"
    assert lines[1].startswith("记者从市交通部门了解到")
    assert lines[-1].startswith("据了解")
    for boilerplate in ("首页", "更多新闻", "关于我们", "版权所有"):
        assert boilerplate not in article.text


def test_english_stoplist_finds_no_stopwords_in_chinese() -> None:
    # The seed's point: with English words and stoplist no Chinese block can pass the stopword test.
    block = TextBlock.from_text("记者从市交通部门了解到，为了保证大桥的安全和畅通，大桥将半幅封闭施工。")
    assert MeasureBlocks.measure(block, stoplist("en"), _no_anchors()).stopword_density == 0
    assert MeasureBlocks.measure(block, stoplist("zh"), _no_anchors()).stopword_density > 0.2


def test_chinese_blocks_keep_their_stoplist_on_a_page_identified_as_english() -> None:
    doc = parse_html(CHINESE_PAGE.encode("utf-8"))
    doc.language = "en"  # e.g. a Chinese tutorial whose longest blocks are code
    assert JusTextExtractor().extract(doc).text == extract(CHINESE_PAGE.encode("utf-8"), extractor="justext").text


MEDIUM_PARAGRAPHS = """<html><body><div><a href="/">Home</a> <a href="/more">More</a></div>
<p>First boil the water and then put the pasta in it for as long as it says on the packet.</p>
<p>While it cooks, fry the garlic in a little oil until it is soft but not yet brown at all.</p>
<p>Then add the tomatoes and let the sauce simmer for ten minutes while you drain the pasta.</p>
</body></html>"""


def test_rescue_keeps_a_page_without_long_paragraphs() -> None:
    doc = parse_html(MEDIUM_PARAGRAPHS)
    doc.language = "en"
    plain = PlainJusTextExtractor().extract(doc)
    assert plain.text == ""
    assert "no good block" in plain.reason
    rescued = JusTextExtractor().extract(doc)
    assert rescued.text.split("\n")[0].startswith("First boil the water")
    assert len(rescued.text.split("\n")) == 3
    assert "Home" not in rescued.text


@pytest.mark.parametrize("html", [b"", "   ", "<html><body></body></html>", "<html><body><p>Hi</p></body></html>"])
def test_bad_input_gives_an_empty_article_with_a_reason(html: bytes | str) -> None:
    article = extract(html, extractor="justext")
    assert article.text == ""
    assert article.reason
