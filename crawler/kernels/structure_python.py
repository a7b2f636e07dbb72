"""The page-kind features' loops in Python, the twins of ``cstructure``'s (``crawler.kernels.structure`` binds one
of each): the sibling-structure sums of a page's blocks, and the marker counts of a text."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

# A price: a currency sign before a number.
PRICE_RE = re.compile(r"[$€£¥₹]\s?\d")
# A year of the last century or this one: the dates of a listing's items, of a thread's posts.
YEAR_RE = re.compile(r"\b(?:19|20)\d\d\b")
# The words of a text: runs of letters and digits, and the star of a rating.
WORD_RE = re.compile(r"[^\W_]+|★")
# Words of class values: runs of ASCII letters (a class is split at its hyphens, underscores and digits).
CLASS_WORD_RE = re.compile(r"[a-z]+")

# (repeats, words, linked words, members with a heading, with a price, with a year) of one group of siblings.
Summary = tuple[int, int, int, int, int, int]
NO_GROUP: Summary = (0, 0, 0, 0, 0, 0)


def sibling_structure(blocks: Iterable[Any], depth: int, short_words: int, min_repeats: int
                      ) -> tuple[int, Summary, Summary, dict[str, int], int]:
    """(groups, widest, heaviest, class counts, words) of the blocks: one walk up from their elements, ``depth``
    levels, each level reading each distinct element once; a group is the children of one parent that share the
    most repeated (tag, class) when at least ``min_repeats`` do and the tag is a name; the widest has the most
    members (then words), the heaviest the most words (then members). A block of at most ``short_words`` words
    marks its element as holding a price or a year. Class counts: how many of the elements met carry each non-empty
    class value; words: the sum of every block's words."""
    level: dict[object, list[int]] = {}
    total = 0
    for block in blocks:
        total += block.num_words
        element = block.element
        if element is None:
            continue
        sums = level.get(element)
        heading = 1 if "heading" in block.labels else 0
        price = year = 0
        if block.num_words <= short_words:  # a card's price or date is a short block of its own
            text = block.text
            price = 1 if PRICE_RE.search(text) is not None else 0
            year = 1 if YEAR_RE.search(text) is not None else 0
        if sums is None:
            level[element] = [block.num_words, block.num_words_in_anchor_text, heading, price, year]
        else:
            sums[0] += block.num_words
            sums[1] += block.num_words_in_anchor_text
            sums[2] |= heading
            sums[3] |= price
            sums[4] |= year
    classes: dict[object, str] = {}
    counts: dict[str, int] = {}
    children: dict[object, dict[object, list[int]]] = {}
    for step in range(depth + 1):
        for element in level:
            value = classes[element] = element.get("class") or ""
            if value:
                counts[value] = counts.get(value, 0) + 1
        if step == depth:
            break
        above: dict[object, list[int]] = {}
        for child, sums in level.items():
            parent = child.getparent()
            if parent is None:
                continue
            group = children.get(parent)
            if group is None:
                group = children[parent] = {}
            group[child] = sums
            found = above.get(parent)
            if found is None:
                above[parent] = list(sums)
            else:
                found[0] += sums[0]
                found[1] += sums[1]
                found[2] |= sums[2]
                found[3] |= sums[3]
                found[4] |= sums[4]
        # an element met at a lower level keeps its sums from there: each element is read once
        level = {element: sums for element, sums in above.items() if element not in classes}
    widest = heaviest = NO_GROUP
    groups = 0
    for group in children.values():
        if len(group) < min_repeats:
            continue
        keys = [(element.tag, classes.get(element, "")) for element in group]
        shapes: dict[tuple[Any, str], int] = {}
        for key in keys:
            shapes[key] = shapes.get(key, 0) + 1
        shape = max(shapes, key=shapes.__getitem__)  # the first of the most repeated, as Counter.most_common
        repeats = shapes[shape]
        if repeats < min_repeats or not isinstance(shape[0], str):
            continue
        groups += 1
        summed = [0, 0, 0, 0, 0]
        for key, sums in zip(keys, group.values(), strict=True):
            if key == shape:
                for index in range(5):
                    summed[index] += sums[index]
        summary: Summary = (repeats, *summed)  # type: ignore[assignment]
        if summary[:2] > widest[:2]:
            widest = summary
        if (summary[1], summary[0]) > (heaviest[1], heaviest[0]):
            heaviest = summary
    return groups, widest, heaviest, counts, total


def marker_counts(text: str, kinds: dict[str, int], size: int) -> list[int]:
    """[matches of PRICE_RE, matches of YEAR_RE, then for each kind 0..size-1 how many words of the text (WORD_RE)
    ``kinds`` gives that kind] of the text."""
    counts = [0] * (2 + size)
    counts[0] = len(PRICE_RE.findall(text))
    counts[1] = len(YEAR_RE.findall(text))
    for word, count in Counter(WORD_RE.findall(text)).items():
        kind = kinds.get(word)
        if kind is not None and 0 <= kind < size:
            counts[2 + kind] += count
    return counts


def class_marks(counts: dict[str, int], words: dict[str, int], size: int) -> list[int]:
    """[for each group 0..size-1, how many elements carry a class value naming it] of ``{class value: elements}``: a
    value names a group when one of its words (CLASS_WORD_RE in the lower-cased value), or that word but its last
    letter (a plural), is one of ``words``; each group counted once per value."""
    marks = [0] * size
    for value, count in counts.items():
        named = set()
        for word in CLASS_WORD_RE.findall(value.lower()):
            group = words.get(word)
            if group is None:
                group = words.get(word[:-1])
            if group is not None and 0 <= group < size:
                named.add(group)
        for group in named:
            marks[group] += count
    return marks


__all__ = [
    "CLASS_WORD_RE",
    "NO_GROUP",
    "PRICE_RE",
    "WORD_RE",
    "YEAR_RE",
    "Summary",
    "class_marks",
    "marker_counts",
    "sibling_structure",
]
