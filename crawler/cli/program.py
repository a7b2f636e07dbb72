"""``python -m crawler``: extract one page, score extractors on a data set, measure their speed, train bayes,
extract in bulk (extract-batch, spark-extract) and export the article store.

Each group of commands lives in its own module and adds its parsers here: ``pages`` (extract, explain),
``evaluation`` (evaluate, bench), ``training`` (train), ``crawler.bulk`` (extract-batch, spark-extract),
``crawler.storage.export``.

Exit codes: 0 done (an empty extraction is a result, not an error), 1 failure with a message on stderr,
2 usage error (argparse's own convention: unknown option, unknown extractor or peer name).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from crawler.extractors import available

from .. import __name__ as package_name
from .common import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, CliError
from .evaluation import add_bench_command, add_evaluate_command, selection_parser
from .pages import add_explain_command, add_extract_command, fetch, read_source
from .training import add_train_command

# The commands in the order `--help` lists them; a command's parser is built from its own module's defaults.
COMMANDS = ("extract", "evaluate", "explain", "bench", "train", "extract-batch", "export", "spark-extract")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every command's parser, or only ``command``'s when it is one of COMMANDS: the modules that build the other
    parsers (bulk extraction, storage, fitting, Spark) and what they load are then not imported."""
    names = ", ".join(available())
    parser = argparse.ArgumentParser(
        prog=f"python -m {package_name}",
        description="Main-text extraction from news pages: extract one page, evaluate extractors on a "
                    "data set with the shingle F1 of shared/EVALUATION.md, or measure their speed.",
        epilog="Exit codes: 0 done, 1 failure (message on stderr), 2 usage error.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    wanted = set(COMMANDS) if command not in COMMANDS else {command}
    if "extract" in wanted:
        add_extract_command(commands, names)
    if wanted & {"evaluate", "bench"}:
        selection = selection_parser(names)
    if "evaluate" in wanted:
        add_evaluate_command(commands, selection)
    if "explain" in wanted:
        add_explain_command(commands, names)
    if "bench" in wanted:
        add_bench_command(commands, selection)
    if "train" in wanted:
        add_train_command(commands)
    if "extract-batch" in wanted:
        from ..bulk.command import add_extract_batch_command

        add_extract_batch_command(commands)
    if "export" in wanted:
        from ..storage.export import add_export_command

        add_export_command(commands)
    if "spark-extract" in wanted:
        _add_spark_command(commands)
    return parser


def _add_spark_command(commands: Any) -> None:
    from ..bulk import spark_job

    spark_parser = commands.add_parser(
        "spark-extract", help="extract WARC files or saved pages with Spark (local, HDFS, S3 paths)",
        description="The crawl's extraction as a Spark job: pages grouped by URL pattern teach templates, then "
                    f"every page is extracted in the executors (--master {spark_job.DEFAULT_MASTER} is local). "
                    "Prints a JSON summary.",
    )
    spark_job.add_arguments(spark_parser)
    spark_parser.set_defaults(handler=spark_job.cli_command, command_parser=spark_parser)


def _command_named(argv: Sequence[str]) -> str | None:
    """The command the arguments name: the first, since the only option before it is --help (which lists all)."""
    return argv[0] if argv else None


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command_named(arguments))
    args = parser.parse_args(arguments)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a C-locale terminal must not crash on Chinese text
    try:
        return args.handler(args, args.command_parser)  # its usage line is the one to show on errors
    except CliError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `... | head` closed the pipe: what was wanted has been printed
        sys.stderr.close()
        return EXIT_OK


__all__ = ["CliError", "build_parser", "fetch", "main", "read_source"]
