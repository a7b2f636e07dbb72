"""Hostile pages (deep nesting, more tags than a news page holds) are read within bounds, and say how."""

from __future__ import annotations

import pytest

from crawler.extractors import available, extract
from crawler.extractors.document import bounds
from crawler.extractors.document.bounds import (
    DEPTH_FLATTENED,
    FLATTEN_DEPTH,
    MAX_PAGE_TAGS,
    TAGS_CAPPED,
    cap_reasons,
    capped,
    flattened,
)
from crawler.extractors.document.giant import shrink_giant_runs
from crawler.extractors.document.parse import parse_html
from crawler.extractors.templates.extractor import TemplateExtractor
from crawler.extractors.templates.store import MemoryTemplateStore

HEADLINE = "Northern quay to reopen"
INSIDE = [
    "The harbour authority said on Tuesday that the northern quay would reopen after three weeks of repairs.",
    "Engineers found that the storm had loosened more than forty mooring posts, which divers replaced one by one.",
    "Residents who live near the harbour said the works had been noisy but necessary for the waterfront shops.",
]
AFTER = [
    "The first ferry is expected to leave the quay on Friday morning, the operators said in a statement today.",
    "Tickets bought for the cancelled crossings remain valid until the end of the month, the harbour office added.",
]
NAV = "<ul>" + "".join(f"<li><a href='/{name}'>{name}</a></li>" for name in ("Home", "News", "Sport", "Weather"))
NAV += "</ul>"
FOOTER = "<footer><p>About us</p><p>Contact</p><p>Privacy policy</p></footer>"
URL = "https://news.example.com/2024/05/07/northern-quay-to-reopen.html"
# Every extractor but template, which needs pages of the site learned first (its own test below).
ONE_PAGE_EXTRACTORS = [name for name in available() if name != "template"]


def deep_page(depth: int, tag: str = "div", inside: list[str] = INSIDE, after: list[str] = AFTER) -> str:
    """An article whose first paragraph is followed by paragraphs inside ``depth`` nested ``tag``s and then by
    paragraphs after them (a broken page builder wraps each block again)."""
    first, rest = inside[:1], inside[1:]
    if tag == "div":
        nest = f"<{tag}>" * depth + "".join(f"<p>{text}</p>" for text in rest) + f"</{tag}>" * depth
    else:  # inline tags nest inside one paragraph
        nest = "<p>" + f"<{tag}>" * depth + " ".join(rest) + f"</{tag}>" * depth + "</p>"
    return (f"<html><head><title>{HEADLINE}</title></head><body>{NAV}<article><h1>{HEADLINE}</h1>"
            + "".join(f"<p>{text}</p>" for text in first) + nest
            + "".join(f"<p>{text}</p>" for text in after) + f"</article>{FOOTER}</body></html>")


def kept(text: str, sentences: list[str]) -> list[bool]:
    flat = " ".join(text.split())
    return [sentence in flat for sentence in sentences]


@pytest.fixture(scope="module")
def deep_divs() -> str:
    return deep_page(5_000)


@pytest.fixture(scope="module")
def shallow_kept() -> dict[str, list[bool]]:
    # The reference the deep pages are held to: the same article nested ten deep.
    return {name: kept(extract(deep_page(10), extractor=name).text, INSIDE + AFTER) for name in ONE_PAGE_EXTRACTORS}


@pytest.mark.parametrize("extractor", ONE_PAGE_EXTRACTORS)
def test_text_inside_and_after_five_thousand_nested_divs_is_kept(extractor, deep_divs, shallow_kept):
    article = extract(deep_divs, extractor=extractor)
    assert kept(article.text, INSIDE + AFTER) == shallow_kept[extractor]
    assert kept(article.text, INSIDE[1:] + AFTER) == [True] * 4


def test_the_flattening_is_recorded_with_its_reason(deep_divs):
    doc = parse_html(deep_divs)
    assert cap_reasons(doc.warnings) == [DEPTH_FLATTENED]
    assert any(f"nesting deeper than {FLATTEN_DEPTH} levels" in warning for warning in doc.warnings)
    depth = max(len(list(element.iterancestors())) for element in doc.root.iter())
    assert depth <= FLATTEN_DEPTH + 3  # html, body, article above the kept divs
    assert [block.text for block in doc.blocks[:5]] == ["Home", "News", "Sport", "Weather", HEADLINE]


