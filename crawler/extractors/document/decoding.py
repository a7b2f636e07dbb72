"""Bytes to text, the way a browser would, plus the repairs real news sites need.

w3lib (Scrapy's own library) applies BOM > HTTP header > ``<meta charset>`` and the WHATWG aliases
(GB2312 -> GB18030, ISO-8859-1 -> cp1252, ...). Two common lies are then checked: a page declared as a
single-byte Western encoding that is in fact valid UTF-8, and a declaration that does not decode at all,
where charset-normalizer's detection decides.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from w3lib.encoding import html_body_declared_encoding, html_to_unicode, http_content_type_encoding, read_bom

# Non-ASCII bytes that decode as UTF-8 are UTF-8: text in GBK, Big5, Shift_JIS or a single-byte encoding
# practically never forms valid UTF-8 sequences throughout a page, while pages saved by browsers or
# served by CMSs often keep a stale <meta charset> of the original encoding.
# More replacement characters than this share of the text means the chosen encoding is wrong
# (measured: correctly decoded pages of the data sets have none or a handful from broken bytes).
MAX_REPLACEMENT_SHARE = 0.001
# A page that is UTF-8 but for some parts (a paragraph pasted from a GBK or cp1252 source, an ad served in the
# site's old encoding) is decoded part by part: text between tags that is valid UTF-8 as UTF-8, the rest in the
# encoding detected on those parts together. It is taken for such a page when at least this share of its non-ASCII
# bytes lies in parts that are valid UTF-8; a whole GBK page has only a few short parts that happen to be valid
# UTF-8 by chance, a UTF-8 page with one foreign paragraph has nearly all of them; half lies far from both.
MIN_MIXED_UTF8_SHARE = 0.5
# The encodings a foreign part is looked for in: the legacy encodings of the languages news sites migrated to
# UTF-8 from (Western, Simplified and Traditional Chinese, Japanese, Korean, Cyrillic). Detection on a short part
# among all code pages guesses badly (a cp1252 paragraph of one sentence was taken for cp775).
FOREIGN_PART_ENCODINGS = ("cp1252", "gb18030", "big5", "shift_jis", "euc_kr", "cp1251")
# Detection reads at most this much; charset-normalizer is accurate on far less and slow on megabytes.
DETECTION_SAMPLE_BYTES = 64 * 1024
# w3lib's ``html_body_declared_encoding`` (w3lib 2.5, encoding.py: ``chunk = html_body_str[:4096]``) reads this
# many first bytes, as Latin-1 text, and finds a declaration only in a <meta> whose attributes spell "charset" (in
# any case: it asks ``"charset" in attrs.lower()``) or in an XML declaration's "encoding" attribute (attribute
# names lower-cased). A head holding neither word in any case declares nothing, and w3lib is not asked: its scan
# is a regex over the whole head when nothing is declared, the costly case.
DECLARATION_SCAN_BYTES = 4096
DECLARATION_WORDS = (b"charset", b"encoding")
# UTF-8 is checked this many bytes at a time when the page's text is not kept (each chunk's text is let go).
UTF8_CHECK_CHUNK_BYTES = 256 * 1024
REPLACEMENT_CHARACTER_UTF8 = "\ufffd".encode()


@dataclass(frozen=True, slots=True)
class DecodedHtml:
    text: str
    encoding: str
    source: str  # bom, http-header, meta, detected, utf-8-override, default, utf-8-with-ENCODING-parts
    # Whether ``text`` is exactly the bytes decoded as strict UTF-8 (the bytes are then the text's UTF-8 encoding).
    exact_utf8: bool = False


def _codec_name(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def _utf8_text(data: bytes) -> str | None:
    """The bytes decoded as UTF-8 when they are UTF-8 and not plain ASCII, else None."""
    if data.isascii():
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def body_declared_encoding(data: bytes) -> str | None:
    """w3lib's ``html_body_declared_encoding``, not asked when the head it reads holds neither of the words every
    declaration spells (bytes.lower() lower-cases ASCII alone, and no Latin-1 character lowers to ASCII, so it
    finds every one w3lib's lower-cased text holds)."""
    head = data[:DECLARATION_SCAN_BYTES].lower()
    if not any(word in head for word in DECLARATION_WORDS):
        return None
    return html_body_declared_encoding(data)


def _detect(data: bytes, candidates: tuple[str, ...] | None = None) -> str | None:
    from charset_normalizer import from_bytes

    best = from_bytes(data[:DETECTION_SAMPLE_BYTES], cp_isolation=list(candidates) if candidates else None).best()
    return best.encoding if best is not None else None


def _decode_by_part(data: bytes) -> DecodedHtml | None:
    """The page decoded part by part (parts end at ``>``: each text node with the tag after it) when it is
    mostly UTF-8 with parts in another encoding; None when it is not such a page."""
    parts = data.split(b">")
    foreign: list[int] = []
    utf8_bytes = foreign_bytes = 0
    for index, part in enumerate(parts):
        if part.isascii():
            continue
        try:
            part.decode("utf-8")
        except UnicodeDecodeError:
            foreign.append(index)
            foreign_bytes += len(part)
            continue
        utf8_bytes += len(part)
    if not foreign or utf8_bytes < MIN_MIXED_UTF8_SHARE * (utf8_bytes + foreign_bytes):
        return None
    sample = b" ".join(parts[index] for index in foreign)
    encoding = _codec_name(_detect(sample, FOREIGN_PART_ENCODINGS)) or "cp1252"
    foreign_set = set(foreign)
    text = ">".join(part.decode(encoding if index in foreign_set else "utf-8", errors="replace")
                    for index, part in enumerate(parts))
    return DecodedHtml(text, "utf-8", f"utf-8-with-{encoding}-parts")


def _bad_share(text: str) -> float:
    # Most pages hold no U+FFFD: "in" finds that with memchr, far faster than counting a text with characters
    # past Latin-1 character by character.
    if "\ufffd" not in text:
        return 0.0
    return text.count("\ufffd") / max(1, len(text))


def is_own_utf8(data: bytes, content_type: str | None = None) -> bool:
    """Whether ``decode_html`` reads the bytes as strict UTF-8 (``exact_utf8``), told without holding their text: a
    page's text is a copy as large as the page or larger. False also for the rare page it cannot tell so cheaply
    (a replacement character in the bytes): that page is decoded."""
    if read_bom(data)[0]:
        return False
    declared = _codec_name(http_content_type_encoding(content_type)) if content_type else None
    if declared is None:
        declared = _codec_name(body_declared_encoding(data))
    ascii_page = data.isascii()
    if not ascii_page and not _valid_utf8(data):
        return False
    if declared not in {None, "utf-8"}:
        return not ascii_page  # valid UTF-8 overrides a declaration; ASCII is read in the declared encoding
    return declared is None or ascii_page or REPLACEMENT_CHARACTER_UTF8 not in data


def _valid_utf8(data: bytes) -> bool:
    """``data.decode("utf-8")`` succeeds, checked a chunk at a time (the text of one chunk held at once)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    try:
        for start in range(0, len(data), UTF8_CHECK_CHUNK_BYTES):
            decoder.decode(view[start:start + UTF8_CHECK_CHUNK_BYTES])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def decode_html(data: bytes | str, content_type: str | None = None) -> DecodedHtml:
    """Decode page bytes; never raises, undecodable bytes become U+FFFD."""
    if isinstance(data, str):
        return DecodedHtml(data, "unicode", "str")
    bom_encoding, _ = read_bom(data)
    declared = _codec_name(http_content_type_encoding(content_type)) if content_type else None
    source = "http-header" if declared else None
    if declared is None and bom_encoding is None:
        declared = _codec_name(body_declared_encoding(data))
        source = "meta" if declared else None
    # Decoded once: a UTF-8 page is the common case, and decoding it is most of this function's time.
    utf8 = None if bom_encoding else _utf8_text(data)
    if bom_encoding:
        source = "bom"
    elif declared in {None, "utf-8"} and not data.isascii() and utf8 is None:
        mixed = _decode_by_part(data)
        if mixed is not None:
            return mixed
    if bom_encoding:
        pass
    elif declared not in {None, "utf-8"} and utf8 is not None:
        return DecodedHtml(utf8, "utf-8", "utf-8-override", exact_utf8=True)
    elif declared is None:
        if data.isascii() or utf8 is not None:
            return DecodedHtml(utf8 if utf8 is not None else data.decode("utf-8"), "utf-8", "default", exact_utf8=True)
        detected = _codec_name(_detect(data))
        if detected:
            encoding, text = html_to_unicode(None, data, default_encoding=detected)
            return DecodedHtml(text, _codec_name(encoding) or encoding, "detected")
    elif declared == "utf-8" and utf8 is not None and _bad_share(utf8) <= MAX_REPLACEMENT_SHARE:
        # What html_to_unicode gives, without decoding again.
        return DecodedHtml(utf8, "utf-8", source or "default", exact_utf8=True)
    elif declared == "utf-8" and data.isascii():  # ASCII is its own UTF-8: the parse reads these very bytes
        return DecodedHtml(data.decode("ascii"), "utf-8", source or "default", exact_utf8=True)
    encoding, text = html_to_unicode(content_type, data)
    if _bad_share(text) > MAX_REPLACEMENT_SHARE and not bom_encoding:
        detected = _codec_name(_detect(data))
        if detected and detected != _codec_name(encoding):
            retry = data.decode(detected, errors="replace")
            if _bad_share(retry) < _bad_share(text):
                return DecodedHtml(retry, detected, "detected")
    return DecodedHtml(text, _codec_name(encoding) or encoding, source or "default")
