"""Site pages (about, contact, legal, careers, login; search-result, tag and author listings) are not articles,
and real articles whose URL or title carries one of those words stay articles (crawler.pagejob.sitepages)."""

from __future__ import annotations

import pytest

from crawler.extractors import parse_html
from crawler.pagejob.pagetypes import classify_page

NAV = "<nav>" + " ".join(f"<a href='/s{i}'>Section {i}</a>" for i in range(8)) + "</nav>"
FOOTER = ("<footer><a href='/about/'>About us</a> <a href='/contact/'>Contact</a> "
          "<a href='/privacy-policy/'>Privacy</a></footer>")
# Running text of a site's own page: a policy or an about page is as long as a story.
POLICY = ("<p>We collect the information you give us when you register, subscribe to a newsletter or write to "
          "the newsroom, and we keep it only as long as the law requires or the service needs it.</p>") * 8
STORY = ("<p>The council met on Tuesday evening to discuss the new budget, and members argued at length "
         "about the harbour, the schools and the price of the new tram line through the old town.</p>") * 8
ZH_TEXT = "<p>" + "本网站由示例新闻集团主办，致力于为读者提供及时、准确、全面的新闻资讯服务。" * 6 + "</p>"
ZH_STORY = "<p>" + "本报讯 记者从市交通局获悉，今年我市将新增二十公里自行车道，并加强个人信息保护。" * 8 + "</p>"
WORDPRESS_PAGE_HEAD = '<meta property="og:type" content="article">'  # Yoast marks every page so
NEWS_ARTICLE = ('<meta property="og:type" content="article">'
                '<meta property="article:published_time" content="2024-05-02T08:00:00Z">'
                '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-05-02"}'
                '</script>')


def page(title: str, body: str, head: str = "", h1: str | None = None) -> str:
    heading = f"<h1>{h1 if h1 is not None else title.split(' | ')[0]}</h1>"
    return (f"<html><head><title>{title}</title>{head}</head><body>{NAV}<main>{heading}{body}</main>"
            f"{FOOTER}</body></html>")


def kind_of(html: str, url: str) -> tuple[str, str]:
    result = classify_page(parse_html(html, url), url)
    return result.kind, result.reason()


@pytest.mark.parametrize(("name", "url", "html"), ids=lambda value: value[:60], argvalues=[
    # the site's own pages, named by their URL and their title, long text or short
    ("about page", "https://news.example/about-us/", page("About us | Example News", POLICY, WORDPRESS_PAGE_HEAD)),
    ("contact page", "https://news.example/contact/", page("Contact us - Example News", "<p>Write to us.</p>")),
    ("legal page", "https://news.example/privacy-policy/", page("Privacy Policy | Example News", POLICY)),
    ("legal page", "https://news.example/legal/terms-of-service.html", page("Terms of Service", POLICY)),
    ("legal page", "https://news.example.de/impressum", page("Impressum – Beispiel Zeitung", POLICY)),
    ("careers page", "https://news.example/careers/", page("Careers | Example News", POLICY)),
    ("login page", "https://news.example/login/", page("Log in | Example News", "<p>Your e-mail</p>")),
    # named only by the title (the URL is an id), or only by the URL (the title is the site's)
    ("about page", "https://news.example/page/17", page("About | Example News", POLICY)),
    ("legal page", "https://news.example/disclaimer.html", page("Example News", POLICY, h1="")),
    # declared type of this very page
    ("contact page", "https://news.example/p/5",
     page("Example News", POLICY, '<script type="application/ld+json">{"@type": "ContactPage"}</script>', h1="")),
    # Chinese sites: title words and pinyin paths
    ("about page", "https://news.example.cn/guanyuwomen.html", page("关于我们_示例新闻网", ZH_TEXT)),
    ("contact page", "https://news.example.cn/html/5.html", page("联系我们 - 示例新闻网", ZH_TEXT)),
    ("legal page", "https://news.example.cn/html/6.html", page("免责声明_示例新闻网", ZH_TEXT)),
    ("legal page", "https://news.example.cn/html/7.html", page("隐私政策 | 示例新闻网", ZH_TEXT)),
    # pinyin initials of 联系我们 in the path, the title only the site's name
    ("contact page", "https://news.example.cn/lxwm/index.shtml", page("示例新闻网", ZH_TEXT, h1="")),
])
def test_site_pages_are_not_articles(name: str, url: str, html: str) -> None:
    kind, reason = kind_of(html, url)
    assert kind == "site" and reason.startswith(f"{name}: "), reason


