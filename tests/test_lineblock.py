"""The CX line-block extractor: the distribution, surge and drop, the region rules, layouts and languages."""

from __future__ import annotations

from crawler.extractors import extract, parse_html
from crawler.extractors.lineblock.extractor import (
    BLOCK_THICKNESS,
    CJK_INFORMATION_RATIO,
    LineBlockExtractor,
    Region,
    find_regions,
    is_drop,
    is_surge,
    line_block_distribution,
    max_region,
    weighted_length,
)

PARAGRAPH = (
    "The city council voted on Tuesday to expand the harbour, a plan that residents have debated for "
    "more than a decade because it changes how the fishing fleet and the ferries share the quay. {}"
)
NAV = "\n".join(f'<li><a href="/section/{i}">Section {i}</a></li>' for i in range(12))
FOOTER = '<div class="footer"><p>Copyright 2024 Example News. <a href="/terms">Terms</a></p></div>'


def pretty_page(body: str) -> str:
    """A pretty-printed page: one tag a line, the article between a navigation list and a footer."""
    return (
        "<html>\n<head>\n<title>Harbour vote</title>\n</head>\n<body>\n<ul class=\"nav\">\n"
        f"{NAV}\n</ul>\n<div>\n<div>\n<div>\n<div>\n{body}\n</div>\n</div>\n</div>\n</div>\n"
        f"<div>\n<div>\n<div>\n<div>\n{FOOTER}\n</div>\n</div>\n</div>\n</div>\n</body>\n</html>\n"
    )


def paragraphs(count: int, tag: str = "first") -> str:
    return "\n".join(f"<p>{PARAGRAPH.format(f'{tag} paragraph {i}.')}</p>" for i in range(count))


# --- the distribution and its points -------------------------------------------------------------------


def test_distribution_sums_k_lines_and_pads_the_end_with_empty_lines() -> None:
    assert BLOCK_THICKNESS == 3
    assert line_block_distribution([1, 2, 3, 0, 5]) == [6, 5, 8, 5, 5]
    assert line_block_distribution([]) == []


def test_distribution_is_exactly_zero_after_text() -> None:
    # a sliding float sum would leave 1e-16 here and the drop (Y = 0) would never be found
    lengths = [0.1, 0.2, 0.3, 0.0, 0.0, 0.0, 0.0]
    assert line_block_distribution(lengths)[3] == 0


def test_surge_needs_the_threshold_and_k_non_empty_blocks_after_it() -> None:
    distribution = [10, 300, 50, 40, 30, 0, 0]
    assert is_surge(distribution, 1, 86)
    assert not is_surge(distribution, 0, 86)  # under the threshold
    assert not is_surge([300, 50, 0, 40], 0, 86)  # an empty block right after: noise
    assert not is_surge([300, 50], 0, 86)  # fewer than K blocks follow


def test_drop_is_two_empty_blocks_in_a_row() -> None:
    assert is_drop([5, 0, 0, 7], 1)
    assert not is_drop([5, 0, 3, 0], 1)
    assert is_drop([5, 0], 1)  # past the end counts as empty


def test_regions_go_from_surge_to_drop_and_end_at_the_last_text_line() -> None:
    lengths = [5, 0, 0, 0, 200, 150, 180, 120, 0, 0, 0, 0, 0, 10]
    regions = find_regions(line_block_distribution(lengths), lengths, 86)
    assert regions == [Region(2, 8, 650)]  # Y(2) = 200 is the surge; line 7 the last text line


def test_max_region_holds_the_peak_even_when_another_is_longer() -> None:
    distribution = [0, 100, 100, 100, 0, 0, 500, 90, 0, 0]
    long_region, peak_region = Region(0, 4, 300), Region(6, 8, 260)
    assert max_region([long_region, peak_region], distribution) is peak_region
    assert max_region([], distribution) is None


def test_cjk_characters_weigh_more_than_latin_ones() -> None:
    assert weighted_length("ab c") == 3
    assert weighted_length("新闻") == 2 * CJK_INFORMATION_RATIO


# --- whole pages ---------------------------------------------------------------------------------------


