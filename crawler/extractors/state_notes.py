"""A ``notes`` mapping over a typed run state (issue 17), for code written against the untyped notes of a ``Run``.

An extractor whose steps hand on typed state (a dataclass with an ``extra`` dict for keys it has no field for)
gives its run ``StateNotes(state)`` as ``notes``: a key named like a field reads and writes that field and is "in"
the notes once the field holds something (None and empty collections do not count); any other key lives in
``state.extra``. The explain report and ``Extractor.to_article`` read a run's notes this way.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import fields
from typing import Any


def holds(value: object) -> bool:
    """Whether a field counts as set: None and empty collections do not (``frozenset()``, ``{}``, ``[]``)."""
    if value is None:
        return False
    if isinstance(value, frozenset | dict | list | set):
        return bool(value)
    return True


def field_names(state: Any) -> frozenset[str]:
    """The names of a state dataclass's fields, ``extra`` left out."""
    return frozenset(f.name for f in fields(state)) - {"extra"}


class StateNotes(MutableMapping[str, Any]):
    """The ``notes`` mapping of a run, backed by its typed state (a dataclass with an ``extra`` dict)."""

    __slots__ = ("_names", "_state")

    def __init__(self, state: Any) -> None:
        self._state = state
        self._names = field_names(state)

    def __getitem__(self, key: str) -> Any:
        if key in self._names:
            value = getattr(self._state, key)
            if holds(value):
                return value
            raise KeyError(key)
        return self._state.extra[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if key in self._names:
            setattr(self._state, key, value)
        else:
            self._state.extra[key] = value

    def __delitem__(self, key: str) -> None:
        if key in self._names:
            if not holds(getattr(self._state, key)):
                raise KeyError(key)
            setattr(self._state, key, getattr(type(self._state)(), key))
        else:
            del self._state.extra[key]

    def __iter__(self) -> Iterator[str]:
        yield from (name for name in sorted(self._names) if holds(getattr(self._state, name)))
        yield from self._state.extra

    def __len__(self) -> int:
        return sum(1 for _ in self)


__all__ = ["StateNotes", "field_names", "holds"]
