"""The page type's cheaper readings against the plain ones they replace: the JSON-LD types read once with the
metadata (``jsonld.declared_types``), and the <meta> og:type / og:title read only when the metadata's walk has the key
(``pagetypes._meta``, ``sitepages.page_titles``)."""

from __future__ import annotations

import json

from crawler.extractors import parse_html
from crawler.extractors.document import jsonld
from crawler.extractors.document.jsonld import DECLARED_TYPES_CACHE, article_objects, declared_types, parse_json_ld
from crawler.pagejob import sitepages
from crawler.pagejob.pagetypes import _meta, _schema_types, classify_page

PARAGRAPH = "<p>The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>"
ARTICLE_URL = "https://news.example.org/politics/council-argues-over-the-new-budget"


def page(head: str, body: str = PARAGRAPH * 10) -> str:
    return f"<html><head><title>Budget | Example</title>{head}</head><body><h1>Budget</h1>{body}</body></html>"


def ld(text: str) -> str:
    return f'<script type="application/ld+json">{text}</script>'


def _plain_schema_types(texts: list[str]) -> set[str]:
    """``pagetypes._schema_types`` as first written: json.loads of each script, a broken one skipped."""
    types: set[str] = set()

    def collect(node: object) -> None:
        if isinstance(node, dict):
            kind = node.get("@type")
            for value in kind if isinstance(kind, list) else [kind]:
                if isinstance(value, str):
                    types.add(value.lower().rsplit("/", 1)[-1])
            graph = node.get("@graph")
            if graph is not None:
                collect(graph)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    for raw in texts:
        try:
            collect(json.loads(raw))
        except ValueError:
            continue
    return types


# Scripts strict JSON reads: the types are the plain reading's, whether or not the metadata read them first.
STRICT_SCRIPTS = [
    '{"@context": "https://schema.org", "@type": "NewsArticle", "author": {"@type": "Person", "name": "A"}}',
    '{"@graph": [{"@type": "WebSite"}, {"@type": ["https://schema.org/BlogPosting", 3]}, {"@graph": '
    '[{"@type": "ItemList"}]}]}',
    '[{"@type": "schema:CollectionPage"}, {"@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem"}]}]',
    '{"@type": null, "mainEntity": {"@type": "Article"}}',
    '"just a string"',
]
# Scripts only the metadata's repairs read, one of each class of fault, and what they declare.
REPAIRED_SCRIPTS = {
    "trailing comma": ('{"@type": "NewsArticle", "headline": "Budget",}', {"newsarticle"}),
    "raw newline in a string": ('{"@type": "NewsArticle", "headline": "Budget\nvote"}', {"newsarticle"}),
    "CDATA wrapper": ('//<![CDATA[\n{"@type": "NewsArticle"}\n//]]>', {"newsarticle"}),
    "comment wrapper": ('<!--\n{"@type": "BlogPosting"}\n-->', {"blogposting"}),
    "two objects": ('{"@type": "WebSite"}\n{"@type": "NewsArticle"}', {"website", "newsarticle"}),
}


def test_declared_types_of_strict_scripts_are_the_plain_reading() -> None:
    for script in STRICT_SCRIPTS:
        jsonld._DECLARED_TYPES.clear()
        assert declared_types(script) == _plain_schema_types([script]), script  # parsed here
        article_objects([script])  # the metadata reads it: the page type's answer comes from that reading
        assert script in jsonld._DECLARED_TYPES
        assert declared_types(script) == _plain_schema_types([script]), script
    doc = parse_html(page("".join(map(ld, STRICT_SCRIPTS))), ARTICLE_URL)
    assert _schema_types(doc) == _plain_schema_types(doc.json_ld)


