"""Extraction at the seed's scale with Spark: ``python -m crawler spark-extract INPUT OUTPUT --master local[2]``.

The same job under a cluster manager: ``spark-submit --master yarn crawler/spark_job.py INPUT OUTPUT`` (that path
runs this module; the package must be installed on the executors, e.g. ``--py-files newscrawler.zip`` or a shared
virtualenv).

Seed 003's MapReduce design, with seed 001's templates as its reduce step:

1. read (``crawler.bulk.spark_inputs``): WARC files (``.warc``, ``.warc.gz``) or saved pages (``.html``, ``.htm``,
   ``.gz``) from any path Spark's Hadoop file systems read (``file://``, ``hdfs://``, ``s3a://``; globs and
   folders), each file whole by one task (``binaryFiles``); only HTTP 200 HTML responses become pages;
2. map: each page's URL pattern and line hashes (the crawl's own ``TemplateExtractor``);
3. reduce by URL pattern (``crawler.bulk.spark_templates``): at most ``MAX_SAMPLES_PER_PATTERN`` pages of each
   pattern teach a template store (the crawl's learning code), and the learned templates are broadcast to every
   executor;
4. map: every page goes through the crawl pipeline's ``PageExtractor`` with those templates, so a row is the
   row a crawl or ``extract-batch`` would store (``crawler.pagejob.row.ARTICLE_FIELDS``), plus ``input``;
5. one story once: the rows' keys, capture dates and fingerprints go to the driver, which folds captures and links
   near-duplicates in extract-batch's order (``crawler.bulk.spark_stories``);
6. write Parquet (lists as lists, ``metadata`` as a JSON string) or JSON lines, one part file per partition.

A WARC file is read whole into one task's memory, so executors need memory for their largest input file
(Common Crawl's are about 1 GB compressed); split larger files or raise ``spark.executor.memory``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from crawler.bulk.chunks import page_row
from crawler.bulk.filters import FilterError, PageFilter, add_filter_arguments, filter_from_args
from crawler.bulk.records import Page
from crawler.bulk.spark_inputs import (
    SparkJobError,
    expand_paths_files,
    input_files,
    is_remote,
    prepare_output,
    read_file,
    read_remote_archive,
    shown_name,
)
from crawler.bulk.spark_stories import INPUT_FIELD, decide_stories
from crawler.bulk.spark_templates import keep_samples, learn_templates, merge_samples, pattern_and_hashes
from crawler.extractors.templates.store import (
    FrozenTemplateStore,
    Template,
)

FORMATS = ("parquet", "jsonl")
DEFAULT_MASTER = "local[2]"
APP_NAME = "newscrawler-extract"
LIST_FIELDS = frozenset({"authors", "editors", "tags"})
# ru_maxrss is in kilobytes on Linux (getrusage(2)), bytes on macOS.
MAXRSS_UNIT = 1 if sys.platform == "darwin" else 1024
BYTES_PER_MB = 1024 * 1024


# ------------------------------------------------------------------------------------------ extraction
# (templates are learned in ``spark_templates``)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * MAXRSS_UNIT


def extract_pages(pages: Iterable[Page], templates: dict[str, list[Template]]) -> Iterator[dict[str, Any]]:
    """Rows of one partition, as ``extract-batch`` writes them (``page_row``: a WARC record's date is its
    ``crawled_at``): the crawl pipeline's extractor over the learned templates, read only and without layouts
    learned from earlier pages, so a page's row does not depend on the pages its executor saw before it."""
    from crawler.pagejob import PageExtractor

    store = FrozenTemplateStore([template for learned in templates.values() for template in learned])
    extractor = PageExtractor(store, fast=False)
    for page in pages:
        row = page_row(page, extractor.extract(page.html, page.url, page.content_type))
        row[INPUT_FIELD] = page.input
        yield row


def to_cell(name: str, value: Any) -> Any:
    """Lists of strings stay lists, ``metadata`` and other structures become JSON strings, the rest strings."""
    if value is None:
        return None
    if name in LIST_FIELDS:
        return [str(item) for item in (value if isinstance(value, (list, tuple)) else [value])]
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return value if isinstance(value, str) else str(value)


def column_names() -> list[str]:
    from crawler.pagejob.row import ARTICLE_FIELDS

    return [*ARTICLE_FIELDS, INPUT_FIELD]


# ------------------------------------------------------------------------------------------ the job (driver)


