"""A separate, minimal Scrapy project gets articles from this package three ways: ITEM_PIPELINES, ADDONS,
and the spider middleware alone; each run is a real ``scrapy crawl`` in a subprocess against a local
HTTP server, and its JSON lines feed must carry url, title and text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from crawler.sample_site import SampleSiteServer

REPO = Path(__file__).resolve().parents[1]
CRAWL_TIMEOUT_S = 120
WORDS = ("council river school budget harbour railway museum festival hospital library bridge market garden "
         "tower station theatre stadium airport forest island").split()
HEADLINES = {1: "Harbour plan approved after long debate", 2: "Railway station reopens after repairs"}

SPIDER = '''
import scrapy


class PagesSpider(scrapy.Spider):
    """Follows the index's links; yields page items unless told to leave extraction to the middleware."""

    name = "pages"

    def __init__(self, base="", page_items="1", **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [base + "/index.html"]
        self.page_items = page_items == "1"

    def parse(self, response):
        for href in response.css("a.story::attr(href)").getall():
            yield response.follow(href, self.parse_story)

    def parse_story(self, response):
        if self.page_items:
            yield {"url": response.url, "html": response.body, "desk": "world"}
'''


def story(n: int) -> str:
    paragraphs = "".join(
        "<p>" + " ".join(WORDS[(n * 3 + i + k) % len(WORDS)] for k in range(20)) + ".</p>" for i in range(5)
    )
    return (f"<html><head><title>{HEADLINES[n]} | Example News</title></head><body><div class='nav'>"
            f"<a href='/'>Home</a> <a href='/world'>World</a></div><article><h1>{HEADLINES[n]}</h1>{paragraphs}"
            "</article>"
            "<footer>Copyright Example News</footer></body></html>")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fake news site on 127.0.0.1: an index page linking two stories."""
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<html><body>" + "".join(
        f'<a class="story" href="/world/story-{n}.html">{HEADLINES[n]}</a>' for n in HEADLINES)
        + "<footer>Copyright 2024 Example News. All rights reserved.</footer></body></html>")
    (root / "world").mkdir()
    for n in HEADLINES:
        (root / "world" / f"story-{n}.html").write_text(story(n))
    server = SampleSiteServer(root=root, conditional=False).start()  # plain files: no validators, no 304
    yield server.base_url
    server.shutdown()
    server.server_close()


def make_project(path: Path, extra_settings: str) -> Path:
    """``scrapy startproject``'s layout, written by hand: scrapy.cfg, a settings module, one spider."""
    package = path / "otherproject"
    (package / "spiders").mkdir(parents=True)
    (path / "scrapy.cfg").write_text("[settings]\ndefault = otherproject.settings\n")
    (package / "__init__.py").write_text("")
    (package / "spiders" / "__init__.py").write_text("")
    (package / "spiders" / "pages.py").write_text(SPIDER)
    (package / "settings.py").write_text(textwrap.dedent(f"""
        BOT_NAME = "otherproject"
        SPIDER_MODULES = ["otherproject.spiders"]
        ROBOTSTXT_OBEY = False
        TELNETCONSOLE_ENABLED = False
        LOG_LEVEL = "INFO"
        EXTRACTION_WORKERS = 1
        EXTRACTION_TEMPLATE_STORE = {str(path / "templates.sqlite")!r}
    """) + textwrap.dedent(extra_settings))
    return path


def crawl(project: Path, site: str, *arguments: str) -> list[dict]:
    output = project / "articles.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(project), str(REPO), os.environ.get("PYTHONPATH", "")])}
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    finished = subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", "pages", "-a", f"base={site}", *arguments, "-O", str(output)],
        cwd=project, env=env, capture_output=True, text=True, timeout=CRAWL_TIMEOUT_S,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "Traceback" not in finished.stderr, finished.stderr[-3000:]
    return [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]


def check_articles(items: list[dict], site: str) -> None:
    by_url = {item["url"]: item for item in items}
    for n, headline in HEADLINES.items():
        article = by_url[f"{site}/world/story-{n}.html"]
        assert article["title"] == headline
        assert WORDS[n * 3 % len(WORDS)] in article["text"] and "Copyright" not in article["text"]
        assert list(article)[:3] == ["url", "canonical_url", "title"]
        assert "html" not in article


@pytest.mark.slow
def test_through_item_pipelines(tmp_path: Path, site: str) -> None:
    project = make_project(tmp_path, """
        ITEM_PIPELINES = {"crawler.pipelines.ArticleExtractionPipeline": 300}
    """)
    items = crawl(project, site)
    assert len(items) == 2
    check_articles(items, site)
    assert all(item["metadata"]["desk"] == "world" for item in items)


@pytest.mark.slow
def test_through_addons_with_storage(tmp_path: Path, site: str) -> None:
    database = tmp_path / "articles.sqlite"
    project = make_project(tmp_path, f"""
        ADDONS = {{"crawler.addon.NewsExtractionAddon": 0}}
        STORAGE_SQLITE_PATH = {str(database)!r}
    """)
    items = crawl(project, site)
    # the stories' page items become articles (the middleware adds none for them); the index, whose callback
    # yields only requests, is a listing: the middleware adds no article for it either
    assert len(items) == 2
    check_articles(items, site)
    crawl(project, site)  # a second run updates the rows instead of adding to them
    from crawler.storage import SqliteArticleStore

    store = SqliteArticleStore(database)
    assert store.count() == 2  # the index page has no text to store
    store.close()


@pytest.mark.slow
def test_through_the_middleware_alone(tmp_path: Path, site: str) -> None:
    project = make_project(tmp_path, """
        SPIDER_MIDDLEWARES = {"crawler.middlewares.ArticleExtractionMiddleware": 800}
    """)
    items = crawl(project, site, "-a", "page_items=0")  # the spider yields no items at all
    assert len(items) == 2  # both stories; the index page is a listing
    check_articles(items, site)
    assert not any((item["text"] or "").startswith("Copyright") for item in items)


@pytest.mark.slow
def test_a_project_on_another_twisted_reactor_gets_articles_too(tmp_path: Path, site: str) -> None:
    # No asyncio loop runs under the epoll reactor: extraction goes through a ProcessPoolExecutor instead of
    # the event-loop worker pool (crawler.extraction_service.ExtractionService).
    project = make_project(tmp_path, """
        TWISTED_REACTOR = "twisted.internet.epollreactor.EPollReactor"
        ITEM_PIPELINES = {"crawler.pipelines.ArticleExtractionPipeline": 300}
    """)
    items = crawl(project, site)
    assert len(items) == 2
    check_articles(items, site)


# The fields every row carries (README, "Each row has ..."), null when empty.
ROW_FIELDS = ("url", "canonical_url", "title", "published", "modified", "authors", "language", "text",
              "description", "site_name", "image", "tags", "section", "page_type", "page_type_reason", "extractor",
              "template", "content_hash", "simhash", "crawled_at", "metadata")


@pytest.mark.slow
def test_the_middleware_path_keeps_listings_out_and_rows_keep_their_shape(tmp_path: Path, site: str) -> None:
    """The add-on: the index, whose callback yields only requests, is a listing and gets no row from the
    middleware, as in the pipeline; JSON lines and CSV rows carry every field, CSV's metadata is JSON, and the
    title is extract()'s and the CLI's; the relative template store goes under .scrapy/, as settings say, not
    into the folder the crawl ran in."""
    project = make_project(tmp_path, """
        ADDONS = {"crawler.addon.NewsExtractionAddon": 0}
        EXTRACTION_TEMPLATE_STORE = "templates.sqlite"
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(project), str(REPO), os.environ.get("PYTHONPATH", "")])}
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    finished = subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", "pages", "-a", f"base={site}",
         "-o", "rows.jsonl", "-o", "rows.csv", "-L", "DEBUG"],
        cwd=project, env=env, capture_output=True, text=True, timeout=CRAWL_TIMEOUT_S,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    rows = [json.loads(line) for line in (project / "rows.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted(row["url"] for row in rows) == [f"{site}/world/story-{n}.html" for n in HEADLINES]
    assert "'extraction/listing_pages_dropped': 1" in finished.stderr
    assert "Scraped from" in finished.stderr and "<html" not in finished.stderr  # the add-on's log formatter
    from crawler.items import ArticleItem

    for row in rows:  # every field, in declaration order, an empty one as null
        assert list(row) == list(ArticleItem.fields) and set(ROW_FIELDS) <= set(row)
        assert row["published"] is None and row["authors"] is None and row["metadata"]["desk"] == "world"

    import csv

    by_url = {row["url"]: row for row in rows}
    with open(project / "rows.csv", encoding="utf-8", newline="") as handle:
        cells = list(csv.DictReader(handle))
    assert len(cells) == 2 and list(cells[0]) == list(ArticleItem.fields)
    for cell in cells:
        assert json.loads(cell["metadata"]) == by_url[cell["url"]]["metadata"]  # JSON, not Python's repr

    from crawler.extractors import extract

    story_file = tmp_path / "story-1.html"
    story_file.write_text(story(1))
    feed_title = by_url[f"{site}/world/story-1.html"]["title"]
    cli = subprocess.run([sys.executable, "-m", "crawler", "extract", str(story_file), "--format", "json"],
                         env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=60)
    assert feed_title == HEADLINES[1] == extract(story(1)).title == json.loads(cli.stdout)["title"]

    assert (project / ".scrapy" / "templates.sqlite").exists()
    assert not (project / "templates.sqlite").exists()
