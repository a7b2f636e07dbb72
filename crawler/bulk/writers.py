"""Bulk extraction's outputs: JSON lines (one row a line) or Parquet (part files renamed into place when complete,
merged into ``OUT`` at the end). ``write`` says when everything written so far is durable, the point a resumed
run may start from."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..pagejob.row import ARTICLE_FIELDS

if TYPE_CHECKING:
    pass


class WriteFailed(Exception):
    """An output that could not be written (read-only place, full disk): the message names the file and the cause."""

    @classmethod
    def of(cls, path: Path | str, error: OSError) -> WriteFailed:
        return cls(f"cannot write {error.filename or path}: {error.strerror or error}")

PARTS_SUFFIX = ".parts"  # OUT.parts/: Parquet part files before the merge
# Parquet part files: ~1000 rows of ~5 KB text each is a few MB of memory and a reasonable row group.
PARQUET_ROWS_PER_PART = 1000

# ------------------------------------------------------------------------------------------ output


def json_value(value: Any) -> Any:
    return str(value)


class OutputWriter(Protocol):
    def write(self, rows: list[dict[str, Any]]) -> bool:
        """Adds rows; True when everything written so far is durable (a point the state may record)."""
        ...

    def position(self) -> dict[str, Any]: ...

    def finish(self, leave_out: frozenset[int] = frozenset()) -> None:
        """Completes the output without the rows numbered ``leave_out`` (from 0, in output order)."""
        ...

    def close(self) -> None: ...


class JsonLinesWriter:
    """Appends rows; ``output_bytes`` in the state is the durable length a resumed run truncates to."""

    def __init__(self, path: Path, durable_bytes: int) -> None:
        self.path = path
        try:
            self.file = path.open("ab")
            self.file.truncate(durable_bytes)
        except OSError as error:
            raise WriteFailed.of(path, error) from None
        self.file.seek(durable_bytes)
        self.length = durable_bytes

    def write(self, rows: list[dict[str, Any]]) -> bool:
        """Whole rows or none: a write that fails (a full disk) is cut back to the last whole row."""
        if rows:
            data = "".join(json.dumps(row, ensure_ascii=False, default=json_value) + "\n" for row in rows).encode()
            descriptor = self.file.fileno()
            written = 0
            try:
                while written < len(data):
                    written += os.write(descriptor, data[written:])
                os.fsync(descriptor)
            except OSError as error:
                with contextlib.suppress(OSError):
                    os.ftruncate(descriptor, self.length)
                raise WriteFailed.of(self.path, error) from None
            self.length += written
        return True

    def position(self) -> dict[str, Any]:
        return {"output_bytes": self.length}

    def finish(self, leave_out: frozenset[int] = frozenset()) -> None:
        from .stories import drop_lines

        self.close()
        drop_lines(self.path, leave_out)

    def close(self) -> None:
        if not self.file.closed:
            self.file.close()


LIST_FIELDS = frozenset({"authors", "editors", "tags"})
# --partition-by KEY: the column a partitioned Parquet output is split by (hive folders KEY=value/), and how a
# row gives it: the day of publication, the language code, the site (registrable domain).
PARTITION_COLUMNS = {"date": "published_date", "language": "language", "site": "site"}


def partition_value(key: str, row: dict[str, Any]) -> str | None:
    if key == "date":
        published = row.get("published")
        return published[:10] if isinstance(published, str) and len(published) >= 10 else None
    if key == "site":
        from urllib.parse import urlsplit

        from .filters import registrable_domain

        host = urlsplit(str(row.get("canonical_url") or row.get("url") or "")).hostname
        return registrable_domain(host) if host else None
    value = row.get(key)
    return str(value) if value else None
JSON_FIELDS = frozenset({"metadata"})


def parquet_schema(partition_by: str | None = None) -> Any:
    """The output's columns: every row field (lists of strings, else strings; ``metadata`` as JSON text), and the
    partition column when the output is partitioned by a key that is not a row field."""
    import pyarrow as pa

    columns = []
    for name in ARTICLE_FIELDS:
        kind = pa.list_(pa.string()) if name in LIST_FIELDS else pa.string()
        columns.append(pa.field(name, kind))
    extra = PARTITION_COLUMNS.get(partition_by or "")
    if extra and extra not in ARTICLE_FIELDS:
        columns.append(pa.field(extra, pa.string()))
    return pa.schema(columns)


def parquet_cell(name: str, value: Any) -> Any:
    """Lists of strings stay lists, ``metadata`` becomes a JSON string, anything else a string."""
    if value is None:
        return None
    if name in LIST_FIELDS:
        items = value if isinstance(value, (list, tuple)) else [value]
        return [str(item) for item in items]
    if name in JSON_FIELDS or isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, default=json_value)
    return value if isinstance(value, str) else str(value)


class ParquetWriter:
    """Part files of PARQUET_ROWS_PER_PART rows, each renamed into place once written; merged into the output
    (one row group per part, read one at a time) by ``finish``."""

    def __init__(self, path: Path, parts_done: int, partition_by: str | None = None) -> None:
        import pyarrow  # noqa: F401  (fail before any work when it is missing)

        self.path = path
        self.partition_by = partition_by
        self.parts_dir = Path(str(path) + PARTS_SUFFIX)
        try:
            self.parts_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise WriteFailed.of(self.parts_dir, error) from None
        self.parts_done = parts_done
        self.buffer: list[dict[str, Any]] = []
        self.schema = parquet_schema(partition_by)
        for stale in self.parts_dir.iterdir():  # parts of a killed run past its last recorded state
            if not stale.name.endswith(".parquet") or self._part_number(stale) >= parts_done:
                stale.unlink()

    @staticmethod
    def _part_number(path: Path) -> int:
        try:
            return int(path.stem.split("-")[-1])
        except ValueError:
            return -1

    def _part_path(self, number: int) -> Path:
        return self.parts_dir / f"part-{number:06d}.parquet"

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        columns = {name: [parquet_cell(name, row.get(name)) for row in self.buffer] for name in ARTICLE_FIELDS}
        if self.partition_by:
            column = PARTITION_COLUMNS[self.partition_by]
            columns[column] = [partition_value(self.partition_by, row) for row in self.buffer]
        table = pa.Table.from_pydict(columns, schema=self.schema)
        final = self._part_path(self.parts_done)
        temporary = final.with_suffix(".tmp")
        try:
            pq.write_table(table, temporary)
            os.replace(temporary, final)
        except OSError as error:  # a part is whole or absent: the rerun writes it again
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise WriteFailed.of(temporary, error) from None
        self.parts_done += 1
        self.buffer = []

    def write(self, rows: list[dict[str, Any]]) -> bool:
        self.buffer.extend(rows)
        if len(self.buffer) >= PARQUET_ROWS_PER_PART:
            self._flush()
            return True
        return not self.buffer

    def position(self) -> dict[str, Any]:
        return {"parts": self.parts_done}

    def finish(self, leave_out: frozenset[int] = frozenset()) -> None:
        import pyarrow.parquet as pq

        if self.buffer:
            self._flush()
        if self.partition_by:
            self._finish_partitioned(leave_out)
            return
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            with pq.ParquetWriter(temporary, self.schema) as writer:
                for table in self._tables(leave_out):
                    writer.write_table(table)
            os.replace(temporary, self.path)
        except OSError as error:  # the parts stay: the rerun merges them again
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise WriteFailed.of(self.path, error) from None

    def _tables(self, leave_out: frozenset[int]) -> Iterator[Any]:
        """The part files in order, without the rows numbered ``leave_out``."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        first = 0
        for number in range(self.parts_done):
            table = pq.read_table(self._part_path(number), schema=self.schema)
            if leave_out:
                keep = pa.array([first + i not in leave_out for i in range(table.num_rows)])
                first += table.num_rows
                table = table.filter(keep)
            yield table

    def _finish_partitioned(self, leave_out: frozenset[int]) -> None:
        """A folder of hive partitions (``OUT/COLUMN=value/part-N.parquet``), written beside and renamed into place."""
        import pyarrow as pa
        import pyarrow.dataset as ds

        temporary = self.path.with_name(self.path.name + ".tmp")
        shutil.rmtree(temporary, ignore_errors=True)
        column = PARTITION_COLUMNS[self.partition_by or ""]
        partitioning = ds.partitioning(pa.schema([self.schema.field(column)]), flavor="hive")
        batches = (batch for table in self._tables(leave_out) for batch in table.to_batches())
        try:
            ds.write_dataset(batches, temporary, schema=self.schema, format="parquet",
                             partitioning=partitioning, basename_template="part-{i}.parquet")
            if self.path.is_dir():
                shutil.rmtree(self.path)
            elif self.path.exists():
                self.path.unlink()
            os.replace(temporary, self.path)
        except OSError as error:  # the parts stay: the rerun writes the partitions again
            shutil.rmtree(temporary, ignore_errors=True)
            raise WriteFailed.of(self.path, error) from None

    def close(self) -> None:
        self.buffer = []

    def remove_parts(self) -> None:
        shutil.rmtree(self.parts_dir, ignore_errors=True)

