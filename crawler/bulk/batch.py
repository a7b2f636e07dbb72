"""Bulk extraction's resumable run: ``python -m crawler extract-batch INPUT... --output OUT``.

Records come from ``readers`` (saved pages, WARC, ARC, JSON lines; every record that gives no row is counted by
reason), go in chunks (``chunks``) to a process pool whose workers are the crawl's page job, and their rows go to a
writer (``writers``: JSON lines or Parquet). The main process reads the inputs lazily and keeps at most
``workers * CHUNKS_IN_FLIGHT_PER_WORKER`` chunks in memory, so memory does not grow with the input.

Resume: chunks are written in input order; after each durable write a sidecar state file (``OUT.state.json``,
replaced atomically) records how many input records are done and how long the output is. A rerun of the same
command truncates the output to that length and skips that many records: no row is written twice or lost, however
the previous run ended.
"""

from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import os
import shutil
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..extractors.document.bounds import cap_reasons
from ..extractors.pagekind.confidence import LOW_CONFIDENCE
from ..pagejob import job as pagejob
from .chunks import (
    Chunk,
    ChunkResult,
    chunks,
    extract_chunk,
    failed_rows,
    init_batch_worker,
    learn_chunk,
    set_keep,
)
from .filters import PageFilter
from .progress import InputProgress
from .readers import BatchError, input_files, input_files_and_skips, iter_records
from .records import Page, Skipped, is_html
from .stories import LINKED_NEAR_DUPLICATE, STORIES_SUFFIX, SUPERSEDED_BY_LATER_CAPTURE, StoryIndex
from .writers import PARTITION_COLUMNS, PARTS_SUFFIX, JsonLinesWriter, OutputWriter, ParquetWriter, WriteFailed

if TYPE_CHECKING:
    from ..pagejob import PageExtractor

logger = logging.getLogger(__name__)

STATE_VERSION = 1
STATE_SUFFIX = ".state.json"
TEMPLATE_STORE_SUFFIX = ".templates.sqlite"
# Two chunks per worker keep every worker busy while the main process writes; this bounds memory.
CHUNKS_IN_FLIGHT_PER_WORKER = 2
# A chunk whose worker died is tried again once in a fresh pool, then written with the failure as its reason.
MAX_CHUNK_ATTEMPTS = 2
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


