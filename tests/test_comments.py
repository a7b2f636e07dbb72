"""Comments explain, records measure: the library's comments and docstrings name no data set, quote no profiler
figure or before -> after timing, and cite no issue number (figures live in docs/ beside the command that
regenerates them, docs/tuning.md). ``crawler/evaluation/`` measures the data sets and may name them.

Comments are read with ``tokenize`` and docstrings as the string that opens a module, class or function, in .py
and .pyx files alike (Cython's syntax tokenizes as Python's does), so code strings such as a CLI help text or a CSS
colour are not read.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "crawler"
MEASURING = PACKAGE / "evaluation"

# The shared data sets by name; "modern" and "readability" are also English and a peer library, so they count only
# where they read as a data set ("the modern set", "modern 0.775", "scrapinghub / modern") or, for readability,
# anywhere but as the peer's own name (Readability.js, readability-lxml).
DATA_SET = re.compile(
    r"scrapinghub|\bwcxb\b|zh[-_ ]news|cleaneval"
    r"|\bmodern(?:\s+(?:sets?|pages?|data\b|gold\b)|\s*[/,]\s*\w|\s+\d)|(?:/\s*|datasets/|\bon\s+)modern\b"
    r"|\breadability\b(?!\.js|-lxml)",
    re.I,
)
# Profilers, instruction counts, and before -> after or per-call timings.
MEASUREMENT = re.compile(
    r"callgrind|cachegrind|py-spy|\bcProfile\b|\btimeit\b"
    r"|\d[\d.,]*\s*(?:[kMG]|million|billion|thousand)?\s+instructions\b"
    r"|\d[\d.,]*\s*(?:[kMG]|ms|us|µs|s|%)?\s*(?:->|→)\s*\d"
    r"|\bfrom\s+\d[\d.,]*\s*(?:ms|us|µs|%|[kM])?\s+to\s+\d[\d.,]*\s*(?:ms|us|µs|%|[kM])\b"
    r"|\d[\d.,]*\s*(?:ms|us|µs)\s+(?:a|an|per)\s+(?:page|call|record|line|block|article|text|search|read|sample)\b"
    r"|\d[\d.,]*\s*%\s+of\s+(?:[\w']+\s+){0,4}?(?:CPU|time|instructions)\b"
)
ISSUE = re.compile(r"\bissues?\s+#?\d+|\(#\d+\)", re.I)
RULES = (("data set", DATA_SET), ("measurement", MEASUREMENT), ("issue number", ISSUE))


def prose_lines(source: str) -> list[tuple[int, str]]:
    """(line number, text) of every comment and docstring line of a Python or Cython source."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    found: list[tuple[int, str]] = []
    before = tokenize.NEWLINE
    for i, token in enumerate(tokens):
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
        elif token.type == tokenize.STRING and before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            j = i + 1
            while j < len(tokens) and tokens[j].type in (tokenize.NL, tokenize.COMMENT):
                j += 1
            if j == len(tokens) or tokens[j].type in (tokenize.NEWLINE, tokenize.ENDMARKER):  # a string standing alone
                found += [(token.start[0] + k, line) for k, line in enumerate(token.string.splitlines())]
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            before = token.type
    return found


def offences(source: str) -> list[tuple[int, str, str]]:
    """(line number, rule, line) for each comment or docstring line that breaks a rule."""
    return [(number, rule, line.strip()) for number, line in prose_lines(source)
            for rule, pattern in RULES if pattern.search(line)]


def _library_files() -> list[Path]:
    return sorted(path for suffix in ("*.py", "*.pyx") for path in PACKAGE.rglob(suffix)
                  if MEASURING not in path.parents)


SAMPLE = '''"""A module. Measured on scrapinghub: F1 0.968 -> 0.972 (issue 13)."""
import re

HELP = "a scrapinghub layout folder"  # code, not prose: not read
# Readability.js's scoring and readability-lxml's are the peers' own names; processing instructions are XML.
# Modern browsers and a modern layout are English; issue a request; 3 levels up; ß -> ss.
WEIGHT = 0.5  # on the modern set 28 of 57 threads declare it
LIMIT = 3  # the readability set gains 0.008


def f():
    """Took 21.08M -> 18.08M instructions (callgrind)."""
    x = 1  # 0.71 -> 0.15 ms a page, py-spy
    return x  # issues 16 and 17; 29 us a call


# 2.4 % of the crawl process's CPU; the first 5 % of the text is the page's edge.


class C:
    """Gathers pages; zh-news and wcxb pages too."""
'''


def test_the_rules_find_each_kind_in_a_sample_and_pass_the_legitimate_words() -> None:
    found = offences(SAMPLE)
    by_line: dict[int, set[str]] = {}
    for number, rule, _ in found:
        by_line.setdefault(number, set()).add(rule)
    assert by_line == {
        1: {"data set", "measurement", "issue number"},
        7: {"data set"},
        8: {"data set"},
        12: {"measurement"},
        13: {"measurement"},
        14: {"issue number", "measurement"},
        17: {"measurement"},
        21: {"data set"},
    }


def test_prose_lines_reads_comments_and_docstrings_not_code_strings() -> None:
    lines = dict(prose_lines(SAMPLE))
    assert 4 in lines and "code, not prose" in lines[4]
    assert "a scrapinghub layout folder" not in "".join(lines.values())
    assert 12 in lines and 21 in lines  # a function's and a class's docstring


@pytest.mark.parametrize("path", _library_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_library_prose_names_no_data_set_figure_or_issue(path: Path) -> None:
    found = offences(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{number}: {rule}: {line}" for number, rule, line in found)


def test_every_library_file_is_read() -> None:
    files = _library_files()
    assert any(path.suffix == ".pyx" for path in files)
    assert not any(MEASURING in path.parents for path in files)
    assert len(files) > 100
