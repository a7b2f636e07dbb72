"""TreeIndex.prefix: the compiled prefix sums (crawler/kernels/cwalk.pyx) against the Python twin."""

from __future__ import annotations

import pytest
from lxml import etree

from crawler.extractors.document.blockwalk import compiled_walk_available, use_compiled_walk
from crawler.extractors.document.subtree import SubtreeCounts, SubtreeSums, TreeIndex

TREE = etree.fromstring("<html><body><div><p>a</p><p>b</p></div><div><p>c</p></div></body></html>")
# values as the cascade places them: float scores (sums whose rounding depends on the order), word counts (ints)
VALUES = [(3, 0.1), (3, 0.2), (4, 1e16), (6, 0.3), (4, 1.0), (2, 7), (0, True), (6, -2.5)]


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=pytest.mark.skipif(
    not compiled_walk_available(), reason="the compiled walk is not built"))])
def test_prefix_sums_are_the_python_sums_in_their_order(compiled):
    index = TreeIndex.of(TREE)
    expected = [0.0]
    slots = [0.0] * (index.size + 1)
    for at, value in VALUES:
        slots[at + 1] += value
    for slot in slots[1:]:
        expected.append(expected[-1] + slot)
    was = use_compiled_walk(compiled)
    try:
        prefix = index.prefix(iter(VALUES))
        empty = index.prefix(())
        with pytest.raises(IndexError):
            index.prefix([(index.size, 1.0)])
    finally:
        use_compiled_walk(was)
    assert len(prefix) == index.size + 1 and list(prefix) == expected
    assert all(type(value) is float for value in prefix)
    assert list(empty) == [0.0] * (index.size + 1)
    divs = TREE.findall(".//div")
    assert SubtreeSums(index, prefix).get(divs[0]) == expected[index.end[2]] - expected[2]
    second = int(expected[index.end[5]] - expected[5])
    assert SubtreeCounts(index, prefix, prefix).get(divs[1]) == (second, second)


@pytest.mark.skipif(not compiled_walk_available(), reason="the compiled walk is not built")
def test_prefix_is_summed_in_c_when_the_compiled_helpers_are_on():
    from crawler.kernels.compiled import active

    assert list(active().prefix_sums(3, [(0, 2), (2, 0.5)])) == [0.0, 2.0, 2.0, 2.5]
