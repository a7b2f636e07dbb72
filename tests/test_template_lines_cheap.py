"""The cheap readings of template lines against the plain ones: ``normalize_line`` (in C through
``crawler.kernels.walk.normalized_line``) against ``" ".join(line.split())`` with digit runs as '0', and a page's line
hashes (``templates.lines.page_hashes`` through ``crawler.kernels.walk.line_hashes``, in C when built) against
every block's text cut at newlines, each non-blank line hashed by ``line_hash``. The hashes are stored in template
stores, so they must not change.

Built pages of the class it serves: blocks of several ``<br>`` lines, blank and white-space-only lines (Unicode
spaces too), digits (hashed as '0'), non-Latin text (two- and four-byte strings) and fused blocks whose texts are
joined only when read.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from helpers.twins import bind_twin, implementation

from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.parse import parse_html
from crawler.extractors.templates import lines as template_lines
from crawler.extractors.templates.lines import HASH_BYTES, line_hash, normalize_line, page_hashes
from crawler.kernels.walk import line_hashes

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "scrapinghub"

PAGES = [
    "<html><body><nav>Home<br>World<br> <br>Sport</nav><p>Story of 3 hours ago.</p><div>a<br>\u3000<br>b"
    "<br>\u00a0\u2009<br>c 42</div><footer>© 2024 Site<br>All rights</footer></body></html>",
    "<html><body><h1>标题 12 月</h1><p>正文第一段。<br>第二行 𝕏 post</p><p>  </p><ul><li>one</li><li>two"
    "</li></ul><p>Ünïcödé  text\twith   spaces</p></body></html>",
    "<html><body><table><tr><td>cell 1</td><td>cell 2</td></tr></table><pre>code\n\n  line</pre>"
    "<p>tail</p></body></html>",
]


def digest(line: str) -> int:
    """The stored hash of a line computed afresh (``line_hash`` and ``page_hashes`` share one cache)."""
    return int.from_bytes(hashlib.blake2b(normalize_line(line).encode("utf-8"), digest_size=HASH_BYTES).digest(), "big")


def plain(doc) -> list[int]:
    return [digest(line) for block in doc.blocks for line in block.text.split("\n") if line.strip()]


def fused_blocks() -> list[TextBlock]:
    """Blocks whose texts are fused (merge_next) and not read yet, beside plain ones and white-space lines."""
    first = TextBlock.from_text("Breaking news 12")
    first.merge_next(TextBlock.from_text("second line"))
    first.merge_next(TextBlock.from_text("   "))
    empty_fused = TextBlock.from_text("  ")
    empty_fused.merge_next(TextBlock.from_text("only after a blank"))
    # lines of other white space than " " (tabs, ideographic and no-break spaces), as a block built from text has
    spaced = TextBlock.from_text("x\n\u3000\t\n\u00a0\u2009\ny\r\n\x1c\n")
    return [first, TextBlock.from_text("alone"), empty_fused, TextBlock.from_text("a\n\nb\n \n"), spaced]


def fused_plain() -> list[int]:
    return [line_hash(line) for block in fused_blocks() for line in block.text.split("\n") if line.strip()]


@pytest.mark.parametrize("compiled", [True, False])
def test_page_hashes_are_the_plain_reading(compiled: bool, monkeypatch) -> None:
    bind_twin(monkeypatch, compiled)
    for html in PAGES:
        doc = parse_html(html, "https://example.com/news/story.html")
        assert page_hashes(doc) == plain(doc)
        assert page_hashes(doc) == plain(doc)  # a second time, every line from the cache
    assert implementation(compiled, "walk").line_hashes(fused_blocks(), {}, line_hash) == fused_plain()


def test_lines_not_in_the_cache_are_hashed_and_kept() -> None:
    cache: dict[str, int] = {"cached": 7}
    seen: list[str] = []

    def hasher(line: str) -> int:
        seen.append(line)
        return len(line)

    blocks = [TextBlock.from_text("cached"), TextBlock.from_text("new one\ncached\n  \nnew two")]
    assert line_hashes(blocks, cache, hasher) == [7, 7, 7, 7]
    assert seen == ["new one", "new two"]


def test_the_page_cache_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(template_lines, "LINE_HASH_CACHE", 2)
    monkeypatch.setattr(template_lines, "_LINE_HASHES", {})
    doc = parse_html("<html><body><p>one</p><p>two</p><p>three</p></body></html>", "https://example.com/a")
    assert page_hashes(doc) == plain(doc)
    assert len(template_lines._LINE_HASHES) <= 2


def test_line_hash_reads_the_cache_page_hashes_fills(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(template_lines, "_LINE_HASHES", {})
    doc = parse_html("<html><body><p>Home 12</p><p>About us</p></body></html>", "https://example.com/a")
    page_hashes(doc)
    assert set(template_lines._LINE_HASHES) == {"Home 12", "About us"}
    assert line_hash("Home 12") == digest("Home 12") and line_hash("Home 99") == digest("Home 99")
    assert len(template_lines._LINE_HASHES) == 3  # one cache for both


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/datasets/scrapinghub is not there")
@pytest.mark.slow
def test_page_hashes_on_the_scrapinghub_pages() -> None:
    from crawler.evaluation.datasets import load_dataset

    for page in list(load_dataset(str(SHARED)))[:60]:
        doc = parse_html(page.html, page.url)
        assert page_hashes(doc) == plain(doc), page.url


def _plain_normalized(line: str) -> str:
    return re.sub(r"\d+", "0", " ".join(line.split()))


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.slow
def test_normalize_line_is_the_plain_reading_around_every_code_point(compiled: bool, monkeypatch) -> None:
    """White space of every kind (str.split's), decimal digits of every script (regex \\d), the rest kept."""
    bind_twin(monkeypatch, compiled)
    codes = [*range(0xD800), *range(0xE000, 0x10000), *range(0x10000, 0x110000, 97), 0x1D7CE, 0x1F600]
    for code in codes:
        c = chr(code)
        for line in (c, f"a{c}b", f" {c}{c} 12{c}3 ", f"x{c}\u00a0 {c}9\u0663"):
            assert normalize_line(line) == _plain_normalized(line), f"U+{code:04X} in {line!r}"


def test_normalize_line_on_lines_of_the_pages() -> None:
    lines = ["Updated 3 hours ago", "  Home\u00a0|  World  ", "12 345 678", "٣ ساعات", "no digits here", "",
             "\u3000標題 2024年5月\u3000", "tab\tand\nnewline 007 x1y22z333"]
    assert [normalize_line(line) for line in lines] == [_plain_normalized(line) for line in lines]


@pytest.mark.parametrize("compiled", [True, False])
def test_normalized_lines_are_each_line_normalised(compiled: bool, monkeypatch) -> None:
    from crawler.extractors.templates.lines import normalized_lines

    bind_twin(monkeypatch, compiled)
    lines = ["Home", "  3 hours   ago ", "标题 12 月", "a\u3000b\u00a0c 42", "x 1 2 3", "x 0 0 0", "", " \t"]
    assert normalized_lines(lines) == frozenset(re.sub(r"\d+", "0", " ".join(line.split())) for line in lines)
    assert normalized_lines(lines) == frozenset(map(normalize_line, lines))
