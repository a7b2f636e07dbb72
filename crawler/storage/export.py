"""``python -m crawler export``: the article store as a feed, one JSON line an article.

A crawl's ``-O`` feed holds what that run scraped; a crawl that was killed and run again gets ``304 Not Modified``
(or no request at all) for the articles the killed run stored, so neither run's feed holds them all. The store
does: ``export`` writes every stored original article (near-duplicates are linked to their first copy and keep no
text, so they are left out), in the order they were first stored, with the feed's fields in the feed's order
(``crawler.pagejob.row.ARTICLE_FIELDS``). Written to a temporary file and renamed into place, so a killed export
leaves no half feed behind.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..pagejob.row import ARTICLE_FIELDS
from .backends import open_article_store
from .errors import StoreUnusable

STDOUT = "-"
# Columns the store keeps the item's HTTP validators in; the feed carries them in ``metadata``.
VALIDATOR_COLUMNS = ("etag", "last_modified")


def feed_row(article: Mapping[str, Any]) -> dict[str, Any]:
    """A stored article as the crawl's feed row: every ARTICLE_FIELDS name (None when not known)."""
    extra = article.get("metadata") or {}
    row = {name: article[name] if article.get(name) is not None else extra.get(name) for name in ARTICLE_FIELDS}
    metadata = dict(extra.get("metadata") or {})
    for name in VALIDATOR_COLUMNS:
        if article.get(name):
            metadata.setdefault(name, article[name])
    row["metadata"] = metadata or None
    if isinstance(article.get("simhash"), int):
        row["simhash"] = f"{article['simhash']:016x}"
    return row


def export_rows(sqlite_path: str | None, postgres_dsn: str | None) -> Iterator[dict[str, Any]]:
    store = open_article_store(sqlite_path=sqlite_path, postgres_dsn=postgres_dsn)
    try:
        for article in store.iter_articles():
            yield feed_row(article)
    finally:
        store.close()


def _export_to_file(out: Path, sqlite_path: str | None, postgres_dsn: str | None) -> int:
    """Rows written whole or not at all: into a file beside ``out``, renamed over it when complete. A device or
    pipe (``out`` exists and is not a regular file) is written directly: it cannot be replaced."""
    special = out.exists() and not out.is_file()
    target = out if special else out.with_name(out.name + ".tmp")
    count = 0
    try:
        with target.open("w", encoding="utf-8") as file:
            for row in export_rows(sqlite_path, postgres_dsn):
                file.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
                count += 1
        if not special:
            os.replace(target, out)
    except BaseException:
        if not special:
            target.unlink(missing_ok=True)
        raise
    return count


def command_export(args: Any, parser: Any) -> int:
    if not (args.sqlite or args.postgres_dsn):
        parser.error("give the store: --sqlite PATH or --postgres-dsn DSN")
    if args.sqlite and not args.postgres_dsn and not Path(args.sqlite).is_file():
        print(f"error: {args.sqlite}: no such store", file=sys.stderr)
        return 1
    count = 0
    try:
        if args.output == STDOUT:
            for row in export_rows(args.sqlite, args.postgres_dsn):
                sys.stdout.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
                count += 1
        else:
            count = _export_to_file(Path(args.output), args.sqlite, args.postgres_dsn)
    except StoreUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # a folder that is not there, a read-only place, a full disk
        print(f"error: cannot write {args.output}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"{count} articles exported", file=sys.stderr)
    return 0


def add_export_command(commands: Any) -> None:
    parser = commands.add_parser(
        "export", help="write every article of a crawl's store as JSON lines (a whole feed after resumed crawls)",
        description="Every stored original article, in the order first stored, as the crawl's feed rows.",
    )
    parser.add_argument("--sqlite", metavar="PATH", help="the SQLite store (the crawl's STORAGE_SQLITE_PATH)")
    parser.add_argument("--postgres-dsn", metavar="DSN", help="a PostgreSQL store (STORAGE_POSTGRES_DSN)")
    parser.add_argument("--output", "-o", default=STDOUT, metavar="OUT", help="JSON lines file (default: stdout)")
    parser.set_defaults(handler=command_export, command_parser=parser)


__all__ = ["add_export_command", "command_export", "feed_row"]