def test_pretty_page_keeps_the_article_and_drops_nav_and_footer() -> None:
    run = LineBlockExtractor().run(parse_html(pretty_page(paragraphs(5))))
    assert run.notes["layout"].startswith("source-lines")
    text = "\n".join(b.text for b in run.blocks if b.is_content)
    assert all(f"first paragraph {i}." in text for i in range(5))
    assert "Section 3" not in text
    assert "Copyright" not in text
    for block in run.blocks:  # every block carries a label and a reason
        assert block.decisions and all(d.label and d.reason for d in block.decisions)


def test_article_cut_by_an_ad_keeps_both_parts() -> None:
    ad = "\n".join(['</div>', '<div class="ad">', "<div>", "<div>", "<p>Advertisement</p>", "</div>", "</div>",
                    "</div>", "<div>"] + ["<div></div>"] * 6)
    body = f"{paragraphs(5)}\n{ad}\n{paragraphs(3, 'second')}"
    run = LineBlockExtractor().run(parse_html(pretty_page(body)))
    assert len(run.notes["regions"]) >= 2
    text = "\n".join(b.text for b in run.blocks if b.is_content)
    assert "first paragraph 0." in text and "second paragraph 2." in text
    assert any("further-region" in b.labels for b in run.blocks)


def test_short_article_still_surges() -> None:
    short = "<p>The ferry to the island runs again from Monday, the operator said on Friday evening.</p>"
    article = extract(pretty_page(short), extractor="lineblock")
    assert "ferry to the island" in article.text
    assert "Section" not in article.text


def test_minified_page_uses_one_line_per_block() -> None:
    minified = pretty_page(paragraphs(4)).replace("\n", "")
    run = LineBlockExtractor().run(parse_html(minified))
    assert run.notes["layout"].startswith("blocks")
    text = "\n".join(b.text for b in run.blocks if b.is_content)
    assert "first paragraph 3." in text
    assert "Section 5" not in text and "Copyright" not in text


def test_link_group_inside_the_region_is_dropped() -> None:
    links = '<p><a href="/a">Read more about the harbour plan and the vote in our earlier story</a></p>'
    body = f"{paragraphs(2)}\n{links}\n{paragraphs(2, 'later')}"
    article = extract(pretty_page(body), extractor="lineblock")
    assert "later paragraph 1." in article.text
    assert "Read more" not in article.text
    dropped = [b for b in article.blocks if "Read more" in b.text]
    assert dropped and "link-group" in dropped[0].labels


def test_heading_just_above_the_region_is_kept() -> None:
    spacer = "\n".join(["<div></div>"] * 5)  # markup-only lines: the heading lies before the surge
    body = f"<h2>Council backs the new quay</h2>\n{spacer}\n{paragraphs(4)}"
    article = extract(pretty_page(body), extractor="lineblock")
    assert article.text.startswith("Council backs the new quay")
    heading = next(b for b in article.blocks if b.text.startswith("Council"))
    assert "heading-above" in heading.labels


def test_chinese_article_comes_out_without_navigation() -> None:
    sentence = "市议会周二投票决定扩建港口，这项计划已经讨论了十多年，因为它改变了渔船和渡轮共用码头的方式。"
    nav = "\n".join(f'<li><a href="/c/{i}">频道{i}</a></li>' for i in range(10))
    body = "\n".join(f"<p>{sentence}第{i}段。</p>" for i in range(4))
    html = (f'<html lang="zh">\n<head><meta charset="utf-8"><title>港口</title></head>\n<body>\n<ul>\n{nav}\n</ul>\n'
            f"<div>\n<div>\n<div>\n{body}\n</div>\n</div>\n</div>\n<div>\n<div>\n<div>\n<p>版权所有</p>\n"
            "</div>\n</div>\n</div>\n</body>\n</html>")
    article = extract(html.encode("utf-8"), extractor="lineblock")
    assert "第0段" in article.text and "第3段" in article.text
    assert "频道" not in article.text


def test_bad_input_gives_an_empty_article_with_a_reason() -> None:
    for html in ("", "<html><body></body></html>", "<html><body><p>x</p></body></html>"):
        article = extract(html, extractor="lineblock")
        assert article.text == ""
        assert article.reason