def test_declared_types_of_repaired_scripts_are_the_metadatas_reading() -> None:
    for fault, (script, types) in REPAIRED_SCRIPTS.items():
        assert _plain_schema_types([script]) == set(), fault  # strict JSON reads nothing
        assert parse_json_ld(script)[1] is None, fault  # the metadata reads it
        jsonld._DECLARED_TYPES.clear()
        assert declared_types(script) == types, fault
    assert declared_types('{"@type": ') == frozenset()  # no repair saves it: it says nothing


def test_a_page_declaring_its_type_in_repaired_json_ld_counts_it() -> None:
    """A listing URL, little text: the NewsArticle type in a repaired script is read (the page kind's features),
    and keeps the page an article; a script no repair saves says nothing, and the tag URL names a listing."""
    from crawler.extractors.pagekind.features import FEATURE_NAMES, page_features

    declared = FEATURE_NAMES.index("type_article")
    url = "https://news.example.org/tag/budget"
    for fault, (script, types) in REPAIRED_SCRIPTS.items():
        if "newsarticle" not in types:
            continue
        doc = parse_html(page(ld(script), PARAGRAPH * 2), url)
        result = classify_page(doc, url)
        assert result.is_article and page_features(doc, url)[declared] == 1.0, fault
    doc = parse_html(page(ld('{"@type": '), PARAGRAPH * 2), url)
    strict_only = classify_page(doc, url)
    assert page_features(doc, url)[declared] == 0.0
    assert not strict_only.is_article  # the tag page's URL, no declared article to outweigh it


def test_the_types_cache_is_bounded_and_frozen() -> None:
    scripts = [f'{{"@type": "Thing{i}"}}' for i in range(3 * DECLARED_TYPES_CACHE)]
    for script in scripts:
        article_objects([script])
        assert len(jsonld._DECLARED_TYPES) <= DECLARED_TYPES_CACHE
    found = declared_types(scripts[-1])
    assert isinstance(found, frozenset) and found == {f"thing{3 * DECLARED_TYPES_CACHE - 1}"}
    assert all(isinstance(types, frozenset) for types in jsonld._DECLARED_TYPES.values())


def test_site_pages_read_json_ld_as_the_metadata_does() -> None:
    about = '<!--\n{"@type": "AboutPage", "url": "https://news.example.org/about/",}\n-->'
    url = "https://news.example.org/about/"
    doc = parse_html(page(ld(about)), url)
    assert sitepages.own_schema_types(doc, url) == {"aboutpage"}
    assert classify_page(doc, url).kind == sitepages.SITE
    dated = parse_html(page(ld('<![CDATA[{"@type": "WebPage", "datePublished": "2024-05-02",}]]>')), url)
    assert sitepages._declares_publication(dated)
    assert not sitepages._declares_publication(parse_html(page(ld('{"datePublished": ')), url))


# ------------------------------------------------------------------------------------------ <meta> og:type, og:title


def _plain_meta(doc, prop: str) -> str | None:
    if doc.root is None:
        return None
    for element in doc.root.iter("meta"):
        if (element.get("property") or element.get("name") or "").lower() == prop:
            return (element.get("content") or "").strip().lower() or None
    return None


def _plain_og_title(doc) -> list[str]:
    head = doc.root.find("head")
    for element in head.iter("meta") if head is not None else ():
        if (element.get("property") or element.get("name") or "").lower() == "og:title":
            return [element.get("content") or ""]
    return []


# <meta> arrangements where the first <meta> named og:type differs from the metadata's first og:type content, or
# where none has it: the shortcut must answer as the plain reading on all of them.
META_CASES = [
    "",
    '<meta property="og:type" content="article">',
    '<meta property="OG:TYPE" content=" Article ">',
    '<meta property="og:type" content="">\n<meta property="og:type" content="article">',
    '<meta property="og:type">\n<meta name="og:type" content="article">',
    '<meta property="og:type" content="   ">',
    '<meta property="description" name="og:type" content="article">',
    '<meta property="og:type twitter:card" content="article">',
    '<meta http-equiv="og:type" content="website">',
    '<meta name="og:type" content="website"><meta property="og:type" content="article">',
    '<meta property="" name="og:type" content="website">',
    '<meta property="og:title" content="Budget vote">',
    '<meta property="og:title" content="">\n<meta property="og:title" content="Budget vote">',
    '<meta property="description" name="og:title" content="Budget vote">',
    '<meta property="og:title  og:site_name" content="Budget vote">',
    '<meta property="OG:Title" content="  Budget vote  ">',
]


