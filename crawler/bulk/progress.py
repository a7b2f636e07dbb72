"""What extract-batch tells the person running it: a progress bar over the input's bytes (a total and an ETA for
folders and archives alike, pages and pages/s beside it), the closing summary line, and the line Ctrl-C prints."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

# Counters of the batch that are outcomes of rows rather than reasons a record was skipped.
ROW_COUNTS = ("pages", "with_text", "empty_text", "extraction_failed", "rows_written")


class InputProgress:
    """A tqdm bar whose total is the inputs' size in bytes; ``reached`` moves it to where a record was read
    (``path`` or ``path:offset`` as records name their input), so an archive advances record by record."""

    def __init__(self, files: Sequence[tuple[Any, str]], enabled: bool | None, description: str) -> None:
        self.starts: dict[str, tuple[int, int]] = {}  # file -> (bytes before it, its size)
        total = 0
        for path, _ in files:
            if not isinstance(path, Path):  # an archive by URL: its size is not known before it is read
                self.starts.clear()
                total = 0
                break
            try:
                size = path.stat().st_size
            except OSError:
                size = 0
            self.starts[str(path)] = (total, size)
            total += size
        self.total = total  # 0: no total, the bar counts pages and bytes without an ETA
        self.enabled = enabled
        self.description = description
        self.pages = 0
        self.bar: Any = None

    def __enter__(self) -> InputProgress:
        from tqdm import tqdm

        self.bar = tqdm(desc=self.description, total=self.total or None, unit="B", unit_scale=True,
                        disable=not self.enabled if self.enabled is not None else None, dynamic_ncols=True,
                        smoothing=0.1)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None and self.bar is not None and self.total:
            self.bar.update(self.total - self.bar.n)  # the inputs are read to their end
        if self.bar is not None:
            self.bar.close()

    def position(self, where: str | None) -> int | None:
        """Bytes of the inputs read up to and with the record named ``where``."""
        if where is None:
            return None
        if where in self.starts:  # a saved page: the whole file
            before, size = self.starts[where]
            return before + size
        path, _, offset = where.rpartition(":")
        if path in self.starts and offset.isdigit():
            before, size = self.starts[path]
            # archives name a byte offset; JSON lines a line number, which says nothing of bytes
            return before + min(int(offset), size) if path.lower().endswith((".warc", ".warc.gz", ".arc",
                                                                             ".arc.gz")) else before
        return None

    def reached(self, where: str | None, pages: int) -> None:
        self.pages += pages
        if self.bar is None:
            return
        position = self.position(where)
        if position is not None and position > self.bar.n:
            self.bar.update(position - self.bar.n)
        self.bar.set_postfix_str(f"{self.pages} pages", refresh=False)


def _named(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in sorted(counts.items()) if value)


def summary_line(output: str | os.PathLike[str], counts: Mapping[str, int], rows_this_run: int,
                 resumed_from: int) -> str:
    """One line: rows written (with text, empty, failed), what was skipped by reason, and whether it resumed."""
    skipped = {name.removeprefix("skipped_"): value for name, value in counts.items() if name not in ROW_COUNTS}
    resumed = f" (resumed after {resumed_from} input records)" if resumed_from else ""
    rows = counts.get("rows_written", counts.get("pages", 0))  # pages left out by filters or folded are not rows
    return (f"extract-batch: {rows} rows in {output}{resumed}, {rows_this_run} this run; "
            f"{counts.get('pages', 0)} pages extracted: {counts.get('with_text', 0)} with text, "
            f"{counts.get('empty_text', 0)} empty, {counts.get('extraction_failed', 0)} failed; "
            f"left out or skipped: {_named(skipped) or 'none'}")


def interrupted_line(output: str | os.PathLike[str], records_done: int, rows: int) -> str:
    return (f"interrupted: {rows} rows in {output} ({records_done} input records done); "
            f"run the same command again to resume from there")


__all__ = ["InputProgress", "interrupted_line", "summary_line"]
