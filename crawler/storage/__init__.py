"""Storage, without Scrapy: the article store (SQLite or PostgreSQL, one row per canonical URL, a schema that
migrates itself), the near-duplicate index (64-bit SimHash, found within a few bits) and ``export``.

The crawl's storage pipeline, ``extract-batch`` and ``python -m crawler export`` use these names.
"""

from __future__ import annotations

from .sql import (
    ARTICLE_COLUMNS,
    COMPUTED_COLUMNS,
    DEFAULT_NEAR_DUPLICATE_BITS,
    MAX_NEAR_DUPLICATE_BITS,
    MIGRATIONS,
    MIN_SIMHASH_TOKENS,
    SCHEMA_VERSION,
    SHINGLE_TOKENS,
    SIMHASH_BITS,
    V2_BAND_COLUMNS,
    WRITE_FAILED_FINISH_REASON,
    PostgresArticleStore,
    SqlArticleStore,
    SqliteArticleStore,
    StoredPage,
    StoreResult,
    StoreUnusable,
    StoreWriteFailed,
    content_hash,
    from_signed64,
    hamming_distance,
    normalize_text,
    open_article_store,
    simhash,
    simhash_hex,
    simhash_index_keys,
    store_failure,
    to_signed64,
)

__all__ = ["ARTICLE_COLUMNS", "COMPUTED_COLUMNS", "DEFAULT_NEAR_DUPLICATE_BITS", "MAX_NEAR_DUPLICATE_BITS",
           "MIGRATIONS", "MIN_SIMHASH_TOKENS", "SCHEMA_VERSION", "SHINGLE_TOKENS", "SIMHASH_BITS", "V2_BAND_COLUMNS",
           "WRITE_FAILED_FINISH_REASON", "PostgresArticleStore", "SqlArticleStore", "SqliteArticleStore",
           "StoreResult", "StoreUnusable", "StoreWriteFailed", "StoredPage", "content_hash", "from_signed64",
           "hamming_distance", "normalize_text", "open_article_store", "simhash", "simhash_hex",
           "simhash_index_keys", "store_failure", "to_signed64"]
