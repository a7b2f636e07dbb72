"""The article store's schema: its columns and the numbered migrations that bring a database written by an older
version of the crawler up to date when it is opened (recorded in ``schema_version``)."""

from __future__ import annotations

SCHEMA_VERSION = 4

# Columns of their own; every other field of a record goes to the JSON ``metadata`` column.
ARTICLE_COLUMNS = ("url", "canonical_url", "title", "published", "language", "text", "extractor", "template",
                   "content_hash", "crawled_at", "etag", "last_modified")
# The band columns of schema versions 2 and 3 (dropped by version 4); named for those migrations only.
V2_BAND_COLUMNS = tuple(f"band{i}" for i in range(7))
# Fields of a record that the store derives itself and keeps in columns of its own, not in ``metadata``.
COMPUTED_COLUMNS = frozenset({"simhash"})


# Migration N takes a database at version N - 1 to version N. ``{id_pk}`` and ``{bigint}`` are the
# dialect's types. Never edit a released migration: add the next one.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE articles (
            id {id_pk},
            canonical_url TEXT NOT NULL UNIQUE,
            url TEXT,
            title TEXT,
            text TEXT,
            extractor TEXT,
            language TEXT,
            content_hash TEXT,
            crawled_at TEXT
        )""",
        "CREATE INDEX articles_by_content_hash ON articles (content_hash)",
    ),
    2: (
        "ALTER TABLE articles ADD COLUMN published TEXT",
        "ALTER TABLE articles ADD COLUMN template TEXT",
        "ALTER TABLE articles ADD COLUMN metadata TEXT",
        "ALTER TABLE articles ADD COLUMN simhash {bigint}",
        *(f"ALTER TABLE articles ADD COLUMN {band} INTEGER" for band in V2_BAND_COLUMNS),
        "ALTER TABLE articles ADD COLUMN duplicate_of {bigint} REFERENCES articles (id)",
        "ALTER TABLE articles ADD COLUMN first_seen TEXT",
        *(f"CREATE INDEX articles_by_{band} ON articles ({band})" for band in V2_BAND_COLUMNS),
        "CREATE INDEX articles_by_duplicate_of ON articles (duplicate_of)",
    ),
    3: (  # HTTP validators for conditional recrawls, looked up by the URL the crawl requests
        "ALTER TABLE articles ADD COLUMN etag TEXT",
        "ALTER TABLE articles ADD COLUMN last_modified TEXT",
        "CREATE INDEX articles_by_url ON articles (url)",
    ),
    4: (  # near-duplicate lookup by pairs of fingerprint blocks instead of bands (see SIMHASH_BLOCKS)
        # simhash is repeated here so that a lookup reads the index alone, not each candidate's article row
        # (at millions of stored articles those rows are scattered, one disk read each).
        """CREATE TABLE simhash_index (
            pair_key INTEGER NOT NULL,
            article_id {bigint} NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
            simhash {bigint} NOT NULL,
            PRIMARY KEY (pair_key, article_id)
        ){without_rowid}""",
        *(f"DROP INDEX articles_by_{band}" for band in V2_BAND_COLUMNS),
        *(f"ALTER TABLE articles DROP COLUMN {band}" for band in V2_BAND_COLUMNS),
    ),
}
assert max(MIGRATIONS) == SCHEMA_VERSION
