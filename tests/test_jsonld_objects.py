"""``jsonld.iter_objects``: every typed object of a JSON-LD value in document order, an object before those it holds,
through arrays, ``@graph`` and nested properties, not into the properties that name other things (an author, a
publisher), and no deeper than MAX_DEPTH."""

from __future__ import annotations

from crawler.extractors.document import jsonld

SCRIPT = {
    "@context": "https://schema.org",
    "@graph": [
        {"@type": "WebPage", "name": "Page",
         "mainEntity": {"@type": "NewsArticle", "headline": "Story",
                        "author": {"@type": "Person", "name": "Jane Doe"},
                        "hasPart": [{"@type": "WebPageElement", "name": "Part"}]}},
        {"@type": "Organization", "name": "Acme"},
    ],
}


def test_the_objects_come_in_document_order_without_the_named_ones() -> None:
    assert [item.get("name") or item.get("headline") for item in jsonld.iter_objects(SCRIPT)] == \
        ["Page", "Story", "Part", "Acme"]


def test_objects_deeper_than_the_bound_are_left() -> None:
    nested: dict = {"@type": "Thing", "name": "deepest"}
    for level in range(jsonld.MAX_DEPTH + 1):
        nested = {"@type": "Thing", "name": str(level), "about": nested}
    names = [item["name"] for item in jsonld.iter_objects(nested)]
    assert names[0] == str(jsonld.MAX_DEPTH) and len(names) == jsonld.MAX_DEPTH + 1 and "deepest" not in names
    assert [item["name"] for item in jsonld.iter_objects([[nested]], depth=jsonld.MAX_DEPTH - 2)] == \
        [str(jsonld.MAX_DEPTH)]
