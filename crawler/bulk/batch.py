"""Bulk extraction: ``python -m crawler extract-batch INPUT... --output OUT``.

Inputs are folders of saved pages (recursive; ``.html``, ``.htm``, ``.gz``), WARC files (read with FastWARC, a
C++ reader; gzip, zstd or plain), ARC files (warcio converts them on the fly) and JSON lines of
``{"url": ..., "html": ...}``. Only HTTP ``response`` records with status 200 and an HTML body are extracted;
every other record is counted by reason, never written.

Pages go in chunks to a process pool whose workers are the crawl pipeline's own (``crawler.pipelines``:
``init_worker`` / ``extract_in_worker`` and ``article_item``), so a batch row is the row a crawl of the same
page would store. The main process reads the inputs lazily and keeps at most ``workers * CHUNKS_IN_FLIGHT_PER_WORKER``
chunks in memory, so memory does not grow with the input.

Resume: chunks are written in input order; after each durable write a sidecar state file (``OUT.state.json``,
replaced atomically) records how many input records are done and how long the output is. A rerun of the same
command truncates the output to that length and skips that many records: no row is written twice or lost, however
the previous run ended. Parquet output is written as part files (each renamed into place when complete) that are
merged into ``OUT`` at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gzip
import io
import json
import logging
import multiprocessing
import os
import resource
import shutil
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from ..pagejob import job as pagejob
from ..pagejob import limits
from . import warc_end

if TYPE_CHECKING:
    from .. import pipelines

logger = logging.getLogger(__name__)

STATE_VERSION = 1
STATE_SUFFIX = ".state.json"
PARTS_SUFFIX = ".parts"
TEMPLATE_STORE_SUFFIX = ".templates.sqlite"
# Judgement calls: a chunk of 32 pages is ~0.25 s of work for one core (the cascade runs ~130 pages/s, README
# "Speed"), long enough that pool overhead is small, short enough that a kill loses little work.
CHUNK_MAX_PAGES = 32
CHUNK_MAX_BYTES = 8 * 1024 * 1024  # caps a chunk of unusually large pages
# Two chunks per worker keep every worker busy while the main process writes; this bounds memory.
CHUNKS_IN_FLIGHT_PER_WORKER = 2
# A chunk whose worker died is tried again once in a fresh pool, then written with the failure as its reason.
MAX_CHUNK_ATTEMPTS = 2
# Parquet part files: ~1000 rows of ~5 KB text each is a few MB of memory and a reasonable row group.
PARQUET_ROWS_PER_PART = 1000
# Pages larger than this are not news pages: the crawl's DOWNLOAD_MAXSIZE and `extract`'s cap (crawler.limits).
MAX_PAGE_BYTES = limits.MAX_PAGE_BYTES
# A JSON line is a page and its fields: past the page cap and this much more for them it is not one.
MAX_JSON_LINE_BYTES = limits.MAX_PAGE_BYTES + 1024 * 1024
HTML_SNIFF_BYTES = 1024  # how much of a body without Content-Type is looked at for an HTML start
HTML_CONTENT_TYPES = ("text/html", "application/xhtml+xml")
HTML_MARKERS = (b"<!doctype html", b"<html", b"<head", b"<body")
GZIP_MAGIC = b"\x1f\x8b"
HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")  # as the news spider's -a path= mode
WARC_SUFFIXES = (".warc", ".warc.gz", ".warc.zst", ".warc.lz4")
ARC_SUFFIXES = (".arc", ".arc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz", ".json", ".json.gz")
TEMPLATE_MODES = ("one-pass", "two-pass")
# The crawl pipeline's start method (crawler.pipelines.DEFAULT_START_METHOD, a test keeps them equal), named
# here so that `python -m crawler` does not import Scrapy for its other commands.
DEFAULT_START_METHOD = "forkserver"
BYTES_PER_MB = 1024 * 1024
# ru_maxrss is in kilobytes on Linux (getrusage(2)), bytes on macOS.
MAXRSS_UNIT = 1 if sys.platform == "darwin" else 1024


def _pipelines() -> Any:
    """crawler.pipelines, imported when work starts (it imports Scrapy)."""
    from .. import pipelines

    return pipelines


def _article_fields() -> tuple[str, ...]:
    from ..items import ARTICLE_FIELDS

    return ARTICLE_FIELDS


class BatchError(Exception):
    """A problem with the command as given (inputs, output, state file); nothing has been written."""


# ------------------------------------------------------------------------------------------ input records


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract, with where it came from (``input``: file, and offset or line when there is one)."""

    html: bytes
    url: str | None
    content_type: str | None
    input: str
    source: str  # kind of input, as the news spider's page items say it: path, warc, arc, jsonl
    extra: dict[str, Any] = field(default_factory=dict)  # other fields of a JSON line, crawled_at of a WARC


