"""README and docs/ tell the truth about the commands they show.

- every ``python -m crawler...`` command in a code block or a "Regenerate:" line parses with the real argument
  parser (the program is stopped right after parsing), and every flag of an inline one is in its ``--help``;
- every ``scrapy crawl news`` command uses known spider arguments (``-a``) and documented settings (``-s``);
- every table of figures names, on the line above it, the command that regenerates it;
- every ``crawler/``, ``tests/``, ``samples/`` path and every link to another doc exists;
- README is a front door: at most 250 lines, its install and test commands within its first 60 lines, and CI
  runs its test command.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import itertools
import re
import runpy
import shlex
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from crawler.spiders.arguments import SCRAPY_ARGUMENTS, SPIDER_ARGUMENTS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
README_MAX_LINES = 250  # issue: a front door of one screen, ~200 lines, hard max 250
FIRST_SCREEN = 60  # the install and test commands must be seen without scrolling far
REGENERATE = "Regenerate:"
NUMBER = re.compile(r"[~≈<>]?\s*[-+−]?\d[\d,.]*\s*(%|×|x|s|ms|µs|MB|GB|KB)?"
                    r"(\s*(±|/|–|-)\s*[-+−]?\d[\d,.]*\s*(%|×|x|s|ms|µs|MB|GB|KB)?)*")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def code_blocks(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) of every line inside a fenced shell code block, continuation lines joined."""
    inside, language, pending, start = False, "", "", 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            inside, language = not inside, line[3:].strip()
            continue
        if not inside or language not in {"bash", "sh", "shell", ""}:
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        yield start, pending + line
        pending = ""


def shell_commands(line: str) -> list[list[str]]:
    """The simple commands of one shell line, as tokens (comments, ``&&``, ``;``, ``|`` and ``&`` split off)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    commands: list[list[str]] = [[]]
    for token in lexer:
        if token and set(token) <= set(";&|"):
            commands.append([])
        else:
            commands[-1].append(token)
    return [command for command in commands if command]


def inline_code(line: str) -> list[str]:
    return re.findall(r"`([^`]+)`", line)


def crawler_command(tokens: list[str]) -> tuple[str, list[str]] | None:
    """(module, arguments) of ``python -m crawler...`` tokens, else None."""
    if len(tokens) >= 3 and re.fullmatch(r"python3?", tokens[0]) and tokens[1] == "-m" and \
            (tokens[2] == "crawler" or tokens[2].startswith("crawler.")):
        return tokens[2], tokens[3:]
    return None


def documented_commands(full: bool) -> list[tuple[str, str, list[str]]]:
    """(where, module, arguments) of the crawler commands in code blocks and Regenerate lines (``full``), or
    in inline code elsewhere (not ``full``)."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        shown: list[tuple[int, str]] = []
        if full:
            shown += list(code_blocks(text))
            shown += [(number, span) for number, line in enumerate(text.splitlines(), 1)
                      if line.startswith(REGENERATE) for span in inline_code(line)]
        else:
            shown += [(number, span) for number, line in enumerate(text.splitlines(), 1)
                      if not line.startswith(REGENERATE) for span in inline_code(line)]
        for number, line in shown:
            for tokens in shell_commands(line):
                command = crawler_command(tokens)
                if command:
                    found.append((f"{relative(page)}:{number}", *command))
    return found


class Parsed(Exception):
    """Raised by the patched parser once a program's arguments parsed: the program goes no further."""


