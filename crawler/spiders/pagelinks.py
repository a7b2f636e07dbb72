"""The links a page names about itself, read from its bytes: the next and previous parts of a multi-page article
(``rel=next``/``prev``, kept only when the URL ``continues`` the page's own) and its ``<link>`` tags (feeds, AMP twin).
A byte search first: most pages name none, and a selector tree of the whole page is the costliest thing the crawl
process could do with them."""

from __future__ import annotations

import codecs
import html
import re
from urllib.parse import urldefrag, urljoin, urlsplit
from weakref import WeakKeyDictionary

from scrapy.http import Response, TextResponse
from scrapy.utils.response import get_base_url as response_base_url
from w3lib.html import get_base_url
from w3lib.url import safe_url_string

from crawler.kernels.compiled import load_kernel

from .discovery import FEED_TYPES

# The byte questions below in C (cpagescan.pyx, built at install; None when not built): the same answers without
# lowering the page. Lowering a page and the regex for rel=next/prev over it are a large share of the crawl
# process's work a page (``python -m crawler.evaluation.crawl_bench``); the C scan finds the letters with memchr and
# compares the rest in place.
SCAN = load_kernel("cpagescan")

# Extensions dropped before comparing a page's path with its next part's ("story.html" -> "story-2.html").
PAGE_EXTENSION_RE = re.compile(r"\.(?:s?html?|php|aspx?|jsp)$", re.I)


def _stem(url: str) -> tuple[str, str, str]:
    """Host, path without its extension and trailing slash, and query: what a page's parts share."""
    parts = urlsplit(url)
    return parts.netloc.lower(), PAGE_EXTENSION_RE.sub("", parts.path).rstrip("/"), parts.query


def continues(first_url: str, next_url: str) -> bool:
    """Whether ``next_url`` names a later part of the page at ``first_url``: same host, and its path extends
    the first page's (``a/story`` -> ``a/story-2``, ``a/story/2``) or is the same path with another query
    (``?page=2``). A link to another story, even one marked rel=next, does not."""
    first_host, first_path, first_query = _stem(first_url)
    next_host, next_path, next_query = _stem(next_url)
    if first_host != next_host or urldefrag(first_url)[0] == urldefrag(next_url)[0] or not first_path:
        return False
    if next_path == first_path:
        return next_query != first_query
    return next_path.startswith(first_path) and len(next_path) > len(first_path)


# Pages naming no rel=next/prev are most pages; a byte search spares building a selector tree for them, the
# costliest step of the crawl process. The body is lowered once and searched case-sensitively: an IGNORECASE search
# would run on nearly every page (any "Related" has "Rel") and cost several times lower() + search.
REL_WORD_BYTES_RE = re.compile(rb"""rel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)""")
def names_next_or_previous(body: bytes, *, lowered: bool = False) -> bool:
    """``lowered``: ``body`` is lowered already (``lowered_body``). Searching from the few "next"/"prev" words
    back to their rel attribute was no faster: bytes.find of a 4-byte word scans at the regex's speed."""
    return REL_WORD_BYTES_RE.search(body if lowered else body.lower()) is not None


# A page's bytes lowered, once for all the questions asked of one response (bytes.lower changes only A-Z, so
# offsets are the page's own).
_LOWERED: WeakKeyDictionary[Response, bytes] = WeakKeyDictionary()


def lowered_body(response: Response) -> bytes:
    lowered = _LOWERED.get(response)
    if lowered is None:
        lowered = _LOWERED[response] = response.body.lower()
    return lowered


def page_names_next_or_previous(response: Response) -> bool:
    """``names_next_or_previous`` of the response's page, in C when built (the page is not lowered then)."""
    if SCAN is not None:
        return bool(SCAN.names_next_or_previous(response.body))
    return names_next_or_previous(lowered_body(response), lowered=True)


def page_find(response: Response, word: bytes, start: int = 0, end: int | None = None) -> int:
    """``lowered_body(response).find(word, start, end)`` for a lower-case ``word`` and 0 <= start, in C when
    built (the page is not lowered then)."""
    body = response.body
    if SCAN is not None:
        return int(SCAN.find_folded(body, word, start, len(body) if end is None else min(end, len(body))))
    return lowered_body(response).find(word, start, len(body) if end is None else end)


def find_folded(data: bytes, word: bytes, start: int = 0, end: int | None = None) -> int:
    """``data.lower().find(word, start, end)`` for a lower-case ``word`` and 0 <= start, of any bytes (a page's
    head), in C when built: nothing is sliced or lowered then."""
    end = len(data) if end is None else min(end, len(data))
    if SCAN is not None:
        return int(SCAN.find_folded(data, word, start, end)) if start <= end else -1
    return data[:end].lower().find(word, start)


