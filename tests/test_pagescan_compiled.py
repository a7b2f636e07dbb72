"""The news spider's byte questions in C (``crawler/kernels/cpagescan.pyx``) give the answers of their Python twins
on the lowered page: the rel=next/prev regex, ``bytes.find`` of a lower-case word, and through them every answer
of ``crawler.spiders.pagelinks``."""

from __future__ import annotations

import gzip
import os
import random
from pathlib import Path

import pytest
from scrapy.http import HtmlResponse

from crawler.kernels.compiled import PURE_PYTHON_ENV
from crawler.spiders import pagelinks
from crawler.spiders.discovery import FEED_TYPES
from tests.test_pagelinks import FRAGMENTS

SPIDERS = Path(pagelinks.__file__).parent
SCAN = pagelinks.SCAN
needs_compiled = pytest.mark.skipif(SCAN is None, reason="crawler/kernels/cpagescan.pyx is not built")
SCRAPINGHUB = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrapinghub"


def test_a_built_compiled_scan_loads() -> None:
    built = list(SPIDERS.glob("cpagescan*.so")) + list(SPIDERS.glob("cpagescan*.pyd"))
    if os.environ.get(PURE_PYTHON_ENV):
        pytest.skip(f"{PURE_PYTHON_ENV} is set")
    assert SCAN is not None or not built, f"{built} is built but does not load (see the debug log)"


def random_pages(seed: int, count: int) -> list[bytes]:
    """Fragments (tags, rel words, blanks) in random orders with their letters' case flipped at random."""
    chooser = random.Random(seed)
    pieces = [*FRAGMENTS, "rel", "REL", "=", " ", "\t", "\v", "'", '"', "next", "PREV", "-", "_", "x", "rel=\"a b ",
              "rel= next", "ReL\f=\r'x-y\nNeXt", "rel=a-next", "rel=\"a-\"next", "nex", "pre", "amp", "html", "é"]
    pages = []
    for _ in range(count):
        page = "".join(chooser.choice(pieces) for _ in range(chooser.randint(0, 16)))
        page = "".join(c.swapcase() if chooser.random() < 0.3 else c for c in page)
        pages.append(page.encode("utf-8"))
    return pages


@needs_compiled
def test_compiled_names_next_or_previous_equals_the_regex_of_the_lowered_page() -> None:
    for page in random_pages(16, 4000):
        assert SCAN.names_next_or_previous(page) == pagelinks.names_next_or_previous(page), page
    for page in (b"", b"r", b"re", b"rel", b"rel=", b"rel=nex", b"rel=next", b"REL=PREV", b"rel =\t'x\nprev",
                 b"rel=x next", b"rel=x-next", b"rel=xnext", b"rel=\"x\" next", b"rel==next"):
        assert SCAN.names_next_or_previous(page) == pagelinks.names_next_or_previous(page), page


@needs_compiled
def test_compiled_find_equals_find_in_the_lowered_page() -> None:
    chooser = random.Random(17)
    words = [b"amphtml", b"rel", b"a", b"application/rss+xml", b"next", b"", b"\xc3\xa9"]
    for page in random_pages(18, 1500):
        for word in words:
            start = chooser.randint(0, len(page) + 2)
            end = chooser.randint(0, len(page) + 2)
            assert SCAN.find_folded(page, word, start, min(end, len(page))) == \
                page.lower().find(word, start, min(end, len(page))), (page, word, start, end)
            assert SCAN.find_folded(page, word, 0, len(page)) == page.lower().find(word), (page, word)


def respond(body: bytes) -> HtmlResponse:
    return HtmlResponse("https://news.example/2024/03/story.html", body=body, encoding="utf-8")


def answers(body: bytes) -> tuple[object, ...]:
    response = respond(body)
    return (pagelinks.page_names_next_or_previous(response), pagelinks.rel_links(response, "next"),
            pagelinks.rel_links(response, "prev", "previous"), pagelinks.head_links(response, "amphtml"),
            pagelinks.head_links(response, "alternate", FEED_TYPES),
            [pagelinks.page_find(response, kind, 0, 200_000) for kind in pagelinks.FEED_TYPE_BYTES])


@needs_compiled
def test_pagelinks_answer_the_same_with_and_without_the_compiled_scan(monkeypatch) -> None:
    pages = random_pages(19, 600)
    if SCRAPINGHUB.is_dir():
        pages += [gzip.decompress(path.read_bytes()) for path in sorted(SCRAPINGHUB.rglob("*.html.gz"))[:60]]
    compiled = [answers(page) for page in pages]
    monkeypatch.setattr(pagelinks, "SCAN", None)
    assert [answers(page) for page in pages] == compiled


def test_find_folded_of_bytes_equals_find_in_the_lowered_bytes(monkeypatch) -> None:
    """``pagelinks.find_folded``: the byte question of any bytes (the meta-refresh prefilter asks it of a page's
    head), compiled or not."""
    chooser = random.Random(23)
    words = [b"refresh", b"<base", b"a", b""]
    pages = [*random_pages(29, 400), b"<META HTTP-EQUIV=REFRESH>", b"x" * 50 + b"ReFrEsH"]
    for scan in ([SCAN, None] if SCAN is not None else [None]):
        monkeypatch.setattr(pagelinks, "SCAN", scan)
        for page in pages:
            for word in words:
                start = chooser.randint(0, len(page))
                end = chooser.randint(0, len(page) + 2)
                assert pagelinks.find_folded(page, word, start, end) == page.lower().find(word, start, end), \
                    (scan, page, word, start, end)
                assert pagelinks.find_folded(page, word) == page.lower().find(word), (scan, page, word)


