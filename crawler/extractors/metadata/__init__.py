"""Article metadata: headline, authors, dates, language, description, site, canonical URL, image, tags.

Every field is taken from the most trusted source that gives a plausible value:
JSON-LD > OpenGraph/Twitter cards > ``<meta>`` names and head links > microdata (``itemprop``, and
``<time datetime>`` in the body) > the URL path > the visible text near the headline. ``Metadata.sources``
names the source of each field. A value that fails its check (a date in the future or before 1990, a site
name given as author, a URL given as a name) is skipped and the next source is asked.

    >>> from crawler.extractors import extract_metadata_only
    >>> extract_metadata_only(html, url).to_dict()
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import datetime, timezone
from difflib import SequenceMatcher
from functools import lru_cache
from html import unescape
from typing import Any
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.document.urljoins import resolve_url
from crawler.extractors.metadata import jsonld
from crawler.extractors.metadata.byline import markup_byline
from crawler.extractors.metadata.dates import FoundDate, find_url_date, is_plausible, parse_structured_date
from crawler.extractors.metadata.markup import ITEMPROP, PageMarkup, markup_of
from crawler.extractors.metadata.people import split_people
from crawler.extractors.metadata.titles import TITLE_PART_RE, title_from_head
from crawler.extractors.metadata.visible import scan_visible

JSON_LD = "json-ld"
OPENGRAPH = "opengraph"
META = "meta"
MICRODATA = "microdata"  # itemprop markup, and <time datetime> in the body
URL = "url"
TEXT = "text"
SOURCES = (JSON_LD, OPENGRAPH, META, MICRODATA, URL, TEXT)

# <meta> keys per field, by source, most specific first (names seen on news pages, plus the Dublin Core,
# Parse.ly, Sailthru and Highwire/citation conventions).
OPENGRAPH_KEYS: dict[str, tuple[str, ...]] = {
    "title": ("og:title", "twitter:title"),
    "authors": ("article:author", "og:article:author"),
    "published": ("article:published_time", "og:article:published_time", "og:published_time"),
    "modified": ("article:modified_time", "og:article:modified_time", "og:updated_time"),
    "language": ("og:locale",),
    "description": ("og:description", "twitter:description"),
    "site_name": ("og:site_name",),
    "canonical_url": ("og:url",),
    "image": ("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"),
    "tags": ("article:tag", "og:article:tag"),
    "section": ("article:section", "og:article:section"),
}
META_KEYS: dict[str, tuple[str, ...]] = {
    "title": ("dc.title", "dcterms.title", "dc:title", "dcterm:title", "parsely-title", "sailthru.title",
              "citation_title", "title", "weibo:article:title"),
    "authors": ("dc:creator", "dcterm:creator", "dc.creator", "dcterms.creator", "author", "byline",
                "parsely-author", "sailthru.author", "citation_author", "article.author", "authors"),
    "published": ("pubdate", "publishdate", "publish-date", "publish_date", "publication_date", "dc.date.issued",
                  "dcterms.issued", "dcterms.created", "dc.date", "dcterms.date", "article.published",
                  "parsely-pub-date", "sailthru.date", "citation_publication_date", "citation_date",
                  "weibo:article:create_at", "date", "created"),
    "modified": ("dcterms.modified", "dc.date.modified", "article.updated", "last-modified", "lastmod"),
    "language": ("content-language", "dc.language", "dcterms.language", "language"),
    "description": ("description", "dc.description", "dcterms.description", "dcterms.abstract"),
    "site_name": ("application-name", "publisher", "dc.publisher", "dcterms.publisher"),
    "tags": ("news_keywords", "keywords", "parsely-tags", "sailthru.tags"),
    "section": ("article.section", "section", "parsely-section", "category"),
}
MICRODATA_PROPS: dict[str, tuple[str, ...]] = {
    "title": ("headline",),
    "authors": ("author", "creator"),
    "published": ("datePublished", "dateCreated", "uploadDate"),
    "modified": ("dateModified",),
    "language": ("inLanguage",),
    "description": ("description",),
    "image": ("image", "thumbnailUrl"),
    "tags": ("keywords",),
    "section": ("articleSection",),
}
# Fields whose <meta> contents are lists cut at these separators, and the dates taken as they are written.
LIST_FIELDS = frozenset({"tags", "authors"})
DATE_FIELDS = frozenset({"published", "modified"})
TAG_SEPARATOR_RE = re.compile(r"[,;，、]")
NAME_SEPARATOR_RE = re.compile(r"[;，、]")
MICRODATA_FIELDS = {prop: name for name, props in MICRODATA_PROPS.items() for prop in props}
# An author longer than this is a sentence or a list of contributors pasted into a field, not a name.
MAX_AUTHOR_CHARS = 80
MAX_AUTHORS = 12
URLISH_RE = re.compile(r"^(?:https?://|www\.)|\.(?:com|org|net|html?)\b|/", re.I)
HANDLE_RE = re.compile(r"^@\w+$")
AUTHOR_PREFIX_RE = re.compile(r"^(?:by|par|von|por|written by|posted by|author|作者|记者|文)\s*[:：/]?\s+", re.I)
LANGUAGE_RE = re.compile(r"^([a-z]{2,3})(?:[-_][a-z0-9]+)*$", re.I)
# Declared languages whose code is kept (``_language``): a crawl meets a few dozen spellings ("en", "en-US",
# "en_US"...); 256 holds them with room.
LANGUAGE_CACHE_SIZE = 256
CACHE_ATTRIBUTE = "_metadata"
# A description this short says nothing ("News", "Home").
MIN_DESCRIPTION_CHARS = 20
# The article properties read as one text each, per field in the order of trust (``_from_json_ld``), and those of the
# page's other objects; the properties naming people; the types of an object whose name is the site's.
ARTICLE_TEXT_KEYS = (("published", "datePublished"), ("published", "dateCreated"), ("published", "uploadDate"),
                     ("modified", "dateModified"), ("language", "inLanguage"))
OTHER_TEXT_KEYS = (("language", "inLanguage"), ("published", "datePublished"), ("modified", "dateModified"))
PEOPLE_KEYS = frozenset({"author", "creator", "editor"})
SITE_TYPES = frozenset({"website", "organization", "newsmediaorganization"})
# Fields of which only the first candidate is read (``_first`` in ``_choose``): once a source gave one, the <meta>
# values of the later sources are not computed for it (a keywords list cut and cleaned for nothing when JSON-LD
# named the tags). The others (authors, dates, language, description) read every candidate in turn.
FIRST_ONLY_FIELDS = frozenset({"title", "site_name", "canonical_url", "image", "tags", "section"})


@dataclass
class Metadata:
    """What a page says about itself; ``sources[field]`` names where each filled field came from."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    editors: list[str] = field(default_factory=list)  # "责任编辑：王敏", "Edited by ...": never authors
    published: str | None = None
    modified: str | None = None
    language: str | None = None
    description: str | None = None
    site_name: str | None = None
    canonical_url: str | None = None
    image: str | None = None
    tags: list[str] = field(default_factory=list)
    section: str | None = None
    origin: str | None = None  # the outlet the page credits ("来源：新华社", "Source: Reuters")
    sources: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """``dataclasses.asdict``'s dict (lists and the sources copied), built without its costly recursive deep copy:
        every field holds strings, lists of strings or a dict of them."""
        return {name: value.copy() if isinstance(value, (list, dict)) else value
                for name in _FIELD_NAMES for value in (getattr(self, name),)}

    def filled(self) -> dict[str, Any]:
        """``to_dict`` without the fields that hold nothing (None, "", [] or {}, every empty value a field can
        hold), in one pass: what the page job's row takes (rather than ``to_dict`` then a filter)."""
        return {name: value.copy() if isinstance(value, (list, dict)) else value
                for name in _FIELD_NAMES if (value := getattr(self, name))}


