"""Every test can fail: read from the test modules' own code.

- no ``assert`` behind an ``if`` in a test function's body (directly, or in a loop, ``with`` or ``try`` block of
  it) when the other branch checks nothing: the test passes silently whenever the condition is false. Filter
  the data before asserting (``assert {p for p in paths if ...} <= found``), or split the cases into their own
  parametrized tests, each with what must hold;
- no ``assert`` of a constant (``assert True``);
- no ``except`` that swallows what its ``try`` block asserts.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
CHECKS = ("raises", "warns", "fail", "deprecated_call")  # pytest calls that fail a test as an assert does


def checks_something(nodes: list[ast.stmt]) -> bool:
    """Whether these statements hold an assert (or pytest.raises/warns/fail)."""
    for node in nodes:
        for inner in ast.walk(node):
            if isinstance(inner, ast.Assert):
                return True
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in CHECKS:
                return True
    return False


def functions_of(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node


def blocks(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a test's body, and of the loops, ``with`` and ``try`` blocks at its top level."""
    for statement in body:
        yield statement
        if isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)):
            yield from blocks(statement.body)


def problems(source: str, name: str = "<test>") -> list[str]:
    found = []
    tree = ast.parse(source)
    for function in functions_of(tree):
        where = f"{name}:{function.name}"
        for statement in blocks(function.body):
            if isinstance(statement, ast.If) and checks_something(statement.body) != checks_something(
                    statement.orelse):
                found.append(f"{where}:{statement.lineno}: assert behind `if {ast.unparse(statement.test)}`")
            if isinstance(statement, ast.Try) and checks_something(statement.body):
                for handler in statement.handlers:
                    if not checks_something(handler.body) and not any(
                            isinstance(node, ast.Raise) for inner in handler.body for node in ast.walk(inner)):
                        found.append(f"{where}:{handler.lineno}: `except` swallows the asserts of its `try`")
        for node in ast.walk(function):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Constant):
                found.append(f"{where}:{node.lineno}: assert of a constant")
    return found


def test_the_check_finds_each_kind_of_test_that_cannot_fail():
    guarded = "def test_a(page):\n    text = page.text\n    if text:\n        assert 'x' in text\n"
    in_a_loop = "def test_b(rows):\n    for row in rows:\n        if row.ok:\n            assert row.text\n"
    constant = "def test_c():\n    assert True\n"
    swallowed = "def test_d(f):\n    try:\n        assert f()\n    except AssertionError:\n        pass\n"
    assert [len(problems(source)) for source in (guarded, in_a_loop, constant, swallowed)] == [1, 1, 1, 1]
    both_branches = "def test_e(x):\n    if x:\n        assert x > 1\n    else:\n        assert x == 0\n"
    skip_guard = "def test_f(x):\n    if not x:\n        pytest.skip('no x')\n    assert x.ok\n"
    helper = "def page_of(x):\n    if x:\n        assert x.ok\n    return x\n"
    expected_error = ("def test_g(f):\n    try:\n        f()\n    except ValueError as error:\n"
                      "        assert 'x' in str(error)\n")
    assert [problems(source) for source in (both_branches, skip_guard, helper, expected_error)] == [[], [], [], []]


@pytest.mark.parametrize("path", sorted(TESTS.rglob("test_*.py")), ids=lambda path: path.name)
def test_every_test_can_fail(path: Path):
    assert problems(path.read_text(encoding="utf-8"), path.name) == []