@dataclass(frozen=True, slots=True)
class Skipped:
    """A record that gives no row: ``reason`` is the counter name, ``detail`` the logged explanation."""

    input: str
    reason: str
    detail: str = ""
    bad: bool = False  # a broken record (logged as a warning), not just one of another kind (a request record)


Record = Page | Skipped


def _kind(path: Path) -> str | None:
    name = path.name.lower()
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(ARC_SUFFIXES):
        return "arc"
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if name.endswith(HTML_SUFFIXES):
        return "html"
    return None


def input_files(inputs: Sequence[str | os.PathLike[str]]) -> list[tuple[Path, str]]:
    """Every file to read, in a fixed order (inputs as given, folders sorted and recursive), with its kind.
    What cannot be read in a folder is listed with the reason as its kind (``SKIPPED_KINDS``: an unreadable
    folder, a symbolic link back to a folder above it, a dangling link), to be counted, not fatal.
    Raises BatchError for an input that does not exist or whose kind is unknown."""
    files: list[tuple[Path, str]] = []
    for given in inputs:
        path = Path(given)
        if path.is_dir():
            files.extend(_walk(path, set()))
        elif path.is_file():
            kind = _kind(path)
            if kind is None:
                raise BatchError(f"{path}: unknown input kind; expected a folder, "
                                 f"{', '.join(WARC_SUFFIXES + ARC_SUFFIXES + JSONL_SUFFIXES + HTML_SUFFIXES)}")
            files.append((path, kind))
        else:
            raise BatchError(f"{path}: no such file or folder")
    return files


# Kinds of input_files entries that are not read, only counted: the reason is the kind.
SKIPPED_KINDS = {"unreadable_folder": "cannot list the folder", "symlink_loop": "a link to a folder above it",
                 "unreadable_file": "a link to nothing, or not a regular file"}


def _walk(folder: Path, above: set[tuple[int, int]]) -> Iterator[tuple[Path, str]]:
    """Depth first, entries sorted by name (the order ``sorted(folder.rglob("*"))`` gives, which resumed states
    of earlier versions count on); ``above``: the (device, inode) of the folders on the way here."""
    try:
        status = folder.stat()
        entries = sorted(folder.iterdir())
    except OSError as error:
        logger.warning("skipped %s (unreadable_folder): %s", folder, error.strerror or error)
        yield folder, "unreadable_folder"
        return
    identity = (status.st_dev, status.st_ino)
    if identity in above:
        yield folder, "symlink_loop"
        return
    above = above | {identity}
    for entry in entries:
        try:
            is_dir = entry.is_dir()
        except OSError:  # ELOOP from a link to itself
            is_dir = False
        if is_dir:
            yield from _walk(entry, above)
            continue
        kind = _kind(entry)
        if kind is None:
            continue
        try:
            regular = entry.is_file()
        except OSError:
            regular = False
        yield entry, kind if regular else "unreadable_file"


def is_html(content_type: str | None, body: bytes) -> bool:
    """HTML by Content-Type; a body without one counts when its start looks like HTML."""
    if content_type:
        return content_type.split(";")[0].strip().lower() in HTML_CONTENT_TYPES
    start = body[:HTML_SNIFF_BYTES].lstrip().lower()
    return any(marker in start for marker in HTML_MARKERS)


def _read_html_file(path: Path) -> Record:
    """The page, inflated as it is read when gzip-compressed (a bomb stops at MAX_PAGE_BYTES)."""
    where = str(path)
    try:
        with path.open("rb") as stream:
            data = limits.read_capped(stream, MAX_PAGE_BYTES)
    except limits.TooLarge as error:
        return Skipped(where, "too_large", str(error), bad=True)
    except (limits.CorruptData, EOFError) as error:
        return Skipped(where, "corrupt_file", str(error), bad=True)
    except OSError as error:
        return Skipped(where, "unreadable_file", f"cannot read: {error}", bad=True)
    return Page(data, path.resolve().as_uri(), None, where, "path")


