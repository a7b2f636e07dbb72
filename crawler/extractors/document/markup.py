"""The page's markup that metadata reads, gathered in one walk of the tree: every ``<meta>`` content by its key,
the ``<link>`` elements, the microdata (``itemprop``) elements and the body's ``<time datetime>`` elements.

It is read before the block walk changes the tree (``TextDocument.markup``): the walk removes ``<meta>`` and
``<link>`` elements wherever they stand, and pages put them in the body (microdata's ``<meta itemprop>``; a
``<head>`` the parser ended early at an element that belongs in the body, such as an ``<iframe>``).

Reading each kind with its own walk (``iter("meta")``, ``iter("link")``, ``iterfind(".//*[@itemprop]")``,
``body.xpath(".//time[@datetime]")``) costs about twice one walk in Python over every element; one search in C
(``elements_named_or_with``, a proxy only for the elements found) costs less than half of that walk.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lxml import etree

from crawler.kernels.walk import attributes_of, elements_named_or_with, markup_elements


@dataclass
class PageMarkup:
    """What one walk found, each list in document order."""

    meta: dict[str, list[str]] = field(default_factory=dict)  # lower-cased property/name/http-equiv -> contents
    links: list[tuple[str | None, str | None]] = field(default_factory=list)  # each <link>'s (rel, href)
    itemprops: list[etree._Element] = field(default_factory=list)  # below the root, as ``.//*[@itemprop]``
    times: list[etree._Element] = field(default_factory=list)  # <time datetime> below the body


# The elements gathered by their tag, and the attribute of the microdata elements.
MARKUP_TAGS = frozenset({"meta", "link", "time"})
ITEMPROP = "itemprop"
# A <meta>'s content and its keys, read in one call.
META_ATTRIBUTES = ("content", "property", "name", "http-equiv")
META_AND_ITEMPROP = (*META_ATTRIBUTES, ITEMPROP)
# What the metadata and the page job read of a <link> (its relation and target), kept rather than the element:
# read in the C walk, so neither the metadata's links nor the page job's rel=canonical need a proxy per element.
LINK_ATTRIBUTES = ("rel", "href")


def add_meta(values: dict[str, list[str]], element: etree._Element) -> None:
    """A <meta>'s content under each of its keys ("og:title twitter:title" names two)."""
    content, *key_lists = attributes_of(element, META_ATTRIBUTES)
    _add_content(values, content, key_lists)


def _add_content(values: dict[str, list[str]], content: str | None, key_lists: Iterable[str | None]) -> None:
    if content is None or not (content := content.strip()):
        return
    for keys in key_lists:
        if keys:
            for key in keys.lower().split():
                if key in values:
                    values[key].append(content)
                else:
                    values[key] = [content]


def page_markup(root: etree._Element, body: etree._Element | None) -> PageMarkup:
    """One walk of the tree below ``root``; ``times`` only below ``body`` (the whole tree when it is the root).

    A <meta>'s keys and its itemprop are read in one call of a reader looked up once a page (``add_meta`` read
    the keys, then ``get`` the itemprop, each through the compiled-or-Python switch;
    ``tests/test_metadata_structured_cheap.py`` compares it with ``get``).

    With the compiled walk on, the whole walk runs in C (``kernels.walk.markup_elements``: no proxy for a <meta>,
    its keys cut and filed there; ``tests/test_markup_compiled.py`` compares it with the Python walk below)."""
    compiled = markup_elements(root, body, META_ATTRIBUTES, ITEMPROP, LINK_ATTRIBUTES)
    if compiled is not None:
        return PageMarkup(*compiled)
    found = PageMarkup()
    meta, links, itemprops, times = found.meta, found.links, found.itemprops, found.times
    read = attributes_of
    for element in elements_named_or_with(root, MARKUP_TAGS, ITEMPROP):
        tag = element.tag
        if tag == "meta":
            content, property_keys, name_keys, http_keys, itemprop = read(element, META_AND_ITEMPROP)
            _add_content(meta, content, (property_keys, name_keys, http_keys))
        else:
            itemprop = element.get(ITEMPROP)
            if tag == "link":
                rel, href = read(element, LINK_ATTRIBUTES)
                links.append((rel, href))
            elif tag == "time" and element.get("datetime") is not None and _below(element, body):
                times.append(element)
        if itemprop is not None and element is not root:
            itemprops.append(element)
    return found


def body_of(root: etree._Element) -> etree._Element:
    """``TextDocument.body`` of a document with this root: its first <body> child, else the root. ``find("body")``
    selects with ``iterchildren("body")`` (lxml's ElementPath), which is asked here without the path's machinery, a
    fraction of the find's cost."""
    return next(root.iterchildren("body"), root)


def _below(element: etree._Element, body: etree._Element | None) -> bool:
    if body is None:
        return False
    return any(ancestor is body for ancestor in element.iterancestors())


__all__ = ["ITEMPROP", "LINK_ATTRIBUTES", "MARKUP_TAGS", "META_ATTRIBUTES", "PageMarkup", "add_meta", "body_of",
           "page_markup"]
