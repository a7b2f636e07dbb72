"""What one page may cost: the page's bytes bounded before lxml parses them, each bound leaving its reason.

Two steps, each run only on a page past its bound, so a page within them is parsed byte for byte as given:
- ``capped``: a page with more tags than a news page holds (a million links, a million ``<br>``) has its runs of
  line breaks collapsed, then is cut after the last tag allowed; elements, links and text nodes are each at most
  the tags, and the tree lxml builds (and every block walk over it) grows with them.
- ``flattened``: libxml2 stops reading a page at its depth limit, so the content of a deeply nested block and all
  the text after it would be lost; the tags nested deeper than ``FLATTEN_DEPTH`` are removed (a run of block tags
  becomes a blank line), so their text is read inside the block at that depth.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass

from crawler.extractors.document.pagebytes import PageBytes

# Tags a page is read up to: ten times the most a page of the shared data sets holds, past it a list, not an
# article (evidence: docs/bounded-pages.md, ``python -m crawler.evaluation.pathological_bench --dataset-counts``).
MAX_PAGE_TAGS = 250_000
# Line breaks kept of a longer run: a run draws blank space, and two draw the paragraph break it stands for.
KEPT_BREAKS = 2
# Depth past which tags are removed once the parser stopped on depth: half libxml2's limit (256), as the count here
# cannot see every implied end tag, and twice the deepest page of the shared data sets (docs/bounded-pages.md).
FLATTEN_DEPTH = 128
# What a run of removed block tags becomes: a blank line, as between two paragraphs.
PARAGRAPH_BREAK = b"<br><br>"
# Open elements searched for the one an end tag closes: an end tag matching none deeper is stray (ignored).
END_TAG_SEARCH = 512

# Reasons counted by the front ends (extract-batch's summary): the key and how the document's warning starts.
TAGS_CAPPED = "page_tags_capped"
DEPTH_FLATTENED = "page_depth_flattened"
CAP_WARNINGS = {TAGS_CAPPED: "page of more than", DEPTH_FLATTENED: "nesting deeper than"}

# A run is matched a thousand breaks at a time: an unbounded repeat keeps a backtracking record per break (the
# regex alone took more memory than the page's tree); a longer run leaves two breaks per thousand.
BREAK_RUN_MATCH = 1000
BREAK_RUN_RE = re.compile(rf"(?:<br\b[^>]*>\s*){{{KEPT_BREAKS + 1},{BREAK_RUN_MATCH}}}", re.I)
# One token: a comment, a raw-text element whole (its "<" are text), an end tag, a start tag.
TOKEN_RE = re.compile(
    rb"<!--.*?(?:-->|\Z)"
    rb"|<(script|style|textarea|title|xmp|plaintext)\b[^>]*>.*?(?:</\1\s*>|\Z)"
    rb"|</([A-Za-z][^\s/>]*)[^>]*>"
    rb"|<([A-Za-z][^\s/>]*)[^>]*>",
    re.I | re.S)
VOID_ELEMENTS = frozenset(b"area base br col embed hr img input link meta param source track wbr keygen".split())
# An open element of these names is closed by the start of another of the same name (HTML's optional end tags).
SELF_CLOSING_SIBLINGS = frozenset(b"p li dt dd option tr td th".split())
# Block tags removed while flattening become a line break, so paragraphs stay apart in the text.
BLOCK_NAMES = frozenset(b"address article aside blockquote dd details div dl dt fieldset figcaption figure footer "
                        b"form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th "
                        b"thead tr ul".split())


@dataclass(frozen=True)
class Bounded:
    data: bytes
    warning: str | None  # the reason the page was changed, None when it is as given


@dataclass(frozen=True)
class CappedText:
    text: str
    warning: str | None  # the reason the page was changed, None when it is as given


def tag_count(text: str) -> int:
    """An upper bound of the page's tags, counted in C."""
    return text.count("<")


def capped(text: str, tags: int | None = None) -> CappedText:
    """The page's text within MAX_PAGE_TAGS tags: runs of line breaks collapsed first, then the page cut before
    the first tag past the cap (the parser closes what is left open)."""
    if len(text) <= MAX_PAGE_TAGS:  # a tag takes a character at least: no count needed
        return CappedText(text, None)
    tags = tag_count(text) if tags is None else tags
    if tags <= MAX_PAGE_TAGS:
        return CappedText(text, None)
    collapsed = BREAK_RUN_RE.sub("<br>" * KEPT_BREAKS, text)
    if tag_count(collapsed) <= MAX_PAGE_TAGS:
        return CappedText(collapsed, f"page of more than {MAX_PAGE_TAGS} tags: runs of line breaks collapsed")
    position = -1
    for _ in range(MAX_PAGE_TAGS + 1):
        position = collapsed.find("<", position + 1)
    return CappedText(collapsed[:position],
                      f"page of more than {MAX_PAGE_TAGS} tags: cut after the first {MAX_PAGE_TAGS}")


