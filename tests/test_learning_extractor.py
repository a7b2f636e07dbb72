"""LearningExtractor: the page job's learn-then-extract step for library users, bound to a template store."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest

from crawler.extractors import LearningExtractor, extract
from crawler.extractors.templates.store import MemoryTemplateStore, SqliteTemplateStore

CHROME_HEAD = """<header><div class="logo">The Example Tribune</div>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a></nav>
<div class="edition">International edition, updated every hour</div>
<div class="tagline">Independent news since 1901, read in 90 countries</div></header>"""
CHROME_TAIL = """<div class="promo">Subscribe to our morning newsletter for the day's top stories</div>
<footer><p>Copyright 2024 The Example Tribune, all rights reserved</p>
<p>Contact the newsroom at newsroom@example.org</p><p>Terms of use and privacy policy</p></footer>"""
SUBJECTS = ["harbour", "railway", "school", "hospital", "bridge", "library", "market", "airport", "museum",
            "stadium", "park", "tunnel"]


def page(n: int) -> tuple[bytes, str]:
    subject = SUBJECTS[n % len(SUBJECTS)]
    paragraphs = "".join(
        f"<p>Paragraph {i} of story {n}: the council said the new {subject} would open next spring after "
        f"{n + i} months of work, and residents of district {n * 7 + i} asked how the costs would be shared.</p>"
        for i in range(5)
    )
    html = (f"<html><head><title>Story {n}</title></head><body>{CHROME_HEAD}<article><h1>The {subject} story "
            f"number {n}</h1>{paragraphs}</article>{CHROME_TAIL}</body></html>")
    return html.encode(), f"https://news.example.org/2024/05/{n % 28 + 1:02d}/council-backs-{subject}-plans.html"


def test_extract_learns_nothing_but_the_learning_extractor_does():
    plain = [extract(*page(n)) for n in range(4)]
    assert [a.template for a in plain] == [None] * 4
    extractor = LearningExtractor()
    articles = [extractor.extract(*page(n)) for n in range(4)]
    assert articles[0].template is None  # the first page of a site is only a sample
    assert articles[-1].template is not None and articles[-1].extractor == "default/template+blocks"
    assert "Story" not in articles[-1].text and "newsletter" not in articles[-1].text
    assert "Paragraph 4 of story 3" in articles[-1].text


def test_an_sqlite_store_keeps_what_was_learned_for_the_next_object(tmp_path):
    path = tmp_path / "templates.sqlite"
    with LearningExtractor(store=path) as first:
        first.extract(*page(0))
        first.extract(*page(1))
    with LearningExtractor(store=str(path)) as second:
        article = second.extract(*page(2))
    assert article.extractor == "default/template+blocks"


def test_one_object_is_shared_by_threads(tmp_path):
    with LearningExtractor(store=tmp_path / "t.sqlite") as extractor, ThreadPoolExecutor(4) as pool:
        articles = list(pool.map(lambda n: extractor.extract(*page(n)), range(24)))
        assert all(f"Paragraph 0 of story {n}" in a.text for n, a in enumerate(articles))
        assert not any(a.warnings for a in articles)
        assert extractor.store.patterns() and extractor.extract(*page(30)).template is not None


def _extract_pages(path: str, numbers: list[int]) -> list[str | None]:
    with LearningExtractor(store=path) as extractor:
        return [extractor.extract(*page(n)).extractor for n in numbers]


@pytest.mark.slow  # two spawned interpreters import the package (3 s); test_template covers the store itself
def test_processes_learn_into_one_sqlite_store(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        results = pool.starmap(_extract_pages, [(path, [0, 2, 4, 6]), (path, [1, 3, 5, 7])])
    assert all(results)
    store = SqliteTemplateStore(path)
    (pattern,) = store.patterns()
    assert store.templates(pattern)  # learned from both processes' pages
    store.close()


class BrokenStore(MemoryTemplateStore):
    @contextmanager
    def transaction(self):
        raise OSError("attempt to write a readonly database")
        yield


def test_a_store_that_cannot_learn_leaves_a_warning_and_the_text():
    article = LearningExtractor(store=BrokenStore()).extract(*page(0))
    assert "Paragraph 0 of story 0" in article.text
    assert any(w.startswith("template learning failed: OSError") for w in article.warnings)
