"""The page's structured sources of metadata: JSON-LD, OpenGraph and ``<meta>`` names, head links, microdata and
``<time datetime>``, and the URL path; each adds its values to the candidates in the order of trust."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from lxml import etree

from crawler.extractors.document import jsonld
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.candidates import JSON_LD, META, MICRODATA, URL, Candidates, clean
from crawler.extractors.metadata.dates import find_url_date
from crawler.extractors.metadata.markup import ITEMPROP, PageMarkup
from crawler.extractors.metadata.teasers import in_teaser
from crawler.extractors.metadata.time_text import in_other_story_area, time_value

# <meta> keys per field, by source, most specific first (names seen on news pages, plus the Dublin Core,
# Parse.ly, Sailthru and Highwire/citation conventions; Dublin Core's title is read before OpenGraph's:
# ``titles.DUBLIN_CORE_TITLE_KEYS``).
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
    "title": ("parsely-title", "sailthru.title", "citation_title", "title", "weibo:article:title"),
    "authors": ("dc:creator", "dcterm:creator", "dc.creator", "dcterms.creator", "author", "byline",
                "parsely-author", "sailthru.author", "citation_author", "article.author", "authors"),
    "published": ("pubdate", "publishdate", "publish-date", "publish_date", "publication_date", "dc.date.issued",
                  "dcterms.issued", "dcterms.created", "dc.date", "dcterms.date", "article.published",
                  "parsely-pub-date", "sailthru.date", "citation_publication_date", "citation_date",
                  "weibo:article:create_at", "published", "published-date", "published_date", "publication-date",
                  "datepublished", "date", "created"),
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
# The article properties read as one text each, per field in the order of trust (``from_json_ld``), and those of the
# page's other objects; the properties naming people; the types of an object whose name is the site's.
ARTICLE_TEXT_KEYS = (("published", "datePublished"), ("published", "dateCreated"), ("published", "uploadDate"),
                     ("modified", "dateModified"), ("language", "inLanguage"))
OTHER_TEXT_KEYS = (("language", "inLanguage"), ("published", "datePublished"), ("modified", "dateModified"))
PEOPLE_KEYS = frozenset({"author", "creator", "editor"})
SITE_TYPES = frozenset({"website", "organization", "newsmediaorganization"})
# Types of an organization: a name the page declares one of these is an outlet, never a person (an author object
# typed Person by a CMS's default but named as the publisher is the outlet); an object also typed Person is a
# personal brand's and stays a person.
ORGANIZATION_TYPES = frozenset({"organization", "newsmediaorganization", "corporation", "medicalorganization",
                                "educationalorganization", "governmentorganization", "ngo"})
# A twitter card's labelled pairs (``twitter:label1`` / ``twitter:data1``) name the author when the label says so:
# WordPress SEO plug-ins write "Written by" there, often with no meta author (pairs numbered from 1; cards show two).
CARD_PAIRS = 4
AUTHOR_LABEL_RE = re.compile(r"^\s*(?:(?:written|posted|story|words)\s+by|by|author|auteur|autor|autore|verfasst von|"
                             r"geschrieben von|escrito por|scritto da|geschreven door|écrit par)\s*:?\s*$", re.I)
# Fields of which only the first candidate is read (``_first`` in ``_choose``): once a source gave one, the <meta>
# values of the later sources are not computed for it (a keywords list cut and cleaned for nothing when JSON-LD
# named the tags). The others (authors, dates, language, description) read every candidate in turn.
FIRST_ONLY_FIELDS = frozenset({"title", "site_name", "canonical_url", "image", "tags", "section"})

# The page objects that stand for the article when a page has no article object ("WebPage" with a headline and an
# author); a collection's or a profile's author is not a story's.
AUTHORED_PAGE_TYPES = frozenset({"webpage", "itempage"})
# Recordings whose date is the clip's upload, not the story's: a page that embeds one beside its story and declares no
# article object dates it by the clip (an article page with an embedded video, its clip uploaded the evening before).
MEDIA_TYPES = frozenset({"videoobject", "audioobject", "clip"})

# ---------------------------------------------------------------- sources


def organization_names(value: Any) -> list[str]:
    """The name of an object the markup types an organization (and not also a person)."""
    if not isinstance(value, dict):
        return []
    types = jsonld.types_of(value)
    if not types & ORGANIZATION_TYPES or "person" in types:
        return []
    return jsonld.names_of(value)


def from_json_ld(doc: TextDocument, found: Candidates, warnings: list[str]) -> None:
    articles, others, problems = jsonld.article_objects(doc.json_ld)
    warnings.extend(problems)
    text_of = jsonld.text_of
    add = found.add
    for item in articles:
        # Only the properties the object has are read (``text_of``, ``names_of`` and ``strings_of`` of an absent one
        # give nothing to add): an article has about half of those read here, the page's other objects few.
        present = item.keys()
        add("title", headline_of(item, doc.title), JSON_LD)
        if not present.isdisjoint(PEOPLE_KEYS):
            add("authors", jsonld.names_of(item.get("author")) or jsonld.names_of(item.get("creator")), JSON_LD)
            add("declared_people", jsonld.declared_people(item.get("author")), JSON_LD)
            add("editors", jsonld.names_of(item.get("editor")), JSON_LD)
        for name, key in ARTICLE_TEXT_KEYS:
            if key in present:
                add(name, text_of(item[key]), JSON_LD)
        if "description" in present:
            add("description", clean(text_of(item["description"])), JSON_LD)
        if "publisher" in present:
            publisher = item["publisher"]
            add("organizations", organization_names(publisher), JSON_LD)
            add("site_name", clean(text_of(publisher.get("name") if isinstance(publisher, dict) else publisher)),
                JSON_LD)
        add("canonical_url", text_of(item.get("url")) or text_of(item.get("mainEntityOfPage")), JSON_LD)
        add("image", text_of(item.get("image")) or text_of(item.get("thumbnailUrl")), JSON_LD)
        if "keywords" in present:
            add("tags", jsonld.strings_of(item["keywords"]), JSON_LD)
        if "articleSection" in present:
            add("section", clean(text_of(item["articleSection"])), JSON_LD)
    for item in others:
        present = item.keys()
        # a page with no article object whose WebPage carries the article's author (newsletter platforms)
        if not articles and "author" in present and jsonld.types_of(item) & AUTHORED_PAGE_TYPES:
            add("authors", jsonld.names_of(item["author"]), JSON_LD)
            add("declared_people", jsonld.declared_people(item["author"]), JSON_LD)
        add("organizations", organization_names(item), JSON_LD)
        if "name" in present and jsonld.types_of(item) & SITE_TYPES:
            add("site_name", clean(text_of(item["name"])), JSON_LD)
        for name, key in OTHER_TEXT_KEYS:
            if key in present:
                add(name, text_of(item[key]), JSON_LD)


def headline_of(item: dict[str, Any], head_title: str | None) -> str | None:
    """``headline``, or ``name`` when the two differ and ``name`` is closer to the <title> (Wikipedia puts a
    description in ``headline``; Readability.js makes the same choice)."""
    headline = clean(jsonld.text_of(item.get("headline")))
    name = clean(jsonld.text_of(item.get("name")))
    if headline and name and headline != name and head_title:
        return max((headline, name), key=lambda text: similarity(text, head_title))
    return headline or name


def similarity(text: str, other: str) -> float:
    from difflib import SequenceMatcher  # here: asked only when a headline and a name differ

    return SequenceMatcher(None, text.casefold(), other.casefold()).ratio()


def from_meta(doc: TextDocument, meta: dict[str, list[str]], keys: dict[str, tuple[str, ...]], source: str,
               found: Candidates) -> None:
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
                found.add(name, [v for content in contents for v in split_list(content, name)], source)
            else:
                found.add(name, contents[0] if raw else clean(contents[0]), source)
            if first_only and name in candidates:
                break


def from_card_labels(meta: dict[str, list[str]], found: Candidates) -> None:
    """The author of a twitter card's pair labelled "Written by" (after the meta author keys, before microdata)."""
    for index in range(1, CARD_PAIRS + 1):
        labels = meta.get(f"twitter:label{index}")
        if labels and AUTHOR_LABEL_RE.match(labels[0]):
            found.add("authors", split_list(meta.get(f"twitter:data{index}", [""])[0], "authors"), META)


