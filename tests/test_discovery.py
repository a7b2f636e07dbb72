"""The frontier rules without Scrapy (crawler.spiders.discovery, crawler.pagejob.urls) and article identity
(crawler.identity)."""

import gzip
from datetime import date

import pytest
from scrapy.exceptions import DropItem

from crawler.identity import ArticleIdentityPipeline, CanonicalTrust, page_identity
from crawler.pagejob.urls import clean_url
from crawler.spiders.discovery import (
    ArticleUrlScore,
    BodyTooLarge,
    inflate,
    is_pagination,
    listing_key,
    page_number,
    read_feed,
    read_sitemap,
    url_article_score,
    url_date,
    variant_of,
)
from crawler.storage import simhash_hex

STORY = "https://news.example/world/2024/03/13/harbour-reopens-to-ferries.html"


def test_tracking_parameters_removed_and_url_canonicalised():
    assert clean_url(STORY + "?utm_source=x&utm_medium=y&fbclid=1&gclid=2#top") == STORY
    assert clean_url("https://news.example/a?b=2&a=1&utm_campaign=z") == "https://news.example/a?a=1&b=2"
    assert clean_url("https://news.example/a?ref=rss", ["ref"]) == "https://news.example/a"
    assert clean_url("https://news.example/a?id=7") == "https://news.example/a?id=7"  # a page's own parameter kept


@pytest.mark.parametrize("url, kind, base", [
    ("https://n.example/amp/world/story.html", "amp", "https://n.example/world/story.html"),
    ("https://n.example/world/story/amp/", "amp", "https://n.example/world/story/"),
    ("https://n.example/world/story?amp", "amp", "https://n.example/world/story"),
    ("https://n.example/world/story?amp=1", "amp", "https://n.example/world/story"),
    ("https://n.example/world/story?outputType=amp", "amp", "https://n.example/world/story"),
    ("https://n.example/world/story.amp.html", "amp", "https://n.example/world/story.html"),
    ("https://n.example/world/story?print=1", "print", "https://n.example/world/story"),
    ("https://n.example/world/story?view=print&id=3", "print", "https://n.example/world/story?id=3"),
    ("https://n.example/print/world/story", "print", "https://n.example/world/story"),
    # the words in any case, or percent-escaped in the query (read unescaped): not skipped by the quick check
    ("https://n.example/AMP/world/story", "amp", "https://n.example/world/story"),
    ("https://n.example/world/story?%61mp=1", "amp", "https://n.example/world/story"),
    ("https://n.example/world/story?view=%70rint", "print", "https://n.example/world/story"),
])
def test_amp_twins_and_print_views(url, kind, base):
    assert variant_of(url) == (kind, base)


def test_not_variants():
    for url in ("https://n.example/world/story", "https://n.example/amp", "https://n.example/a?page=2",
                "https://n.example/camping/amplifiers.html"):
        assert variant_of(url) is None


def test_listing_pages_share_a_key():
    assert page_number("https://n.example/world/?page=3") == 3
    assert page_number("https://n.example/world/page/12/") == 12
    assert page_number("https://n.example/section/4.html") == 4
    assert page_number("https://n.example/world/2024/") is None  # a year archive, not page 2024
    assert page_number("https://n.example/world/2024/03/13/story-1.html") is None
    assert listing_key("https://n.example/world/?page=3") == listing_key("https://n.example/world/")
    assert is_pagination("https://n.example/world/page/2/", "https://n.example/world/")
    assert is_pagination("https://n.example/section/4.html", "https://n.example/section/3.html")
    assert not is_pagination("https://n.example/business/?page=2", "https://n.example/world/")
    assert not is_pagination("https://n.example/world/story-about-things", "https://n.example/world/")


def test_dates_in_urls():
    assert url_date(STORY) == date(2024, 3, 13)
    assert url_date("https://n.example/news/20240313-harbour") == date(2024, 3, 13)
    assert url_date("https://n.example/news/2024-3-9/harbour") == date(2024, 3, 9)
    assert url_date("https://n.example/news/story-123456789") is None
    assert url_date("https://n.example/2024/13/45/x") is None


def test_article_urls_score_above_listings_and_learn_per_site():
    assert url_article_score(STORY) > url_article_score("https://news.example/world/") >= 0
    assert url_article_score("https://news.example/p/town-hall-votes-on-new-budget") >= 0.5
    assert url_article_score("https://news.example/story/1234567") >= 0.5
    assert url_article_score("https://news.example/tag/harbour") < 0.5
    assert url_article_score("https://news.example/world/?page=4") < 0.5
    score = ArticleUrlScore()
    # On this site pages shaped /video/<slug> turned out to be listings: the shape learns it.
    for n in range(3):
        score.learn(f"https://tv.example/video/all-clips-of-the-week-{n}", False)
    assert score("https://tv.example/video/all-clips-of-the-month-9") == 0
    assert score("https://other.example/video/all-clips-of-the-month-9") >= 0.5  # another site is not told


