"""The links a page names about itself (``crawler.spiders.pagelinks``): rel=next/prev parts, the AMP twin and the
feeds in ``<link>`` tags, found by byte searches of the page in any case. Each answer is checked against the
tag-by-tag regexes the module used before (a ``<link ...>`` or ``<a ...>`` start tag up to its first ``>``)."""

from __future__ import annotations

import random
import re
from urllib.parse import urldefrag

import pytest
from scrapy.http import HtmlResponse

from crawler.kernels.pagescan import names_next_or_previous
from crawler.spiders.discovery import FEED_TYPES
from crawler.spiders.pagelinks import head_links, page_urljoin, rel_links, tag_attributes

URL = "https://news.example/2024/03/story.html"

# The reference: every start tag of the kind matched by a regex of the lowered page, left to right.
REFERENCE_REL_TAG = re.compile(rb"""<(link|a)\s[^>]*?\brel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)[^>]*>""")
REFERENCE_LINK_TAG = re.compile(rb"<link\s[^>]*>")


def reference_rel_links(response: HtmlResponse, *rels: str) -> list[str]:
    wanted = {rel.lower() for rel in rels}
    body = response.body
    tags = []
    for match in REFERENCE_REL_TAG.finditer(body.lower()):
        attributes = tag_attributes(body[match.start() : match.end()].decode(response.encoding, "replace"),
                                    len(match.group(1)))
        href = attributes.get("href", "").strip()
        if href and wanted & set(attributes.get("rel", "").lower().split()):
            tags.append((match.group(1), href))
    hrefs = [href for name, href in tags if name == b"link"] + [href for name, href in tags if name == b"a"]
    return [urldefrag(page_urljoin(response, href))[0] for href in hrefs]


def reference_head_links(response: HtmlResponse, rel: str, types: tuple[str, ...] = ()) -> list[str]:
    body = response.body
    urls = []
    for match in REFERENCE_LINK_TAG.finditer(body.lower()):
        if rel.encode() not in match.group(0):
            continue
        attributes = tag_attributes(body[match.start() : match.end()].decode(response.encoding, "replace"), 4)
        if rel not in attributes.get("rel", "").lower().split():
            continue
        if types and attributes.get("type", "").lower().split(";")[0].strip() not in types:
            continue
        href = attributes.get("href", "").strip()
        if href:
            urls.append(urldefrag(page_urljoin(response, href))[0])
    return urls


def respond(body: str | bytes) -> HtmlResponse:
    return HtmlResponse(URL, body=body.encode() if isinstance(body, str) else body, encoding="utf-8")


@pytest.mark.parametrize(("body", "expected"), [
    ('<link rel="next" href="story-2.html">', ["https://news.example/2024/03/story-2.html"]),
    ('<LINK REL="NEXT" HREF="story-2.html">', ["https://news.example/2024/03/story-2.html"]),
    ("<link rel='next' href='story-2.html'>", ["https://news.example/2024/03/story-2.html"]),
    ("<link rel=next href=story-2.html>", ["https://news.example/2024/03/story-2.html"]),
    ('<a class="pager" rel="nofollow Next" href="/p/2#top">more</a>', ["https://news.example/p/2"]),
    ('<A\nHREF="/p/2"\nREL = "next">more</A>', ["https://news.example/p/2"]),
    ('<a title="x < y" rel="next" href="/p/2">', ["https://news.example/p/2"]),
    ('<a href="/p/1" title="a > b" rel="next">', []),  # the tag ends at its first ">", as the regexes read it
    ('<a href="/p/1" rel="next" title="a > b">', ["https://news.example/p/1"]),
    ('<a data-rel="next" href="/p/2">', []),
    ('<a rel="nextpage" href="/p/2">', []),
    ('<a rel="next">no href</a>', []),
    ('<div rel="next" href="/p/2">', []),
    ('<abbr rel="next" href="/p/2">', []),
    ('<a rel="related" href="/b.html">next story</a>', []),
    ('<script>var s = \'<a rel="next" href="/in/script">\';</script>', ["https://news.example/in/script"]),
    ('<a href="/p/2" rel="next"><link rel="next" href="/p/3">',
     ["https://news.example/p/3", "https://news.example/p/2"]),  # <link> first, then <a>
    ('<a rel="next" rel="prev" href="/p/2">', ["https://news.example/p/2"]),
    ('<a rel="prev" href="/p/0"> <a rel="next" href="/p/2">', ["https://news.example/p/2"]),
])
def test_rel_links_find_next_parts_in_link_and_anchor_tags_in_any_case_and_quoting(body: str,
                                                                                  expected: list[str]) -> None:
    page = f"<html><head><title>t</title></head><body>{body}</body></html>"
    assert rel_links(respond(page), "next") == expected
    assert rel_links(respond(page), "next") == reference_rel_links(respond(page), "next")


def test_rel_links_find_previous_parts_by_either_word() -> None:
    page = ("<html><body><a rel='PREV' href='/p/1'>back</a><link rel=\"previous\" href=\"/p/0\">"
            "<a rel=prev>no href</a></body></html>")
    assert rel_links(respond(page), "prev", "previous") == ["https://news.example/p/0", "https://news.example/p/1"]


