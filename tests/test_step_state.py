"""Typed state between an extractor's steps, ``notes`` a view of it (issue 17)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from crawler.extractors import parse_html
from crawler.extractors.lineblock.extractor import LineBlockExtractor, LineBlockState
from crawler.extractors.steps.notes import note_keys
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.steps.state import StateNotes, state_of

PAGE = "<html><body>" + "".join(f"<p>{'Words of a paragraph in the article. ' * 8}{i}</p>" for i in range(6)) + \
    "</body></html>"


@dataclass
class Toy:
    count: int | None = None
    items: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    NOTE_KEYS: ClassVar[dict[str, str]] = {"the-items": "items"}


def test_notes_read_and_write_the_typed_fields() -> None:
    state = Toy()
    notes = StateNotes(state)
    assert "count" not in notes and "the-items" not in notes
    notes["count"] = 3
    notes["the-items"] = [1]
    notes["other"] = "x"
    assert (state.count, state.items, state.extra) == (3, [1], {"other": "x"})
    assert dict(notes) == {"count": 3, "the-items": [1], "other": "x"}
    del notes["the-items"]
    assert state.items == [] and "the-items" not in notes
    with pytest.raises(KeyError):
        notes["the-items"]


def test_notes_of_two_states_of_one_class_stay_apart() -> None:
    first, second = StateNotes(Toy()), StateNotes(Toy())  # the second's keys are the class's, made for the first
    first["count"], first["the-items"], first["other"] = 1, [1], "x"
    second["count"] = 2
    assert dict(first) == {"count": 1, "the-items": [1], "other": "x"} and dict(second) == {"count": 2}
    keys = note_keys(Toy())
    keys["count"] = "items"  # a caller's own dict: the notes' keys do not change
    assert dict(StateNotes(Toy(count=3))) == {"count": 3}


def test_a_plain_run_gets_the_state_and_keeps_its_notes() -> None:
    run = Run(parse_html(PAGE), [], {"count": 2, "seed": 1})
    state = state_of(run, Toy)
    assert state.count == 2 and state.extra == {"seed": 1}
    state.items.append(5)
    assert run.notes["the-items"] == [5]
    assert state_of(run, Toy) is state
    with pytest.raises(TypeError):
        state_of(run, LineBlockState)


def test_lineblock_run_is_typed_and_the_explain_keys_still_read() -> None:
    run = LineBlockExtractor().run(parse_html(PAGE))
    state = run.state
    assert isinstance(state, LineBlockState)
    assert state.ctext is not None and state.distribution and state.chosen
    assert run.notes["distribution"] is state.distribution
    assert run.notes["threshold"] == state.threshold
    assert run.notes["layout"] == state.layout
    assert not state.extra


def test_density_state_is_typed_and_a_borrowing_plain_run_reads_it_from_notes() -> None:
    from crawler.extractors.density.extractor import (
        ChooseContentSubtree,
        DensityExtractor,
        DensityState,
        NodeDensities,
        PruneDom,
    )

    doc = parse_html(PAGE)
    run = DensityExtractor().run(doc)
    assert isinstance(run.state, DensityState)
    assert run.state.tree is not None and run.state.subtree is not None
    assert run.notes["subtree"] == run.state.subtree
    plain = Run(doc, doc.fresh_blocks(), {"feature_blocks": {0}})  # how the bayes extractor borrows the steps
    for step in (PruneDom(), NodeDensities(), ChooseContentSubtree()):
        step.process(plain)
    assert plain.notes["tree"] is plain.state.tree  # type: ignore[attr-defined]
    assert plain.notes["subtree"] == run.state.subtree
    assert plain.notes["feature_blocks"] == {0}


TYPED_MODULES = ("lineblock.extractor", "lineblock.ctext", "lineblock.regions", "density.extractor", "density.tree",
                 "density.scoring", "boilerpipe.extractor", "boilerpipe.features", "boilerpipe.filters",
                 "justext.extractor", "justext.paragraphs")


@pytest.mark.parametrize("module", TYPED_MODULES)
def test_steps_hand_on_state_by_field_not_by_string_key(module: str) -> None:
    import importlib
    import inspect
    import re

    source = inspect.getsource(importlib.import_module(f"crawler.extractors.{module}"))
    assert not re.findall(r"\.notes\s*(?:\[|\.get\(|\.setdefault\(|\.pop\()", source)


@pytest.mark.parametrize(("name", "kind"), [("boilerpipe-article", "BoilerpipeState"),
                                            ("boilerpipe-default", "BoilerpipeState"),
                                            ("justext", "JusTextState"), ("density", "DensityState"),
                                            ("lineblock", "LineBlockState")])
def test_each_extractor_runs_with_its_typed_state(name: str, kind: str) -> None:
    from crawler.extractors import get_extractor

    run = get_extractor(name).run(parse_html(PAGE))
    assert type(run.state).__name__ == kind
    assert run.content() or run.notes["reason"] == run.state.reason  # an empty run says why, as a field