def test_meta_is_the_plain_reading() -> None:
    compared = 0
    for head in META_CASES:
        for body_meta in ("", '<meta property="og:type" content="video">', '<meta name="og:title" content="Late">'):
            doc = parse_html(page(head, PARAGRAPH * 10 + body_meta), ARTICLE_URL)
            for walked in (False, True):
                if walked:
                    doc.blocks  # noqa: B018 - the worker reads a walked page, its markup kept
                assert _meta(doc, "og:type") == _plain_meta(doc, "og:type"), (head, body_meta)
                og_title = _plain_og_title(doc)
                titles = sitepages.page_titles(doc)
                assert titles == [t.strip() for t in ["Budget | Example", *og_title, "Budget"] if t.strip()], head
                compared += 1
    assert compared == 2 * 3 * len(META_CASES)


# ------------------------------------------------------------------------------------------------- the URL's segments


def _plain_path_segments(url: str) -> tuple[list[str], dict[str, str]]:
    from urllib.parse import parse_qsl, unquote, urlsplit

    parts = urlsplit(url)
    segments = [sitepages.PAGE_EXTENSION_RE.sub("", unquote(s)).lower().replace("_", "-")
                for s in parts.path.split("/") if s]
    if segments and segments[-1] in sitepages.INDEX_NAMES:
        segments.pop()
    return segments, {key.lower(): value for key, value in parse_qsl(parts.query) if value.strip()}


def test_path_segments_are_the_plain_reading() -> None:
    urls = ["https://news.example.org/", "https://news.example.org", "https://news.example.org/About_Us/",
            "https://news.example.org/legal/privacy.html", "https://news.example.org/a/index.php3",
            "https://news.example.org/privacy%2Ehtml", "https://news.example.org/%E5%85%B3%E4%BA%8E/index.html",
            "https://news.example.org/tag.html/harbour/", "https://news.example.org/x.y/Page.ASPX?s=harbour&p=",
            "https://news.example.org/search?Q=%20&wd=harbour", "https://news.example.org/a%2Fb/c?",
            "https://news.example.org/2024/05/02/privacy-rules-tighten.html?utm=x#top", "/relative/about-us.htm"]
    for url in urls:
        assert sitepages._path_segments(url) == _plain_path_segments(url), url


def test_the_metadata_takes_the_values_the_types_were_read_from_without_parsing_them_again(monkeypatch) -> None:
    """The extraction reads a page's types (``declared_types``) before its metadata (``article_objects``): the
    metadata takes the values parsed then, equal to its own reading, and they are handed to it alone."""
    scripts = [*STRICT_SCRIPTS, *(script for script, _ in REPAIRED_SCRIPTS.values()), '{"@type": ']
    expected = [article_objects([script]) for script in scripts]  # each read on its own
    real = jsonld.parse_json_ld
    parsed: list[str] = []
    monkeypatch.setattr(jsonld, "parse_json_ld", lambda text: parsed.append(text) or real(text))
    for script, alone in zip(scripts, expected, strict=True):
        jsonld._DECLARED_TYPES.clear()
        parsed.clear()
        declared_types(script)
        taken = article_objects([script])
        assert parsed == [script] and taken == alone, script
        again = article_objects([script])  # a second reader parses its own values: nothing is shared
        assert parsed == [script, script] and again == alone, script
        assert all(a is not b for a, b in zip(again[0] + again[1], taken[0] + taken[1], strict=True)), script
