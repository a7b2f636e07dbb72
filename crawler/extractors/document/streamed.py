"""Streamed server rendering put in place: React's streaming renderer (React 18 and later, Next.js's app router)
sends a page's shell first, with an empty ``<template id="B:0">`` (a Suspense boundary) or ``<template id="P:1">``
(a placeholder) where content will go, and the content itself later in the same response, in a ``<div hidden
id="S:0">`` at the end of the body; a small script then moves each segment to its template. A reader without
scripts would see the page's shell and its loading skeletons only: the segment's children are moved here to the
template's place, as the script does, before the block walk (which skips hidden elements)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from lxml import etree

# Asked of the page's bytes first: only a page with a boundary or placeholder template pays for the tree search.
STREAMED_RE = re.compile(rb"<template\s+id=[\"']?[BP]:\d")
SEGMENTS = etree.XPath("//div[@hidden][starts-with(@id, 'S:')]")
TEMPLATES = etree.XPath("//template[starts-with(@id, 'B:') or starts-with(@id, 'P:')]")


def may_be_streamed(pieces: Iterable[bytes | memoryview]) -> bool:
    return any(STREAMED_RE.search(piece) is not None for piece in pieces)


def place_streamed_segments(root: etree._Element) -> int:
    """Moves every hidden segment ``S:n`` to its template ``B:n`` or ``P:n`` (nested segments after their parent,
    as the script moves them in order); returns how many were placed. A segment without its template stays where
    it is, hidden."""
    templates = {template.get("id", "")[2:]: template for template in TEMPLATES(root)}
    placed = 0
    for segment in SEGMENTS(root):
        template = templates.get(segment.get("id", "")[2:])
        parent = template.getparent() if template is not None else None
        if parent is None or any(ancestor is segment for ancestor in template.iterancestors()):
            continue
        position = parent.index(template)
        _append_text(parent, position - 1, segment.text)
        children = list(segment)
        for offset, child in enumerate(children):
            parent.insert(position + offset, child)  # (lxml moves a child with its tail)
        tail = template.tail
        parent.remove(template)  # (lxml removes an element's tail with it: kept on what now stands before it)
        _append_text(parent, position + len(children) - 1, tail)
        holder = segment.getparent()
        if holder is not None:
            _append_text(holder, holder.index(segment) - 1, segment.tail)
            holder.remove(segment)
        placed += 1
    return placed


def _append_text(parent: etree._Element, index: int, text: str | None) -> None:
    """Text kept after the child at ``index`` of ``parent`` (as the parent's own text when ``index`` is -1)."""
    if not text:
        return
    if index < 0:
        parent.text = (parent.text or "") + text
    else:
        child = parent[index]
        child.tail = (child.tail or "") + text


__all__ = ["may_be_streamed", "place_streamed_segments"]
