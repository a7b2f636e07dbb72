"""``python -m crawler``: extract one page, score extractors on a data set, measure their speed, train bayes,
extract in bulk (extract-batch, spark-extract) and export the article store.

Each group of commands lives in its own module and adds its parsers here: ``pages`` (extract, explain),
``evaluation`` (evaluate, bench, train), ``crawler.bulk`` (extract-batch, spark-extract), ``crawler.storage.export``.

Exit codes: 0 done (an empty extraction is a result, not an error), 1 failure with a message on stderr,
2 usage error (argparse's own convention: unknown option, unknown extractor or peer name).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from crawler.extractors import available

from .. import __name__ as package_name
from .common import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, CliError
from .evaluation import add_bench_command, add_evaluate_command, add_train_command, selection_parser
from .pages import add_explain_command, add_extract_command, fetch, read_source


def build_parser() -> argparse.ArgumentParser:
    names = ", ".join(available())
    parser = argparse.ArgumentParser(
        prog=f"python -m {package_name}",
        description="Main-text extraction from news pages: extract one page, evaluate extractors on a "
                    "data set with the shingle F1 of shared/EVALUATION.md, or measure their speed.",
        epilog="Exit codes: 0 done, 1 failure (message on stderr), 2 usage error.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # In the order `--help` lists them.
    add_extract_command(commands, names)
    selection = selection_parser(names)
    add_evaluate_command(commands, selection)
    add_explain_command(commands, names)
    add_bench_command(commands, selection)
    add_train_command(commands)

    from ..bulk.command import add_extract_batch_command

    add_extract_batch_command(commands)

    from ..storage.export import add_export_command

    add_export_command(commands)

    from ..bulk import spark_job

    spark_parser = commands.add_parser(
        "spark-extract", help="extract WARC files or saved pages with Spark (local, HDFS, S3 paths)",
        description="The crawl's extraction as a Spark job: pages grouped by URL pattern teach templates, then "
                    f"every page is extracted in the executors (--master {spark_job.DEFAULT_MASTER} is local). "
                    "Prints a JSON summary.",
    )
    spark_job.add_arguments(spark_parser)
    spark_parser.set_defaults(handler=spark_job.cli_command, command_parser=spark_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
