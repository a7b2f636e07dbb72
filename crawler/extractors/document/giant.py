"""Giant text runs and tags shrunk before parsing, on the page's text or, before it is decoded, on its bytes.

libxml2 stops at a text node or attribute of 10,000,000 bytes (XML_MAX_TEXT_LENGTH) unless its huge-tree option is
on, and the rest of the page is lost ("no visible text" behind a 50 MB JSON-LD script, a 10 MB ``<title>`` or an
application's state serialised into one attribute). huge_tree would also lift the depth limit our tree walks rely
on, so giant runs are shrunk instead: scripts and styles emptied, other text cut to the limit, a giant tag kept
without its attributes. On bytes (an encoding where "<" and ">" are those bytes) the page is shrunk before it is
decoded, so a giant page is not held twice, as bytes and as text, through the parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

# 2 M characters are at most 8 MB of UTF-8, under libxml2's limit; the largest inline script of the shared data
# sets is far below it (docs/bounded-pages.md), a paragraph never comes near.
MAX_TEXT_NODE_CHARS = 2_000_000
# Elements whose content is raw text (no tags inside, "<" is text): a giant one is found by its end tag.
RAW_TEXT_ELEMENTS = ("script", "style", "title", "textarea")
# Of these, the content is dropped rather than cut: a cut script or style is no use to anyone.
DROPPED_RAW_TEXT = frozenset({"script", "style"})
# A start tag with its attributes, quoted values read whole (a ">" inside one is not the tag's end).
GIANT_TAG = r"""([A-Za-z][^\s/>]*)(?:[^"'>]|"[^"]*"|'[^']*')*>"""
# The most bytes a character takes in UTF-8.
UTF8_MAX_BYTES = 4
# Byte order marks of encodings in which "<" is not the byte "<" alone (UTF-16 and UTF-32).
WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff")
NON_ASCII_BYTE = re.compile(rb"[\x80-\xff]")

Text = TypeVar("Text", str, bytes)


@dataclass(frozen=True)
class Syntax(Generic[Text]):
    """The few pieces of markup the shrinking reads, spelled as str or as bytes."""

    open_tag: Text
    close_tag: Text
    empty: Text
    raw_text: dict[str, tuple[re.Pattern[Text], re.Pattern[Text]]]
    giant_tag: re.Pattern[Text]


STR_SYNTAX: Syntax[str] = Syntax(
    "<", ">", "",
    {name: (re.compile(rf"<{name}\b[^>]*>", re.I), re.compile(rf"</{name}\s*>", re.I)) for name in RAW_TEXT_ELEMENTS},
    re.compile(GIANT_TAG))
BYTES_SYNTAX: Syntax[bytes] = Syntax(
    b"<", b">", b"",
    {name: (re.compile(rf"<{name}\b[^>]*>".encode(), re.I), re.compile(rf"</{name}\s*>".encode(), re.I))
     for name in RAW_TEXT_ELEMENTS},
    re.compile(GIANT_TAG.encode()))


def shrink_giant_runs(text: Text, limit: int = MAX_TEXT_NODE_CHARS) -> tuple[Text, int]:
    """The page with every text run longer than ``limit`` characters shrunk, and how many were; linear time, and
    nothing to do for a page shorter than the limit.

    On bytes only the runs of more than UTF8_MAX_BYTES * limit bytes (more than ``limit`` characters whatever the
    encoding) are shrunk: an ASCII run where the pass on the text cuts it, so that pass finds nothing to do and the
    decoded page is parsed from its own bytes; another a little longer (``_kept_end``), for the pass on the decoded
    text to cut where it would have. Either way the page reads the same."""
    if isinstance(text, bytes):
        if len(text) <= UTF8_MAX_BYTES * limit or text.startswith(WIDE_BOMS) or b"\x00" in text[:4096]:
            return text, 0  # short, or UTF-16/UTF-32: shrunk once decoded
        text, raw = _raw_text(text, BYTES_SYNTAX, UTF8_MAX_BYTES * limit, limit)
        text, other = _other_runs(text, BYTES_SYNTAX, UTF8_MAX_BYTES * limit, limit)
        return text, raw + other
    if len(text) <= limit:
        return text, 0
    text, raw = _raw_text(text, STR_SYNTAX, limit, limit)
    text, other = _other_runs(text, STR_SYNTAX, limit, limit)
    return text, raw + other


def _kept_end(text: Text, begin: int, over: int, limit: int, exact: bool = True) -> int:
    """Where a giant run starting at ``begin`` is cut: ``limit`` characters on; on bytes as many when they are
    ASCII and ``exact``, else more than the pass on the text keeps (``limit`` + 1 bytes when ASCII, else ``over`` + 4
    bytes moved back to a UTF-8 character's start), so that pass still finds the run giant and does with it what it
    would have (a script's or style's run: dropped, not cut)."""
    if isinstance(text, str):
        return begin + limit
    if NON_ASCII_BYTE.search(text, begin, begin + limit + 1) is None:  # searched in place: the run is not copied
        return begin + limit + (not exact)
    end = begin + over + UTF8_MAX_BYTES
    while 0 < end < len(text) and text[end] & 0xC0 == 0x80:
        end -= 1
    return end


def _raw_text(text: Text, syntax: Syntax[Text], over: int, limit: int) -> tuple[Text, int]:
    shrunk = 0
    for name in RAW_TEXT_ELEMENTS:  # a pass per element name, each one linear
        opening, closing = syntax.raw_text[name]
        view = _sliced(text)
        pieces: list[Text | memoryview] = []
        position = 0
        before = shrunk
        while (start := opening.search(text, position)) is not None:
            end = closing.search(text, start.end())
            if end is None:
                break
            if end.start() - start.end() > over:
                keep = start.end() if name in DROPPED_RAW_TEXT else _kept_end(text, start.end(), over, limit)
                pieces.append(view[position:keep])
                position = end.start()
                shrunk += 1
            else:
                pieces.append(view[position : end.end()])
                position = end.end()
        if shrunk > before:  # the page copied only when a run was shrunk
            pieces.append(view[position:])
            text = syntax.empty.join(pieces)  # type: ignore[arg-type]
    return text, shrunk


def _name(tag: str | bytes) -> str:
    return (tag.decode("latin-1") if isinstance(tag, bytes) else tag).lower()


def _sliced(text: Text) -> Text | memoryview:
    """What the pieces are cut from: a view of bytes, whose slices are not copies (the join copies the page once)."""
    return memoryview(text) if isinstance(text, bytes) else text


def _other_runs(text: Text, syntax: Syntax[Text], over: int, limit: int) -> tuple[Text, int]:
    shrunk = 0
    view = _sliced(text)
    pieces: list[Text | memoryview] = []
    position = start = 0
    # Each step looks at the next over + 1 characters: no "<" in them is a giant run, else the next run to look
    # at starts after the last "<" among them (a few steps a window, not a string for every run).
    while start + over < len(text):
        last = text.rfind(syntax.open_tag, start, start + over + 1)
        if last != -1:
            start = last + 1
            continue
        end = text.find(syntax.open_tag, start)
        end = len(text) if end == -1 else end
        tag = syntax.giant_tag.match(text, start, end) if start else None
        if tag is not None and over >= tag.end() - start > limit:
            start = end  # a tag that may be giant in characters: left whole to the pass on the text
            continue
        giant_tag = tag is not None and tag.end() - start > over
        if giant_tag:
            # The tag itself is giant (an application's state in one attribute): kept without its attributes.
            pieces += (view[position : start + len(tag.group(1))], syntax.close_tag)
            position = content = tag.end()
        else:
            content = text.find(syntax.close_tag, start, end) + 1 or start  # the run's text after its tag's end
        exact = tag is None or _name(tag.group(1)) not in DROPPED_RAW_TEXT
        kept = _kept_end(text, content, over, limit, exact)
        if kept >= end and not giant_tag:  # long with its tag only: its text is within the limit, nothing is cut
            start = end
            continue
        pieces.append(view[position : min(end, kept)])
        position = start = end
        shrunk += 1
    if pieces:
        pieces.append(view[position:])
        text = syntax.empty.join(pieces)  # type: ignore[arg-type]
    return text, shrunk


__all__ = ["MAX_TEXT_NODE_CHARS", "shrink_giant_runs"]