@contextlib.contextmanager
def stopped_after_parsing(module: str, arguments: list[str]) -> Iterator[None]:
    depth = [0]
    originals = {name: getattr(argparse.ArgumentParser, name) for name in ("parse_args", "parse_known_args")}

    def stopping(name: str):
        def parse(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> object:
            depth[0] += 1
            try:
                result = originals[name](self, *args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0] == 0:  # the program's own call, not a subcommand's parse inside it
                raise Parsed(result)
            return result
        return parse

    saved_argv = sys.argv
    sys.argv = [module, *arguments]
    try:
        for name in originals:
            setattr(argparse.ArgumentParser, name, stopping(name))
        yield
    finally:
        for name, original in originals.items():
            setattr(argparse.ArgumentParser, name, original)
        sys.argv = saved_argv


def run_parser(module: str, arguments: list[str]) -> tuple[str, int | str | None]:
    """What the program printed and how it ended: "parsed", or its exit code."""
    output = io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stdout(output), contextlib.redirect_stderr(output), \
            stopped_after_parsing(module, arguments):
        warnings.simplefilter("ignore", RuntimeWarning)  # runpy: the module is already imported
        try:
            runpy.run_module(module, run_name="__main__", alter_sys=False)
        except Parsed:
            return output.getvalue(), "parsed"
        except SystemExit as end:
            return output.getvalue(), end.code
    return output.getvalue(), "ran without parsing arguments"


FULL = documented_commands(full=True)
INLINE = documented_commands(full=False)


def test_the_docs_show_commands_to_check():
    modules = {module for _, module, _ in FULL}
    assert "crawler" in modules and len(FULL) >= 10, FULL


@pytest.mark.parametrize(("where", "module", "arguments"), FULL, ids=[where for where, _, _ in FULL])
def test_every_shown_command_parses(where: str, module: str, arguments: list[str]) -> None:
    output, ended = run_parser(module, arguments)
    assert ended == "parsed", f"{where}: python -m {module} {shlex.join(arguments)} -> {ended}\n{output}"


def subcommand(module: str, arguments: list[str]) -> list[str]:
    if module == "crawler" and arguments and not arguments[0].startswith("-"):
        return arguments[:1]
    return []


@pytest.mark.parametrize(("where", "module", "arguments"), INLINE, ids=[where for where, _, _ in INLINE])
def test_every_inline_command_names_a_real_command_and_flags(where: str, module: str, arguments: list[str]) -> None:
    output, ended = run_parser(module, [*subcommand(module, arguments), "--help"])
    assert ended == 0, f"{where}: python -m {module} has no such command\n{output}"
    unknown = [flag.split("=")[0] for flag in arguments if flag.startswith("--")
               and not re.search(rf"{re.escape(flag.split('=')[0])}\b", output)]
    assert unknown == [], f"{where}: not options of python -m {module}: {unknown}"


def test_the_parser_check_can_fail():
    assert run_parser("crawler", ["evaluate", "--dataset", "x", "--no-such-flag"])[1] == 2
    assert run_parser("crawler", ["no-such-command"])[1] == 2
    assert run_parser("crawler", ["extract", "page.html"])[1] == "parsed"


def documented_settings() -> set[str]:
    text = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    return {name for line in text.splitlines() if line.startswith("| ")
            for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1])}


def scrapy_crawls() -> Iterator[tuple[str, list[str]]]:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        lines = [*code_blocks(text), *((n, span) for n, line in enumerate(text.splitlines(), 1)
                                        for span in inline_code(line))]
        for number, line in lines:
            for tokens in shell_commands(line):
                if tokens[:3] == ["scrapy", "crawl", "news"]:
                    yield f"{relative(page)}:{number}", tokens[3:]


def test_scrapy_crawls_use_known_spider_arguments_and_documented_settings():
    known_arguments = set(SPIDER_ARGUMENTS) | set(SCRAPY_ARGUMENTS)
    settings = documented_settings()
    crawls = list(scrapy_crawls())
    assert len(crawls) >= 5
    wrong = []
    for where, tokens in crawls:
        for option, value in itertools.pairwise(tokens):
            name = value.split("=")[0]
            if (option == "-a" and name not in known_arguments) or (option == "-s" and name not in settings):
                wrong.append(f"{where}: {option} {value}")
    assert wrong == []


def is_number(cell: str) -> bool:
    return bool(NUMBER.fullmatch(cell.replace("*", "").replace("`", "").strip()))


