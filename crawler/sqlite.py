"""SQLite as the project's stores use it: one WAL file shared by several processes, and write transactions
that take the write lock up front so a check-then-write cannot interleave with another process's."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager

# How long a writer waits for another process's write lock before giving up (SQLite's busy_timeout).
SQLITE_BUSY_TIMEOUT_MS = 30_000


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """An autocommit connection in WAL mode (readers never wait for the writer), usable from any thread."""
    connection = sqlite3.connect(path, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    _enter_wal_mode(connection)
    connection.execute("PRAGMA synchronous = NORMAL")  # durable enough in WAL mode, much faster
    return connection


class WriteTransactions:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` on one connection; nested uses join the outermost transaction,
    which commits when it ends without error and rolls back otherwise. The caller holds its thread lock."""

    def __init__(self) -> None:
        self.depth = 0

    @contextmanager
    def __call__(self, connection: sqlite3.Connection) -> Iterator[None]:
        outermost = self.depth == 0
        if outermost:
            connection.execute("BEGIN IMMEDIATE")
        self.depth += 1
        try:
            yield
        except BaseException:
            self.depth -= 1
            if outermost:
                connection.execute("ROLLBACK")
            raise
        self.depth -= 1
        if outermost:
            connection.execute("COMMIT")


# Pause between tries of the WAL switch while another process holds the lock.
WAL_RETRY_SECONDS = 0.02


def _enter_wal_mode(connection: sqlite3.Connection) -> None:
    """``PRAGMA journal_mode = WAL``, tried again while another connection holds the lock: SQLite does not
    call the busy handler for it, so two worker processes opening a new store at once failed one of them
    with "database is locked" (seen in the worker-pool tests, about one run in ten)."""
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(WAL_RETRY_SECONDS)
