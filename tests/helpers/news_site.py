"""A generated news site served on 127.0.0.1, built the way real ones are, for the discovery tests and the
before/after count (``python tests/helpers/news_site.py --code ../other-checkout``).

- sections ``/world/`` and ``/business/`` of date-slug articles, paginated ``?page=N`` (a numbered pager that
  shows two pages ahead, and rel=next), 6 stories a page, 10 pages deep;
- ``/region/`` stories named only in a gzipped Google News sitemap (robots.txt -> sitemap index), with
  ``news:publication_date`` and no date in their URLs;
- ``/opinion/`` stories named only in the RSS feed the home page announces in its ``<head>``, no date in URLs;
- ``/local/`` stories whose rel=canonical all name the section URL (a misconfigured CMS);
- every article has an AMP twin (``/amp/...``, rel=amphtml), a print view (``?print=1``) and share links with
  ``utm_*`` parameters; the home page links to the print view and AMP twin of two sitemap-only stories;
  stories named only in the sitemap or feed link to the World section, not to each other;
- ``/video/...`` served only as an AMP page, its plain URL answering 404;
- an endless archive calendar ``/archive/YYYY-MM-DD/`` (rel=next to the day before, a link to the day after),
  any date answering, stories listed on their days only.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sqlite3
import sys
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

WORDS = ("harbour council river bridge market school library garden railway station museum theatre ferry "
         "tower square clinic stadium farmers bakery festival orchestra volunteers budget election mayor "
         "engineers residents tenants workers nurses teachers students pupils families visitors tourists "
         "flood storm drought heatwave repairs funding contract tender plan vote debate inquiry report "
         "survey study record season harvest opening closure delay protest petition strike agreement").split()
GLUE = "the a of to and in on for with after before about over under from by at as".split()
SECTIONS = ("world", "business")
PER_SECTION = 60
PER_PAGE = 6
SITEMAP_ONLY = 12
FEED_ONLY = 8
LOCAL = 5
FIRST_DAY = date(2024, 3, 1)


@dataclass(frozen=True)
class Story:
    path: str
    title: str
    day: date
    paragraphs: tuple[str, ...]
    canonical: str | None = None  # path; None: its own


def _sentence(rng: random.Random, words: int) -> str:
    out = [rng.choice(WORDS if i % 2 else GLUE) for i in range(words)]
    return " ".join(out).capitalize() + "."


def _story(rng: random.Random, section: str, index: int, dated: bool, canonical: str | None = None) -> Story:
    title_words = [rng.choice(WORDS) for _ in range(6)]
    title = " ".join(title_words).capitalize() + f" {index}"
    slug = "-".join([*title_words, str(index)])
    day = FIRST_DAY + timedelta(days=index % 30)
    path = f"/{section}/{day:%Y/%m/%d}/{slug}.html" if dated else f"/{section}/{slug}-{100000 + index}.html"
    paragraphs = tuple(" ".join(_sentence(rng, rng.randint(12, 20)) for _ in range(4)) for _ in range(6))
    return Story(path, title, day, paragraphs, canonical)


class NewsSite:
    def __init__(self, seed: int = 12) -> None:
        rng = random.Random(seed)
        self.sections = {s: [_story(rng, s, i + n * 100, True) for i in range(PER_SECTION)]
                         for n, s in enumerate(SECTIONS)}
        self.sitemap_only = [_story(rng, "region", 300 + i, False) for i in range(SITEMAP_ONLY)]
        self.feed_only = [_story(rng, "opinion", 400 + i, False) for i in range(FEED_ONLY)]
        self.local = [_story(rng, "local", 500 + i, True, canonical="/local/") for i in range(LOCAL)]
        # served only as an AMP page (its plain URL answers 404), linked from the home page
        self.amp_only = _story(rng, "video", 600, True)
        self.stories = {s.path: s for s in self.all_stories()}

    def all_stories(self) -> list[Story]:
        linked = [s for stories in self.sections.values() for s in stories]
        return [*linked, *self.sitemap_only, *self.feed_only, *self.local, self.amp_only]

    # ------------------------------------------------------------------------------------------- pages

    def page(self, base: str, path: str, query: dict[str, list[str]]) -> tuple[int, str, bytes]:
        html = "text/html; charset=utf-8"
        if path == "/robots.txt":
            robots = f"User-agent: *\nDisallow: /private/\nSitemap: {base}/sitemap_index.xml\n"
            return 200, "text/plain", robots.encode()
        if path == "/sitemap_index.xml":
            return 200, "application/xml", self.sitemap_index(base).encode()
        if path == "/sitemaps/news.xml.gz":
            return 200, "application/x-gzip", gzip.compress(self.news_sitemap(base).encode())
        if path == "/feeds/latest.rss":
            return 200, "application/rss+xml", self.feed(base).encode()
        if path in {"/", "/index.html"}:
            return 200, html, self.home(base).encode()
        if path.startswith("/archive/"):
            return self.archive(path)
        for section in (*SECTIONS, "local"):
            if path in {f"/{section}/", f"/{section}"}:
                page = int((query.get("page") or ["1"])[0] or 1)
                return self.section(base, section, page)
        amp = path.startswith("/amp/")
        story = self.stories.get(path.removeprefix("/amp") if amp else path)
        if story is None or (story is self.amp_only and not amp):
            return 404, html, b"<html><body><h1>Not found</h1></body></html>"
        view = "amp" if amp else "print" if "print" in query else "article"
        return 200, html, self.article(base, story, view).encode()

    @staticmethod
    def _frame(title: str, body: str, head: str = "") -> str:
        return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
                "<body><header><a href='/'>Harbour Herald</a><nav><a href='/world/'>World</a> "
                "<a href='/business/'>Business</a> <a href='/local/'>Local</a> "
                "<a href='/archive/2024-03-31/'>Archive</a></nav></header>"
                f"{body}<footer><p>Copyright 2024 Harbour Herald.</p></footer></body></html>")

    @staticmethod
    def _list(stories: list[Story]) -> str:
        return "<ul class='stories'>" + "".join(
            f"<li><a href='{s.path}'>{s.title}</a></li>" for s in stories) + "</ul>"

    def home(self, base: str) -> str:
        latest = [stories[0] for stories in self.sections.values()] + self.local
        twins = (f"<p><a href='{self.sitemap_only[0].path}?print=1'>Print edition</a> "
                 f"<a href='/amp{self.sitemap_only[1].path}'>Fast version</a> "
                 f"<a href='/amp{self.amp_only.path}'>Video</a> "
                 f"<a href='{self.sections['world'][1].path}?utm_source=home&amp;fbclid=x1'>Shared story</a></p>")
        head = f"<link rel='alternate' type='application/rss+xml' title='Latest' href='{base}/feeds/latest.rss'>"
        return self._frame("Harbour Herald", f"<main><h1>Latest</h1>{self._list(latest)}{twins}</main>", head)

    def section(self, base: str, section: str, page: int) -> tuple[int, str, bytes]:
        stories = self.local if section == "local" else self.sections[section]
        pages = max(1, -(-len(stories) // PER_PAGE))
        if page < 1 or page > pages:
            return 404, "text/html", b"<html><body>No such page</body></html>"
        shown = stories[(page - 1) * PER_PAGE : page * PER_PAGE]
        pager = " ".join(f"<a href='/{section}/?page={n}'>{n}</a>" for n in range(max(1, page - 2),
                                                                                min(pages, page + 2) + 1))
        head = f"<link rel='next' href='/{section}/?page={page + 1}'>" if page < pages else ""
        body = f"<main><h1>{section.title()} page {page}</h1>{self._list(shown)}<nav class='pager'>{pager}</nav></main>"
        return 200, "text/html; charset=utf-8", self._frame(f"{section.title()}", body, head).encode()

    def archive(self, path: str) -> tuple[int, str, bytes]:
        try:
            day = date.fromisoformat(path.strip("/").split("/")[1])
        except (IndexError, ValueError):
            return 404, "text/html", b"<html><body>No such day</body></html>"
        stories = [s for s in self.all_stories() if s.day == day and s.path.split("/")[1] in SECTIONS]
        before, after = day - timedelta(days=1), day + timedelta(days=1)
        head = f"<link rel='next' href='/archive/{before}/'>"
        body = (f"<main><h1>Stories of {day}</h1>{self._list(stories) if stories else '<p>No stories.</p>'}"
                f"<a href='/archive/{before}/'>Earlier</a> <a href='/archive/{after}/'>Later</a></main>")
        return 200, "text/html; charset=utf-8", self._frame(f"Archive {day}", body, head).encode()

    def article(self, base: str, story: Story, view: str) -> str:
        canonical = base + (story.canonical or story.path)
        head = (f"<link rel='canonical' href='{canonical}'><meta property='og:type' content='article'>"
                f"<meta property='article:published_time' content='{story.day}T08:00:00Z'>")
        if view == "article":
            head += f"<link rel='amphtml' href='{base}/amp{story.path}'>"
        paragraphs = "".join(f"<p>{p}</p>" for p in story.paragraphs)
        # related stories of the same section; stories named only in the sitemap or feed point to the World section
        section = story.path.split("/")[1]
        related = [s for s in self.stories.values() if s.path.split("/")[1] == section]
        index = related.index(story)
        nearby = related[index + 1 : index + 3] if section in (*SECTIONS, "local") else self.sections["world"][:2]
        links = "".join(f"<li><a href='{s.path}?utm_campaign=related'>{s.title}</a></li>" for s in nearby)
        share = (f"<p class='share'><a href='{story.path}?utm_source=twitter&amp;utm_medium=social'>Share</a> "
                 f"<a href='{story.path}?print=1'>Print</a></p>")
        body = (f"<main><article><h1>{story.title}</h1><p class='byline'>By Staff Reporter, {story.day}</p>"
                f"{paragraphs}{share}</article><aside><h2>Related</h2><ul>{links}</ul></aside></main>")
        return self._frame(story.title, body, head)

    def sitemap_index(self, base: str) -> str:
        return ("<?xml version='1.0' encoding='UTF-8'?><sitemapindex xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>"
                f"<sitemap><loc>{base}/sitemaps/news.xml.gz</loc></sitemap></sitemapindex>")

    def news_sitemap(self, base: str) -> str:
        urls = "".join(
            f"<url><loc>{base}{s.path}</loc><news:news><news:publication><news:name>Harbour Herald</news:name>"
            f"<news:language>en</news:language></news:publication><news:publication_date>{s.day}T09:00:00Z"
            f"</news:publication_date><news:title>{s.title}</news:title></news:news></url>"
            for s in self.sitemap_only)
        return ("<?xml version='1.0' encoding='UTF-8'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9' "
                f"xmlns:news='http://www.google.com/schemas/sitemap-news/0.9'>{urls}</urlset>")

    def feed(self, base: str) -> str:
        items = "".join(
            f"<item><title>{s.title}</title><link>{base}{s.path}</link>"
            f"<pubDate>{s.day:%a, %d %b %Y} 10:00:00 +0000</pubDate></item>" for s in self.feed_only)
        return ("<?xml version='1.0' encoding='UTF-8'?><rss version='2.0'><channel><title>Harbour Herald</title>"
                f"<link>{base}/</link><description>Latest</description>{items}</channel></rss>")


class NewsSiteServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

    def __init__(self, site: NewsSite | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.site = site or NewsSite()
        self.hits: Counter[str] = Counter()  # path with query
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> NewsSiteServer:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self


class _Handler(BaseHTTPRequestHandler):
    server: NewsSiteServer

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        with self.server.lock:
            self.server.hits[self.path] += 1
        parts = urlsplit(self.path)
        status, content_type, body = self.server.site.page(self.server.base_url, parts.path, parse_qs(parts.query))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# ------------------------------------------------------------------------------- before/after count


def count(code: Path, workdir: Path, settings: list[str] | None = None) -> dict[str, int]:
    """Crawl the site from its home page with the project at ``code`` (``settings``: NAME=VALUE pairs) and count
    what the feed and store got."""
    from helpers.crawl import news_crawl, read_feed  # tests/ is on the path: pytest's rootdir, or main()

    server = NewsSiteServer().start()
    try:
        feed, store = workdir / "feed.jsonl", workdir / "articles.sqlite"
        for stale in (feed, store):
            stale.unlink(missing_ok=True)
        news_crawl(server.base_url + "/", workdir, "LOG_LEVEL=WARNING", *(settings or []), workers=2,
                   feed=feed.name, level=None, checkout=code, timeout=600)
        rows = read_feed(feed)
        with sqlite3.connect(store) as db:
            stored = [url for (url,) in db.execute("SELECT url FROM articles")]
        return summarise(server, rows, stored)
    finally:
        server.shutdown()


def story_of(site: NewsSite, url: str) -> Story | None:
    path = urlsplit(url).path
    return site.stories.get(path.removeprefix("/amp") if path.startswith("/amp/") else path)


def summarise(server: NewsSiteServer, rows: list[dict], stored: list[str]) -> dict[str, int]:
    site = server.site
    feed_stories = Counter(story_of(site, row["url"]) for row in rows)
    store_stories = Counter(story_of(site, url) for url in stored)
    return {
        "articles": len(site.stories),
        "found": len([s for s in feed_stories if s is not None]),
        "sitemap_only_found": len(set(site.sitemap_only) & set(feed_stories)),
        "feed_only_found": len(set(site.feed_only) & set(feed_stories)),
        "feed_rows": len(rows),
        "stored": len([s for s in store_stories if s is not None]),
        "stored_twice_feed": sum(1 for s, n in feed_stories.items() if s is not None and n > 1),
        "stored_twice_store": sum(1 for s, n in store_stories.items() if s is not None and n > 1),
        "non_articles_stored": store_stories[None],
        "requests": sum(server.hits.values()),
        "archive_requests": sum(n for path, n in server.hits.items() if path.startswith("/archive/")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="Crawl the generated news site and count what was found")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[2],
                        help="checkout whose crawler runs (default: this one)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for helpers.crawl
    with tempfile.TemporaryDirectory() as workdir:
        print(json.dumps(count(args.code, Path(workdir)), indent=1))


if __name__ == "__main__":
    main()
