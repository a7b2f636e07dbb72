"""The structured side of the metadata and the worker's row take their shortcuts with the plain readings' results
(issue 16, a cheap worker): the one-call <meta> reading of ``page_markup``, the page job's rel=canonical read from
the <link> elements the metadata gathered, the row's filled metadata fields, and the metadata's <meta>, <link> and
JSON-LD readings (one attribute reader, constant tables, one JSON decoder)."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from html import unescape
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from helpers.reference_markup import add_meta_by_get, page_markup_by_every_element
from helpers.twins import bind_twin
from lxml import etree

from crawler.extractors.document.jsonld import article_objects
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import (
    META_KEYS,
    MIN_DESCRIPTION_CHARS,
    OPENGRAPH_KEYS,
    Metadata,
    extract_metadata,
)
from crawler.extractors.metadata.markup import add_meta, markup_of, page_markup
from crawler.pagejob import PageExtractor
from crawler.pagejob.job import canonical_url, page_identity

KEYS = ["og:title", "OG:Title twitter:title", "author", "Author  Byline", "description", "", " ", "content-language",
        "keywords", "og:image"]
CONTENTS = ["Ann Lee", "  Ann  Lee ", "", "   ", "T &amp; U", "\u00a0A\u3000", "x, y; z"]


def _random_head(rng: random.Random) -> str:
    parts = ["<html><head><title>T</title>"]
    for _ in range(rng.randint(0, 8)):
        attributes = [f"{name}='{rng.choice(KEYS)}'" for name in ("property", "name", "http-equiv", "itemprop")
                      if rng.random() < 0.4]
        if rng.random() < 0.8:
            attributes.append(f"content='{rng.choice(CONTENTS)}'")
        rng.shuffle(attributes)
        tag = rng.choice(["meta", "meta", "meta", "link", "time", "span"])
        if tag == "link":
            attributes.append(rng.choice(["rel='canonical' href='/a'", "rel='image_src' href=' /i.png '", "rel='x'"]))
        if tag == "time" and rng.random() < 0.7:
            attributes.append("datetime='2020-01-02'")
        parts.append(f"<{tag} {' '.join(attributes)}>" + ("" if tag in ("meta", "link") else f"x</{tag}>"))
    parts.append("</head><body>")
    for _ in range(rng.randint(0, 6)):
        tag = rng.choice(["meta", "link", "time", "div"])
        itemprop = f" itemprop='{rng.choice(['author', 'datePublished', 'name'])}'" if rng.random() < 0.5 else ""
        extra = " datetime='2021-02-03'" if tag == "time" else " rel='canonical' href='/b'" if tag == "link" else ""
        parts.append(f"<{tag}{itemprop}{extra} name='{rng.choice(KEYS)}' content='{rng.choice(CONTENTS)}'>"
                     + ("" if tag in ("meta", "link") else f"y</{tag}>"))
    return "".join(parts) + "</body></html>"


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.slow
def test_page_markup_reads_each_meta_as_add_meta_does(compiled: bool, monkeypatch) -> None:
    rng = random.Random(31)
    bind_twin(monkeypatch, compiled)
    docs = [parse_html(_random_head(rng), "https://example.org/a") for _ in range(1500)]
    found = [page_markup(doc.root, doc.body) for doc in docs]
    assert found == [page_markup_by_every_element(doc.root, doc.body) for doc in docs]
    for doc in docs:
        for element in doc.root.iter("meta"):
            one, other = {}, {}
            add_meta(one, element)
            add_meta_by_get(other, element)
            assert one == other
    assert sum(len(markup.meta) > 2 for markup in found) > 150
    assert sum(any(len(values) > 1 for values in markup.meta.values()) for markup in found) > 80
    assert sum(len(markup.itemprops) for markup in found) > 2000 and sum(len(markup.times) for markup in found) > 1000


LINKS = ["<link rel='canonical' href='/c'>", "<link rel='Canonical alternate' href=' https://example.org/d#x '>",
         "<link rel='canonical' href=''>", "<link rel='canonical' href='javascript:void(0)'>",
         "<link rel='image_src' href='/i.png'>", "<link href='/e'>", "<link rel='canonical' href='//other.example/f'>",
         "<link rel='canonical' href='https://example.org/g?utm_source=x'>",
         # the body's <link> elements, which the walk removes (hidden or <noscript> subtrees): the markup is read
         # before it, as parsed
         "<div hidden><link rel='canonical' href='/hidden'></div>",
         "<noscript><link rel='canonical' href='/n'></noscript>"]


def _random_links_page(rng: random.Random) -> str:
    head = "".join(rng.choice(LINKS[:8]) for _ in range(rng.randint(0, 3)))
    body = "".join(rng.choice(LINKS) for _ in range(rng.randint(0, 3)))
    story = "<p>The council adopted the budget on Tuesday after a long debate about schools and buses.</p>" * 3
    return f"<html><head><title>Budget</title>{head}</head><body><h1>Budget</h1>{body}{story}</body></html>"


def _plain_canonical(root: etree._Element, url: str) -> str:
    """canonical_url as it read every <link> before the gathered links and the substring test."""
    for link in root.iter("link"):
        rel = (link.get("rel") or "").lower().split()
        href = (link.get("href") or "").strip()
        if "canonical" in rel and href:
            resolved = urldefrag(urljoin(url, href))[0]
            if urlsplit(resolved).scheme in {"http", "https"}:
                return resolved
    return url


def test_the_rel_canonical_from_the_gathered_links_is_the_one_searched_for() -> None:
    rng = random.Random(37)
    url = "https://example.org/a/b.html"
    pages = [_random_links_page(rng) for _ in range(600)]
    found = []
    for page in pages:
        doc = parse_html(page, url)
        assert canonical_url(doc.root, url) == _plain_canonical(doc.root, url), page
        plain = _plain_canonical(parse_html(page, url, walk=False).root, url)  # the page as parsed
        assert canonical_url(doc.root, url, markup_of(doc).links) == plain, page
        found.append(plain)
    assert len(set(found)) >= 5 and found.count(url) > 50
    job = PageExtractor(None)
    for page, plain in zip(pages[:150], found[:150], strict=True):
        declared = extract_metadata(parse_html(page, url)).canonical_url
        assert job.extract(page, url)["canonical_url"] == page_identity(url, plain if plain != url else None,
                                                                        declared), page


def test_the_filled_fields_are_to_dicts_without_the_empty_ones() -> None:
    rng = random.Random(41)
    names = [item.name for item in fields(Metadata)]
    empties: dict[str, list[object]] = {name: [None, ""] for name in names}
    for item in fields(Metadata):
        if item.default_factory is list:
            empties[item.name] = [[]]
        elif item.default_factory is dict:
            empties[item.name] = [{}]
    values: dict[str, list[object]] = {name: ["x", " ", "0"] for name in names}
    values.update({name: [["a"], ["a", "b"], [""]] for name, kinds in empties.items() if kinds == [[]]})
    values.update({name: [{"title": "json-ld"}] for name, kinds in empties.items() if kinds == [{}]})
    for _ in range(2000):
        metadata = Metadata(**{name: rng.choice(empties[name] + values[name]) for name in names})
        plain = {k: v for k, v in metadata.to_dict().items() if v not in (None, "", [], {})}
        filled = metadata.filled()
        assert list(filled.items()) == list(plain.items())
        # copies: the row's lists and dicts are not the metadata's
        assert not [name for name, value in filled.items()
                    if isinstance(value, (list, dict)) and value is getattr(metadata, name)]
    assert Metadata().filled() == {}


SIMPLE_FIELDS = ("description", "section", "site_name")
FIELD_CONTENTS = ["A long enough description of the story &amp; more", "  Spaced   out   description text here ",
                  "Short", "Économie et finances publiques du pays"]
TAG_CONTENTS = ["port, harbour; city", "港口，城市、经济", " , ", "one"]


def _random_meta_page(rng: random.Random) -> str:
    parts = ["<html><head><title>Harbour plan</title>"]
    for _ in range(rng.randint(0, 10)):
        name = rng.choice([*SIMPLE_FIELDS, "tags"])
        key = rng.choice(OPENGRAPH_KEYS.get(name, ()) + META_KEYS.get(name, ()))
        content = rng.choice(TAG_CONTENTS if name == "tags" else FIELD_CONTENTS)
        attribute = rng.choice(["property", "name"])
        parts.append(f"<meta {attribute}='{key.upper() if rng.random() < 0.2 else key}' content='{content}'>")
    for _ in range(rng.randint(0, 4)):
        parts.append(rng.choice(LINKS[:8]))
    return "".join(parts) + "</head><body><p>Story.</p></body></html>"


def _first_meta(meta: dict[str, list[str]], name: str) -> str | list[str] | None:
    """The plain reading of a field's <meta> keys: OpenGraph's, then the other names', the first one given."""
    for key in OPENGRAPH_KEYS.get(name, ()) + META_KEYS.get(name, ()):
        if name == "tags":  # every content of the key, cut into tags
            tags = [" ".join(unescape(part).split()) for content in meta.get(key, [])
                    for part in re.split(r"[,;，、]", content)]
            if any(tags):
                return [tag for tag in tags if tag]
            continue
        for content in meta.get(key, []):
            cleaned = " ".join(unescape(content).split())
            if name != "description" or len(cleaned) >= MIN_DESCRIPTION_CHARS:
                return cleaned
            if name == "description":
                break  # a short first content of a key: the next key is asked
    return None


