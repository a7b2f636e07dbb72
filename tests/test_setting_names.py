"""One name per setting (crawler/setting_names.py): the old names are still read, with a DeprecationWarning (and
a warning in the crawl's log for Scrapy settings); the settings reference, docs/settings.md, names every setting
and environment variable the package reads, and every setting of the project's settings.py."""

from __future__ import annotations

import ast
import functools
import logging
import re
import warnings
from pathlib import Path

import pytest
from scrapy.settings import Settings

from crawler.extractors.templates.extractor import TemplateExtractor
from crawler.extractors.templates.store import ENV_STORE_PATH, SqliteTemplateStore
from crawler.setting_names import RENAMED_ENVIRONMENT, RENAMED_SETTINGS, environment_value, setting_name

ROOT = Path(__file__).resolve().parents[1]
# Methods that read a setting by name (Scrapy's BaseSettings), and the ones that read it through an old name.
# Environment variables handed on to subprocesses as they are (benchmarks), not settings of the package.
PASSED_ON = {"PYTHONPATH"}
READERS = {"get", "getbool", "getint", "getfloat", "getlist", "getdict", "getdictorlist", "getwithbase",
           "getpriority", "setting_name", "environment_value"}


def test_the_template_store_variable_has_the_settings_name():
    assert ENV_STORE_PATH == "EXTRACTION_TEMPLATE_STORE"
    assert RENAMED_ENVIRONMENT == {"CRAWLER_TEMPLATE_STORE": "EXTRACTION_TEMPLATE_STORE"}


def test_the_template_store_is_read_from_the_new_variable_without_a_warning(tmp_path, monkeypatch):
    monkeypatch.delenv("CRAWLER_TEMPLATE_STORE", raising=False)
    monkeypatch.setenv("EXTRACTION_TEMPLATE_STORE", str(tmp_path / "new.sqlite"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store = TemplateExtractor().store
    assert isinstance(store, SqliteTemplateStore) and store.path == tmp_path / "new.sqlite"
    store.close()


def test_the_old_template_store_variable_still_works_and_warns(tmp_path, monkeypatch):
    monkeypatch.delenv("EXTRACTION_TEMPLATE_STORE", raising=False)
    monkeypatch.setenv("CRAWLER_TEMPLATE_STORE", str(tmp_path / "old.sqlite"))
    with pytest.warns(DeprecationWarning, match="CRAWLER_TEMPLATE_STORE is deprecated.*EXTRACTION_TEMPLATE_STORE"):
        store = TemplateExtractor().store
    assert isinstance(store, SqliteTemplateStore) and store.path == tmp_path / "old.sqlite"
    store.close()


def test_the_new_variable_wins_over_the_old_one():
    environ = {"CRAWLER_TEMPLATE_STORE": "old.sqlite", "EXTRACTION_TEMPLATE_STORE": "new.sqlite"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert environment_value("EXTRACTION_TEMPLATE_STORE", environ) == "new.sqlite"
    assert environment_value("EXTRACTION_TEMPLATE_STORE", {}) is None


def test_an_old_setting_name_is_read_with_a_deprecation_warning_and_a_log_line(caplog):
    assert RENAMED_SETTINGS == {"DISTRIBUTED_FLUSH_ON_START": "SCHEDULER_FLUSH_ON_START"}
    old = Settings({"DISTRIBUTED_FLUSH_ON_START": True})
    with caplog.at_level(logging.WARNING, logger="crawler.setting_names"), \
            pytest.warns(DeprecationWarning, match="DISTRIBUTED_FLUSH_ON_START is deprecated"):
        name = setting_name(old, "SCHEDULER_FLUSH_ON_START")
    assert name == "DISTRIBUTED_FLUSH_ON_START" and old.getbool(name)
    assert "DISTRIBUTED_FLUSH_ON_START is deprecated: it is now SCHEDULER_FLUSH_ON_START" in caplog.text
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        both = Settings({"DISTRIBUTED_FLUSH_ON_START": True, "SCHEDULER_FLUSH_ON_START": False})
        assert setting_name(both, "SCHEDULER_FLUSH_ON_START") == "SCHEDULER_FLUSH_ON_START"
        assert setting_name(Settings(), "SCHEDULER_FLUSH_ON_START") == "SCHEDULER_FLUSH_ON_START"


# ---------------------------------------------------------------------------------- the settings reference


def settings_table() -> dict[str, str]:
    """The settings reference (docs/settings.md): the name of each row (its first cell) -> the row."""
    text = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4:
            for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0]):
                rows[name] = line
    return rows


def read_name(node: ast.AST) -> str | None:
    """The setting or environment variable a call or subscript reads by a literal name, if it does."""
    if isinstance(node, ast.Call):
        owner, _, method = ast.unparse(node.func).rpartition(".")
        if method == "setting_name" and len(node.args) > 1:  # setting_name(settings, "NAME")
            argument = node.args[1]
        elif node.args and (method in {"environment_value", "getenv"}
                            or (method in READERS and owner.rpartition(".")[2] in {"settings", "environ"})):
            argument = node.args[0]
        else:
            return None
    elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and \
            ast.unparse(node.value).rpartition(".")[2] in {"settings", "environ"}:
        argument = node.slice
    else:
        return None
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and \
            re.fullmatch(r"[A-Z][A-Z0-9_]+", argument.value):
        return argument.value
    return None


@functools.cache
def names_read_by_the_package() -> frozenset[str]:
    """Setting names the package's code reads (``settings.get*("NAME")``, ``settings["NAME"]``, the name
    helpers), environment variables it reads, and the old names it still reads."""
    names = set(RENAMED_SETTINGS) | set(RENAMED_SETTINGS.values())
    names |= set(RENAMED_ENVIRONMENT) | set(RENAMED_ENVIRONMENT.values())
    for path in (ROOT / "crawler").rglob("*.py"):
        names |= {read_name(node) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))} - {None}
    return frozenset(names)


def names_in_the_project_settings() -> set[str]:
    tree = ast.parse((ROOT / "crawler" / "settings.py").read_text(encoding="utf-8"))
    return {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
            if isinstance(target, ast.Name) and target.id.isupper()}


@pytest.mark.slow
def test_the_reader_of_names_finds_reads_of_each_kind():
    names = names_read_by_the_package()
    # settings.get / getbool / getfloat, crawler.settings.getbool, settings[...], os.environ.get, the helpers
    assert {"EXPLAIN_DIR", "STORAGE_ENABLED", "EXTRACTION_DROP_LISTINGS", "ITEM_PIPELINES", "SPARK_ENV_LOADED",
            "SCHEDULER_FLUSH_ON_START", "EXTRACTION_TEMPLATE_STORE", "CRAWLER_TEMPLATE_STORE"} <= names
    assert "RELATIVE_BASE" not in names  # dateparser's own settings dict, written, not a Scrapy setting read


def test_every_setting_read_or_set_by_the_package_is_in_the_settings_reference():
    table = settings_table()
    missing = sorted((names_read_by_the_package() | names_in_the_project_settings()) - set(table) - PASSED_ON)
    assert missing == [], f"add them to docs/settings.md: {missing}"


def test_old_names_are_marked_deprecated_in_the_table():
    table = settings_table()
    for old, new in {**RENAMED_SETTINGS, **RENAMED_ENVIRONMENT}.items():
        assert "deprecated" in table[old].lower() and new in table[old], table[old]
