"""Bulk extraction's archive readers: WARC files (FastWARC, a C++ reader; gzip, zstd or plain; from the last good
record on, a damaged stretch is skipped by ``warc_scan`` with its byte range and reading goes on) and ARC files
(warcio converts each record; damage is skipped by ``arc_scan``). Only HTTP ``response`` records with status 200
and an HTML body become pages; every other record is a ``Skipped`` with its reason."""

from __future__ import annotations

import dataclasses
import io
import logging
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from . import warc_end
from .records import GZIP_MAGIC, MAX_PAGE_BYTES, Page, Record, Skipped, is_html

logger = logging.getLogger(__name__)


# A test of a record's URL (``PageFilter.before_extraction``): the reason to leave it out, or None.
UrlTest = Callable[[str | None], str | None]


def read_warc(source: str | BinaryIO, where: str, url_test: UrlTest | None = None) -> Iterator[Record]:
    """Every record of a WARC file (a path, or a binary stream such as the bytes Spark hands over), as a
    page or the reason it gives none; a response whose URL ``url_test`` leaves out is given out as Skipped with
    that reason before its block is checked or parsed.

    FastWARC reads the archive (fast, in C++) until it ends or stops at damage; the end is checked
    (``warc_end``). A damaged archive is then read on from the last record FastWARC gave by ``warc_scan``, so
    damage costs only the records it touches: each damaged byte range is a ``broken_archive`` record with its
    offsets. Layouts the scanner does not read (zstd, lz4, one gzip stream, a stream that cannot seek) end at the
    first damage with one ``broken_archive`` record, as FastWARC leaves them."""
    from . import warc_scan

    stream: BinaryIO = open(source, "rb") if isinstance(source, str) else source  # noqa: SIM115
    try:
        resume = yield from _read_warc_stopping(source, where, lambda offset: warc_scan.resumable(stream, offset),
                                                url_test)
        if resume is None:
            return
        try:
            found = warc_scan.scan_warc(stream, MAX_PAGE_BYTES, start=resume)
        except warc_scan.NotScannable as error:
            yield Skipped(f"{where}:{resume}", "broken_archive", f"reading stopped: {error}", bad=True)
            return
        for item in found:
            yield _scanned_record(item, where, url_test=url_test)
    finally:
        if isinstance(source, str):
            stream.close()


def _scanned_record(item: Any, where: str, read: Callable[[bytes, str], Record] | None = None,
                    url_test: UrlTest | None = None) -> Record:
    """A record or damaged range a scanner found (``warc_scan``), as a record: ``read`` turns a whole record's
    bytes into one (a WARC record read by FastWARC when None)."""
    from . import warc_scan

    if isinstance(item, warc_scan.DamagedRange):
        size = item.end - item.start
        span = f"bytes {item.start}-{item.end} ({size} bytes) skipped: " if size else ""
        return Skipped(f"{where}:{item.start}", "broken_archive", span + item.why, bad=True)
    place = f"{where}:{item.offset}" + (f"+{item.inner}" if item.inner else "")
    if isinstance(item, warc_scan.OversizedRecord):
        return Skipped(place, "too_large", f"{item.url or 'a record'}: {item.length} bytes", bad=True)
    return read(item.data, place) if read is not None else _warc_bytes_record(item.data, place, url_test)


def _warc_bytes_record(data: bytes, place: str, url_test: UrlTest | None = None) -> Record:
    from fastwarc.warc import ArchiveIterator

    for record in ArchiveIterator(io.BytesIO(data), parse_http=False, fsspec_args=False):
        return _warc_record(record, place, url_test)
    return Skipped(place, "broken_archive", "a record FastWARC does not read", bad=True)