def read_warc(source: str | BinaryIO, where: str) -> Iterator[Record]:
    """Every record of a WARC file (a path, or a binary stream such as the bytes Spark hands over), as a
    page or the reason it gives none.

    FastWARC reads the archive (fast, in C++) until it ends or stops at damage; the end is checked
    (``warc_end``). A damaged archive is then read on from the last record FastWARC gave by ``warc_scan``, so
    damage costs only the records it touches: each damaged byte range is a ``broken_archive`` record with its
    offsets. Layouts the scanner does not read (zstd, lz4, one gzip stream, a stream that cannot seek) end at the
    first damage with one ``broken_archive`` record, as FastWARC leaves them."""
    from . import warc_scan

    stream: BinaryIO = open(source, "rb") if isinstance(source, str) else source  # noqa: SIM115
    try:
        resume = yield from _read_warc_stopping(source, where, lambda offset: warc_scan.resumable(stream, offset))
        if resume is None:
            return
        try:
            found = warc_scan.scan_warc(stream, MAX_PAGE_BYTES, start=resume)
        except warc_scan.NotScannable as error:
            yield Skipped(f"{where}:{resume}", "broken_archive", f"reading stopped: {error}", bad=True)
            return
        for item in found:
            yield _scanned_record(item, where)
    finally:
        if isinstance(source, str):
            stream.close()


def _scanned_record(item: Any, where: str, read: Callable[[bytes, str], Record] | None = None) -> Record:
    """A record or damaged range a scanner found (``warc_scan``), as a record: ``read`` turns a whole record's
    bytes into one (a WARC record read by FastWARC when None)."""
    from . import warc_scan

    if isinstance(item, warc_scan.DamagedRange):
        size = item.end - item.start
        span = f"bytes {item.start}-{item.end} ({size} bytes) skipped: " if size else ""
        return Skipped(f"{where}:{item.start}", "broken_archive", span + item.why, bad=True)
    place = f"{where}:{item.offset}" + (f"+{item.inner}" if item.inner else "")
    if isinstance(item, warc_scan.OversizedRecord):
        return Skipped(place, "too_large", f"{item.url or 'a record'}: {item.length} bytes", bad=True)
    return (read or _warc_bytes_record)(item.data, place)


def _warc_bytes_record(data: bytes, place: str) -> Record:
    from fastwarc.warc import ArchiveIterator

    for record in ArchiveIterator(io.BytesIO(data), parse_http=False, fsspec_args=False):
        return _warc_record(record, place)
    return Skipped(place, "broken_archive", "a record FastWARC does not read", bad=True)


def _read_warc_stopping(source: str | BinaryIO, where: str,
                        resumable: Callable[[int], bool]) -> Generator[Record, None, int | None]:
    """FastWARC over the whole archive; its end checked by ``warc_end`` (FastWARC stops without an error at a
    cut or corrupt record and gives a cut record as if whole, which would make half a page an article). On
    damage, returns the offset of the last record read (not given out) when ``resumable`` says the scanner can
    read on from there; else gives the damage as one ``broken_archive`` record and returns None."""
    from fastwarc.warc import ArchiveIterator

    checkable = isinstance(source, str) or (source.seekable() and source.tell() == 0)
    held: Record | None = None
    offset: int | None = None
    error: Exception | None = None
    try:
        for record in ArchiveIterator(source, parse_http=False, fsspec_args=False):
            if held is not None:
                yield held
            held = None  # a record that fails to read is not given out as the one before it
            offset = record.stream_pos
            held = _warc_record(record, f"{where}:{offset}")
    except Exception as caught:  # FastWARC raises OSError/ValueError kinds on broken archives
        error = caught
    end = _archive_end(source, offset) if checkable else warc_end.CLEAN_END
    problems = [f"{type(error).__name__}: {error}"] if error else []
    if end.problem and not (error and str(error) in end.problem):  # the reader's error, found again
        problems.append(end.problem)
    if not end.last_record_whole and held is not None:
        problems.append(f"the last record ({_record_url(held)}) is not extracted")
    if problems and checkable and resumable(offset or 0):
        return offset or 0
    if held is not None and end.last_record_whole:
        yield held
    if problems:
        yield Skipped(f"{where}:{offset or 0}", "broken_archive", "reading stopped: " + "; ".join(problems), bad=True)
    return None


def _archive_end(source: str | BinaryIO, last_record_offset: int | None) -> warc_end.ArchiveEnd:
    if not isinstance(source, str):
        return warc_end.check_archive_end(source, last_record_offset)
    try:
        with open(source, "rb") as stream:
            return warc_end.check_archive_end(stream, last_record_offset)
    except OSError as error:
        return warc_end.ArchiveEnd(False, f"cannot read the archive's end: {error}")


def _record_url(record: Record) -> str:
    return (record.url or record.input) if isinstance(record, Page) else record.detail.split(": ", 1)[0] or record.input


def _read_warc(path: Path) -> Iterator[Record]:
    return read_warc(str(path), str(path))


