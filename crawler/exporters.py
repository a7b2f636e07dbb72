"""Feed exporters: a CSV cell holding a structure holds it as JSON; an XML feed holds no ``None`` as text.

Scrapy's CSV exporter writes a dict as Python's ``repr`` (``{'pages': [...]}``, single quotes, ``None``), which
no CSV reader can parse back; ``metadata`` is such a dict. ``JsonCsvItemExporter`` writes a mapping, and a list
that is not all strings, as JSON; a list of strings stays joined with commas as Scrapy does (``authors``,
``tags``), an empty field stays an empty cell. The add-on registers it for the ``csv`` format
(``FEED_EXPORTERS``), unless the project named its own.

Scrapy's XML exporter writes an absent value (``None``) as the text ``None``; ``EmptyXmlItemExporter`` writes an
empty element instead, inside ``metadata`` too, and leaves ``None`` out of lists. The add-on registers it for
``xml``.

``WholeLineFileFeedStorage`` is Scrapy's file feed storage (``-O``/``-o`` to a path) with a file that writes whole
lines only: a write that fails (a full disk) is cut back to the last whole line, logged in one line naming the
file and the cause, counted (``feeds/write_failed``) and ends the crawl (finish reason ``feed_write_failed``:
``scrapy crawl`` exits 1); the articles stored so far stay in the store.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

from scrapy.exporters import CsvItemExporter, XmlItemExporter
from scrapy.extensions.feedexport import FileFeedStorage

from .pagejob.row import json_default


def json_cell(value: Any) -> Any:
    """The CSV cell of one field value: structures as JSON, lists of strings joined, the rest as it is."""
    if isinstance(value, Mapping):
        return json.dumps(dict(value), ensure_ascii=False, default=json_default)
    if isinstance(value, (list, tuple)):
        if all(isinstance(element, str) for element in value):
            return ",".join(value)
        return json.dumps(list(value), ensure_ascii=False, default=json_default)
    return value


class JsonCsvItemExporter(CsvItemExporter):
    """Scrapy's CSV exporter with JSON cells for mappings and mixed lists (a field's own serializer wins)."""

    def serialize_field(self, field: Any, name: str, value: Any) -> Any:
        serializer = field.get("serializer") if isinstance(field, Mapping) else None
        return serializer(value) if serializer is not None else json_cell(value)


def without_none(value: Any) -> Any:
    """The value with ``None`` as an empty string, inside mappings too; ``None`` left out of lists."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return {key: without_none(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple)):
        return [without_none(inner) for inner in value if inner is not None]
    return value


class EmptyXmlItemExporter(XmlItemExporter):
    """Scrapy's XML exporter with empty elements for absent values (a field's own serializer wins)."""

    def serialize_field(self, field: Any, name: str, value: Any) -> Any:
        serializer = field.get("serializer") if isinstance(field, Mapping) else None
        return serializer(value) if serializer is not None else without_none(value)


logger = logging.getLogger(__name__)

FEED_WRITE_FAILED_FINISH_REASON = "feed_write_failed"
FEED_WRITE_FAILED_STAT = "feeds/write_failed"


class WholeLineFile(io.RawIOBase):
    """A feed file that reaches the disk a whole line at a time; the first write error cuts the file back to its
    last whole line, is handed to ``on_failure`` once, and every later write is dropped."""

    def __init__(self, path: str, mode: str, on_failure: Callable[[str, OSError], None]) -> None:
        super().__init__()
        self.path = path
        self.file = open(path, mode, buffering=0)  # noqa: SIM115  (closed by close())
        self.descriptor = self.file.fileno()
        self.whole = os.lseek(self.descriptor, 0, os.SEEK_END) if "a" in mode else 0
        self.pending = bytearray()
        self.failed: OSError | None = None
        self.on_failure = on_failure

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:  # bytes-like
        size = len(memoryview(data))
        if self.failed is None:
            self.pending += data
            end = self.pending.rfind(b"\n") + 1
            if end:
                self._write_out(end)
        return size

    def _write_out(self, end: int) -> None:
        chunk = bytes(self.pending[:end])
        del self.pending[:end]
        written = 0
        try:
            while written < len(chunk):
                written += os.write(self.descriptor, chunk[written:])
        except OSError as error:
            with contextlib.suppress(OSError):  # a device (/dev/full) cannot be truncated
                os.ftruncate(self.descriptor, self.whole)
            self.failed = error
            self.pending.clear()
            self.on_failure(self.path, error)
            return
        self.whole += written

    def close(self) -> None:
        if not self.closed:
            if self.pending and self.failed is None:
                self._write_out(len(self.pending))
            self.file.close()
        super().close()


class WholeLineFileFeedStorage(FileFeedStorage):
    """Scrapy's file feed storage writing through a ``WholeLineFile``: a feed that cannot be written ends the
    crawl with one line and a non-zero exit instead of a traceback per item."""

    def open(self, spider: Any) -> Any:
        crawler = spider.crawler
        folder = os.path.dirname(self.path)
        try:
            if folder:
                os.makedirs(folder, exist_ok=True)
            return WholeLineFile(self.path, self.write_mode, lambda path, error: feed_failed(crawler, path, error))
        except OSError as error:
            feed_failed(crawler, self.path, error)
            return WholeLineFile(os.devnull, "wb", lambda path, error: None)


def feed_failed(crawler: Any, path: str, error: OSError) -> None:
    """One line naming the feed and the cause, the stat, and the crawl closed with FEED_WRITE_FAILED_FINISH_REASON."""
    from scrapy.utils.defer import deferred_from_coro

    logger.error("cannot write the feed %s: %s; the crawl stops (stored articles stay in the store)", path,
                 error.strerror or error)
    if crawler.stats is not None:
        crawler.stats.set_value(FEED_WRITE_FAILED_STAT, 1)
    engine = crawler.engine
    if engine is not None and engine.spider is not None and engine.running:
        deferred_from_coro(engine.close_spider_async(reason=FEED_WRITE_FAILED_FINISH_REASON))


__all__ = [
    "FEED_WRITE_FAILED_FINISH_REASON",
    "FEED_WRITE_FAILED_STAT",
    "EmptyXmlItemExporter",
    "JsonCsvItemExporter",
    "WholeLineFile",
    "WholeLineFileFeedStorage",
    "json_cell",
    "without_none",
]
