"""How a store fails: refused when opened (``StoreUnusable``) or unable to write any more (``StoreWriteFailed``), told
apart from a failure of one record (``store_failure``)."""

from __future__ import annotations


class StoreUnusable(Exception):
    """The store cannot be used at all (damaged, not a database, another program's ``articles`` table, a server
    that cannot be reached): refused when it is opened, before the crawl fetches anything. The message is one
    line a user can act on."""


class StoreWriteFailed(Exception):
    """A write failed for a reason of the store, not of the record (a damaged file, a full disk, a lost
    server): nothing more can be stored, the crawl should stop. The store itself is as the last commit left it."""


# The crawl's finish reason when the store could not be written (the crawl command exits non-zero on it).
WRITE_FAILED_FINISH_REASON = "store_write_failed"
# SQLite result codes that are the store's condition, not the record's: SQLITE_CORRUPT, SQLITE_NOTADB,
# SQLITE_FULL, SQLITE_IOERR (with its extended codes), SQLITE_CANTOPEN, SQLITE_READONLY (sqlite.org/rescode.html).
SQLITE_STORE_ERROR_CODES = frozenset({11, 26, 13, 10, 14, 8})


def store_failure(error: BaseException) -> str | None:
    """Why ``error`` means the store cannot be written at all (one line), or None when it is the record's."""
    import sqlite3

    if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.IntegrityError):
        code = getattr(error, "sqlite_errorcode", None)
        if code is None or code & 0xFF in SQLITE_STORE_ERROR_CODES:
            return f"{type(error).__name__}: {error}"
    if type(error).__module__.startswith("psycopg") and type(error).__name__ in ("OperationalError",
                                                                                    "InterfaceError"):
        return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    if isinstance(error, OSError):
        return f"{type(error).__name__}: {error}"
    return None
