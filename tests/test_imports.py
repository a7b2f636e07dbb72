"""The house's layers point one way: read from the package's own imports.

- no import circle between the package's modules (imports inside functions count: a lazy import is still a
  dependency; imports under ``if TYPE_CHECKING`` do not);
- no module takes another module's private (``_name``) names;
- the extraction library, the page job, storage and bulk extraction load without Scrapy;
- layers point one way (README "Architecture"): the extraction library imports only itself, the page job only the
  library, and the front ends only what stands below them: storage -> bulk extraction, the crawl (Scrapy) ->
  evaluation -> explain -> the command line.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "crawler"


@functools.cache
def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _names_type_checking(node.test):
            inside |= {id(child) for child in ast.walk(node)}
    return inside


def _names_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:``, ``if typing.TYPE_CHECKING:``, and either inside a larger condition."""
    return any((isinstance(node, ast.Name) and node.id == "TYPE_CHECKING")
               or (isinstance(node, ast.Attribute) and node.attr == "TYPE_CHECKING") for node in ast.walk(test))


@functools.cache
def _parsed(path: Path) -> ast.Module:
    """Each module parsed once for the whole file's tests (the graph walks read modules many times)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _imports(name: str, path: Path) -> list[tuple[str, list[str]]]:
    """(imported module of the package, names taken from it) for every import of one module, read once for the
    file's tests."""
    modules = _modules()
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    tree = _parsed(path)
    skipped = _type_checking_nodes(tree)
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base_parts = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join(base_parts + ([node.module] if node.module else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in modules:  # "from . import module"
                    found.append((target, []))
                elif base in modules:
                    found.append((base, [alias.name]))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target:
                    found.append((target, []))
    return found


@functools.cache
def _graph() -> dict[str, set[str]]:
    """The package's import graph, built once for the file's tests (none of them changes it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, _ in _imports(name, path):
            if target != name:
                graph[name].add(target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.slow
def test_no_import_circle_between_the_package_modules():
    assert _circles(_graph()) == []


def test_no_module_takes_another_modules_private_names():
    modules = _modules()
    private = []
    for name, path in modules.items():
        for target, names in _imports(name, path):
            private += [f"{name} takes {target}.{n}" for n in names if n.startswith("_") and not n.startswith("__")]
        for node in ast.walk(_parsed(path)):  # module()._name: a private name reached through a lazily imported module
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call)
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                private.append(f"{name}: {ast.unparse(node)}")
    assert private == []


@pytest.mark.slow
def test_the_library_page_job_storage_and_bulk_extraction_load_without_scrapy():
    code = ("import sys, crawler.extractors, crawler.extractors.cascade.learning, crawler.storage, "
            "crawler.storage.export, crawler.bulk.batch, crawler.bulk.chunks, crawler.bulk.spark_job, crawler.pagejob, "
            "crawler.cli; "
            "crawler.cli.program.build_parser(); print('scrapy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


# The layers, lowest first, by module name; a module belongs to the first layer whose prefix it starts with.
LAYERS = {
    "kernels": ("crawler.kernels",),
    "library": ("crawler.extractors", "crawler.sqlite", "crawler.setting_names"),
    "page job": ("crawler.pagejob",),
    "storage": ("crawler.storage",),
    "bulk": ("crawler.bulk", "crawler.spark_job"),
    "crawl": ("crawler.settings", "crawler.items", "crawler.pipelines", "crawler.middlewares", "crawler.addon",
              "crawler.scheduler", "crawler.incremental", "crawler.identity", "crawler.progress",
              "crawler.logformatter", "crawler.exporters", "crawler.distributed", "crawler.spiders",
              "crawler.commands", "crawler.sample_site", "crawler.components", "crawler.storage_pipeline",
              "crawler.extraction_service", "crawler.gctuning", "crawler.statscollector"),
    "evaluation": ("crawler.evaluation",),
    "explain": ("crawler.explain",),
    "cli": ("crawler.cli", "crawler.__main__"),
}
# What each layer may import besides itself: everything below it in this one-way order.
MAY_IMPORT = {
    "kernels": set(),
    "library": {"kernels"},
    "page job": {"kernels", "library"},
    "storage": {"kernels", "library", "page job"},
    "bulk": {"kernels", "library", "page job", "storage"},
    "crawl": {"kernels", "library", "page job", "storage"},
    "evaluation": {"kernels", "library", "page job", "storage", "bulk", "crawl"},
    "explain": {"kernels", "library", "page job", "evaluation", "crawl"},
    "cli": {"kernels", "library", "page job", "storage", "bulk", "evaluation", "explain"},
}
# Layers that must run without Scrapy (and its Twisted and itemadapter), lazy imports included.
SCRAPY_FREE = ("kernels", "library", "page job", "storage", "bulk", "cli")
SCRAPY_PACKAGES = ("scrapy", "twisted", "itemadapter")


def _layer(module: str) -> str | None:
    for layer, prefixes in LAYERS.items():
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return layer
    return None


def test_every_module_of_the_package_has_a_layer():
    assert [name for name in _modules() if name != "crawler" and _layer(name) is None] == []


def test_the_layer_rule_catches_an_import_upwards():
    graph = {"crawler.extractors.a": {"crawler.pagejob.job"}, "crawler.pagejob.job": {"crawler.extractors.a"}}
    assert _upward_imports(graph) == ["crawler.extractors.a (library) imports crawler.pagejob.job (page job)"]


def _upward_imports(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for name, targets in sorted(graph.items()):
        layer = _layer(name)
        for target in sorted(targets):
            other = _layer(target)
            if layer and other and other != layer and other not in MAY_IMPORT[layer]:
                found.append(f"{name} ({layer}) imports {target} ({other})")
    return found


def test_layers_point_one_way():
    assert _upward_imports(_graph()) == []


@functools.cache
def _third_party_imports(path: Path) -> frozenset[str]:
    tree = _parsed(path)
    skipped = _type_checking_nodes(tree)
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
    return frozenset(found)


@pytest.mark.slow
def test_scrapy_free_layers_never_reach_scrapy_even_lazily():
    """Read from the source, imports inside functions included: a batch worker or a Spark executor that imports
    the crawl's pipeline to build a row pays Scrapy's start-up in every process."""
    modules = _modules()
    graph = _graph()
    reaching = []
    for name in sorted(modules):
        if _layer(name) not in SCRAPY_FREE:
            continue
        seen, todo = {name}, [name]
        while todo:
            current = todo.pop()
            used = _third_party_imports(modules[current]) & set(SCRAPY_PACKAGES)
            if used:
                reaching.append(f"{name} reaches {', '.join(sorted(used))} through {current}")
                break
            for target in graph[current] - seen:
                seen.add(target)
                todo.append(target)
    assert reaching == []
