"""One lxml parse of a page's bytes into a TextDocument: decoding, limits on bad input, the tree, its blocks.

The model (``TextBlock``, ``TextDocument``) lives in ``document.blocks`` and the walk that cuts a page into blocks in
``document.blockwalk``; both are importable from here, as every extractor does.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree

from crawler.extractors.document.blocks import Decision, TextBlock, TextDocument, total_words
from crawler.extractors.document.blockwalk import WalkRecords, blocks_of, blocks_under
from crawler.extractors.document.bounds import FLATTEN_DEPTH, capped, flattened
from crawler.extractors.document.decoding import DecodedHtml, decode_html
from crawler.extractors.document.giant import MAX_TEXT_NODE_CHARS, shrink_giant_runs
from crawler.extractors.document.tags import (
    BLOCK_TAGS,
    HEADING_TAGS,
    HIDDEN_STYLE_RE,
    IGNORED_TAGS,
    LINE_BREAK,
    SWALLOWING_TAGS,
    TAG_LABELS,
)
from crawler.extractors.document.text import WHITESPACE_RE, count_words
from crawler.kernels.walk import closing_root_tag_starts, elements_named

XML_DECLARATION_RE = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)
# libxml2 drops everything after </html>; browsers keep it in the body, and CMS templates often close the
# document early (a header include ending in </html>). The parser closes both at the end of input anyway.
CLOSING_ROOT_TAGS_RE = re.compile(r"</(?:html|body)\s*>", re.I)
# The same on the UTF-8 bytes of a page, white space spelled out as the str pattern's \s matches it (str.isspace:
# ASCII white space, \x1c-\x1f, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000),
# so that removing the tags from the bytes gives the bytes of the text they were removed from.
UNICODE_SPACE_UTF8 = (rb"(?:[\t\n\x0b\x0c\r\x1c-\x1f ]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
                      rb"|\xe2\x81\x9f|\xe3\x80\x80)")
CLOSING_ROOT_TAGS_BYTES_RE = re.compile(rb"</(?:html|body)" + UNICODE_SPACE_UTF8 + rb"*>", re.I)
LEADING_ASCII_SPACE_RE = re.compile(rb"[\t\n\x0b\x0c\r\x1c-\x1f ]*")
CONTROL_CHARS_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")
# The characters CONTROL_CHARS_RE matches, as bytes: in UTF-8 each is its own byte and no other character holds
# one, so deleting them from the UTF-8 bytes counts them (bytes.translate in C, a tenth of the regex's findall).
CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20)])

# Pages above this many characters are cut here (with a warning), so one giant page cannot take the
# memory of a crawl; 32 M characters is 40x the largest page in the data sets.
MAX_DOCUMENT_CHARS = 32_000_000
TITLE_AND_SCRIPT = frozenset({"title", "script"})
# A first 4 KB in which more than this share of characters are control characters is not HTML.
BINARY_CONTROL_SHARE = 0.05
# A page shows running text when one block holds this many words at most this share in links (the cascade's
# good-block bound and boilerpipe's link-density bound); a page that shows none (an app shell: menu, tagline,
# "Loading...") is read with its hidden parts too when they add at least MIN_REVEALED_PROSE words of running text
# (the cascade's MIN_CONTENT_WORDS; a "turn on JavaScript" notice is one line).
PROSE_BLOCK_WORDS = 10
PROSE_LINK_DENSITY = 1 / 3
MIN_REVEALED_PROSE = 50
# The hidden parts worth a second parse of a page that shows text but no running text (parsing is the cost).
REVEALABLE_RE = re.compile(rb"<(?:noscript|template)[\s>]", re.I)
# libxml2 stops building the tree at this depth without its huge-tree option.
LIBXML2_MAX_DEPTH = 256

def is_json_ld(script: etree._Element) -> bool:
    """A ``<script type="application/ld+json">`` (any case), tested on scripts found by lxml's C-level ``iter``:
    cheaper than the XPath ``contains(translate(@type, ...), 'ld+json')``, which selects the same scripts."""
    return "ld+json" in (script.get("type") or "").lower()


def _empty(reason: str, url: str | None, encoding: str | None = None) -> TextDocument:
    return TextDocument([], None, url=url, encoding=encoding, empty_reason=reason)


def _html_parser() -> etree.HTMLParser:
    """libxml2's HTML parser fed UTF-8 bytes, building lxml.html's element class with a C-level lookup
    (lxml.html's own parser asks Python which class every element gets)."""
    parser = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, encoding="utf-8")
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=lxml.html.HtmlElement))
    return parser


