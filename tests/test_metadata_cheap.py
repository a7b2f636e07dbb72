"""The metadata's cheap paths give what the line-by-line and walk-per-kind readers give (issue 16, a cheap worker):
a block without any credit word is not read line by line, one walk gathers <meta>, <link>, itemprop and <time>,
and the byline elements are searched for only when the structured sources name nobody."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from unittest import mock

from lxml import etree

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata import visible as visible_module
from crawler.extractors.metadata.byline import byline_names, editor_names, may_credit, origin_of
from crawler.extractors.metadata.markup import page_markup

CREDIT_LINES = ["By Jane Doe", "  by Jane Doe | Staff", "Par Jean Dupont", "Jane Smith | Staff writer",
                "作者：张三", "记者 李四", "文/王五", "佐藤花子 記者", "홍길동 기자", "责任编辑：王敏", "编辑/苏芳",
                "편집 김민수", "Edited by Ann Lee", "来源：新华社", "Source: Reuters", "Quelle: dpa"]


def test_every_credit_line_makes_its_block_a_credit_block():
    for line in CREDIT_LINES:
        assert byline_names(line.strip()) or editor_names(line.strip()) or origin_of(line.strip()), line
        assert may_credit(f"Home\nWorld news\n{line}\nShare this"), line


def test_blocks_without_a_credit_word_are_not_credit_blocks():
    for text in ("Home\nWorld\nSport", "Subscribe now", "Sign up for our newsletter", "2024-03-05 09:30",
                 "首页 新闻 体育"):
        assert not may_credit(text), text
    assert origin_of("Resources: none") is None


def test_one_walk_finds_what_each_walk_found():
    html = ("<html><head><meta property='og:title' content=' A '><meta name='author description' content='B'>"
            "<link rel='canonical' href='/a'><time datetime='2020-01-01'>x</time></head>"
            "<body itemscope itemprop='x'><div itemprop='author'><span itemprop='name'>Ann</span></div>"
            "<link rel='image_src' href='/i.png'><time datetime='2021-02-03' pubdate>y</time><time>no</time>"
            "<meta itemprop='datePublished' content='2021-02-03'></body></html>")
    root = etree.fromstring(html, etree.HTMLParser())
    body = root.find("body")
    markup = page_markup(root, body)
    assert markup.meta == {"og:title": ["A"], "author": ["B"], "description": ["B"]}
    assert markup.links == [(link.get("rel"), link.get("href")) for link in root.iter("link")]
    assert markup.itemprops == list(root.iterfind(".//*[@itemprop]"))
    assert markup.times == body.xpath(".//time[@datetime]")
    assert len(markup.itemprops) == 4 and len(markup.times) == 1


def test_byline_elements_are_not_searched_when_json_ld_names_the_author():
    page = ('<html><head><title>A story about the markets today</title><script type="application/ld+json">'
            '{"@type": "NewsArticle", "headline": "A story", "author": {"name": "Ann Lee"}}</script></head><body>'
            '<h1>A story about the markets today</h1><p class="byline">By Bob Marsh</p>'
            f'<p>{"Story text goes on. " * 30}</p></body></html>')
    doc = parse_html(page.encode(), "https://news.example/2024/03/05/story")
    with mock.patch("crawler.extractors.metadata.markup_byline") as search:
        metadata = extract_metadata(doc)
    assert metadata.authors == ["Ann Lee"] and metadata.sources["authors"] == "json-ld"
    search.assert_not_called()
    without = page.replace('"author": {"name": "Ann Lee"}', '"dateline": "x"')
    assert extract_metadata(parse_html(without.encode(), "https://news.example/2024/03/05/story")).authors == [
        "Bob Marsh"]


def test_scan_page_still_reads_a_credit_far_from_the_headline():
    page = (f'<html><body><h1>Headline of the story</h1><p>{"Story text goes on. " * 30}</p>'
            '<ul><li>Home</li><li>About us</li></ul><p>责任编辑：王敏</p></body></html>')
    doc = parse_html(page.encode(), "https://news.example/a")
    findings = visible_module.TextFindings()
    visible_module.scan_page(doc, datetime.now(timezone.utc), findings)
    assert findings.editors == ["王敏"]


# Pieces of hrefs: each profile address form, fragments, the separators around them and plain addresses.
HREF_PIECES = ["/members/jane.12/", "/u/bob", "/user/", "memberlist.php?mode=viewprofile&u=3", "member.php?u=7",
               "profile.php?id=9", "index.php?action=profile", "?action=profiles", ";action=profile", "#", "#top",
               "/news/today", "https://forum.example.org", "/Members/X", "&", "?", "/", "", "profile", "u=1",
               "memberlist.php?a=b#&mode=viewprofile", "/profile/12-ann", "u/bob", "members/x.1", "Profiles/ann",
               "ſ", "İ"]


def test_profile_links_found_in_the_joined_hrefs_are_each_hrefs_own_search():
    """``profile_links._profile_links`` searches the hrefs after the headline joined: it keeps the links whose own
    href the address pattern finds, each with its own search's match."""
    import random

    from crawler.extractors.metadata import profile_links

    rng = random.Random(7)
    for _ in range(300):
        root = etree.Element("div")
        headline = etree.SubElement(root, "h1")
        for _ in range(rng.randrange(0, 12)):
            etree.SubElement(root, "a", href="".join(rng.choice(HREF_PIECES) for _ in range(rng.randrange(0, 4))))
        links = list(root)[1:]
        expected = [(link, match) for link in links
                    if (match := profile_links.PROFILE_HREF_RE.search(link.get("href"))) is not None]
        found = profile_links._profile_links(headline)
        assert [link for link, _ in found] == [link for link, _ in expected]
        assert [(m.span(), m.group(0), m.group("slug")) for _, m in found] == \
            [(m.span(), m.group(0), m.group("slug")) for _, m in expected]


