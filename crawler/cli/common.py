"""What the commands of ``python -m crawler`` share: exit codes, the error a user can act on, small argument
types."""

from __future__ import annotations

import argparse
import sys

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2  # what argparse uses for parser.error
EXIT_INTERRUPTED = 130  # shell convention: 128 + SIGINT
ALL = "all"
NONE = "none"


class CliError(Exception):
    """A failure the user can act on; main() prints it and exits with EXIT_FAILURE."""


def write(text: str) -> None:
    """One block of output on stdout, ending with a new line."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def split_names(spec: str) -> list[str]:
    return [name.strip() for name in spec.split(",") if name.strip()]


def positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from error
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return number