_FIELD_NAMES = tuple(item.name for item in fields(Metadata))


@dataclass
class _Candidates:
    """Values per field in the order they were found; the order of ``add`` calls is the order of trust."""

    values: dict[str, list[tuple[Any, str]]] = field(default_factory=dict)

    def add(self, name: str, value: Any, source: str) -> None:
        if value is None or value == "" or value == []:
            return
        self.values.setdefault(name, []).append((value, source))

    def get(self, name: str) -> list[tuple[Any, str]]:
        return self.values.get(name, [])


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    # (``unescape`` returns a text without "&" as it is: asked only of one with it, as _clean runs ~24 times a page)
    cleaned = normalize_space(unescape(value) if "&" in value else value)
    return cleaned or None


# ---------------------------------------------------------------- sources


def _from_json_ld(doc: TextDocument, found: _Candidates, warnings: list[str]) -> None:
    articles, others, problems = jsonld.article_objects(doc.json_ld)
    warnings.extend(problems)
    text_of = jsonld.text_of
    add = found.add
    for item in articles:
        # Only the properties the object has are read (``text_of``, ``names_of`` and ``strings_of`` of an absent one
        # give nothing to add): an article has about half of those read here, the page's other objects few.
        present = item.keys()
        add("title", _headline_of(item, doc.title), JSON_LD)
        if not present.isdisjoint(PEOPLE_KEYS):
            add("authors", jsonld.names_of(item.get("author")) or jsonld.names_of(item.get("creator")), JSON_LD)
            add("editors", jsonld.names_of(item.get("editor")), JSON_LD)
        for name, key in ARTICLE_TEXT_KEYS:
            if key in present:
                add(name, text_of(item[key]), JSON_LD)
        if "description" in present:
            add("description", _clean(text_of(item["description"])), JSON_LD)
        if "publisher" in present:
            publisher = item["publisher"]
            add("site_name", _clean(text_of(publisher.get("name") if isinstance(publisher, dict) else publisher)),
                JSON_LD)
        add("canonical_url", text_of(item.get("url")) or text_of(item.get("mainEntityOfPage")), JSON_LD)
        add("image", text_of(item.get("image")) or text_of(item.get("thumbnailUrl")), JSON_LD)
        if "keywords" in present:
            add("tags", jsonld.strings_of(item["keywords"]), JSON_LD)
        if "articleSection" in present:
            add("section", _clean(text_of(item["articleSection"])), JSON_LD)
    for item in others:
        present = item.keys()
        if "name" in present and jsonld.types_of(item) & SITE_TYPES:
            add("site_name", _clean(text_of(item["name"])), JSON_LD)
        for name, key in OTHER_TEXT_KEYS:
            if key in present:
                add(name, text_of(item[key]), JSON_LD)