def _own_bytes(html: bytes | str, decoded: DecodedHtml, text: str) -> bytes | None:
    """The bytes to parse taken from the page's own UTF-8 bytes (closing root tags removed), which equal the
    cleaned text encoded again, or None when the text must be cleaned and encoded (not strict UTF-8, shrunk or cut,
    NUL characters, an XML declaration). Encoding every page again cost 2 % of ``default``'s time."""
    if not isinstance(html, bytes) or not decoded.exact_utf8 or text is not decoded.text:
        return None
    if b"\x00" in html or XML_DECLARATION_RE.match(text) is not None:
        return None
    return without_closing_root_tags(html)


def without_closing_root_tags(html: bytes) -> bytes:
    """``CLOSING_ROOT_TAGS_BYTES_RE.sub(b"", html)``, the regex asked only where a closing root tag may start
    (``closing_root_tag_starts``, found in C by memchr where the regex's search steps through every byte), and the
    page copied once where the regex's ``sub`` copies it twice. A match never starts inside another (it holds white
    space and ">" alone after its name)."""
    view = memoryview(html)  # slices of it are not copies: the join copies the page once
    pieces: list[memoryview] = []
    kept = 0
    for start in closing_root_tag_starts(html):
        found = CLOSING_ROOT_TAGS_BYTES_RE.match(html, start) if start >= kept else None
        if found is not None:
            pieces.append(view[kept:start])
            kept = found.end()
    if not pieces:
        return html
    pieces.append(view[kept:])
    return b"".join(pieces)


def count_control_chars(text: str) -> int:
    """``len(CONTROL_CHARS_RE.findall(text))``, counted on the text's UTF-8 bytes (lone surrogates passed)."""
    encoded = text.encode("utf-8", "surrogatepass")
    return len(encoded) - len(encoded.translate(None, CONTROL_BYTES))


def _blank(encoded: bytes) -> bool:
    """Whether UTF-8 bytes are white space only, as ``str.isspace`` says."""
    start = LEADING_ASCII_SPACE_RE.match(encoded).end()
    if start == len(encoded):
        return True
    return encoded[start] >= 0x80 and encoded.decode("utf-8", "replace").isspace()