@pytest.mark.parametrize(("name", "url", "html"), ids=lambda value: value[:60], argvalues=[
    # listings that show whole posts have as much text as a story
    ("search results page", "https://news.example/?s=harbour", page("Search results for “harbour” | Example News",
                                                                    STORY, WORDPRESS_PAGE_HEAD)),
    ("search results page", "https://news.example/search/", page("You searched for harbour - Example News", STORY)),
    ("tag page", "https://news.example/tag/harbour/", page("harbour Archives - Example News", STORY)),
    ("tag page", "https://news.example/blog/label/harbour", page("Example News: harbour", STORY)),
    ("author page", "https://news.example/author/jane-doe/", page("Jane Doe, Author at Example News", STORY)),
    ("author page", "https://news.example/people/17", page("Posts by Jane Doe | Example News", STORY)),
    ("search results page", "https://news.example.cn/so.html", page("搜索结果：港口 - 示例新闻网", ZH_STORY)),
])
def test_search_tag_and_author_pages_are_listings(name: str, url: str, html: str) -> None:
    kind, reason = kind_of(html, url)
    assert kind == "listing" and reason.startswith(f"{name}: "), reason


@pytest.mark.parametrize(("url", "html"), ids=lambda value: value[:60], argvalues=[
    # the word is in the story's slug or headline, not the page's name
    ("https://news.example/2024/05/02/privacy-rules-tighten-for-phone-apps.html",
     page("Privacy rules tighten for phone apps | Example News", STORY)),
    ("https://news.example/2024/05/03/contact-lost-with-lunar-probe.html",
     page("Contact lost with lunar probe - Example News", STORY)),
    ("https://news.example/business/careers-fair-draws-record-crowd", page("Careers fair draws record crowd", STORY)),
    ("https://news.example/world/search-for-missing-climbers-resumes",
     page("Search for missing climbers resumes | Example News", STORY)),
    ("https://news.example/politics/privacy-what-the-new-law-means",
     page("Privacy: what the new law means | Example News", STORY)),
    ("https://news.example/arts/museum-opens-its-archives", page("Museum opens its archives", STORY)),
    ("https://news.example/topics/politics/mayor-wins-second-term-in-landslide",
     page("Mayor wins second term in landslide", STORY)),
    # a film review titled like a site page, at a URL named like one, says it is an article
    ("https://news.example/reviews/contact", page("Contact | Film reviews | Example News", STORY, NEWS_ARTICLE)),
    # a story filed under a dated "about" path
    ("https://news.example/2024/05/04/about/", page("About last night | Example News", STORY, NEWS_ARTICLE)),
    ("https://news.example.cn/2024/05/06/123456.html", page("新规加强个人隐私保护_示例新闻网", ZH_STORY)),
])
def test_articles_named_with_site_words_stay_articles(url: str, html: str) -> None:
    kind, reason = kind_of(html, url)
    assert kind == "article", reason


def test_a_contact_page_declared_for_the_whole_site_says_nothing_about_this_page() -> None:
    # forum software puts the site's ContactPage node on every thread
    site_node = '<script type="application/ld+json">{"@type": "ContactPage", "url": "https://forum.example/contact/"}' \
                "</script>"
    kind, reason = kind_of(page("Which case fits a 360 mm radiator?", STORY, site_node),
                           "https://forum.example/topic/1234-which-case-fits-a-360-mm-radiator/")
    assert kind == "article", reason


def test_a_page_without_a_url_is_not_taken_for_a_home_page() -> None:
    kind, reason = kind_of(page("Budget vote ends in a tie", STORY), "")
    assert kind == "article" and "URL" not in reason, reason