def test_a_deep_page_the_flattening_cannot_mend_keeps_the_parsers_cut_tree(deep_divs, monkeypatch):
    # The cut tree is let go before the flattening (memory); when no flattened page parses, it is parsed again.
    from crawler.extractors.document import parse as parse_module

    monkeypatch.setattr(parse_module, "flattened", lambda data, depth: bounds.Bounded(data, None))
    doc = parse_html(deep_divs)
    assert doc.root is not None and [block.text for block in doc.blocks[:5]][-1] == HEADLINE
    assert any("the parser cut what lies below it" in warning for warning in doc.warnings)


def test_paragraphs_inside_the_flattened_block_stay_apart(deep_divs):
    lines = extract(deep_divs).text.split("\n")
    assert all(sentence in lines for sentence in INSIDE + AFTER)


def site_page(title: str, paragraphs: list[str], depth: int = 0) -> str:
    """A page of a site whose navigation and footer repeat on every page; its paragraphs after the first inside
    ``depth`` nested divs."""
    nav = "".join(f"<li><a href='/{name}'>{name}</a></li>" for name in ("Home", "World", "Sport", "Business"))
    first, *rest = [f"<p>{text}</p>" for text in paragraphs]
    foot = "".join(f"<p>{text}</p>" for text in ("About us", "Contact", "Privacy policy", "Example News"))
    return (f"<html><head><title>{title}</title></head><body><ul>{nav}</ul><article><h1>{title}</h1>{first}"
            + "<div>" * depth + "".join(rest[:-1]) + "</div>" * depth
            + f"{rest[-1]}</article><footer>{foot}</footer></body></html>")


def test_template_reads_a_deep_page_of_a_learned_site():
    extractor = TemplateExtractor(MemoryTemplateStore())
    learned = site_page("Storm closes the southern road", [
        "A storm closed the southern road on Monday, and the council sent crews to clear it.", "Advertisement",
        "The road reopened at six, the council said, and buses ran to the timetable again."])
    learned_url = "https://news.example.com/2024/05/06/storm-closes-the-southern-road.html"
    assert extractor.learn(parse_html(learned, learned_url)) is None
    article = extractor.extract(parse_html(site_page(HEADLINE, [*INSIDE, "Advertisement", *AFTER], 5_000), URL))
    assert kept(article.text, INSIDE + AFTER) == [True] * 5
    assert "Privacy policy" not in article.text and "Advertisement" not in article.text


@pytest.mark.slow
@pytest.mark.parametrize("extractor", ONE_PAGE_EXTRACTORS)
def test_text_inside_a_hundred_thousand_nested_inline_tags_is_kept(extractor):
    article = extract(deep_page(100_000, tag="span"), extractor=extractor)
    reference = extract(deep_page(10, tag="span"), extractor=extractor)
    assert kept(article.text, INSIDE + AFTER) == kept(reference.text, INSIDE + AFTER)
    assert kept(article.text, INSIDE[1:] + AFTER) == [True] * 4


def test_text_inside_twenty_thousand_nested_inline_tags_is_kept():
    article = extract(deep_page(20_000, tag="b"))
    assert kept(article.text, INSIDE + AFTER) == [True] * 5


def test_flattening_leaves_comments_scripts_and_shallow_tags_alone():
    page = (b"<html><body><!-- <div><div> --><script>if (a<b) {'<div>'}</script>" + b"<div>" * 6 + b"deep"
            + b"</div>" * 6 + b"<p>after</p></body></html>")
    result = flattened(page, depth=4)
    assert result.data.count(b"<div>") == 3 + 2  # three in the comment and script, two kept (html, body above)
    assert b"<!-- <div><div> -->" in result.data and b"{'<div>'}" in result.data
    assert b"<p>after</p>" in result.data and result.warning is not None
    assert flattened(b"<html><body><div>shallow</div></body></html>").warning is None


def test_flattening_pairs_end_tags_with_their_own_start_tags():
    # A stray end tag and void elements do not move the depth; an end tag closing a kept element stays.
    page = b"</span><div>" + b"<br><img src=x><section>" * 5 + b"text" + b"</section>" * 5 + b"</div><p>after"
    result = flattened(page, depth=3)
    assert result.data.startswith(b"</span><div><br><img src=x><section><br><img src=x><section>")
    assert result.data.endswith(b"text<br><br></section></section></div><p>after")  # one break for the run