def _headline_of(item: dict[str, Any], head_title: str | None) -> str | None:
    """``headline``, or ``name`` when the two differ and ``name`` is closer to the <title> (Wikipedia puts a
    description in ``headline``; Readability.js makes the same choice)."""
    headline = _clean(jsonld.text_of(item.get("headline")))
    name = _clean(jsonld.text_of(item.get("name")))
    if headline and name and headline != name and head_title:
        return max((headline, name), key=lambda text: _similarity(text, head_title))
    return headline or name


def _similarity(text: str, other: str) -> float:
    return SequenceMatcher(None, text.casefold(), other.casefold()).ratio()


def _from_meta(doc: TextDocument, meta: dict[str, list[str]], keys: dict[str, tuple[str, ...]], source: str,
               found: _Candidates) -> None:
    present = meta.keys()
    candidates = found.values
    for name, names in keys.items():
        # Most fields have none of their keys on a page: one test in C rather than a lookup per key.
        if present.isdisjoint(names):
            continue
        first_only = name in FIRST_ONLY_FIELDS
        if first_only and name in candidates:
            continue
        listed, raw = name in LIST_FIELDS, name in DATE_FIELDS
        for key in names:
            contents = meta.get(key)
            if not contents:  # (a key's list is never empty, and an empty list adds nothing)
                continue
            if listed:
                found.add(name, [v for content in contents for v in _split_list(content, name)], source)
            else:
                found.add(name, contents[0] if raw else _clean(contents[0]), source)
            if first_only and name in candidates:
                break


