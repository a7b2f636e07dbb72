"""Storage, without Scrapy: the article store (``sql``: one row per canonical URL, on SQLite or PostgreSQL,
``backends``), its schema and migrations (``schema``), the near-duplicate index (``nearduplicates``: 64-bit
simhash fingerprints found within a few bits), how a store fails (``errors``) and ``export``.

The crawl's storage pipeline, ``extract-batch`` and ``python -m crawler export`` use these names.
"""

from __future__ import annotations

from ..pagejob.fingerprints import (
    MIN_SIMHASH_TOKENS,
    SHINGLE_TOKENS,
    SIMHASH_BITS,
    content_hash,
    hamming_distance,
    normalize_text,
    simhash,
    simhash_hex,
)
from .backends import PostgresArticleStore, SqliteArticleStore, open_article_store
from .errors import WRITE_FAILED_FINISH_REASON, StoreUnusable, StoreWriteFailed, store_failure
from .nearduplicates import (
    DEFAULT_NEAR_DUPLICATE_BITS,
    MAX_NEAR_DUPLICATE_BITS,
    from_signed64,
    simhash_index_keys,
    to_signed64,
)
from .schema import ARTICLE_COLUMNS, COMPUTED_COLUMNS, MIGRATIONS, SCHEMA_VERSION, V2_BAND_COLUMNS
from .sql import SqlArticleStore, StoredPage, StoreResult

__all__ = ["ARTICLE_COLUMNS", "COMPUTED_COLUMNS", "DEFAULT_NEAR_DUPLICATE_BITS", "MAX_NEAR_DUPLICATE_BITS",
           "MIGRATIONS", "MIN_SIMHASH_TOKENS", "SCHEMA_VERSION", "SHINGLE_TOKENS", "SIMHASH_BITS", "V2_BAND_COLUMNS",
           "WRITE_FAILED_FINISH_REASON", "PostgresArticleStore", "SqlArticleStore", "SqliteArticleStore",
           "StoreResult", "StoreUnusable", "StoreWriteFailed", "StoredPage", "content_hash", "from_signed64",
           "hamming_distance", "normalize_text", "open_article_store", "simhash", "simhash_hex",
           "simhash_index_keys", "store_failure", "to_signed64"]