def link_list(count: int) -> str:
    return "<ul>" + "".join(f"<li><a href='/item/{n}'>Headline {n}</a></li>" for n in range(count)) + "</ul>"


SMALL_CAP = 5_000  # the cap lowered, so the page past it is small


def test_a_page_of_more_tags_than_the_cap_is_cut_with_the_reason(monkeypatch):
    monkeypatch.setattr(bounds, "MAX_PAGE_TAGS", SMALL_CAP)
    html = deep_page(1) + link_list(SMALL_CAP // 4 + 10)
    doc = parse_html(html)
    assert cap_reasons(doc.warnings) == [TAGS_CAPPED]
    assert doc.warnings[0] == f"page of more than {SMALL_CAP} tags: cut after the first {SMALL_CAP}"
    assert sum(1 for _ in doc.root.iter()) <= SMALL_CAP
    assert kept(extract(html).text, INSIDE + AFTER) == [True] * 5


@pytest.mark.slow
def test_a_page_of_more_tags_than_a_news_page_holds_is_cut_with_the_reason():
    html = deep_page(1) + link_list(MAX_PAGE_TAGS // 4 + 10)
    article = extract(html)
    assert cap_reasons(article.warnings) == [TAGS_CAPPED]
    assert kept(article.text, INSIDE + AFTER) == [True] * 5


def test_a_run_of_line_breaks_is_collapsed_before_any_text_is_cut(monkeypatch):
    monkeypatch.setattr(bounds, "MAX_PAGE_TAGS", SMALL_CAP)
    html = deep_page(1, after=[]) + "<div>" + "<br>" * (SMALL_CAP + 1) + f"<p>{AFTER[0]}</p></div>"
    doc = parse_html(html)
    assert cap_reasons(doc.warnings) == [TAGS_CAPPED] and "collapsed" in doc.warnings[0]
    assert AFTER[0] in " ".join(block.text for block in doc.blocks)


def test_a_page_within_the_cap_is_as_given():
    text = "<p>a</p>" * 10
    assert capped(text).text is text and capped(text).warning is None


def test_extract_batch_counts_the_pages_read_within_a_bound(tmp_path, monkeypatch):
    from crawler.bulk.batch import run_batch

    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "deep.html").write_text(deep_page(1_000), encoding="utf-8")
    (folder / "plain.html").write_text(deep_page(2), encoding="utf-8")
    result = run_batch([folder], tmp_path / "rows.jsonl", workers=0, progress=False)
    assert result.counts[DEPTH_FLATTENED] == 1 and result.counts["pages"] == 2
    assert TAGS_CAPPED not in result.counts


def test_boilerpipe_default_keeps_the_last_sentence_of_an_article_inside_five_thousand_divs():
    last = "The quay reopens on Friday."
    paragraphs = "".join(f"<p>{text}</p>" for text in [*INSIDE, *AFTER, last])
    html = (f"<html><head><title>{HEADLINE}</title></head><body>{NAV}<article><h1>{HEADLINE}</h1>"
            + "<div>" * 5_000 + paragraphs + "</div>" * 5_000 + f"</article>{FOOTER}</body></html>")
    text = extract(html, extractor="boilerpipe-default").text
    assert kept(text, [*INSIDE, *AFTER, last]) == [True] * 6


def test_a_tag_of_megabytes_of_attributes_does_not_hide_the_article():
    # An application's state serialised into one attribute, before the article: the tag is kept bare.
    html = deep_page(1).replace("<body>", f"<body><div id='app' data-state='{'{' + 'q' * 3_000_000 + '}'}'></div>")
    doc = parse_html(html)
    assert any("attributes dropped" in warning for warning in doc.warnings)
    assert kept(extract(html).text, INSIDE + AFTER) == [True] * 5
    assert doc.root.find(".//div[@id]") is None and doc.root.find(".//body/div") is not None


@pytest.mark.slow
def test_extract_of_a_page_of_a_million_links_peaks_below_lxmls_parse(tmp_path):
    from crawler.evaluation.pathological_bench import PAGES, THIS_CHECKOUT, run_child

    page = next(page for page in PAGES if page.name == "links-1M")
    path = tmp_path / "links.html"
    path.write_bytes(page.build())
    floor = run_child(THIS_CHECKOUT, path, "lxml", page.markers)
    extracted = run_child(THIS_CHECKOUT, path, "default", page.markers)
    assert extracted["kept"] == len(page.markers)
    assert extracted["kb"] <= 1.3 * floor["kb"] and extracted["kb"] < 1024 * 1024


@pytest.mark.slow
def test_extract_of_twenty_megabytes_of_one_token_peaks_within_the_bound_of_lxmls_parse(tmp_path):
    # Within the 1.3× bound of docs/bounded-pages.md with a margin (it read 1.15-1.19×; 1.59× before the imports
    # and copies were cut), so that a page's copy more fails here before the bound is lost.
    from crawler.evaluation.pathological_bench import PAGES, THIS_CHECKOUT, run_child

    page = next(page for page in PAGES if page.name == "token-20MB")
    path = tmp_path / "token.html"
    path.write_bytes(page.build())
    floor = run_child(THIS_CHECKOUT, path, "lxml", page.markers)
    extracted = run_child(THIS_CHECKOUT, path, "default", page.markers)
    assert extracted["kept"] == len(page.markers)
    assert extracted["kb"] <= 1.25 * floor["kb"], (extracted["kb"], floor["kb"])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["div-100000", "span-100000"])
