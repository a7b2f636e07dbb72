"""Bulk extraction's resumable run: ``python -m crawler extract-batch INPUT... --output OUT``.

Records come from ``readers`` (saved pages, WARC, ARC, JSON lines; every record that gives no row is counted by
reason), go in chunks (``chunks``) to a process pool whose workers are the crawl's page job (``runner``: one pass
over the inputs), and their rows go to a writer (``writers``: JSON lines or Parquet). The main process reads the
inputs lazily and keeps at most ``workers * CHUNKS_IN_FLIGHT_PER_WORKER`` chunks in memory, so memory does not grow
with the input.

Resume: chunks are written in input order; after each durable write a sidecar state file (``OUT.state.json``,
replaced atomically) records how many input records are done and how long the output is. A rerun of the same
command truncates the output to that length and skips that many records: no row is written twice or lost, however
the previous run ended.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import shutil
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .chunks import (
    extract_chunk,
    learn_chunk,
)
from .filters import PageFilter
from .readers import BatchError, input_files, input_files_and_skips, iter_records
from .records import Page, Skipped, is_html
from .runner import ChunkRunner
from .stories import STORIES_SUFFIX, SUPERSEDED_BY_LATER_CAPTURE, StoryIndex
from .writers import PARTITION_COLUMNS, PARTS_SUFFIX, JsonLinesWriter, OutputWriter, ParquetWriter, WriteFailed

if TYPE_CHECKING:
    pass

STATE_VERSION = 1
STATE_SUFFIX = ".state.json"
TEMPLATE_STORE_SUFFIX = ".templates.sqlite"
TEMPLATE_MODES = ("one-pass", "two-pass")
# The crawl pipeline's start method (crawler.extraction_service.DEFAULT_START_METHOD, a test keeps them equal), named
# here so that `python -m crawler` does not import Scrapy for its other commands.
DEFAULT_START_METHOD = "forkserver"
BYTES_PER_MB = 1024 * 1024
EXIT_INTERRUPTED = 130  # shell convention: 128 + SIGINT, as crawler.cli's

# ------------------------------------------------------------------------------------------ the run


@dataclass
class BatchState:
    """What a resumed run needs: the phase, input records done in it, the durable output position, counts."""

    inputs: list[str]
    templates: str
    phase: str = "extract"  # "learn" (two-pass, first pass), "extract", "done"
    records_done: int = 0
    chunks_done: int = 0
    files_done: int = 0  # input files whose every record is done: a resumed run does not open them again
    records_before_file: int = 0  # the records of those files
    output: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    filters: dict[str, Any] = field(default_factory=dict)  # PageFilter.describe() of the run

    def save(self, path: Path) -> None:
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_text(json.dumps({"version": STATE_VERSION, **self.__dict__}, indent=1), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:  # the previous state stays whole: a rerun resumes from it
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise WriteFailed.of(path, error) from None

    @classmethod
    def load(cls, path: Path) -> BatchState | None:
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.pop("version", None) != STATE_VERSION:
                raise ValueError("another version")
            return cls(**data)
        except (ValueError, TypeError, OSError) as error:
            raise BatchError(f"{path}: unreadable state file ({error}); remove it or use --overwrite") from error


@dataclass
class BatchResult:
    rows: int
    counts: Counter[str]
    seconds: float
    workers: int
    worker_peak_rss: dict[int, int]
    resumed_from: int = 0
    already_done: bool = False
    rows_this_run: int = 0
    worker_cpu_seconds: float = 0.0  # summed over workers: over ``seconds``, how many cores were busy

    @property
    def pages_per_second(self) -> float:
        """Pages extracted by this run (not an earlier, resumed one) per second of its wall time."""
        return self.rows_this_run / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        peaks = list(self.worker_peak_rss.values())
        return {"rows": self.rows, "seconds": round(self.seconds, 2),
                "pages_per_s": round(self.pages_per_second, 1), "workers": self.workers,
                "worker_peak_rss_mb": round(max(peaks) / BYTES_PER_MB, 1) if peaks else None,
                "worker_cpu_s": round(self.worker_cpu_seconds, 2),
                "cores_busy": round(self.worker_cpu_seconds / self.seconds, 2) if self.seconds > 0 else None,
                "rows_this_run": self.rows_this_run, "resumed_from_record": self.resumed_from,
                "counts": dict(sorted(self.counts.items()))}


def run_batch(
    inputs: Sequence[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    workers: int | None = None,
    templates: str = "one-pass",
    template_store: str | None = None,
    overwrite: bool = False,
    progress: bool | None = None,
    start_method: str = DEFAULT_START_METHOD,
    page_filter: PageFilter | None = None,
    base_url: str | None = None,
    fold_captures: bool = True,
    partition_by: str | None = None,
) -> BatchResult:
    """Extracts every HTML page of the inputs into ``output`` (JSON lines, or Parquet for ``.parquet``),
    resuming a previous run of the same command."""
    if templates not in TEMPLATE_MODES:
        raise BatchError(f"--templates must be one of {', '.join(TEMPLATE_MODES)}, not {templates!r}")
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 0:
        raise BatchError(f"workers must be 0 (in this process) or more, not {workers}")
    if start_method not in multiprocessing.get_all_start_methods():
        raise BatchError(f"start method {start_method!r} is not one of {multiprocessing.get_all_start_methods()}")
    out = Path(output)
    parquet = out.suffix.lower() == ".parquet"
    if partition_by is not None and (not parquet or partition_by not in PARTITION_COLUMNS):
        raise BatchError(f"--partition-by takes {', '.join(PARTITION_COLUMNS)} with a .parquet output")
    state_path = out.with_name(out.name + STATE_SUFFIX)
    store = template_store or str(out.with_name(out.name + TEMPLATE_STORE_SUFFIX))
    stories_path = out.with_name(out.name + STORIES_SUFFIX)
    files, skipped_files = input_files_and_skips(inputs, base_url)
    filters = page_filter.describe() if page_filter is not None and page_filter.active else {}
    input_names = [str(Path(name).resolve()) for name in inputs]
    if overwrite:
        for stale in (state_path, out, Path(store), Path(store + "-wal"), Path(store + "-shm"), stories_path):
            if stale.is_dir():  # a partitioned Parquet output
                shutil.rmtree(stale)
            else:
                stale.unlink(missing_ok=True)
        shutil.rmtree(Path(str(out) + PARTS_SUFFIX), ignore_errors=True)
    state = BatchState.load(state_path)
    if state is None:
        if out.exists():
            raise BatchError(f"{out} exists and has no state file {state_path.name}; use --overwrite to replace it")
        state = BatchState(input_names, templates, phase="learn" if templates == "two-pass" else "extract",
                           filters=filters)
        state.counts.update(skipped_files)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise WriteFailed.of(out.parent, error) from None
        state.save(state_path)  # before the output exists: an output without a state is someone else's file
    elif state.inputs != input_names or state.templates != templates or state.filters != filters:
        raise BatchError(f"{state_path} is the state of another run (inputs {state.inputs}, templates "
                         f"{state.templates}, filters {state.filters}); use --overwrite to start again")
    counts = Counter(state.counts)
    if state.phase == "done":
        return BatchResult(counts.get("pages", 0), counts, 0.0, workers, {}, state.records_done, already_done=True)
    resumed_from = state.records_done
    stories = StoryIndex(stories_path) if fold_captures else None
    runner = ChunkRunner(files, state, state_path, workers, store, start_method, progress, page_filter, stories)
    started = time.perf_counter()
    writer: OutputWriter | None = None
    rows_this_run = 0
    try:
        if state.phase == "learn":
            runner.run(learn_chunk, None, "learning templates")
            state.counts = {}  # the second pass counts the records again
            state.phase, state.records_done, state.chunks_done = "extract", 0, 0
            state.files_done = state.records_before_file = 0
            state.save(state_path)
        if parquet:
            writer = ParquetWriter(out, int(state.output.get("parts", 0)), partition_by)
        else:
            writer = JsonLinesWriter(out, int(state.output.get("output_bytes", 0)))
        rows_this_run = runner.run(extract_chunk, writer, "extracting")
        superseded = stories.superseded() if stories is not None else frozenset()
        writer.finish(superseded)
        if superseded:
            state.counts[SUPERSEDED_BY_LATER_CAPTURE] = len(superseded)
            state.counts["rows_written"] = state.counts.get("rows_written", 0) - len(superseded)
        state.phase = "done"
        state.output = writer.position()
        state.save(state_path)
        if isinstance(writer, ParquetWriter):
            writer.remove_parts()
    finally:
        if writer is not None:
            writer.close()
        runner.close()
        if stories is not None:
            stories.close()
    seconds = time.perf_counter() - started
    counts = Counter(state.counts)
    return BatchResult(counts.get("pages", 0), counts, seconds, workers, runner.worker_peak_rss, resumed_from,
                       rows_this_run=rows_this_run, worker_cpu_seconds=sum(runner.worker_cpu_seconds.values()))


__all__ = [
    "BatchError",
    "BatchResult",
    "BatchState",
    "Page",
    "Skipped",
    "extract_chunk",
    "input_files",
    "is_html",
    "iter_records",
    "run_batch",
]
