"""A page's UTF-8 bytes as the parser reads them: the page's own bytes with spans left out, not a copy.

libxml2 drops everything after ``</html>``, so the closing root tags are taken out of a page before it is parsed.
Joining the rest copies the page; on a page whose parse is cheap (lxml stops 256 elements deep) that copy is most
of the extraction's memory. ``PageBytes`` keeps the page's own bytes and the spans to leave out, and the parser is
fed the pieces between them a bounded chunk at a time (libxml2's push parser builds the same tree as its parse of
the joined bytes: tests/test_page_bytes.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from crawler.kernels.walk import closing_root_tag_starts

# The closing root tags on the UTF-8 bytes of a page, white space spelled out as the str pattern's \s matches it
# (str.isspace: ASCII white space, \x1c-\x1f, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
# U+205F, U+3000), so that removing the tags from the bytes gives the bytes of the text they were removed from.
UNICODE_SPACE_UTF8 = (rb"(?:[\t\n\x0b\x0c\r\x1c-\x1f ]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
                      rb"|\xe2\x81\x9f|\xe3\x80\x80)")
CLOSING_ROOT_TAGS_BYTES_RE = re.compile(rb"</(?:html|body)" + UNICODE_SPACE_UTF8 + rb"*>", re.I)
LEADING_ASCII_SPACE_RE = re.compile(rb"[\t\n\x0b\x0c\r\x1c-\x1f ]*")
# The most bytes handed to the parser at once: a piece is copied out of the page this much at a time.
FEED_CHUNK_BYTES = 64 * 1024

Span = tuple[int, int]


def closing_root_tag_spans(html: bytes) -> tuple[Span, ...]:
    """Where ``CLOSING_ROOT_TAGS_BYTES_RE.sub`` would remove a tag, the regex asked only where a closing root tag
    may start (``closing_root_tag_starts``, found in C by memchr where the regex's search steps through every
    byte). A match never starts inside another (it holds white space and ">" alone after its name)."""
    spans: list[Span] = []
    kept = 0
    for start in closing_root_tag_starts(html):
        found = CLOSING_ROOT_TAGS_BYTES_RE.match(html, start) if start >= kept else None
        if found is not None:
            spans.append((start, found.end()))
            kept = found.end()
    return tuple(spans)


@dataclass(frozen=True, slots=True)
class PageBytes:
    """The bytes the parser reads: ``data`` without the ``cuts`` (ordered spans of it, apart)."""

    data: bytes
    cuts: tuple[Span, ...] = ()

    @classmethod
    def without_closing_root_tags(cls, html: bytes) -> PageBytes:
        return cls(html, closing_root_tag_spans(html))

    def pieces(self) -> Iterator[memoryview]:
        """The kept bytes, in order, as views of ``data`` (no copies)."""
        view = memoryview(self.data)
        kept = 0
        for start, end in self.cuts:
            yield view[kept:start]
            kept = end
        yield view[kept:]

    def chunks(self) -> Iterator[bytes]:
        """The kept bytes as copies of at most FEED_CHUNK_BYTES each, for a push parser."""
        for piece in self.pieces():
            for start in range(0, len(piece), FEED_CHUNK_BYTES):
                yield bytes(piece[start:start + FEED_CHUNK_BYTES])

    def joined(self) -> bytes:
        """The kept bytes in one copy (the page itself when nothing is cut)."""
        return b"".join(self.pieces()) if self.cuts else self.data

    def blank(self) -> bool:
        """Whether the kept bytes are white space only, as ``str.isspace`` says of their text (a cut is a tag, so
        it splits no character of UTF-8 bytes: the whole is blank when every piece is)."""
        return all(_blank(piece) for piece in self.pieces())


def _blank(encoded: memoryview | bytes) -> bool:
    """Whether UTF-8 bytes are white space only, as ``str.isspace`` says."""
    start = LEADING_ASCII_SPACE_RE.match(encoded).end()  # type: ignore[call-overload]
    if start == len(encoded):
        return True
    if encoded[start] < 0x80:
        return False
    return bytes(encoded[start:]).decode("utf-8", "replace").isspace()


def without_closing_root_tags(html: bytes) -> bytes:
    """``CLOSING_ROOT_TAGS_BYTES_RE.sub(b"", html)``, the page copied once where the regex's ``sub`` copies it
    twice."""
    return PageBytes.without_closing_root_tags(html).joined()


__all__ = ["CLOSING_ROOT_TAGS_BYTES_RE", "FEED_CHUNK_BYTES", "PageBytes", "closing_root_tag_spans",
           "without_closing_root_tags"]
