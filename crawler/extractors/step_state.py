"""Typed state between an extractor's steps, with the untyped ``notes`` mapping as a view of it (issue 17).

An extractor's steps read and write a dataclass of named, typed fields (``run.state``); ``run.notes`` stays a
mapping over that record for code written against the notes every ``Run`` has (the explain report, steps of
other extractors): a key named like a field (or like one of the state's ``NOTE_KEYS`` aliases) reads and
writes that field and is "in" the notes once the field holds something; any other key lives in
``state.extra``. The same pattern as the default cascade's ``CascadeRun`` (cascade_state.py), for any state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import fields, is_dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .document import TextBlock, TextDocument
from .pipeline import Extractor, Run

S = TypeVar("S")


def _holds(value: object) -> bool:
    """Whether a field counts as set: None and empty collections do not."""
    if value is None:
        return False
    if isinstance(value, frozenset | dict | list | set | tuple):
        return bool(value)
    return True


def _field_keys(state: object) -> dict[str, str]:
    """Note key -> field name: every field but ``extra`` under its own name, or under its alias in the state's
    ``NOTE_KEYS`` (a ClassVar mapping alias -> field name) when it has one."""
    aliases: Mapping[str, str] = getattr(state, "NOTE_KEYS", {})
    aliased = set(aliases.values())
    names = {f.name: f.name for f in fields(state) if f.name != "extra" and f.name not in aliased}
    return {**names, **aliases}


class StateNotes(MutableMapping[str, Any]):
    """The ``notes`` mapping of a run, backed by a typed state dataclass that has an ``extra`` dict field."""

    __slots__ = ("_keys", "_state")

    def __init__(self, state: Any) -> None:
        self._state = state
        self._keys = _field_keys(state)

    def __getitem__(self, key: str) -> Any:
        name = self._keys.get(key)
        if name is None:
            return self._state.extra[key]
        value = getattr(self._state, name)
        if _holds(value):
            return value
        raise KeyError(key)

    def __setitem__(self, key: str, value: Any) -> None:
        name = self._keys.get(key)
        if name is None:
            self._state.extra[key] = value
        else:
            setattr(self._state, name, value)

    def __delitem__(self, key: str) -> None:
        name = self._keys.get(key)
        if name is None:
            del self._state.extra[key]
            return
        if not _holds(getattr(self._state, name)):
            raise KeyError(key)
        setattr(self._state, name, getattr(type(self._state)(), name))

    def __iter__(self) -> Iterator[str]:
        yield from (key for key, name in sorted(self._keys.items()) if _holds(getattr(self._state, name)))
        yield from self._state.extra

    def __len__(self) -> int:
        return sum(1 for _ in self)


class StateRun(Run, Generic[S]):
    """A Run whose steps share a typed ``state``; ``notes`` is a view of it."""

    def __init__(self, doc: TextDocument, blocks: list[TextBlock], state: S) -> None:
        self.state: S = state
        super().__init__(doc, blocks, StateNotes(state))


def state_of(run: Run, kind: type[S]) -> S:
    """The typed state of kind ``kind`` of a run. A run of another extractor that borrows these steps (a plain
    ``Run``) gets one on first use: its notes become a view of the new state, the keys it held kept. A run that
    already holds a typed state of another kind is a clear error."""
    state = getattr(run, "state", None)
    if isinstance(state, kind):
        return state
    if is_dataclass(state):
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
