"""Reliability of single pages: giant text nodes do not hide the article, a page mixing encodings keeps every
part readable. The pages are built in the tests."""

from __future__ import annotations

import time

import pytest

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


@pytest.mark.slow  # a 10 MB input
def test_a_10_mb_title_does_not_hide_the_article():
    html = page().replace(b"<title>River defences</title>", b"<title>" + b"T" * (10 * 2**20) + b"</title>")
    article = extract(html)
    assert "Paragraph 11" in article.text


def test_a_giant_text_run_is_cut_and_the_rest_kept():
    document = parse_html(page(before="<div>" + "word " * (3 * 2**20) + "</div>"))
    assert any("Paragraph 11" in block.text for block in document.blocks)
    assert any("cut" in warning for warning in document.warnings)


ENGLISH = ("<p>The governor’s plan – approved on Tuesday – is “final”, officials said.</p>"
           "<p>It’s the third plan in a decade; the café owners welcome it.</p>")
CHINESE = "<p>市政府周二批准了新的河堤工程，工程将于明年春天开工，预计耗资三亿元。</p>"


def test_a_utf8_page_with_one_gbk_paragraph_keeps_every_part_readable():
    html = (b"<html><head><meta charset='utf-8'><title>Plan</title></head><body><article>"
            + ENGLISH.encode("utf-8") + CHINESE.encode("gbk") + ENGLISH.encode("utf-8") + b"</article></body></html>")
    for content_type in (None, "text/html; charset=utf-8"):
        article = extract(html, content_type=content_type)
        assert "The governor’s plan" in article.text and "It’s the third" in article.text
        assert "市政府周二批准了新的河堤工程" in article.text
        assert "тА" not in article.text and "‚Äô" not in article.text


def test_a_utf8_page_with_a_cp1252_paragraph_keeps_every_part_readable():
    html = (b"<html><head><meta charset='utf-8'></head><body><article>" + ENGLISH.encode("utf-8")
            + "<p>Caf\u00e9 society \u2013 na\u00efve r\u00e9sum\u00e9s and fa\u00e7ades, the owners said.</p>".encode(
                "cp1252") + ENGLISH.encode("utf-8") + b"</article></body></html>")
    article = extract(html)
    assert "The governor’s plan" in article.text
    assert "naïve résumés and façades" in article.text
