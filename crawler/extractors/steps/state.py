"""Typed state between an extractor's steps, with the untyped ``notes`` mapping as a view of it.

An extractor's steps read and write a dataclass of named, typed fields (``run.state``); ``run.notes`` stays a
mapping over that record for code written against the notes every ``Run`` has (the explain report, steps of
other extractors): a key named like a field (or like one of the state's ``NOTE_KEYS`` aliases) reads and
writes that field and is "in" the notes once the field holds something; any other key lives in
``state.extra``. The same pattern as the default cascade's ``CascadeRun`` (cascade_state.py), for any state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any, ClassVar, Generic, TypeVar

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.steps.notes import StateNotes
from crawler.extractors.steps.pipeline import Extractor, Run

S = TypeVar("S")


class StateRun(Run, Generic[S]):
    """A Run whose steps share a typed ``state``; ``notes`` is a view of it. A subclass names its ``state_type``
    to be built without one (``CascadeRun(doc, blocks)``)."""

    state_type: ClassVar[type | None] = None

    def __init__(self, doc: TextDocument, blocks: list[TextBlock], state: S | None = None) -> None:
        if state is None:
            if self.state_type is None:
                raise TypeError(f"{type(self).__name__} needs a state")
            state = self.state_type()
        self.state: S = state
        super().__init__(doc, blocks, StateNotes(state))


def own_state(run: Run, kind: type[S], owner: str) -> S:
    """The typed state of kind ``kind`` of a run of ``owner``'s own steps; a clear error for any other run (steps
    that only their own extractor runs, unlike ``state_of``'s, which other extractors borrow)."""
    state = getattr(run, "state", None)
    if not isinstance(state, kind):
        raise TypeError(f"{type(run).__name__} is not a run of {owner} (no {kind.__name__})")
    return state


def state_of(run: Run, kind: type[S]) -> S:
    """The typed state of kind ``kind`` of a run. A run of another extractor that borrows these steps (a plain
    ``Run``) gets one on first use: its notes become a view of the new state, the keys it held kept. A run that
    already holds a typed state of another kind gets the one that state embeds as a field, else a clear error."""
    state = getattr(run, "state", None)
    if isinstance(state, kind):
        return state
    if is_dataclass(state):
        # An extractor that borrows another's steps embeds their state as one of its fields (BayesState.density).
        for item in fields(state):
            embedded = getattr(state, item.name)
            if isinstance(embedded, kind):
                return embedded
        raise TypeError(f"{type(run).__name__} holds a {type(state).__name__}, not a {kind.__name__}")
    new = kind()
    notes = StateNotes(new)
    notes.update(run.notes)
    run.state = new  # type: ignore[attr-defined]
    run.notes = notes
    return new


class StateExtractor(Extractor):
    """An Extractor whose runs carry a fresh ``state_type()`` as their typed state."""

    state_type: ClassVar[type]
    # The run it makes: a StateRun subclass when steps or callers name the run's type.
    run_type: ClassVar[type[StateRun]] = StateRun

    def run(self, doc: TextDocument, notes: Mapping[str, Any] | None = None) -> StateRun:
        """The steps over fresh copies of the blocks, with a typed state; ``notes`` seeds it by key."""
        run = self.run_type(doc, doc.fresh_blocks(), self.state_type())
        run.notes.update(notes or {})
        for step in self.steps:
            step.process(run)
        return run


__all__ = ["StateExtractor", "StateNotes", "StateRun", "own_state", "state_of"]