def tables(text: str) -> Iterator[tuple[int, list[str], list[list[str]]]]:
    """(line of the header, lines above it, body rows as cells) of every Markdown table."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].startswith("|") and index + 1 < len(lines) and re.match(r"\|\s*:?-", lines[index + 1]):
            end = index + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[index + 2:end]]
            yield index + 1, lines[:index], rows
            index = end
        else:
            index += 1


def is_figure_table(rows: list[list[str]]) -> bool:
    """Most cells beside the first column are numbers: measured figures, not a reference table."""
    cells = [cell for row in rows for cell in row[1:] if cell and cell != "–"]
    return bool(cells) and sum(map(is_number, cells)) * 2 > len(cells)


def test_the_figure_table_test_tells_figures_from_reference_tables():
    assert is_figure_table([["default", "0.976 ± 0.003", "**0.963**", "131–136"], ["x", "12 %", "3.2×", "78"]])
    assert not is_figure_table([["`EXTRACTION_WORKERS`", "one per core", "processes that extract", "pipelines"]])


def test_every_table_of_figures_names_the_command_that_regenerates_it():
    unnamed = []
    for page in PAGES:
        for number, above, rows in tables(page.read_text(encoding="utf-8")):
            if not is_figure_table(rows):
                continue
            previous = next((line for line in reversed(above) if line.strip()), "")
            commands = [span for span in inline_code(previous) if crawler_command(shlex.split(span))]
            if not previous.startswith(REGENERATE) or not commands:
                unnamed.append(f"{relative(page)}:{number}")
    assert unnamed == [], f"tables of figures without a '{REGENERATE} `python -m crawler ...`' line above"


def test_paths_and_links_in_the_docs_exist():
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for path in re.findall(r"`((?:crawler|tests|samples|docs)/[\w./*-]*)`", text):
            if not any(ROOT.glob(path.rstrip("/"))):
                missing.append(f"{relative(page)}: {path}")
        for link in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", text):
            if not (page.parent / link).exists():
                missing.append(f"{relative(page)}: link {link}")
    assert missing == []


def test_a_name_given_beside_a_path_is_in_that_file():
    """``crawler/x.py`` (``Name``): the settings reference says which class or function reads a setting."""
    missing = []
    for page in PAGES:
        for path, name in re.findall(r"`((?:crawler|tests)/[\w/]+\.py)` \(`(\w+)`\)", page.read_text(encoding="utf-8")):
            file = ROOT / path
            if file.exists() and not re.search(rf"\b{name}\b", file.read_text(encoding="utf-8")):
                missing.append(f"{relative(page)}: {name} is not in {path}")
    assert missing == []


def resolves(dotted: str) -> bool:
    """A module, or a name in a module, that exists; True too when only an extra's package is missing."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as error:
            if error.name and not error.name.startswith("crawler"):
                return True  # e.g. scrapy_redis of the distributed extra
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


def test_modules_and_names_in_the_docs_exist():
    missing = []
    for page in PAGES:
        for span in inline_code(page.read_text(encoding="utf-8")):
            for dotted in re.findall(r"^(crawler(?:\.[A-Za-z_]\w*)+)", span):
                if not resolves(dotted):
                    missing.append(f"{relative(page)}: {dotted}")
    assert missing == []


def readme_command(word: str) -> tuple[int, str]:
    """The first line of README's code blocks holding ``word``, and its number."""
    for number, line in code_blocks(README.read_text(encoding="utf-8")):
        if word in line:
            return number, line.split("#")[0].strip()
    raise AssertionError(f"README shows no command with {word!r}")


def test_readme_is_a_front_door():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= README_MAX_LINES
    install_line, _ = readme_command("pip install")
    test_line, _ = readme_command("pytest")
    assert install_line <= FIRST_SCREEN and test_line <= FIRST_SCREEN


def test_ci_runs_readmes_test_command():
    _, command = readme_command("pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("python3 ", "python ")
    assert command.replace("python3 ", "python ") in ci
