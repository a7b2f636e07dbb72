"""Articles split over several pages become one article; listing pagination does not. The URL rule, the
pipeline's merge, then ``scrapy crawl news`` over a hand-written site served on 127.0.0.1."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from helpers.crawl import news_crawl
from scrapy.utils.test import get_crawler

from crawler.pipelines import ArticleExtractionPipeline
from crawler.spiders.pagelinks import continues
from crawler.storage import content_hash, simhash_hex

STORY = "https://news.example/2024/03/16/how-the-mill-changed.html"


@pytest.mark.parametrize(("first", "following", "expected"), [
    (STORY, STORY.replace(".html", "-2.html"), True),
    (STORY, STORY.replace(".html", "/2"), True),
    ("https://news.example/story/123", "https://news.example/story/123?page=2", True),
    ("https://news.example/a/20240312/123.shtml", "https://news.example/a/20240312/123_2.shtml", True),
    (STORY, "https://news.example/2024/03/17/another-story.html", False),  # rel=next to the next story
    (STORY, STORY, False),
    (STORY, STORY.replace("news.example", "other.example").replace(".html", "-2.html"), False),
    ("https://news.example/", "https://news.example/page/2.html", False),  # the home page continues nothing
])
def test_a_next_page_continues_its_first_pages_url(first: str, following: str, expected: bool) -> None:
    assert continues(first, following) is expected


def page(title: str, paragraphs: list[str], head: str = "", kind: str = "NewsArticle") -> str:
    body = "".join(f"<p>{text}</p>" for text in paragraphs)
    return f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<script type="application/ld+json">{{"@context": "https://schema.org", "@type": "{kind}",
"headline": "{title}"}}</script>
{head}</head><body><nav><a href="/">Home</a> <a href="/news/">News</a></nav>
<main><article><h1>{title}</h1><p class="byline">By Ann Writer</p><div class="body">{body}</div></article></main>
<footer><p>Copyright 2024 The Example Gazette.</p></footer></body></html>"""


WORDS = ("river council bridge ferry mill engineers residents vote budget harbour school library market trees "
         "station pumps wall stone valley farm grain water wheel basement museum lorries lane noise fans neighbours "
         "company founders energy heat pool weir summer winter flood sensors insurers plan debate").split()


def sentences(topic: str, count: int = 4) -> list[str]:
    """Paragraphs that differ from topic to topic (not near-duplicates of each other for storage)."""
    seed = sum(map(ord, topic))
    return [f"{topic} paragraph {n}: " + " ".join(WORDS[(seed * (n + 3) + k * k * 7 + k * seed) % len(WORDS)]
                                                 for k in range(30)) + "." for n in range(1, count + 1)]


