"""Article metadata: headline, authors, dates, language, description, site, canonical URL, image, tags.

Every field is taken from the most trusted source that gives a plausible value:
JSON-LD > OpenGraph/Twitter cards > ``<meta>`` names and head links > microdata (``itemprop``, and
``<time datetime>`` in the body, then a ``<time>``'s own text) > the URL path > the visible text near the
headline. ``Metadata.sources`` names the source of each field. A value that fails its check (a date in the future or
before 1990, a site name given as author, a URL given as a name) is skipped and the next source is asked.

    >>> from crawler.extractors import extract_metadata_only
    >>> extract_metadata_only(html, url).to_dict()
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import CJK_RE
from crawler.extractors.document.urljoins import resolve_url
from crawler.extractors.metadata.authors import choose_authors, outlets_of
from crawler.extractors.metadata.authors import site_names as names_of_site
from crawler.extractors.metadata.byline_elements import markup_byline
from crawler.extractors.metadata.candidates import (
    JSON_LD,
    META,
    MICRODATA,
    OPENGRAPH,
    SOURCES,
    TEXT,
    URL,
    Candidates,
    clean,
)
from crawler.extractors.metadata.corrections import correction_date
from crawler.extractors.metadata.date_choice import canonical_day, choose_date, plausible_date, read_date
from crawler.extractors.metadata.date_conflicts import earlier_labelled, settle_published
from crawler.extractors.metadata.docs_pages import last_committers
from crawler.extractors.metadata.far_dates import note_page_edit
from crawler.extractors.metadata.field_lines import field_byline
from crawler.extractors.metadata.handles import author_accounts, unshown_field, unshown_logins
from crawler.extractors.metadata.hatom import hatom_date, titled_relative_date
from crawler.extractors.metadata.korean_credits import portal_provider
from crawler.extractors.metadata.label_blocks import date_after_label, modified_after_label
from crawler.extractors.metadata.markup import markup_of
from crawler.extractors.metadata.markup_names import company_of_copyright, photographer_only
from crawler.extractors.metadata.member_cards import card_starter
from crawler.extractors.metadata.personal_sites import (
    home_link_names,
    in_first_person,
    owner_candidates,
    personal_names,
    site_owner,
)
from crawler.extractors.metadata.profile_links import declares_product, thread_starter
from crawler.extractors.metadata.shown_bylines import shown_byline, shown_text
from crawler.extractors.metadata.site_titles import h1_before_site, head_title_h1
from crawler.extractors.metadata.sponsors import without_sponsors
from crawler.extractors.metadata.story_credits import live_headline
from crawler.extractors.metadata.structured import (
    FIRST_ONLY_FIELDS,
    META_KEYS,
    OPENGRAPH_KEYS,
    dated_by_media_only,
    from_amp_timeago,
    from_card_labels,
    from_json_ld,
    from_links,
    from_meta,
    from_microdata,
    from_url,
)
from crawler.extractors.metadata.thing_pages import about_a_thing
from crawler.extractors.metadata.time_text import time_text_date
from crawler.extractors.metadata.title_items import (
    head_page_title,
    names_no_page,
    only_site_name,
    page_markup_title,
    shown_as_home_link,
    site_first_headline,
)
from crawler.extractors.metadata.title_labels import labelled_headline
from crawler.extractors.metadata.titles import (
    DUBLIN_CORE_TITLE_KEYS,
    HEAD_TITLE,
    TITLE_PART_RE,
    h1_title_part,
    page_headline,
    rewritten_headline,
    site_name_title,
    title_from_head,
    title_repeats,
    unescaped_twice,
    visible_headline,
)
from crawler.extractors.metadata.visible import day_first, headline_index, scan_visible

LANGUAGE_RE = re.compile(r"^([a-z]{2,3})(?:[-_][a-z0-9]+)*$", re.I)
# Declared languages whose code is kept (``_language``): a crawl meets a few dozen spellings ("en", "en-US",
# "en_US"...); 256 holds them with room.
LANGUAGE_CACHE_SIZE = 256
CACHE_ATTRIBUTE = "_metadata"
# A site's name is short: a longer <title> is not looked for among the header's links home.
MAX_SITE_NAME_CHARS = 30
# A description this short says nothing ("News", "Home").
MIN_DESCRIPTION_CHARS = 20


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


# ---------------------------------------------------------------- choosing


@lru_cache(maxsize=LANGUAGE_CACHE_SIZE)
def _language(value: str) -> str | None:
    """The ISO 639-1 code of a declared language ("en-US" -> "en"), None for another; kept for the same value (a pure
    function of its text)."""
    match = LANGUAGE_RE.match(value.strip())
    if not match:
        return None
    code = match.group(1).lower()
    return code if len(code) == 2 else None


def _first(found: Candidates, name: str) -> tuple[Any, str] | None:
    values = found.get(name)
    return values[0] if values else None


def extract_metadata(doc: TextDocument, now: datetime | None = None) -> Metadata:
    """The metadata of a parsed page; ``now`` is the crawl time that relative dates count back from."""
    now = now or datetime.now(timezone.utc)
    metadata = Metadata()
    if doc.root is None:
        metadata.warnings.append(doc.empty_reason or "no document")
        return metadata
    found = Candidates()
    from_json_ld(doc, found, metadata.warnings)
    markup = markup_of(doc)  # one walk for <meta>, <link>, itemprop and <time>
    from_meta(doc, markup.meta, DUBLIN_CORE_TITLE_KEYS, META, found)
    from_meta(doc, markup.meta, OPENGRAPH_KEYS, OPENGRAPH, found)
    from_meta(doc, markup.meta, META_KEYS, META, found)
    from_card_labels(markup.meta, found)
    from_links(markup.links, found)
    from_microdata(markup, found)
    from_amp_timeago(doc, found)
    from_url(doc, found)
    # (og:title and twitter:title are read for the title's check even when a JSON-LD title came first)
    _choose(doc, found, metadata, now, [title for key in OPENGRAPH_KEYS["title"]
                                        if markup.meta.get(key) and (title := clean(markup.meta[key][0]))])
    return metadata


def metadata_of(doc: TextDocument) -> Metadata:
    """``extract_metadata(doc)`` computed once per document, however many extractors run on it."""
    cached = getattr(doc, CACHE_ATTRIBUTE, None)
    if cached is None:
        cached = extract_metadata(doc)
        setattr(doc, CACHE_ATTRIBUTE, cached)
    return cached


def _choose(doc: TextDocument, found: Candidates, metadata: Metadata, now: datetime,
            social_titles: list[str]) -> None:
    sources = metadata.sources

    def take(name: str, pair: tuple[Any, str] | None) -> Any:
        if pair is None:
            return None
        sources[name] = pair[1]
        return pair[0]

    metadata.site_name = take("site_name", _first(found, "site_name"))
    head_title = clean(doc.title)
    # (a title naming a work the page embeds or lists, or no page, is not the page's: title_items.py says when)
    chosen_title, items_skipped = page_markup_title(found.get("title"), head_title, social_titles, doc.json_ld)
    if chosen_title is not None and (named := site_name_title(chosen_title[0], head_title, metadata.site_name,
                                                              doc.url)):
        chosen_title = (named, META)  # the markup title names the site, the <title> the page
    from_head = chosen_title is None and bool(head_title) and not names_no_page(head_title or "")
    if from_head and head_title:
        chosen_title = (head_page_title(head_title, metadata.site_name), META)
    if chosen_title is not None:
        chosen_title = (unescaped_twice(chosen_title[0]), chosen_title[1])
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
    published, markup_read = read_date(found, "published", now) or (None, None)
    modified = choose_date(found, "modified", now)
    language = doc.declared_language or (languages[0][0] if languages else None)
    # (a page about an event, an app, a product or a place its markup declares shows the thing's days, not its own)
    thing = published is None and modified is None and about_a_thing(doc)
    if (published is None or published[1] == URL) and not thing:  # hAtom's title stamp, then the page's <time> text
        shown = hatom_date(doc.body) or time_text_date(doc.body, day_first=day_first(language)) or \
            titled_relative_date(doc.body)
        if shown and (visible := plausible_date(shown, MICRODATA, now)):
            published, markup_read = visible, None
    # (markup dates that are one moment, a CMS's last save written into both, leave the page's labelled date wanted)
    saved_twice = published is not None and modified is not None and published[0] == modified[0]
    findings = scan_visible(doc, metadata.title or head_title, now, language,
                            dates=not thing and (published is None or modified is None or saved_twice),
                            shown=published is not None,
                            later=True)
    note_page_edit(findings, doc.blocks, now, day_first=day_first(language))  # a wiki's foot: its last edit
    if metadata.title is None and findings.headline:
        metadata.title = take("title", (findings.headline, TEXT))
    elif metadata.title is not None:
        headline = page_headline(metadata.title, head_title, findings.headline)
        if headline != metadata.title:
            metadata.title = take("title", (headline, TEXT))
    site_names = names_of_site(metadata.site_name, doc.url)
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
    outlets = outlets_of(found)  # (the organizations are all found: one reading for every choice below)
    authors = choose_authors(found, site_names, outlets=outlets)
    if authors is not None and authors[1] != TEXT and (unshown_logins(authors[0], lambda: shown_text(doc)) or
                                                         unshown_field(authors[0], findings, doc)):
        # a login in the field, a person shown
        authors = shown_byline(doc, findings.people(), metadata.title or head_title, site_names) or authors
    if authors is None:
        marked_names = markup_byline(doc)
        if set(marked_names) < set(findings.people()):  # one element per author: the byline line names them all
            marked_names = findings.authors
        elif marked_names and findings.authors and set(marked_names).isdisjoint(findings.authors) and \
                live_headline(metadata.title or head_title):
            marked_names = markup_byline(doc, entries=False)  # a live blog's first entry's author, not its byline
        found.add("authors", marked_names, TEXT)
        found.add("authors", findings.authors, TEXT)
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None:  # "Author: Jane Doe" among the story's fields under the headline
        found.add("authors", field_byline(doc, headline_index(doc, metadata.title or head_title)), TEXT)
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None:  # a forum thread: the member whose post comes first under the title
        # (its profile links, else the member cards of a guest's view, which show the names without links)
        starter = thread_starter(doc.root, doc.url, doc.json_ld, head_title, doc.h1s()) or card_starter(doc)
        found.add("authors", starter, TEXT)
        found.add("declared_people", starter, TEXT)  # a profile link names a member, whatever its handle ("JGD")
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None and (named := [name for names, _ in found.get("authors") for name in names
                                      if name.casefold() in site_names]):
        # the site's own name, linked to its author page: a one-person blog's account ("/author/erin-spain/")
        found.add("declared_people", author_accounts(doc.root, named), TEXT)
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None and named and (published or findings.published):  # a one-person site's dated post, in "I"
        organizations = {name.casefold() for names, _ in found.get("organizations") for name in names}
        found.add("declared_people", site_owner(doc, list(dict.fromkeys(named)), organizations), TEXT)
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None and (published or findings.published) and not declares_product(doc.json_ld) and \
            in_first_person(doc):  # no author field: the site's owner, its name the header's link home, in "I"
        organizations = {name.casefold() for names, _ in found.get("organizations") for name in names}
        owners = home_link_names(doc.root, doc.url, owner_candidates(metadata.site_name, head_title))
        owner = personal_names(owners, organizations)[:1]
        found.add("declared_people", owner, TEXT)
        found.add("authors", owner, TEXT)
        authors = choose_authors(found, site_names, outlets=outlets)
    if authors is None:  # nobody signs: the author field's collective byline ("Acme Team")
        authors = choose_authors(found, site_names, collective=True, outlets=outlets)
    if authors and authors[1] == TEXT and last_committers(doc, authors[0]):  # a docs page's last committer
        authors = None
    if authors and authors[1] != TEXT and not findings.authors and (
            photographer_only(authors[0], doc) or company_of_copyright(authors[0], doc)):
        authors = None  # the markup's author the page shows as its photographer, or the company it belongs to
    if authors and (kept := without_sponsors(authors[0], doc)) != authors[0]:  # an advertorial's sponsor
        authors = (kept, authors[1]) if kept else None
    if authors:
        metadata.authors = take("authors", authors)
    found.add("editors", findings.editors, TEXT)
    editors = choose_authors(found, site_names, "editors", outlets=outlets)
    if editors:
        metadata.editors = take("editors", editors)
    if published is not None and published[1] != URL and findings.date_line:  # the markup's day against the shown one
        settled = settle_published(*published, findings.date_line, now, day_first=day_first(language), url=doc.url,
                                   stated=findings.date_line_date, markup_read=markup_read,
                                   other_item=published[1] == JSON_LD and dated_by_media_only(doc.json_ld))
        if settled.source != published[1]:
            metadata.warnings.append(settled.reason)
        published = (settled.iso, settled.source)
    elif saved_twice and findings.labelled_away and (shown := plausible_date(findings.published, TEXT, now)):
        published = earlier_labelled(published, shown)
    text_modified = plausible_date(findings.modified or (None if modified or not (published or findings.published)
                                                         else correction_date(doc, day_first=day_first(language))),
                                   TEXT, now)  # (a dated page's correction note, "Korrektur, 06.03.2024: …")
    # A page that shows only "Updated on ..." under its headline, with no publication date in its markup or text,
    # dates its article by that visible day (a markup modified time alone is a CMS's save time, never taken for it).
    metadata.published = take("published", published or plausible_date(findings.published, TEXT, now)
                              or plausible_date(None if thing else date_after_label(doc, day_first=day_first(language)),
                                                TEXT, now)
                              or canonical_day(found, now) or (None if findings.page_edited else text_modified))
    metadata.modified = take("modified", modified or text_modified or plausible_date(  # a service page's foot fields
        None if metadata.published or thing else modified_after_label(doc, day_first=day_first(language)), TEXT, now))
    # (a page whose h1 is the headline part of its <title> cut at a separator: the h1 is the title; a markup title
    # written whole, site's name and all, is the site's choice and stays)
    if from_head and metadata.title and (part := h1_title_part(head_title, doc.h1s(), doc.root) or
                                         site_first_headline(head_title, doc.h1s(), doc.root, doc.url)) \
            and part != metadata.title:
        metadata.title = take("title", (part, TEXT))
    shown, h1_part = visible_headline(doc.root, doc.url, metadata.site_name, doc.h1s()), None
    if metadata.title and (h1_part := head_title_h1(metadata.title, head_title, shown, from_head, lambda:
                                                    h1_before_site(head_title, shown, doc.root, doc.url,
                                                                   metadata.site_name))):  # "Short h1 | Site"
        metadata.title = take("title", (h1_part, TEXT))
    # A page shows its headline in its one <h1>; its markup title may be rewritten for search (titles.py says when).
    if metadata.title and shown and not h1_part:
        source = HEAD_TITLE if from_head and sources.get("title") == META else sources.get("title")
        # (a shop template's every title is the shop's name; a listing's "Topic | Section | Site" names its topic first)
        # (an e-paper's <title> is the paper's name its header's link home shows: "某某日报数字报")
        if only_site_name(metadata.title, metadata.site_name, head_title, doc.url) or \
                (items_skipped and source == HEAD_TITLE and title_repeats(head_title, shown)) or \
                (from_head and metadata.title == head_title and len(head_title) <= MAX_SITE_NAME_CHARS and
                 shown != head_title and shown_as_home_link(doc.root, doc.url, head_title)):
            metadata.title = take("title", (shown, TEXT))
        page_title = title_from_head(head_title, metadata.site_name) if head_title else None
        if rewritten_headline(metadata.title, shown, bool(metadata.published or metadata.authors), page_title,
                              head_title=head_title, markup_source=source):
            metadata.title = take("title", (shown, TEXT))
    if metadata.title and (labelled := labelled_headline(metadata.title, head_title, shown, doc.h1s(), doc.root)):
        metadata.title = take("title", (labelled, TEXT))  # "LIVE: headline", "headline（outlet） - portal"
    # (a Korean portal's relay names its provider in the author field only: "매일신문", "한국경제 | 네이버")
    metadata.origin = take("origin", (findings.origin, TEXT) if findings.origin else portal_provider(found, site_names))
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


def _ordered_language(found: Candidates) -> Iterable[tuple[str, str]]:
    """The page's own ``lang`` declaration before og:locale, which sites often leave at a default."""
    values = found.get("language")
    return sorted(values, key=lambda pair: 0 if pair[1] == JSON_LD else 1 if pair[1] == META else 2)


__all__ = ["FIRST_ONLY_FIELDS", "JSON_LD", "META", "META_KEYS", "MICRODATA", "MIN_DESCRIPTION_CHARS", "OPENGRAPH",
           "OPENGRAPH_KEYS", "SOURCES", "TEXT", "URL", "Metadata", "extract_metadata", "metadata_of"]
