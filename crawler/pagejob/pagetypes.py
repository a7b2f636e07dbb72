"""Is a page an article (extract and store it), a listing (home, section, tag, author, search, pagination:
follow its links, never store it) or one of the site's own pages (about, contact, privacy, terms, careers,
login: ``site``, never stored)? Evidence from the URL and the page, weighed, with the reasons kept.

Each piece of evidence adds to a score (positive: article); the page is an article when the score is above
zero. Structured data the site declares (JSON-LD, OpenGraph) weighs most, then the shape of the page (how
much running text it has against how much of it is links), then the URL's shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise
from urllib.parse import urlsplit

from crawler.extractors.document.blockwalk import first_meta_content, running_text
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import CJK_RE, cjk_ratio
from crawler.extractors.metadata.jsonld import declared_types
from crawler.extractors.metadata.markup import markup_of

from . import fingerprints
from .sitepages import SITE, site_page_of

ARTICLE = "article"
LISTING = "listing"
# SITE ("site"): the site's own pages (about, contact, legal, careers, login), from crawler.pagejob.sitepages.

ARTICLE_SCHEMA_TYPES = {
    "article", "newsarticle", "blogposting", "reportagenews", "analysisnewsarticle", "opinionnewsarticle",
    "reviewnewsarticle", "backgroundnewsarticle", "techarticle", "scholarlyarticle", "liveblogposting", "report",
}
# WebSite and WebPage describe the site or any page (article pages carry them too), so they say nothing.
LISTING_SCHEMA_TYPES = {"collectionpage", "itemlist", "searchresultspage", "profilepage"}

# Paths that name a listing: sections, tags, authors, search, archives and pagination.
LISTING_PATH_RE = re.compile(
    r"^/?$|/(?:tag|tags|topic|topics|category|categories|section|sections|author|authors|search|archive|"
    r"archives|page|index|list|column|channel)(?:/|$|\.)|/page/\d+/?$|[?&](?:page|p|pg|s|q)=|/index\.s?html?$",
    re.I,
)
# A date in the path is the strongest URL sign of one story (news sites file stories by day).
DATED_PATH_RE = re.compile(r"/(?:19|20)\d{2}[/-]?\d{1,2}(?:[/-]?\d{1,2})?/", re.I)
# Paths that look like one story: a long hyphenated slug, or a numeric id in a file name.
ARTICLE_PATH_RE = re.compile(
    r"[a-z0-9]+(?:-[a-z0-9]+){3,}|/\d{5,}|_\d{4,}\.s?html?$|/(?:article|story|news|post|a|p)/[^/]+",
    re.I,
)

# Weights: declared types decide alone unless the page itself contradicts them strongly.
SCHEMA_WEIGHT = 3.0
OPENGRAPH_WEIGHT = 2.0
URL_WEIGHT = 1.0
# Running text: an article has at least this many words (CJK characters count 1/2.4 of one, the information
# ratio measured for the line-block extractor) outside links in its longest blocks...
MIN_ARTICLE_WORDS = 150
TEXT_WEIGHT = 2.0
# Below this the page has no article text at all; between the two a short news item is possible.
MAX_LISTING_WORDS = 50
# ...and a listing is mostly links: linked words over the page, above what articles carry; docs/tuning.md.
LISTING_LINK_SHARE = 0.65
LINK_WEIGHT = 1.5
# Blocks of at least this many words count as running text (boilerpipe's 16-word content split, seed 000).
RUNNING_TEXT_BLOCK_WORDS = 16
# ...and fewer than this share of their words in links (``block.link_density``): the cascade's boilerpipe rule
# (``cascade.MAX_LINK_DENSITY``), as first written here.
RUNNING_TEXT_MAX_LINK_DENSITY = 1 / 3
CJK_WORDS_PER_CHARACTER = 1 / 2.4
# The span of CJK_CHARS in two ranges (tests/test_pagetypes.py checks that it holds every CJK character): the
# typographic punctuation of Latin texts (U+2000-U+206F), Cyrillic, Greek and Arabic fall outside it, and a block
# without a character in it is not searched for CJK_RE's thirteen ranges.
CJK_SPAN_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x2FA1F))
CJK_SPAN_RE = re.compile("[" + "".join(f"{chr(first)}-{chr(last)}" for first, last in CJK_SPAN_RANGES) + "]")


@dataclass
class PageType:
    kind: str
    score: float
    reasons: list[str] = field(default_factory=list)

    @property
    def is_article(self) -> bool:
        return self.kind == ARTICLE

    def reason(self) -> str:
        return "; ".join(self.reasons)


def _schema_types(doc: TextDocument) -> set[str]:
    """The types the page's JSON-LD scripts declare (``jsonld.script_types``), read as the metadata reads them: with
    its repairs (a trailing comma, a raw newline in a string, a CDATA or comment wrapper), and not parsed again when
    the metadata has just read them (``jsonld.declared_types``). A script no repair saves says nothing; the other
    evidence decides."""
    types: set[str] = set()
    for raw in doc.json_ld:
        types |= declared_types(raw)
    return types


def _meta(doc: TextDocument, prop: str) -> str | None:
    """The lower-cased content of the first <meta> whose property (else name) is ``prop``; None when it has none."""
    if doc.root is None:
        return None
    if prop not in markup_of(doc).meta:
        # No <meta> with a content (stripped) has ``prop`` among the words of its property, name or http-equiv (the
        # metadata's walk, ``markup_of``): the first one whose property or name is ``prop``, if any, has none, and the
        # answer is None without a walk of the page (a page that has one is still read below, where the walk's keys
        # cannot tell which <meta> comes first: the metadata files a content under every word of all three attributes
        # and skips an empty one).
        return None
    # (in one walk in C, ``blockwalk.first_meta_content``: no proxy and two ``get`` calls for each <meta> before it)
    return (first_meta_content(doc.root, prop) or "").strip().lower() or None


def _words(block_words: int, text: str) -> float:
    # A block without one CJK character is not looked at twice (its ratio is 0). An ASCII-only block has none either
    # (str.isascii is O(1) in CPython; no CJK character is ASCII): the regex search is skipped for it.
    if text.isascii():
        return float(block_words)
    start = cjk_span_start(text)  # no CJK character before this one
    if start < 0 or CJK_RE.search(text, start) is None:
        return float(block_words)
    return block_words * CJK_WORDS_PER_CHARACTER if cjk_ratio(text) > 0.5 else float(block_words)


def cjk_span_start(text: str) -> int:
    """Where CJK_SPAN_RE first matches in ``text``, or -1. By the compiled kernel when it is built (two comparisons a
    character; a Latin-1 text not read at all), cheaper than the regex's character-set test on the running blocks
    with typographic quotes."""
    kernel = fingerprints.KERNEL
    if kernel is not None:
        return kernel.first_in_ranges(text, CJK_SPAN_RANGES)
    found = CJK_SPAN_RE.search(text)
    return -1 if found is None else found.start()


def classify_page(doc: TextDocument, url: str | None = None) -> PageType:
    """Article, listing or site page, with the evidence for it. A named class of site page
    (``crawler.pagejob.sitepages``: about, contact, legal, careers, login, search results, tag, author) wins when
    its evidence outweighs the page's own claims to be an article."""
    url = url or doc.url or ""
    score = 0.0
    reasons: list[str] = []
    types = _schema_types(doc)
    if types & ARTICLE_SCHEMA_TYPES:
        score += SCHEMA_WEIGHT
        reasons.append(f"JSON-LD type {sorted(types & ARTICLE_SCHEMA_TYPES)[0]}")
    elif types & LISTING_SCHEMA_TYPES:
        score -= SCHEMA_WEIGHT
        reasons.append(f"JSON-LD type {sorted(types & LISTING_SCHEMA_TYPES)[0]}")
    og_type = _meta(doc, "og:type")
    if og_type == "article":
        score += OPENGRAPH_WEIGHT
        reasons.append("og:type article")
    elif og_type == "website":
        score -= OPENGRAPH_WEIGHT / 2
        reasons.append("og:type website")
    path = urlsplit(url)
    where = path.path + (f"?{path.query}" if path.query else "")
    if not url:
        pass  # a page without its URL (a saved file, an API call): the URL says nothing, not "home page"
    elif DATED_PATH_RE.search(where):
        score += URL_WEIGHT
        reasons.append("dated URL")
    elif LISTING_PATH_RE.search(where):
        score -= URL_WEIGHT
        reasons.append("listing-like URL")
    elif ARTICLE_PATH_RE.search(where):
        score += URL_WEIGHT
        reasons.append("article-like URL")
    # One pass over the blocks for the running text and the page's words and linked words (in C when the compiled
    # helpers are on, ``blockwalk.running_text``), rather than three passes and a link_density property call a running
    # block. The running words are still added by
    # sum(), in block order, as before.
    words, linked, counts, texts = running_text(doc.blocks, RUNNING_TEXT_BLOCK_WORDS, RUNNING_TEXT_MAX_LINK_DENSITY)
    running = sum([_words(count, text) for count, text in zip(counts, texts, strict=True)])
    if running >= MIN_ARTICLE_WORDS:
        score += TEXT_WEIGHT
        reasons.append(f"{running:.0f} words of running text")
    elif running < MAX_LISTING_WORDS:
        score -= TEXT_WEIGHT
        reasons.append(f"only {running:.0f} words of running text")
    else:
        reasons.append(f"{running:.0f} words of running text: a short item or a listing")
    if words and linked / words >= LISTING_LINK_SHARE:
        score -= LINK_WEIGHT
        reasons.append(f"{linked / words:.0%} of the words are links")
    # A tie keeps the page: storing a listing by mistake is visible and fixable, losing an article is not.
    kind = ARTICLE if score >= 0 else LISTING
    site_page = site_page_of(doc, url, types, og_type)
    if site_page is not None:
        return PageType(site_page.kind, score, [f"{site_page.name}: {site_page.reason()}", *reasons])
    return PageType(kind, score, reasons)


