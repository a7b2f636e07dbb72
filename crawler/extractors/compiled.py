"""The optional compiled helpers of the extraction library (``crawler/extractors/cwalk.pyx``): loaded once.

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


def _load() -> ModuleType | None:
    """The compiled module, or None (one debug line says why)."""
    if os.environ.get(PURE_PYTHON_ENV, "").strip().lower() not in ("", "0", "false", "no"):
        logger.debug("block walk in Python: %s is set", PURE_PYTHON_ENV)
        return None
    if importlib.util.find_spec(f"{__package__}.cwalk") is None:
        logger.debug("block walk in Python: the compiled walk is not built (pip install -e . with a C compiler)")
        return None
    try:
        # The module itself, not the package (which is being imported): importlib names it exactly.
        cwalk = importlib.import_module(f"{__package__}.cwalk")
    except Exception as error:  # built for another lxml: ImportError, or lxml's ValueError on sizes
        logger.debug("block walk in Python: the compiled walk does not import (%s)", error)
        return None
    source = Path(__file__).with_name("cwalk.pyx")
    if source.is_file() and hashlib.sha256(source.read_bytes()).hexdigest() != cwalk.SOURCE_SHA256:
        logger.debug("block walk in Python: the compiled walk was built from another %s (rebuild it: "
                     "pip install -e .)", source.name)
        return None
    return cwalk


COMPILED = _load()
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


__all__ = ["COMPILED", "PURE_PYTHON_ENV", "active", "available", "refuse", "use"]