@pytest.mark.parametrize(("body", "expected"), [
    ('<link rel="amphtml" href="amp/story.html">', ["https://news.example/2024/03/amp/story.html"]),
    ('<LINK REL="AmpHtml" HREF="/amp/story.html">', ["https://news.example/amp/story.html"]),
    ("<link href='/amp/story.html' rel='amphtml'>", ["https://news.example/amp/story.html"]),
    ("<link\trel=amphtml\nhref=/amp/story.html />", ["https://news.example/amp/story.html"]),
    ('<link rel="amphtml">', []),
    ('<link rel="amphtml-ish" href="/x">', []),
    ('<link title="amphtml" rel="canonical" href="/x">', []),
    ('<a rel="amphtml" href="/amp/story.html">', []),  # <link> tags only
    ('<meta name="amphtml" content="/x"><script>var rel = "amphtml";</script>', []),
    ('<linker rel="amphtml" href="/x">', []),
    ('<link rel="amphtml" title="a<b" href="/amp/1"><link rel="amphtml" href="/amp/2">',
     ["https://news.example/amp/1", "https://news.example/amp/2"]),
    ('<link rel="x"> rel="amphtml" href="/amp/outside">', []),  # after the tag's end
    ('<link rel="amphtml" href="/amp/1" data-x="amphtml">', ["https://news.example/amp/1"]),  # once a tag
])
def test_head_links_find_the_amp_twin_in_link_tags_in_any_case_and_quoting(body: str, expected: list[str]) -> None:
    page = f"<html><head>{body}</head><body><p>text</p></body></html>"
    assert head_links(respond(page), "amphtml") == expected
    assert head_links(respond(page), "amphtml") == reference_head_links(respond(page), "amphtml")


def test_head_links_find_feeds_by_rel_and_type() -> None:
    page = """<html><head>
    <link rel="alternate" hreflang="fr" href="/fr/">
    <LINK REL="ALTERNATE" TYPE="application/RSS+xml; charset=utf-8" HREF="/feed.xml" title="RSS">
    <link rel='alternate' type='application/atom+xml' href='/atom.xml'>
    <link rel="alternate" type="text/html" href="/other.html">
    <link rel="alternate stylesheet" type="application/rss+xml" href="/styled.xml">
    </head><body><a rel="alternate" type="application/rss+xml" href="/not-a-link-tag.xml">rss</a></body></html>"""
    expected = ["https://news.example/feed.xml", "https://news.example/atom.xml", "https://news.example/styled.xml"]
    assert head_links(respond(page), "alternate", FEED_TYPES) == expected
    assert head_links(respond(page), "alternate", FEED_TYPES) == reference_head_links(respond(page), "alternate",
                                                                                     FEED_TYPES)


def test_a_tag_cut_off_at_the_end_of_the_page_names_nothing() -> None:
    assert rel_links(respond('<p>x</p><a rel="next" href="/p/2"'), "next") == []
    assert head_links(respond('<p>x</p><link rel="amphtml" href="/amp/1"'), "amphtml") == []
    # without its own ">", a tag runs to the next one's
    assert head_links(respond('<link rel="amphtml" href="/amp/1" <b>'), "amphtml") == ["https://news.example/amp/1"]


def test_pages_name_a_next_or_previous_part_in_any_case() -> None:
    assert names_next_or_previous(b'<link rel="next" href="/a-2.html">')
    assert names_next_or_previous(b'<A REL="NEXT" HREF="/a-2.html">')
    assert names_next_or_previous(b"<a rel = 'Nofollow Prev' href=/a.html>")
    assert not names_next_or_previous(b'<a rel="related" href="/b.html">Next story</a>')


FRAGMENTS = ['<link rel="next" href="/n1">', "<LINK REL=NEXT HREF=/n2>", "<a rel='prev' href='/p1'>", "<A REL=Next>",
             '<a href="/x" rel="nofollow next">', '<link rel="amphtml" href="/amp">', "<LINK REL='AMPHTML' HREF=/a2>",
             '<link rel="alternate" type="application/rss+xml" href="/f.xml">', '<a data-rel="next" href="/d">',
             "<p>next and prev and rel= and amphtml</p>", "<a title='a > b' rel=next href=/t>", "<a ", "<link ",
             "<", ">", " rel=next ", " rel='amphtml' ", ' href="/h" ', "<div rel=next>", "<b>x</b>", "\n",
             '<script>"<a rel=next href=/s>"</script>', "<a\trel=prev\thref=/tab>", "<link\n", "xrel=next "]


def test_random_pages_get_the_answers_of_the_tag_regexes() -> None:
    """Fragments in random orders (tags cut off, stray brackets, rel words outside tags): every question gets
    the answer the tag-by-tag regexes give."""
    chooser = random.Random(16)
    for _ in range(400):
        page = "".join(chooser.choice(FRAGMENTS) for _ in range(chooser.randint(1, 14)))
        response = respond(page)
        assert rel_links(response, "next") == reference_rel_links(response, "next"), page
        assert rel_links(response, "prev", "previous") == reference_rel_links(response, "prev", "previous"), page
        assert head_links(response, "amphtml") == reference_head_links(response, "amphtml"), page
        assert head_links(response, "alternate", FEED_TYPES) == reference_head_links(response, "alternate",
                                                                                      FEED_TYPES), page