def _split_list(content: str, name: str) -> list[str]:
    separator = TAG_SEPARATOR_RE if name == "tags" else NAME_SEPARATOR_RE
    return [part for piece in separator.split(content) if (part := _clean(piece))]


def _from_links(links: Iterable[tuple[str | None, str | None]], found: _Candidates) -> None:
    for rel, href in links:  # each <link>'s attributes, read by the markup walk
        # Most of a page's <link> elements (dns-prefetch, stylesheet, icons) name neither
        # relation: a substring test passes over them before any word is cut.
        relations = rel.lower() if rel else ""
        if "canonical" not in relations and "image_src" not in relations:
            continue
        href = (href or "").strip()
        if not href:
            continue
        relations = relations.split()
        if "canonical" in relations:
            found.add("canonical_url", href, META)
        elif "image_src" in relations:
            found.add("image", href, META)


def _itemprop_value(element: etree._Element) -> str | None:
    for attribute in ("content", "datetime", "src", "href"):
        value = element.get(attribute)
        if value and value.strip():
            return value.strip()
    return _clean(element.text_content()) if element.tag != "meta" else None


def _named_within(element: etree._Element) -> etree._Element | None:
    """``element.find(".//*[@itemprop='name']")``, the steps ElementPath takes (``iterdescendants("*")``, then ``get``)
    without its costly path machinery (as ``markup.body_of`` says)."""
    return next((inner for inner in element.iterdescendants("*") if inner.get(ITEMPROP) == "name"), None)


def _from_microdata(markup: PageMarkup, found: _Candidates) -> None:
    candidates = found.values
    for element in markup.itemprops:
        for prop in element.get("itemprop", "").split():
            name = MICRODATA_FIELDS.get(prop)
            # A field of which only the first candidate is read has no value computed once a source gave one (as in
            # ``_from_meta``): a headline's or a keyword list's text read out of its element for nothing.
            if name is None or (name in candidates and name in FIRST_ONLY_FIELDS):
                continue
            if name == "authors":
                inner = _named_within(element)
                value = _itemprop_value(inner if inner is not None else element)
                found.add(name, [value] if value else [], MICRODATA)
            elif name == "tags":
                found.add(name, _split_list(_itemprop_value(element) or "", "tags"), MICRODATA)
            else:
                found.add(name, _itemprop_value(element), MICRODATA)
    times = markup.times
    published = [t for t in times if t.get("pubdate") is not None or "publish" in (t.get("class") or "")]
    for element in published + times:
        found.add("published", element.get("datetime"), MICRODATA)


def _from_url(doc: TextDocument, found: _Candidates) -> None:
    day = find_url_date(doc.url)
    if day is not None:
        found.add("published", day, URL)


# ---------------------------------------------------------------- choosing


def _choose_date(found: _Candidates, name: str, now: datetime) -> tuple[str, str] | None:
    """The first plausible date of the field, in the order of trust."""
    for value, source in found.get(name):
        chosen = _plausible_date(value, source, now)
        if chosen is not None:
            return chosen
    return None


def _plausible_date(value: Any, source: str, now: datetime) -> tuple[str, str] | None:
    if value is None:  # (no visible date; a candidate is never None or "": ``_Candidates.add``)
        return None
    parsed = value if isinstance(value, FoundDate) else parse_structured_date(str(value))
    if parsed is None or not is_plausible(parsed, now, stated=source in (JSON_LD, OPENGRAPH, META, MICRODATA)):
        return None
    return parsed.iso, source