def test_hrefs_without_a_profile_word_are_not_searched_and_no_search_is_lost():
    """``profile_candidates`` passes over only hrefs the address pattern finds nothing in: a news page's links are not
    searched, and every random href that the pattern matches (any case) is a candidate."""
    import random

    from crawler.extractors.metadata import profile_links

    assert profile_links.profile_candidates(["/news/2024/03/story", "https://example.org/menu/", "/about-us/",
                                             "/menu/", "edu/"]) == []
    rng = random.Random(11)
    pieces = [*HREF_PIECES, "/MEMBERS/A.1/", "/U/Bob", "U/x", "#U/y", "USERS/z", "/menu/", "edu/", "Profile.PHP?ID=4",
              "space-uid-1001.html", "home.php?mod=space&uid=7", "HOME.PHP?MOD=SPACE&A=B&UID=3", "PROFİLE/ann",
              "uſer/bob"]
    hrefs = ["".join(rng.choice(pieces) for _ in range(rng.randrange(0, 4))) for _ in range(3000)]
    candidates = set(profile_links.profile_candidates(hrefs))
    matched = [index for index, href in enumerate(hrefs) if profile_links.PROFILE_HREF_RE.search(href)]
    assert len(matched) > 1000 and len(candidates) < len(hrefs)
    assert [hrefs[index] for index in matched if index not in candidates] == []


def test_every_profile_address_form_spells_a_profile_word():
    """``PROFILE_WORDS`` stays in step with ``PROFILE_FORMS``: each address form's pattern (and each path word of
    ``PROFILE_PATH``) spells one of the words, so no form is passed over by ``profile_candidates``."""
    from crawler.extractors.metadata import profile_links

    forms = [form.replace("\\", "").lower() for form in profile_links.PROFILE_FORMS.split("|") if form]
    path_words = re.search(r"\(\?:([a-z|]+)\)/", profile_links.PROFILE_PATH).group(1).split("|")
    words = profile_links.PROFILE_WORDS
    assert len(forms) >= 6 and "u" in path_words
    assert [form for form in forms if not any(word in form for word in words)] == []
    assert [word for word in path_words if not any(w.lstrip("/#") in f"{word}/" for w in words)] == []


