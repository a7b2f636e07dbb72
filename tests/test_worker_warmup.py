"""Bulk extraction's fork server loads the page job once, so that workers do not each import and load it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_warm_up_loads_the_page_job_and_the_language_model():
    code = ("import sys, crawler.worker_warmup\n"
            "from crawler.extractors import language\n"
            "assert 'scrapy' in sys.modules and 'crawler.pagejob' in sys.modules\n"
            "print(language._identifier.cache_info().currsize)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1"


def test_the_batch_pool_preloads_the_warm_up_in_its_fork_server(monkeypatch):
    import multiprocessing

    from crawler import batch

    preloaded: list[list[str]] = []
    context = multiprocessing.get_context("forkserver")
    monkeypatch.setattr(type(context), "set_forkserver_preload", lambda self, names: preloaded.append(names))
    assert batch.pool_context("forkserver") is context
    assert preloaded == [["crawler.worker_warmup"]]
    batch.pool_context("spawn")
    assert preloaded == [["crawler.worker_warmup"]]
