"""Feed exporters: a CSV cell holding a structure holds it as JSON; an XML feed holds no ``None`` as text.

Scrapy's CSV exporter writes a dict as Python's ``repr`` (``{'pages': [...]}``, single quotes, ``None``), which
no CSV reader can parse back; ``metadata`` is such a dict. ``JsonCsvItemExporter`` writes a mapping, and a list
that is not all strings, as JSON; a list of strings stays joined with commas as Scrapy does (``authors``,
``tags``), an empty field stays an empty cell. The add-on registers it for the ``csv`` format
(``FEED_EXPORTERS``), unless the project named its own.

Scrapy's XML exporter writes an absent value (``None``) as the text ``None``; ``EmptyXmlItemExporter`` writes an
empty element instead, inside ``metadata`` too, and leaves ``None`` out of lists. The add-on registers it for
``xml``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scrapy.exporters import CsvItemExporter, XmlItemExporter

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


def without_none(value: Any) -> Any:
    """The value with ``None`` as an empty string, inside mappings too; ``None`` left out of lists."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return {key: without_none(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple)):
        return [without_none(inner) for inner in value if inner is not None]
    return value


class EmptyXmlItemExporter(XmlItemExporter):
    """Scrapy's XML exporter with empty elements for absent values (a field's own serializer wins)."""

    def serialize_field(self, field: Any, name: str, value: Any) -> Any:
        serializer = field.get("serializer") if isinstance(field, Mapping) else None
        return serializer(value) if serializer is not None else without_none(value)


__all__ = ["EmptyXmlItemExporter", "JsonCsvItemExporter", "json_cell", "without_none"]
