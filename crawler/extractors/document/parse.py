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
from crawler.extractors.document.bounds import FLATTEN_DEPTH, MAX_PAGE_TAGS, capped, flattened
from crawler.extractors.document.decoding import DecodedHtml, decode_html, is_own_utf8
from crawler.extractors.document.giant import MAX_TEXT_NODE_CHARS, shrink_giant_runs
from crawler.extractors.document.pagebytes import PageBytes
from crawler.extractors.document.streamed import may_be_streamed, place_streamed_segments
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
from crawler.kernels.walk import elements_named

XML_DECLARATION_RE = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)
# libxml2 drops everything after </html>; browsers keep it in the body, and CMS templates often close the
# document early (a header include ending in </html>). The parser closes both at the end of input anyway.
CLOSING_ROOT_TAGS_RE = re.compile(r"</(?:html|body)\s*>", re.I)
CONTROL_CHARS_RE = re.compile(r"[\x00-\x08\x0e-\x1f]")
# The characters CONTROL_CHARS_RE matches, as bytes: in UTF-8 each is its own byte and no other character holds
# one, so deleting them from the UTF-8 bytes counts them (bytes.translate in C, a tenth of the regex's findall).
CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20)])

# Pages above this many characters are cut here (with a warning), so one giant page cannot take the
# memory of a crawl; 32 M characters is 40x the largest page in the data sets.
MAX_DOCUMENT_CHARS = 32_000_000
# A page this large is parsed from its own bytes when they are its text (no decoded copy beside them); a smaller one
# is decoded, which is cheaper than checking its bytes first and holds a copy that does not matter (a design choice:
# the copy matters on pathological pages, docs/bounded-pages.md).
OWN_BYTES_MIN = 1 << 20
# The elements read off the parsed tree in one search: the <title>, the JSON-LD scripts and the <h1>s (the metadata's
# shown headline, ``TextDocument.h1s``), and the <template>s a streamed page's segments go to.
TITLE_SCRIPT_AND_H1 = frozenset({"title", "script", "h1", "template"})
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


def _own_bytes(html: bytes | str, decoded: DecodedHtml, text: str) -> PageBytes | None:
    """The bytes to parse taken from the page's own UTF-8 bytes (closing root tags left out), which equal the
    cleaned text encoded again, or None when the text must be cleaned and encoded (not strict UTF-8, shrunk or cut,
    NUL characters, an XML declaration). Encoding every page again cost 2 % of ``default``'s time."""
    if not isinstance(html, bytes) or not decoded.exact_utf8 or text is not decoded.text:
        return None
    if b"\x00" in html or XML_DECLARATION_RE.match(text) is not None:
        return None
    return PageBytes.without_closing_root_tags(html)


def _as_given(html: bytes | str, content_type: str | None) -> PageBytes | None:
    """The page's own bytes (closing root tags left out) when the checks on its text would leave it as given, told
    without decoding it: no text is held beside the bytes. None when the text must be read (a page not strict UTF-8,
    with more tags than the cap, long enough to hold a giant run, NUL or control characters, an XML declaration)."""
    if not isinstance(html, bytes) or not OWN_BYTES_MIN <= len(html) <= MAX_TEXT_NODE_CHARS or b"\x00" in html:
        return None
    if html.count(b"<") > MAX_PAGE_TAGS or not is_own_utf8(html, content_type):
        return None
    # The first 4,096 characters lie within the first 4 bytes a character (a character cut at the end is dropped).
    head = html[:4 * 4096].decode("utf-8", "ignore")[:4096]
    if count_control_chars(head) or XML_DECLARATION_RE.match(head) is not None or "<?xml" in head.lower():
        return None
    return PageBytes.without_closing_root_tags(html)


def count_control_chars(text: str) -> int:
    """``len(CONTROL_CHARS_RE.findall(text))``, counted on the text's UTF-8 bytes (lone surrogates passed)."""
    encoded = text.encode("utf-8", "surrogatepass")
    return len(encoded) - len(encoded.translate(None, CONTROL_BYTES))


