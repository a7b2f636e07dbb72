"""One compressed member of an archive inflated on its own: a gzip member or a zstd frame (``Codec``), into a spooled
temporary file (memory stays bounded whatever it inflates to), keeping what inflated before damage. The archive
scanner (``crawler.bulk.warc_scan``) reads the records of each member and resynchronises at the next one."""

from __future__ import annotations

import importlib
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

GZIP_HEADER = b"\x1f\x8b\x08"  # RFC 1952: magic and the deflate method, the only one in use
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # RFC 8878, section 3.1.1: a Zstandard frame starts with it
# Compressed bytes fed to zlib at a time: about one member (a news page gzipped is tens of KB). Reading 1 MB a
# member would make zlib copy the rest to ``unused_data`` each time.
INFLATE_READ_BYTES = 64 * 1024
# A member is inflated to a temporary file that stays in memory up to this size (most members are one page).
SPOOL_IN_MEMORY_BYTES = 16 * 1024 * 1024
# A member that inflates past this is not one record (or is a bomb): judgement call, 4x the largest page the
# batch extracts (batch.MAX_PAGE_BYTES). The first member of a file past it means the file is one gzip stream,
# which FastWARC reads on its own.
MAX_MEMBER_BYTES = 256 * 1024 * 1024
# When a decompress call fails, its input is inflated again this much at a time, to keep what comes before the
# damage: judgement call, a few hundred bytes of page text.
RECOVER_SLICE_BYTES = 512
# Output of one decompress call is capped so that a highly compressed member does not fill memory at once.
MAX_INFLATE_CHUNK = 16 * 1024 * 1024


class _Held(bytes):
    """The type of ``HELD``, so that no bytes read from a file can be it."""


HELD = _Held(b"held")


def zstd_module() -> Any:
    """Python's zstd module (``compression.zstd`` from 3.14, its backport before)."""
    try:  # the standard library's from Python 3.14 (not yet in sys.stdlib_module_names of older Pythons)
        return importlib.import_module("compression.zstd")
    except ImportError:
        from backports import zstd  # type: ignore[import-not-found]

        return zstd


class ZstdFrameInflater:
    """zstd's decompressor (one frame) with the part of zlib's decompressor interface ``inflate_member`` uses.
    zstd keeps the input it could not use yet when the output is capped where zlib hands it back: the
    ``unconsumed_tail`` is then ``HELD``, which the next call takes as no new input."""

    def __init__(self) -> None:
        self.inner = zstd_module().ZstdDecompressor()
        self.unconsumed_tail: bytes = b""

    @property
    def eof(self) -> bool:
        return bool(self.inner.eof)

    @property
    def unused_data(self) -> bytes:
        return bytes(self.inner.unused_data)

    def decompress(self, data: bytes, max_length: int) -> bytes:
        piece = self.inner.decompress(b"" if data is HELD else data, max_length)
        self.unconsumed_tail = b"" if self.inner.eof or self.inner.needs_input else HELD
        return bytes(piece)


@dataclass(frozen=True, slots=True)
class Codec:
    """A compression whose members (gzip members, zstd frames) can be inflated one at a time, each starting with
    ``magic``: an archive written one record a member resynchronises at the next member."""

    member: str  # what a member is called, for messages
    data: str  # what its data is called, for messages
    magic: bytes
    inflater: Callable[[], Any]  # a new decompressor for one member, with zlib's decompressor interface
    error: Callable[[], type[Exception]]  # the exception the decompressor raises on bad data


GZIP = Codec("gzip member", "gzip", GZIP_HEADER, lambda: zlib.decompressobj(zlib.MAX_WBITS | 16), lambda: zlib.error)
# One frame a record, as the IIPC's WARC-zstd layout writes them (frames needing a dictionary are not read).
ZSTD = Codec("zstd frame", "zstd", ZSTD_MAGIC, ZstdFrameInflater, lambda: zstd_module().ZstdError)


@dataclass
class InflatedMember:
    spool: tempfile.SpooledTemporaryFile[bytes] | None
    inflated: int
    end: int  # file offset after the member (or where inflating stopped)
    problem: str | None
    too_large: bool = False


def inflate_member(stream: BinaryIO, codec: Codec, start: int) -> InflatedMember:
    """Inflates the member at ``start`` into a spool (none past MAX_MEMBER_BYTES)."""
    inflater = codec.inflater()
    error_type = codec.error()
    spool: tempfile.SpooledTemporaryFile[bytes] | None = tempfile.SpooledTemporaryFile(  # noqa: SIM115
        SPOOL_IN_MEMORY_BYTES)  # closed by the caller (warc_scan's member loop)
    inflated = 0
    position = start
    stream.seek(start)
    problem: str | None = None
    while not inflater.eof:
        data = stream.read(INFLATE_READ_BYTES)
        if not data:
            problem = f"the data ends inside a {codec.member}: the record is cut short"
            break
        position += len(data)
        while data and not inflater.eof and problem is None:
            saved = inflater.copy() if hasattr(inflater, "copy") else None
            try:
                piece = inflater.decompress(data, MAX_INFLATE_CHUNK)
            except error_type as error:  # zlib gives nothing from a call that fails: inflate again up to the damage
                piece, good = _inflate_until_error(saved, data) if saved is not None else (b"", 0)
                problem = f"corrupt {codec.data} data at about byte {position - len(data) + good}: {error}"
            inflated += len(piece)
            if spool is not None:
                if inflated > MAX_MEMBER_BYTES:
                    spool.close()
                    spool = None
                else:
                    spool.write(piece)
            data = inflater.unconsumed_tail
        if problem is not None:
            break
    end = position - len(inflater.unused_data) if inflater.eof else position  # unconsumed_tail may repeat it
    return InflatedMember(spool, inflated, end, problem, too_large=spool is None)


def _inflate_until_error(inflater: Any, data: bytes) -> tuple[bytes, int]:
    """What ``data`` inflates to before the bytes zlib refuses, and how many of its bytes gave it (the records a
    member of several holds before its damage are kept: a WARC compressed as one gzip stream)."""
    pieces = []
    total = 0
    good = 0
    while good < len(data) and total < MAX_INFLATE_CHUNK:
        part = data[good : good + RECOVER_SLICE_BYTES]
        try:
            piece = inflater.decompress(part, MAX_INFLATE_CHUNK - total)
        except zlib.error:
            break
        pieces.append(piece)
        total += len(piece)
        good += len(part) - len(inflater.unconsumed_tail)
        if inflater.eof or inflater.unconsumed_tail:
            break
    return b"".join(pieces), good


__all__ = ["GZIP", "GZIP_HEADER", "MAX_MEMBER_BYTES", "ZSTD", "ZSTD_MAGIC", "Codec", "InflatedMember",
           "ZstdFrameInflater", "inflate_member", "zstd_module"]