def _normalise_author(name: str) -> str:
    name = AUTHOR_PREFIX_RE.sub("", _clean(name) or "")
    return name.strip(" ,;:|-")


def _good_author(name: str, site_names: set[str]) -> bool:
    if not name or len(name) > MAX_AUTHOR_CHARS:
        return False
    if URLISH_RE.search(name) or HANDLE_RE.match(name) or "@" in name or any(map(str.isdigit, name)):
        return False
    folded = name.casefold()
    if CJK_RE.search(name) and any(site.startswith(folded) for site in site_names if CJK_RE.search(site)):
        return False  # "网易" of "_网易财经": the portal, named before its channel
    return folded not in site_names


def _choose_authors(found: _Candidates, site_names: set[str], name: str = "authors") -> tuple[list[str], str] | None:
    """The first source's people: a field's list cut into persons ("A, B and C, CNN" -> A, B, C)."""
    for names, source in found.get(name):
        cleaned: list[str] = []
        for raw in names:
            for part in split_people(_normalise_author(raw), strict=False):
                name = _normalise_author(part)
                if _good_author(name, site_names) and name not in cleaned:
                    cleaned.append(name)
        if cleaned:
            return cleaned[:MAX_AUTHORS], source
    return None


@lru_cache(maxsize=LANGUAGE_CACHE_SIZE)
def _language(value: str) -> str | None:
    """The ISO 639-1 code of a declared language ("en-US" -> "en"), None for another; kept for the same value (a pure
    function of its text)."""
    match = LANGUAGE_RE.match(value.strip())
    if not match:
        return None
    code = match.group(1).lower()
    return code if len(code) == 2 else None


def _first(found: _Candidates, name: str) -> tuple[Any, str] | None:
    values = found.get(name)
    return values[0] if values else None


def _site_names(site_name: str | None, url: str | None) -> set[str]:
    names = set()
    if site_name:
        names.add(site_name.casefold())
    host = urlsplit(url).hostname if url else None
    if host:
        host = host.removeprefix("www.")
        names.update({host, host.split(".")[0]})
    return names


def extract_metadata(doc: TextDocument, now: datetime | None = None) -> Metadata:
    """The metadata of a parsed page; ``now`` is the crawl time that relative dates count back from."""
    now = now or datetime.now(timezone.utc)
    metadata = Metadata()
    if doc.root is None:
        metadata.warnings.append(doc.empty_reason or "no document")
        return metadata
    found = _Candidates()
    _from_json_ld(doc, found, metadata.warnings)
    markup = markup_of(doc)  # one walk for <meta>, <link>, itemprop and <time>
    _from_meta(doc, markup.meta, OPENGRAPH_KEYS, OPENGRAPH, found)
    _from_meta(doc, markup.meta, META_KEYS, META, found)
    _from_links(markup.links, found)
    _from_microdata(markup, found)
    _from_url(doc, found)
    _choose(doc, found, metadata, now)
    return metadata


def metadata_of(doc: TextDocument) -> Metadata:
    """``extract_metadata(doc)`` computed once per document, however many extractors run on it."""
    cached = getattr(doc, CACHE_ATTRIBUTE, None)
    if cached is None:
        cached = extract_metadata(doc)
        setattr(doc, CACHE_ATTRIBUTE, cached)
    return cached