def _read_warc_stopping(source: str | BinaryIO, where: str, resumable: Callable[[int], bool],
                        url_test: UrlTest | None = None) -> Generator[Record, None, int | None]:
    """FastWARC over the whole archive; its end checked by ``warc_end`` (FastWARC stops without an error at a
    cut or corrupt record and gives a cut record as if whole, which would make half a page an article). On
    damage, returns the offset of the last record read (not given out) when ``resumable`` says the scanner can
    read on from there; else gives the damage as one ``broken_archive`` record and returns None."""
    from fastwarc.warc import ArchiveIterator

    # An archive read over HTTP seeks forwards only: its end is not checked by seeking back (a cut transfer is
    # caught by the stream, which knows the length it was promised).
    checkable = isinstance(source, str) or (source.seekable() and source.tell() == 0
                                            and not getattr(source, "forward_only", False))
    held: Record | None = None
    offset: int | None = None
    error: Exception | None = None
    try:
        for record in ArchiveIterator(source, parse_http=False, fsspec_args=False):
            if held is not None:
                yield held
            held = None  # a record that fails to read is not given out as the one before it
            offset = record.stream_pos
            held = _warc_record(record, f"{where}:{offset}", url_test)
    except Exception as caught:  # FastWARC raises OSError/ValueError kinds on broken archives
        error = caught
    end = _archive_end(source, offset) if checkable else warc_end.CLEAN_END
    problems = [f"{type(error).__name__}: {error}"] if error else []
    if end.problem and not (error and str(error) in end.problem):  # the reader's error, found again
        problems.append(end.problem)
    if not end.last_record_whole and held is not None:
        problems.append(f"the last record ({_record_url(held)}) is not extracted")
    if problems and checkable and resumable(offset or 0):
        return offset or 0
    if held is not None and end.last_record_whole:
        yield held
    if problems:
        yield Skipped(f"{where}:{offset or 0}", "broken_archive", "reading stopped: " + "; ".join(problems), bad=True)
    return None


def _archive_end(source: str | BinaryIO, last_record_offset: int | None) -> warc_end.ArchiveEnd:
    if not isinstance(source, str):
        return warc_end.check_archive_end(source, last_record_offset)
    try:
        with open(source, "rb") as stream:
            return warc_end.check_archive_end(stream, last_record_offset)
    except OSError as error:
        return warc_end.ArchiveEnd(False, f"cannot read the archive's end: {error}")


def _record_url(record: Record) -> str:
    return (record.url or record.input) if isinstance(record, Page) else record.detail.split(": ", 1)[0] or record.input


def read_warc_file(path: Path, url_test: UrlTest | None = None) -> Iterator[Record]:
    return read_warc(str(path), str(path), url_test)


def _warc_record(record: Any, where: str, url_test: UrlTest | None = None) -> Record:
    record_type = record.record_type.name if hasattr(record.record_type, "name") else str(record.record_type)
    if record_type != "response":
        return Skipped(where, f"record_{record_type}")
    url = record.headers.get("WARC-Target-URI")
    left_out = url_test(url) if url_test is not None else None
    if left_out is not None:  # by its WARC header alone: the block is not read, hashed or parsed
        return Skipped(where, left_out, url or "")
    if record.content_length > MAX_PAGE_BYTES:
        return Skipped(where, "too_large", f"{url}: {record.content_length} bytes", bad=True)
    if "WARC-Block-Digest" in record.headers and not record.verify_block_digest(consume=False):
        # The one check that finds a record damaged inside a readable archive (a bad disk sector, or bytes after
        # a cut that gzip or the WARC lengths happen to accept). SHA-1 costs little beside extracting the page.
        return Skipped(where, "bad_digest", f"{url}: the block does not match its WARC-Block-Digest", bad=True)
    if not record.is_http:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    try:
        record.parse_http(auto_decode="all")
    except OSError as error:
        return Skipped(where, "not_http", f"{url}: unreadable HTTP headers: {error}", bad=True)
    if record.http_headers is None:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    status = record.http_headers.status_code
    if status != 200:
        return Skipped(where, "status_not_200", f"{url}: HTTP {status}")
    content_type = record.http_headers.get("Content-Type")
    body = record.reader.read()
    if not is_html(content_type, body):
        return Skipped(where, "not_html", f"{url}: {content_type}")
    date = record.record_date
    extra = {"crawled_at": date.isoformat(timespec="seconds")} if date else {}
    return Page(body, url, content_type, where, "warc", extra)


