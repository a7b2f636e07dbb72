"""Which tables hold data: the renderer draws them whole, and the cascade does not take one for the article."""

from __future__ import annotations

from lxml import etree

from crawler.extractors.document.text import normalize_space

# A table is data, not layout, when it nests no table and no cell holds more than this many characters
# (layout tables put whole columns of a page into one cell).
MAX_DATA_CELL_CHARS = 400


def data_table(table: etree._Element) -> tuple[tuple[tuple[str, ...], ...], bool] | None:
    """The table's rows of cell texts and whether its first row is a header, or None for a layout table."""
    if table.find(".//table") is not None:
        return None
    rows: list[tuple[str, ...]] = []
    header = False
    for row_index, row in enumerate(table.iter("tr")):
        cells = [c for c in row if isinstance(c.tag, str) and c.tag in ("td", "th")]
        texts = tuple(normalize_space(c.text_content()) for c in cells)
        if any(len(t) > MAX_DATA_CELL_CHARS for t in texts):
            return None
        if row_index == 0 and cells and all(c.tag == "th" for c in cells):
            header = True
        if any(texts):
            rows.append(texts)
    return (tuple(rows), header) if rows else None
