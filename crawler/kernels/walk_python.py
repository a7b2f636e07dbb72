"""The Python twins of the compiled walk's tree and text helpers (``cwalk.pyx``): each gives what its compiled
namesake gives, on any tree (the compiled ones hand entity reference nodes to these). ``walk`` binds one of the
two at import; ``tests/test_kernel_twins.py`` calls both on the same inputs.

Blocks are read by their attributes alone (``text``, ``num_chars``, ``num_words``, ``num_words_in_anchor_text``,
``copy``): this layer knows no block class.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import Any

from lxml import etree

# What ``markup_elements`` gives: the <meta> contents by key, then the <link>, microdata and <time> elements.
MarkupElements = tuple[dict[str, list[str]], list[tuple[str | None, ...]], list[etree._Element], list[etree._Element]]
# A run of decimal digits (``normalized_line``; ``templates.lines.DIGITS_RE`` is this one).
DIGIT_RUN_RE = re.compile(r"\d+")
# A decimal digit, as sre's \d finds it in a str (``texts_with_digit``).
DIGIT_RE = re.compile(r"\d")
# Where a closing </html or </body tag may start (``closing_root_tag_starts``), letters in any case.
CLOSING_ROOT_TAG_START_RE = re.compile(rb"</(?:[hH][tT][mM][lL]|[bB][oO][dD][yY])")
# The characters that a re.I search of lower-case words matches with a letter other than their ``str.lower``: ı and İ
# with i (İ's lower() is two characters long), ſ with s (``texts_with_words``; ``relative_dates.RE_I_FOLDS``).
RE_I_LETTER_FOLDS = str.maketrans({"ı": "i", "İ": "i", "ſ": "s"})
# The hrefs of the links after an element (``hrefs_after``), its own left out, the first ``$most`` of them.
HREFS_AFTER = etree.XPath("following::a[@href][position() <= $most]/@href", smart_strings=False)
# The texts a page shows (``shown_text``): every text node but those in a style or in a script other than JSON-LD.
NOT_SHOWN = "ancestor::script[not(@type='application/ld+json')] or ancestor::style"
SHOWN_TEXTS = etree.XPath(f"//text()[not({NOT_SHOWN})]")
SHOWN_NODE_HOLDS = etree.XPath(f"boolean(//text()[not({NOT_SHOWN})][contains(., $name)])")
# An element's text as lxml.html's ``text_content`` reads it (``heading_holders``), for any lxml element.
STRING = etree.XPath("string()", smart_strings=False)


def elements_named(top: etree._Element, names: frozenset[str] | set[str]) -> list[etree._Element]:
    return list(top.iter(*names))


def elements_named_or_with(top: etree._Element, names: frozenset[str] | set[str], attribute: str
                           ) -> list[etree._Element]:
    return [element for element in top.iter(etree.Element)
            if element.tag in names or element.get(attribute) is not None]


def elements_with_words(top: etree._Element, attributes: tuple[str, ...], words: tuple[str, ...]
                        ) -> list[etree._Element]:
    """The elements at and below ``top``, in document order, with one of ``attributes`` (of no namespace) whose
    non-empty value holds a character outside ASCII or one of ``words`` (lower-case ASCII) in any case: a superset
    of the elements whose attributes a case-insensitive pattern needing one of the words matches. Other words are
    refused (ValueError), as the compiled search refuses them."""
    for word in words:
        if not isinstance(word, str) or not word or not word.isascii() or word != word.lower():
            raise ValueError(f"words must be non-empty lower-case ASCII: {word!r}")
    return [element for element in top.iter(etree.Element)
            if any((value := element.get(name)) and (not value.isascii() or any(word in value.lower()
                                                                                for word in words))
                   for name in attributes)]


def check_marking_words(words: tuple[str, ...]) -> None:
    """ValueError for words ``elements_marked`` cannot search: empty, not lower-case ASCII, or holding NUL."""
    for word in words:
        if not isinstance(word, str) or not word or not word.isascii() or word != word.lower() or "\x00" in word:
            raise ValueError(f"words must be non-empty lower-case ASCII without NUL: {word!r}")


def elements_marked(top: etree._Element, attributes: tuple[str, ...], words: tuple[str, ...]) -> list[etree._Element]:
    check_marking_words(words)
    return elements_with_words(top, attributes, words)


def attribute_values(top: etree._Element, name: str) -> list[str]:
    return [value for element in top.iter(etree.Element) if (value := element.get(name)) is not None]


def attributes_of(element: etree._Element, names: tuple[str, ...]) -> tuple[str | None, ...]:
    return tuple(element.get(name) for name in names)


def line_hashes(blocks: Iterable[Any], cache: dict[str, int], hasher: Callable[[str], int]) -> list[int]:
    hashes: list[int] = []
    for block in blocks:
        text = block.text
        for line in text.split("\n") if "\n" in text else (text,):
            if line.strip():
                found = cache.get(line)
                hashes.append(hasher(line) if found is None else found)
    return hashes


def normalized_line(line: str) -> str:
    return DIGIT_RUN_RE.sub("0", " ".join(line.split()))


def markup_elements(top: etree._Element, body: etree._Element | None, meta_attributes: tuple[str, ...],
                    attribute: str, link_attributes: tuple[str, ...]) -> MarkupElements | None:
    """None: the metadata reads the markup in Python itself (``document.markup.page_markup``)."""
    return None


def short_texts(blocks: Sequence[Any], most: int, least: float = 0) -> tuple[list[int], list[str]]:
    positions = [position for position, block in enumerate(blocks)
                 if block.num_chars <= most and len(block.text) >= least]
    return positions, [blocks[position].text for position in positions]


def folded_short_texts(blocks: Sequence[Any], most: int, least: float = 0) -> tuple[list[int], list[str]]:
    positions, texts = short_texts(blocks, most, least)
    return positions, [" ".join(text.split()).casefold() for text in texts]


def ancestors_marks(element: etree._Element, names: tuple[str, ...], most: int, stop: tuple[str, ...]) -> str:
    marks = []
    node: etree._Element | None = element
    for _ in range(most):
        if node is None or node.tag in stop:
            break
        marks.append(" ".join(value or "" for value in attributes_of(node, names)))
        node = node.getparent()
    return " ".join(marks)


def marks_hold_words(element: etree._Element, names: tuple[str, ...], most: int, stop: tuple[str, ...],
                     words: tuple[str, ...]) -> bool:
    marks = ancestors_marks(element, names, most, stop)
    if not marks.isascii():
        return True
    lowered = marks.lower()
    return any(word in lowered for word in words)


def first_meta_content(top: etree._Element, key: str) -> str | None:
    for element in top.iter("meta"):
        if (element.get("property") or element.get("name") or "").lower() == key:
            return element.get("content")
    return None


def markup_values(top: etree._Element, names: tuple[str, ...], key: str
                  ) -> tuple[tuple[list[str], ...], str | None]:
    return tuple(attribute_values(top, name) for name in names), first_meta_content(top, key)


def running_text(blocks: Iterable[Any], least_words: int, most_link_density: float
                 ) -> tuple[int, int, list[int], list[str]]:
    words = linked = 0
    counts: list[int] = []
    texts: list[str] = []
    for block in blocks:
        count, in_links = block.num_words, block.num_words_in_anchor_text
        words += count
        linked += in_links
        if count >= least_words and in_links / count < most_link_density:
            counts.append(count - in_links)
            texts.append(block.text)
    return words, linked, counts, texts


@functools.lru_cache(maxsize=8)
def _line_start_pattern(line_words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?:^|\n)\s*(?:" + "|".join(map(re.escape, line_words)) + r")\b")


def texts_with_words(texts: Sequence[str], words: tuple[str, ...], line_words: tuple[str, ...]) -> list[bool]:
    for word in (*words, *line_words):
        if not word or word != word.lower() or "σ" in word or "ς" in word:
            raise ValueError(f"words must be non-empty, lower-case and without σ or ς: {word!r}")
    line_start = _line_start_pattern(line_words) if line_words else None
    flags = []
    for text in texts:
        lowered = text.lower() if text.isascii() else text.translate(RE_I_LETTER_FOLDS).lower()
        flags.append(any(word in lowered for word in words) or (
            line_start is not None and line_start.search(lowered) is not None))
    return flags


def texts_with_digit(texts: list[str]) -> list[int]:
    return [index for index, text in enumerate(texts) if DIGIT_RE.search(text) is not None]


def hrefs_after(element: etree._Element, most: int) -> list[str]:
    return HREFS_AFTER(element, most=most)


def shown_text(top: etree._Element) -> str:
    return "".join(SHOWN_TEXTS(top))


def shown_text_holds(top: etree._Element, name: str) -> bool:
    return bool(SHOWN_NODE_HOLDS(top, name=name))


def element_key(element: etree._Element) -> Any:
    """What ``heading_holders``' sets hold for an element: the element itself (the compiled ones hold its node's
    address)."""
    return element


def _spaced_length(text: str) -> int:
    return len(" ".join(text.split()))


def _self_linked(heading: etree._Element, elsewhere: Callable[[etree._Element], bool]) -> bool:
    length = _spaced_length(STRING(heading))
    if not length:
        return False
    linked = _spaced_length(" ".join(STRING(a) for a in heading.iter("a") if elsewhere(a)))
    return 2 * linked >= length or any(elsewhere(a) for a in heading.iterancestors("a"))


def _holders(elements: Iterable[etree._Element]) -> frozenset[etree._Element]:
    held: set[etree._Element] = set()
    for element in elements:
        node: etree._Element | None = element
        while node is not None and node not in held and (parent := node.getparent()) is not None:
            held.add(node)
            node = parent
    return frozenset(held)


def heading_holders(top: etree._Element, headings: tuple[str, ...], headline: str,
                    elsewhere: Callable[[etree._Element], bool]) -> tuple[frozenset[Any], frozenset[Any]]:
    linked = [heading for heading in top.iter(*headings) if _self_linked(heading, elsewhere)]
    return _holders(linked), _holders(top.iter(headline))


def copy_blocks(blocks: Iterable[Any]) -> list[Any]:
    return [block.copy() for block in blocks]


def closing_root_tag_starts(html: bytes) -> list[int]:
    return [found.start() for found in CLOSING_ROOT_TAG_START_RE.finditer(html)]


def prefix_sums(size: int, values: Iterable[tuple[int, float]]) -> Sequence[float]:
    slots = [0.0] * (size + 1)
    for at, value in values:
        slots[at + 1] += value
    return list(accumulate(slots))


__all__ = [
    "DIGIT_RUN_RE",
    "RE_I_LETTER_FOLDS",
    "MarkupElements",
    "ancestors_marks",
    "attribute_values",
    "attributes_of",
    "closing_root_tag_starts",
    "copy_blocks",
    "element_key",
    "elements_marked",
    "elements_named",
    "elements_named_or_with",
    "elements_with_words",
    "first_meta_content",
    "folded_short_texts",
    "heading_holders",
    "hrefs_after",
    "line_hashes",
    "marks_hold_words",
    "markup_elements",
    "normalized_line",
    "prefix_sums",
    "running_text",
    "short_texts",
    "shown_text",
    "shown_text_holds",
    "texts_with_digit",
    "texts_with_words",
]
