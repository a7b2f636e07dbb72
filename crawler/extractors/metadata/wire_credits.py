"""The later reporters of an English wire story's credit line: "Reporting by X in Warsaw; Additional reporting by Y
in Paris and Z in Berlin; Editing by W" (Reuters' form, reprinted on European sites). The first part is a plain
byline; each "Additional reporting by" part names more writers, each with the place they reported from."""

from __future__ import annotations

import re

ADDED_REPORTING_RE = re.compile(r";\s*additional reporting by\s+([^;]+)", re.I)
# Where one added reporter's part ends: "and" or a comma between them, each with "in Place" after the name.
REPORTER_SPLIT_RE = re.compile(r",\s*|\s+and\s+")
PLACE_RE = re.compile(r"\s+in\s+\S.*$")


def added_reporters(line: str) -> list[str]:
    """Each added reporter's name as written, its place cut off ("Y in Paris" -> "Y"); none without such a part."""
    if ";" not in line:
        return []
    return [PLACE_RE.sub("", piece) for part in ADDED_REPORTING_RE.findall(line)
            for piece in REPORTER_SPLIT_RE.split(part.strip())]


__all__ = ["added_reporters"]
