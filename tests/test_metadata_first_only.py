"""The <meta> values of a field whose first candidate alone is read are not computed once a source gave one (issue
16, a cheap worker): the metadata is the plain reading's, which computes every source's value of every field."""

from __future__ import annotations

import json
import random

import pytest

import crawler.extractors.metadata.structured as metadata_module
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import FIRST_ONLY_FIELDS, extract_metadata

URL = "https://example.org/news/a.html"
SHORT, LONG = "Short one", "A description long enough to be the page's description"
JSON_LD = {"headline": "JSON headline", "keywords": "json, tags", "image": "/j.png", "articleSection": "JSON section",
           "publisher": {"name": "JSON Site"}, "url": "https://example.org/news/a.html?json", "description": SHORT,
           "author": {"name": "Ann Lee"}, "datePublished": "2021-03-04T05:06:07Z"}
OPENGRAPH = {"og:title": "OG title", "twitter:title": "Twitter title", "article:tag": "og, tags", "og:image": "/o.png",
             "article:section": "OG section",
             "og:site_name": "OG Site", "og:url": "https://example.org/news/a.html?og", "og:description": SHORT,
             "article:author": "Bob Roe", "article:published_time": "2021-03-05"}
META = {"title": "Meta title", "keywords": "meta, key;words, ，x", "news_keywords": "news, words",
        "section": "Meta section", "application-name": "Meta Site", "description": LONG, "author": "Cy Poe",
        "date": "2021-03-06", "parsely-tags": "p, q"}


def _page(rng: random.Random) -> str:
    head = ["<title>Head title | Site</title>"]
    if rng.random() < 0.5:
        item = {key: value for key, value in JSON_LD.items() if rng.random() < 0.5}
        head.append(f'<script type="application/ld+json">{json.dumps({"@type": "NewsArticle", **item})}</script>')
    for table, attribute in ((OPENGRAPH, "property"), (META, "name")):
        for key, value in table.items():
            if rng.random() < 0.4:
                if key == "og:title" and rng.random() < 0.5:
                    value = "&amp;nbsp;"  # a value that cleans to nothing: the next key is read
                head.append(f"<meta {attribute}='{key}' content='{value}'>")
    if rng.random() < 0.3:
        head.append("<link rel='canonical' href='/news/a.html?rel'><link rel='image_src' href='/r.png'>")
    micro = "".join(element for element in (
        "<span itemprop='keywords'>micro, tags</span>", "<h2 itemprop='headline'>Micro headline</h2>",
        "<img itemprop='image' src='/m.png'>", "<span itemprop='articleSection'>Micro section</span>",
        "<div itemprop='image'><span itemprop='thumbnailUrl'>/t.png</span></div>") if rng.random() < 0.3)
    body = ("<h1>Head title</h1>" + micro
            + "<p>The council adopted the budget on Tuesday after a long debate about schools and buses.</p>" * 3)
    return f"<html><head>{''.join(head)}</head><body>{body}</body></html>"


@pytest.mark.slow
def test_the_metadata_is_the_plain_readings(monkeypatch) -> None:
    rng = random.Random(47)
    pages = [_page(rng) for _ in range(400)]
    found = [extract_metadata(parse_html(page, URL)).to_dict() for page in pages]
    monkeypatch.setattr(metadata_module, "FIRST_ONLY_FIELDS", frozenset())
    plain = [extract_metadata(parse_html(page, URL)).to_dict() for page in pages]
    for page, one, other in zip(pages, found, plain, strict=True):
        assert one == other, page
    assert {"tags", "title", "image"} <= FIRST_ONLY_FIELDS
    assert sum(bool(row["tags"]) for row in found) > 200 and len({tuple(row["tags"]) for row in found}) > 5
    assert {"Twitter title", "OG title", "Meta title", "Micro headline"} <= {row["title"] for row in found}
    assert {"Micro section", "JSON section"} <= {row["section"] for row in found}
    assert {"https://example.org/m.png", "https://example.org/t.png"} <= {row["image"] for row in found}
    assert len({row["description"] for row in found}) >= 2 and len({row["site_name"] for row in found}) >= 3
