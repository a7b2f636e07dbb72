"""Sums over subtrees without walking ancestors: each element's entry and exit positions in document order.

The block walk numbers every element it enters (its position in document order) and records, when it leaves
it, the position of the first element after its subtree. The elements below an element are then exactly the
positions ``start <= p < end``, so "how much running text lies under this element" is the difference of two
prefix sums over the blocks' containers, for any element, instead of one walk up the ancestors per block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from typing import Any, Protocol

from lxml import etree

from crawler.kernels.compiled import active


class Positions(Protocol):
    """Element -> position, as a dict answers (``TreeIndex.position``): the Python walk's dict of proxies, or the
    compiled walk's table keyed by node address (``crawler.kernels.cwalk.NodePositions``), which answers for
    any proxy of a walked node and made no proxy for most of them."""

    def get(self, element: Any, default: int | None = None, /) -> int | None: ...

    def __getitem__(self, element: etree._Element, /) -> int: ...

    def __contains__(self, element: object, /) -> bool: ...

    def __len__(self) -> int: ...


class TreeIndex:
    """Document-order position of every element of a tree (from its top element down) and where its subtree
    ends. Elements above the walked element (``<html>`` above ``<body>``) span everything."""

    __slots__ = ("end", "position", "size")

    def __init__(self, position: dict[etree._Element, int] | Positions, end: list[int]) -> None:
        self.position = position
        self.end = end
        self.size = len(end)

    @classmethod
    def of(cls, start: etree._Element) -> TreeIndex:
        """The index of a tree built apart from the block walk (documents built by hand, tests)."""
        position: dict[etree._Element, int] = {}
        end: list[int] = []
        builder = cls.builder(start, position, end)
        open_positions: list[int] = []
        for event, element in etree.iterwalk(start, events=("start", "end")):
            if event == "start":
                open_positions.append(builder(element))
            else:
                end[open_positions.pop()] = len(end)
        return cls.finish(start, position, end)

    @staticmethod
    def builder(start: etree._Element, position: dict[etree._Element, int], end: list[int]
                ) -> Callable[[etree._Element], int]:
        """Registers the ancestors of ``start`` first; returns the function that numbers an entered element."""
        for ancestor in reversed(list(start.iterancestors())):
            position[ancestor] = len(end)
            end.append(-1)  # set by finish: an ancestor of the walk spans all of it

        def enter(element: etree._Element) -> int:
            at = position[element] = len(end)
            end.append(at + 1)
            return at

        return enter

    @classmethod
    def finish(cls, start: etree._Element, position: dict[etree._Element, int], end: list[int]) -> TreeIndex:
        total = len(end)
        for at, value in enumerate(end):
            if value != -1:
                break
            end[at] = total
        return cls(position, end)

    def span(self, element: etree._Element) -> tuple[int, int] | None:
        at = self.position.get(element)
        return None if at is None else (at, self.end[at])

    def prefix(self, values: Iterable[tuple[int, float]]) -> Sequence[float]:
        """Prefix sums of values placed at positions: ``prefix[p]`` is the sum of the values before position p
        (summed in C when the compiled helpers are on: the same doubles, without a float object per position)."""
        compiled = active()
        if compiled is not None:
            return compiled.prefix_sums(self.size, values)
        slots = [0.0] * (self.size + 1)
        for at, value in values:
            slots[at + 1] += value
        return list(accumulate(slots))


class SubtreeSums:
    """A read-only mapping element -> sum of the values placed at positions in its subtree, with ``dict.get``'s
    signature (elements outside the index, or holding nothing, give ``default``)."""

    __slots__ = ("_index", "_prefix")

    def __init__(self, index: TreeIndex, prefix: Sequence[float]) -> None:
        self._index = index
        self._prefix = prefix

    def get(self, element: etree._Element, default: float | None = None) -> float | None:
        at = self._index.position.get(element)
        if at is None:
            return default
        total = self._prefix[self._index.end[at]] - self._prefix[at]
        return total if total else default

    def __getitem__(self, element: etree._Element) -> float:
        value = self.get(element)
        if value is None:
            raise KeyError(element)
        return value


class SubtreeCounts:
    """Like SubtreeSums for two integer counts at once (words, words in links): ``get`` gives a (words, links)
    pair, ``default`` when the subtree holds no word."""

    __slots__ = ("_index", "_links", "_words")

    def __init__(self, index: TreeIndex, words: Sequence[float], links: Sequence[float]) -> None:
        self._index = index
        self._words = words
        self._links = links

    def get(self, element: etree._Element, default: tuple[int, int] | None = None) -> tuple[int, int] | None:
        at = self._index.position.get(element)
        if at is None:
            return default
        end = self._index.end[at]
        words = int(self._words[end] - self._words[at])
        if not words:
            links = int(self._links[end] - self._links[at])
            return (0, links) if links else default
        return words, int(self._links[end] - self._links[at])


__all__ = ["Positions", "SubtreeCounts", "SubtreeSums", "TreeIndex"]