@dataclass(slots=True)
class SparkResult:
    pages: int
    rows_with_text: int
    patterns_with_templates: int
    seconds: float
    output: str
    worker_peak_rss_mb: float | None = None  # the largest Python worker's peak RSS (workers are reused)
    files: int = 0
    filtered: dict[str, int] | None = None  # rows left out by the filters, by reason

    def to_dict(self) -> dict[str, Any]:
        return {"pages": self.pages, "rows_with_text": self.rows_with_text, "files": self.files,
                "filtered": dict(sorted((self.filtered or {}).items())),
                "patterns_with_templates": self.patterns_with_templates, "seconds": round(self.seconds, 3),
                "pages_per_second": round(self.pages / self.seconds, 2) if self.seconds else None,
                "worker_peak_rss_mb": self.worker_peak_rss_mb, "output": self.output}


def spark_session(master: str | None, app_name: str = APP_NAME, config: dict[str, str] | None = None) -> Any:
    """A SparkSession; a clear SparkJobError when pyspark or Java is missing."""
    try:
        from pyspark.sql import SparkSession
    except ImportError as error:
        raise SparkJobError("spark-extract needs pyspark: pip install 'newscrawler[distributed]'") from error
    builder = SparkSession.builder.appName(app_name).config("spark.ui.enabled", "false")
    if master:
        builder = builder.master(master)
    for key, value in (config or {}).items():
        builder = builder.config(key, value)
    try:
        return builder.getOrCreate()
    except Exception as error:  # no Java, wrong Java: py4j raises its own kinds
        raise SparkJobError(f"cannot start Spark ({type(error).__name__}: {error}); pyspark 4 needs Java 17+") \
            from error


def _filtered(row: dict[str, Any], page_filter: PageFilter | None) -> tuple[str | None, dict[str, Any]]:
    reason = page_filter.after_extraction(row) if page_filter is not None and row.get("text") else None
    return reason, row


def run(spark: Any, inputs: Sequence[str], output: str, output_format: str = "parquet",
        templates: bool = True, partitions: int | None = None, *, overwrite: bool = False,
        page_filter: PageFilter | None = None, base_url: str | None = None,
        fold_captures: bool = True) -> SparkResult:
    """Read (one task per input file), learn templates by URL pattern, extract, filter, write."""
    from pyspark.sql.types import ArrayType, StringType, StructField, StructType

    from crawler.bulk.writers import json_value

    if output_format not in FORMATS:
        raise SparkJobError(f"unknown format {output_format!r}; one of {', '.join(FORMATS)}")
    started = time.perf_counter()
    context = spark.sparkContext
    chosen = page_filter if page_filter is not None and page_filter.active else None
    try:
        expanded = expand_paths_files(inputs, base_url)
        files = list(dict.fromkeys(name for given in expanded
                                   for name in ([given] if is_remote(given) else input_files(spark, [given]))))
        prepare_output(spark, output, overwrite)
        # One RDD a file, joined: one task an archive whatever the files' sizes (binaryFiles over many paths packs
        # small files into one split); an archive by URL is streamed by its own task.
        parts = [context.parallelize([name], 1).flatMap(read_remote_archive) if is_remote(name) else
                 context.binaryFiles(name).flatMap(lambda item, shown=shown: read_file(shown, item[1]))
                 for name, shown in ((name, shown_name(name)) for name in files)]
        pages = context.union(parts)
        order = {shown_name(name): number for number, name in enumerate(files)}
        if partitions:
            pages = pages.repartition(partitions)
        reasons: dict[str, int] = {}
        if chosen is not None:  # by URL, before extraction; counted by reason
            marked = pages.map(lambda page: (chosen.before_extraction(page.url), page)).cache()
            reasons.update((reason, count) for reason, count in marked.countByKey().items() if reason is not None)
            pages = marked.filter(lambda pair: pair[0] is None).map(lambda pair: pair[1])
        pages = pages.cache()
        learned: dict[str, list[Template]] = {}
        if templates:
            samples = pages.map(pattern_and_hashes).filter(lambda pair: pair is not None)
            learned = dict(samples.aggregateByKey([], keep_samples, merge_samples)
                           .map(lambda pair: (pair[0], learn_templates(pair[0], pair[1])))
                           .filter(lambda pair: bool(pair[1]))
                           .collect())
        shared = context.broadcast(learned)
        judged = pages.mapPartitions(lambda part: extract_pages(part, shared.value)).map(
            lambda row: _filtered(row, chosen)).cache()
        reasons.update((reason, count) for reason, count in judged.countByKey().items() if reason is not None)
        rows = judged.filter(lambda pair: pair[0] is None).map(lambda pair: pair[1])
        if fold_captures:  # one story once: the latest capture of each canonical URL, near-duplicates linked
            rows, decided = decide_stories(rows, order)
            reasons.update(decided)
        if output_format == "parquet":
            names = column_names()
            schema = StructType([StructField(name, ArrayType(StringType()) if name in LIST_FIELDS
                                             else StringType()) for name in names])
            cells = rows.map(lambda row: tuple(to_cell(name, row.get(name)) for name in names))
            spark.createDataFrame(cells, schema).write.mode("errorifexists").parquet(output)
        else:  # the JSON shape of extract-batch's lines: nulls kept, metadata an object
            rows.map(lambda row: json.dumps(row, ensure_ascii=False, default=json_value)).saveAsTextFile(output)
        count = judged.count()
        with_text = judged.filter(lambda pair: bool(pair[1].get("text"))).count()
        # Python workers outlive their tasks (spark.python.worker.reuse), so a task per core afterwards
        # reads the peak RSS that the extraction left in each worker process.
        slots = context.defaultParallelism
        peaks = context.parallelize(range(slots), slots).map(lambda _: (os.getpid(), _peak_rss())).collect()
    except Exception as error:
        if type(error).__name__ in {"AnalysisException", "Py4JJavaError", "IllegalArgumentException"}:
            raise SparkJobError(str(error).splitlines()[0]) from error
        raise
    finally:
        if "pages" in locals():
            pages.unpersist()
    peak_mb = round(max(rss for _, rss in peaks) / BYTES_PER_MB, 1) if peaks else None
    return SparkResult(count, with_text, len(learned), time.perf_counter() - started, output, peak_mb,
                       files=len(files), filtered=reasons)


