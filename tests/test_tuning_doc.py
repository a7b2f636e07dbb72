"""docs/tuning.md is the record the code's constants point to: it must hold the values the code ships and name
commands that exist, with options they take."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "tuning.md"
# A table row: | `NAME` | module | value | ...
ROW = re.compile(r"^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*([a-z_.]+)\s*\|\s*([^|]+?)\s*\|", re.M)
# A command, in a code block (with its continuation lines joined) or in backticks.
COMMAND = re.compile(r"python -m ([\w.]+)((?: [^`\n]*)?)")


def _rows(text: str) -> list[tuple[str, str, str]]:
    return ROW.findall(text)


def _commands(text: str) -> list[tuple[str, str]]:
    return [(module, args.strip()) for module, args in COMMAND.findall(text.replace("\\\n", " "))]


def _module(name: str):
    for candidate in (f"crawler.extractors.{name}", f"crawler.{name}"):
        if importlib.util.find_spec(candidate.rsplit(".", 1)[0]) and importlib.util.find_spec(candidate):
            return importlib.import_module(candidate)
    raise AssertionError(f"no module crawler.extractors.{name} or crawler.{name}")


def _same(shipped: object, written: str) -> bool:
    if isinstance(shipped, bool) or not isinstance(shipped, (int, float)):
        return repr(shipped) == written
    return abs(shipped - float(written.replace(",", ""))) < 1e-9


def test_the_parsers_read_a_sample() -> None:
    sample = ("| `MAX_GAP` | templates.match | 2 | why |\n"
              "```\npython -m crawler.evaluation.crossval_steps --dataset $D/a \\\n    --grid X=1,2\n```\n"
              "see `python -m crawler bench --dataset $D/a --worker` too")
    assert _rows(sample) == [("MAX_GAP", "templates.match", "2")]
    assert _commands(sample) == [("crawler.evaluation.crossval_steps", "--dataset $D/a      --grid X=1,2"),
                                 ("crawler", "bench --dataset $D/a --worker")]


@pytest.mark.parametrize("name, module, value", _rows(DOC.read_text(encoding="utf-8")))
def test_each_constant_holds_the_value_the_record_gives(name: str, module: str, value: str) -> None:
    shipped = getattr(_module(module), name)
    assert _same(shipped, value), f"{module}.{name} is {shipped!r}, docs/tuning.md says {value}"


@pytest.mark.parametrize("module, args", _commands(DOC.read_text(encoding="utf-8")))
def test_each_command_exists_and_takes_its_options(module: str, args: str) -> None:
    if module == "crawler":
        from crawler.cli.program import build_parser

        command = args.split()[0]
        sources = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "crawler" / "cli").glob("*.py"))
        listed = re.findall(r"^    ([\w-]+)\s", build_parser().format_help(), re.M)
        assert command in listed, f"no command crawler {command} among {listed}"
    else:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin, f"no module {module}"
        sources = Path(spec.origin).read_text(encoding="utf-8")
    for option in re.findall(r"(--[a-z][a-z-]*)", args):
        assert f'"{option}"' in sources, f"{module} takes no {option}"


def pointing_constants(source: str) -> set[str]:
    """The constants whose comment (the lines of ``#`` right above them) points to docs/tuning.md."""
    found = set()
    lines = source.splitlines()
    for i, line in enumerate(lines):
        if "docs/tuning.md" in line and line.lstrip().startswith("#"):
            following = next((row for row in lines[i + 1:] if not row.lstrip().startswith("#")), "")
            found.update(re.findall(r"^([A-Z][A-Z0-9_]*) = ", following))
    return found


def test_pointing_constants_reads_a_sample() -> None:
    sample = "# Why; docs/tuning.md.\nLIMIT = 3\n# why, docs/tuning.md\ndef f():\n    pass\nOTHER = 1\n"
    assert pointing_constants(sample) == {"LIMIT"}


def test_the_record_covers_the_constants_the_code_points_to_it_for() -> None:
    named = {name for name, _, _ in _rows(DOC.read_text(encoding="utf-8"))}
    pointing = set().union(*(pointing_constants(path.read_text(encoding="utf-8"))
                             for path in (ROOT / "crawler").rglob("*.py")))
    assert len(pointing) > 10
    assert pointing - named == set()
