"""The site's own pages: about, contact, legal (privacy, terms, cookies, imprint, disclaimer), careers and login
pages are no news (page type ``site``); search-result, tag and author pages are listings, however much text
they show. Each class is named by the words a site uses for it, in several languages, in three places:

- the page's own URL path segment (``/about-us/``, ``/legal/privacy.html``, Chinese sites' pinyin and its
  initials: ``/guanyu/``, ``/gywm/`` for 关于我们; only the last segment, or the one
  before an ``index`` file, so ``/2024/05/02/privacy-rules-tighten.html`` or ``/careers/2024/how-to-ask``
  are not named by it); for search, tag and author pages the segment before the page's own name
  (``/tag/harbour/``) or the query (``?s=harbour``),
- its title, heading or ``og:title``, split at the separators of "Page | Site" titles; a part must be the
  phrase itself ("Privacy Policy", "关于我们"), not a headline that begins with the word ("Privacy rules
  tighten"), except for the phrases that lead a listing's title ("Search results for ...", "Posts by ..."),
- its declared schema.org type (``AboutPage``, ``ContactPage``, ``SearchResultsPage``, ``ProfilePage``) or
  OpenGraph ``profile``.

Against that evidence stands the page's own claim to be an article: an Article type in its JSON-LD, a
publication date it declares, a date in its URL and, weakly (CMSs mark every page so), ``og:type`` article.
A site page needs at least two of its signals' weight and more than the article's: a film review titled
"Contact" with a NewsArticle type and a date stays an article.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, unquote, urlsplit

from crawler.extractors.document.jsonld import parse_json_ld
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.markup import markup_of
from crawler.kernels.walk import first_meta_content

from .sitepage_classes import SITE, SITE_PAGE_CLASSES, SITE_SCHEMA_TYPES, SITE_URL_WORDS, SitePageClass

# Weights of the signals for a site page (design choice, the same scale as crawler.pagejob.pagetypes: a declared type
# weighs most, the page naming itself in its URL or title next).
SITE_SCHEMA_WEIGHT = 3.0
SITE_URL_WEIGHT = 2.0
SITE_TITLE_WEIGHT = 2.0
# The least evidence for a site page: one URL or title signal alone (a page's name is deliberate).
MIN_SITE_EVIDENCE = 2.0
# The page's claims to be an article, weighed against it.
ARTICLE_SCHEMA_WEIGHT = 3.0
DATED_URL_WEIGHT = 2.0
PUBLISHED_DATE_WEIGHT = 1.0
# WordPress/Yoast and other CMSs put og:type article on every page, the about page included: weak.
OG_ARTICLE_WEIGHT = 1.0

ARTICLE_SCHEMA_TYPES = {
    "article", "newsarticle", "blogposting", "reportagenews", "analysisnewsarticle", "opinionnewsarticle",
    "reviewnewsarticle", "backgroundnewsarticle", "liveblogposting",
}
DATED_PATH_RE = re.compile(r"/(?:19|20)\d{2}[/-]?\d{1,2}(?:[/-]?\d{1,2})?/")
PAGE_EXTENSION_RE = re.compile(r"\.(?:s?html?|php\d?|aspx?|jsp|cfm)$", re.I)
INDEX_NAMES = {"index", "default", "home"}
# Separators between a page's name and the site's in a title: spaced dashes, bars, underscores and CJK
# brackets; not colons, which headlines use ("Privacy: what the new law means").
TITLE_SPLIT_RE = re.compile(r"\s+[-–—|·•»«/]\s+|\s*[|｜»«【】_]\s*|::")
# Title texts longer than this are headlines, never a site page's name (design choice: the longest phrases
# below have 5 words).
MAX_NAME_WORDS = 8
# "harbour Archives": a tag's name is a word or two; "Museum opens its archives" is a headline.
MAX_SUFFIXED_NAME_WORDS = 3
# /tag/<name>/page/2 at most after a tag or author word; a story slug (4+ hyphenated words) after it is a story
# filed under a topic section (/topics/politics/mayor-wins-second-term-in-landslide).
MAX_SEGMENTS_AFTER_PARENT = 3
STORY_SLUG_RE = re.compile(r"[^-]+(?:-[^-]+){3,}")
# Query keys of a site search (WordPress ?s=, most engines ?q=, Baidu's ?wd=).
SEARCH_QUERY_KEYS = {"s", "q", "query", "search", "keyword", "keywords", "searchword", "wd", "kw", "term"}




@dataclass
class SitePage:
    name: str
    kind: str
    evidence: float
    reasons: list[str] = field(default_factory=list)

    def reason(self) -> str:
        return "; ".join(self.reasons)


def normal_name(text: str) -> str:
    """A title part or path word as compared: lower case, single spaces, no punctuation at either end."""
    # str.split cuts at regex \s's characters (both str.isspace), and a character of regex [^\W_] is one that
    # str.isalnum accepts: the same as re.sub(r"\s+", " ", ...).strip() and then re.sub(r"^[\W_]+|[\W_]+$", "", ...),
    # whose search tries the second branch at every character of every title.
    text = " ".join(text.replace("\u2019", "'").casefold().split())
    start, end = 0, len(text)
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return text[start:end]


def _path_segments(url: str) -> tuple[list[str], dict[str, str]]:
    parts = urlsplit(url)
    # A segment is unquoted only with a "%" and searched for an extension only with a "." (the regex needs one, and
    # unquoting makes a "." only from a "%"): most segments have neither, and parse_qsl is called only for a query.
    segments = [(PAGE_EXTENSION_RE.sub("", unquote(s)) if "." in s or "%" in s else s).lower().replace("_", "-")
                for s in parts.path.split("/") if s]
    if segments and segments[-1] in INDEX_NAMES:
        segments.pop()
    query = parts.query
    return segments, {key.lower(): value for key, value in parse_qsl(query) if value.strip()} if query else {}


def _url_evidence(page_class: SitePageClass, segments: list[str], query: dict[str, str]) -> str | None:
    """What the URL's path ``segments`` and ``query`` (``_path_segments``, cut once a page) say of the class."""
    if page_class.path_words and segments:
        last = segments[-1]
        if last in page_class.path_words or last.replace("-", "") in page_class.path_words:
            return f"URL path '{last}'"
    for index, segment in enumerate(segments if page_class.parent_words else ()):  # (6 of the 8 classes have none)
        rest = segments[index + 1:]
        # /tag/<name>/, /author/<name>/page/2: the word names the page, not a section holding stories
        if segment in page_class.parent_words and len(rest) <= MAX_SEGMENTS_AFTER_PARENT \
                and not any(STORY_SLUG_RE.fullmatch(part) for part in rest):
            return f"URL path '{segment}/'"
    if page_class.name == "search results page" and (
            (segments and segments[-1] in page_class.path_words) or set(query) & SEARCH_QUERY_KEYS):
        return f"search query '{sorted(set(query) & SEARCH_QUERY_KEYS)[0]}='"
    return None