def long_pages(seed: int, count: int) -> list[bytes]:
    """Pages of hundreds of bytes: random pages (case flipped) joined with runs of filler bytes of every length, so
    that needles and their rarest bytes fall at every place of the 16-byte blocks the scan reads."""
    chooser = random.Random(seed)
    pieces = random_pages(seed + 1, 400)
    fillers = [b"x", b" ", b"h", b"M", b"=", b"l=", b"L =", b"\t", b"mh", b"ampht", b"AMPHTM", b"<b", b"\x00", b"\xff"]
    pages = []
    for _ in range(count):
        parts = []
        for _ in range(chooser.randint(1, 30)):
            parts.append(chooser.choice(pieces))
            parts.append(chooser.choice(fillers) * chooser.randint(0, 40))
        pages.append(b"".join(parts))
    return pages


@pytest.fixture(params=["wide", "sse2"])
def block_width(request):
    """The scans as the processor runs them (32 bytes at a time where it has AVX2), then 16 bytes at a time."""
    wide = SCAN.use_avx2(True)
    if request.param == "sse2":
        if not wide:
            pytest.skip("the processor has no AVX2: the default run reads 16 bytes at a time already")
        SCAN.use_avx2(False)
    yield
    SCAN.use_avx2(True)


@needs_compiled
def test_compiled_answers_on_long_pages_equal_the_lowered_page_at_every_alignment(block_width) -> None:
    chooser = random.Random(31)
    words = [b"amphtml", b"refresh", b"<base", b"application/rss+xml", b"l", b"mh", b"\xc3\xa9", b"ampht"]
    for page in long_pages(32, 600):
        assert SCAN.names_next_or_previous(page) == pagelinks.names_next_or_previous(page), page
        lowered = page.lower()
        for word in words:
            start = chooser.randint(0, len(page))
            end = chooser.randint(start, len(page))
            assert SCAN.find_folded(page, word, start, end) == lowered.find(word, start, end), (page, word, start)
            assert SCAN.find_folded(page, word, 0, len(page)) == lowered.find(word), (page, word)
    for shift in range(40):  # one needle at each place of a block, with and without a near miss before it
        for word in (b"amphtml", b"refresh", b"<base"):
            for page in (b"x" * shift + word.upper(), b"M" * shift + b"mxh" + word.title(), b" " * shift + word):
                assert SCAN.find_folded(page, word, 0, len(page)) == page.lower().find(word), (page, word)
        page = b"a" * shift + b"REL =\tNEXT"
        assert SCAN.names_next_or_previous(page), page
        assert not SCAN.names_next_or_previous(b"a" * shift + b"rex=next"), shift


@needs_compiled
@pytest.mark.skipif(not SCRAPINGHUB.is_dir(), reason="the scrapinghub pages are not there")
def test_compiled_answers_on_real_pages_equal_the_lowered_page(block_width) -> None:
    chooser = random.Random(37)
    for path in sorted(SCRAPINGHUB.rglob("*.html.gz")):
        page = gzip.decompress(path.read_bytes())
        lowered = page.lower()
        assert SCAN.names_next_or_previous(page) == pagelinks.names_next_or_previous(page), path
        for word in (b"amphtml", b"refresh", b"<base", b"application/rss+xml", b"canonical"):
            start = chooser.randint(0, len(page))
            assert SCAN.find_folded(page, word, start, len(page)) == lowered.find(word, start), (path, word)
            assert SCAN.find_folded(page, word, 0, 16384) == lowered.find(word, 0, 16384), (path, word)


def reference_rel_words(page: bytes) -> list[int]:
    return [match.start() for match in pagelinks.REL_WORD_BYTES_RE.finditer(page.lower())]


@needs_compiled
def test_rel_words_are_the_matches_of_the_regex_of_the_lowered_page(block_width) -> None:
    """Each match's start as finditer gives it; its end no later than the regex's and with no ">" between."""
    pages = [*random_pages(43, 3000), *long_pages(44, 300), b"rel=next", b"REL = 'a-b\tPREV", b"xrel=next rel=prev",
             b"rel=a next rel =prev", b"rel=next next", b"relrel=next", b"rel rel=next", b"rel=\"next", b"=next"]
    if SCRAPINGHUB.is_dir():
        pages += [gzip.decompress(path.read_bytes()) for path in sorted(SCRAPINGHUB.rglob("*.html.gz"))]
    for page in pages:
        spans = SCAN.rel_words(page)
        lowered = page.lower()
        matches = list(pagelinks.REL_WORD_BYTES_RE.finditer(lowered))
        assert [start for start, _ in spans] == [match.start() for match in matches], page[:300]
        for (start, end), match in zip(spans, matches, strict=True):
            assert start < end <= match.end() and b">" not in lowered[end : match.end()], page[:300]