class _Runner:
    """One pass over the inputs through the pool, results committed in input order."""

    def __init__(self, files: list[tuple[Path, str]], state: BatchState, state_path: Path, workers: int,
                 template_store: str, start_method: str, progress: bool | None,
                 page_filter: PageFilter | None = None, stories: StoryIndex | None = None) -> None:
        self.files = files
        self.stories = stories
        self.page_filter = page_filter if page_filter is not None and page_filter.active else None
        self.state = state
        self.state_path = state_path
        self.workers = workers
        self.template_store = template_store
        self.start_method = start_method
        self.progress = progress
        self.worker_peak_rss: dict[int, int] = {}
        self.worker_cpu_seconds: dict[int, float] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.local: PageExtractor | None = None  # workers=0

    def _new_pool(self) -> ProcessPoolExecutor:
        context = pool_context(self.start_method)
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                   initializer=init_batch_worker,
                                   initargs=(os.getpid(), self.template_store, self._keep()))

    def _submit(self, function: Any, pages: list[Page]) -> Future[ChunkResult]:
        if self.workers == 0:  # in this process: debugging, and tests of the writing side
            future: Future[ChunkResult] = Future()
            if self.local is None:
                pagejob.init_worker(self.template_store, (), worker_process=False)
                set_keep(self._keep())
                self.local = pagejob.worker_extractor()
            future.set_result(function(pages))
            return future
        if self.pool is None:
            self.pool = self._new_pool()
        return self.pool.submit(function, pages)

    def _count_skipped(self, chunk: Chunk) -> None:
        counts = self.state.counts
        for record in chunk.records:
            if isinstance(record, Skipped):
                counts[record.reason] = counts.get(record.reason, 0) + 1
                if record.bad:
                    logger.warning("skipped %s (%s): %s", record.input, record.reason, record.detail)
                else:
                    logger.debug("skipped %s (%s): %s", record.input, record.reason, record.detail)

    def _count_rows(self, rows: list[dict[str, Any]]) -> None:
        counts = self.state.counts
        for row in rows:
            counts["pages"] = counts.get("pages", 0) + 1
            warnings = row.get("warnings") or (row.get("metadata") or {}).get("warnings") or ()
            for cap in cap_reasons(warnings):  # pages read within a bound, counted as too_large is
                counts[cap] = counts.get(cap, 0) + 1
            confidence = row.get("confidence")
            if confidence is not None and confidence < LOW_CONFIDENCE:
                counts["low_confidence"] = counts.get("low_confidence", 0) + 1
            if row.get("text"):
                counts["with_text"] = counts.get("with_text", 0) + 1
            else:
                reason = str(row.get("reason") or "")
                failed = reason.startswith(("extraction failed", "extraction worker died"))
                name = "extraction_failed" if failed else "empty_text"
                counts[name] = counts.get(name, 0) + 1
                if failed:
                    logger.warning("%s: %s", (row.get("metadata") or {}).get("input", row.get("url")), reason)

    def _keep(self) -> Any:
        """The filter's test of kind and language, run in the workers before a page's metadata is read."""
        chosen = self.page_filter
        return chosen.before_metadata if chosen is not None and chosen.judges_kind_or_language else None

    def _before_extraction(self, record: Any) -> Any:
        """A page left out by its URL becomes a Skipped record (counted, never sent to a worker)."""
        if isinstance(record, Page) and self.page_filter is not None:
            reason = self.page_filter.before_extraction(record.url)
            if reason is not None:
                return Skipped(record.input, reason, record.url or "")
        return record

    def _after_extraction(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows the filters keep; the others counted under their reason."""
        if self.page_filter is None:
            return rows
        kept = []
        counts = self.state.counts
        for row in rows:
            early = (row.get("metadata") or {}).get("filtered")  # left out in the worker, before its metadata
            reason = early or (self.page_filter.after_extraction(row) if row.get("text") else None)
            if reason is None:
                kept.append(row)
            else:
                counts[reason] = counts.get(reason, 0) + 1
        return kept

    def _fold_captures(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows to write: a story already written from a later or equal capture is folded (counted)."""
        counts = self.state.counts
        if self.stories is None:
            counts["rows_written"] = counts.get("rows_written", 0) + len(rows)
            return rows
        kept = []
        for row in rows:
            reason = self.stories.admit(row, counts.get("rows_written", 0)) if row.get("text") else None
            if reason is None:
                kept.append(row)
                counts["rows_written"] = counts.get("rows_written", 0) + 1
                if row.get("text") and self.stories.link_near_duplicate(row):
                    counts[LINKED_NEAR_DUPLICATE] = counts.get(LINKED_NEAR_DUPLICATE, 0) + 1
            else:
                counts[reason] = counts.get(reason, 0) + 1
        return kept

    def _records_from_file(self, ends: list[tuple[int, int]]) -> Iterator[Any]:
        """The records of the files not yet done (an archive over HTTP done before a resume is not fetched again);
        ``ends`` learns where each file ends, so that the state can record whole files done."""
        count = self.state.records_before_file
        for index in range(self.state.files_done, len(self.files)):
            url_test = self.page_filter.before_extraction if self.page_filter is not None else None
            for record in iter_records(self.files[index : index + 1], url_test):
                count += 1
                yield record
            ends.append((index + 1, count))

    def run(self, function: Any, writer: OutputWriter | None, description: str) -> int:
        """Runs ``function`` over every chunk not yet done; returns the rows written in this pass."""
        from itertools import islice

        ends: list[tuple[int, int]] = []  # (files done, records done) at the end of each file read so far
        records = islice(self._records_from_file(ends), self.state.records_done - self.state.records_before_file,
                         None)
        if self.page_filter is not None:
            records = (self._before_extraction(record) for record in records)
        upcoming = chunks(records, self.state.chunks_done)
        limit = max(1, self.workers) * CHUNKS_IN_FLIGHT_PER_WORKER
        pending: dict[Future[ChunkResult], tuple[Chunk, int]] = {}
        ready: dict[int, tuple[Chunk, list[dict[str, Any]]]] = {}
        next_index = self.state.chunks_done
        uncommitted_records = uncommitted_chunks = 0
        written = 0
        exhausted = False
        with InputProgress(self.files, self.progress, description) as bar:
            while True:
                while not exhausted and len(pending) + len(ready) < limit:
                    chunk = next(upcoming, None)
                    if chunk is None:
                        exhausted = True
                        break
                    pending[self._submit(function, chunk.pages)] = (chunk, 1)
                if not pending and not ready:
                    break
                if pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        chunk, attempt = pending.pop(future)
                        try:
                            result = future.result()
                        except BrokenProcessPool as error:
                            self._replace_broken_pool()
                            if attempt < MAX_CHUNK_ATTEMPTS:
                                pending[self._submit(function, chunk.pages)] = (chunk, attempt + 1)
                                continue
                            result = ChunkResult(failed_rows(chunk.pages, f"extraction worker died: {error}")
                                                 if writer is not None else [], 0, 0)
                        if result.worker_pid:
                            self.worker_peak_rss[result.worker_pid] = max(
                                result.worker_peak_rss, self.worker_peak_rss.get(result.worker_pid, 0))
                            self.worker_cpu_seconds[result.worker_pid] = max(
                                result.worker_cpu_seconds, self.worker_cpu_seconds.get(result.worker_pid, 0.0))
                        ready[chunk.index] = (chunk, result.rows)
                while next_index in ready:
                    chunk, rows = ready.pop(next_index)
                    next_index += 1
                    self._count_skipped(chunk)
                    if writer is not None:
                        self._count_rows(rows)
                        rows = self._fold_captures(self._after_extraction(rows))
                    durable = writer.write(rows) if writer is not None else True
                    written += len(rows)
                    uncommitted_records += len(chunk.records)
                    uncommitted_chunks += 1
                    bar.reached(chunk.records[-1].input if chunk.records else None, len(chunk.pages))
                    if durable:
                        self.state.records_done += uncommitted_records
                        self.state.chunks_done += uncommitted_chunks
                        while ends and ends[0][1] <= self.state.records_done:
                            self.state.files_done, self.state.records_before_file = ends.pop(0)
                        if writer is not None:
                            self.state.output = writer.position()
                        if self.stories is not None:
                            self.stories.commit()
                        self.state.save(self.state_path)
                        uncommitted_records = uncommitted_chunks = 0
        return written

    def _replace_broken_pool(self) -> None:
        if self.pool is not None:
            logger.error("an extraction worker died; restarting the pool")
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
        if self.local is not None:
            self.local.templates.store.close()
            self.local = None


def pool_context(start_method: str) -> Any:
    """The multiprocessing context of the worker pool; a fork server is started with the page job loaded
    (``crawler.bulk.warmup``), so each worker forked from it does not import and load it again."""
    context = multiprocessing.get_context(start_method)
    if start_method == "forkserver":
        context.set_forkserver_preload(["crawler.bulk.warmup"])
    return context


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
    runner = _Runner(files, state, state_path, workers, store, start_method, progress, page_filter, stories)
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
