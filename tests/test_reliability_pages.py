"""Reliability of single pages: giant text nodes do not hide the article, a page mixing encodings keeps every
part readable. The pages are built in the tests."""

from __future__ import annotations

import time

from crawler.extractors import extract, parse_html

ARTICLE = "".join(f"<p>Paragraph {i}: the council approved the new river defences after a long debate about "
                  f"the costs and the schedule of the works in the old town.</p>" for i in range(12))


def page(head: str = "", before: str = "") -> bytes:
    return (f"<html><head><meta charset='utf-8'><title>River defences</title>{head}</head><body>{before}"
            f"<article><h1>River defences approved</h1>{ARTICLE}</article></body></html>").encode()


def test_a_50_mb_json_ld_script_does_not_hide_the_article():
    giant = '<script type="application/ld+json">{"@type": "NewsArticle", "x": "' + "a" * (50 * 2**20) + '"}</script>'
    started = time.perf_counter()
    article = extract(page(head=giant))
    assert "Paragraph 11" in article.text
    assert time.perf_counter() - started < 30


def test_a_10_mb_title_does_not_hide_the_article():
    html = page().replace(b"<title>River defences</title>", b"<title>" + b"T" * (10 * 2**20) + b"</title>")
    article = extract(html)
    assert "Paragraph 11" in article.text


def test_a_giant_text_run_is_cut_and_the_rest_kept():
    document = parse_html(page(before="<div>" + "word " * (3 * 2**20) + "</div>"))
    assert any("Paragraph 11" in block.text for block in document.blocks)
    assert any("cut" in warning for warning in document.warnings)