def flattened(page: PageBytes | bytes, depth: int = FLATTEN_DEPTH) -> Bounded:
    """The page with the tags nested deeper than ``depth`` removed (block tags by a blank line), so a parser
    with a depth limit reads their text and everything after them; the page's cuts (its closing root tags) are
    left out as the tags they are, so the page is not joined first."""
    page = PageBytes(page) if isinstance(page, bytes) else page
    data = page.data
    cut_ends = dict(page.cuts)
    cuts_met = 0
    pieces: list[bytes] = []
    kept_at = 0
    since_removed = False  # text or kept tags left before a cut since the last removed tag
    # The open elements' names (as numbers: a page of 100,000 nested tags holds 4 bytes an element, not a pointer
    # to a name) and whether each one's tags are kept, outermost first.
    open_names = array("I")
    open_kept = bytearray()
    depth_now = 0
    removed = 0
    broken = False  # the last piece is a break put in for removed block tags
    names: dict[bytes, int] = {}  # a number a tag name
    for token in TOKEN_RE.finditer(data):
        closing, opening = token.group(2), token.group(3)
        if closing is not None and cut_ends.get(token.start()) == token.end():
            piece = data[kept_at:token.start()]
            pieces.append(piece)
            since_removed = since_removed or (bool(piece) and not piece.isspace())
            kept_at = token.end()
            cuts_met += 1
            continue
        if closing is not None:
            name = closing.lower()
            found = _innermost(open_names, names.setdefault(name, len(names)))
            if found is None:
                continue
            kept = open_kept[found]
            depth_now -= sum(open_kept[found:])
            del open_names[found:], open_kept[found:]
            if kept:
                continue
        elif opening is not None:
            name = opening.lower()
            if name in VOID_ELEMENTS:
                continue
            number = names.setdefault(name, len(names))
            if name in SELF_CLOSING_SIBLINGS and open_names and open_names[-1] == number:
                open_names.pop()
                depth_now -= open_kept.pop()
            keep = depth_now < depth
            open_names.append(number)
            open_kept.append(keep)
            depth_now += keep
            if keep:
                continue
        else:
            continue  # a comment or a raw-text element: as it is
        piece = data[kept_at:token.start()]
        between = since_removed or (not piece.isspace() and bool(piece))  # text or kept tags since the last removed
        since_removed = False
        if piece:
            pieces.append(piece)
        if name in BLOCK_NAMES and (between or not broken):  # a run of removed block tags: one paragraph break
            pieces.append(PARAGRAPH_BREAK)
            broken = True
        elif between:
            broken = False
        kept_at = token.end()
        removed += 1
    if cuts_met != len(page.cuts):  # a cut inside another token (a comment, a script): the page joined first
        return flattened(page.joined(), depth)
    if not removed:
        return Bounded(data, None)  # the page as given (with its cuts): nothing to parse again
    pieces.append(data[kept_at:])
    return Bounded(b"".join(pieces), f"nesting deeper than {depth} levels: {removed} tags below it removed, "
                                     "their text read in the block above")


def _innermost(open_names: array, name: int) -> int | None:
    """The index of the innermost open element named ``name`` among the last END_TAG_SEARCH, or None."""
    for index in range(len(open_names) - 1, max(-1, len(open_names) - 1 - END_TAG_SEARCH), -1):
        if open_names[index] == name:
            return index
    return None


def cap_reasons(warnings: list[str] | tuple[str, ...]) -> list[str]:
    """The keys of CAP_WARNINGS whose warning is among a row's or document's ``warnings``."""
    return [key for key, start in CAP_WARNINGS.items() if any(w.startswith(start) for w in warnings)]


__all__ = ["CAP_WARNINGS", "DEPTH_FLATTENED", "FLATTEN_DEPTH", "MAX_PAGE_TAGS", "TAGS_CAPPED", "Bounded",
           "CappedText", "cap_reasons", "capped", "flattened", "tag_count"]
