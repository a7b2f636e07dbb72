"""JSON-LD (schema.org) objects of a page, read with the standard json module and repaired when broken.

Publishers' JSON-LD is often not JSON: trailing commas, raw newlines inside strings, HTML comments or CDATA
around the object, two objects one after the other, or a template variable left unfilled. Each repair
below is one such observed fault; a script that no repair saves is skipped with a reason, never raised.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

# The page of a person or an author account, in an author object's @id or url.
PERSON_PAGE_RE = re.compile(r"/(?:schema/)?person/|/author/|/authors/|/people/|/profile/", re.I)

# Types whose properties describe the article itself (schema.org's CreativeWork kinds used by news sites).
ARTICLE_TYPES = frozenset(
    "article newsarticle reportagenewsarticle analysisnewsarticle opinionnewsarticle reviewnewsarticle "
    "backgroundnewsarticle askpublicnewsarticle satiricalarticle advertisercontentarticle blogposting "
    "socialmediaposting liveblogposting discussionforumposting report scholarlyarticle techarticle "
    "medicalscholarlyarticle apireference".split()
)
# Other creative works: a page's article is one of these only when it has no Article object (an embedded
# video's name is not the headline of the story around it).
WORK_TYPES = frozenset("creativework videoobject review recipe howto posting podcastepisode".split())
# Describe the page rather than the article: used only for what no article object gives.
PAGE_TYPES = frozenset("webpage itempage collectionpage aboutpage profilepage qapage mediagallery".split())
# Nested objects never walked into for article candidates: an author's or publisher's own "name" or
# "description" is not the article's.
NESTED_IGNORED_KEYS = frozenset({"author", "creator", "publisher", "sourceOrganization", "isPartOf", "breadcrumb",
                                 "potentialAction", "image", "logo", "video", "comment", "review", "itemListElement"})
# Objects deeper than this are not walked (a page of ours had a 40-level breadcrumb; articles sit at 1-3).
MAX_DEPTH = 12

TRAILING_COMMA_RE = re.compile(r",(\s*[}\]])")
WRAPPER_RE = re.compile(r"^\s*(?:<!--|//\s*<!\[CDATA\[|<!\[CDATA\[)|(?:-->|//\s*\]\]>|\]\]>)\s*$")
LINE_COMMENT_RE = re.compile(r"^\s*//[^\n]*$", re.M)
# One decoder for every script: it keeps no state between calls, and making one per script is a sizeable share of
# parse_json_ld. strict=False accepts raw newlines and tabs inside strings.
DECODER = json.JSONDecoder(strict=False)


def _repairs(text: str) -> Iterator[str]:
    yield text
    unwrapped = WRAPPER_RE.sub("", text).strip()
    yield unwrapped
    yield TRAILING_COMMA_RE.sub(r"\1", LINE_COMMENT_RE.sub("", unwrapped))


def _decode_all(text: str) -> list[Any]:
    """Every JSON value in ``text``: one, or several written one after the other."""
    values = []
    position = 0
    while position < len(text):
        while position < len(text) and text[position] in " \t\r\n;,":
            position += 1
        if position >= len(text):
            break
        value, position = DECODER.raw_decode(text, position)
        values.append(value)
    return values


def parse_json_ld(text: str) -> tuple[list[Any], str | None]:
    """The values of one ``<script type="application/ld+json">`` and, when none could be read, why."""
    last_error = None
    for candidate in _repairs(text):
        if not candidate:
            continue
        try:
            return _decode_all(candidate), None
        except (ValueError, RecursionError) as error:
            # Its message, not the exception: kept, the exception's traceback holds this frame, and through the
            # frames of its callers the whole page (tree, blocks, metadata) in a reference cycle until a collection
            # (tests/test_worker_no_cycles.py).
            last_error = str(error)
    return [], f"unreadable JSON-LD skipped: {last_error}"


def script_types(value: Any) -> frozenset[str]:
    """The schema.org types a script declares for itself: the ``@type`` of its objects at the top, in arrays and in
    ``@graph`` (not of the objects nested in their properties: an article's author is no Person page), lower-cased
    and without a vocabulary address ("https://schema.org/NewsArticle" is "newsarticle")."""
    types: set[str] = set()
    # The nodes left to read, last first: a stack rather than a nested function calling itself, which is a reference
    # cycle (the function and the cell that names it) for the collector to free at every page.
    pending = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            kind = node.get("@type")
            for name in kind if isinstance(kind, list) else [kind]:
                if isinstance(name, str):
                    types.add(name.lower().rsplit("/", 1)[-1])
            graph = node.get("@graph")
            if graph is not None:
                pending.append(graph)
        elif isinstance(node, list):
            pending.extend(reversed(node))
    return frozenset(types)


# The declared types (``script_types``) of the scripts ``article_objects`` read lately, by script text: the page job
# reads a page's types right after its metadata (``declared_types``), and parsing its scripts a second time with
# json.loads would be wasted work. Frozen sets, so no caller can change what another is handed;
# at most DECLARED_TYPES_CACHE scripts are kept (a page has 1-5; design choice, room for a few pages' worth under
# threads), the dict emptied when full.
DECLARED_TYPES_CACHE = 64
_DECLARED_TYPES: dict[str, frozenset[str]] = {}
# The values ``declared_types`` parsed, by script text, until ``article_objects`` takes them (the extraction reads a
# page's types before its metadata): each is handed to one reader, so no reader sees another's changes. At most
# DECLARED_TYPES_CACHE scripts, emptied when full, as above.
_PARSED: dict[str, tuple[list[Any], str | None]] = {}


def _remember_types(text: str, values: list[Any]) -> frozenset[str]:
    if len(_DECLARED_TYPES) >= DECLARED_TYPES_CACHE:
        _DECLARED_TYPES.clear()
    types = _DECLARED_TYPES[text] = script_types(values)
    return types


def declared_types(text: str) -> frozenset[str]:
    """``script_types`` of the values ``parse_json_ld`` reads from one script (none for a script no repair saves),
    from what ``article_objects`` read when it has just read this script."""
    found = _DECLARED_TYPES.get(text)
    if found is not None:
        return found
    parsed = parse_json_ld(text)
    if len(_PARSED) >= DECLARED_TYPES_CACHE:
        _PARSED.clear()
    _PARSED[text] = parsed
    return _remember_types(text, parsed[0])


def cached_scripts() -> int:
    """How many scripts' parsed values or types are kept for the next reader."""
    return len(_DECLARED_TYPES) + len(_PARSED)


def forget_scripts() -> None:
    """Empties what is kept of the scripts read lately (a bench that runs two readers on one page times each cold)."""
    _DECLARED_TYPES.clear()
    _PARSED.clear()


def types_of(item: dict[str, Any]) -> set[str]:
    declared = item.get("@type", ())
    if isinstance(declared, str):
        declared = [declared]
    if not isinstance(declared, list):
        return set()
    return {t.rsplit("/", 1)[-1].rsplit(":", 1)[-1].lower() for t in declared if isinstance(t, str)}


def iter_objects(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every schema.org object in a JSON-LD value: through arrays, ``@graph`` and nested properties, in document
    order (each object before the objects it holds), at most MAX_DEPTH levels down. The nodes left to read are a
    stack, last first, rather than a generator for each level, whose every object passed up the levels."""
    pending: list[tuple[Any, int]] = [(value, depth)]
    while pending:
        node, level = pending.pop()
        if level > MAX_DEPTH:
            continue
        if isinstance(node, list):
            pending.extend([(item, level + 1) for item in reversed(node)])
        elif isinstance(node, dict):
            if "@type" in node:
                yield node
            children = [(child, level + 1) for key, child in node.items()
                        if key not in NESTED_IGNORED_KEYS and isinstance(child, (dict, list))]
            pending.extend(reversed(children))


def article_objects(texts: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """Article objects, page objects (WebPage and kin, then every other typed object) and skip reasons."""
    articles: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    problems: list[str] = []
    works: list[dict[str, Any]] = []
    for text in texts:
        values, problem = _PARSED.pop(text, None) or parse_json_ld(text)
        if problem:
            problems.append(problem)
        _remember_types(text, values)
        for item in iter_objects(values):
            types = types_of(item)
            if types & ARTICLE_TYPES:
                articles.append(item)
            elif types & WORK_TYPES:
                works.append(item)
            elif types & PAGE_TYPES:
                others.insert(0, item)
            else:
                others.append(item)
    return articles + works, others, problems


def text_of(value: Any) -> str | None:
    """A plain string from a JSON-LD value that may be a string, a list, or an object with a name/@value."""
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, list):
        for item in value:
            found = text_of(item)
            if found:
                return found
        return None
    if isinstance(value, dict):
        for key in ("@value", "name", "url", "@id", "contentUrl"):
            found = text_of(value.get(key))
            if found:
                return found
    return None


def names_of(value: Any) -> list[str]:
    """Names in an author/creator value: a string, a Person or Organization, or a list of them."""
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if isinstance(value, list):
        return [name for item in value for name in names_of(item)]
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str) and name.strip():
            return [name.strip()]
        parts = [value.get("givenName"), value.get("familyName")]
        joined = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
        return [joined] if joined else []
    return []


def declared_people(value: Any) -> list[str]:
    """The names of an author value that the markup declares persons or accounts: an object of type Person, or one
    whose ``@id`` or ``url`` is a person's or an author's page ("/schema/person/...", "/author/swoogo/")."""
    if isinstance(value, list):
        return [name for item in value for name in declared_people(item)]
    if not isinstance(value, dict):
        return []
    link = " ".join(part for part in (value.get("@id"), value.get("url")) if isinstance(part, str))
    if "person" in {kind.casefold() for kind in types_of(value)} or PERSON_PAGE_RE.search(link):
        return names_of(value)
    return []


def strings_of(value: Any) -> list[str]:
    """Keywords or sections: a comma-separated string or a list of strings."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list):
        return [item for entry in value for item in strings_of(entry)]
    return []


__all__ = ["ARTICLE_TYPES", "DECLARED_TYPES_CACHE", "PERSON_PAGE_RE", "article_objects", "cached_scripts",
           "declared_people", "declared_types", "forget_scripts", "iter_objects", "names_of", "parse_json_ld",
           "script_types", "strings_of", "text_of", "types_of"]
