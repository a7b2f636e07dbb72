"""Bulk extraction's fork server loads the page job once, so that workers do not each import and load it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_importing_the_warm_up_loads_the_page_job_and_what_it_loads_lazily():
    code = ("import sys, crawler.bulk.warmup\n"
            "loaded = ['crawler.bulk.chunks', 'crawler.pagejob.job', 'crawler.extractors.cascade.extractor',\n"
            "          'crawler.extractors.metadata', 'crawler.pagejob.pagetypes']\n"
            "print(all(name in sys.modules for name in loaded))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


def test_the_batch_pool_preloads_the_warm_up_in_its_fork_server(monkeypatch):
    import multiprocessing

    from crawler.bulk import runner

    preloaded: list[list[str]] = []
    context = multiprocessing.get_context("forkserver")
    monkeypatch.setattr(type(context), "set_forkserver_preload", lambda self, names: preloaded.append(names))
    assert runner.pool_context("forkserver") is context
    assert preloaded == [["crawler.bulk.warmup"]]
    runner.pool_context("spawn")
    assert preloaded == [["crawler.bulk.warmup"]]
