"""The features a page's kind is judged on: numbers that mean the same on every site, read from what the parsed
document already holds (its blocks, its declared types, its meta tags, its URL) plus one walk of the tree for its
microdata and og:type; the loops over blocks and elements run in ``crawler.kernels`` (compiled, or their Python
twins: the same numbers).

Each group is a small named step filling part of one vector (``FEATURE_NAMES`` is its order):
``url_features`` (the URL's shape and the words of its path), ``declared_features`` (schema.org types in JSON-LD
and microdata, og:type), ``block_features`` (amounts of text, links, headings, lists, tables, code; price, cart,
rating, post and call-to-action markers in short blocks; the share of the words in the longest run of prose),
``structure_features`` (the largest group of sibling elements that repeat one structure: its size, its words, its
links: cards of a grid, posts of a thread; and the class words of the elements holding text such as price, cart,
post, reply, card, toc), ``markup_features`` (counts of microdata properties), ``paging_features`` (links to the
list's other pages).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from urllib.parse import urlsplit

from lxml import etree

from crawler.kernels.structure import class_marks, marker_counts, sibling_structure
from crawler.kernels.walk import markup_values

from ..document.blocks import TextDocument
from ..document.jsonld import declared_types

# ---------------------------------------------------------------- URL

# A date in the path files one story by day (news and blog archives).
DATED_PATH_RE = re.compile(r"/(?:19|20)\d{2}[/-]?\d{1,2}(?:[/-]?\d{1,2})?/")
# Paths of sections, tags, authors, search, archives and pagination.
LISTING_PATH_RE = re.compile(
    r"^/?$|/(?:tag|tags|topic|topics|category|categories|section|sections|author|authors|search|archive|"
    r"archives|page|index|list|column|channel)(?:/|$|\.)|/page/\d+/?$|[?&](?:page|p|pg|s|q)=|/index\.s?html?$",
    re.I,
)
# Words of a path that name what kind of page lives there, grouped by the kind they point to; generic words of
# the web's URL conventions (shop platforms, forum engines, documentation generators), no site's own path.
URL_WORDS = {
    "product": ("product", "products", "p", "item", "items", "dp", "sku", "buy", "shop", "store", "produkt",
                "produit", "producto"),
    "collection": ("collections", "collection", "category", "categories", "c", "catalog", "catalogue",
                   "department", "brands", "brand", "shop-all", "all", "browse", "range"),
    "forum": ("forum", "forums", "thread", "threads", "topic", "topics", "t", "questions", "question", "q",
              "discussion", "discussions", "community", "board", "boards", "showthread", "viewtopic", "r",
              "comments", "answers"),
    "documentation": ("docs", "doc", "documentation", "api", "reference", "guide", "guides", "manual",
                      "tutorial", "tutorials", "developer", "developers", "sdk", "wiki", "handbook", "help",
                      "kb", "knowledge-base", "support", "learn", "library", "latest", "stable", "en-us"),
    "listing": ("blog", "news", "articles", "tag", "tags", "author", "archive", "archives", "page", "search",
                "events", "jobs", "recipes", "posts", "stories", "press", "insights", "resources", "latest"),
    "service": ("services", "service", "solutions", "solution", "pricing", "features", "about", "contact",
                "plans", "platform", "company", "why", "industries", "what-we-do", "careers", "enterprise"),
    "article": ("article", "articles", "story", "post", "news", "blog", "a", "opinion", "review", "reviews"),
}
URL_WORD_KINDS = tuple(URL_WORDS)
# Words of a page's <title> that name its kind, the same way (a shop's "Buy", a forum's "Thread", a manual's
# "Reference", a blog index's "Archives", an agency's "Services").
TITLE_WORDS = {
    "product": ("buy", "price", "sale", "shop", "store", "order", "online", "deal", "size", "color", "colour"),
    "collection": ("collection", "collections", "category", "products", "shop", "catalog", "range", "all",
                   "women", "men", "kids", "accessories"),
    "forum": ("forum", "forums", "thread", "question", "questions", "help", "discussion", "community", "re",
              "solved", "answers", "reddit", "board"),
    "documentation": ("docs", "documentation", "api", "reference", "guide", "manual", "tutorial", "sdk",
                      "developer", "developers", "install", "installation", "configuration", "configure", "setup",
                      "library", "function", "class", "module", "command"),
    "listing": ("blog", "news", "archive", "archives", "articles", "posts", "latest", "page", "category", "tag",
                "events", "stories", "insights", "resources", "updates", "press"),
    "service": ("services", "service", "solutions", "company", "agency", "pricing", "consulting", "contact",
                "experts", "professional", "near", "official", "home", "welcome", "software", "platform"),
}
TITLE_WORD_KINDS = tuple(TITLE_WORDS)
_TITLE_WORD_OF: dict[str, list[str]] = {}
for _kind, _words in TITLE_WORDS.items():
    for _word in _words:
        _TITLE_WORD_OF.setdefault(_word, []).append(_kind)
_TITLE_TOKEN_RE = re.compile(r"[^\W_]+")
# Separators of "Page | Site" titles.
_TITLE_SEPARATOR_RE = re.compile(r"\s[|\-–—·:»]\s")


def title_features(title: str | None) -> list[float]:
    """How long the title is, whether it names its site after a separator, and which kinds its words name."""
    words = _TITLE_TOKEN_RE.findall((title or "").lower())
    kinds = set()
    for word in words:
        kinds.update(_TITLE_WORD_OF.get(word, ()))
    return [_log(len(words)), float(_TITLE_SEPARATOR_RE.search(title or "") is not None),
            *(float(kind in kinds) for kind in TITLE_WORD_KINDS)]


TITLE_NAMES = ("title_words", "title_separator", *(f"title_word_{kind}" for kind in TITLE_WORD_KINDS))
_SEGMENT_RE = re.compile(r"[/?&=#]+")


def url_features(url: str | None) -> list[float]:
    """Shape of the path (depth, a date, an id, a long slug, a query, a listing's path) and which kinds its
    words name."""
    if not url:
        return [1.0] + [0.0] * (len(URL_NAMES) - 1)
    parts = urlsplit(url)
    path = parts.path or "/"
    segments = [s for s in path.lower().split("/") if s]
    last = segments[-1] if segments else ""
    stem = last.rsplit(".", 1)[0]
    where = path + (f"?{parts.query}" if parts.query else "")
    words = set()
    for segment in segments:
        words.add(segment.rsplit(".", 1)[0])
    query_words = {w for w in _SEGMENT_RE.split(parts.query.lower()) if w}
    slug_words = stem.count("-") + stem.count("_") + 1 if stem else 0
    values = [
        0.0,
        min(len(segments), 8) / 8,
        float(not segments),
        float(DATED_PATH_RE.search(where) is not None),
        float(LISTING_PATH_RE.search(where) is not None),
        min(slug_words, 12) / 12,
        float(bool(re.search(r"\d{4,}", last))),
        float(bool(parts.query)),
        float(last.endswith((".html", ".htm", ".php", ".aspx", ".asp", ".shtml"))),
        float(path.endswith("/")),
    ]
    for kind in URL_WORD_KINDS:
        vocabulary = URL_WORDS[kind]
        values.append(float(any(w in words or w in query_words for w in vocabulary)))
    return values


URL_NAMES = ("url_none", "url_depth", "url_root", "url_dated", "url_listing_path", "url_slug_words",
             "url_number", "url_query", "url_file", "url_trailing_slash",
             *(f"url_word_{kind}" for kind in URL_WORD_KINDS))

# ---------------------------------------------------------------- declared types

# schema.org types, lower-cased, grouped by the kind of page that declares them.
DECLARED_GROUPS = {
    "article": ("article", "newsarticle", "blogposting", "reportagenews", "analysisnewsarticle",
                "opinionnewsarticle", "reviewnewsarticle", "backgroundnewsarticle", "scholarlyarticle",
                "liveblogposting", "report", "recipe", "review"),
    "product": ("product", "productgroup", "offer", "aggregateoffer", "individualproduct", "productmodel",
                "vehicle", "car", "book"),
    "rating": ("aggregaterating", "rating"),
    "forum": ("discussionforumposting", "qapage", "question", "answer", "comment", "socialmediaposting",
              "conversation"),
    "collection": ("collectionpage", "itemlist", "offercatalog", "searchresultspage", "listitem"),
    "documentation": ("techarticle", "apireference", "softwaresourcecode", "howto"),
    "service": ("service", "localbusiness", "professionalservice", "faqpage", "softwareapplication",
                "webapplication", "organization", "corporation", "event", "course", "medicalbusiness",
                "legalservice", "financialservice", "homeandconstructionbusiness", "store"),
    "webpage": ("webpage", "website", "aboutpage", "contactpage", "itempage"),
    "breadcrumb": ("breadcrumblist",),
    "person": ("person", "profilepage"),
}
DECLARED_KINDS = tuple(DECLARED_GROUPS)
_TYPE_GROUP = {name: group for group, names in DECLARED_GROUPS.items() for name in names}
OG_TYPES = ("article", "product", "website", "other", "none")
_ITEMTYPE_RE = re.compile(r"schema\.org/(\w+)", re.I)


def declared_features(doc: TextDocument, itemtypes: list[str], og_type: str | None) -> list[float]:
    """Which groups of schema.org types the page declares (JSON-LD and microdata), and its og:type (the content of
    its first <meta> named og:type)."""
    types: set[str] = set()
    for raw in doc.json_ld:
        types |= declared_types(raw)
    for value in itemtypes:
        types.update(name.lower() for name in _ITEMTYPE_RE.findall(value))
    groups = {_TYPE_GROUP[name] for name in types if name in _TYPE_GROUP}
    values = [float(group in groups) for group in DECLARED_KINDS]
    values.append(float(not types))
    og = (og_type or "").strip().lower()
    og_kind = "none" if not og else og if og in OG_TYPES else "product" if "product" in og else "other"
    values.extend(float(og_kind == kind) for kind in OG_TYPES)
    return values


DECLARED_NAMES = (*(f"type_{group}" for group in DECLARED_KINDS), "type_none",
                  *(f"og_{kind}" for kind in OG_TYPES))

# ---------------------------------------------------------------- blocks

# Markers read in short blocks (under SHORT_BLOCK_WORDS words, lower-cased): the labels and widgets of each kind
# of page.
SHORT_BLOCK_WORDS = 12
MARKERS = {
    "cart": ("cart", "basket", "bag", "wishlist", "buy", "stock", "checkout", "quantity", "qty", "sku", "shipping",
             "delivery", "warenkorb", "panier", "carrito"),
    "rating": ("star", "stars", "rating", "ratings", "review", "reviews", "rated", "★"),
    "post": ("reply", "replies", "quote", "posted", "joined", "posts", "member", "registered", "moderator",
             "permalink", "vote", "votes", "answered", "asked", "answer", "answers", "report", "like", "likes",
             "solved", "thread", "messages"),
    "ago": ("ago", "yesterday", "today"),
    "action": ("contact", "started", "book", "trial", "demo", "quote", "learn", "sign", "schedule", "call", "talk",
               "services", "choose", "touch", "free"),
    "more": ("more", "all", "next", "previous", "older", "newer", "continue", "page"),
    "docs": ("edit", "contents", "parameters", "returns", "example", "examples", "install", "version", "api",
             "syntax", "note", "warning", "deprecated", "arguments", "options", "configuration"),
    "month": ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
              "january", "february", "march", "april", "june", "july", "august", "september", "october",
              "november", "december"),
}
# word -> its kind's place in MARKERS (a word of two kinds counts for the later one)
_MARKER_INDEX = {word: index for index, words in enumerate(MARKERS.values()) for word in words}
MARKER_KINDS = ("price", "year", *MARKERS)
# A pager's text: page numbers, next/previous/older/newer, arrows; only the links of short linked blocks saying
# this are read, not every link of the page.
PAGER_TEXT_RE = re.compile(r"\d|\b(?:next|prev|previous|older|newer)\b|[»›]", re.I)
# Blocks of at least this many words count as running text (boilerpipe's 16-word content split, seed 000).
RUNNING_WORDS = 16
# ...with less than this share of words in links (the cascade's boilerpipe rule).
RUNNING_MAX_LINK_DENSITY = 1 / 3


def _log(value: float) -> float:
    return math.log1p(value) / 10


def block_features(doc: TextDocument) -> tuple[list[float], list[etree._Element | None]]:
    """Amounts of text and links over the page's blocks, the share of headings, list items, table cells and
    code, and how many short blocks carry each marker; one pass over the blocks, which also gathers the elements
    of the short linked blocks that read like a pager (for ``paging_features``)."""
    blocks = doc.blocks
    words = linked = running = longest = headings = items = cells = code = code_words = quotes = 0
    run = longest_run = 0
    short_texts: list[str] = []
    pagers: list[etree._Element | None] = []
    for block in blocks:
        count = block.num_words
        words += count
        linked += block.num_words_in_anchor_text
        if count > longest:
            longest = count
        if count >= RUNNING_WORDS and block.num_words_in_anchor_text < RUNNING_MAX_LINK_DENSITY * count:
            running += count
        labels = block.labels
        # a run of prose: text blocks one after another, broken by a heading or a block mostly of links (a post
        # runs on; an index of posts breaks at every linked title and "read more")
        if count and "heading" not in labels and block.num_words_in_anchor_text < RUNNING_MAX_LINK_DENSITY * count:
            run += count
            if run > longest_run:
                longest_run = run
        elif count:
            run = 0
        if labels:
            if "heading" in labels:
                headings += 1
            if "li" in labels:
                items += 1
            if "table" in labels:
                cells += 1
            if "pre" in labels or "code" in labels:
                code += 1
                code_words += count
            if "quote" in labels:
                quotes += 1
        if count <= SHORT_BLOCK_WORDS:
            text = block.text
            short_texts.append(text)
            if block.num_words_in_anchor_text and PAGER_TEXT_RE.search(text) is not None:
                pagers.append(block.element)
    # the short blocks' text read once, in one pass (a regex search per block and pattern cost more than the rest
    # of the features together)
    counts = marker_counts("\n".join(short_texts).lower(), _MARKER_INDEX, len(MARKERS))
    marks = dict(zip(MARKER_KINDS, counts, strict=True))
    short = len(short_texts)
    n = len(blocks) or 1
    values = [
        _log(len(blocks)), _log(words), linked / words if words else 0.0, _log(running),
        running / words if words else 0.0, _log(longest), _log(headings), headings / n, items / n, cells / n,
        _log(code), code_words / words if words else 0.0, _log(quotes), short / n, words / n / 100,
        longest_run / words if words else 0.0,
    ]
    values.extend(_log(marks[kind]) for kind in MARKER_KINDS)
    values.extend(marks[kind] / n for kind in MARKER_KINDS)
    return values, pagers


BLOCK_NAMES = ("blocks", "words", "link_share", "running_words", "running_share", "longest_block", "headings",
               "heading_share", "item_share", "cell_share", "code_blocks", "code_share", "quotes", "short_share",
               "words_per_block", "prose_run_share",
               *(f"marker_{kind}" for kind in MARKER_KINDS), *(f"marker_{kind}_share" for kind in MARKER_KINDS))

# ---------------------------------------------------------------- repeated siblings

# Words of class values that name a part of a page of one kind (e-shop widgets, forum engines, doc
# generators, landing-page sections), by group; words of the values (runs of letters).
MARK_WORDS = {
    "shop": ("price", "cart", "basket", "stock", "variant", "sku", "checkout", "quantity", "product", "buy"),
    "rating": ("rating", "review", "stars"),
    "post": ("post", "comment", "reply", "thread", "topic", "message", "answer", "question"),
    "user": ("avatar", "signature", "user", "member", "vote", "profile"),
    "card": ("card", "grid", "tile", "teaser", "listing", "item", "result"),
    "paging": ("pagination", "pager", "filter", "facet", "sort", "load"),
    "docs": ("toc", "docs", "doc", "highlight", "syntax", "hljs", "sidebar", "api", "admonition", "code"),
    "landing": ("hero", "feature", "pricing", "testimonial", "faq", "cta", "banner", "service", "plan"),
    "article": ("article", "entry", "story", "byline", "author", "prose"),
}
MARK_GROUPS = tuple(MARK_WORDS)
# word -> its group's place in MARK_WORDS (a word of two groups counts for the later one)
_MARK_INDEX = {word: index for index, words in enumerate(MARK_WORDS.values()) for word in words}
# How far above a block its repeated ancestors are looked for: a card's text sits a few levels inside the card.
REPEAT_DEPTH = 3
# A group of siblings repeats a structure when at least this many share their tag and class.
MIN_REPEATS = 3


def structure_features(doc: TextDocument) -> list[float]:
    """One walk up from the blocks' elements (REPEAT_DEPTH levels, ``sibling_structure``): the widest and the
    heaviest group of sibling elements sharing tag and class that hold text (how many, the share of the page's words
    they hold, their words each, their share of linked words, the shares holding a heading, a price, a year), and
    how many of the elements holding text carry each group of class words (price, cart, post, card, toc...)."""
    groups, widest, heaviest, classes, total = sibling_structure(doc.blocks, REPEAT_DEPTH, SHORT_BLOCK_WORDS,
                                                                 MIN_REPEATS)
    total = total or 1
    values = [_log(groups)]
    for repeats, count, in_links, heading, price, year in (widest, heaviest):
        values.extend([_log(repeats), count / total, _log(count / repeats if repeats else 0.0),
                       in_links / count if count else 0.0, *(flag / repeats if repeats else 0.0
                                                             for flag in (heading, price, year))])
    values.extend(_log(count) for count in class_marks(classes, _MARK_INDEX, len(MARK_GROUPS)))
    return values


STRUCTURE_NAMES = ("repeat_groups",
                   *(f"{which}_{name}" for which in ("widest", "heaviest")
                     for name in ("repeats", "word_share", "words_each", "link_share", "heading_share",
                                  "price_share", "year_share")),
                   *(f"mark_{group}" for group in MARK_GROUPS))

# ---------------------------------------------------------------- markup

# Microdata properties that name a kind's parts: a product's price and offers, a thread's posts and votes, a
# list's items, an article's body.
MICRODATA_PROPS = ("price", "ratingvalue", "reviewcount", "author", "text", "upvotecount", "datepublished",
                   "articlebody", "offers", "sku", "answercount", "itemlistelement")

def markup_features(doc: TextDocument) -> tuple[list[float], list[str], str | None]:
    """Counts of microdata properties, the microdata item types, and og:type: one walk of the tree."""
    if doc.root is None:
        return [0.0] * len(MARKUP_NAMES), [], None
    (itemprops, itemtypes), og_type = markup_values(doc.root, ("itemprop", "itemtype"), "og:type")
    if doc.body is None:
        return [0.0] * len(MARKUP_NAMES), [], og_type
    props = Counter(value.lower() for value in itemprops)
    return [_log(props[prop]) for prop in MICRODATA_PROPS], itemtypes, og_type


MARKUP_NAMES = tuple(f"prop_{prop}" for prop in MICRODATA_PROPS)

# ---------------------------------------------------------------- pagination

# Links to another page of the same index: a page number in the query or the path (the conventions of blog
# engines, CMSs and shops: ?page=2, &p=3, ?paged=4, /page/5), or rel="next"/"prev".
PAGE_HREF_RE = re.compile(r"[?&](?:page|p|pg|paged)=\d+|/page/?\d+(?:/|$|[?#.])", re.I)
_PAGING_RELS = frozenset({"next", "prev"})


def _paging_link(element: etree._Element) -> bool:
    rel = element.get("rel")
    if rel and not _PAGING_RELS.isdisjoint(rel.lower().split()):
        return True
    return element.tag == "a" and PAGE_HREF_RE.search(element.get("href") or "") is not None


def paging_features(doc: TextDocument, pagers: list[etree._Element | None]) -> list[float]:
    """How many links lead to another page of the same list (a listing's or a shop category's pager): the head's
    <link rel=next/prev> and the links in ``pagers`` (elements of short linked blocks that read like a pager)."""
    count = 0
    head = doc.root.find("head") if doc.root is not None else None
    if head is not None:
        count += sum(1 for link in head.iter("link") if _paging_link(link))
    for element in dict.fromkeys(pagers):  # an element of several blocks is read once
        if element is not None:
            count += sum(1 for anchor in element.iter("a") if _paging_link(anchor))
    return [_log(count)]


PAGING_NAMES = ("pagination_links",)

FEATURE_NAMES = (*URL_NAMES, *TITLE_NAMES, *DECLARED_NAMES, *BLOCK_NAMES, *STRUCTURE_NAMES, *MARKUP_NAMES,
                 *PAGING_NAMES)


def page_features(doc: TextDocument, url: str | None = None) -> list[float]:
    """The page's feature vector, in ``FEATURE_NAMES`` order; ``url`` when given, else the document's."""
    markup, itemtypes, og_type = markup_features(doc)
    blocks, pagers = block_features(doc)
    return [*url_features(url or doc.url), *title_features(doc.title), *declared_features(doc, itemtypes, og_type),
            *blocks, *structure_features(doc), *markup, *paging_features(doc, pagers)]


__all__ = ["FEATURE_NAMES", "page_features"]