def test_extract_of_a_hundred_thousand_nested_elements_peaks_within_the_bound_of_lxmls_parse(tmp_path, name):
    # lxml's own parse of these pages is cheap (it stops at depth 256), so the bound holds only when the page is
    # not copied (decoded, or joined without its closing root tags) and the library's imports stay small.
    from crawler.evaluation.pathological_bench import PAGES, THIS_CHECKOUT, run_child

    page = next(page for page in PAGES if page.name == name)
    path = tmp_path / f"{name}.html"
    path.write_bytes(page.build())
    floor = run_child(THIS_CHECKOUT, path, "lxml", page.markers)
    extracted = run_child(THIS_CHECKOUT, path, "default", page.markers)
    assert extracted["kept"] == len(page.markers)
    assert extracted["kb"] <= 1.3 * floor["kb"], (extracted["kb"], floor["kb"])


GIANT_CASES = [
    "<p>" + "中" * 23 + "<!-- " + ">" * 46 + " -->",
    "<script>" + "é" * 100 + "</script><title>" + ">" * 40 + "</title><title>" + "x" * 65 + "</title>",
    "<div data-x='" + ">" * 66 + "'>t<!-- " + ">" * 55 + " -->",
    "<script>" + ">" * 80 + "</script><p>" + "é" * 90 + "<p>" + "x" * 200,
]


@pytest.mark.parametrize("page", GIANT_CASES)
def test_giant_runs_shrunk_on_the_bytes_read_as_when_shrunk_on_the_text(page):
    # The bytes are shrunk before decoding (the page is not held twice), and the text pass then cuts as alone.
    limit = 20
    on_bytes, _ = shrink_giant_runs(page.encode(), limit)
    assert shrink_giant_runs(on_bytes.decode(), limit)[0] == shrink_giant_runs(page, limit)[0]


@pytest.mark.parametrize("page", ["<p>" + "x" * 90 + "</p><p>after</p>", "<title>" + "t" * 90 + "</title><p>after</p>",
                                  "<div data-x='1'>" + "y" * 90 + "<p>after</p>"])
def test_an_ascii_run_cut_on_the_bytes_leaves_the_text_pass_nothing_to_copy(page):
    # Cut where the pass on the text cuts it, the decoded page is parsed from its own bytes, not copied and encoded
    # again: a giant page's peak memory holds the page once more, not thrice.
    limit = 20
    on_bytes, count = shrink_giant_runs(page.encode(), limit)
    assert count == 1
    assert shrink_giant_runs(on_bytes.decode(), limit) == (shrink_giant_runs(page, limit)[0], 0)


def test_a_giant_token_is_cut_before_the_page_is_decoded():
    html = deep_page(1).replace("</h1>", "</h1><p>" + "x" * 9_000_000 + "</p>")
    from_bytes, from_text = parse_html(html.encode()), parse_html(html)
    assert [block.text for block in from_bytes.blocks] == [block.text for block in from_text.blocks]
    assert kept(extract(html.encode()).text, INSIDE + AFTER) == [True] * 5


def test_a_page_shorter_than_the_cap_is_not_counted(monkeypatch):
    # a tag takes one character at least: a page of no more characters than the cap cannot pass it
    def refuse(text):
        raise AssertionError("counted")

    monkeypatch.setattr(bounds, "tag_count", refuse)
    text = "<p>a</p>" * 10
    assert capped(text).text is text and capped(text).warning is None
