"""Feed exporters: a CSV cell holding a structure holds it as JSON.

Scrapy's CSV exporter writes a dict as Python's ``repr`` (``{'pages': [...]}``, single quotes, ``None``), which
no CSV reader can parse back; ``metadata`` is such a dict. ``JsonCsvItemExporter`` writes a mapping, and a list
that is not all strings, as JSON; a list of strings stays joined with commas as Scrapy does (``authors``,
``tags``), an empty field stays an empty cell. The add-on registers it for the ``csv`` format
(``FEED_EXPORTERS``), unless the project named its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scrapy.exporters import CsvItemExporter

from .pagejob.row import json_default


def json_cell(value: Any) -> Any:
    """The CSV cell of one field value: structures as JSON, lists of strings joined, the rest as it is."""
    if isinstance(value, Mapping):
        return json.dumps(dict(value), ensure_ascii=False, default=json_default)
    if isinstance(value, (list, tuple)):
        if all(isinstance(element, str) for element in value):
            return ",".join(value)
        return json.dumps(list(value), ensure_ascii=False, default=json_default)
    return value


class JsonCsvItemExporter(CsvItemExporter):
    """Scrapy's CSV exporter with JSON cells for mappings and mixed lists (a field's own serializer wins)."""

    def serialize_field(self, field: Any, name: str, value: Any) -> Any:
        serializer = field.get("serializer") if isinstance(field, Mapping) else None
        return serializer(value) if serializer is not None else json_cell(value)


__all__ = ["JsonCsvItemExporter", "json_cell"]
