"""The item the extraction pipeline and middleware emit.

Fields are declared in the order feeds export them (Scrapy exports a ``scrapy.Item``'s populated fields in
declaration order), so ``scrapy crawl news -O articles.jsonl`` writes url, title and text first.
"""

from __future__ import annotations

import scrapy

# Page item field with the later pages of a multi-page article (each {"url", "html", "content_type", ...}): the
# news spider fills it, the extraction pipeline appends their texts to the first page's.
CONTINUATION_FIELD = "continuation_pages"


class ArticleItem(scrapy.Item):
    """One page's main text and where it came from.

    ``canonical_url`` is the page's ``<link rel="canonical">`` (else ``url``) and is the storage key.
    ``content_hash`` is the SHA-1 of the normalised text, so identical articles are found by equality;
    ``simhash`` its 64-bit Charikar fingerprint as 16 hex digits (None for texts under 30 tokens), so near
    copies are found within a few bits (``crawler.storage``).
    ``reason`` says why ``text`` is empty when it is. The metadata fields (``published`` ... ``origin``; ``editors`` are
    never among ``authors``, ``origin`` is the outlet the page credits)
    are filled from a pinned site rule or the extractors' metadata when present; anything else the source
    item or the metadata carried goes into ``metadata`` rather than being lost.
    """

    url = scrapy.Field()
    canonical_url = scrapy.Field()
    title = scrapy.Field()
    published = scrapy.Field()
    modified = scrapy.Field()
    authors = scrapy.Field()
    editors = scrapy.Field()
    language = scrapy.Field()
    text = scrapy.Field()
    description = scrapy.Field()
    site_name = scrapy.Field()
    image = scrapy.Field()
    tags = scrapy.Field()
    section = scrapy.Field()
    origin = scrapy.Field()
    page_type = scrapy.Field()
    page_type_reason = scrapy.Field()
    extractor = scrapy.Field()
    template = scrapy.Field()
    rule = scrapy.Field()
    reason = scrapy.Field()
    content_hash = scrapy.Field()
    simhash = scrapy.Field()
    crawled_at = scrapy.Field()
    metadata = scrapy.Field()


ARTICLE_FIELDS: tuple[str, ...] = tuple(ArticleItem.fields)

__all__ = ["ARTICLE_FIELDS", "ArticleItem"]
