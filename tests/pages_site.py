"""A small news site with the pages real sites have besides their stories, served on 127.0.0.1 for tests and
for the before/after count of ``python tests/pages_site.py``.

Stories live at date-slug URLs, several of them with a site-page word in the slug or headline ("privacy rules",
"contact lost", "careers fair", "search for climbers", a Chinese story on 隐私 protection). Beside them: the
about, contact, privacy, terms, careers, login, imprint pages (long texts, WordPress-style ``og:type``
article on the about and legal pages), a search-result page, a tag page and an author page that show whole
stories, and a Chinese site's 关于我们 / 联系我们 / 免责声明 pages. Every page links to every other through
the home page, section pages and the footer, as sites do.
"""

from __future__ import annotations

import argparse
import http.server
import random
import re
import tempfile
import threading
import time
from collections import Counter
from functools import partial
from pathlib import Path

from helpers.crawl import news_crawl, read_feed

SITE_NAME = "Example News"
WORDS = ("council river school budget harbour railway museum festival hospital library bridge market garden "
         "tower station theatre stadium airport forest island mayor ferry winter summer teacher nurse farmer "
         "engineer village valley coast storm plan vote report study court police minister").split()
ZH_CHARS = ("本报讯记者从市交通局获悉今年我市将在中心城区新增二十公里自行车道"
            "并对现有道路进行改造居民表示欢迎专家认为此举有助于缓解拥堵")

STORIES = {  # path -> headline
    "/world/2024/05/02/privacy-rules-tighten-for-phone-apps.html": "Privacy rules tighten for phone apps",
    "/world/2024/05/03/contact-lost-with-lunar-probe-after-landing.html": "Contact lost with lunar probe after landing",
    "/business/2024/05/04/careers-fair-draws-record-crowd-to-harbour-hall.html":
        "Careers fair draws record crowd to harbour hall",
    "/world/2024/05/05/search-for-missing-climbers-resumes-at-dawn.html": "Search for missing climbers resumes at dawn",
    "/business/2024/05/06/terms-of-the-port-deal-agreed-after-long-talks.html":
        "Terms of the port deal agreed after long talks",
    "/world/2024/05/07/login-problems-hit-bank-customers-for-a-day.html": "Login problems hit bank customers for a day",
    "/world/2024/05/08/museum-opens-its-archives-to-the-public.html": "Museum opens its archives to the public",
    "/business/2024/05/09/about-face-on-tram-fares-after-protests.html": "About-face on tram fares after protests",
}
ZH_STORIES = {"/zh/2024/05/10/geren-yinsi-baohu-xinguei.html": "新规加强个人隐私保护"}
SITE_PAGES = {  # path -> title: pages that are no stories
    "/about-us/": "About us",
    "/contact/": "Contact us",
    "/privacy-policy/": "Privacy Policy",
    "/terms-of-service/": "Terms of Service",
    "/careers/": "Careers",
    "/login/": "Log in",
    "/impressum/": "Impressum",
    "/zh/guanyu.html": "关于我们",
    "/zh/lianxi.html": "联系我们",
    "/zh/mianze.html": "免责声明",
}
LISTING_PAGES = {  # path -> title: listings that show whole stories (as many WordPress themes do)
    "/search/?q=harbour": "Search results for “harbour”",
    "/tag/harbour/": "harbour Archives",
    "/author/jane-doe/": "Jane Doe, Author at Example News",
}
SECTIONS = {"/": SITE_NAME, "/world/": "World", "/business/": "Business", "/zh/": "中文新闻"}
ARTICLES = sorted([*STORIES, *ZH_STORIES])
NOT_ARTICLES = sorted([*SITE_PAGES, *LISTING_PAGES, *SECTIONS])
# The home page answers after this long, so a progress line logged every fraction of a second has its turn.
HOME_DELAY_S = 1.0


def _paragraphs(seed: str, count: int, words: int = 28) -> str:
    rng = random.Random(seed)
    return "".join("<p>" + " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + ".</p>"
                   for _ in range(count))


def _zh_paragraphs(seed: str, count: int) -> str:
    rng = random.Random(seed)
    return "".join("<p>" + "".join(rng.choice(ZH_CHARS) for _ in range(90)) + "。</p>" for _ in range(count))


def _links(paths: dict[str, str]) -> str:
    return "".join(f'<li><a href="{path}">{title}</a></li>' for path, title in paths.items())


def _page(title: str, main: str, head: str = "", lang: str = "en") -> bytes:
    nav = "<nav><ul>" + _links(SECTIONS) + '<li><a href="/login/">Log in</a></li></ul></nav>'
    footer = "<footer><ul>" + _links(SITE_PAGES) + "</ul><p>Copyright 2024 Example News</p></footer>"
    separator = "_" if lang == "zh" else " | "
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}{separator}{SITE_NAME}'
            f"</title>{head}</head><body><header>{nav}</header><main>{main}</main>{footer}</body></html>").encode()