@pytest.mark.slow
def test_the_meta_and_link_fields_are_those_of_a_plain_reading() -> None:
    rng = random.Random(43)
    url = "https://example.org/a/b.html"
    pages = [_random_meta_page(rng) for _ in range(800)]
    for page in pages:
        doc = parse_html(page, url)
        metadata = extract_metadata(doc)
        meta = page_markup(doc.root, doc.body).meta
        for name in (*SIMPLE_FIELDS, "tags"):
            assert (getattr(metadata, name) or None) == _first_meta(meta, name), (name, page)
        hrefs = [(link.get("rel") or "").lower().split() for link in doc.root.iter("link")]
        canonical = next((link.get("href").strip() for link, rel in zip(doc.root.iter("link"), hrefs, strict=True)
                          if "canonical" in rel and (link.get("href") or "").strip()), None)
        assert metadata.canonical_url == urljoin(url, canonical or url), page
    filled = [extract_metadata(parse_html(page, url)) for page in pages]
    assert sum(bool(metadata.tags) for metadata in filled) > 200
    assert sum(metadata.description is not None for metadata in filled) > 200
    assert sum(metadata.canonical_url != url for metadata in filled) > 200


def test_each_json_ld_script_is_read_whatever_the_one_before() -> None:
    scripts = ['{"@type": "NewsArticle", "headline": "One",}', "{broken", '{"@type": "Thing", "name": "a\nb"}',
               '{"@type": "WebSite", "name": "Site"}', '<!-- {"@type": "Person", "name": "Ann"} -->']
    articles, others, problems = article_objects(scripts)
    assert articles == [{"@type": "NewsArticle", "headline": "One"}]
    assert others == [{"@type": "Thing", "name": "a\nb"}, {"@type": "WebSite", "name": "Site"},
                      {"@type": "Person", "name": "Ann"}]
    assert len(problems) == 1 and problems[0].startswith("unreadable JSON-LD skipped")