def test_a_title_without_separator_is_its_own_single_part_normalised_once():
    # page_names takes a title that no separator splits as its one part, normalised as the whole is.
    from crawler.pagejob.sitepages import PageName, page_names

    doc = parse_html("<html><head><title>  Privacy\u2019s   POLICY!  </title></head><body><h1>Harbour | News</h1>"
                     "<p>Some text of the page for a block.</p></body></html>", "https://example.com/x")
    names = page_names(doc)
    assert names[0] == PageName("privacy's policy", ("privacy's policy",))
    assert names[1] == PageName("harbour | news", ("harbour", "news"))


def _plain_normal_name(text: str) -> str:
    """normal_name as first written, with its two regexes."""
    import re

    text = re.sub(r"\s+", " ", text.replace("\u2019", "'").casefold()).strip()
    return re.sub(r"^[\W_]+|[\W_]+$", "", text)


@pytest.mark.slow
def test_normal_name_equals_its_regex_form_on_every_character():
    from crawler.pagejob.sitepages import normal_name

    characters = [chr(code) for code in [*range(0xD800), *range(0xE000, 0x10000), 0x1D7CE, 0x1F600, 0x20000]]
    for character in characters:
        for text in (f"{character}", f"{character}About us{character}", f"_{character} 2024 {character}_",
                     f" \u00a0{character}\n", f"x{character}y"):
            assert normal_name(text) == _plain_normal_name(text), repr(text)
    odd = ["", " ", "___", "--About--", "_About_", "« Privacy Policy »", "Contact\n", "2024", "  a  b  ", "’s’",
           "\u3000关于我们\u3000", "Über uns!", "tag: harbour…"]
    assert [normal_name(text) for text in odd] == [_plain_normal_name(text) for text in odd]


def _plain_site_page_of(doc, url, types, og_type):
    """``site_page_of`` as first written: a SitePage for every class, every URL segment tried for parent words."""
    from crawler.pagejob import sitepages as sp

    def url_evidence(page_class, segments, query):
        if page_class.path_words and segments:
            last = segments[-1]
            if last in page_class.path_words or last.replace("-", "") in page_class.path_words:
                return f"URL path '{last}'"
        for index, segment in enumerate(segments):
            rest = segments[index + 1:]
            if segment in page_class.parent_words and len(rest) <= sp.MAX_SEGMENTS_AFTER_PARENT \
                    and not any(sp.STORY_SLUG_RE.fullmatch(part) for part in rest):
                return f"URL path '{segment}/'"
        if page_class.name == "search results page" and (
                (segments and segments[-1] in page_class.path_words) or set(query) & sp.SEARCH_QUERY_KEYS):
            return f"search query '{sorted(set(query) & sp.SEARCH_QUERY_KEYS)[0]}='"
        return None

    names = sp.page_names(doc)
    declared_types = sp.own_schema_types(doc, url) if types & sp.SITE_SCHEMA_TYPES else set()
    segments, query = sp._path_segments(url) if url else ([], {})
    best = None
    for page_class in sp.SITE_PAGE_CLASSES:
        found = sp.SitePage(page_class.name, page_class.kind, 0.0)
        declared = declared_types & page_class.schema_types
        if declared or (page_class.name == "author page" and og_type == "profile"):
            found.evidence += sp.SITE_SCHEMA_WEIGHT
            found.reasons.append(f"declared type {sorted(declared)[0] if declared else 'og:profile'}")
        by_url = url_evidence(page_class, segments, query) if url else None
        if by_url:
            found.evidence += sp.SITE_URL_WEIGHT
            found.reasons.append(by_url)
        by_title = sp._title_evidence(page_class, names)
        if by_title:
            found.evidence += sp.SITE_TITLE_WEIGHT
            found.reasons.append(by_title)
        if found.evidence and (best is None or found.evidence > best.evidence):
            best = found
    if best is None or best.evidence < sp.MIN_SITE_EVIDENCE:
        return None
    claims, claim_reasons = sp.article_claims(doc, url, types, og_type)
    if claims >= best.evidence:
        return None
    if claim_reasons:
        best.reasons.append(f"outweighs {', '.join(claim_reasons)}")
    return best


