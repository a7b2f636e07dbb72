"""The news spider's ``-a`` arguments, read and checked: a wrong one ends the crawl with its message and exit
status 2 (``SpiderArgumentError``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any


class SpiderArgumentError(ValueError):
    """A spider argument the spider cannot work with; the crawl ends with its message and exit status 2."""


# The spider's own arguments; any other -a name is warned about (Scrapy sets it as an attribute all the same).
SPIDER_ARGUMENTS = ("start_urls", "sitemap_urls", "feeds", "urls_file", "path", "max_depth", "max_pages",
                    "follow_external", "discover", "since")
# Arguments Scrapy itself reads from spiders (-a _job=... of scrapyd, the allowed domains of a project).
SCRAPY_ARGUMENTS = ("_job", "allowed_domains", "name", "custom_settings")


def split_list(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else list(value)
    return [item.strip() for item in items if item and item.strip()]


def flag(value: Any) -> bool:
    return str(value).strip().lower() in {"1", "true", "yes", "on"}


def int_argument(name: str, value: Any, minimum: int) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise SpiderArgumentError(f"-a {name}={value}: a whole number is expected") from None
    if number < minimum:
        raise SpiderArgumentError(f"-a {name}={value}: must be {minimum} or more")
    return number


def date_argument(name: str, value: str | None) -> date | None:
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise SpiderArgumentError(f"-a {name}={value}: a date YYYY-MM-DD is expected") from None
