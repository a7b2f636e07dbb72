import pytest

from crawler.extractors import parse_html
from crawler.pagejob.pagetypes import classify_page

PARAGRAPH = "<p>The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>"
NAV = "<nav>" + " ".join(f"<a href='/s{i}'>Section {i}</a>" for i in range(12)) + "</nav>"


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{NAV}{body}</body></html>"


def test_article_by_text_and_url():
    url = "https://news.example/2024/03/12/budget-vote-ends-in-a-tie.html"
    result = classify_page(parse_html(page(PARAGRAPH * 10)), url)
    assert result.is_article and "dated URL" in result.reason()


def test_listing_by_links_and_url():
    items = "".join(f"<li><a href='/a{i}'>Headline number {i} of the day</a></li>" for i in range(30))
    teasers = f"<ul>{items}</ul>"
    result = classify_page(parse_html(page(teasers)), "https://news.example/section/politics/")
    assert not result.is_article
    assert "listing-like URL" in result.reason() and "words are links" in result.reason()


def test_declared_types_weigh_most():
    ld = '<script type="application/ld+json">{"@graph": [{"@type": "WebSite"}, {"@type": ["NewsArticle"]}]}</script>'
    result = classify_page(parse_html(page(PARAGRAPH * 2, ld)), "https://news.example/tag/budget")
    assert result.is_article and "JSON-LD type newsarticle" in result.reason()
    listing = (
        '<script type="application/ld+json">{"@type": "CollectionPage"}</script>'
        '<meta property="og:type" content="website">'
    )
    assert not classify_page(parse_html(page(PARAGRAPH, listing)), "https://news.example/x").is_article


def test_broken_json_ld_is_ignored():
    broken = '<script type="application/ld+json">{"@type": </script>'
    result = classify_page(parse_html(page(PARAGRAPH * 10, broken)), "https://news.example/story/budget")
    assert result.is_article


def test_chinese_article_text_is_weighed_per_character():
    sentence = "本报讯 记者从市交通局获悉，今年我市将在中心城区新增二十公里自行车道，并对现有自行车道进行改造。"
    body = f"<p>{sentence * 8}</p>"
    assert classify_page(parse_html(page(body)), "https://news.example.cn/a/123456.html").is_article


def test_running_words_of_ascii_blocks_skip_the_cjk_search():
    # classify_page's running-text count takes an ASCII-only block at its word count without searching it for
    # CJK characters: that holds only while no ASCII character is a CJK one.
    from crawler.extractors.document.text import CJK_RE
    from crawler.pagejob.pagetypes import CJK_WORDS_PER_CHARACTER, _words

    assert not any(CJK_RE.search(chr(code)) for code in range(128))
    assert _words(20, "Plain English words of a running paragraph.") == 20.0
    assert _words(20, "上海市政府今天发布了新的交通规划方案") == 20 * CJK_WORDS_PER_CHARACTER
    assert _words(20, "Café au lait, a French word or two") == 20.0


def test_cjk_span_holds_every_cjk_character():
    # _words searches for CJK_RE only from the first character of CJK_SPAN_RE: every CJK character must be in it.
    from crawler.extractors.document.text import CJK_RE
    from crawler.pagejob.pagetypes import CJK_SPAN_RE

    every = "".join(map(chr, [*range(0xD800), *range(0xE000, 0x30000)]))
    cjk = CJK_RE.findall(every)
    assert len(cjk) > 80_000
    assert all(CJK_SPAN_RE.match(character) for character in cjk)


@pytest.mark.parametrize("compiled", [True, False])
def test_cjk_span_start_is_the_regex_search_around_every_code_point(compiled, monkeypatch):
    # The compiled scan (cfingerprint.first_in_ranges) against CJK_SPAN_RE.search, in Latin-1, two- and four-byte
    # texts, before and after other characters.
    from crawler.pagejob import fingerprints
    from crawler.pagejob.pagetypes import CJK_SPAN_RE, cjk_span_start

    if compiled and fingerprints.KERNEL is None:
        pytest.skip("the compiled kernel is not built")
    if not compiled:
        monkeypatch.setattr(fingerprints, "KERNEL", None)

    def searched(text):
        found = CJK_SPAN_RE.search(text)
        return -1 if found is None else found.start()

    for code in [*range(0xD800), *range(0xE000, 0x30000), *range(0x30000, 0x110000, 101)]:
        c = chr(code)
        for text in (c, f"caf\u00e9 {c}", f"“q” {c} 新", f"\U0001f600{c}x", f"{c}\u1100"):
            assert cjk_span_start(text) == searched(text), f"U+{code:04X} in {text!r}"


def test_running_words_find_cjk_after_typographic_punctuation():
    from crawler.pagejob.pagetypes import CJK_WORDS_PER_CHARACTER, _words

    chinese = "上海市政府今天发布了新的交通规划方案" * 3
    assert _words(20, f"“Quoted” — {chinese}") == 20 * CJK_WORDS_PER_CHARACTER
    assert _words(20, "Кириллица “quoted” — Ελληνικά, no CJK at all") == 20.0
    assert _words(20, f"é {chinese}") == 20 * CJK_WORDS_PER_CHARACTER


def _plain_page_sums(blocks) -> tuple[float, int, int]:
    """classify_page's running words and the page's words and linked words, as first written: three passes."""
    from crawler.pagejob.pagetypes import RUNNING_TEXT_BLOCK_WORDS, _words

    running = sum(_words(b.num_words - b.num_words_in_anchor_text, b.text) for b in blocks
                  if b.num_words >= RUNNING_TEXT_BLOCK_WORDS and b.link_density < 1 / 3)
    return running, sum(b.num_words for b in blocks), sum(b.num_words_in_anchor_text for b in blocks)


def test_one_pass_sums_equal_the_plain_ones_at_the_thresholds():
    from crawler.extractors.document.parse import TextBlock, TextDocument

    # (words, linked words): at and around 16 words and a link density of exactly 1/3 (6 of 18, 7 of 21)
    shapes = [(15, 0), (16, 0), (16, 5), (16, 6), (18, 6), (18, 5), (21, 7), (21, 6), (40, 13), (40, 14), (0, 0),
              (3, 3), (150, 10), (60, 0)]
    for first in range(len(shapes)):
        chosen = shapes[first:] + shapes[:first]
        blocks = [TextBlock(" ".join(["word"] * words) or "-", words, linked, 0, 0, index, 0)
                  for index, (words, linked) in enumerate(chosen[: 3 + first % 5])]
        running, words, linked = _plain_page_sums(blocks)
        reasons = classify_page(TextDocument(blocks, "A title"), "https://news.example/x").reason()
        assert f"{running:.0f} words of running text" in reasons
        assert (f"{linked / words:.0%} of the words are links" in reasons) == (linked / words >= 0.65)
