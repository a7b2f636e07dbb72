"""The optional compiled helpers of the extraction library (``crawler/kernels/cwalk.pyx``): loaded once
(``load`` loads the page job's compiled simhash the same way).

Built at install when a C compiler is there (setup.py); None when it is not built, was built for another lxml
version or from another version of the .pyx, or when the environment variable CRAWLER_PURE_PYTHON_WALK is set to
anything but "", "0", "false" or "no". Each use has a Python twin that gives the same results (the block walk in
``blockwalk``, block copies in ``blocks``); ``use(False)`` switches the twins on for this process (tests).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import logging
import os
from pathlib import Path
from types import ModuleType

PURE_PYTHON_ENV = "CRAWLER_PURE_PYTHON_WALK"
logger = logging.getLogger(__name__)


def load(module: str, source: Path) -> ModuleType | None:
    """A compiled module (``package.name``) built from ``source``, or None (one debug line says why): not built,
    not importable (built for another lxml), built from another version of ``source``, or
    CRAWLER_PURE_PYTHON_WALK set. ``crawler.pagejob.fingerprints`` loads its simhash this way too."""
    if os.environ.get(PURE_PYTHON_ENV, "").strip().lower() not in ("", "0", "false", "no"):
        logger.debug("%s unused (Python twin): %s is set", module, PURE_PYTHON_ENV)
        return None
    if importlib.util.find_spec(module) is None:
        logger.debug("%s unused (Python twin): it is not built (pip install -e . with a C compiler)", module)
        return None
    try:
        # The module itself, not its package (which may be being imported): importlib names it exactly.
        compiled = importlib.import_module(module)
    except Exception as error:  # built for another lxml: ImportError, or lxml's ValueError on sizes
        logger.debug("%s unused (Python twin): it does not import (%s)", module, error)
        return None
    if source.is_file() and hashlib.sha256(source.read_bytes()).hexdigest() != compiled.SOURCE_SHA256:
        logger.debug("%s unused (Python twin): it was built from another %s (rebuild it: pip install -e .)",
                     module, source.name)
        return None
    return compiled


def load_kernel(name: str) -> ModuleType | None:
    """The compiled module ``crawler.kernels.NAME`` built from ``NAME.pyx`` beside this module, or None."""
    return load(f"{__package__}.{name}", Path(__file__).with_name(f"{name}.pyx"))


COMPILED = load_kernel("cwalk")
_enabled = COMPILED is not None


def refuse(reason: str) -> None:
    """Leaves the compiled module unused for the rest of the process (it could not be set up)."""
    global COMPILED, _enabled
    if COMPILED is not None:
        logger.debug("block walk in Python: the compiled walk cannot be set up (%s)", reason)
    COMPILED = None
    _enabled = False


def available() -> bool:
    """Whether the compiled module imported (built, for this lxml, from the .pyx beside this module)."""
    return COMPILED is not None


def use(enabled: bool) -> bool:
    """Turns the compiled helpers on or off for this process (on only when available); returns whether they were
    on."""
    global _enabled
    was = _enabled
    _enabled = enabled and COMPILED is not None
    return was


def active() -> ModuleType | None:
    """The compiled module when it is on, else None."""
    return COMPILED if _enabled else None


__all__ = ["COMPILED", "PURE_PYTHON_ENV", "active", "available", "load", "refuse", "use"]
