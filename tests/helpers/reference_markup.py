"""``page_markup`` as the plain reading, the reference of the tests of its shortcuts: every element of the tree, each
attribute read with ``get`` (no compiled search, no one-call attribute reader)."""

from __future__ import annotations

from lxml import etree

from crawler.extractors.document.markup import PageMarkup


def add_meta_by_get(values: dict[str, list[str]], element: etree._Element) -> None:
    """A <meta>'s content under each of its keys, each attribute read with ``get``."""
    content = element.get("content")
    if content is None or not content.strip():
        return
    for keys in (element.get("property"), element.get("name"), element.get("http-equiv")):
        if not keys:
            continue
        for key in keys.lower().split():
            values.setdefault(key, []).append(content.strip())


def page_markup_by_every_element(root: etree._Element, body: etree._Element | None) -> PageMarkup:
    """The <meta> values, (rel, href) of the <link> elements, itemprop elements and <time datetime> below
    ``body`` of the whole tree."""
    found = PageMarkup()
    for element in root.iter(etree.Element):
        if element.tag == "meta":
            add_meta_by_get(found.meta, element)
        elif element.tag == "link":
            found.links.append((element.get("rel"), element.get("href")))
        elif element.tag == "time" and element.get("datetime") is not None and body is not None and \
                any(ancestor is body for ancestor in element.iterancestors()):
            found.times.append(element)
        if element.get("itemprop") is not None and element is not root:
            found.itemprops.append(element)
    return found
