"""Finding the records of a damaged WARC file, so that damage costs only the records it touches.

FastWARC reads records fast but stops at the first bad byte: a corrupt gzip member, garbage between members, or
a wrong ``Content-Length`` in the middle of a file lost every record after it. This scanner cuts the archive into
records itself and hands each whole record to FastWARC (``crawler.bulk.readers``):

1. **Members.** A ``.warc.gz`` is a series of gzip members (the WARC standard, annex D: one record a member). Each
   member is inflated on its own (``crawler.bulk.members``), into a spooled temporary file (memory stays bounded).
   A member that does not inflate (corrupt, cut short) or bytes that are not a member start are a damaged range:
   the scan goes on at the next gzip header (``1f 8b 08``) after it. A ``.warc.zst`` written one zstd frame a
   record (the IIPC's WARC-zstd layout) is read the same way, frame by frame. A member of several records (a
   WARC compressed as one gzip stream) keeps the records inflated before its damage.
2. **Records.** Inside a member (or a plain ``.warc``) a record is ``WARC/1.x`` header lines, a blank line, then
   ``Content-Length`` bytes of block. The length is trusted only when what follows the block is padding and the
   next record's ``WARC/1.`` (or the end). When it is not, and a ``WARC/1.`` line starts inside the block, the
   length was wrong: the record is lost and the scan goes on at that line. A non-numeric, negative or missing
   length, or a header with no end, is a damaged range up to the next ``WARC/1.`` line.

Every damaged range is given out with its byte offsets and why, to be counted and logged. Archives this scanner
does not read (lz4, zstd with a dictionary, a stream that cannot seek, a file of one huge gzip member or zstd
frame) are read by FastWARC alone, as before (``NotScannable``): one ``broken_archive`` where it stopped.
``crawler.bulk.readers`` reads an archive with FastWARC first and calls the scanner only from the last good record when
FastWARC stops at damage, so an undamaged archive costs nothing more.

The record layout is a ``RecordFormat`` (``WARC`` here); ``crawler.bulk.arc_scan`` gives the ARC one to
``scan_archive``, which shares the member inflation and the resynchronisation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from .members import (
    GZIP,
    GZIP_HEADER,
    ZSTD,
    ZSTD_MAGIC,
    Codec,
    InflatedMember,
    ZstdFrameInflater,
    inflate_member,
    zstd_module,
)

RECORD_START = b"WARC/1."
READ_CHUNK = 1024 * 1024  # for looking for the next record or member
# WARC headers are a few hundred bytes; FastWARC's own default limit (max_header_len) is 32 KiB.
MAX_HEADER_BYTES = 64 * 1024
CONTENT_LENGTH = re.compile(rb"^content-length:[ \t]*(\d+)[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
TARGET_URI = re.compile(rb"^warc-target-uri:[ \t]*(\S+)[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
# What may follow a record's block: the "\r\n\r\n" the WARC format requires, and padding some writers leave
# (zeros, spaces).
RECORD_PADDING = b"\r\n\x00 "
# How far past a block's end padding is looked for before the next record must start.
MAX_PADDING_BYTES = 4096


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """What a format reads from the bytes at a record start: ``block`` (where the block starts, from the record
    start) and ``length`` (its length), or None with ``why`` when no usable record starts there."""

    block: int | None
    length: int | None
    why: str = ""
    url: str | None = None


class RecordFormat:
    """How records of one archive format are told apart; ``scan_archive`` does the rest (gzip members, trusting a
    length only when the next record or the end follows it, resynchronising at the next record start)."""

    length_name = "Content-Length"  # the header field that gives a block's length, for messages
    record_end = b"\r\n\r\n"  # appended to a record's bytes before the reader gets them
    probe_bytes = len(RECORD_START)  # how much is read to tell whether a record starts at an offset
    # A block of the right length followed by bytes that are not a record is kept (the damage after it skipped):
    # the reader checks it against its WARC-Block-Digest (``bad_digest``) when the writer gave one.
    keeps_unconfirmed_records = True

    def header(self, head: bytes) -> RecordHeader:
        """Reads the record header at the start of ``head`` (up to MAX_HEADER_BYTES)."""
        header_end = head.find(b"\r\n\r\n")
        length = CONTENT_LENGTH.search(head, 0, max(header_end, 0)) if header_end > 0 else None
        if not head.startswith(RECORD_START) or length is None:
            return RecordHeader(None, None, "no WARC record starts here" if not head.startswith(RECORD_START)
                                else "the record header has no end" if header_end < 0 else "no valid Content-Length")
        url = TARGET_URI.search(head, 0, header_end)
        return RecordHeader(header_end + 4, int(length.group(1)), url=url.group(1).decode("utf-8", "replace")
                            if url else None)

    def starts(self, head: bytes) -> bool:
        """Whether a record starts at the start of ``head`` (``probe_bytes`` long)."""
        return head.startswith(RECORD_START)

    def find_start(self, stream: BinaryIO, start: int, end: int) -> int | None:
        """The first offset in ``start``..``end`` where a record starts, or None."""
        return find_bytes(stream, RECORD_START, start, end)


WARC = RecordFormat()


class NotScannable(Exception):
    """An archive layout this scanner does not read; the caller reads it with FastWARC."""


@dataclass(frozen=True, slots=True)
class RawRecord:
    """One whole record (``data``: header, block and the closing blank line), at ``offset`` in the file
    (``inner``: its offset inside the gzip member when the member holds several records)."""

    offset: int
    inner: int
    data: bytes


@dataclass(frozen=True, slots=True)
class OversizedRecord:
    """A record whose block is larger than the caller wants in memory; its bytes are not read."""

    offset: int
    inner: int
    length: int
    url: str | None


@dataclass(frozen=True, slots=True)
class DamagedRange:
    """Bytes ``start``..``end`` (file offsets, end excluded) that gave no record, and why."""

    start: int
    end: int
    why: str


Found = RawRecord | OversizedRecord | DamagedRange


def resumable(stream: BinaryIO, offset: int) -> bool:
    """Whether ``scan_warc`` can read the stream from ``offset``: a seekable gzip WARC with a member starting
    there, or a plain WARC with a record starting there (not a zstd or lz4 file, nor an offset inside one gzip
    stream)."""
    if not stream.seekable():
        return False
    first = read_at(stream, 0, len(RECORD_START))
    here = read_at(stream, offset, len(RECORD_START))
    if first.startswith(GZIP_HEADER[:2]):
        return here.startswith(GZIP_HEADER)
    if first.startswith(ZSTD_MAGIC):
        return here.startswith(ZSTD_MAGIC)
    return first.startswith(b"WARC/") and (offset == 0 or here.startswith(RECORD_START))


def scan_warc(stream: BinaryIO, max_block_bytes: int, start: int = 0) -> Iterator[Found]:
    """The records and damaged ranges of a seekable WARC stream from ``start`` (a member or record start), in
    file order. Raises NotScannable (before giving anything) for layouts it does not read."""
    if not stream.seekable():
        raise NotScannable("the stream cannot seek")
    head = read_at(stream, 0, len(RECORD_START))
    if head.startswith(GZIP_HEADER[:2]):
        return scan_archive(stream, WARC, max_block_bytes, start, codec=GZIP)
    if head.startswith(ZSTD_MAGIC):
        return scan_archive(stream, WARC, max_block_bytes, start, codec=ZSTD)
    if head.startswith(b"WARC/") or not head:
        return scan_archive(stream, WARC, max_block_bytes, start, codec=None)
    raise NotScannable("not gzip, zstd or plain WARC")


def scan_archive(stream: BinaryIO, fmt: RecordFormat, max_block_bytes: int, start: int = 0, *,
                 codec: Codec | None) -> Iterator[Found]:
    """The records (as ``fmt`` tells them) and damaged ranges of a seekable archive from ``start`` (a member or
    record start), in file order: members of ``codec`` (gzip, zstd) or plain records (None). Raises NotScannable
    (before giving anything) for a file whose first member inflates past MAX_MEMBER_BYTES (one compressed stream)."""
    size = stream.seek(0, 2)
    if codec is not None:
        return _scan_members(stream, fmt, codec, start, size, max_block_bytes)
    return _scan_records(stream, fmt, start, size, max_block_bytes, trusted_end=True, member=None)


# ------------------------------------------------------------------------------------------ byte helpers


def read_at(stream: BinaryIO, offset: int, length: int) -> bytes:
    stream.seek(offset)
    return stream.read(length)


def find_bytes(stream: BinaryIO, pattern: bytes, start: int, end: int) -> int | None:
    """The first offset in ``start``..``end`` where ``pattern`` starts (whole inside the range), or None."""
    position = start
    while position < end:
        chunk = read_at(stream, position, min(READ_CHUNK, end - position))
        if not chunk:
            return None
        found = chunk.find(pattern)
        if found >= 0 and position + found + len(pattern) <= end:
            return position + found
        if position + len(chunk) >= end:
            return None
        position += max(1, len(chunk) - len(pattern) + 1)
    return None


def _after_padding(stream: BinaryIO, offset: int, size: int) -> int:
    """The first offset at or after ``offset`` that is not record padding (``size`` when only padding is left,
    or when more than MAX_PADDING_BYTES of it)."""
    chunk = read_at(stream, offset, min(MAX_PADDING_BYTES, size - offset))
    stripped = chunk.lstrip(RECORD_PADDING)
    return offset + len(chunk) - len(stripped) if stripped or offset + len(chunk) < size else size


# ------------------------------------------------------------------------------------------ records


def _scan_records(stream: BinaryIO, fmt: RecordFormat, start: int, size: int, max_block_bytes: int, *,
                  trusted_end: bool, member: int | None) -> Iterator[Found]:
    """Records of uncompressed archive data in ``stream`` from ``start`` to ``size``. ``member``: the offset of
    the gzip member this data inflated from (offsets given out are then that member's). With ``trusted_end``
    False (a member cut or corrupt: its inflated data stops anywhere) only records followed by another record are
    given, and no damaged range (the member's damage covers them)."""

    def place(offset: int) -> tuple[int, int]:
        return (offset, 0) if member is None else (member, offset)

    def damage(begin: int, end: int, why: str) -> Iterator[Found]:
        if trusted_end and end > begin:
            if member is None:
                yield DamagedRange(begin, end, why)
            else:
                yield DamagedRange(member, member, f"inside the member, inflated bytes {begin}-{end}: {why}")

    position = _after_padding(stream, start, size)
    while position < size:
        header = fmt.header(read_at(stream, position, MAX_HEADER_BYTES))
        if header.block is None or header.length is None:
            following = fmt.find_start(stream, position + 1, size)
            yield from damage(position, following or size, header.why)
            position = following or size
            continue
        block_start = position + header.block
        block_end = block_start + header.length
        following = _after_padding(stream, block_end, size) if block_end <= size else None
        next_is_record = following is not None and fmt.starts(read_at(stream, following, fmt.probe_bytes))
        if following is not None and (next_is_record or (following >= size and trusted_end)):
            yield _record(stream, fmt, position, block_start, block_end, header.url, max_block_bytes, place)
            position = following
            continue
        inner = fmt.find_start(stream, block_start, min(block_end, size))
        if inner is not None or block_end > size:  # the length runs past the next record, or past the end
            resume = inner if inner is not None else fmt.find_start(stream, block_start, size) or size
            yield from damage(position, resume, f"{fmt.length_name} does not match the record's end"
                              if block_end <= size else f"{fmt.length_name} runs past the end of the data")
            position = resume
            continue
        if not trusted_end:  # a whole block at the end of data that stops anywhere: it may be cut
            return
        if not fmt.keeps_unconfirmed_records:  # no digest to check the block: the record is lost with the damage
            resume = fmt.find_start(stream, block_start, size) or size
            yield from damage(position, resume, f"no record follows the {fmt.length_name}")
            position = resume
            continue
        # The block has its length; what follows it is neither padding nor a record: damage after the record.
        yield _record(stream, fmt, position, block_start, block_end, header.url, max_block_bytes, place)
        resume = fmt.find_start(stream, following, size) or size
        yield from damage(following, resume, f"{resume - following} bytes after the last record were not read"
                          if resume >= size else "bytes between records that are not a record")
        position = resume


def _record(stream: BinaryIO, fmt: RecordFormat, start: int, block_start: int, block_end: int, url: str | None,
            max_block_bytes: int, place: Callable[[int], tuple[int, int]]) -> Found:
    offset, inner = place(start)
    if block_end - block_start > max_block_bytes:
        return OversizedRecord(offset, inner, block_end - block_start, url)
    return RawRecord(offset, inner, read_at(stream, start, block_end - start) + fmt.record_end)


# ------------------------------------------------------------------------------------------ members


def _scan_members(stream: BinaryIO, fmt: RecordFormat, codec: Codec, start: int, size: int,
                  max_block_bytes: int) -> Iterator[Found]:
    magic = read_at(stream, start, len(codec.magic)) == codec.magic
    first = inflate_member(stream, codec, start) if magic else None
    if first is not None and first.too_large and start == 0:
        raise NotScannable(f"the first {codec.member} inflates past MAX_MEMBER_BYTES: one {codec.data} stream")
    return _members(stream, fmt, codec, start, size, max_block_bytes, first)


def _members(stream: BinaryIO, fmt: RecordFormat, codec: Codec, start: int, size: int, max_block_bytes: int,
             first: InflatedMember | None) -> Iterator[Found]:
    position = start
    member: InflatedMember | None = first
    while position < size:
        if member is None:
            if read_at(stream, position, len(codec.magic)) != codec.magic:
                following = find_bytes(stream, codec.magic, position + 1, size) or size
                padding = _after_padding(stream, position, size) >= following
                if not padding or following < size:
                    why = (f"{size - position} bytes after the last record were not read" if following >= size
                           else f"bytes between {codec.member}s that are not a member")
                    yield DamagedRange(position, following, why)
                position = following
                continue
            member = inflate_member(stream, codec, position)
        try:
            if member.spool is not None:
                yield from _scan_records(member.spool, fmt, 0, member.inflated, max_block_bytes,
                                         trusted_end=member.problem is None, member=position)
            if member.too_large:
                yield OversizedRecord(position, 0, member.inflated, None)
            if member.problem is None:
                position = member.end
            else:
                following = find_bytes(stream, codec.magic, position + 1, size) or size
                yield DamagedRange(position, following, member.problem)
                position = following
        finally:
            if member.spool is not None:
                member.spool.close()
        member = None


__all__ = ["GZIP", "WARC", "ZSTD", "Codec", "DamagedRange", "NotScannable", "OversizedRecord", "RawRecord",
           "RecordFormat", "RecordHeader", "ZstdFrameInflater", "find_bytes", "read_at", "scan_archive", "scan_warc",
           "zstd_module"]