# ------------------------------------------------------------------------------------------ command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="WARC files (.warc, .warc.gz) or saved pages (.html, .htm, .gz): files, folders or "
                             "globs, on any Hadoop file system (local, hdfs://, s3a://)")
    parser.add_argument("output", metavar="OUTPUT", help="output folder (must not exist): Parquet or JSON lines "
                                                         "part files")
    parser.add_argument("--master", default=None,
                        help=f"Spark master (default: spark-submit's, else {DEFAULT_MASTER})")
    parser.add_argument("--format", choices=FORMATS, default="parquet", dest="output_format",
                        help="parquet (default) or jsonl")
    parser.add_argument("--partitions", type=int, default=None, metavar="N",
                        help="spread the pages over N partitions (default: one task per input split)")
    parser.add_argument("--no-templates", action="store_false", dest="templates",
                        help="skip the reduce step that learns templates by URL pattern")
    parser.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                        help="a Spark setting, e.g. spark.executor.memory=4g (repeatable)")
    parser.add_argument("--overwrite", action="store_true", help="replace OUTPUT when it exists")
    parser.add_argument("--keep-captures", action="store_true",
                        help="write every capture of a story (by default the latest capture of each canonical URL)")
    add_filter_arguments(parser)


def command(args: argparse.Namespace) -> int:
    """``spark-extract``: prints the result as JSON on stdout; SparkJobError becomes a message on stderr."""
    config = {}
    for pair in args.conf:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SparkJobError(f"--conf {pair!r}: expected KEY=VALUE")
        config[key.strip()] = value.strip()
    try:
        page_filter = filter_from_args(args)
    except FilterError as error:
        raise SparkJobError(str(error)) from error
    master = args.master or (None if os.environ.get("SPARK_ENV_LOADED") else DEFAULT_MASTER)
    spark = spark_session(master, config=config)
    try:
        result = run(spark, args.inputs, args.output, args.output_format, args.templates, args.partitions,
                     overwrite=args.overwrite, page_filter=page_filter, base_url=args.base_url,
                     fold_captures=not args.keep_captures)
    finally:
        spark.stop()
    print(json.dumps(result.to_dict()))
    return 0


def cli_command(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> int:
    """The handler of ``python -m crawler spark-extract`` (crawler/cli/program.py): 1 with a message on failure."""
    try:
        return command(args)
    except SparkJobError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``spark-submit crawler/spark_job.py INPUT... OUTPUT``."""
    parser = argparse.ArgumentParser(prog="spark_job.py", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return cli_command(parser.parse_args(argv), parser)


if __name__ == "__main__":
    sys.exit(main())