def split_list(content: str, name: str) -> list[str]:
    separator = TAG_SEPARATOR_RE if name == "tags" else NAME_SEPARATOR_RE
    return [part for piece in separator.split(content) if (part := clean(piece))]


def from_links(links: Iterable[tuple[str | None, str | None]], found: Candidates) -> None:
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


def itemprop_value(element: etree._Element) -> str | None:
    for attribute in ("content", "datetime", "src", "href"):
        value = element.get(attribute)
        if value and value.strip():
            return value.strip()
    return clean(element.text_content()) if element.tag != "meta" else None


def named_within(element: etree._Element) -> etree._Element | None:
    """``element.find(".//*[@itemprop='name']")``, the steps ElementPath takes (``iterdescendants("*")``, then ``get``)
    without its costly path machinery (as ``markup.body_of`` says)."""
    return next((inner for inner in element.iterdescendants("*") if inner.get(ITEMPROP) == "name"), None)


def _dropped_name(itemprops: list[etree._Element], index: int) -> etree._Element | None:
    """The ``<meta itemprop="name">`` right after an empty item in the page's order, which the block walk took out of
    the item (``getparent()`` None): a Person item named by a <meta> ("<span itemprop=author><meta itemprop=name
    content=...>")."""
    following = itemprops[index + 1] if index + 1 < len(itemprops) else None
    if following is not None and following.tag == "meta" and following.get(ITEMPROP) == "name" and \
            following.getparent() is None:
        return following
    return None


