"""The crawl writes explain reports for a sample of its pages (crawler.explain.extension)."""

from __future__ import annotations

import re

import pytest
from helpers.crawl import news_crawl
from scrapy.exceptions import NotConfigured
from scrapy.utils.test import get_crawler

from crawler.explain.extension import ExplainSampler, sampled


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


@pytest.mark.slow
def test_crawl_writes_reports_for_its_sample_and_an_index(sample_site, tmp_path):
    reports = tmp_path / "reports"
    done = news_crawl(sample_site.base_url + "/", tmp_path, f"EXPLAIN_DIR={reports}", "EXPLAIN_SAMPLE=1",
                      "EXPLAIN_MAX_REPORTS=5", feed="articles.jsonl", timeout=180)
    files = sorted(p.name for p in reports.glob("*.html") if p.name != "index.html")
    assert len(files) == 5  # EXPLAIN_SAMPLE=1: every HTML page, up to EXPLAIN_MAX_REPORTS
    index = (reports / "index.html").read_text(encoding="utf-8")
    assert sorted(re.findall(r'href="([^"]+)"', index)) == files
    assert "'explain/reports': 5" in done.stderr and "'explain/skipped/limit'" in done.stderr
    assert "explain report failed" not in done.stderr and "'explain/errors'" not in done.stderr
    report = (reports / files[0]).read_text(encoding="utf-8")
    assert 'class="block ' in report and '<svg class="plot cx"' in report
