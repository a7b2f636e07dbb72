"""Readers for the two layouts of evaluation data: scrapinghub and readability (Mozilla's tests)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Page:
    id: str
    html: bytes
    gold: str
    url: str | None = None
    metadata: dict | None = None


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def _html_to_text(html: bytes) -> str:
    """Visible text of an expected-article HTML, one block per line."""
    from crawler.extractors.document.parse import parse_html

    return "\n".join(b.text for b in parse_html(html).blocks)


def detect_layout(root: Path) -> str:
    if (root / "ground-truth.json").exists():
        return "scrapinghub"
    folders = (d for d in root.iterdir() if d.is_dir())
    if any((d / "source.html.gz").exists() or (d / "source.html").exists() for d in folders):
        return "readability"
    raise ValueError(f"{root}: neither ground-truth.json (scrapinghub) nor */source.html[.gz] (readability)")


def load_dataset(root: str | Path, limit: int | None = None) -> list[Page]:
    """Pages with their gold text, sorted by id; raises ValueError for an unknown layout."""
    root = Path(root)
    if not root.is_dir():
        raise ValueError(f"{root}: not a folder")
    pages = list(_scrapinghub(root) if detect_layout(root) == "scrapinghub" else _readability(root))
    pages.sort(key=lambda p: p.id)
    return pages[:limit] if limit else pages


# The metadata keys a ground-truth.json entry may give (wcxb: title, author, publish_date; a gold set of people:
# authors, editors, date, class), kept as the page's metadata when one of them is present.
METADATA_KEYS = ("title", "author", "publish_date", "authors", "editors", "date", "class", "crawledAt")


def _scrapinghub(root: Path) -> Iterator[Page]:
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    for page_id, item in truth.items():
        metadata = {key: item[key] for key in METADATA_KEYS if key in item} or None
        for name in (f"{page_id}.html.gz", f"{page_id}.html"):
            path = root / "html" / name
            if path.exists():
                yield Page(page_id, _read(path), item.get("articleBody") or "", item.get("url"), metadata)
                break


def _readability(root: Path) -> Iterator[Page]:
    for folder in sorted(d for d in root.iterdir() if d.is_dir()):
        source = next((folder / n for n in ("source.html.gz", "source.html") if (folder / n).exists()), None)
        if source is None:
            continue
        expected_names = ("expected.html.gz", "expected.html")
        expected = next((folder / n for n in expected_names if (folder / n).exists()), None)
        gold = _html_to_text(_read(expected)) if expected else ""
        meta_path = folder / "expected-metadata.json"
        metadata = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else None
        yield Page(folder.name, _read(source), gold, None, metadata)


__all__ = ["METADATA_KEYS", "Page", "detect_layout", "load_dataset"]