def _warc_record(record: Any, where: str) -> Record:
    record_type = record.record_type.name if hasattr(record.record_type, "name") else str(record.record_type)
    if record_type != "response":
        return Skipped(where, f"record_{record_type}")
    url = record.headers.get("WARC-Target-URI")
    if record.content_length > MAX_PAGE_BYTES:
        return Skipped(where, "too_large", f"{url}: {record.content_length} bytes", bad=True)
    if "WARC-Block-Digest" in record.headers and not record.verify_block_digest(consume=False):
        # The one check that finds a record damaged inside a readable archive (a bad disk sector, or bytes after
        # a cut that gzip or the WARC lengths happen to accept). SHA-1 adds ~0.1 ms a page (scrapinghub pages
        # in a WARC: 0.20 -> 0.31 ms a record), ~1 % of extracting it.
        return Skipped(where, "bad_digest", f"{url}: the block does not match its WARC-Block-Digest", bad=True)
    if not record.is_http:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    try:
        record.parse_http(auto_decode="all")
    except OSError as error:
        return Skipped(where, "not_http", f"{url}: unreadable HTTP headers: {error}", bad=True)
    if record.http_headers is None:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    status = record.http_headers.status_code
    if status != 200:
        return Skipped(where, "status_not_200", f"{url}: HTTP {status}")
    content_type = record.http_headers.get("Content-Type")
    body = record.reader.read()
    if not is_html(content_type, body):
        return Skipped(where, "not_html", f"{url}: {content_type}")
    date = record.record_date
    extra = {"crawled_at": date.isoformat(timespec="seconds")} if date else {}
    return Page(body, url, content_type, where, "warc", extra)


def _read_arc(path: Path) -> Iterator[Record]:
    """ARC files, cut into records by ``arc_scan`` so that damage costs only the records it touches (each damaged
    byte range is a ``broken_archive`` record with its offsets); each whole record is converted by warcio
    (FastWARC reads WARC only). An ``.arc.gz`` of one huge gzip stream is read by warcio alone, which stops at
    the first damage."""
    from . import arc_scan, warc_scan

    where = str(path)
    with path.open("rb") as stream:
        head = stream.read(arc_scan.ARC.probe_bytes)
        gzipped = head.startswith(GZIP_MAGIC) or (path.name.endswith(".gz") and not arc_scan.ARC.starts(head))
        try:
            found = arc_scan.scan_arc(stream, MAX_PAGE_BYTES, gzipped=gzipped)
        except warc_scan.NotScannable:
            stream.seek(0)
            yield from _read_arc_stream(stream, where)
            return
        for item in found:
            yield _scanned_record(item, where, _arc_bytes_record)


def _arc_bytes_record(data: bytes, place: str) -> Record:
    from warcio.archiveiterator import ArchiveIterator

    try:
        for record in ArchiveIterator(io.BytesIO(data), arc2warc=True):
            return _arc_record(record, place)
    except Exception as error:  # warcio raises ArchiveLoadFailed and header parsing errors on what it cannot read
        return Skipped(place, "broken_archive", f"a record warcio does not read: {type(error).__name__}: {error}",
                       bad=True)
    return Skipped(place, "broken_archive", "a record warcio does not read", bad=True)


def _read_arc_stream(stream: BinaryIO, where: str) -> Iterator[Record]:
    """warcio over the whole ARC stream (its on-the-fly conversion), ending at the first damage."""
    from warcio.archiveiterator import ArchiveIterator

    offset = 0
    try:
        iterator = ArchiveIterator(stream, arc2warc=True)
        for record in iterator:
            result = _arc_record(record, where)
            offset = iterator.get_record_offset()  # reads the record to its end: after the body
            yield dataclasses.replace(result, input=f"{where}:{offset}")
    except Exception as error:  # warcio raises ArchiveLoadFailed and zlib errors on broken files
        yield Skipped(f"{where}:{offset}", "broken_archive", f"reading stopped: {type(error).__name__}: {error}",
                      bad=True)


def _arc_record(record: Any, where: str) -> Record:
    if record.rec_type != "response":
        return Skipped(where, f"record_{record.rec_type}")
    url = record.rec_headers.get_header("WARC-Target-URI")
    if record.http_headers is None:
        return Skipped(where, "not_http", f"{url}: response without HTTP headers", bad=True)
    status = record.http_headers.get_statuscode()
    if status != "200":
        return Skipped(where, "status_not_200", f"{url}: HTTP {status}")
    content_type = record.http_headers.get_header("Content-Type")
    body = record.content_stream().read(MAX_PAGE_BYTES + 1)
    if len(body) > MAX_PAGE_BYTES:
        return Skipped(where, "too_large", f"{url}: over {MAX_PAGE_BYTES} bytes", bad=True)
    missing = getattr(record.raw_stream, "limit", 0)  # warcio gives a cut last record as if whole, like FastWARC
    if missing:
        return Skipped(where, "broken_archive", f"{url}: the record is cut short, {missing} bytes missing", bad=True)
    if not is_html(content_type, body):
        return Skipped(where, "not_html", f"{url}: {content_type}")
    date = record.rec_headers.get_header("WARC-Date")
    return Page(body, url, content_type, where, "arc", {"crawled_at": date} if date else {})


