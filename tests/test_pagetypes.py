
from crawler.extractors import parse_html
from crawler.pagejob.pagetypes import classify_page

PARAGRAPH = "<p>The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>"
NAV = "<nav>" + " ".join(f"<a href='/s{i}'>Section {i}</a>" for i in range(12)) + "</nav>"


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{NAV}{body}</body></html>"


def test_article_by_text_and_url():
    url = "https://news.example/2024/03/12/budget-vote-ends-in-a-tie.html"
    result = classify_page(parse_html(page(PARAGRAPH * 10)), url)
    assert result.is_article and result.page_kind == "article"
    assert result.reason().startswith("page kind article") and result.score > 0


def test_listing_by_links_and_url():
    items = "".join(f"<li><a href='/a{i}'>Headline number {i} of the day</a></li>" for i in range(30))
    teasers = f"<ul>{items}</ul>"
    result = classify_page(parse_html(page(teasers)), "https://news.example/section/politics/")
    assert not result.is_article and result.kind == "listing"
    assert result.page_kind in ("listing", "collection") and result.score < 0
    assert "listing or collection" in result.reason()


def test_declared_types_weigh_most():
    ld = '<script type="application/ld+json">{"@graph": [{"@type": "WebSite"}, {"@type": ["NewsArticle"]}]}</script>'
    # A listing's URL and little text: the declared article type moves the judgement towards an article.
    result = classify_page(parse_html(page(PARAGRAPH * 2, ld)), "https://news.example/tag/budget")
    website = '<script type="application/ld+json">{"@graph": [{"@type": "WebSite"}]}</script>'
    undeclared = classify_page(parse_html(page(PARAGRAPH * 2, website)), "https://news.example/tag/budget")
    assert result.score > undeclared.score
    stated = classify_page(parse_html(page(PARAGRAPH * 4, ld)), "https://news.example/city/budget-vote")
    assert stated.is_article and stated.page_kind == "article"
    listing = (
        '<script type="application/ld+json">{"@type": "CollectionPage"}</script>'
        '<meta property="og:type" content="website">'
    )
    assert not classify_page(parse_html(page(PARAGRAPH, listing)), "https://news.example/x").is_article


def test_broken_json_ld_is_ignored():
    broken = '<script type="application/ld+json">{"@type": </script>'
    result = classify_page(parse_html(page(PARAGRAPH * 10, broken)), "https://news.example/story/budget")
    assert result.is_article


def test_chinese_article_text_is_weighed_per_character():
    sentence = "本报讯 记者从市交通局获悉，今年我市将在中心城区新增二十公里自行车道，并对现有自行车道进行改造。"
    body = f"<p>{sentence * 8}</p>"
    assert classify_page(parse_html(page(body)), "https://news.example.cn/a/123456.html").is_article


def test_every_kind_but_lists_of_pages_is_stored():
    # The crawl stores pages with content of their own (an article, a thread, a product, a service or a
    # documentation page) and follows, never stores, the pages that list others (listings, collections).
    from tests.test_pagekind import PAGES

    for kind, (html, url) in PAGES.items():
        result = classify_page(parse_html(html, url), url)
        assert result.page_kind == kind
        assert result.is_article == (kind not in ("listing", "collection")), kind


def test_a_site_page_is_named_beside_the_kind():
    about = page("<h1>About us</h1>" + PARAGRAPH * 3, "<title>About us | Example News</title>")
    result = classify_page(parse_html(about), "https://news.example/about-us/")
    assert result.kind == "site" and result.page_kind is not None


def test_a_page_of_links_without_a_sentence_of_prose_is_no_article() -> None:
    from crawler.pagejob.pagetypes import LISTING, classify_page

    links = "".join(f'<a class="story" href="/world/story-{n}.html">Story number {n}</a>' for n in range(2))
    doc = parse_html(f"<html><body>{links}<footer>Copyright 2024 Example News. All rights reserved.</footer>"
                     "</body></html>", "http://127.0.0.1:8000/index.html")
    judged = classify_page(doc)
    assert judged.kind == LISTING
    assert any("no sentence of prose" in reason for reason in judged.reasons)