def _url_names_a_class(segments: list[str], query: dict[str, str]) -> bool:
    """False when ``_url_evidence`` finds nothing for any class in the URL: its last segment (also without hyphens) is
    none of their path words and no segment one of their parent words, and its query has no search key. Most URLs
    name none, and this one test spares the eight calls of ``_url_evidence``.
    """
    if query and not SEARCH_QUERY_KEYS.isdisjoint(query):
        return True
    if not segments:
        return False
    last = segments[-1]
    return last in SITE_URL_WORDS or last.replace("-", "") in SITE_URL_WORDS or not SITE_URL_WORDS.isdisjoint(segments)


@dataclass(frozen=True)
class PageName:
    """One name the page gives itself, normalised once: whole, and cut into its parts."""

    whole: str
    parts: tuple[str, ...]


def _title_evidence(page_class: SitePageClass, names: Iterable[PageName]) -> str | None:
    for name in names:
        whole, parts = name.whole, name.parts
        for part in parts:
            if part in page_class.titles and len(part.split()) <= MAX_NAME_WORDS:
                return f"title '{part}'"
        if whole.startswith(page_class.title_prefixes):  # any of them (str.startswith takes the tuple)
            return f"title '{whole}'"
        if parts and parts[0].endswith(page_class.title_suffixes) \
                and len(parts[0].split()) <= MAX_SUFFIXED_NAME_WORDS:
            return f"title '{parts[0]}'"
        if any(text in f" {whole} " for text in page_class.title_contains):
            return f"title '{whole}'"
    return None


