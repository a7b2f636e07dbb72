"""What extracting one page costs before the page is read: the modules a fresh process loads.

A process's resident memory after its imports is part of its peak on every page, so the extraction library loads
what the extraction of a news page runs and nothing else: the numerical library the models were fitted with, the
template store's database, URL and HTTP clients are loaded by the code that uses them, when it does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Modules an extraction of one page does not run: each costs megabytes of resident memory (or pulls in ones that do).
NOT_RUN = ("numpy", "sqlite3", "urllib.request", "http.client", "ssl", "email.parser", "scrapy", "pyarrow",
           "tldextract", "psutil", "dateutil.parser", "_hashlib", "html.entities", "difflib", "dateutil.tz")
# And what the library alone does not run, though the command line's page job does (it logs).
NOT_RUN_BY_THE_LIBRARY = (*NOT_RUN, "logging")

NEWS_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Northern quay to reopen</title>
<meta property="article:published_time" content="2024-05-07T09:30:00+02:00">
<meta name="author" content="Jane Doe">
<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Northern quay to reopen",
 "datePublished": "2024-05-07T09:30:00+02:00", "author": {"@type": "Person", "name": "Jane Doe"}}</script>
</head><body><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul></nav>
<article><h1>Northern quay to reopen</h1><p class="byline">By Jane Doe, 7 May 2024</p>
<p>The harbour authority said on Tuesday that the northern quay would reopen after three weeks of repairs, and
the ferry operators welcomed the decision.</p>
<p>Engineers found that the storm had loosened more than forty mooring posts, which divers replaced one by one
while the tide was low.</p>
<p>The first ferry is expected to leave the quay on Friday morning, and tickets bought for the cancelled crossings
remain valid until the end of the month.</p></article>
<footer><p>About us</p><p>Contact</p></footer></body></html>"""


def loaded_after(code: str, modules: tuple[str, ...] = NOT_RUN_BY_THE_LIBRARY) -> dict:
    """Runs ``code`` in a fresh interpreter (this checkout first on the path); which of ``modules`` it left loaded."""
    probe = (f"import json, sys\n{code}\n"
             f"print(json.dumps(sorted(name for name in {modules!r} if name in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_extraction_library_loads_none_of_the_modules_it_does_not_run():
    assert loaded_after("import crawler.extractors") == []


@pytest.mark.parametrize("extractor", ["default", "boilerpipe-article", "justext", "lineblock", "density", "bayes"])
def test_extracting_a_news_page_with_its_metadata_loads_none_of_them(extractor, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(NEWS_PAGE, encoding="utf-8")
    code = ("from crawler.extractors import extract\n"
            f"article = extract(open({str(page)!r}, 'rb').read(), "
            f"url='https://news.example.com/2024/05/07/northern-quay.html', extractor={extractor!r})\n"
            "assert 'forty mooring posts' in article.text, article.text\n"
            "article.metadata, article.confidence")
    assert loaded_after(code) == []


def test_an_extractor_on_a_parsed_document_leaves_the_metadata_readers_unloaded():
    # Bulk text extraction (extract_document) reads no byline or date: the metadata package's readers load when a
    # page's metadata is asked for, not with the extractors that read its JSON-LD types.
    code = ("from crawler.extractors import extract_document, parse_html\n"
            "extract_document(parse_html(b'<html><body><p>A short page.</p></body></html>'), 'default')")
    assert loaded_after(code, ("crawler.extractors.metadata",)) == []


def test_extract_loads_the_metadata_readers_only_when_its_title_or_metadata_is_read():
    # A caller that reads the text alone (bulk text extraction, the deep-page bound of docs/bounded-pages.md) does not
    # pay for the bylines and dates; the title, read later, is still the metadata's headline.
    page = ("<html><head><title>Northern quay to reopen | The Harbour Times</title>"
            "<meta property='og:title' content='Northern quay to reopen'></head><body><article>"
            "<h1>Northern quay to reopen</h1><p>The harbour authority said the northern quay would reopen after "
            "three weeks of repairs, and the ferry operators welcomed the decision.</p></article></body></html>")
    code = ("from crawler.extractors import extract\n"
            f"article = extract({page!r})\n"
            "assert 'ferry operators' in article.text\n")
    assert loaded_after(code, ("crawler.extractors.metadata",)) == []
    code += ("assert article.title == 'Northern quay to reopen', article.title\n"
             "assert article.title == article.metadata.title\n")
    assert loaded_after(code, ("crawler.extractors.metadata",)) == ["crawler.extractors.metadata"]


def test_the_command_line_extract_loads_none_of_them(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(NEWS_PAGE, encoding="utf-8")
    code = ("import runpy\n"
            f"sys.argv = ['crawler', 'extract', {str(page)!r}, '--url', "
            "'https://news.example.com/2024/05/07/northern-quay.html']\n"
            "try:\n    runpy.run_module('crawler', run_name='__main__')\nexcept SystemExit as end:\n"
            "    assert not end.code, end.code")
    assert loaded_after(code, NOT_RUN) == []


def test_the_command_lines_help_still_lists_every_command():
    done = subprocess.run([sys.executable, "-m", "crawler", "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    from crawler.cli.program import COMMANDS

    assert done.returncode == 0
    assert all(f"    {command}" in done.stdout for command in COMMANDS), done.stdout