NEWS_SITEMAP = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>https://n.example/a-story</loc><news:news><news:publication_date>2024-03-13T09:00:00+01:00
</news:publication_date></news:news></url>
<url><loc>https://n.example/b-story</loc><lastmod>2023-01-02</lastmod></url>
<url><loc>https://n.example/c-story</loc></url>
</urlset>"""


def test_sitemap_entries_with_news_dates_and_lastmod():
    entries = list(read_sitemap(gzip.decompress(gzip.compress(NEWS_SITEMAP))))
    assert [(e.url, e.published) for e in entries] == [
        ("https://n.example/a-story", date(2024, 3, 13)), ("https://n.example/b-story", date(2023, 1, 2)),
        ("https://n.example/c-story", None)]
    index = b"""<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://n.example/s1.xml.gz
</loc><lastmod>2024-01-01</lastmod></sitemap></sitemapindex>"""
    assert [(e.url, e.is_sitemap) for e in read_sitemap(index)] == [("https://n.example/s1.xml.gz", True)]
    with pytest.raises(ValueError):
        list(read_sitemap(b"<html><body>not found</body></html>"))


def test_compressed_bodies_inflate_within_a_cap():
    assert inflate(gzip.compress(NEWS_SITEMAP), 10_000) == NEWS_SITEMAP
    assert inflate(NEWS_SITEMAP, 0) == NEWS_SITEMAP
    bomb = gzip.compress(b"<" * 5_000_000)
    with pytest.raises(BodyTooLarge):
        inflate(bomb, 1_000_000)
    with pytest.raises(BodyTooLarge):
        inflate(NEWS_SITEMAP, 100)
    with pytest.raises(ValueError):
        inflate(b"\x1f\x8b" + b"garbage" * 10, 10_000)


def test_feed_entries_with_dates():
    rss = b"""<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
    <item><title>A</title><link>https://n.example/a</link><pubDate>Wed, 13 Mar 2024 10:00:00 +0000</pubDate></item>
    <item><title>B</title><link>https://n.example/b</link></item></channel></rss>"""
    assert [(e.url, e.published) for e in read_feed(rss)] == [("https://n.example/a", date(2024, 3, 13)),
                                                              ("https://n.example/b", None)]
    atom = b"""<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>A</title>
    <link href="https://n.example/x"/><updated>2024-02-01T00:00:00Z</updated></entry></feed>"""
    assert [(e.url, e.published) for e in read_feed(atom)] == [("https://n.example/x", date(2024, 2, 1))]
    with pytest.raises(ValueError):
        read_feed(b"<html><body>no feed</body></html>")


# ------------------------------------------------------------------------------------------- identity


def test_rel_canonical_is_the_identity_and_declared_urls_only_on_the_same_site():
    page = "https://n.example/amp/story?utm_source=x"
    assert page_identity(page, "https://n.example/story?utm_source=feed", "https://n.example/other") \
        == "https://n.example/story"
    assert page_identity(page, None, "https://www.n.example/story") == "https://www.n.example/story"
    assert page_identity(page, None, "https://publisher.example/story") == page  # a syndicated copy's og:url
    assert page_identity(page, None, None) == page
    # the page's own URL declared: on its site without taking it apart, cleaned as any declared URL
    assert page_identity(page, None, page) == "https://n.example/amp/story"
    for broken in ("http://[x/story", "https://n.example/amp/story"):  # an unparsable one raises as before
        with pytest.raises(ValueError):
            page_identity("http://[x/story", None, broken)


def text(seed: str) -> str:
    return " ".join(f"{seed}{n} word{n * 7 % 13} other{n % 5}" for n in range(80))


def test_a_canonical_claimed_by_different_texts_is_not_trusted():
    trust = CanonicalTrust()
    section = "https://n.example/local/"
    first, second = text("alpha"), text("beta")
    assert trust.check("https://n.example/local/a", section, int(simhash_hex(first), 16), "h1") is None
    assert "different text" in trust.check("https://n.example/local/b", section, int(simhash_hex(second), 16), "h2")
    assert trust.check("https://n.example/local/c", section, None, "h3") is not None  # stays distrusted
    assert trust.check("https://n.example/world/x", "https://n.example/", None, "h4") == "names the home page"
    assert trust.check("https://n.example/x", "https://n.example/world/", None, "h5",
                       {"https://n.example/world/"}) == "names a listing page"
    # A print view with the same text and an AMP twin (whatever its text) keep their article's identity.
    assert trust.check("https://n.example/story", "https://n.example/story", 1, "s") is None
    assert trust.check("https://n.example/story-print", "https://n.example/story", 1, "s") is None
    assert trust.check("https://n.example/amp/story", "https://n.example/story", 2**60, "t") is None


def article(url: str, canonical: str, body: str) -> dict:
    return {"url": url, "canonical_url": canonical, "text": body, "simhash": simhash_hex(body),
            "content_hash": str(hash(body)), "page_type": "article"}


