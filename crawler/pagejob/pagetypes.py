"""Is a page an article (extract and store it), a listing (home, section, tag, author, search, a grid of products or
posts: follow its links, never store it) or one of the site's own pages (about, contact, privacy, terms, careers,
login: ``site``, never stored)? One judgement of the page's kind for the whole project decides
(``crawler.extractors.pagekind.judge``: article, forum, product, collection, listing, service, documentation):
a page judged a listing or a collection is a listing, any other kind is stored as an article (the crawl keeps the
pages with content of their own). The site's own pages are named beside it by ``crawler.pagejob.sitepages``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

from crawler.extractors.document.jsonld import declared_types
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.markup import markup_of
from crawler.extractors.pagekind import KindJudgement, judge
from crawler.kernels.walk import first_meta_content

from .sitepages import SITE, site_page_of

ARTICLE = "article"
LISTING = "listing"
# SITE ("site"): the site's own pages (about, contact, legal, careers, login), from crawler.pagejob.sitepages.

# The page kinds whose pages are lists of other pages: the crawl follows their links and never stores them.
LISTING_KINDS = frozenset({"listing", "collection"})
# Probabilities are kept off 0 and 1 by this much in the score's log-odds.
SCORE_EPSILON = 1e-6
# A summary is running text: less than this share of its words in links (the cascade's boilerpipe rule).
RUNNING_TEXT_MAX_LINK_DENSITY = 1 / 3


@dataclass
class PageType:
    kind: str
    score: float
    reasons: list[str] = field(default_factory=list)
    page_kind: str | None = None  # the judged kind of ``crawler.extractors.pagekind`` (article, forum, ...)

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
        # metadata's walk, ``markup_of``): the first one whose property or name is ``prop``, if any, has none, and
        # the answer is None without a walk of the page (a page that has one is still read below, where the walk's
        # keys cannot tell which <meta> comes first: the metadata files a content under every word of all three
        # attributes and skips an empty one).
        return None
    # One walk in C (``first_meta_content``) rather than a Python loop over the <meta> elements.
    return (first_meta_content(doc.root, prop) or "").strip().lower() or None


def listing_share(judgement: KindJudgement) -> float:
    """The probability that the page lists other pages (its kind is one of LISTING_KINDS)."""
    return sum(judgement.probabilities.get(kind, 0.0) for kind in LISTING_KINDS)


# A page of links and labels only (a hub of headlines, a menu page) is no article whatever its other features:
# an article holds at least one sentence of this many words outside links (judgement call; every article page of
# the shared sets has one: python -m crawler.evaluation.pagetype_eval).
MIN_PROSE_BLOCK_WORDS = 10


def has_prose(doc: TextDocument) -> bool:
    """Whether a block of MIN_PROSE_BLOCK_WORDS words or more has under RUNNING_TEXT_MAX_LINK_DENSITY of them in
    links."""
    return any(block.num_words >= MIN_PROSE_BLOCK_WORDS
               and block.num_words_in_anchor_text < RUNNING_TEXT_MAX_LINK_DENSITY * block.num_words
               for block in doc.blocks)


def classify_page(doc: TextDocument, url: str | None = None) -> PageType:
    """Article, listing or site page, with the evidence for it: the page's judged kind (``score`` is the log-odds
    of its not listing other pages); a named class of site page (``crawler.pagejob.sitepages``: about, contact,
    legal, careers, login, search results, tag, author) wins when its evidence outweighs the page's own claims to
    be an article."""
    url = url or doc.url or ""
    judgement = judge(doc, url=url or None)
    listing = min(max(listing_share(judgement), SCORE_EPSILON), 1 - SCORE_EPSILON)
    score = math.log((1 - listing) / listing)
    # A tie keeps the page: storing a listing by mistake is visible and fixable, losing an article is not.
    kind = ARTICLE if score >= 0 else LISTING
    reasons = [f"page kind {judgement.reason}", f"listing or collection {listing:.2f}"]
    if kind == ARTICLE and doc.blocks and not has_prose(doc):
        kind = LISTING
        reasons.append(f"no sentence of prose (no block of {MIN_PROSE_BLOCK_WORDS} words or more mostly outside "
                       "links): a page of links")
    site_page = site_page_of(doc, url, _schema_types(doc), _meta(doc, "og:type"))
    if site_page is not None:
        return PageType(site_page.kind, score, [f"{site_page.name}: {site_page.reason()}", *reasons],
                        judgement.kind)
    return PageType(kind, score, reasons, judgement.kind)


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
                                                                  f"items with a link and a summary each"],
                        judged.page_kind)
    return PageType(ARTICLE, judged.score, [f"announced as an item by a {announced_by}", *judged.reasons],
                    judged.page_kind)


__all__ = ["ANNOUNCING_SOURCES", "ARTICLE", "LISTING", "LISTING_KINDS", "SITE", "PageType", "announced_item",
           "classify_page", "has_prose", "listing_items", "listing_share"]
