"""``python -m crawler extract-batch``: the command line of the resumable bulk run (``crawler.bulk.batch``): its
arguments, one line for an input or output that cannot be used (``error: ...``, exit 1), the line Ctrl-C prints
(how far it got, how to resume; exit 130), the closing summary line on stderr and the JSON summary on stdout."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import multiprocessing
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .batch import (
    DEFAULT_START_METHOD,
    EXIT_INTERRUPTED,
    STATE_SUFFIX,
    TEMPLATE_MODES,
    TEMPLATE_STORE_SUFFIX,
    BatchState,
    run_batch,
)
from .filters import FilterError, add_filter_arguments, filter_from_args
from .progress import interrupted_line, summary_line
from .readers import BatchError
from .writers import PARTITION_COLUMNS, WriteFailed


@contextlib.contextmanager
def logging_through_progress_bar() -> Iterator[None]:
    """Log lines printed above the progress bar instead of through it."""
    from tqdm.contrib.logging import logging_redirect_tqdm

    with logging_redirect_tqdm():
        yield


def command_extract_batch(args: Any, parser: Any) -> int:
    """``extract-batch``: the summary (JSON) on stdout, skipped records and failures logged on stderr."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        page_filter = filter_from_args(args)
        with logging_through_progress_bar():
            result = run_batch(args.inputs, args.output, workers=args.workers, templates=args.templates,
                               template_store=args.template_store, overwrite=args.overwrite,
                               progress=args.progress, start_method=args.start_method,
                               page_filter=page_filter, base_url=args.base_url,
                               fold_captures=not args.keep_captures, partition_by=args.partition_by)
    except (BatchError, FilterError, WriteFailed) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # the state file holds what is durable: the same command resumes from it
        state = _state_or_none(Path(args.output).with_name(Path(args.output).name + STATE_SUFFIX))
        print(interrupted_line(args.output, state.records_done if state else 0,
                               (state.counts if state else {}).get("pages", 0)), file=sys.stderr)
        return EXIT_INTERRUPTED
    if result.already_done:
        print(f"{args.output}: already complete (state {args.output}{STATE_SUFFIX}); --overwrite to redo it",
              file=sys.stderr)
    else:
        print(summary_line(args.output, result.counts, result.rows_this_run, result.resumed_from), file=sys.stderr)
    sys.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
    return 0


def _state_or_none(path: Path) -> BatchState | None:
    try:
        return BatchState.load(path)
    except BatchError:
        return None


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
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="folders, .warc[.gz], .arc[.gz], .jsonl[.gz], or a paths file (.paths, .paths.gz, "
                             ".txt: one archive path or http(s) URL a line)")
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
                        help="progress bar on stderr: the inputs' bytes with a total and an ETA, pages "
                             "beside them (default: when stderr is a terminal)")
    parser.add_argument("--start-method", default=DEFAULT_START_METHOD,
                        choices=multiprocessing.get_all_start_methods(),
                        help=f"how workers start (default: {DEFAULT_START_METHOD})")
    parser.add_argument("--partition-by", choices=tuple(PARTITION_COLUMNS), metavar="KEY",
                        help="a .parquet output as a folder of partitions by date (of publication), language or "
                             "site (registrable domain)")
    parser.add_argument("--keep-captures", action="store_true",
                        help="write every capture of a story (by default the captures of one canonical URL give one "
                             "row, the latest capture's)")
    add_filter_arguments(parser)
    parser.set_defaults(handler=command_extract_batch, command_parser=parser)


__all__ = ["add_extract_batch_command", "command_extract_batch", "logging_through_progress_bar"]
