"""A news-archive corpus built from the shared pages (../shared/datasets): gzip-member WARC archives of real
pages with their URLs, in two languages, with known publication dates, one article captured twice, and listings
among the articles; and what a run with filters must give, from facts stated about each page without running the
extractor (its labelled kind, its language, the publication date its publisher declares in its markup).

Each page's facts:
- kind: the benchmark's human-checked label (wcxb-dev); scrapinghub's and zh-news's pages are all news articles;
- language: the ``<html lang>`` the page declares (English pages), Chinese for zh-news's pages;
- published: the day the page's own markup declares (``article:published_time`` or JSON-LD ``datePublished``),
  taken only where wcxb-dev's gold date says the same day.

The archives' records carry the capture dates set here (``WARC-Date``), which become the rows' ``crawled_at``.
"""

from __future__ import annotations

import gzip
import io
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parents[3] / "shared" / "datasets"
DECLARED_LANGUAGE = re.compile(rb"<html[^>]*\blang=[\"']?([A-Za-z]{2})", re.IGNORECASE)
DECLARED_DATE = re.compile(rb"(?:article:published_time\"?\s+content=|\"datePublished\"\s*:\s*)\"(\d{4}-\d\d-\d\d)")
NON_ARTICLE_KINDS = ("collection", "listing")  # site pages that list other pages
DECLARED_COLLECTION = re.compile(rb"\"@type\"\s*:\s*\"(?:CollectionPage|ItemList)\"")


@dataclass(frozen=True)
class CorpusPage:
    url: str
    html: bytes
    kind: str  # the labelled page kind
    language: str
    published: str | None  # YYYY-MM-DD, as the page declares it


def _read(path: Path) -> bytes:
    return gzip.decompress(path.read_bytes())


def _declared(html: bytes, pattern: re.Pattern[bytes]) -> str | None:
    found = pattern.search(html)
    return found.group(1).decode().lower() if found else None


def wcxb_pages(kinds: tuple[str, ...], count: int, dated: bool) -> list[CorpusPage]:
    """The first ``count`` English pages of these labelled kinds, by id; ``dated``: only pages whose declared
    publication day is the gold one; else only pages whose markup declares them a list (JSON-LD CollectionPage
    or ItemList), as the labels of listings are the hardest to agree on."""
    folder = SHARED / "wcxb-dev"
    gold = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    found = []
    for page_id in sorted(gold):
        facts = gold[page_id]
        if facts["page_type"] not in kinds:
            continue
        html = _read(folder / "html" / f"{page_id}.html.gz")
        if _declared(html[:5000], DECLARED_LANGUAGE) != "en":
            continue
        published = _declared(html, DECLARED_DATE)
        if dated and (published is None or published != facts["publish_date"]):
            continue
        if not dated and not DECLARED_COLLECTION.search(html):
            continue
        found.append(CorpusPage(facts["url"], html, facts["page_type"], "en", published if dated else None))
        if len(found) == count:
            break
    return found


def scrapinghub_pages(count: int) -> list[CorpusPage]:
    """The first ``count`` English news articles by id that declare their publication day."""
    folder = SHARED / "scrapinghub"
    gold = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    found = []
    for page_id in sorted(gold):
        html = _read(folder / "html" / f"{page_id}.html.gz")
        published = _declared(html, DECLARED_DATE)
        if _declared(html[:5000], DECLARED_LANGUAGE) == "en" and published:
            found.append(CorpusPage(gold[page_id]["url"], html, "article", "en", published))
            if len(found) == count:
                break
    return found


def chinese_pages(count: int) -> list[CorpusPage]:
    """The first page of the first ``count`` sites (zh-news has no URLs: each is given one under its site's name)."""
    folder = SHARED / "zh-news"
    sites = sorted(path for path in folder.iterdir() if path.is_dir())[:count]
    found = []
    for site in sites:
        page = sorted(site.glob("*.html.gz"))[0]
        url = f"https://{site.name}.example.cn/news/{page.name.split('.')[0]}.html"
        found.append(CorpusPage(url, _read(page), "article", "zh", None))
    return found


ARCHIVE_CAPTURES = ("2025-07-01T08:00:00Z", "2025-07-02T08:00:00Z", "2025-07-03T08:00:00Z")  # one an archive


@dataclass
class Corpus:
    """The archives (in paths-file order) and the pages of each, in record order."""

    folder: Path
    archives: list[tuple[str, str, list[CorpusPage]]]  # (file name, capture date, pages)

    @property
    def paths_file(self) -> Path:
        return self.folder / "warc.paths"

    def captures(self) -> list[tuple[CorpusPage, str]]:
        return [(page, captured) for _, captured, pages in self.archives for page in pages]

    def expected(self, languages: set[str], since: str, until: str) -> tuple[dict[str, str], Counter[str]]:
        """With ``--kinds article --languages ... --since ... --until ...``: the URL of every row to be written
        with its capture date (the latest), and the pages left out counted by reason."""
        counts: Counter[str] = Counter()
        kept: dict[str, str] = {}
        for page, captured in self.captures():
            if page.kind != "article":
                counts["filtered_kind"] += 1
            elif page.language not in languages:
                counts["filtered_language"] += 1
            elif page.published is not None and not since <= page.published <= until:
                counts["filtered_date"] += 1
            else:
                if page.url in kept:  # written again from a later capture: the earlier row is left out
                    counts["superseded_by_later_capture"] += 1
                kept[page.url] = max(kept.get(page.url, captured), captured)
        return kept, counts


def build_corpus(folder: Path, since: str = "2025-01-01", until: str = "2025-06-30") -> Corpus:
    """Three gzip-member WARC archives of 31 records and their paths file, in ``folder``: twelve English
    articles of wcxb-dev with declared dates, six of scrapinghub (2018-2019), six Chinese news pages and six
    listings, dealt round-robin; the first article dated within [since, until] is captured again in the last
    archive."""
    pages = (wcxb_pages(("article",), 12, dated=True) + scrapinghub_pages(6) + chinese_pages(6)
             + wcxb_pages(NON_ARTICLE_KINDS, 6, dated=False))
    archives = [(f"news-{number}.warc.gz", captured, pages[number :: len(ARCHIVE_CAPTURES)])
                for number, captured in enumerate(ARCHIVE_CAPTURES)]
    archives[-1][2].append(next(page for page in pages if page.published and since <= page.published <= until
                                and page not in archives[-1][2]))
    folder.mkdir(parents=True, exist_ok=True)
    for name, captured, listed in archives:
        write_warc(folder / name, [(page.url, page.html) for page in listed], captured)
    (folder / "warc.paths").write_text("".join(f"{name}\n" for name, _, _ in archives))
    return Corpus(folder, archives)


def write_warc(path: Path, pages: list[tuple[str, bytes]], captured: str) -> Path:
    """A WARC archive of HTTP 200 HTML responses, one gzip member a record, every record captured at ``captured``."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for url, html in pages:
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(url, "response", payload=io.BytesIO(html),
                                                          http_headers=headers,
                                                          warc_headers_dict={"WARC-Date": captured}))
    return path


if __name__ == "__main__":  # python tests/helpers/archive_corpus.py FOLDER: the corpus, for the filter bench
    import sys

    written = build_corpus(Path(sys.argv[1]))
    print(written.paths_file)