def page_titles(doc: TextDocument) -> list[str]:
    """The names the page gives itself: ``<title>``, ``og:title`` and its first ``<h1>`` (from the blocks: a
    walk of the whole tree for it would cost far more)."""
    titles = [doc.title or ""]
    # (the first <head> child, as ``find("head")`` gives it, without ElementPath's costly Python-level search)
    head = next(doc.root.iterchildren("head"), None) if doc.root is not None else None
    # (no <meta> with a content has og:title among its keys: the first named so, if any, would add a blank title;
    # ``pagetypes._meta`` reads the metadata's walk so too)
    if head is not None and "og:title" in markup_of(doc).meta:
        # (a blank title is dropped below; in C as ``pagetypes._meta``)
        titles.append(first_meta_content(head, "og:title") or "")
    for block in doc.blocks:  # the first <h1>, not all of them (a loop: a generator resumed for every block cost more)
        if "h1" in block.labels:
            titles.append(block.text)
            break
    return [title.strip() for title in titles if title and title.strip()]


def page_names(doc: TextDocument) -> list[PageName]:
    """``page_titles`` normalised; a text of more than a headline's words is no page's name."""
    names = []
    for title in dict.fromkeys(page_titles(doc)):
        whole = normal_name(title)
        if whole and len(whole.split()) <= MAX_NAME_WORDS + 4:
            # A title no separator splits (most titles) is its own one part, not normalised a second time.
            pieces = TITLE_SPLIT_RE.split(title)
            parts = (whole,) if len(pieces) == 1 else tuple(name for name in map(normal_name, pieces) if name)
            names.append(PageName(whole, parts))
    return names


def _same_page(reference: object, url: str) -> bool:
    """Whether a JSON-LD node's address is this page's (host, path and query; no address: it is)."""
    if not isinstance(reference, str) or not reference.strip() or not url:
        return True  # a node that names no page is about this one
    def key(address: str) -> str:
        parts = urlsplit(address.strip())
        return parts.netloc.lower() + parts.path.rstrip("/") + (f"?{parts.query}" if parts.query else "")
    return key(reference) == key(url)


def own_schema_types(doc: TextDocument, url: str) -> set[str]:
    """schema.org types of the JSON-LD nodes that describe this page: a node whose ``url``/``@id`` names
    another page (forums declare the site's ContactPage on every thread) says nothing about this one."""
    types: set[str] = set()
    for raw in doc.json_ld:  # read as the metadata reads it; a script no repair saves says nothing
        _collect_own_types(parse_json_ld(raw)[0], url, types)
    return types


def _collect_own_types(node: object, url: str, types: set[str]) -> None:
    """``own_schema_types``' reading of one node: a module function, as a nested function calling itself is a
    reference cycle (the function and the cell that names it) left to the collector at every call."""
    if isinstance(node, list):
        for inner in node:
            _collect_own_types(inner, url, types)
        return
    if not isinstance(node, dict):
        return
    if "@graph" in node:
        _collect_own_types(node["@graph"], url, types)
    kind = node.get("@type")
    reference = node.get("url") or str(node.get("@id") or "").split("#")[0]
    if _same_page(reference, url):
        for value in kind if isinstance(kind, list) else [kind]:
            if isinstance(value, str):
                types.add(value.lower().rsplit("/", 1)[-1])


def _declares_publication(doc: TextDocument) -> bool:
    if doc.root is not None:
        for element in doc.root.iter("meta"):
            name = (element.get("property") or element.get("name") or element.get("itemprop") or "").lower()
            if name in {"article:published_time", "datepublished", "pubdate", "publishdate"} and element.get("content"):
                return True
    # a script that declares it and that the metadata can read (``parse_json_ld``, with its repairs)
    return any('"datePublished"' in raw and parse_json_ld(raw)[1] is None for raw in doc.json_ld)


