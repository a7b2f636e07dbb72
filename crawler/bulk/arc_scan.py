"""Finding the records of a damaged ARC file, so that damage costs only the records it touches.

warcio reads ARC files but stops at the first bad byte (a corrupt gzip member, garbage between records, a wrong
``Archive-length``), losing every record after it, and with a length too short or too long it hands over a
record holding part of the next one (a wrong page). This is ``warc_scan``'s scanner with the ARC record layout
(Internet Archive ARC 1.0): a record is one header line ``URL IP-address Archive-date Content-type
Archive-length``, then ``Archive-length`` bytes of block, then a newline; an ``.arc.gz`` is one gzip member a
record. The length is trusted only when the next record's header line (or the end) follows the block; damage
is skipped to the next gzip member or the next header line. ``crawler.bulk.readers`` hands each whole record to warcio.
Every ARC file is read this way (ARC has no digest to catch a wrong length afterwards), at about warcio's speed
and far below the cost of extracting the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from . import warc_scan

# An ARC 1.0 header line, split from the right as warcio does (a URL may hold spaces): a URL with a scheme, the
# IP address, the 14-digit archive date (YYYYMMDDhhmmss; 12 digits in some early files), the content type and the
# length. The date and the length make a line of page text very unlikely to be taken for a header.
FIELDS = rb" \S+ (?:\d{14}|\d{12}) \S+ (?P<length>\d+)\r?\n"
HEADER_LINE = re.compile(rb"[A-Za-z][A-Za-z0-9+.-]*:[^\n]*?" + FIELDS)
# Resynchronising after damage, a header line may follow any byte (garbage has no newline before it): it is looked
# for anywhere, with the schemes ARC writers record (Internet Archive, Heritrix), so that a garbage letter before
# ``http`` is not taken for part of the URL, and with a URL without spaces, so that the search stays linear on a
# long line full of links (a record whose URL has a space is lost when damage comes just before it).
RESYNC_LINE = re.compile(rb"(?:https?|ftp|dns|filedesc|whois):\S*" + FIELDS)
# Header lines are a URL and four short fields. Judgement call: 8x the 2,083 characters of the URL limit many
# tools keep (Internet Explorer's), room for any URL a news page has.
MAX_HEADER_LINE_BYTES = 16 * 1024
URL_FIELD = re.compile(rb"(.*) \S+ \S+ \S+ \S+\r?\n", re.DOTALL)


class ArcFormat(warc_scan.RecordFormat):
    """The ARC 1.0 record layout for ``warc_scan.scan_archive``."""

    length_name = "Archive-length"
    record_end = b"\n"
    keeps_unconfirmed_records = False  # an ARC record has no digest: a length is trusted only when confirmed
    probe_bytes = MAX_HEADER_LINE_BYTES

    def header(self, head: bytes) -> warc_scan.RecordHeader:
        line = HEADER_LINE.match(head, 0, MAX_HEADER_LINE_BYTES)
        if line is None:
            newline = head.find(b"\n", 0, MAX_HEADER_LINE_BYTES)
            return warc_scan.RecordHeader(None, None, "no ARC record header line starts here" if newline >= 0
                                          else "the record header line has no end")
        url = URL_FIELD.match(line.group(0))
        return warc_scan.RecordHeader(line.end(), int(line.group("length")),
                                      url=url.group(1).decode("utf-8", "replace") if url else None)

    def starts(self, head: bytes) -> bool:
        return HEADER_LINE.match(head, 0, MAX_HEADER_LINE_BYTES) is not None

    def find_start(self, stream: BinaryIO, start: int, end: int) -> int | None:
        """The first header line starting in ``start``..``end`` (the line may run past ``end``)."""
        position = start
        while position < end:
            chunk = warc_scan.read_at(stream, position, min(warc_scan.READ_CHUNK, end - position)
                                      + MAX_HEADER_LINE_BYTES)  # the last line's rest, read past the range
            found = RESYNC_LINE.search(chunk)
            if found is not None and position + found.start() < end:
                return position + found.start()
            if position + warc_scan.READ_CHUNK >= end:
                return None
            position += warc_scan.READ_CHUNK
        return None


ARC = ArcFormat()


def scan_arc(stream: BinaryIO, max_block_bytes: int, *, gzipped: bool) -> Iterator[warc_scan.Found]:
    """The records and damaged ranges of a seekable ARC stream, in file order (``warc_scan.scan_archive``)."""
    return warc_scan.scan_archive(stream, ARC, max_block_bytes, codec=warc_scan.GZIP if gzipped else None)


__all__ = ["ARC", "ArcFormat", "scan_arc"]
