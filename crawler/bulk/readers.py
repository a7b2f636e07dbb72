"""Bulk extraction's inputs, read lazily as records (``records``: a ``Page`` to extract or a ``Skipped`` with its
reason, counted, never written): the input list walked into files by kind, folders of saved pages (recursive;
``.html``, ``.htm``, ``.gz``), JSON lines of ``{"url": ..., "html": ...}``, and WARC and ARC files (``archives``)."""

from __future__ import annotations

import gzip
import json
import logging
import os
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from ..pagejob import limits
from .archives import UrlTest, read_arc_file, read_arc_stream, read_warc, read_warc_file
from .records import GZIP_MAGIC, MAX_PAGE_BYTES, Page, Record, Skipped
from .remote import RemoteArchive, RemoteError, is_paths_file, local_path, open_remote, read_paths_file

logger = logging.getLogger(__name__)

# A JSON line is a page and its fields: past the page cap and this much more for them it is not one.
MAX_JSON_LINE_BYTES = MAX_PAGE_BYTES + 1024 * 1024
HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")  # as the news spider's -a path= mode
WARC_SUFFIXES = (".warc", ".warc.gz", ".warc.zst", ".warc.lz4")
ARC_SUFFIXES = (".arc", ".arc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz")
# A .json file holds one JSON document, most often not pages (configs, data): never read as JSON lines.
JSON_SUFFIXES = (".json", ".json.gz")


class BatchError(Exception):
    """A problem with the command as given (inputs, output, state file); nothing has been written."""


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


Input = Path | RemoteArchive


def input_files(inputs: Sequence[str | os.PathLike[str]], base_url: str | None = None) -> list[tuple[Input, str]]:
    """Every file to read, in a fixed order (inputs as given, folders sorted and recursive), with its kind.
    What cannot be read in a folder is listed with the reason as its kind (``SKIPPED_KINDS``: an unreadable
    folder, a symbolic link back to a folder above it, a dangling link), to be counted, not fatal.
    A paths file (``*.paths``, ``*.paths.gz``, ``*.txt``) stands for the archives it lists, local or by URL
    (relative entries joined to ``base_url``).
    Raises BatchError for an input that does not exist or whose kind is unknown."""
    return input_files_and_skips(inputs, base_url)[0]


def input_files_and_skips(inputs: Sequence[str | os.PathLike[str]], base_url: str | None = None
                          ) -> tuple[list[tuple[Input, str]], Counter[str]]:
    """``input_files``, and the files of the folders that are not read, counted by reason
    (``skipped_file_json``: a .json file; ``skipped_file_other``: neither a page nor an archive nor JSON lines),
    told in one log line."""
    files: list[tuple[Input, str]] = []
    skipped: Counter[str] = Counter()
    for given in inputs:
        path = Path(given)
        if path.is_file() and is_paths_file(path):
            files.extend(_listed_archives(path, base_url))
        elif path.is_dir():
            files.extend(_walk(path, set(), skipped))
        elif path.is_file():
            kind = _kind(path)
            if kind is None:
                hint = "; JSON lines are read from .jsonl/.jsonl.gz" if path.name.lower().endswith(JSON_SUFFIXES) \
                    else ""
                raise BatchError(f"{path}: unknown input kind; expected a folder, "
                                 f"{', '.join(WARC_SUFFIXES + ARC_SUFFIXES + JSONL_SUFFIXES + HTML_SUFFIXES)}{hint}")
            files.append((path, kind))
        else:
            raise BatchError(f"{path}: no such file or folder")
    if skipped:
        logger.info("skipped files of the folders: %s",
                    ", ".join(f"{count} {SKIPPED_FILE_WORDS[reason]}" for reason, count in sorted(skipped.items())))
    return files, skipped


# Counter names of a folder's files that are not read, and how the log line names them.
SKIPPED_FILE_WORDS = {"skipped_file_json": ".json (JSON lines are read from .jsonl/.jsonl.gz only)",
                      "skipped_file_other": "other (not .html/.htm/.gz pages, archives or JSON lines)"}


def _listed_archives(paths_file: Path, base_url: str | None) -> list[tuple[Input, str]]:
    """The archives a paths file names, each with its kind (by its name, as for local inputs)."""
    try:
        entries = read_paths_file(paths_file, base_url)
    except (OSError, EOFError, ValueError) as error:
        raise BatchError(f"{paths_file}: cannot read the paths file: {error}") from error
    listed: list[tuple[Input, str]] = []
    for entry in entries:
        local = local_path(entry)
        source: Input = local if local is not None else RemoteArchive(entry)
        kind = _kind(Path(source.name))
        if kind not in ("warc", "arc", "html"):
            raise BatchError(f"{paths_file}: {entry} is not a WARC, ARC or HTML file")
        if local is not None and not local.is_file():
            listed.append((local, "unreadable_file"))
        elif isinstance(source, RemoteArchive) and kind == "html":
            raise BatchError(f"{paths_file}: {entry}: pages by URL are for the crawl; list archives here")
        else:
            listed.append((source, kind))
    return listed


# Kinds of input_files entries that are not read, only counted: the reason is the kind.
SKIPPED_KINDS = {"unreadable_folder": "cannot list the folder", "symlink_loop": "a link to a folder above it",
                 "unreadable_file": "a link to nothing, or not a regular file"}


def _walk(folder: Path, above: set[tuple[int, int]], skipped: Counter[str]) -> Iterator[tuple[Path, str]]:
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
            yield from _walk(entry, above, skipped)
            continue
        kind = _kind(entry)
        if kind is None:
            json_file = entry.name.lower().endswith(JSON_SUFFIXES)
            skipped["skipped_file_json" if json_file else "skipped_file_other"] += 1
            continue
        try:
            regular = entry.is_file()
        except OSError:
            regular = False
        yield entry, kind if regular else "unreadable_file"


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


def read_remote(url: str, url_test: UrlTest | None = None) -> Iterator[Record]:
    """The records of a WARC or ARC archive read over HTTP as a stream (its kind by its name); an archive that
    cannot be read is one record."""
    kind = _kind(Path(RemoteArchive(url).name))
    if kind not in ("warc", "arc"):
        yield Skipped(url, "unreadable_archive", "not a WARC or ARC archive by its name", bad=True)
        return
    try:
        stream = open_remote(url)
    except RemoteError as error:
        yield Skipped(url, "unreadable_archive", str(error), bad=True)
        return
    try:
        records = read_warc(stream, url, url_test) if kind == "warc" else read_arc_stream(stream, url)
        yield from records
    except RemoteError as error:
        yield Skipped(url, "unreadable_archive", f"reading stopped: {error}", bad=True)
    finally:
        stream.close()


def iter_records(files: Iterable[tuple[Input, str]], url_test: UrlTest | None = None) -> Iterator[Record]:
    """Every record of the inputs, in a fixed order (resume counts on it); a WARC response whose URL ``url_test``
    leaves out is read no further than its header."""
    for path, kind in files:
        if isinstance(path, RemoteArchive):
            yield from read_remote(path.url, url_test)
        elif kind in SKIPPED_KINDS:
            yield Skipped(str(path), kind, SKIPPED_KINDS[kind], bad=True)
        elif kind == "html":
            yield _read_html_file(path)
        elif kind == "warc":
            yield from read_warc_file(path, url_test)
        elif kind == "arc":
            yield from read_arc_file(path)
        else:
            try:
                yield from _read_jsonl(path)
            except OSError as error:
                yield Skipped(str(path), "unreadable_file", f"cannot read: {error}", bad=True)