def parse_html(html: bytes | str, url: str | None = None, content_type: str | None = None, *, walk: bool = True
               ) -> TextDocument:
    """Parse a page once into a TextDocument; bad input gives an empty document with a reason, never raises.
    ``walk=False``: the blocks are built when first used (``TextDocument.blocks_within`` can walk one subtree
    before: the learned-container fast path, ``crawler.extractors.cascade.learning``)."""
    if html is None or len(html) == 0:
        return _empty("empty input", url)
    warnings: list[str] = []
    # A giant page's giant runs are shrunk before decoding: the page is not held as bytes and as text at once.
    html, shrunk_bytes = shrink_giant_runs(html) if isinstance(html, bytes) else (html, 0)
    decoded = decode_html(html, content_type)
    text = decoded.text
    bounded = capped(text)
    if bounded.warning is not None:
        text = bounded.text
        warnings.append(bounded.warning)
    del bounded
    text, shrunk = shrink_giant_runs(text)
    shrunk = max(shrunk, shrunk_bytes)  # a run shrunk on the bytes is shrunk again on the text
    if shrunk:
        warnings.append(f"{shrunk} text runs over {MAX_TEXT_NODE_CHARS} characters emptied (scripts, styles) or cut "
                        "(a tag that long: its attributes dropped)")
    if len(text) > MAX_DOCUMENT_CHARS:
        warnings.append(f"page of {len(text)} characters cut to the first {MAX_DOCUMENT_CHARS}")
        text = text[:MAX_DOCUMENT_CHARS]
    head = text[:4096]
    if head and count_control_chars(head) > BINARY_CONTROL_SHARE * len(head):
        return _empty("not HTML: binary content", url, decoded.encoding)
    encoded = _own_bytes(html, decoded, text)
    encoding = decoded.encoding
    del decoded, html  # a giant page's decoded text and shrunk bytes are not held through the parse
    if encoded is None:
        if "\x00" in text:
            text = text.replace("\x00", "")
        text = XML_DECLARATION_RE.sub("", text, count=1)
        text = CLOSING_ROOT_TAGS_RE.sub("", text)
        if not text.strip():
            return _empty("empty input", url, encoding)
        # Lone surrogates (from a broken page's numeric escapes) cannot be UTF-8: they become U+FFFD.
        encoded = text.encode("utf-8", "replace")
    elif _blank(encoded):
        return _empty("empty input", url, encoding)
    del text
    root, deep = _parse(encoded)
    if isinstance(root, str):
        return _empty(root, url, encoding)
    if deep:  # the cut tree is let go before the flattening, so that the two are not held at once
        root = None
    for depth in (FLATTEN_DEPTH, FLATTEN_DEPTH // 4) if deep else ():
        # libxml2 stopped at its depth limit: the deep block's text and all after it were lost.
        flat = flattened(encoded, depth)
        reparsed, still_deep = _parse(flat.data) if flat.warning is not None else ("", True)
        if isinstance(reparsed, str):
            continue
        encoded, root, deep = flat.data, reparsed, still_deep
        warnings.append(str(flat.warning))
        if not deep:
            break
    if root is None:  # no flattening parsed: the cut tree again
        root, deep = _parse(encoded)
        if isinstance(root, str):
            return _empty(root, url, encoding)
    if deep:
        warnings.append(f"nesting deeper than {LIBXML2_MAX_DEPTH} levels: the parser cut what lies below it")
    title = None
    found = elements_named(root, TITLE_AND_SCRIPT)  # one search in C for both
    title_element = next((element for element in found if element.tag == "title"), None)  # the first
    if title_element is not None:
        title = WHITESPACE_RE.sub(" ", title_element.text_content()).strip() or None
    # The type first: reading .text makes a string of every inline script (a third of this line's time).
    json_ld = [s.text for s in found if s.tag == "script" and is_json_ld(s) and s.text and s.text.strip()]
    language = root.get("lang") or root.get("xml:lang")
    doc = TextDocument([], title, root=root, url=url, encoding=encoding, declared_language=language,
                       warnings=warnings, json_ld=json_ld, walk=_PageWalk(encoded))
    if walk:
        doc.blocks  # noqa: B018 - walked now
    return doc


def _parse(encoded: bytes) -> tuple[etree._Element | str, bool]:
    """The tree of the page's UTF-8 bytes (or why there is none) and whether the parser stopped at its depth
    limit, losing what lies below it and after it."""
    parser = _html_parser()
    try:
        root = etree.fromstring(encoded, parser)
    except (etree.ParserError, ValueError) as error:
        return f"unparseable HTML: {error}", False
    if root is None:
        return "unparseable HTML: Document is empty", False
    return root, any("Excessive depth" in str(e.message) for e in parser.error_log)


class _PageWalk:
    """The block walk of a parsed page, run when its blocks are first used: a learned container's subtree alone
    (``within``), then, if asked, the whole page, as if the subtree had not been walked apart."""

    __slots__ = ("encoded", "records")

    def __init__(self, encoded: bytes) -> None:
        self.encoded = encoded  # parsed again only for a page that shows no running text
        self.records: WalkRecords | None = None

    def within(self, doc: TextDocument, element: etree._Element) -> list[TextBlock] | None:
        found = blocks_under(element, self.records)
        if found is None:
            return None
        blocks, self.records = found
        return blocks

    def whole(self, doc: TextDocument) -> None:
        root = doc.root
        if root is None:
            return
        blocks, index = blocks_of(root, prior=self.records)
        encoded, self.encoded = self.encoded, b""  # walked: the page's bytes are not held through the extraction
        if encoded and (not blocks or (not _prose_words(blocks) and REVEALABLE_RE.search(encoded))):
            # A page that shows no running text (no text at all, or an app shell's menu and tagline): what it
            # hides from script-running readers (noscript, templates, hidden elements) is its text when that
            # holds running text. The tree was cleared of those parts, so the page is parsed again (rare).
            revealed_root = etree.fromstring(encoded, _html_parser())
            revealed, revealed_index = (blocks_of(revealed_root, reveal=True) if revealed_root is not None
                                        else ([], None))
            if revealed and (not blocks or _prose_words(revealed) >= MIN_REVEALED_PROSE):
                reason = "no visible text" if not blocks else "no visible running text (an app shell)"
                doc.root, blocks, index = revealed_root, revealed, revealed_index
                doc.warnings.append(f"{reason}: the text hidden from script-running readers (noscript, "
                                    "templates, hidden elements) is the page's text")
        doc.blocks = blocks
        doc.tree_index = index
        doc.empty_reason = None if blocks else "no visible text"


def _prose_words(blocks: list[TextBlock]) -> int:
    """Words in blocks of running text (``PROSE_BLOCK_WORDS`` or more, mostly outside links)."""
    return sum(block.num_words for block in blocks
               if block.num_words >= PROSE_BLOCK_WORDS and block.link_density <= PROSE_LINK_DENSITY)


__all__ = ["BLOCK_TAGS", "CLOSING_ROOT_TAGS_RE", "HEADING_TAGS", "HIDDEN_STYLE_RE", "IGNORED_TAGS", "LINE_BREAK",
           "SWALLOWING_TAGS", "TAG_LABELS", "XML_DECLARATION_RE", "Decision", "TextBlock", "TextDocument",
           "count_words", "parse_html", "total_words"]