def _read_jsonl(path: Path) -> Iterator[Record]:
    """One record a line; a line past MAX_JSON_LINE_BYTES is skipped without being held, and corrupt gzip data
    ends the file with a ``broken_archive`` record after the lines before it."""
    with path.open("rb") as probe:
        gzipped = probe.read(len(GZIP_MAGIC)) == GZIP_MAGIC
    opener = gzip.open if gzipped else open
    line_number = 0
    try:
        with opener(path, "rb") as lines:
            while True:
                line = lines.readline(MAX_JSON_LINE_BYTES + 1)
                if not line:
                    break
                line_number += 1
                where = f"{path}:{line_number}"
                if len(line) > MAX_JSON_LINE_BYTES:
                    skipped = len(line)
                    while line and not line.endswith(b"\n"):  # the rest of the line, a piece at a time
                        line = lines.readline(limits.READ_CHUNK)
                        skipped += len(line)
                    yield Skipped(where, "too_large", f"a line of {skipped} bytes", bad=True)
                elif line.strip():
                    yield _jsonl_record(line, where)
    except (OSError, EOFError, zlib.error) as error:
        yield Skipped(f"{path}:{line_number}", "broken_archive", f"reading stopped: {error}", bad=True)


def _jsonl_record(line: bytes, where: str) -> Record:
    try:
        data = json.loads(line)
    except ValueError as error:
        return Skipped(where, "bad_json", f"not JSON: {error}", bad=True)
    if not isinstance(data, dict):
        return Skipped(where, "bad_json", f"a JSON {type(data).__name__}, not an object", bad=True)
    html = data.pop("html", None)
    if not isinstance(html, str) or not html.strip():
        return Skipped(where, "missing_html", "no 'html' string", bad=True)
    url = data.pop("url", None)
    content_type = data.pop("content_type", None)
    status = data.pop("status", None)
    if status not in (None, 200, "200"):
        return Skipped(where, "status_not_200", f"{url}: status {status}")
    return Page(html.encode("utf-8"), url if isinstance(url, str) else None,
                content_type if isinstance(content_type, str) else None, where, "jsonl", data)


def iter_records(files: Iterable[tuple[Path, str]]) -> Iterator[Record]:
    """Every record of the inputs, in a fixed order (resume counts on it)."""
    for path, kind in files:
        if kind in SKIPPED_KINDS:
            yield Skipped(str(path), kind, SKIPPED_KINDS[kind], bad=True)
        elif kind == "html":
            yield _read_html_file(path)
        elif kind == "warc":
            yield from _read_warc(path)
        elif kind == "arc":
            yield from _read_arc(path)
        else:
            try:
                yield from _read_jsonl(path)
            except OSError as error:
                yield Skipped(str(path), "unreadable_file", f"cannot read: {error}", bad=True)


@dataclass(slots=True)
class Chunk:
    index: int
    records: list[Record]

    @property
    def pages(self) -> list[Page]:
        return [record for record in self.records if isinstance(record, Page)]


def chunks(records: Iterable[Record], first_index: int = 0) -> Iterator[Chunk]:
    """Consecutive records cut into chunks of at most CHUNK_MAX_PAGES pages and about CHUNK_MAX_BYTES."""
    current: list[Record] = []
    pages = size = 0
    index = first_index
    for record in records:
        current.append(record)
        if isinstance(record, Page):
            pages += 1
            size += len(record.html)
        if pages >= CHUNK_MAX_PAGES or size >= CHUNK_MAX_BYTES:
            yield Chunk(index, current)
            index += 1
            current, pages, size = [], 0, 0
    if current:
        yield Chunk(index, current)


# ------------------------------------------------------------------------------------------ worker side


@dataclass(frozen=True, slots=True)
class ChunkResult:
    rows: list[dict[str, Any]]
    worker_pid: int
    worker_peak_rss: int  # bytes
    worker_cpu_seconds: float = 0.0  # the worker's CPU time so far (user + system)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * MAXRSS_UNIT


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def page_row(page: Page, fields: dict[str, Any]) -> dict[str, Any]:
    """The crawl's ArticleItem for the page (``article_item``), as a plain dict in ARTICLE_FIELDS order."""
    source = {**page.extra, "source": page.source, "input": page.input}
    item = _pipelines().article_item(fields, source, skip=("html", "url"))
    return {name: item[name] for name in _article_fields() if name in item}


