"""Pages about a thing rather than a story: an event, an app, a product, a hotel or a restaurant whose JSON-LD declares
it under the name the page's h1 shows, and no article, post or recipe. Their days are the thing's (an event's date, an
app's last version, reviews' and questions' days) and their names its reviewers', never the page's publication or
writer. A site that declares its business on every page (a blog post under a ``LocalBusiness``) names the business,
not the post's h1, and is no such page."""

from __future__ import annotations

from typing import Any

from crawler.extractors.document.jsonld import parse_json_ld, types_of
from crawler.extractors.document.parse import TextDocument

# The things a page can be about (schema.org types, lowered): events, software, goods, lodging and eating places.
THING_TYPES = frozenset({
    "event", "businessevent", "educationevent", "exhibitionevent", "festival", "musicevent", "socialevent",
    "sportsevent", "theaterevent", "softwareapplication", "mobileapplication", "webapplication", "videogame",
    "product", "productgroup", "car", "vehicle", "hotel", "lodgingbusiness", "bedandbreakfast", "hostel", "resort",
    "restaurant", "foodestablishment", "cafeorcoffeeshop", "barorpub", "touristattraction",
})
# The works that carry a publication of their own: a page declaring one of them is a story, a post or a recipe.
WORK_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
    "review", "recipe", "videoobject", "podcastepisode", "liveblogposting", "socialmediaposting",
    "discussionforumposting", "qapage", "howto", "creativework", "scholarlyarticle", "techarticle",
})


def about_a_thing(doc: TextDocument) -> bool:
    """Whether the page's JSON-LD declares, among its top-level items, a thing (``THING_TYPES``) named as an h1 of the
    page and no work (``WORK_TYPES``); asked once a page, and only of a page with JSON-LD."""
    if not doc.json_ld:
        return False
    return bool(doc.memo("about_a_thing", lambda: _about_a_thing(doc)))


def _about_a_thing(doc: TextDocument) -> bool:
    items = [item for text in doc.json_ld for item in _top_items(parse_json_ld(text)[0])]
    if any(types_of(item) & WORK_TYPES for item in items):
        return False
    names = {_fold(item.get("name")) for item in items if types_of(item) & THING_TYPES} - {""}
    return bool(names) and any(_fold(h1.text_content()) in names for h1 in doc.h1s())


def _top_items(values: list[Any]) -> list[dict[str, Any]]:
    """The script's top-level objects, those of its ``@graph`` among them (not the objects they hold)."""
    items: list[dict[str, Any]] = []
    for value in values:
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                graph = item.get("@graph")
                items.extend(node for node in graph if isinstance(node, dict)) if isinstance(graph, list) else \
                    items.append(item)
    return items


def _fold(value: Any) -> str:
    return " ".join(value.split()).casefold() if isinstance(value, str) else ""


__all__ = ["THING_TYPES", "WORK_TYPES", "about_a_thing"]