def read_arc_file(path: Path) -> Iterator[Record]:
    """ARC files, cut into records by ``arc_scan`` so that damage costs only the records it touches (each damaged
    byte range is a ``broken_archive`` record with its offsets); each whole record is converted by warcio
    (FastWARC reads WARC only). An ``.arc.gz`` of one huge gzip stream is read by warcio alone, which stops at
    the first damage."""
    from . import arc_scan, warc_scan

    where = str(path)
    with path.open("rb") as stream:
        head = stream.read(arc_scan.ARC.probe_bytes)
        gzipped = head.startswith(GZIP_MAGIC) or (path.name.endswith(".gz") and not arc_scan.ARC.starts(head))
        try:
            found = arc_scan.scan_arc(stream, MAX_PAGE_BYTES, gzipped=gzipped)
        except warc_scan.NotScannable:
            stream.seek(0)
            yield from read_arc_stream(stream, where)
            return
        for item in found:
            yield _scanned_record(item, where, _arc_bytes_record)


def _arc_bytes_record(data: bytes, place: str) -> Record:
    from warcio.archiveiterator import ArchiveIterator

    try:
        for record in ArchiveIterator(io.BytesIO(data), arc2warc=True):
            return _arc_record(record, place)
    except Exception as error:  # warcio raises ArchiveLoadFailed and header parsing errors on what it cannot read
        return Skipped(place, "broken_archive", f"a record warcio does not read: {type(error).__name__}: {error}",
                       bad=True)
    return Skipped(place, "broken_archive", "a record warcio does not read", bad=True)


def read_arc_stream(stream: BinaryIO, where: str) -> Iterator[Record]:
    """warcio over the whole ARC stream (its on-the-fly conversion), ending at the first damage."""
    from warcio.archiveiterator import ArchiveIterator

    offset = 0
    try:
        iterator = ArchiveIterator(stream, arc2warc=True)
        for record in iterator:
            result = _arc_record(record, where)
            offset = iterator.get_record_offset()  # reads the record to its end: after the body
            yield dataclasses.replace(result, input=f"{where}:{offset}")
    except Exception as error:  # warcio raises ArchiveLoadFailed and zlib errors on broken files
        yield Skipped(f"{where}:{offset}", "broken_archive", f"reading stopped: {type(error).__name__}: {error}",
                      bad=True)


def _arc_record(record: Any, where: str) -> Record:
    if record.rec_type != "response":
        return Skipped(where, f"record_{record.rec_type}")
    url = record.rec_headers.get_header("WARC-Target-URI")
    if record.http_headers is None:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    status = record.http_headers.get_statuscode()
    if status != "200":
        return Skipped(where, "status_not_200", f"{url}: HTTP {status}")
    content_type = record.http_headers.get_header("Content-Type")
    body = record.content_stream().read(MAX_PAGE_BYTES + 1)
    if len(body) > MAX_PAGE_BYTES:
        return Skipped(where, "too_large", f"{url}: over {MAX_PAGE_BYTES} bytes", bad=True)
    missing = getattr(record.raw_stream, "limit", 0)  # warcio gives a cut last record as if whole, like FastWARC
    if missing:
        return Skipped(where, "broken_archive", f"{url}: the record is cut short, {missing} bytes missing", bad=True)
    if not is_html(content_type, body):
        return Skipped(where, "not_html", f"{url}: {content_type}")
    date = record.rec_headers.get_header("WARC-Date")
    return Page(body, url, content_type, where, "arc", {"crawled_at": date} if date else {})