def init_batch_worker(parent_pid: int, template_store: str) -> None:
    """A pool worker's set-up: the crawl pipeline's worker, and an exit when the batch process is gone (a killed
    ``extract-batch`` must not leave workers blocked on a pipe, ~170 MB each)."""
    from ..pagejob.workerpool import exit_with_parent

    exit_with_parent(parent_pid)
    pagejob.init_worker(template_store, ())


def extract_chunk(pages: list[Page]) -> ChunkResult:
    """Runs in a pool worker set up by ``pipelines.init_worker``: one row per page, failures included."""
    rows = [page_row(page, pagejob.extract_in_worker(page.html, page.url, page.content_type)) for page in pages]
    return ChunkResult(rows, os.getpid(), _peak_rss(), _cpu_seconds())


def learn_chunk(pages: list[Page]) -> ChunkResult:
    """First pass of ``--templates two-pass``: pages only teach the shared template store."""
    from ..extractors import parse_html

    worker = pagejob.worker_extractor()
    if worker is None:
        raise RuntimeError("worker not initialised")
    for page in pages:
        try:
            worker.templates.learn(parse_html(page.html, page.url, page.content_type))
        except Exception as error:  # a page that cannot teach is extracted without a template later
            logger.warning("template learning failed for %s: %s: %s", page.input, type(error).__name__, error)
    return ChunkResult([], os.getpid(), _peak_rss(), _cpu_seconds())


def failed_rows(pages: list[Page], reason: str) -> list[dict[str, Any]]:
    return [page_row(page, {"url": page.url, "canonical_url": page.url, "text": "", "extractor": None,
                            "reason": reason}) for page in pages]


# ------------------------------------------------------------------------------------------ output


def json_value(value: Any) -> Any:
    return str(value)


class OutputWriter(Protocol):
    def write(self, rows: list[dict[str, Any]]) -> bool:
        """Adds rows; True when everything written so far is durable (a point the state may record)."""
        ...

    def position(self) -> dict[str, Any]: ...

    def finish(self) -> None: ...

    def close(self) -> None: ...


class JsonLinesWriter:
    """Appends rows; ``output_bytes`` in the state is the durable length a resumed run truncates to."""

    def __init__(self, path: Path, durable_bytes: int) -> None:
        self.path = path
        self.file = path.open("ab")
        self.file.truncate(durable_bytes)
        self.file.seek(durable_bytes)
        self.length = durable_bytes

    def write(self, rows: list[dict[str, Any]]) -> bool:
        if rows:
            data = "".join(json.dumps(row, ensure_ascii=False, default=json_value) + "\n" for row in rows)
            self.length += self.file.write(data.encode("utf-8"))
            self.file.flush()
            os.fsync(self.file.fileno())
        return True

    def position(self) -> dict[str, Any]:
        return {"output_bytes": self.length}

    def finish(self) -> None:
        self.close()

    def close(self) -> None:
        if not self.file.closed:
            self.file.close()


LIST_FIELDS = frozenset({"authors", "editors", "tags"})
JSON_FIELDS = frozenset({"metadata"})


def parquet_schema() -> Any:
    import pyarrow as pa

    columns = []
    for name in _article_fields():
        kind = pa.list_(pa.string()) if name in LIST_FIELDS else pa.string()
        columns.append(pa.field(name, kind))
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

    def __init__(self, path: Path, parts_done: int) -> None:
        import pyarrow  # noqa: F401  (fail before any work when it is missing)

        self.path = path
        self.parts_dir = Path(str(path) + PARTS_SUFFIX)
        self.parts_dir.mkdir(parents=True, exist_ok=True)
        self.parts_done = parts_done
        self.buffer: list[dict[str, Any]] = []
        self.schema = parquet_schema()
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

        columns = {name: [parquet_cell(name, row.get(name)) for row in self.buffer] for name in _article_fields()}
        table = pa.Table.from_pydict(columns, schema=self.schema)
        final = self._part_path(self.parts_done)
        temporary = final.with_suffix(".tmp")
        pq.write_table(table, temporary)
        os.replace(temporary, final)
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

    def finish(self) -> None:
        import pyarrow.parquet as pq

        if self.buffer:
            self._flush()
        temporary = self.path.with_name(self.path.name + ".tmp")
        with pq.ParquetWriter(temporary, self.schema) as writer:
            for number in range(self.parts_done):
                writer.write_table(pq.read_table(self._part_path(number), schema=self.schema))
        os.replace(temporary, self.path)

    def close(self) -> None:
        self.buffer = []

    def remove_parts(self) -> None:
        shutil.rmtree(self.parts_dir, ignore_errors=True)


