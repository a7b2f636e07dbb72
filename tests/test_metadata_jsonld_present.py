"""The JSON-LD source reads only the properties an object has (issue 16, a cheap worker): its candidates are the plain
reading's, which asks every property of every object whether it is there or not."""

from __future__ import annotations

import json
import random
from typing import Any

from crawler.extractors.document import jsonld
from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata.candidates import Candidates as _Candidates
from crawler.extractors.metadata.candidates import clean as _clean
from crawler.extractors.metadata.structured import from_json_ld as _from_json_ld
from crawler.extractors.metadata.structured import headline_of as _headline_of
from crawler.extractors.metadata.structured import organization_names as _organization_names

# Values of every shape JSON-LD gives: text, blank text, null, numbers, lists, objects with a name or a value.
VALUES: list[Any] = ["  Ann Lee ", "", None, 2021, 3.5, True, ["", "Bo Roe", "Cy Poe"], {"name": "Dee Tan"},
                     {"@value": "2021-03-04"}, {"givenName": "Eve", "familyName": "Kay"}, "a, b ,c",
                     [{"url": "/i.png"}], "2021-03-04T05:06:07Z", "fr-FR", {"@id": "https://example.org/a"}, [], {}]
ARTICLE_PROPERTIES = ["headline", "name", "author", "creator", "editor", "datePublished", "dateCreated", "uploadDate",
                      "dateModified", "inLanguage", "description", "publisher", "url", "mainEntityOfPage", "image",
                      "thumbnailUrl", "keywords", "articleSection"]
OTHER_PROPERTIES = ["name", "inLanguage", "datePublished", "dateModified", "description"]
TYPES = ["NewsArticle", "VideoObject", "WebPage", "WebSite", "Organization", "NewsMediaOrganization", "Person",
         "BreadcrumbList", ["Thing", "Organization"]]


def _plain(texts: list[str], head_title: str | None) -> tuple[dict[str, list[tuple[Any, str]]], list[str]]:
    """The reading before the shortcut: every property asked of every object."""
    found, warnings = _Candidates(), []
    articles, others, problems = jsonld.article_objects(texts)
    warnings.extend(problems)
    for item in articles:
        found.add("title", _headline_of(item, head_title), "json-ld")
        found.add("authors", jsonld.names_of(item.get("author")) or jsonld.names_of(item.get("creator")), "json-ld")
        found.add("editors", jsonld.names_of(item.get("editor")), "json-ld")
        for key in ("datePublished", "dateCreated", "uploadDate"):
            found.add("published", jsonld.text_of(item.get(key)), "json-ld")
        found.add("modified", jsonld.text_of(item.get("dateModified")), "json-ld")
        found.add("language", jsonld.text_of(item.get("inLanguage")), "json-ld")
        found.add("description", _clean(jsonld.text_of(item.get("description"))), "json-ld")
        found.add("organizations", _organization_names(item.get("publisher")), "json-ld")
        found.add("site_name", _clean(jsonld.text_of((item.get("publisher") or {}).get("name")
                                                     if isinstance(item.get("publisher"), dict)
                                                     else item.get("publisher"))), "json-ld")
        found.add("canonical_url", jsonld.text_of(item.get("url")) or jsonld.text_of(item.get("mainEntityOfPage")),
                  "json-ld")
        found.add("image", jsonld.text_of(item.get("image")) or jsonld.text_of(item.get("thumbnailUrl")), "json-ld")
        found.add("tags", jsonld.strings_of(item.get("keywords")), "json-ld")
        found.add("section", _clean(jsonld.text_of(item.get("articleSection"))), "json-ld")
    for item in others:
        if not articles and jsonld.types_of(item) & {"webpage", "itempage"}:  # a WebPage standing for the article
            found.add("authors", jsonld.names_of(item.get("author")), "json-ld")
        found.add("organizations", _organization_names(item), "json-ld")
        if jsonld.types_of(item) & {"website", "organization", "newsmediaorganization"}:
            found.add("site_name", _clean(jsonld.text_of(item.get("name"))), "json-ld")
        found.add("language", jsonld.text_of(item.get("inLanguage")), "json-ld")
        found.add("published", jsonld.text_of(item.get("datePublished")), "json-ld")
        found.add("modified", jsonld.text_of(item.get("dateModified")), "json-ld")
    return found.values, warnings


def _object(rng: random.Random, properties: list[str]) -> dict[str, Any]:
    item: dict[str, Any] = {"@type": rng.choice(TYPES)}
    for name in properties:
        if rng.random() < 0.35:
            item[name] = rng.choice(VALUES)
    if rng.random() < 0.3:
        item["publisher"] = {"@type": "Organization", "name": rng.choice(["Daily", " ", None, ["Daily News"]])}
    return item


def test_the_candidates_are_the_plain_readings() -> None:
    rng = random.Random(16)
    nonempty = 0
    for _ in range(600):
        objects = [_object(rng, rng.choice([ARTICLE_PROPERTIES, OTHER_PROPERTIES])) for _ in range(rng.randint(1, 4))]
        graph = {"@context": "https://schema.org", "@graph": objects} if rng.random() < 0.5 else objects
        page = (f"<html><head><title>Daily | A headline</title><script type='application/ld+json'>{json.dumps(graph)}"
                "</script></head><body><p>Text.</p></body></html>")
        doc = parse_html(page, "https://example.org/a")
        found, warnings = _Candidates(), []
        _from_json_ld(doc, found, warnings)
        assert (found.values, warnings) == _plain(doc.json_ld, doc.title), page
        nonempty += len(found.values) >= 3
    assert nonempty > 150
