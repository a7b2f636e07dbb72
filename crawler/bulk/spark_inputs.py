"""The Spark job's inputs and output: the input files found through Spark's Hadoop file systems (folders walked,
globs expanded, paths files expanded on the driver) in extract-batch's order, archives named by an HTTP(S) URL
streamed by a task of their own, each file read into pages in an executor (a WARC file, or one saved page), and the
output folder checked or cleared before anything is written.
"""

from __future__ import annotations

import gzip
import io
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from crawler.bulk.archives import read_warc as batch_read_warc
from crawler.bulk.records import GZIP_MAGIC, MAX_PAGE_BYTES, Page
from crawler.bulk.remote import is_paths_file, read_paths_file

HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz", ".gz")  # as the news spider's -a path= mode
WARC_SUFFIXES = (".warc", ".warc.gz")


class SparkJobError(Exception):
    """The job cannot run as asked (no pyspark or Java, bad input or output); nothing was written."""


# ------------------------------------------------------------------------------------------ reading (executors)


def read_warc(data: bytes, where: str) -> Iterator[Page]:
    """HTTP 200 HTML responses of one WARC file's bytes, read as extract-batch reads them; a broken archive
    ends its pages where it breaks, with a warning on stderr, never the job."""
    for record in batch_read_warc(io.BytesIO(data), where):
        if isinstance(record, Page):
            yield record
        elif record.reason == "broken_archive":
            print(f"warning: {record.input}: {record.detail}", file=sys.stderr)


def read_file(path: str, data: bytes) -> Iterator[Page]:
    """Pages of one input file by its name: a WARC file, or one saved page (gzip-compressed or not)."""
    name = path.lower()
    if name.endswith(WARC_SUFFIXES):
        yield from read_warc(data, path)
    elif name.endswith(HTML_SUFFIXES):
        if data.startswith(GZIP_MAGIC):
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError) as error:
                print(f"warning: {path}: broken gzip data ({error})", file=sys.stderr)
                return
        if len(data) <= MAX_PAGE_BYTES:
            yield Page(data, path, None, path, "path")


def is_remote(name: str) -> bool:
    return urlsplit(name).scheme.lower() in ("http", "https")


def read_remote_archive(url: str) -> Iterator[Page]:
    """The pages of an archive read over HTTP(S) as a stream (``crawler.bulk.remote``), in an executor."""
    from crawler.bulk.readers import read_remote

    for record in read_remote(url):
        if isinstance(record, Page):
            yield record
        elif record.bad:
            print(f"warning: {record.input}: {record.detail}", file=sys.stderr)


# ------------------------------------------------------------------------------------------ finding (driver)


def expand_paths_files(inputs: Sequence[str], base_url: str | None) -> list[str]:
    """The inputs in order, a paths file on the driver's disk replaced by the archives it lists (as for
    extract-batch); an archive by URL is read by a task of its own."""
    expanded: list[str] = []
    for given in inputs:
        path = Path(given)
        if "://" not in given and path.is_file() and is_paths_file(path):
            expanded.extend(read_paths_file(path, base_url))
        else:
            expanded.append(given)
    return expanded


def _hadoop_path(spark: Any, given: str) -> str:
    """A local path becomes a file:// URL (Spark would resolve it against the default file system)."""
    if "://" in given or given.startswith(("hdfs:", "s3a:", "s3:", "gs:", "file:")):
        return given
    return "file://" + os.path.abspath(given)


def shown_name(hadoop_name: str) -> str:
    """A file's name as extract-batch writes it in rows: a local file by its path, any other by its Hadoop URL."""
    if hadoop_name.startswith("file:"):
        return unquote(urlsplit(hadoop_name).path)
    return hadoop_name


def _file_system(spark: Any, path: str) -> tuple[Any, Any]:
    """(Hadoop FileSystem, Path) of a path, through the driver's JVM."""
    jvm = spark.sparkContext._jvm
    hadoop_path = jvm.org.apache.hadoop.fs.Path(path)
    return hadoop_path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()), hadoop_path


def input_files(spark: Any, inputs: Sequence[str]) -> list[str]:
    """Every input file (folders walked, globs expanded) by its Hadoop URL, in extract-batch's order (inputs as
    given, each one's files sorted), each once; one clear error for an input that names nothing."""
    found: dict[str, None] = {}
    for given in inputs:
        system, pattern = _file_system(spark, _hadoop_path(spark, given))
        statuses = system.globStatus(pattern)
        if not statuses:
            raise SparkJobError(f"{given}: no such file or folder")
        names: list[str] = []
        for status in statuses:
            if status.isDirectory():
                files = system.listFiles(status.getPath(), True)
                while files.hasNext():
                    names.append(files.next().getPath().toString())
            else:
                names.append(status.getPath().toString())
        found.update(dict.fromkeys(sorted(names)))
    if not found:
        raise SparkJobError(f"{', '.join(inputs)}: no input file")
    return list(found)


def prepare_output(spark: Any, output: str, overwrite: bool) -> None:
    """An existing output is an error, or removed first with ``overwrite``."""
    system, path = _file_system(spark, _hadoop_path(spark, output))
    if system.exists(path):
        if not overwrite:
            raise SparkJobError(f"{output} exists; use --overwrite to replace it")
        system.delete(path, True)