# Where a crawl's page came from that announced it as an item (the spider's ``discovered_by``): a feed entry or a
# (news) sitemap URL is an article by the site's own word.
ANNOUNCING_SOURCES = frozenset({"feed", "sitemap"})
# A listing item: a short linked headline (at least this share of its words in links, at most ITEM_HEADLINE_WORDS
# words) followed by a summary of its own (at least ITEM_SUMMARY_WORDS words, under the running text's link density).
ITEM_HEADLINE_LINK_SHARE = 0.5
ITEM_HEADLINE_WORDS = 25
ITEM_SUMMARY_WORDS = 6
# This many items or more and an announced page is still a listing (a section page a sitemap named by mistake); a
# brief's page has none, its template's menus are links without summaries (judgement call, tested on pages of both).
MIN_LISTING_ITEMS = 5


def listing_items(doc: TextDocument) -> int:
    """How many items the page lists, each a linked headline followed by a summary of its own."""
    items = 0
    for headline, summary in pairwise(doc.blocks):
        if not 0 < headline.num_words <= ITEM_HEADLINE_WORDS:
            continue
        if headline.num_words_in_anchor_text < ITEM_HEADLINE_LINK_SHARE * headline.num_words:
            continue
        if summary.num_words >= ITEM_SUMMARY_WORDS and \
                summary.num_words_in_anchor_text < RUNNING_TEXT_MAX_LINK_DENSITY * summary.num_words:
            items += 1
    return items


def announced_item(doc: TextDocument, judged: PageType, announced_by: str) -> PageType:
    """The page type once a feed or a news sitemap announced the page as an item (``announced_by``): an article
    unless the page is clearly a listing (MIN_LISTING_ITEMS items or more, each with its own link and summary)."""
    if judged.kind != LISTING:
        return judged
    items = listing_items(doc)
    if items >= MIN_LISTING_ITEMS:
        return PageType(LISTING, judged.score, [*judged.reasons, f"announced by a {announced_by}, but {items} "
                                                                  f"items with a link and a summary each"])
    return PageType(ARTICLE, judged.score, [f"announced as an item by a {announced_by}", *judged.reasons])


__all__ = ["ANNOUNCING_SOURCES", "ARTICLE", "LISTING", "SITE", "PageType", "announced_item", "cjk_span_start",
           "classify_page", "listing_items"]
