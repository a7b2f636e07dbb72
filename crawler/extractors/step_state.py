"""Typed state between an extractor's steps, with the untyped ``notes`` mapping as a view of it (issue 17).

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

from .document import TextBlock, TextDocument
from .pipeline import Extractor, Run
from .state_notes import StateNotes

S = TypeVar("S")


class StateRun(Run, Generic[S]):
    """A Run whose steps share a typed ``state``; ``notes`` is a view of it."""

    def __init__(self, doc: TextDocument, blocks: list[TextBlock], state: S) -> None:
        self.state: S = state
        super().__init__(doc, blocks, StateNotes(state))


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

    def run(self, doc: TextDocument, notes: Mapping[str, Any] | None = None) -> StateRun:
        """The steps over fresh copies of the blocks, with a typed state; ``notes`` seeds it by key."""
        run: StateRun = StateRun(doc, doc.fresh_blocks(), self.state_type())
        run.notes.update(notes or {})
        for step in self.steps:
            step.process(run)
        return run


__all__ = ["StateExtractor", "StateNotes", "StateRun", "state_of"]