def story_page(path: str, headline: str) -> bytes:
    published = "-".join(path.split("/")[2:5])  # /<section>/<yyyy>/<mm>/<dd>/<slug>
    head = ('<meta property="og:type" content="article">'
            f'<meta property="article:published_time" content="{published}T08:00:00Z">')
    if path in ZH_STORIES:
        body = _zh_paragraphs(path, 6)
        return _page(headline, f"<article><h1>{headline}</h1>{body}</article>", head, "zh")
    body = _paragraphs(path, 8)
    byline = '<p class="byline">By <a href="/author/jane-doe/">Jane Doe</a> · <a href="/tag/harbour/">harbour</a></p>'
    return _page(headline, f"<article><h1>{headline}</h1>{byline}{body}</article>", head)


def site_page(path: str, title: str) -> bytes:
    head = '<meta property="og:type" content="article">' if path in {"/about-us/", "/privacy-policy/",
                                                                      "/terms-of-service/"} else ""
    if path.startswith("/zh/"):
        return _page(title, f"<h1>{title}</h1>{_zh_paragraphs(path, 5)}", head, "zh")
    if path == "/login/":
        body = '<form><label>E-mail</label><input type="email"><input type="password"><button>Log in</button></form>'
    elif path == "/contact/":
        body = "<p>Write to the newsroom at 1 Harbour Street.</p><form><textarea></textarea></form>"
    else:
        body = _paragraphs(path, 8)  # policies, the imprint and the about page are as long as a story
    return _page(title, f"<h1>{title}</h1>{body}", head)


def listing_page(path: str, title: str) -> bytes:
    posts = "".join(f'<article><h2><a href="{story}">{headline}</a></h2>{_paragraphs(story, 3)}</article>'
                    for story, headline in list(STORIES.items())[:4])
    return _page(title, f"<h1>{title}</h1>{posts}")


def section_page(path: str, title: str) -> bytes:
    stories = {p: h for p, h in {**STORIES, **ZH_STORIES}.items() if path == "/" or p.startswith(path)}
    extra = _links({"/search/?q=harbour": "Search: harbour", "/tag/harbour/": "harbour",
                    "/author/jane-doe/": "Jane Doe"}) if path == "/" else ""
    return _page(title, f"<h1>{title}</h1><ul>{_links(stories)}{extra}</ul>", lang="zh" if path == "/zh/" else "en")


def site_files() -> dict[str, bytes]:
    """Path (with its query) -> page."""
    files = {path: story_page(path, headline) for path, headline in {**STORIES, **ZH_STORIES}.items()}
    files.update({path: site_page(path, title) for path, title in SITE_PAGES.items()})
    files.update({path: listing_page(path, title) for path, title in LISTING_PAGES.items()})
    files.update({path: section_page(path, title) for path, title in SECTIONS.items()})
    return files


class _Handler(http.server.BaseHTTPRequestHandler):
    def __init__(self, *args: object, files: dict[str, bytes], hits: Counter[str], **kwargs: object) -> None:
        self.files = files
        self.hits = hits
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def do_GET(self) -> None:
        self.hits[self.path] += 1
        body = self.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        if self.path == "/":
            time.sleep(HOME_DELAY_S)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return None


class PagesSite:
    """The site on 127.0.0.1 at a free port: ``base_url``, ``hits`` per path; ``shutdown()`` when done."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        handler = partial(_Handler, files=site_files(), hits=self.hits)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> PagesSite:
        self.thread.start()
        return self

    def shutdown(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# A log line that carries page markup.
HTML_IN_LOG_RE = re.compile(r"<(?:html|div|body|p|a)[\s>]", re.I)


def crawl(checkout: Path, base_url: str, folder: Path, *settings: str, level: str = "DEBUG") -> tuple[list[dict], str]:
    """``scrapy crawl news`` of the checkout's project over the site (log at DEBUG), ``settings`` NAME=VALUE pairs:
    the feed's rows and the log."""
    done = news_crawl(base_url + "/", folder, *settings, workers=1, feed="articles.jsonl", level=level,
                      checkout=checkout, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    return read_feed(folder / "articles.jsonl"), done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description="Crawl the test site with a checkout's project; print what "
                                                 "was stored as articles and how many log lines carry HTML.")
    parser.add_argument("--checkout", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--log-level", default="DEBUG")
    args = parser.parse_args()
    site = PagesSite().start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            rows, log = crawl(Path(args.checkout).resolve(), site.base_url, Path(folder), level=args.log_level)
    finally:
        site.shutdown()
    stored = [row["url"].removeprefix(site.base_url) for row in rows]
    site_pages = [path for path in stored if path in SITE_PAGES or path in LISTING_PAGES or path in SECTIONS]
    lines = log.splitlines()
    print(f"checkout {args.checkout}, log level {args.log_level}")
    print(f"articles stored: {sum(path in ARTICLES for path in stored)} of {len(ARTICLES)}")
    print(f"non-articles stored as articles: {len(site_pages)} of {len(NOT_ARTICLES)} {sorted(site_pages)}")
    print(f"log lines: {len(lines)}, with HTML: {sum(bool(HTML_IN_LOG_RE.search(line)) for line in lines)}, "
          f"longest: {max(map(len, lines), default=0)} characters")


if __name__ == "__main__":
    main()
