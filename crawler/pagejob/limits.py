"""Size caps shared by every way a page comes in: a crawl (Scrapy's DOWNLOAD_MAXSIZE, set from here in
``crawler.settings``), ``extract-batch`` and ``extract``. Compressed input is inflated as a stream and stops at the
cap, so a gzip bomb costs a bounded amount of memory and time before it is refused with a reason.

No Scrapy here: the bulk and one-page commands import it."""

from __future__ import annotations

import zlib
from typing import BinaryIO

# Real news pages weigh a few MB at most. 64 MiB (the bulk cap before, Scrapy's default is 1 GiB) leaves room for
# a news page carrying a giant inline script (a 50 MB JSON-LD block is shrunk by parse_html, and the article
# after it kept); past it a body is not an article (an archive, a video, a bomb).
MAX_PAGE_BYTES = 64 * 1024 * 1024
# Scrapy logs a warning past this (DOWNLOAD_WARNSIZE): bigger than any news page seen, smaller than the cap.
WARN_PAGE_BYTES = 8 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"  # RFC 1952
READ_CHUNK = 1024 * 1024


class TooLarge(Exception):
    """The data is larger than the cap (``size``: how much was read before stopping)."""

    def __init__(self, size: int, cap: int) -> None:
        super().__init__(f"larger than {cap // 2**20} MB (stopped after {size} bytes)")
        self.size = size


class CorruptData(Exception):
    """Compressed data that does not inflate (corrupt or cut short)."""


def read_capped(stream: BinaryIO, cap: int = MAX_PAGE_BYTES) -> bytes:
    """The whole of ``stream``, inflated as it is read when it starts with the gzip magic; raises TooLarge past
    ``cap`` bytes (inflated) and CorruptData for gzip data that does not inflate."""
    head = stream.read(len(GZIP_MAGIC))
    if head != GZIP_MAGIC:
        data = head + stream.read(cap + 1 - len(head))
        if len(data) > cap:
            raise TooLarge(len(data), cap)
        return data
    inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
    parts: list[bytes] = []
    size = 0
    data = head
    member_open = True  # a member has started and has not ended
    try:
        while data:
            while data:
                if not member_open:  # a file of several members (as `cat a.gz b.gz`) goes on with the next
                    if not data.strip(b"\0"):  # zero padding after the last member
                        data = b""
                        break
                    inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
                    member_open = True
                piece = inflater.decompress(data, cap + 1 - size)
                size += len(piece)
                parts.append(piece)
                if size > cap:
                    raise TooLarge(size, cap)
                data = inflater.unconsumed_tail
                if inflater.eof:
                    member_open, data = False, inflater.unused_data
            data = stream.read(READ_CHUNK)
    except zlib.error as error:
        raise CorruptData(f"corrupt gzip data: {error}") from error
    if member_open:
        raise CorruptData("gzip data cut short")
    return b"".join(parts)


def decompress_capped(data: bytes, cap: int = MAX_PAGE_BYTES) -> bytes:
    """``read_capped`` over bytes already in memory."""
    import io

    return read_capped(io.BytesIO(data), cap)


__all__ = ["MAX_PAGE_BYTES", "WARN_PAGE_BYTES", "CorruptData", "TooLarge", "decompress_capped", "read_capped"]
