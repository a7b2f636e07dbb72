"""The loader of the compiled kernels (``cwalk``, ``cfingerprint``, ``cpagescan`` beside this module).

Each kernel is built at install when a C compiler is there (setup.py) and is loaded once, at the import of its
facade (``walk``, ``fingerprint``, ``pagescan``), which binds every public function once to the compiled one or
to its Python twin (``walk_python``, ``fingerprint_python``, ``pagescan_python``): the same results either way.
A kernel is off when it is not built, does not import (built for another lxml), was built from another version
of its .pyx, or when the environment variable CRAWLER_PURE_PYTHON_WALK is set to anything but "", "0", "false"
or "no" (read once, at the import of this module). Each kernel that is off logs one WARNING with the reason,
once per process: the Python twins give the same results, several times slower.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import zlib
from pathlib import Path
from types import ModuleType

PURE_PYTHON_ENV = "CRAWLER_PURE_PYTHON_WALK"
# Whether the environment asks for the Python twins, read once: a process runs one implementation throughout.
PURE_PYTHON = os.environ.get(PURE_PYTHON_ENV, "").strip().lower() not in ("", "0", "false", "no")
# The kernels that are off in this process, with the reason each was given (what the WARNING said).
OFF: dict[str, str] = {}


def source_digest(data: bytes) -> str:
    """A kernel source's CRC-32 and size, as setup.py compiles them in: enough to tell a stale build, without
    hashlib (whose import loads OpenSSL into every process)."""
    return f"{zlib.crc32(data):08x}-{len(data)}"


def refuse(module: str, reason: str) -> None:
    """Records that ``module`` is off in this process and warns once, with the reason."""
    if module in OFF:
        return
    OFF[module] = reason
    import logging  # here: a process whose kernels are on never loads it (its import holds half a megabyte)

    # A WARNING even when asked for by the environment: a crawl several times slower should say why in its log.
    logging.getLogger(__name__).warning(
        "compiled kernel %s is off, its Python twin runs (same results, slower): %s", module, reason)


def why_not(module: str, source: Path) -> tuple[ModuleType | None, str]:
    """(the compiled module ``package.name`` built from ``source``, "") or (None, the reason it is off)."""
    if PURE_PYTHON:
        return None, f"{PURE_PYTHON_ENV} is set"
    if importlib.util.find_spec(module) is None:
        return None, "it is not built (pip install . with a C compiler and Python's headers)"
    try:
        # The module itself, not its package (which may be being imported): importlib names it exactly.
        compiled = importlib.import_module(module)
    except Exception as error:  # built for another lxml: ImportError, or lxml's ValueError on sizes
        return None, f"it does not import ({error}); rebuild it: pip install --force-reinstall --no-deps ."
    if source.is_file() and source_digest(source.read_bytes()) != getattr(compiled, "SOURCE_DIGEST", None):
        return None, f"it was built from another {source.name} (rebuild it: pip install .)"
    return compiled, ""


def load(module: str, source: Path) -> ModuleType | None:
    """The compiled module ``module`` built from ``source``, or None after one WARNING with the reason."""
    compiled, reason = why_not(module, source)
    if compiled is None:
        refuse(module, reason)
    return compiled


def load_kernel(name: str) -> ModuleType | None:
    """The compiled module ``crawler.kernels.NAME`` built from ``NAME.pyx`` beside this module, or None."""
    return load(f"{__package__}.{name}", Path(__file__).with_name(f"{name}.pyx"))


__all__ = ["OFF", "PURE_PYTHON", "PURE_PYTHON_ENV", "load", "load_kernel", "refuse", "why_not"]