def _choose(doc: TextDocument, found: _Candidates, metadata: Metadata, now: datetime) -> None:
    sources = metadata.sources

    def take(name: str, pair: tuple[Any, str] | None) -> Any:
        if pair is None:
            return None
        sources[name] = pair[1]
        return pair[0]

    metadata.site_name = take("site_name", _first(found, "site_name"))
    head_title = _clean(doc.title)
    chosen_title = _first(found, "title")
    if chosen_title is None and head_title:
        chosen_title = (title_from_head(head_title, metadata.site_name), META)
    metadata.title = take("title", chosen_title)
    # The page's language as its markup declares it: the <html lang>, else the metadata's (JSON-LD inLanguage,
    # content-language, og:locale, microdata), else fastText's identification of the text, which runs only then
    # (pages without <html lang> often declare one in their metadata). The visible scan reads numeric dates in it.
    if doc.declared_language:
        found.add("language", doc.declared_language, META)
    languages = [(code, source) for value, source in _ordered_language(found) if (code := _language(value))]
    if not languages and doc.language:
        languages = [(doc.language, TEXT)]
    # The markup's dates come before the text's: when it gives both plausible ones (most pages) the lines are not
    # read for dates.
    published = _choose_date(found, "published", now)
    modified = _choose_date(found, "modified", now)
    findings = scan_visible(doc, metadata.title or head_title, now,
                            doc.declared_language or (languages[0][0] if languages else None),
                            dates=published is None or modified is None)
    if metadata.title is None and findings.headline:
        metadata.title = take("title", (findings.headline, TEXT))
    site_names = _site_names(metadata.site_name, doc.url)
    # The <title>'s parts other than the headline name the site and its channels, its CJK parts only (an English
    # blog's "Headline | Jane Doe" names its author there): a title without a CJK character (most titles, an ASCII one
    # told in one step) is not cut into parts for none (CJK_RE matches one character).
    if head_title and not head_title.isascii() and CJK_RE.search(head_title):
        parts = [part.strip() for part in TITLE_PART_RE.split(head_title)[::2] if part.strip()]
        site_names.update(part.casefold() for part in parts
                          if len(parts) > 1 and part != max(parts, key=len) and CJK_RE.search(part))
    if findings.origin:  # the credited outlet ("来源：证券时报网") is not an author either
        site_names.add(findings.origin.casefold())
    # The page's markup and text come last: the byline elements are searched for only when the structured
    # sources (JSON-LD, meta, microdata) name nobody (the element walk is costly).
    authors = _choose_authors(found, site_names)
    if authors is None:
        marked_names = markup_byline(doc)
        if set(marked_names) < set(findings.authors):  # one element per author: the byline line names them all
            marked_names = findings.authors
        found.add("authors", marked_names, TEXT)
        found.add("authors", findings.authors, TEXT)
        authors = _choose_authors(found, site_names)
    if authors:
        metadata.authors = take("authors", authors)
    found.add("editors", findings.editors, TEXT)
    editors = _choose_authors(found, site_names, "editors")
    if editors:
        metadata.editors = take("editors", editors)
    metadata.published = take("published", published or _plausible_date(findings.published, TEXT, now))
    metadata.modified = take("modified", modified or _plausible_date(findings.modified, TEXT, now))
    metadata.origin = take("origin", (findings.origin, TEXT) if findings.origin else None)
    metadata.language = take("language", languages[0] if languages else None)
    descriptions = [(v, s) for v, s in found.get("description") if len(v) >= MIN_DESCRIPTION_CHARS]
    metadata.description = take("description", descriptions[0] if descriptions else None)
    canonical = _first(found, "canonical_url") or ((doc.url, URL) if doc.url else None)
    if canonical and doc.url:
        canonical = (resolve_url(doc.url, canonical[0]), canonical[1])
    metadata.canonical_url = take("canonical_url", canonical)
    image = _first(found, "image")
    if image and doc.url:
        image = (resolve_url(doc.url, image[0]), image[1])
    metadata.image = take("image", image)
    metadata.tags = take("tags", _first(found, "tags")) or []
    metadata.section = take("section", _first(found, "section"))


def _ordered_language(found: _Candidates) -> Iterable[tuple[str, str]]:
    """The page's own ``lang`` declaration before og:locale, which sites often leave at a default."""
    values = found.get("language")
    return sorted(values, key=lambda pair: 0 if pair[1] == JSON_LD else 1 if pair[1] == META else 2)


__all__ = ["SOURCES", "Metadata", "extract_metadata", "metadata_of"]
