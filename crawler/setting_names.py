"""One name per setting: the names settings and environment variables had before, and the one they have now.

No Scrapy here: the extraction library reads its environment variable through :func:`environment_value`, the
Scrapy components find the name to read in their settings with :func:`setting_name`. An old name is still read
when the new one is not set, with a ``DeprecationWarning`` (and, for Scrapy settings, a warning in the crawl's
log). docs/settings.md lists every name.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from typing import Any, Protocol

# old Scrapy setting -> its name now. DISTRIBUTED_FLUSH_ON_START only set scrapy-redis's own setting, which
# keeps its name (and was silently overridden when given).
RENAMED_SETTINGS: dict[str, str] = {"DISTRIBUTED_FLUSH_ON_START": "SCHEDULER_FLUSH_ON_START"}
# old environment variable -> its name now: the template store has one name, as setting and as variable.
RENAMED_ENVIRONMENT: dict[str, str] = {"CRAWLER_TEMPLATE_STORE": "EXTRACTION_TEMPLATE_STORE"}


class SettingsLike(Protocol):
    def get(self, name: str, default: Any = None) -> Any: ...


def _old_names(name: str, renamed: Mapping[str, str]) -> list[str]:
    return [old for old, new in renamed.items() if new == name]


def _deprecated(kind: str, old: str, new: str) -> str:
    return f"the {kind} {old} is deprecated: it is now {new} (docs/settings.md); {old} is still read for now"


def setting_name(settings: SettingsLike, name: str) -> str:
    """The name to read ``name``'s value under: ``name`` itself, unless only an old name of it is set (then that
    one, with a DeprecationWarning and a warning in the log)."""
    if settings.get(name) is not None:
        return name
    for old in _old_names(name, RENAMED_SETTINGS):
        if settings.get(old) is not None:
            message = _deprecated("setting", old, name)
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            import logging  # here: the extraction library reads this module and never logs through it

            logging.getLogger(__name__).warning(message)
            return old
    return name


def environment_value(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The environment variable ``name``, else the value of an old name of it (with a DeprecationWarning)."""
    environ = os.environ if environ is None else environ
    value = environ.get(name)
    if value:
        return value
    for old in _old_names(name, RENAMED_ENVIRONMENT):
        if environ.get(old):
            warnings.warn(_deprecated("environment variable", old, name), DeprecationWarning, stacklevel=2)
            return environ[old]
    return value
