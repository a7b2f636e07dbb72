"""Markup titles that are not the page's: a JSON-LD title naming a work the page embeds or lists, and a title that
names no page (a CMS's "Home", a category's empty name, the site's name on a page below the home page).

Pages that are not articles (a service's, a product's or a section's page) often carry schema.org objects for what
they show, not for themselves: a promotional video, the customers' reviews, a generic CreativeWork. Without an
Article object, the first such work's name is then no title of the page; its <title> and og:title say what it is.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document import jsonld
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.candidates import JSON_LD, OPENGRAPH
from crawler.extractors.metadata.titles import TITLE_PART_RE, TITLE_WORD_RE, fold_title, title_from_head

# The sources of titles that may name a work on the page rather than the page (schema.org objects).
ITEM_SOURCES = frozenset({JSON_LD})
# The names a CMS gives a page by default, which name no page ("Home" for the front page of many site builders).
PLACEHOLDER_TITLES = frozenset({"home", "homepage"})
# A <title> whose first part is empty (" | Magazine"): a template printed an empty name before the site's.
EMPTY_HEAD_RE = re.compile(r"^\s*[|\-–—\\/>»·•:]")


def page_markup_title(candidates: list[tuple[str, str]], head_title: str | None, social_titles: list[str],
                      scripts: list[str]) -> tuple[tuple[str, str] | None, bool]:
    """The first markup title that is the page's: a JSON-LD title is skipped when the page's JSON-LD ``scripts``
    declare no Article (its objects are works: videos, reviews, CreativeWorks) and it names something else than what
    the page's own titles (its <title>, ``social_titles``: og:title, twitter:title) name; a placeholder name is
    skipped; with every candidate skipped, the first social title (None without one). And whether a JSON-LD title was
    skipped (the page lists or embeds works: its <title> then names it).

    A work's title names something else when it shares no word with the page's titles (a video's file name, a story
    a section page features); of several different works (the page's reviews or videos), only the words that tell it
    from the others count ("How to use the camera | Nova X Series" among its siblings is "camera", not "Nova"), and
    once one is skipped its siblings are too. Without a page title to compare with, the first title stays."""
    others = [value for value, source in candidates if source not in ITEM_SOURCES] + social_titles
    others += [head_title] if head_title else []
    items_skipped = False
    for value, source in candidates:
        if fold_title(value) in PLACEHOLDER_TITLES and (others or len(candidates) > 1):
            continue
        if source in ITEM_SOURCES and others and (items_skipped or not _agrees(value, others, candidates)) \
                and not declares_article(scripts):
            items_skipped = True
            continue
        return (value, source), items_skipped
    social = [title for title in social_titles if fold_title(title) not in PLACEHOLDER_TITLES]
    return ((social[0], OPENGRAPH) if social else None), items_skipped


def declares_article(scripts: list[str]) -> bool:
    """Whether the page's JSON-LD declares an Article (its headline is the page's however its <title> reads): the
    types ``article_objects`` remembered of each script, asked only of a title that disagrees with the page's."""
    return any(not jsonld.declared_types(text).isdisjoint(jsonld.ARTICLE_TYPES) for text in scripts)


def head_page_title(head_title: str, site_name: str | None) -> str:
    """The <title> without the site's name (``title_from_head``), or whole when what is left is a placeholder
    ("Home - The Example Blog": the site's name is all that names the page)."""
    title = title_from_head(head_title, site_name)
    return head_title if fold_title(title) in PLACEHOLDER_TITLES else title


def names_no_page(title: str) -> bool:
    """Whether a <title> starts with a separator: the page's own name printed empty before the site's."""
    return bool(EMPTY_HEAD_RE.match(title)) or not fold_title(title)


def only_site_name(title: str, site_name: str | None, head_title: str | None, url: str | None) -> bool:
    """Whether the title and the page's <title> are both only the site's name on a page below the home page (a shop
    builder's template titles every page with the shop's name): then the page's one h1 names it."""
    if not site_name or not url or not urlsplit(url).path.strip("/"):
        return False
    site = fold_title(site_name)
    return fold_title(title) == site and (not head_title or fold_title(head_title) == site)


def site_first_headline(head_title: str | None, h1s: list[etree._Element], root: etree._Element | None,
                        url: str | None) -> str | None:
    """The headline of a "Site - Headline" <title> (a Macao paper's, some portals'): its second and last part, when it
    is the page's h1 and the first is the name the header's link home shows; else None."""
    parts = [part.strip() for part in TITLE_PART_RE.split(head_title or "")[::2] if part.strip()]
    if len(parts) != 2 or root is None or \
            fold_title(parts[1]) not in {fold_title(normalize_space("".join(h1.itertext()))) for h1 in h1s}:
        return None
    return parts[1] if shown_as_home_link(root, url, parts[0]) else None


def home_links(root: etree._Element | None, url: str | None) -> list[etree._Element]:
    """The links to the site's home page ("/", the site's address): the header's logo, a footer's site name. A link to a
    fragment of the page ("#what-is-ownership", a heading's own anchor) or to another page is none."""
    if root is None:
        return []
    host = urlsplit(url).hostname if url else None
    found = []
    for link in root.iter("a"):
        href = (link.get("href") or "").strip()
        parts = urlsplit(href)
        if href and not (parts.query or parts.fragment or parts.path.strip("/") or href.startswith("#") or
                         (parts.hostname and parts.hostname != host)):
            found.append(link)
    return found


def shown_as_home_link(root: etree._Element | None, url: str | None, name: str) -> bool:
    """Whether a link to the site's home page (``home_links``) shows the name: the header's logo."""
    folded = fold_title(name)
    return any(fold_title(normalize_space(link.text_content())) == folded for link in home_links(root, url))


def _agrees(value: str, others: list[str], candidates: list[tuple[str, str]]) -> bool:
    """Whether a JSON-LD title names what the page's titles name: held in one (or holding one), or sharing with one
    a word of its own (not one all the page's different JSON-LD titles have; asked only when none holds it)."""
    folded = fold_title(value)
    if any(folded in other or other in folded for other in map(fold_title, others) if other):
        return True
    items = {fold_title(title): title for title, source in candidates if source in ITEM_SOURCES}
    shared = set.intersection(*map(_words, items.values())) if len(items) > 1 else set()
    words = _words(value) - shared or _words(value)
    return any(not words.isdisjoint(_words(other)) for other in others)


def _words(text: str) -> set[str]:
    return set(TITLE_WORD_RE.findall(text.casefold()))


__all__ = ["ITEM_SOURCES", "PLACEHOLDER_TITLES", "declares_article", "head_page_title", "home_links", "names_no_page",
           "only_site_name", "page_markup_title", "shown_as_home_link", "site_first_headline"]
