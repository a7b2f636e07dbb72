"""The crawl writes explain reports for a sample of its pages (crawler.explain.extension)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.utils.test import get_crawler

from crawler.explain.extension import ExplainSampler, sampled
from crawler.sample_site import SampleSiteServer

ROOT = Path(__file__).resolve().parents[1]


def test_sampling_is_by_url_and_close_to_the_share():
    urls = [f"https://news.example.com/2026/story-{i}.html" for i in range(20_000)]
    picked = [url for url in urls if sampled(url, 0.01)]
    assert 150 <= len(picked) <= 250
    assert picked == [url for url in urls if sampled(url, 0.01)]  # the same pages every time
    assert all(sampled(url, 0.05) for url in picked)  # a larger share keeps the smaller one's pages
    assert not any(sampled(url, 0.0) for url in urls[:100]) and all(sampled(url, 1.0) for url in urls[:100])


def test_off_unless_explain_dir_is_set():
    with pytest.raises(NotConfigured):
        ExplainSampler.from_crawler(get_crawler(settings_dict={}))
    with pytest.raises(NotConfigured):
        ExplainSampler.from_crawler(get_crawler(settings_dict={"EXPLAIN_DIR": "x", "EXPLAIN_SAMPLE": 2}))


@pytest.fixture()
def site():
    server = SampleSiteServer().start()
    yield server
    server.shutdown()


@pytest.mark.slow
def test_crawl_writes_reports_for_its_sample_and_an_index(site, tmp_path):
    reports = tmp_path / "reports"
    command = [
        sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"start_urls={site.base_url}/",
        "-s", "AUTOTHROTTLE_ENABLED=False", "-s", "EXTRACTION_WORKERS=0",
        "-s", f"STORAGE_SQLITE_PATH={tmp_path / 'articles.sqlite'}",
        "-s", f"EXTRACTION_TEMPLATE_STORE={tmp_path / 'templates.sqlite'}",
        "-s", f"EXPLAIN_DIR={reports}", "-s", "EXPLAIN_SAMPLE=1", "-s", "EXPLAIN_MAX_REPORTS=5",
        "-O", str(tmp_path / "articles.jsonl"), "-L", "INFO",
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    files = sorted(p.name for p in reports.glob("*.html") if p.name != "index.html")
    assert len(files) == 5  # EXPLAIN_SAMPLE=1: every HTML page, up to EXPLAIN_MAX_REPORTS
    index = (reports / "index.html").read_text(encoding="utf-8")
    assert sorted(re.findall(r'href="([^"]+)"', index)) == files
    assert "'explain/reports': 5" in done.stderr and "'explain/skipped/limit'" in done.stderr
    assert "explain report failed" not in done.stderr and "'explain/errors'" not in done.stderr
    report = (reports / files[0]).read_text(encoding="utf-8")
    assert 'class="block ' in report and '<svg class="plot cx"' in report