BASE_PAGES = [
    ("utf-8", '<html><head><title>x</title></head><body><a href="a.html">a</a></body></html>'),
    ("utf-8", '<html><head><BASE HREF="https://cdn.example/news/"></head><body>é</body></html>'),
    ("utf-8", '<html><head><base target="_blank"></head><body></body></html>'),  # a <base> without href
    ("utf-8", "<html><head>" + "\U0001f600" * 4000 + '<base href="/deep/"></head></html>'),  # near 16 KB of bytes
    ("cp1252", '<html><head><base href="/archive/"><title>caf\xe9</title></head></html>'),
    ("gb18030", '<html><head><title>新闻</title><base href="https://news.example/zh/"></head></html>'),
    ("gb18030", "<html><head><title>新闻</title></head><body>正文</body></html>"),
    ("utf-16", '<html><head><base href="https://other.example/"></head></html>'),  # not ASCII bytes: decoded
    ("utf-7", '<html><head><base href="https://other.example/"></head></html>'),  # "<" may be written "+ADw-"
]


@pytest.mark.parametrize(("encoding", "page"), BASE_PAGES)
def test_base_url_is_scrapys_whether_or_not_the_page_declares_a_base(encoding: str, page: str) -> None:
    from scrapy.utils.response import get_base_url as scrapys_base_url

    from crawler.spiders.pagelinks import base_url

    body = page.encode(encoding)
    if encoding == "utf-7":
        body = body.replace(b"<", b"+ADw-")
    response = HtmlResponse(URL + "?q=caf%C3%A9", body=body, encoding=encoding)
    assert base_url(response) == scrapys_base_url(
        HtmlResponse(URL + "?q=caf%C3%A9", body=body, encoding=encoding))


def test_a_page_without_base_bytes_in_an_ascii_encoding_is_not_read_for_one(monkeypatch) -> None:
    """The shortcut: no "<base" (any case) in the first BASE_SCAN_BYTES bytes of a page whose encoding writes
    ASCII as itself means no <base>: the page is neither decoded nor searched by w3lib."""
    from crawler.spiders import pagelinks

    def unexpected(*args: object, **kwargs: object) -> str:
        raise AssertionError("the page was read for a <base>")

    monkeypatch.setattr(pagelinks, "get_base_url", unexpected)
    monkeypatch.setattr(pagelinks, "response_base_url", unexpected)
    for encoding in ("utf-8", "cp1252", "gb18030"):
        response = HtmlResponse(URL, body='<html><head><title>caf\xe9</title></head></html>'.encode(encoding),
                                encoding=encoding)
        assert pagelinks.base_url(response) == URL
        assert page_urljoin(response, "../a.html") == "https://news.example/2024/a.html"


# URLs as links and sitemaps give them: spaces, non-ASCII paths and queries, stray and escaped percents, brackets.
UNSAFE_URL_PARTS = ["a b", "caf\xe9", "%zz", "%", "%E4", "%2f", "\u65b0\u95fb", "[x]", "a|b{c}", "?q=\xfc&r=a b",
                    "#frag ment", "'\"<>", "\\", "%25", "+", "\xa0", "~user", "?q=%C3%A9"]


def test_the_page_url_of_its_own_request_is_taken_as_scrapy_made_it_safe(monkeypatch) -> None:
    """A response to its own request (Scrapy made the URL safe when the request was built, and safe_url_string
    leaves a safe URL as it is) is not escaped again; a response without one, to another URL, or to a verbatim
    request is. Either way the base URL is Scrapy's, over URLs of every kind."""
    from scrapy.http import Request
    from scrapy.utils.response import get_base_url as scrapys_base_url

    from crawler.spiders import pagelinks

    chooser = random.Random(7)
    escaped = []
    real_safe_url_string = pagelinks.safe_url_string

    def counted(url: str, *args: object, **kwargs: object) -> str:
        escaped.append(url)
        return real_safe_url_string(url, *args, **kwargs)

    monkeypatch.setattr(pagelinks, "safe_url_string", counted)
    body = b"<html><head><title>x</title></head><body>x</body></html>"
    for _ in range(300):
        url = "https://news.example/" + "".join(chooser.choice(UNSAFE_URL_PARTS) for _ in range(chooser.randint(0, 5)))
        request = Request(url)
        for response, escapes in [
            (HtmlResponse(request.url, body=body, encoding="utf-8", request=request), False),
            (HtmlResponse(url, body=body, encoding="utf-8"), True),
            (HtmlResponse(url + "?other", body=body, encoding="utf-8", request=request), True),
            (HtmlResponse(url, body=body, encoding="utf-8", request=Request(url, meta={"verbatim_url": True})), True),
        ]:
            escaped.clear()
            assert pagelinks.base_url(response) == scrapys_base_url(response), url
            assert bool(escaped) is escapes, url
