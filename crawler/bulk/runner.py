"""One pass of ``extract-batch`` over its inputs: records read lazily, cut into chunks, sent to the worker pool (at
most ``CHUNKS_IN_FLIGHT_PER_WORKER`` a worker in flight), their rows counted, filtered and written in input order,
and the run's state saved after each durable write (``crawler.bulk.batch`` drives the passes)."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..extractors.document.bounds import cap_reasons
from ..extractors.pagekind.confidence import LOW_CONFIDENCE
from ..pagejob import job as pagejob
from .chunks import Chunk, ChunkResult, chunks, failed_rows, init_batch_worker, set_keep
from .filters import PageFilter
from .progress import InputProgress
from .readers import iter_records
from .records import Page, Skipped
from .stories import LINKED_NEAR_DUPLICATE, StoryIndex
from .writers import OutputWriter

if TYPE_CHECKING:
    from ..pagejob import PageExtractor
    from .batch import BatchState

logger = logging.getLogger(__name__)

# Two chunks per worker keep every worker busy while the main process writes; this bounds memory.
CHUNKS_IN_FLIGHT_PER_WORKER = 2
# A chunk whose worker died is tried again once in a fresh pool, then written with the failure as its reason.
MAX_CHUNK_ATTEMPTS = 2


class ChunkRunner:
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


__all__ = ["CHUNKS_IN_FLIGHT_PER_WORKER", "MAX_CHUNK_ATTEMPTS", "ChunkRunner", "pool_context"]
