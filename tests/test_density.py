"""The DOM node density extractor (seed 003 + CETD) on small pages written here."""

from __future__ import annotations

import pytest
from lxml import etree

from crawler.extractors import extract, parse_html
from crawler.extractors.density.extractor import (
    DELTA2_MAX_LINK_DENSITY,
    FORM_MAX_TEXT_SHARE,
    DensityExtractor,
    build_simple_tree,
)

SENTENCE = "The council voted on Tuesday to rebuild the old bridge over the river before next winter. "


def paragraphs(count: int, prefix: str = "") -> str:
    return "".join(f"<p>{prefix}{i} {SENTENCE * 2}</p>" for i in range(count))


def nav(items: int) -> str:
    links = "".join(f'<li><a href="/s/{i}">Section number {i} of the site</a></li>' for i in range(items))
    return f"<ul>{links}</ul>"


def run_density(html: str):
    doc = parse_html(html)
    return doc, DensityExtractor().run(doc)


def test_node_counts_and_densities_on_a_hand_written_tree():
    html = ('<html><body><div id="left"><p>aaaa <a href="/x">bbbb</a></p><p>cccc</p><span> </span></div>'
            '<div id="right"><a href="/y">dddddddd</a></div></body></html>')
    _, run = run_density(html)
    tree = run.notes["tree"]
    index = {element.get("id") or element.tag: i for i, element in enumerate(tree.nodes)}
    body, a, b = index["body"], index["left"], index["right"]
    assert tree.chars[body] == 20 and tree.link_chars[body] == 12
    assert tree.chars[a] == 12 and tree.link_chars[a] == 4
    # div#a, two <p> and the <a> carry text; the blank <span> is pruned from the counts
    assert tree.tags[a] == 4
    span = next(i for i, element in enumerate(tree.nodes) if element.tag == "span")
    assert tree.pruned[span]
    assert tree.rho1[a] == pytest.approx(12 / 20)  # definition 1: node.text / text
    assert tree.rho2[a] == pytest.approx(4 / 12)  # definition 2: node.link / node.text
    assert tree.rho2[b] == pytest.approx(1.0)
    # density sum of div#a: its two <p> children, pure text per tag: (8 - 4) / 2 + 4 / 1
    assert tree.density_sum[a] == pytest.approx(6.0)
    assert tree.contains(body, a) and tree.contains(a, span) and not tree.contains(a, b)


def test_statistics_do_not_touch_the_shared_tree():
    html = f"<html><body><form><p>Search</p></form><div>{paragraphs(3)}</div></body></html>"
    doc = parse_html(html)
    before = etree.tostring(doc.root)
    DensityExtractor().extract(doc)
    assert etree.tostring(doc.root) == before


def test_article_wins_over_a_bigger_link_heavy_menu():
    html = (f"<html><body><div id='menu'>{nav(40)}</div>"
            f"<div id='story'>{paragraphs(4)}</div><div id='more'>{nav(10)}</div></body></html>")
    doc, run = run_density(html)
    tree = run.notes["tree"]
    menu = next(i for i, e in enumerate(tree.nodes) if e.get("id") == "menu")
    assert tree.chars[menu] > tree.chars[next(i for i, e in enumerate(tree.nodes) if e.get("id") == "story")]
    assert tree.nodes[run.notes["subtree"]].get("id") == "story"
    article = DensityExtractor().extract(doc)
    assert article.text.count("council voted") == 8
    assert "Section number" not in article.text
    for block in article.blocks:
        assert block.decisions and all(d.label and d.reason for d in block.decisions)
    menu_block = next(b for b in article.blocks if b.text.startswith("Section number 0"))
    assert menu_block.decisions[-1].label == "outside-subtree"


def test_sections_of_one_article_are_kept_together():
    html = (f"<html><body>{nav(15)}<div id='body'>"
            f"<div class='part'><h2>First part</h2>{paragraphs(3, 'A')}</div>"
            f"<div class='part'><h2>Second part</h2>{paragraphs(2, 'B')}</div>"
            f"</div>{nav(15)}</body></html>")
    text = extract(html, extractor="density").text
    assert "A0 " in text and "A2 " in text and "B0 " in text and "B1 " in text
    assert "Second part" in text
    assert "Section number" not in text


def test_link_dense_leaf_inside_the_article_is_dropped():
    related = '<p><a href="/1">Read more about the bridge</a> and <a href="/2">the river works</a></p>'
    html = f"<html><body>{nav(20)}<div>{paragraphs(3)}{related}{paragraphs(2, 'x')}</div></body></html>"
    article = extract(html, extractor="density")
    assert "Read more" not in article.text
    block = next(b for b in article.blocks if b.text.startswith("Read more"))
    assert block.char_link_density > DELTA2_MAX_LINK_DENSITY
    assert block.decisions[-1].label == "link-dense"


