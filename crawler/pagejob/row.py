"""The row of one page, the same wherever it is made (the crawl's ``ArticleItem``, an ``extract-batch`` or Spark row,
an exported article): every field in feed order, an empty one as None, and what the page job extracted merged with
what the page came with. No Scrapy here: bulk extraction and the Spark executors build rows without it, and
``crawler.items.ArticleItem`` declares these fields in this order (a test keeps them equal)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .job import utc_now_iso

ARTICLE_FIELDS: tuple[str, ...] = (
    "url",
    "canonical_url",
    "title",
    "published",
    "modified",
    "authors",
    "editors",
    "language",
    "text",
    "description",
    "site_name",
    "image",
    "tags",
    "section",
    "origin",
    "page_type",
    "page_type_reason",
    "page_kind",
    "confidence",
    "extractor",
    "template",
    "rule",
    "reason",
    "content_hash",
    "simhash",
    "crawled_at",
    "metadata",
)
# Fields of a page item that only say how the page travelled; never copied into the row's ``metadata``.
TRANSPORT_FIELDS = frozenset({"content_type", "status", "headers"})
# Values computed by the extraction; a value the source item already carries does not replace them.
COMPUTED_FIELDS = frozenset({"text", "extractor", "template", "rule", "reason", "content_hash", "simhash",
                             "canonical_url", "confidence"})


def article_row(fields: Mapping[str, Any], source: Mapping[str, Any] | None = None,
                skip: Iterable[str] = ()) -> dict[str, Any]:
    """The row from extracted fields; the source item's values fill the gaps, and every value without a field of
    its own (other metadata, the source's extra fields) goes to ``metadata``. Every field is set (None when
    empty), in ``ARTICLE_FIELDS`` order, so feeds write each row the same shape whatever the page had."""
    row: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    skipped = set(skip) | TRANSPORT_FIELDS
    for name, value in fields.items():
        if name in ARTICLE_FIELDS and name != "metadata":
            row[name] = value
        elif name == "metadata" and isinstance(value, Mapping):
            extra.update(value)
        else:
            extra[name] = value
    for name, value in (source or {}).items():
        if name in skipped or value is None:
            continue
        if name in ARTICLE_FIELDS and name not in COMPUTED_FIELDS and name != "metadata":
            if row.get(name) in (None, "", []):
                row[name] = value
        elif name == "metadata" and isinstance(value, Mapping):
            extra.update({k: v for k, v in value.items() if k not in extra})
        elif name not in row and name not in extra:
            extra[name] = value
    row.setdefault("crawled_at", utc_now_iso())
    if extra:
        row["metadata"] = extra
    return {name: row.get(name) for name in ARTICLE_FIELDS}


# Page types that are not stored when EXTRACTION_DROP_LISTINGS / STORAGE_SKIP_LISTINGS are on
# (crawler.pagejob.pagetypes: listings and site pages); a page without a type (it failed to parse) is kept with
# its reason.
ARTICLE_PAGE_TYPE = "article"
# Dropped non-articles are routine on a crawl (one listing a few articles): DEBUG, not Scrapy's WARNING.


def not_an_article(fields: Mapping[str, Any]) -> bool:
    """Whether the extracted fields say the page is a listing or a site page, not an article."""
    kind = fields.get("page_type")
    return kind is not None and kind != ARTICLE_PAGE_TYPE


def json_default(value: Any) -> Any:
    """How a row's value that JSON has no type for is written (``json.dumps(default=...)``): bytes as text, sets
    and tuples as lists, anything else (dates ...) as its text. The store's ``metadata`` column and CSV feeds'
    JSON cells use it."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)
