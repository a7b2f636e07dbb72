"""The links the news spider follows from a page: Scrapy's default ``LinkExtractor()``'s, in its order, with the
ignored extensions (``scrapy.linkextractors.IGNORED_EXTENSIONS``) told by a set lookup of each dotted suffix of the
link's path instead of Scrapy's ``endswith`` of every one of the 91 extensions for every link."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from scrapy.http import HtmlResponse
from scrapy.linkextractors import IGNORED_EXTENSIONS, LinkExtractor

from crawler.spiders.news import NewsSpider
from crawler.spiders.pageitems import has_ignored_extension

SCRAPINGHUB = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrapinghub"
URL = "https://news.example/section/index.html"

LINKS_PAGE = "".join(f'<a href="{href}">x</a>' for href in [
    "/a.html", "/b.PDF", "/c.tar.gz", "/d.gz", "/e.jpg?size=2", "/f?file=g.pdf", "/h.pdf#page=2", "/i.html.zip",
    "/dir.pdf/j.html", "/k.", "/.pdf", "/l.Docx", "/m.mp4/", "/n.tgz", "/o.7z", "/a.html", "mailto:x@y.z",
    "https://other.example/p.exe", "/q.PhP", "/r.ai", "/s.html?x=.jpg",
])


def spider_links(response: HtmlResponse) -> list[str]:
    spider = NewsSpider(start_urls="https://news.example/")
    return spider.followed_links(response)


@pytest.mark.slow
def test_followed_links_are_those_of_scrapys_default_link_extractor() -> None:
    pages = [f"<html><body>{LINKS_PAGE}</body></html>".encode()]
    if SCRAPINGHUB.is_dir():
        pages += [gzip.decompress(path.read_bytes()) for path in sorted(SCRAPINGHUB.rglob("*.html.gz"))[:40]]
    for body in pages:
        response = HtmlResponse(URL, body=body, encoding="utf-8")
        stock = [link.url for link in LinkExtractor().extract_links(HtmlResponse(URL, body=body, encoding="utf-8"))]
        assert spider_links(response) == stock


def test_ignored_extensions_are_told_by_any_dotted_suffix_of_the_path() -> None:
    for extension in IGNORED_EXTENSIONS:
        assert has_ignored_extension(f"https://n.example/files/report.{extension.upper()}?v=1")
    assert has_ignored_extension("https://n.example/archive.tar.gz")
    assert not has_ignored_extension("https://n.example/story.html?attachment=photo.jpg")
    assert not has_ignored_extension("https://n.example/photos.jpg/story.html")
    assert not has_ignored_extension("https://n.example/")


def test_an_extractor_a_subclass_puts_in_place_gives_its_own_links() -> None:
    spider = NewsSpider(start_urls="https://news.example/")
    spider.link_extractor = LinkExtractor(deny_extensions=[])  # a project that follows links to documents
    response = HtmlResponse(URL, body=f"<html><body>{LINKS_PAGE}</body></html>".encode(), encoding="utf-8")
    assert "https://news.example/b.PDF" in spider.followed_links(response)
    assert "https://news.example/b.PDF" not in spider_links(response)