def test_identity_pipeline_keeps_strangers_and_drops_copies():
    pipeline = ArticleIdentityPipeline()
    story = "https://n.example/world/2024/03/13/harbour.html"
    kept = pipeline.process_item(article(story + "?print=1", story, text("x")))
    assert kept["canonical_url"] == story
    with pytest.raises(DropItem):
        pipeline.process_item(article(story, story, text("x")))
    with pytest.raises(DropItem):  # an AMP twin without rel=canonical, its article already handed on
        pipeline.process_item(article("https://n.example/amp/world/2024/03/13/harbour.html",
                                      "https://n.example/amp/world/2024/03/13/harbour.html", text("x")))
    section = "https://n.example/local/"
    a = pipeline.process_item(article("https://n.example/local/a-story-here", section, text("a")))
    b = pipeline.process_item(article("https://n.example/local/b-story-here", section, text("b")))
    assert a["canonical_url"] == section and b["canonical_url"] == "https://n.example/local/b-story-here"
    assert "not used as identity" in b["warnings"][0]


def test_spider_asks_for_articles_before_listings_and_cleans_urls():
    from crawler.spiders.news import NewsSpider

    spider = NewsSpider(start_urls="https://n.example/")
    article_request = spider.request_for(STORY + "?utm_source=x", "link", 1)
    listing_request = spider.request_for("https://n.example/world/?page=2", "link", 1)
    assert article_request.url == STORY
    assert article_request.priority > listing_request.priority
    assert spider.request_for(STORY, "link", 1) is None  # known
    assert spider.request_for(STORY + "?print=1", "link", 1) is None  # its print view
    twin = spider.request_for("https://n.example/amp/world/2024/03/14/ferry-timetable-out.html", "link", 1)
    assert twin.url == "https://n.example/world/2024/03/14/ferry-timetable-out.html"  # the article, not the twin
    assert twin.meta["variant_fallback"].startswith("https://n.example/amp/")


def test_spider_since_skips_dated_urls():
    from crawler.spiders.news import NewsSpider

    spider = NewsSpider(start_urls="https://n.example/", since="2024-03-14")
    assert spider.request_for(STORY, "link", 1) is None  # 2024-03-13 in its URL
    assert spider.request_for("https://n.example/undated-story", "sitemap", 1, published=date(2024, 3, 1)) is None
    assert spider.request_for("https://n.example/undated-story-2", "feed", 1, published=date(2024, 3, 15)) is not None


def test_identity_pipeline_drops_articles_published_before_since():
    class Spider:
        since = date(2024, 3, 14)

    pipeline = ArticleIdentityPipeline()
    a, b = "https://n.example/undated-a", "https://n.example/undated-b"
    old = {**article(a, a, text("o")), "published": "2024-03-01"}
    new = {**article(b, b, text("n")), "published": "2024-03-15"}
    with pytest.raises(DropItem):
        pipeline.process_item(old, Spider())
    assert pipeline.process_item(new, Spider()) is new


def page_with(head: str) -> bytes:
    body = "".join(f"<p>{text(str(n))[:400]}.</p>" for n in range(5))
    page = f"<html><head><title>A story</title>{head}</head><body><article><h1>A story</h1>{body}</article></body>"
    return (page + "</html>").encode()


def test_extracted_identity_prefers_rel_canonical_over_json_ld_and_og_url():
    from crawler.pagejob import PageExtractor

    extractor = PageExtractor(None)
    url = "https://n.example/amp/story-of-the-day"
    jsonld = '<script type="application/ld+json">{"@type": "NewsArticle", "url": "https://n.example/jsonld-url"}</script>'
    both = page_with(f'<link rel="canonical" href="/story-of-the-day?utm_source=amp">{jsonld}')
    assert extractor.extract(both, url)["canonical_url"] == "https://n.example/story-of-the-day"
    assert extractor.extract(page_with(jsonld), url)["canonical_url"] == "https://n.example/jsonld-url"
    foreign = page_with('<meta property="og:url" content="https://other.example/original">')
    assert extractor.extract(foreign, url)["canonical_url"] == url


def test_a_urls_shape_and_form_score_are_worked_out_once_for_its_many_questions() -> None:
    """A URL is scored when its link is found, again when its page is fetched, and its shape learned when the
    pipeline has classified it: each pure function runs once for it."""
    from crawler.spiders.discovery import url_shape

    url = "https://news.example/2024/03/16/a-story-scored-in-this-test-only.html"
    shapes, scores = url_shape.cache_info(), url_article_score.cache_info()
    score = ArticleUrlScore()
    first = score(url)
    assert score(url) == first
    score.learn(url, True)
    assert url_shape.cache_info().misses == shapes.misses + 1
    assert url_shape.cache_info().hits >= shapes.hits + 2
    assert url_article_score.cache_info().misses == scores.misses + 1
