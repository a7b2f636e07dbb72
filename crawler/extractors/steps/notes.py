"""A ``notes`` mapping over a typed run state, for code written against the untyped notes of a ``Run``.

An extractor whose steps hand on typed state (a dataclass with an ``extra`` dict for keys it has no field for)
gives its run ``StateNotes(state)`` as ``notes``: a key named like a field (or like one of the state's ``NOTE_KEYS``
aliases, a ClassVar mapping alias -> field name) reads and writes that field and is "in"
the notes once the field holds something (None and empty collections do not count); any other key lives in
``state.extra``. The explain report and ``Extractor.to_article`` read a run's notes this way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import fields
from typing import Any


def holds(value: object) -> bool:
    """Whether a field counts as set: None and empty collections do not (``frozenset()``, ``{}``, ``[]``)."""
    if value is None:
        return False
    if isinstance(value, frozenset | dict | list | set | tuple):
        return bool(value)
    return True


def field_names(state: Any) -> frozenset[str]:
    """The names of a state dataclass's fields, ``extra`` left out."""
    return frozenset(f.name for f in fields(state)) - {"extra"}


def note_keys(state: Any) -> dict[str, str]:
    """Note key -> field name: every field but ``extra`` under its own name, or under its alias in the state's
    ``NOTE_KEYS`` when it has one."""
    aliases: Mapping[str, str] = getattr(state, "NOTE_KEYS", {})
    aliased = set(aliases.values())
    return {**{name: name for name in field_names(state) if name not in aliased}, **aliases}


# note_keys of each state class, made once: a run's notes are set up for every page (``dataclasses.fields`` and the
# dicts would be most of a run's set-up). A state's fields and its NOTE_KEYS
# (a ClassVar) are its class's.
_KEYS_OF_CLASS: dict[type, dict[str, str]] = {}


def _keys_of(state: Any) -> dict[str, str]:
    """``note_keys(state)``, one dict per state class, shared by the notes of all its runs (never changed)."""
    keys = _KEYS_OF_CLASS.get(type(state))
    if keys is None:
        keys = _KEYS_OF_CLASS[type(state)] = note_keys(state)
    return keys


class StateNotes(MutableMapping[str, Any]):
    """The ``notes`` mapping of a run, backed by its typed state (a dataclass with an ``extra`` dict)."""

    __slots__ = ("_keys", "_state")

    def __init__(self, state: Any) -> None:
        self._state = state
        self._keys = _keys_of(state)

    def __getitem__(self, key: str) -> Any:
        name = self._keys.get(key)
        if name is None:
            return self._state.extra[key]
        value = getattr(self._state, name)
        if holds(value):
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
        if not holds(getattr(self._state, name)):
            raise KeyError(key)
        setattr(self._state, name, getattr(type(self._state)(), name))

    def __iter__(self) -> Iterator[str]:
        yield from (key for key, name in sorted(self._keys.items()) if holds(getattr(self._state, name)))
        yield from self._state.extra

    def __len__(self) -> int:
        return sum(1 for _ in self)


__all__ = ["StateNotes", "field_names", "holds", "note_keys"]