H1_PAGE = """<html><head><title>Budget | Example</title></head><body>
<div style="display:none"><h1>Hidden headline</h1></div><noscript><h1>No script</h1></noscript>
<header><h1><a href="/">Example</a></h1></header><div hidden><h1>Hidden attribute</h1></div>
<main><article><h1>The council argues over the <span style="display:none">secret</span> new budget</h1>
<p>The council met on Tuesday evening to discuss the new budget, and members argued at length.</p></article></main>
<template><h1>Template</h1></template><aside><h1>The council argues over the new budget</h1></aside></body></html>"""


def test_the_parsed_h1s_less_those_the_walk_removed_are_the_trees_h1s():
    """``TextDocument.h1s`` keeps the h1 elements found at parse time and drops those the block walk removed: the
    same elements, in the same order, as a search of the tree as it stands, for the shown headline and the thread
    starter alike."""
    from crawler.extractors.metadata.profile_links import thread_starter
    from crawler.extractors.metadata.titles import visible_headline

    url = "https://news.example.org/politics/budget"
    for walk in (True, False):
        doc = parse_html(H1_PAGE, url, walk=walk)
        doc.blocks  # noqa: B018 - the walk removes the hidden ones
        searched = list(doc.root.iter("h1"))
        assert len(searched) < len(doc._parsed_h1s)  # the walk did remove some
        assert len(doc.h1s()) == len(searched) and all(a is b for a, b in zip(doc.h1s(), searched, strict=True))
        assert visible_headline(doc.root, url, "Example", doc.h1s()) == visible_headline(doc.root, url, "Example")
        assert thread_starter(doc.root, url, [], h1s=doc.h1s()) == thread_starter(doc.root, url, [])
    made = parse_html(H1_PAGE, url)
    made._parsed_h1s = None  # a document whose h1s were not gathered searches its tree
    assert [h.text_content() for h in made.h1s()] == [h.text_content() for h in made.root.iter("h1")]


# Pieces of class and id values: the other-story words, their neighbours and white space of several kinds.
MARK_PIECES = ["related", "Related", "RECENT", "posts", "-", "_", "x", " ", "\t", "\n", "\u00a0", "\u2003", "\x1c",
               "comments", "comment", "replies", "read-next", "more-stories", "sidebar", "trending", "popular",
               "disqus", "respond", "reply", "ſ", "İ", "relatedx", "a-related", "recirculation", "read"]


def test_the_other_story_mark_searched_at_once_is_any_tokens_match():
    """``in_other_story`` searches a class or id value at once (``OTHER_STORY_MARK_RE``): it finds a mark exactly when
    one of the value's tokens opens with an other-story word (``OTHER_STORY_TOKEN_RE`` of each token)."""
    import random

    from crawler.extractors.metadata.date_conflicts import OTHER_STORY_MARK_RE, OTHER_STORY_TOKEN_RE

    rng = random.Random(11)
    for _ in range(20_000):
        value = "".join(rng.choice(MARK_PIECES) for _ in range(rng.randrange(0, 6)))
        tokens = any(OTHER_STORY_TOKEN_RE.match(token) for token in value.split())
        assert (OTHER_STORY_MARK_RE.search(value) is not None) == tokens, repr(value)


def test_a_label_found_at_once_is_a_label_the_loop_would_follow():
    """``credit_lines._any_label`` (asked before the loops of ``label_then_name``) is true exactly when a text, stripped
    and casefolded as ``_named_after_label`` reads it, is a label: the loops it spares would follow none."""
    import random

    from crawler.extractors.metadata.credit_lines import LABELS_ALONE, STRONG_LABELS, _any_label

    pieces = ["Written", "written", "WRITTEN", " by", " By", "BY", "About the author", "Author", "作者", ":", "：",
              " ", "ſ", "İ", "Jane Doe", "authored by", "Word", "\n", "by"]
    rng = random.Random(5)
    for _ in range(5_000):
        texts = ["".join(rng.choice(pieces) for _ in range(rng.randrange(0, 4))) for _ in range(rng.randrange(0, 5))]
        for labels in (LABELS_ALONE, STRONG_LABELS):
            assert _any_label(texts, labels) == any(text.strip(" :：").casefold() in labels for text in texts), texts