# The items of a thread's replies, by type and by the property that holds them.
REPLY_TYPES = frozenset({"comment", "answer"})
REPLY_PROPS = frozenset({"comment", "acceptedAnswer", "suggestedAnswer"})


def of_a_reply(element: etree._Element) -> bool:
    """Whether an author itemprop belongs to a comment, an answer or a reply (its item is a Comment or an Answer, or
    is one by its itemprop): a thread's repliers are not the page's author."""
    scope = next((parent for parent in element.iterancestors() if parent.get("itemscope") is not None), None)
    if scope is None:
        return False
    kind = (scope.get("itemtype") or "").rsplit("/", 1)[-1].casefold()
    return kind in REPLY_TYPES or (scope.get(ITEMPROP) or "") in REPLY_PROPS


def from_microdata(markup: PageMarkup, found: Candidates) -> None:
    candidates = found.values
    for index, element in enumerate(markup.itemprops):
        for prop in element.get("itemprop", "").split():
            name = MICRODATA_FIELDS.get(prop)
            # A field of which only the first candidate is read has no value computed once a source gave one (as in
            # ``from_meta``): a headline's or a keyword list's text read out of its element for nothing.
            if name is None or (name in candidates and name in FIRST_ONLY_FIELDS):
                continue
            if name == "authors":
                if of_a_reply(element):
                    continue
                inner = named_within(element) if len(element) else _dropped_name(markup.itemprops, index)
                link = next(element.iterdescendants("a"), None) if inner is None and len(element) else None
                # a user card: the name is the text of its first link ("/users/12/name"), not its address
                value = clean(link.text_content()) if link is not None else \
                    itemprop_value(inner if inner is not None else element)
                found.add(name, [value] if value else [], MICRODATA)
            elif name == "tags":
                found.add(name, split_list(itemprop_value(element) or "", "tags"), MICRODATA)
            else:
                found.add(name, itemprop_value(element), MICRODATA)
    times = [element for element in markup.times if not in_teaser(element)]  # a listing's teasers' times
    published = [t for t in times if t.get("pubdate") is not None or "publish" in (t.get("class") or "")]
    for element in published + times:
        found.add("published", time_value(element), MICRODATA)
    if published:
        # hAtom's pair (WordPress themes): an "updated" time beside a "published" one is the modification; a lone
        # "updated" time is the only date news themes print, its publication
        for element in times:
            if "updated" in (element.get("class") or "") and "publish" not in (element.get("class") or ""):
                found.add("modified", element.get("datetime"), MICRODATA)


def from_amp_timeago(doc: TextDocument, found: Candidates) -> None:
    """The moment of an AMP page's relative-time widget (``<amp-timeago datetime=…>2 hours ago</amp-timeago>``): the
    widget's attribute is the date its text counts from, read as a ``<time datetime>`` is (AMP pages only)."""
    root = doc.root
    if root is None or (root.get("amp") is None and root.get("⚡") is None):
        return
    for element in root.iter("amp-timeago"):
        if not in_other_story_area(element, doc.body if doc.body is not None else root):
            found.add("published", element.get("datetime"), MICRODATA)


def dated_by_media_only(scripts: list[str]) -> bool:
    """Whether the page's JSON-LD declares a video or audio object and no article (MEDIA_TYPES): its markup date is
    the clip's upload."""
    declared = [jsonld.declared_types(text) for text in scripts]
    return any(types & MEDIA_TYPES for types in declared) and \
        all(types.isdisjoint(jsonld.ARTICLE_TYPES) for types in declared)


def from_url(doc: TextDocument, found: Candidates) -> None:
    day = find_url_date(doc.url)
    if day is not None:
        found.add("published", day, URL)


__all__ = ["FIRST_ONLY_FIELDS", "MEDIA_TYPES", "META_KEYS", "MICRODATA_PROPS", "OPENGRAPH_KEYS", "dated_by_media_only",
           "from_amp_timeago", "from_card_labels", "from_json_ld", "from_links", "from_meta", "from_microdata",
           "from_url", "headline_of", "itemprop_value", "named_within", "split_list"]