# ------------------------------------------------------------------------------------------ the run


@dataclass
class BatchState:
    """What a resumed run needs: the phase, input records done in it, the durable output position, counts."""

    inputs: list[str]
    templates: str
    phase: str = "extract"  # "learn" (two-pass, first pass), "extract", "done"
    records_done: int = 0
    chunks_done: int = 0
    output: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def save(self, path: Path) -> None:
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps({"version": STATE_VERSION, **self.__dict__}, indent=1), encoding="utf-8")
        os.replace(temporary, path)

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


def _progress(enabled: bool | None, description: str, initial: int) -> Any:
    from tqdm import tqdm

    return tqdm(desc=description, unit=" pages", initial=initial, disable=not enabled if enabled is not None else None,
                dynamic_ncols=True, smoothing=0.1)


class _Runner:
    """One pass over the inputs through the pool, results committed in input order."""

    def __init__(self, files: list[tuple[Path, str]], state: BatchState, state_path: Path, workers: int,
                 template_store: str, start_method: str, progress: bool | None) -> None:
        self.files = files
        self.state = state
        self.state_path = state_path
        self.workers = workers
        self.template_store = template_store
        self.start_method = start_method
        self.progress = progress
        self.worker_peak_rss: dict[int, int] = {}
        self.worker_cpu_seconds: dict[int, float] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.local: pipelines.PageExtractor | None = None  # workers=0

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context(self.start_method)
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                   initializer=init_batch_worker, initargs=(os.getpid(), self.template_store))

    def _submit(self, function: Any, pages: list[Page]) -> Future[ChunkResult]:
        if self.workers == 0:  # in this process: debugging, and tests of the writing side
            future: Future[ChunkResult] = Future()
            if self.local is None:
                pagejob.init_worker(self.template_store, ())
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
            if row.get("text"):
                counts["with_text"] = counts.get("with_text", 0) + 1
            else:
                reason = str(row.get("reason") or "")
                failed = reason.startswith(("extraction failed", "extraction worker died"))
                name = "extraction_failed" if failed else "empty_text"
                counts[name] = counts.get(name, 0) + 1
                if failed:
                    logger.warning("%s: %s", (row.get("metadata") or {}).get("input", row.get("url")), reason)

    def run(self, function: Any, writer: OutputWriter | None, description: str) -> int:
        """Runs ``function`` over every chunk not yet done; returns the rows written in this pass."""
        from itertools import islice

        records = islice(iter_records(self.files), self.state.records_done, None)
        upcoming = chunks(records, self.state.chunks_done)
        limit = max(1, self.workers) * CHUNKS_IN_FLIGHT_PER_WORKER
        pending: dict[Future[ChunkResult], tuple[Chunk, int]] = {}
        ready: dict[int, tuple[Chunk, list[dict[str, Any]]]] = {}
        next_index = self.state.chunks_done
        uncommitted_records = uncommitted_chunks = 0
        written = 0
        exhausted = False
        with _progress(self.progress, description, self.state.counts.get("pages", 0)
                       if writer is not None else 0) as bar:
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
                    durable = writer.write(rows) if writer is not None else True
                    written += len(rows)
                    uncommitted_records += len(chunk.records)
                    uncommitted_chunks += 1
                    bar.update(len(chunk.pages))
                    if durable:
                        self.state.records_done += uncommitted_records
                        self.state.chunks_done += uncommitted_chunks
                        if writer is not None:
                            self.state.output = writer.position()
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
    state_path = out.with_name(out.name + STATE_SUFFIX)
    store = template_store or str(out.with_name(out.name + TEMPLATE_STORE_SUFFIX))
    files = input_files(inputs)
    input_names = [str(Path(name).resolve()) for name in inputs]
    if overwrite:
        for stale in (state_path, out, Path(store), Path(store + "-wal"), Path(store + "-shm")):
            stale.unlink(missing_ok=True)
        shutil.rmtree(Path(str(out) + PARTS_SUFFIX), ignore_errors=True)
    state = BatchState.load(state_path)
    if state is None:
        if out.exists():
            raise BatchError(f"{out} exists and has no state file {state_path.name}; use --overwrite to replace it")
        state = BatchState(input_names, templates, phase="learn" if templates == "two-pass" else "extract")
        out.parent.mkdir(parents=True, exist_ok=True)
        state.save(state_path)  # before the output exists: an output without a state is someone else's file
    elif state.inputs != input_names or state.templates != templates:
        raise BatchError(f"{state_path} is the state of another run (inputs {state.inputs}, templates "
                         f"{state.templates}); use --overwrite to start again")
    counts = Counter(state.counts)
    if state.phase == "done":
        return BatchResult(counts.get("pages", 0), counts, 0.0, workers, {}, state.records_done, already_done=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    resumed_from = state.records_done
    runner = _Runner(files, state, state_path, workers, store, start_method, progress)
    started = time.perf_counter()
    writer: OutputWriter | None = None
    rows_this_run = 0
    try:
        if state.phase == "learn":
            runner.run(learn_chunk, None, "learning templates")
            state.counts = {}  # the second pass counts the records again
            state.phase, state.records_done, state.chunks_done = "extract", 0, 0
            state.save(state_path)
        if parquet:
            writer = ParquetWriter(out, int(state.output.get("parts", 0)))
        else:
            writer = JsonLinesWriter(out, int(state.output.get("output_bytes", 0)))
        rows_this_run = runner.run(extract_chunk, writer, "extracting")
        writer.finish()
        state.phase = "done"
        state.output = writer.position()
        state.save(state_path)
        if isinstance(writer, ParquetWriter):
            writer.remove_parts()
    finally:
        if writer is not None:
            writer.close()
        runner.close()
    seconds = time.perf_counter() - started
    counts = Counter(state.counts)
    return BatchResult(counts.get("pages", 0), counts, seconds, workers, runner.worker_peak_rss, resumed_from,
                       rows_this_run=rows_this_run, worker_cpu_seconds=sum(runner.worker_cpu_seconds.values()))


@contextlib.contextmanager
def logging_through_progress_bar() -> Iterator[None]:
    """Log lines printed above the progress bar instead of through it."""
    from tqdm.contrib.logging import logging_redirect_tqdm

    with logging_redirect_tqdm():
        yield


# ------------------------------------------------------------------------------------------ command line


def command_extract_batch(args: Any, parser: Any) -> int:
    """``extract-batch``: the summary (JSON) on stdout, skipped records and failures logged on stderr."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        with logging_through_progress_bar():
            result = run_batch(args.inputs, args.output, workers=args.workers, templates=args.templates,
                               template_store=args.template_store, overwrite=args.overwrite,
                               progress=args.progress, start_method=args.start_method)
    except BatchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if result.already_done:
        print(f"{args.output}: already complete (state {args.output}{STATE_SUFFIX}); --overwrite to redo it",
              file=sys.stderr)
    sys.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
    return 0


def add_extract_batch_command(commands: Any) -> None:
    """Adds ``extract-batch`` to the ``python -m crawler`` subcommands (``commands``: argparse subparsers)."""
    parser = commands.add_parser(
        "extract-batch", help="extract every HTML page of folders, WARC/ARC files or JSON lines into JSON lines "
                              "or Parquet, on all cores, resumable",
        description="Extract every HTML page (HTTP 200 responses of WARC/ARC files; .html/.htm/.gz files of "
                    "folders, recursively; {url, html} JSON lines) with the crawl's extraction, in a process pool. "
                    "Rows are the crawl's article rows. Other records are counted by reason. Rerunning the same "
                    "command after an interruption resumes it; the summary is printed as JSON.",
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="folders, .warc[.gz], .arc[.gz], .jsonl[.gz]")
    parser.add_argument("--output", "-o", required=True, metavar="OUT",
                        help="JSON lines file, or Parquet when it ends in .parquet")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="extraction processes (default: one per core; 0 extracts in this process)")
    parser.add_argument("--templates", choices=TEMPLATE_MODES, default="one-pass",
                        help="one-pass: templates are learned while extracting; two-pass: learned from every "
                             "page first, then used on all of them (default: one-pass)")
    parser.add_argument("--template-store", metavar="PATH",
                        help=f"SQLite template store (default: OUT{TEMPLATE_STORE_SUFFIX})")
    parser.add_argument("--overwrite", action="store_true",
                        help="start again: remove OUT, its state file and its template store first")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar with pages/s on stderr (default: when stderr is a terminal)")
    parser.add_argument("--start-method", default=DEFAULT_START_METHOD,
                        choices=multiprocessing.get_all_start_methods(),
                        help=f"how workers start (default: {DEFAULT_START_METHOD})")
    parser.set_defaults(handler=command_extract_batch, command_parser=parser)


__all__ = [
    "BatchError",
    "BatchResult",
    "BatchState",
    "Page",
    "Skipped",
    "add_extract_batch_command",
    "extract_chunk",
    "input_files",
    "is_html",
    "iter_records",
    "logging_through_progress_bar",
    "run_batch",
]
