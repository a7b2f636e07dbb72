"""Does a WARC file end where its reader stopped?

FastWARC (2.0) stops without an error at a truncated or corrupt record, and hands over a record cut short as if it
were whole (a download that broke off, a disk that filled up). A batch must say so rather than count a broken
archive as a finished one or extract half a page. The check reads the archive again from the start of the last
record the reader gave, once per file: for the usual one-gzip-member-per-record WARC that is one record; for an
archive compressed as one stream (rare; FastWARC's offsets then point into it) the whole stream is decompressed
a second time.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from dataclasses import dataclass
from typing import BinaryIO

GZIP_MAGIC = b"\x1f\x8b"
WARC_MAGIC = b"WARC/"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # RFC 8878, section 3.1.1
LZ4_MAGIC = b"\x04\x22\x4d\x18"  # LZ4 frame format, section "General structure"
FRAMED_MAGICS = (ZSTD_MAGIC, LZ4_MAGIC)
READ_CHUNK = 1024 * 1024
# Output of one decompress call is capped so that a highly compressed member (a gzip bomb) does not fill memory.
MAX_INFLATE_CHUNK = 16 * 1024 * 1024
# WARC headers are a few hundred bytes; FastWARC's own default limit (max_header_len) is 32 KiB.
MAX_WARC_HEADER_BYTES = 64 * 1024
CONTENT_LENGTH = re.compile(rb"^content-length:[ \t]*(\d+)[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
BLOCK_DIGEST = re.compile(rb"^warc-block-digest:[ \t]*([a-z0-9-]+):[ \t]*([A-Za-z0-9=]+)[ \t]*\r?$",
                          re.IGNORECASE | re.MULTILINE)
# What may follow a record's block: the "\r\n\r\n" the WARC format requires, and padding some writers leave.
RECORD_PADDING = b"\r\n\x00 "


@dataclass(frozen=True, slots=True)
class ArchiveEnd:
    """``last_record_whole``: the last record read was complete; ``problem``: why the archive is broken after it
    (None: it ended cleanly)."""

    last_record_whole: bool
    problem: str | None = None


CLEAN_END = ArchiveEnd(True)


def check_archive_end(stream: BinaryIO, last_record_offset: int | None) -> ArchiveEnd:
    """Whether ``stream`` (seekable, positioned anywhere) ends with the record starting at ``last_record_offset``
    (an offset as FastWARC's ``stream_pos`` gives it; None when the reader gave no record)."""
    start = last_record_offset or 0
    stream.seek(start)
    head = stream.read(len(WARC_MAGIC))
    if head.startswith(GZIP_MAGIC):
        stream.seek(start)
        return _gzip_record_end(stream)
    if head.startswith(FRAMED_MAGICS):
        stream.seek(start)
        return _frames_end(stream, head)
    if head == WARC_MAGIC:
        return _plain_record_end(stream, start)
    stream.seek(0)
    first = stream.read(len(WARC_MAGIC))
    stream.seek(0)
    # An offset inside (or at the end of) a compressed stream: the archive is one member or frame (or a few large
    # ones), and FastWARC's offsets are those of its read buffer, not of records.
    if last_record_offset is not None and first.startswith(GZIP_MAGIC):
        return _gzip_archive_end(stream)
    if last_record_offset is not None and first.startswith(FRAMED_MAGICS):
        return _frames_end(stream, first)
    if not head and last_record_offset is None:
        return CLEAN_END  # an empty file
    return ArchiveEnd(last_record_offset is None, f"no WARC record at byte {start}")


def _frames_end(stream: BinaryIO, head: bytes) -> ArchiveEnd:
    """Zstandard and LZ4 frames are read with FastWARC's own readers, which raise on a cut or corrupt frame (and on
    bytes after the last frame, so a whole last record followed by garbage is not told apart from a cut one)."""
    from fastwarc.stream_io import Lz4Reader, ZstdReader

    reader_class = ZstdReader if head.startswith(ZSTD_MAGIC) else Lz4Reader
    try:
        reader = reader_class(stream, fsspec_args=False)
        while reader.read(READ_CHUNK):
            pass
    except OSError as error:
        return ArchiveEnd(False, f"cut or corrupt {reader_class.__name__.removesuffix('Reader')} data: {error}")
    return CLEAN_END


def _gzip_record_end(stream: BinaryIO) -> ArchiveEnd:
    """The last record is one gzip member; nothing but padding may follow it."""
    complete, problem, rest = _inflate_member(stream, b"")
    if not complete:
        return ArchiveEnd(False, problem)
    unread = _unread_bytes(stream, rest)
    return ArchiveEnd(True, f"{unread} bytes after the last record were not read" if unread else None)


def _gzip_archive_end(stream: BinaryIO) -> ArchiveEnd:
    """A file of few large members: every member must be complete, and only padding may follow the last."""
    rest = b""
    while True:
        complete, problem, rest = _inflate_member(stream, rest)
        if not complete:
            return ArchiveEnd(False, problem)
        if not rest:
            rest = stream.read(READ_CHUNK)
        if not rest.startswith(GZIP_MAGIC):
            unread = _unread_bytes(stream, rest)
            return ArchiveEnd(True, f"{unread} bytes after the last gzip member are not gzip" if unread else None)


def _inflate_member(stream: BinaryIO, pending: bytes) -> tuple[bool, str | None, bytes]:
    """Reads one gzip member (the output is thrown away): (complete, why not, the bytes read past its end)."""
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
    data = pending
    while not inflater.eof:
        if not data:
            data = stream.read(READ_CHUNK)
            if not data:
                return False, "archive ends inside a gzip member: the last record is cut short", b""
        try:
            inflater.decompress(data, MAX_INFLATE_CHUNK)
        except zlib.error as error:
            return False, f"corrupt gzip data: {error}", b""
        data = inflater.unconsumed_tail
    return True, None, inflater.unused_data


def _plain_record_end(stream: BinaryIO, start: int) -> ArchiveEnd:
    header = stream.read(MAX_WARC_HEADER_BYTES)
    header_end = header.find(b"\r\n\r\n")
    length = CONTENT_LENGTH.search(header, 0, max(header_end, 0))
    if header_end < 0 or length is None:
        return ArchiveEnd(False, f"the last record's header (byte {start}) is cut short or has no Content-Length")
    block_start = start + len(WARC_MAGIC) + header_end + len(b"\r\n\r\n")
    block_end = block_start + int(length.group(1))
    size = stream.seek(0, 2)
    if block_end > size:
        return ArchiveEnd(False, f"the last record is cut short: it needs {block_end - size} more bytes")
    digest = BLOCK_DIGEST.search(header, 0, header_end)
    if digest and not _block_matches(stream, block_start, block_end, digest):
        # A cut followed by other bytes can give the block its full length; only the digest tells.
        return ArchiveEnd(False, "the last record's block does not match its WARC-Block-Digest")
    stream.seek(block_end)
    unread = _unread_bytes(stream, b"")
    return ArchiveEnd(True, f"{unread} bytes after the last record were not read" if unread else None)


def _block_matches(stream: BinaryIO, block_start: int, block_end: int, digest: re.Match[bytes]) -> bool:
    """Whether the block has the digest its header gives (True when the algorithm is not one hashlib knows)."""
    algorithm, expected = digest.group(1).decode("ascii").lower(), digest.group(2).decode("ascii")
    try:
        hasher = hashlib.new(algorithm)
    except ValueError:
        return True
    stream.seek(block_start)
    remaining = block_end - block_start
    while remaining:
        chunk = stream.read(min(READ_CHUNK, remaining))
        if not chunk:
            return False
        hasher.update(chunk)
        remaining -= len(chunk)
    value = hasher.digest()
    # WARC 1.1 (section 5.8) leaves the encoding open: base32 is the common one, hex is also seen.
    return expected.upper() == base64.b32encode(value).decode("ascii") or expected.lower() == value.hex()


def _unread_bytes(stream: BinaryIO, already_read: bytes) -> int:
    """How many bytes other than record padding remain (counted from the first one that is not padding)."""
    count, seen_data = 0, False
    chunk = already_read or stream.read(READ_CHUNK)
    while chunk:
        if not seen_data:
            stripped = chunk.lstrip(RECORD_PADDING)
            seen_data = bool(stripped)
            chunk = stripped
        count += len(chunk)
        chunk = stream.read(READ_CHUNK)
    return count