def test_the_path_read_through_urlsplit_is_urlparses():
    """``titles._path`` (``urlsplit``, cached, then urlparse only for a path with ";") is ``urlparse(url).path``."""
    import random
    from urllib.parse import urlparse

    from crawler.extractors.metadata.titles import _path

    pieces = ["http://", "https://", "ftp://", "x.org", "/", ";", "a", "b;c", "?q=1;2", "#f;g", "//", ":80", "mailto:",
              ";p=1/", " ", "sip:"]
    rng = random.Random(1)
    for _ in range(20_000):
        url = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 7)))
        assert _path(url) == urlparse(url).path, url


def test_the_h1s_of_a_page_whose_text_is_revealed_from_noscript_are_the_revealed_trees():
    # A forum that serves its thread to script-less readers in <noscript> under an app shell: the walk parses the
    # page again with that part shown and the document's tree is the new one, whose h1 heads the thread.
    from crawler.extractors.document.parse import parse_html
    from crawler.extractors.metadata import extract_metadata

    post = "I have been thinking about how to value a company whose earnings grow faster than its sales. " * 6
    html = ("<html lang='en'><head><title>My take on valuation - Investing Forum</title>"
            "<meta property='og:title' content='My take on valuation'></head><body>"
            "<div id='app'><nav><a href='/'>Home</a></nav></div><noscript><div><div>"
            "<h1><a href='/t/my-take-on-valuation/105724'>My take on valuation</a></h1>"
            f"<div class='post'><h2>Peter Lynch and why you need to do research</h2><p>{post}</p></div>"
            "</div></div></noscript></body></html>")
    doc = parse_html(html, "https://forum.example.com/t/my-take-on-valuation/105724")
    doc.blocks  # noqa: B018 - walked (the noscript view revealed)
    assert [element.text_content() for element in doc.h1s()] == \
        [element.text_content() for element in doc.root.iter("h1")] == ["My take on valuation"]
    assert extract_metadata(doc).title == "My take on valuation"


def test_one_ascii_word_is_never_one_person_so_its_block_is_not_split():
    """``name_lines._may_be_one_person`` passes over one-word ASCII blocks without ``split_people``: its strict reading
    never keeps such a word whole (a visible name has a given name and a surname); names of two words or in other
    scripts are still split."""
    from crawler.extractors.metadata.name_lines import _may_be_one_person
    from crawler.extractors.metadata.people import split_people

    for word in ("Share", "Advertisement", "Jane", "O'Brien", "Smith,", "McDonald-Jones", "JANE", "A.", "de", "X"):
        assert not _may_be_one_person(word) and split_people(word) != [word], word
    for name in ("Jane Doe", "Иван Петров", "张三", "Émile Zola"):
        assert _may_be_one_person(name), name
    assert split_people("Jane Doe") == ["Jane Doe"] and split_people("张三") == ["张三"]


def test_a_markup_title_that_is_no_site_name_is_kept_without_reading_the_address():
    """``site_name_title`` reads the page's address (whether it is below the home page) only for a markup title that
    is the site's name; a shop's og:title left at its name is still replaced by the <title>'s headline."""
    from crawler.extractors.metadata import titles

    head = "Blue Kettle 1.7 l | Acme Shop"
    with mock.patch.object(titles, "_path", side_effect=AssertionError("address read")):
        assert titles.site_name_title("Blue Kettle 1.7 l", head, "Acme Shop", "https://shop.example/kettle") is None
    assert titles.site_name_title("Acme Shop", head, "Acme Shop", "https://shop.example/kettle") == "Blue Kettle 1.7 l"
    assert titles.site_name_title("Acme Shop", head, "Acme Shop", "https://shop.example/") is None
