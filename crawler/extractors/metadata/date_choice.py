"""The choice of a page's dates among its sources: the first plausible one in the order of trust, and the day of a
dated permalink as the last resort."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from crawler.extractors.metadata.candidates import JSON_LD, META, MICRODATA, OPENGRAPH, URL, Candidates
from crawler.extractors.metadata.dates import FoundDate, find_url_date, is_plausible, parse_structured_date


def choose_date(found: Candidates, name: str, now: datetime) -> tuple[str, str] | None:
    """The first plausible date of the field, in the order of trust."""
    chosen = read_date(found, name, now)
    return chosen[0] if chosen is not None else None


def read_date(found: Candidates, name: str, now: datetime) -> tuple[tuple[str, str], FoundDate | None] | None:
    """``choose_date``'s pair and, when the value chosen is written as its ISO text, the date read from it: what
    ``parse_structured_date`` of that ISO text gives, without a second reading (``date_conflicts.settle_published``)."""
    for value, source in found.get(name):
        parsed = value if isinstance(value, FoundDate) else parse_structured_date(str(value))
        if parsed is not None and is_plausible(parsed, now, stated=source in (JSON_LD, OPENGRAPH, META, MICRODATA)):
            return (parsed.iso, source), parsed if isinstance(value, str) and value == parsed.iso else None
    return None


def canonical_day(found: Candidates, now: datetime) -> tuple[str, str] | None:
    """The day of the page's dated permalink (WordPress's /2024/03/05/slug/) on a page that shows no date and was
    fetched at an undated address (a short link, ?p=123): the last resort, below any date the page writes."""
    canonical = found.get("canonical_url")
    if not canonical or not isinstance(canonical[0][0], str):
        return None
    return plausible_date(find_url_date(canonical[0][0]), URL, now)


def plausible_date(value: Any, source: str, now: datetime) -> tuple[str, str] | None:
    """The value as (its ISO form, ``source``) when it reads as a date a page may carry at ``now``, else None."""
    if value is None:  # (no visible date; a candidate is never None or "": ``Candidates.add``)
        return None
    parsed = value if isinstance(value, FoundDate) else parse_structured_date(str(value))
    if parsed is None or not is_plausible(parsed, now, stated=source in (JSON_LD, OPENGRAPH, META, MICRODATA)):
        return None
    return parsed.iso, source


__all__ = ["canonical_day", "choose_date", "plausible_date", "read_date"]