def test_pipeline_joins_the_parts_texts_in_order_and_keeps_repeated_lines_once(tmp_path: Path) -> None:
    crawler = get_crawler(settings_dict={"EXTRACTION_WORKERS": 0,
                                         "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "templates.sqlite")})
    pipeline = ArticleExtractionPipeline.from_crawler(crawler)
    second, third = STORY.replace(".html", "-2.html"), STORY.replace(".html", "-3.html")
    item = {"url": STORY, "html": page("The mill", sentences("First")).encode(), "content_type": "text/html",
            "continuation_pages": [
                {"url": second, "html": page("The mill (2)", sentences("Second")).encode(), "content_type": None},
                {"url": third, "html": page("The mill (3)", sentences("Third")).encode()},
                {"url": third + "?broken", "html": None},
            ]}
    article = asyncio.run(pipeline.process_item(item))
    text = article["text"]
    assert text.index("First paragraph 4") < text.index("Second paragraph 1") < text.index("Third paragraph 4")
    assert text.count("By Ann Writer") <= 1  # the byline every page repeats is kept once at most
    assert article["title"] == "The mill" and article["url"] == STORY
    assert article["content_hash"] == content_hash(text)
    assert article["simhash"] == simhash_hex(text)  # the fingerprint of the merged text, not the first page's
    assert article["metadata"]["pages"] == [STORY, second, third, third + "?broken"]
    assert "continuation_pages" not in article["metadata"]  # no page HTML leaks into the article
    assert any("without HTML" in warning for warning in article["metadata"]["warnings"])
    pipeline.close_spider()


# ------------------------------------------------------------------------------------------ end to end


def write_site(root: Path) -> None:
    files = {
        "news/index.html": page("News", [], '<link rel="next" href="/news/page/2.html">', "CollectionPage").replace(
            "<main>", '<main><ul><li><a href="/2024/03/16/mill.html">The mill</a></li>'
                      '<li><a href="/2024/03/17/bridge.html">The bridge</a></li>'
                      '<li><a href="/2024/03/18/orphan-3.html">Part three</a></li></ul>'),
        "news/page/2.html": page("News, page 2", [], '<link rel="prev" href="/news/index.html">',
                                 "CollectionPage").replace(
            "<main>", '<main><ul><li><a href="/2024/03/19/ferry.html">The ferry</a></li></ul>'),
        "2024/03/16/mill.html": page("The mill", sentences("Mill one"), '<link rel="next" href="mill-2.html">'),
        "2024/03/16/mill-2.html": page("The mill, page 2", sentences("Mill two"),
                                       '<link rel="prev" href="mill.html"><link rel="next" href="mill-3.html">'),
        "2024/03/16/mill-3.html": page("The mill, page 3", sentences("Mill three"),
                                       '<link rel="prev" href="mill-2.html">'),
        # the first part links to a second part that does not exist: the first part is still stored
        "2024/03/17/bridge.html": page("The bridge", sentences("Bridge"), '<link rel="next" href="bridge-2.html">'),
        # a third part reached straight from the listing sends the crawl to its first part
        "2024/03/18/orphan.html": page("Orphan", sentences("Orphan one"), '<link rel="next" href="orphan-3.html">'),
        "2024/03/18/orphan-3.html": page("Orphan, page 3", sentences("Orphan three"),
                                         '<link rel="prev" href="orphan.html">'),
        "2024/03/19/ferry.html": page("The ferry", sentences("Ferry")),
    }
    for name, html in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(html, encoding="utf-8")


@pytest.mark.slow
def test_crawl_merges_article_pages_but_not_listing_pages(serve_sample_site, tmp_path: Path) -> None:
    root = tmp_path / "site"
    write_site(root)
    server = serve_sample_site(root=root)
    done = news_crawl(server.base_url + "/news/", tmp_path, timeout=120)
    hits = dict(server.hits)
    with sqlite3.connect(tmp_path / "articles.sqlite") as db:
        stored = {url.removeprefix(server.base_url): text for url, text in db.execute("SELECT url, text FROM articles")}
    assert sorted(stored) == ["/2024/03/16/mill.html", "/2024/03/17/bridge.html", "/2024/03/18/orphan.html",
                              "/2024/03/19/ferry.html"]  # no part stored on its own, no listing
    mill = stored["/2024/03/16/mill.html"]
    assert mill.index("Mill one paragraph 1") < mill.index("Mill two paragraph 1") < mill.index("Mill three paragraph")
    assert "Bridge paragraph 4" in stored["/2024/03/17/bridge.html"]
    orphan = stored["/2024/03/18/orphan.html"]
    assert orphan.index("Orphan one paragraph 1") < orphan.index("Orphan three paragraph 1")
    assert "Ferry paragraph 1" in stored["/2024/03/19/ferry.html"]  # linked only from listing page 2
    for path in ("/news/", "/news/page/2.html", "/2024/03/16/mill.html", "/2024/03/16/mill-2.html",
                 "/2024/03/16/mill-3.html", "/2024/03/17/bridge.html", "/2024/03/17/bridge-2.html"):
        assert hits.get(path) == 1, (path, hits)  # every page once
    assert hits["/2024/03/18/orphan-3.html"] <= 2  # reached on its own first, then again as a part
    assert "'news/continuation_pages_failed': 1" in done.stderr


def test_pages_naming_a_next_or_previous_part_are_found_by_a_byte_search():
    from crawler.kernels.pagescan import names_next_or_previous

    assert names_next_or_previous(b'<link rel="next" href="/a-2.html">')
    assert names_next_or_previous(b"<a class=x rel='nofollow prev' href=/a.html>")
    assert names_next_or_previous(b'<A REL="NEXT" HREF="/a-2.html">')
    assert not names_next_or_previous(b'<a rel="related" href="/b.html">next story</a>')


def test_rel_links_read_link_then_anchor_tags_by_whole_rel_words():
    from scrapy.http import HtmlResponse

    from crawler.spiders.pagelinks import _REL_TAGS, rel_links

    body = """<html><head><base href="https://news.example/base/">
    <link rel="stylesheet" href="/style.css"><LINK REL="Next" HREF="story-2.html?a=1&amp;b=2#top">
    <link data-rel="next" href="/not-this.html"><link rel="nextpage" href="/nor-this.html">
    </head><body><a href="/x" rel="nofollow next" title="a > b">more</a>
    <a class='pager'
       rel='prev' href='/first.html'>back</a><a rel="previous" href=/earlier.html>earlier</a>
    <a rel="next">no href</a><p>été</p></body></html>""".encode("gbk", "replace")
    response = HtmlResponse("https://news.example/2024/story.html", body=body, encoding="gbk")
    assert rel_links(response, "next") == ["https://news.example/base/story-2.html?a=1&b=2",
                                           "https://news.example/x"]
    assert rel_links(response, "prev", "previous") == ["https://news.example/first.html",
                                                       "https://news.example/earlier.html"]
    assert rel_links(response, "author") == []
    assert len(_REL_TAGS[response]) == 6  # tags with an href, read once for all three questions


def test_links_of_a_page_without_a_base_tag_are_joined_without_decoding_it(monkeypatch):
    """The page's base URL is looked for in its first bytes (Scrapy's urljoin decodes the whole page for it);
    a page with a <base href> is joined against it as Scrapy does."""
    from scrapy.http import HtmlResponse, TextResponse

    from crawler.spiders.pagelinks import head_links, rel_links

    body = (b'<html><head><link rel="amphtml" href="amp/story.html"><link rel="next" href="story-2.html">'
            b"</head><body>" + "é".encode() * 50_000 + b"</body></html>")
    based = body.replace(b"<head>", b'<head><BASE  HREF="https://cdn.example/base/">')
    with_base = HtmlResponse("https://news.example/2024/story.html", body=based, encoding="utf-8")
    expected_with_base = with_base.urljoin("amp/story.html")
    assert expected_with_base == "https://cdn.example/base/amp/story.html"

    def no_decoding(self: TextResponse) -> str:
        raise AssertionError("the page was decoded")

    monkeypatch.setattr(TextResponse, "text", property(no_decoding))
    plain = HtmlResponse("https://news.example/2024/story.html", body=body, encoding="utf-8")
    assert head_links(plain, "amphtml") == ["https://news.example/2024/amp/story.html"]
    assert rel_links(plain, "next") == ["https://news.example/2024/story-2.html"]
    monkeypatch.undo()
    with_base = HtmlResponse("https://news.example/2024/story.html", body=based, encoding="utf-8")
    assert head_links(with_base, "amphtml") == [expected_with_base]