def test_site_page_of_equals_its_plain_reading_on_pages_of_every_class() -> None:
    from crawler.pagejob.pagetypes import _meta, _schema_types
    from crawler.pagejob.sitepages import SITE_PAGE_CLASSES, site_page_of

    urls, titles = ["https://news.example.com/2024/05/02/council-budget-vote-delayed-again.html",
                    "https://news.example.com/", "https://news.example.com/?s=harbour"], ["Council vote | Example"]
    for page_class in SITE_PAGE_CLASSES:
        for word in sorted(page_class.path_words)[:3] + sorted(page_class.parent_words)[:2]:
            urls += [f"https://news.example.com/{word}/", f"https://news.example.com/{word}/harbour/page/2",
                     f"https://news.example.com/{word}/mayor-wins-second-term-in-landslide"]
        titles += [f"{title} | Example" for title in sorted(page_class.titles)[:3]]
        titles += [f"{prefix} harbour" for prefix in page_class.title_prefixes[:2]]
        titles += [f"harbour{suffix}" for suffix in page_class.title_suffixes]
    # Dated URLs whose last segment names a site page: the article's claims that need no markup (a date, a type,
    # og:type) against a URL and a title that name one (site_page_of skips the names when the claims reach both).
    urls += [f"https://news.example.com/2024/05/02/{sorted(page_class.path_words)[0]}/"
             for page_class in SITE_PAGE_CLASSES if page_class.path_words]
    article_type = '<script type="application/ld+json">{"@type": "NewsArticle"}</script>'
    # a declared site type (or og:profile) weighs more than a URL and a title: the names are read then
    declared_too = ('<meta property="og:type" content="profile"><script type="application/ld+json">'
                    '{"@type": ["NewsArticle", "AboutPage", "ProfilePage"]}</script>')
    compared = 0
    for url in urls:
        for title, head, body in ((titles[len(urls) % len(titles)], "", POLICY), (titles[0], NEWS_ARTICLE, STORY),
                                  *((title, WORDPRESS_PAGE_HEAD, POLICY) for title in titles[::7]),
                                  *((title, NEWS_ARTICLE, POLICY) for title in titles[3::11]),
                                  *((title, article_type, POLICY) for title in titles[5::11]),
                                  *((title, declared_too, POLICY) for title in titles[1:3] + titles[::13])):
            doc = parse_html(page(title, body, head), url)
            types, og_type = _schema_types(doc), _meta(doc, "og:type")
            assert site_page_of(doc, url, types, og_type) == _plain_site_page_of(doc, url, types, og_type), (url, title)
            compared += 1
    assert compared > 600


def test_a_url_that_names_no_class_has_no_url_evidence_for_any() -> None:
    # site_page_of asks _url_evidence of each class only when _url_names_a_class says the URL may name one.
    from crawler.pagejob.sitepages import (
        SEARCH_QUERY_KEYS,
        SITE_PAGE_CLASSES,
        _path_segments,
        _url_evidence,
        _url_names_a_class,
    )

    words = sorted(set().union(*(c.path_words | c.parent_words for c in SITE_PAGE_CLASSES)))
    paths = ["", "/", "/2024/05/02/council-budget-vote.html", "/news/harbour/", "/index.html", "/a-b/c-d/e-f-g-h-i"]
    for word in words:
        hyphened = f"{word[:2]}-{word[2:]}"  # a hyphen the path words do not have
        paths += [f"/{word}/", f"/{word}/harbour/page/2", f"/{word}/mayor-wins-second-term-in-landslide", f"/x/{word}",
                  f"/{hyphened}.html", f"/{word}/index.php", f"/{word.upper()}_X/"]
    queries = ["", "?id=5", "?page=2", *(f"?{key}=harbour" for key in sorted(SEARCH_QUERY_KEYS)), "?s=", "?S=x"]
    named, missed = 0, []
    for path in paths:
        for query in queries:
            segments, keys = _path_segments(f"https://news.example.com{path}{query}")
            evidence = [_url_evidence(page_class, segments, keys) for page_class in SITE_PAGE_CLASSES]
            named += any(evidence)
            missed += [(path, query)] * (any(evidence) and not _url_names_a_class(segments, keys))
    assert missed == []
    assert named > 1000