def _read_text(html: bytes | str, content_type: str | None, shrunk_bytes: int, warnings: list[str]
               ) -> tuple[PageBytes | str, str]:
    """The bytes to parse, read through the page's text (decoded, capped, giant runs shrunk, cleaned), or why
    there are none; and the page's encoding. What it changed is added to ``warnings``."""
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
        return "not HTML: binary content", decoded.encoding
    page = _own_bytes(html, decoded, text)
    encoding = decoded.encoding
    del decoded, html  # a giant page's decoded text and shrunk bytes are not held through the parse
    if page is not None:
        return page, encoding
    if "\x00" in text:
        text = text.replace("\x00", "")
    text = XML_DECLARATION_RE.sub("", text, count=1)
    text = CLOSING_ROOT_TAGS_RE.sub("", text)
    if not text.strip():
        return "empty input", encoding
    # Lone surrogates (from a broken page's numeric escapes) cannot be UTF-8: they become U+FFFD.
    return PageBytes(text.encode("utf-8", "replace")), encoding


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
    page, encoding = _as_given(html, content_type), "utf-8"
    if page is None:
        page, encoding = _read_text(html, content_type, shrunk_bytes, warnings)
    del html  # shrunk bytes are not held through the parse
    if isinstance(page, str):
        return _empty(page, url, encoding)
    if page.blank():
        return _empty("empty input", url, encoding)
    root, deep = _parse(page)
    if isinstance(root, str):
        return _empty(root, url, encoding)
    if deep:  # the cut tree is let go before the flattening, so that the two are not held at once
        root = None
    for depth in (FLATTEN_DEPTH, FLATTEN_DEPTH // 4) if deep else ():
        # libxml2 stopped at its depth limit: the deep block's text and all after it were lost.
        flat = flattened(page, depth)
        reparsed, still_deep = _parse(PageBytes(flat.data)) if flat.warning is not None else ("", True)
        if isinstance(reparsed, str):
            continue
        page, root, deep = PageBytes(flat.data), reparsed, still_deep
        warnings.append(str(flat.warning))
        if not deep:
            break
    if root is None:  # no flattening parsed: the cut tree again
        root, deep = _parse(page)
        if isinstance(root, str):
            return _empty(root, url, encoding)
    if deep:
        warnings.append(f"nesting deeper than {LIBXML2_MAX_DEPTH} levels: the parser cut what lies below it")
    found = elements_named(root, TITLE_SCRIPT_AND_H1)  # one search in C for all four
    # Only a tree holding a <template> holds a streamed segment's place (searching the bytes costs more).
    if (any(element.tag == "template" for element in found) and may_be_streamed(page.pieces())
            and (placed := place_streamed_segments(root))):
        warnings.append(f"{placed} streamed segment(s) of server rendering moved to their place")
        found = elements_named(root, TITLE_SCRIPT_AND_H1)  # the segments moved: in document order again
    title = None
    title_element = next((element for element in found if element.tag == "title"), None)  # the first
    if title_element is not None:
        title = WHITESPACE_RE.sub(" ", title_element.text_content()).strip() or None
    # The type first: reading .text makes a string of every inline script (a third of this line's time).
    json_ld = [s.text for s in found if s.tag == "script" and is_json_ld(s) and s.text and s.text.strip()]
    language = root.get("lang") or root.get("xml:lang")
    doc = TextDocument([], title, root=root, url=url, encoding=encoding, declared_language=language,
                       warnings=warnings, json_ld=json_ld, walk=_PageWalk(page),
                       parsed_h1s=[element for element in found if element.tag == "h1"])
    if walk:
        doc.blocks  # noqa: B018 - walked now
    return doc


def _parse(page: PageBytes) -> tuple[etree._Element | str, bool]:
    """The tree of the page's UTF-8 bytes (or why there is none) and whether the parser stopped at its depth
    limit, losing what lies below it and after it."""
    parser = _html_parser()
    try:
        root, log = _tree(page, parser)
    except (etree.ParserError, ValueError) as error:
        return f"unparseable HTML: {error}", False
    if root is None:
        return "unparseable HTML: Document is empty", False
    return root, _too_deep(log)


def _tree(page: PageBytes, parser: etree.HTMLParser) -> tuple[etree._Element | None, etree._ListErrorLog]:
    """The page parsed, and the parser's messages: its bytes at once, or, when spans are cut, fed piece by piece
    (the same tree without joining the pieces into a copy of the page)."""
    if not page.cuts:
        return etree.fromstring(page.data, parser), parser.error_log
    for chunk in page.chunks():
        parser.feed(chunk)
        if _too_deep(parser.feed_error_log):  # the parser stopped reading: the rest is not handed to it
            break
    return parser.close(), parser.feed_error_log


def _too_deep(log: etree._ListErrorLog) -> bool:
    """Whether the parser stopped at its depth limit, losing what lies below it and after it."""
    return any("Excessive depth" in str(e.message) for e in log)


class _PageWalk:
    """The block walk of a parsed page, run when its blocks are first used: a learned container's subtree alone
    (``within``), then, if asked, the whole page, as if the subtree had not been walked apart."""

    __slots__ = ("page", "records")

    def __init__(self, page: PageBytes) -> None:
        self.page: PageBytes | None = page  # parsed again only for a page that shows no running text
        self.records: WalkRecords | None = None

    def within(self, doc: TextDocument, element: etree._Element) -> list[TextBlock] | None:
        doc.page_markup()  # before the walk removes any <meta> or <link>
        found = blocks_under(element, self.records)
        if found is None:
            return None
        blocks, self.records = found
        return blocks

    def whole(self, doc: TextDocument) -> None:
        root = doc.root
        if root is None:
            return
        doc.page_markup()  # before the walk removes any <meta> or <link>
        blocks, index = blocks_of(root, prior=self.records)
        page, self.page = self.page, None  # walked: the page's bytes are not held through the extraction
        if page is not None and (not blocks or (not _prose_words(blocks) and _revealable(page))):
            # A page that shows no running text (no text at all, or an app shell's menu and tagline): what it
            # hides from script-running readers (noscript, templates, hidden elements) is its text when that
            # holds running text. The tree was cleared of those parts, so the page is parsed again (rare).
            revealed_root = _tree(page, _html_parser())[0]
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


def _revealable(page: PageBytes) -> bool:
    """Whether the page holds parts hidden from script-running readers (noscript, templates)."""
    return any(REVEALABLE_RE.search(piece) is not None for piece in page.pieces())


def _prose_words(blocks: list[TextBlock]) -> int:
    """Words in blocks of running text (``PROSE_BLOCK_WORDS`` or more, mostly outside links)."""
    return sum(block.num_words for block in blocks
               if block.num_words >= PROSE_BLOCK_WORDS and block.link_density <= PROSE_LINK_DENSITY)


__all__ = ["BLOCK_TAGS", "CLOSING_ROOT_TAGS_RE", "HEADING_TAGS", "HIDDEN_STYLE_RE", "IGNORED_TAGS", "LINE_BREAK",
           "SWALLOWING_TAGS", "TAG_LABELS", "XML_DECLARATION_RE", "Decision", "TextBlock", "TextDocument",
           "count_words", "parse_html", "total_words"]
