"""The compiled ``copy_blocks`` (cwalk.pyx; each extractor run's blocks, ``TextDocument.fresh_blocks``) against its
Python twin ``blocks.copy_blocks``: the same copies, slot for slot, each with lists of its own, on walked blocks and
on the blocks it hands back to ``TextBlock.copy`` (fused texts, another class, an unset slot)."""

from __future__ import annotations

import pytest
from helpers.story_page import PAGE, URL

from crawler.extractors.document.blocks import TextBlock, copy_blocks
from crawler.extractors.document.blockwalk import compiled_walk_available
from crawler.extractors.document.parse import parse_html
from crawler.kernels import compiled

needs_compiled = pytest.mark.skipif(not compiled_walk_available(), reason="the compiled walk is not built")
_UNSET = object()


def _slots(block: TextBlock) -> tuple:
    values = []
    for name in sorted(TextBlock.__slots__):
        value = getattr(block, name, _UNSET)
        values.append((type(value), [id(e) for e in value] if name == "elements" else value))
    return type(block), tuple(values)


def _check(blocks: list[TextBlock]) -> None:
    c = compiled.COMPILED.copy_blocks(blocks)  # first: a copy joins the fused texts of the block it copies
    python = copy_blocks(blocks)
    assert [_slots(b) for b in c] == [_slots(b) for b in python] == [_slots(b.copy()) for b in blocks]
    for block, copy in zip(blocks, c, strict=True):
        assert copy is not block
        for name in ("elements", "labels", "decisions"):  # each mutable one of its own (a frozenset is its copy)
            value = getattr(block, name)
            assert getattr(copy, name) is not value or isinstance(value, frozenset)


@needs_compiled
def test_copies_of_walked_blocks_are_the_python_copies():
    blocks = parse_html(PAGE, URL).blocks
    assert len(blocks) > 10
    _check(blocks)
    _check(list(reversed(blocks)))
    assert compiled.COMPILED.copy_blocks(()) == [] == copy_blocks(())


@needs_compiled
def test_blocks_after_steps_and_fusions_copy_alike():
    blocks = parse_html(PAGE, URL).fresh_blocks()
    blocks[0].decide("Step", True, "because", "a-label")
    blocks[1].merge_next(blocks[2])  # fused text still to join: TextBlock.copy joins it
    blocks[3].labels = frozenset({"frozen"})  # another kind of set is copied by its own copy()
    blocks[4].elements = _Elements(blocks[4].elements)  # a list of another class: its own copy()
    first, second = blocks[1].text.split("\n")[0], blocks[2].text
    _check(blocks)
    assert blocks[1].text == f"{first}\n{second}" and blocks[1]._merged_texts is None


class _Elements(list):
    pass


class _Wider(TextBlock):
    __slots__ = ("extra",)


@needs_compiled
def test_blocks_of_another_class_or_with_an_unset_slot_are_copied_by_their_own_copy():
    wider = _Wider.from_text("a block of another class")
    _check([wider, TextBlock.from_text("a plain block")])
    unset = object.__new__(TextBlock)
    for call in (copy_blocks, compiled.COMPILED.copy_blocks):
        with pytest.raises(AttributeError):
            call([unset])


def test_fresh_blocks_uses_the_twin_when_the_compiled_module_is_off():
    doc = parse_html(PAGE, URL)
    was = compiled.use(False)
    try:
        python = doc.fresh_blocks()
    finally:
        compiled.use(was)
    assert [_slots(b) for b in python] == [_slots(b) for b in doc.fresh_blocks()]