def test_position_rule_drops_chrome_and_page_edges_inside_the_subtree():
    html = (f"<html><body><div>{paragraphs(5)}"
            "<div role='navigation'><p>Previous story: the storm, and how the city recovered afterwards</p></div>"
            "<aside><p>Our newsletter reaches one hundred thousand readers every single morning</p></aside>"
            "<p>Copyright 2024</p></div></body></html>")
    article = extract(html, extractor="density")
    assert article.text.count("council voted") == 10
    labels = {b.text: b.decisions[-1] for b in article.blocks}
    assert labels["Previous story: the storm, and how the city recovered afterwards"].label == "position"
    assert "role=navigation" in labels["Previous story: the storm, and how the city recovered afterwards"].reason
    assert labels["Our newsletter reaches one hundred thousand readers every single morning"].label == "position"
    assert labels["Copyright 2024"].label == "position"
    assert "bottom" in labels["Copyright 2024"].reason


def test_header_of_an_article_is_not_page_chrome():
    html = (f"<html><body><header>{nav(5)}</header><article><header><h1>Bridge to be rebuilt</h1></header>"
            f"{paragraphs(4)}</article></body></html>")
    text = extract(html, extractor="density").text
    assert "Bridge to be rebuilt" in text
    assert "Section number" not in text


def test_small_form_is_pruned_but_a_page_wrapping_form_is_not():
    search = "<form action='/search'><p>Search the whole site for bridges</p></form>"
    html = f"<html><body><div>{paragraphs(4)}{search}</div></body></html>"
    article = extract(html, extractor="density")
    assert "Search the whole site" not in article.text
    block = next(b for b in article.blocks if b.text.startswith("Search the whole"))
    assert block.decisions[0].label == "pruned"
    wrapped = f"<html><body><form id='aspnetForm'>{nav(5)}<div>{paragraphs(4)}</div></form></body></html>"
    doc = parse_html(wrapped)
    tree = build_simple_tree(doc.body, doc.blocks)
    form = next(i for i, e in enumerate(tree.nodes) if e.tag == "form")
    assert tree.chars[form] >= FORM_MAX_TEXT_SHARE * tree.chars[0]
    assert extract(wrapped, extractor="density").text.count("council voted") == 8


def test_chinese_article_comes_out():
    body = "".join(
        f"<p>第{i}段：市政府周二宣布，将在明年冬天之前重建横跨河流的老桥，以缓解城市交通压力，方便市民出行。</p>"
        for i in range(6)
    )
    menu = "".join(f'<li><a href="/c/{i}">新闻频道{i}</a></li>' for i in range(30))
    html = (f"<html lang='zh'><head><meta charset='utf-8'><title>老桥重建</title></head><body>"
            f"<ul>{menu}</ul><div class='article'>{body}</div><div class='footer'>版权所有</div></body></html>")
    article = extract(html.encode("utf-8"), extractor="density")
    assert article.text.count("市政府周二宣布") == 6
    assert "新闻频道" not in article.text
    assert "版权所有" not in article.text


@pytest.mark.parametrize("html", [b"", "<html><body></body></html>", "<html><body><p>&nbsp;</p></body></html>",
                                  "<html><body><ul><li>|</li><li>|</li></ul></body></html>"])
def test_pages_without_text_give_an_empty_article_with_a_reason(html):
    article = extract(html, extractor="density")
    assert article.text == ""
    assert article.reason


def test_deep_nesting_does_not_recurse():
    depth = 250  # libxml2 cuts the tree at 256 levels; every pass here is flat whatever the depth
    html = "<html><body>" + "<div>" * depth + paragraphs(3) + "</div>" * depth + "</body></html>"
    assert extract(html, extractor="density").text.count("council voted") == 6


def test_subtree_at_the_page_bottom_loses_to_a_central_article():
    legal = "This site uses cookies and is published under the terms shown in our legal notice. " * 9
    html = (f"<html><body>{nav(150)}<div id='story'>{paragraphs(3)}</div>{nav(150)}"
            f"<div id='legal'><p>{legal}</p></div></body></html>")
    doc, run = run_density(html)
    tree = run.notes["tree"]
    legal_node = next(i for i, e in enumerate(tree.nodes) if e.get("id") == "legal")
    story_node = next(i for i, e in enumerate(tree.nodes) if e.get("id") == "story")
    assert tree.density_sum[legal_node] > tree.density_sum[story_node]  # density alone would pick it
    assert tree.nodes[run.notes["subtree"]].get("id") == "story"
    assert "legal notice" not in DensityExtractor().extract(doc).text