# Scrapy's response.urljoin finds the page's <base href> in its first 4096 characters by decoding the whole
# page (response.text), a cost on every page of the crawl. In an ASCII-compatible
# encoding those characters lie within the first 4 bytes a character, where w3lib rules a <base> out in the
# bytes; when it finds one there, Scrapy's own lookup decides.
BASE_SCAN_BYTES = 4 * 4096
_BASE_URLS: WeakKeyDictionary[Response, str] = WeakKeyDictionary()
# Encodings (Python's codec names, as Scrapy's response.encoding gives them) that write every ASCII character as
# its own byte and have no shift states (unlike UTF-7, ISO-2022-JP, HZ): a "<base" in the decoded page is a
# "<base" in its bytes. The common ones of the web; a page in any other is read by w3lib as before.
ASCII_AS_ITSELF = frozenset({
    "ascii", "utf-8", "cp1250", "cp1251", "cp1252", "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "cp1258",
    "iso8859-1", "iso8859-2", "iso8859-5", "iso8859-7", "iso8859-9", "iso8859-15", "koi8-r", "koi8-u", "cp874",
    "gbk", "gb18030", "big5", "big5hkscs", "shift_jis", "cp932", "euc_jp", "euc_kr", "cp949",
})


def writes_ascii_as_itself(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name in ASCII_AS_ITSELF
    except LookupError:
        return False


def safe_page_url(response: Response) -> str:
    """``safe_url_string(response.url)``. The URL of a response to its own request is taken as it is: Scrapy made
    it safe when the request was built (``Request.url``, unless the request is ``verbatim_url``), and
    safe_url_string gives a safe URL back unchanged, so escaping it again, for the base URL that a page's <link>
    tags are joined to, would be wasted work on every page."""
    request = response.request
    if request is not None and request.url == response.url and not request.meta.get("verbatim_url"):
        return response.url
    return safe_url_string(response.url)


def base_url(response: TextResponse) -> str:
    """The URL the page's relative links are joined to, as ``scrapy.utils.response.get_base_url``."""
    found = _BASE_URLS.get(response)
    if found is None:
        own = safe_page_url(response)
        body = response.body
        if find_folded(body, b"<base", 0, BASE_SCAN_BYTES) < 0 and writes_ascii_as_itself(response.encoding):
            # No <base> in the first bytes: w3lib would answer the page's own URL, escaped, after a regex over them
            # and a second escaping of the URL.
            # The encoding is known already: the <link> tag that needs the base URL was decoded with it.
            found = own
        else:
            found = get_base_url(body[:BASE_SCAN_BYTES], response.url, response.encoding)
            if found != own:  # a <base> in the first bytes, maybe past Scrapy's first 4096 characters
                found = response_base_url(response)
        _BASE_URLS[response] = found
    return found


def page_urljoin(response: TextResponse, href: str) -> str:
    """``response.urljoin(href)`` without decoding a page that has no <base>."""
    return urljoin(base_url(response), href)


# A tag whose rel names a next or previous part is read from where its rel attribute is: the REL_WORD_BYTES_RE
# matches of the lowered page (one scan, as the yes/no question above), each taken back to the start tag around
# it. One regex of the lowered page for the tags (``<(link|a)\s[^>]*?\brel...[^>]*>``) would step into every <a>
# tag, for the few pages that name a next or previous part. What is left is the page's lowering and one scan for
# rel (a regex of the raw page with IGNORECASE, or anchored on "=" or "<link" in any case, costs as much or more).
# The compiled scan finds the matches in the page itself (cpagescan.rel_words), without lowering it.
WORD_BYTE_RE = re.compile(rb"\w")
START_TAG_RE = re.compile(rb"<(link|a)\s")
LINK_START_RE = re.compile(rb"<(link)\s")
TAG_ATTRIBUTE_RE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


def tag_attributes(tag: str, name_length: int) -> dict[str, str]:
    """Attributes of one start tag, names lowered, values unescaped; the first of a repeated name wins."""
    attributes: dict[str, str] = {}
    for match in TAG_ATTRIBUTE_RE.finditer(tag, 1 + name_length):
        name = match.group(1).lower()
        value = next((v for v in match.group(2, 3, 4) if v is not None), "")
        attributes.setdefault(name, html.unescape(value))
    return attributes


def _start_tag_around(page: bytes, at: int, length: int, start_re: re.Pattern[bytes],
                      raw: bool = False) -> tuple[int, int, bytes] | None:
    r"""(start, end, name) of the start tag whose bytes hold ``page[at : at + length]`` (which holds no ``<``
    or ``>``), as a regex ``<(name)\s[^>]*>`` of ``start_re``'s names reads the page left to right: the first
    such start after the last ``>`` before ``at`` whose name and blank end by ``at``, up to the first ``>``
    after; None when there is none or no ``>`` closes it. ``page`` is the lowered page, or with ``raw`` the page's
    own bytes (only those between that ``>`` and ``at`` are lowered: ``<`` and ``>`` have no case)."""
    after = page.rfind(b">", 0, at) + 1
    opened = start_re.search(page[after:at].lower()) if raw else start_re.search(page, after, at)
    if opened is None:
        return None
    end = page.find(b">", at + length)
    if end < 0:
        return None
    return (after + opened.start() if raw else opened.start()), end + 1, opened.group(1)


# A page's rel tags, read once: a page with parts asks for its next and its previous ones, and for the next
# listing page when its links are followed (as Scrapy keeps a response's meta refresh).
_REL_TAGS: WeakKeyDictionary[Response, list[tuple[bytes, frozenset[str], str]]] = WeakKeyDictionary()


def _rel_tags(response: TextResponse) -> list[tuple[bytes, frozenset[str], str]]:
    r"""(tag name, rel words lowered, href) of the page's <link>/<a> tags naming a next or previous part: those
    the regex ``<(link|a)\s[^>]*?\brel\s*=\s*["']?(?:[\w-]+\s+)*(?:next|prev)[^>]*>`` finds in the lowered
    page, one a tag."""
    if response not in _REL_TAGS:
        body = response.body
        if SCAN is not None:  # the matches found in the page itself, which is not lowered (see rel_words)
            page, raw = body, True
            spans = SCAN.rel_words(body)
        else:
            page, raw = lowered_body(response), False
            spans = [(match.start(), match.end()) for match in REL_WORD_BYTES_RE.finditer(page)]
        tags = []
        read_to = 0  # the end of the last tag read: a tag is read once, whatever rel words it holds
        for at, end in spans:
            if at < read_to or (at and WORD_BYTE_RE.match(page, at - 1)):  # \brel: not "xrel"
                continue
            found = _start_tag_around(page, at, end - at, START_TAG_RE, raw)
            if found is None:
                continue
            start, read_to, name = found
            attributes = tag_attributes(body[start:read_to].decode(response.encoding, "replace"), len(name))
            href = attributes.get("href", "").strip()
            if href:
                tags.append((name, frozenset(attributes.get("rel", "").lower().split()), href))
        _REL_TAGS[response] = tags
    return _REL_TAGS[response]


def rel_links(response: TextResponse, *rels: str) -> list[str]:
    """Absolute URLs of ``<link rel=...>`` then ``<a rel=...>`` in the page (``rels`` are whole words of the
    rel attribute, in any case), fragments dropped, in page order."""
    wanted = {rel.lower() for rel in rels}
    tags = [(name, href) for name, words, href in _rel_tags(response) if wanted & words]
    hrefs = [href for name, href in tags if name == b"link"] + [href for name, href in tags if name == b"a"]
    return [urldefrag(page_urljoin(response, href))[0] for href in hrefs]


# The <link> tags a page announces its feeds and its AMP twin with, read from where the rel word is in the lowered
# page, each taken back to the <link> tag around it, as the regex ``<link\s[^>]*>`` reads them: bytes.find of a
# word of 7-9 letters skips through a page, where that regex over the whole page (most news pages have an AMP twin,
# so it would run) costs about as much as lowering it.
FEED_TYPE_BYTES = tuple(t.encode() for t in FEED_TYPES)


def head_links(response: TextResponse, rel: str, types: tuple[str, ...] = ()) -> list[str]:
    """Absolute URLs of the page's ``<link>`` tags whose rel names ``rel`` (and whose type is one of ``types``
    when given)."""
    body = response.body
    raw = SCAN is not None  # the page's own bytes, searched in any case; else its lowered bytes
    text = body if raw else lowered_body(response)
    word = rel.encode()
    urls = []
    read_to = 0  # the end of the last tag read: a tag is read once, whatever holds the word
    at = page_find(response, word)
    while at >= 0:
        found = _start_tag_around(text, at, len(word), LINK_START_RE, raw) if at >= read_to else None
        if found is not None:
            start, read_to, _ = found
            attributes = tag_attributes(body[start:read_to].decode(response.encoding, "replace"), 4)
            if rel in attributes.get("rel", "").lower().split() and not (
                    types and attributes.get("type", "").lower().split(";")[0].strip() not in types):
                href = attributes.get("href", "").strip()
                if href:
                    urls.append(urldefrag(page_urljoin(response, href))[0])
        at = page_find(response, word, max(at + 1, read_to))
    return urls
