"""One story once on Spark: the rows of a job extracted in any order are folded and linked as extract-batch folds
and links them while writing (``crawler.bulk.stories.decide_in_order``), by each row's place in extract-batch's
order (its input file's place among the inputs, then its record's offset)."""

from __future__ import annotations

from typing import Any

from crawler.bulk.stories import decide_in_order, story_key

INPUT_FIELD = "input"  # the Spark row's file, and record offset in an archive


def position_of(row: dict[str, Any], order: dict[str, int]) -> tuple[int, int]:
    """Where extract-batch would write a row: its file's place among the inputs, then its record's offset."""
    where = str(row.get(INPUT_FIELD))
    if where in order:  # a saved page: the file is the record
        return order[where], 0
    name, _, offset = where.rpartition(":")
    return order.get(name, len(order)), int(offset) if offset.isdigit() else 0


def decide_stories(rows: Any, order: dict[str, int]) -> tuple[Any, dict[str, int]]:
    """One story once, as extract-batch decides it while writing: the rows' keys, capture dates and text
    fingerprints go to the driver, are decided in extract-batch's order (``decide_in_order``), and the
    decisions come back to the executors (rows left out, near-duplicates linked)."""
    from crawler.storage.nearduplicates import fingerprint_of

    entries = rows.filter(lambda row: bool(row.get("text"))).map(
        lambda row: (position_of(row, order), story_key(row), str(row.get("crawled_at") or ""),
                     fingerprint_of(row, row["text"]))).collect()
    decisions = decide_in_order(entries)
    shared = rows.context.broadcast((decisions.left_out, decisions.links))

    def decided(row: dict[str, Any]) -> list[dict[str, Any]]:
        left_out, links = shared.value
        position = position_of(row, order)
        if row.get("text") and position in left_out:
            return []
        if position in links:
            metadata = row.get("metadata")
            row = {**row, "metadata": {**(metadata if isinstance(metadata, dict) else {}),
                                       "near_duplicate_of": links[position]}}
        return [row]

    return rows.flatMap(decided), decisions.counts


__all__ = ["decide_stories", "position_of"]