def article_claims(doc: TextDocument, url: str, types: set[str], og_type: str | None) -> tuple[float, list[str]]:
    """How strongly the page says it is an article, and how."""
    weight, reasons = 0.0, []
    if types & ARTICLE_SCHEMA_TYPES:
        weight += ARTICLE_SCHEMA_WEIGHT
        reasons.append("an Article type")
    if url and DATED_PATH_RE.search(urlsplit(url).path):
        weight += DATED_URL_WEIGHT
        reasons.append("a dated URL")
    if _declares_publication(doc):
        weight += PUBLISHED_DATE_WEIGHT
        reasons.append("a publication date")
    if og_type == "article":
        weight += OG_ARTICLE_WEIGHT
        reasons.append("og:type article")
    return weight, reasons


def _claims_without_markup(url: str, types: set[str], og_type: str | None) -> float:
    """The part of ``article_claims`` that reads no markup (its declared type, its URL, og:type): at most the whole."""
    weight = ARTICLE_SCHEMA_WEIGHT if types & ARTICLE_SCHEMA_TYPES else 0.0
    if url and DATED_PATH_RE.search(urlsplit(url).path):
        weight += DATED_URL_WEIGHT
    return weight + OG_ARTICLE_WEIGHT if og_type == "article" else weight


def site_page_of(doc: TextDocument, url: str, types: set[str], og_type: str | None) -> SitePage | None:
    """The class of site page the evidence names, when it outweighs the page's claims to be an article."""
    # The URL cut once, not once a class.
    segments, query = _path_segments(url) if url else ([], {})
    by_urls = [_url_evidence(page_class, segments, query) for page_class in SITE_PAGE_CLASSES] \
        if _url_names_a_class(segments, query) else [None] * len(SITE_PAGE_CLASSES)
    if not types & SITE_SCHEMA_TYPES and og_type != "profile":
        # No class can have a declared type's weight: a class has at most its URL's and its title's. When the
        # article's claims that need no markup already reach that, no class outweighs them (the claims only grow
        # with the rest), and the page's names are not read (most articles).
        most = (SITE_URL_WEIGHT if any(by_urls) else 0.0) + SITE_TITLE_WEIGHT
        if _claims_without_markup(url, types, og_type) >= most:
            return None
    names = page_names(doc)
    # only when the page declares such a type somewhere: then whether it is this page's (JSON-LD parsed again)
    declared_types = own_schema_types(doc, url) if types & SITE_SCHEMA_TYPES else set()
    best: SitePage | None = None
    for page_class, by_url in zip(SITE_PAGE_CLASSES, by_urls, strict=True):
        # A SitePage is made only for a class with evidence (most pages have none for any class), the parent words
        # tried only where a class has some.
        evidence, reasons = 0.0, []
        declared = declared_types & page_class.schema_types
        if declared or (page_class.name == "author page" and og_type == "profile"):
            evidence += SITE_SCHEMA_WEIGHT
            reasons.append(f"declared type {sorted(declared)[0] if declared else 'og:profile'}")
        if by_url:
            evidence += SITE_URL_WEIGHT
            reasons.append(by_url)
        by_title = _title_evidence(page_class, names)
        if by_title:
            evidence += SITE_TITLE_WEIGHT
            reasons.append(by_title)
        if evidence and (best is None or evidence > best.evidence):
            best = SitePage(page_class.name, page_class.kind, evidence, reasons)
    if best is None or best.evidence < MIN_SITE_EVIDENCE:
        return None
    claims, claim_reasons = article_claims(doc, url, types, og_type)
    if claims >= best.evidence:
        return None
    if claim_reasons:
        best.reasons.append(f"outweighs {', '.join(claim_reasons)}")
    return best


__all__ = ["SITE", "SITE_PAGE_CLASSES", "SitePage", "SitePageClass", "article_claims", "normal_name",
           "page_titles", "site_page_of"]
