"""The package looks finished: a version, a licence, type information, and every imported package declared."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import re
import sys
from pathlib import Path

import pytest

import crawler

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; 3.10 has no TOML reader of its own

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _requirement_name(spec: str) -> str:
    return re.split(r"[\s<>=!~;\[]", spec, maxsplit=1)[0].lower().replace("_", "-")


def _declared() -> set[str]:
    project = PYPROJECT["project"]
    names = {_requirement_name(spec) for spec in PYPROJECT["tool"]["newscrawler"]["dependencies"]}
    for extra in project.get("optional-dependencies", {}).values():
        names |= {_requirement_name(spec) for spec in extra}
    return names


def _top_level_imports() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "crawler").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"crawler"}


def test_version_matches_the_installed_distribution():
    assert crawler.__version__ == importlib.metadata.version("newscrawler")


def test_licence_and_type_marker_ship_with_the_package():
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert (ROOT / "crawler" / "py.typed").exists()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["crawler"]
    assert any(c.startswith("Framework :: Scrapy") for c in PYPROJECT["project"]["classifiers"])


@pytest.mark.slow
def test_every_imported_package_is_declared():
    distributions = importlib.metadata.packages_distributions()
    declared = _declared()
    missing, not_installed = [], []
    for module in sorted(_top_level_imports()):
        if module not in distributions and importlib.util.find_spec(module) is None:
            not_installed.append(module)  # an optional extra's import: its distribution's name is unknown here
            continue
        dists = {d.lower().replace("_", "-") for d in distributions.get(module, [module])}
        if not dists & declared:
            missing.append(f"{module} ({', '.join(sorted(dists))})")
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
    if not_installed:
        pytest.skip(f"installed imports checked; not installed, so unchecked: {', '.join(not_installed)} "
                    f"(pip install -e '.[peers,distributed]')")


def test_the_compiled_walk_pins_the_runtime_lxml_to_the_build_s():
    """setup.py's dependencies: lxml pinned to the version the compiled walk is built against (pip then installs
    it), the listed requirement when the walk is not built; every other dependency as pyproject.toml lists it."""
    import importlib.util

    import lxml.etree
    from setuptools import Extension

    spec = importlib.util.spec_from_file_location("newscrawler_setup", ROOT / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    listed = PYPROJECT["tool"]["newscrawler"]["dependencies"]
    assert "dependencies" in PYPROJECT["project"]["dynamic"] and "dependencies" not in PYPROJECT["project"]
    with_walk = setup.dependencies([Extension("crawler.kernels.cwalk", ["crawler/kernels/cwalk.pyx"])])
    assert f"lxml=={lxml.etree.__version__}" in with_walk and "lxml>=5.2" in listed
    assert [r for r in with_walk if not r.startswith("lxml==")] == [r for r in listed if r != "lxml>=5.2"]
    assert setup.dependencies([]) == listed
