"""Both implementations of every kernel, named explicitly, for the twin-equivalence tests: ``PYTHON`` (the twins),
and ``WALK``, ``FINGERPRINT``, ``PAGESCAN`` and ``STRUCTURE`` (the compiled ones; None when not built or off in this
process), each a namespace of the facade's functions bound to that implementation."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from crawler.extractors.document.blockwalk import PYTHON_WALK, WALK_TABLES
from crawler.extractors.document.subtree import TreeIndex
from crawler.kernels import fingerprint, pagescan, pagescan_python, structure, walk
from crawler.pagejob import fingerprints  # noqa: F401 - registers the simhash's character tables

PYTHON = SimpleNamespace(**walk.bind(None), **fingerprint.bind(None), block_walk=PYTHON_WALK,
                         names_next_or_previous=pagescan_python.names_next_or_previous,
                         find_folded=pagescan_python.find_folded, rel_words=pagescan_python.rel_words)
WALK = SimpleNamespace(**walk.bind(walk.KERNEL), block_walk=walk.bind_block_walk(TreeIndex, WALK_TABLES),
                       kernel=walk.KERNEL) if walk.KERNEL is not None else None
FINGERPRINT = (SimpleNamespace(**fingerprint.bind(fingerprint.KERNEL), kernel=fingerprint.KERNEL)
               if fingerprint.KERNEL is not None else None)
PAGESCAN = pagescan.KERNEL
STRUCTURE = structure.KERNEL

needs_walk = pytest.mark.skipif(WALK is None, reason="the compiled walk (cwalk) is not built or is off")
needs_fingerprint = pytest.mark.skipif(FINGERPRINT is None, reason="the compiled simhash is not built or is off")
needs_pagescan = pytest.mark.skipif(PAGESCAN is None, reason="the compiled page scan is not built or is off")
needs_structure = pytest.mark.skipif(STRUCTURE is None, reason="the compiled sibling structure is not built or is off")


def implementation(compiled: bool, kernel: str) -> SimpleNamespace:
    """The compiled implementation of ``kernel`` ("walk", "fingerprint") or the Python twins; a test asking for the
    compiled one is skipped when it is not built."""
    if not compiled:
        return PYTHON
    found = {"walk": WALK, "fingerprint": FINGERPRINT}[kernel]
    if found is None:
        pytest.skip(f"the compiled {kernel} kernel is not built or is off")
    return found


# (number of modules loaded, modules named) -> [(module, attribute, the kernel function it holds)].
_BOUND_NAMES: dict[tuple[int, tuple[str, ...]], list[tuple[object, str, object]]] = {}


def _bound_names(also: tuple[str, ...]) -> list[tuple[object, str, object]]:
    import sys

    key = (len(sys.modules), also)
    if key not in _BOUND_NAMES:
        functions = {id(value): value for facade in (walk, fingerprint) for value in vars(facade).values()
                     if callable(value) and not isinstance(value, type)}
        found = []
        for module in list(sys.modules.values()):
            name = getattr(module, "__name__", "")
            if name not in also and (not name.startswith("crawler.") or name.startswith("crawler.kernels")):
                continue
            found += [(module, attribute, value) for attribute, value in list(vars(module).items())
                      if id(value) in functions and functions[id(value)] is value]
        _BOUND_NAMES[key] = found
    return _BOUND_NAMES[key]


def bind_twin(monkeypatch: pytest.MonkeyPatch, compiled: bool, *also: str) -> None:
    """For one test (``monkeypatch`` undoes it), every name that a loaded ``crawler`` module (or a module named in
    ``also``, a test's own) bound to a kernel function is bound to the chosen implementation instead: pipeline
    tests run the whole library on each."""
    from crawler.extractors.document import blockwalk

    chosen = {"walk": implementation(compiled, "walk"), "fingerprint": implementation(compiled, "fingerprint")}
    by_function = {id(getattr(facade, name)): getattr(chosen[kind], name)
                   for kind, facade in (("walk", walk), ("fingerprint", fingerprint))
                   for name in vars(chosen[kind]) if callable(getattr(facade, name, None))}
    for module, attribute, value in _bound_names(also):
        replacement = by_function.get(id(value))
        if replacement is not None:
            monkeypatch.setattr(module, attribute, replacement)
    monkeypatch.setattr(blockwalk, "WALK", chosen["walk"].block_walk)
