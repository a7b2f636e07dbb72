"""Templates that save time: a pattern's learned container replaces the cascade once it agrees with it."""

from __future__ import annotations

from lxml import html as lxml_html

from crawler.extractors import LearningExtractor
from crawler.extractors.cascade.learning import FAST_EXTRACTOR
from crawler.extractors.document.parse import parse_html
from crawler.extractors.templates import learned_layout
from crawler.extractors.templates.learned_layout import (
    CONFIRM_PAGES,
    VERIFY_EVERY,
    LayoutBook,
    container_of,
    locate,
    locator_of,
    word_f1,
)
from crawler.extractors.templates.lines import line_hash

CHROME_HEAD = """<header><div class="logo">The Example Tribune</div>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a></nav>
<div class="edition">International edition, updated every hour</div>
<div class="tagline">Independent news since 1901, read in 90 countries</div></header>"""
CHROME_TAIL = """<aside class="related"><a href="/a">Another story about the harbour and its many boats</a>
<a href="/b">Markets fall as the council delays its budget vote again</a></aside>
<div class="promo">Subscribe to our morning newsletter for the day's top stories</div>
<footer><p>Copyright 2024 The Example Tribune, all rights reserved</p>
<p>Contact the newsroom at newsroom@example.org</p><p>Terms of use and privacy policy</p></footer>"""
SUBJECTS = ["harbour", "railway", "school", "hospital", "bridge", "library", "market", "airport", "museum",
            "stadium", "park", "tunnel"]


def page(n: int, container: str = '<div id="main"><div class="story-body post-{n}">{body}</div></div>'
         ) -> tuple[bytes, str]:
    subject = SUBJECTS[n % len(SUBJECTS)]
    paragraphs = "".join(
        f"<p>Paragraph {i} of story {n}: the council said the new {subject} would open next spring after "
        f"{n + i} months of work, and residents of district {n * 7 + i} asked how the costs would be shared.</p>"
        for i in range(5))
    body = f"<h1>The {subject} story number {n}</h1>{paragraphs}<p class=share>Share this story</p>"
    html = (f"<html><head><title>Story {n}</title></head><body>{CHROME_HEAD}"
            f"{container.format(n=n, body=body)}{CHROME_TAIL}</body></html>")
    return html.encode(), f"https://news.example.org/2024/05/{n % 28 + 1:02d}/council-backs-{subject}-plans-{n}.html"


def test_locator_skips_a_story_number_and_stops_at_a_stable_id():
    root = lxml_html.fromstring('<html><body><div id="main"><div class="story-body post-12">x</div></div>'
                                '</body></html>')
    element = root.find(".//div[@id='main']/div")
    locator = locator_of(element)
    assert locator.startswith("id('main')[self::div]/div")
    assert "post-12" not in locator and "story-body" in locator
    other = parse_html(b'<html><body><div id="main"><div class="story-body post-99">text here</div></div>'
                       b'</body></html>')
    assert locate(other, locator) is not None


def test_container_of_is_the_common_ancestor_of_the_kept_blocks():
    doc = parse_html(b"<html><body><nav>Menu</nav><article><h1>Title of it</h1><div><p>One para.</p>"
                     b"<p>Two para.</p></div></article></body></html>")
    blocks = doc.fresh_blocks()
    for block in blocks:
        block.is_content = block.text != "Menu"
    assert container_of(blocks).tag == "article"


def test_word_f1():
    assert word_f1("a b c", "a b c") == 1.0
    assert word_f1("", "") == 1.0 and word_f1("a", "") == 0.0
    assert 0.6 < word_f1("a b c d", "a b c") < 1.0


def test_trusted_after_agreeing_pages_then_pages_skip_the_cascade_with_the_same_text():
    fast, slow = LearningExtractor(), LearningExtractor(fast=False)
    pages = [page(n) for n in range(2 + CONFIRM_PAGES + 6)]
    got = [fast.extract(*p) for p in pages]
    expected = [slow.extract(*p) for p in pages]
    kinds = [a.extractor for a in got]
    assert FAST_EXTRACTOR not in kinds[: 1 + CONFIRM_PAGES]  # sample, then template pages that confirm
    assert kinds[-1] == FAST_EXTRACTOR and got[-1].template is not None
    assert fast.stats["fast"] >= 5 and slow.stats["fast"] == 0
    for a, b in zip(got, expected, strict=True):
        assert a.text == b.text
    assert "Share this story" not in got[-1].text and "newsletter" not in got[-1].text
    assert "Paragraph 4 of story" in got[-1].text
    assert got[-1].blocks and all(b.is_content and b.decisions[-1].step == "LearnedContainer"
                                  for b in got[-1].blocks)


def test_a_page_without_the_container_goes_to_the_cascade():
    extractor = LearningExtractor()
    for n in range(2 + CONFIRM_PAGES + 1):
        extractor.extract(*page(n))
    redesigned = page(40, container="<section class=\"story\">{body}</section>")
    article = extractor.extract(*redesigned)
    assert article.extractor != FAST_EXTRACTOR
    assert "Paragraph 4 of story 40" in article.text


def test_every_verify_every_th_trusted_page_is_checked_by_the_cascade():
    extractor = LearningExtractor()
    for n in range(2 + CONFIRM_PAGES + VERIFY_EVERY + 1):
        extractor.extract(*page(n))
    assert extractor.stats["checked"] == 1
    assert extractor.stats["fast"] >= VERIFY_EVERY - 1


def test_a_disagreement_withdraws_the_trust():
    book = LayoutBook()
    for _ in range(CONFIRM_PAGES):
        book.record("p", "//div[@id='x']", True, frozenset({1, 2}))
    assert book.fast_locator("p") == ("//div[@id='x']", frozenset({1, 2}), False)
    assert book.trusted_patterns() == ["p"]
    book.record("p", "//div[@id='x']", False)
    assert book.fast_locator("p") == (None, frozenset(), False)
    book.record("p", "//div[@id='y']", True)  # another container: counted from one again
    assert book.fast_locator("p") == (None, frozenset(), False)


def test_a_trusted_page_is_neither_hashed_whole_nor_matched(monkeypatch):
    from crawler.extractors.cascade import learning

    extractor = LearningExtractor()
    for n in range(2 + CONFIRM_PAGES):
        extractor.extract(*page(n))
    calls: list[int] = []
    original = learning._line_hashes
    monkeypatch.setattr(learning, "_line_hashes", lambda doc: calls.append(1) or original(doc))
    article = extractor.extract(*page(20))
    assert article.extractor == FAST_EXTRACTOR and calls == []


def test_crawl_stats_count_pages_by_extractor_path():
    from crawler.pipelines import count_page_type

    class Stats(dict):
        def inc_value(self, key: str) -> None:
            self[key] = self.get(key, 0) + 1

    stats = Stats()
    count_page_type(stats, {"page_type": "article", "extractor": FAST_EXTRACTOR})
    count_page_type(stats, {"page_type": "article", "extractor": "default/blocks"})
    assert stats[f"extraction/extractor/{FAST_EXTRACTOR}"] == 1 and stats["extraction/extractor/default/blocks"] == 1


def test_locator_tells_apart_siblings_of_one_class():
    root = lxml_html.fromstring('<html><body><div class="col">a</div><div class="col">b</div></body></html>')
    second = root.findall(".//div")[1]
    locator = locator_of(second)
    assert locator.endswith("[2]")
    assert root.xpath(locator) == [second]


def test_container_blocks_by_recorded_positions_equal_those_by_the_container_elements():
    from crawler.extractors.templates.learned_layout import MAX_LINK_DENSITY, container_text

    page = (f"<html><body>{CHROME_HEAD}<main><article><h1>Story</h1><div><p>{'One line of the story. ' * 8}</p>"
            f"<ul><li>{'A point made in a list item. ' * 3}</li></ul></div></article>"
            f"<p>{'Text after the article. ' * 6}</p></main>{CHROME_TAIL}</body></html>")
    doc = parse_html(page.encode(), "https://news.example/2024/a")
    assert doc.tree_index is not None
    for container in doc.root.iter("article", "main", "div", "body"):
        inside = set(container.iter())
        expected = [b.text for b in doc.blocks
                    if b.element is not None and b.element in inside and b.link_density <= MAX_LINK_DENSITY]
        assert [b.text for b in container_text(doc, container, frozenset())] == expected, container.tag
    head = doc.root.find("head")  # outside the block walk's positions: the elements themselves decide
    assert head is None or container_text(doc, head, frozenset()) == []


def test_the_fast_path_check_reads_the_fast_paths_text_and_changes_no_block():
    """``_fast_text``, what confirming a page reads, is ``_fast``'s text (None where ``_fast`` gives None), and it
    neither copies nor decides the page's blocks."""
    from crawler.extractors.templates.learned_layout import locator_of

    extractor = LearningExtractor()
    for n in range(3):
        html, url = page(n)
        doc = parse_html(html.encode() if isinstance(html, str) else html, url)
        chromes = (frozenset(), frozenset(line_hash(b.text) for b in doc.blocks[:3]))
        for element in doc.root.iter("div", "body", "main", "aside"):
            locator = locator_of(element)
            for chrome in chromes:
                before = [(b.text, list(b.labels), len(b.decisions)) for b in doc.blocks]
                text = extractor._fast_text(doc, locator, chrome)
                assert [(b.text, list(b.labels), len(b.decisions)) for b in doc.blocks] == before
                fast = extractor._fast(doc, locator, chrome, "pattern")
                assert text == (fast.text if fast is not None else None), locator


def test_a_template_hit_walks_only_its_container_and_the_rest_when_asked():
    extractor = LearningExtractor()
    for n in range(2 + CONFIRM_PAGES):
        extractor.extract(*page(n))
    html, url = page(21)
    article = extractor.extract(html, url)
    assert article.extractor == FAST_EXTRACTOR
    assert not article.document.walked  # the header, related links and footer were not walked
    walked = parse_html(html, url)
    assert article.text == LearningExtractor(fast=False).extract_document(walked).text
    # what reads the whole page walks it then, and finds what a walked page gives
    assert article.metadata.to_dict() == extractor.cascade.extract(walked).metadata.to_dict()
    assert article.document.walked
    assert [b.text for b in article.document.blocks] == [b.text for b in walked.blocks]


def test_a_locator_by_sibling_position_walks_the_page_before_locating():
    # two columns of one class, a hidden one before them: positions are counted on the walked tree
    container = ('<div id="main"><div class="col" hidden>old</div><div class="col">Sidebar of the column kind'
                 '</div><div class="col">{body}</div></div>')
    extractor = LearningExtractor()
    for n in range(2 + CONFIRM_PAGES):
        extractor.extract(*page(n, container))
    article = extractor.extract(*page(22, container))
    assert article.extractor == FAST_EXTRACTOR and "Paragraph 4 of story 22" in article.text
    assert article.document.walked


def test_word_f1_of_one_text_twice_is_one_without_tokenising_it(monkeypatch):
    # The fast path's text equals the cascade's on most agreeing pages (17 of 29 checks on scrapinghub).
    text = "The minister said the market rose.\nSecond paragraph."
    expected = word_f1(text, text)

    def no_tokens(value: str) -> list[str]:
        raise AssertionError("tokenised")

    monkeypatch.setattr(learned_layout, "tokens", no_tokens)
    assert word_f1(text, text) == expected == 1.0
    assert word_f1("", "") == 1.0


def _agreement_pairs() -> list[tuple[str, str]]:
    """(fast path's text, cascade's text) as a template hit gives them: the same paragraphs, with a caption or a
    line more or less, a line twice, lines in another case or order, CJK lines, folds that lengthen (ß -> ss)."""
    story = [f"Paragraph {i} of the story about the {SUBJECTS[i % len(SUBJECTS)]}, with its quotes and figures "
             f"({i * 7} people) said the mayor." for i in range(40)]
    chinese = ["本报讯 记者从市交通局获悉，今年我市将新增二十公里自行车道。", "第二段：改造工程明年完成。"]
    pairs = []
    for size in (1, 3, 10, 40):
        body = story[:size]
        pairs += [
            ("\n".join(body), "\n".join(body)),
            ("\n".join(body), "\n".join(["Photo: Reuters", *body])),
            ("\n".join([*body, "Advertisement"]), "\n".join(body)),
            ("\n".join(body[1:]), "\n".join(body)),
            ("\n".join([*body, body[0]]), "\n".join(body)),
            ("\n".join(line.upper() for line in body), "\n".join(body)),
            ("\n".join(reversed(body)), "\n".join(body)),
            ("\n".join([*body, *chinese]), "\n".join([*body, chinese[0]])),
            ("\n".join([*body, "Die Straße"]), "\n".join([*body, "DIE STRASSE"])),
            ("\n".join([*body, "— “ ” —", ""]), "\n".join(body)),
            ("\n".join(body), "\n".join([*body, *story[size:size + 2]])),
        ]
    # Lines more than once on both sides, or only on one side, each occurrence counted.
    repeated = ["Share this story", "Share this story", "One line", "Share this story"]
    pairs += [("\n".join([*repeated * 8, "extra words here"]), "\n".join(repeated * 8)),
              ("\n".join([*story[:3], "Advertisement", "Advertisement"]), "\n".join(story[:3])),
              ("\n".join(["Ad", *story[:2], "Ad", "Ad"]), "\n".join([*story[:2], "Ad", "tail words"]))]
    # F1 of exactly 0.98 in exact arithmetic: 49 words shared, two more on one side.
    words = " ".join(f"w{i}" for i in range(49))
    pairs += [(words, f"{words}\nx y"), ("", ""), ("", "a"), ("a", ""), ("x", "y")]
    return pairs


def test_words_agree_is_word_f1_at_the_threshold():
    from crawler.extractors.templates.learned_layout import words_agree

    for found, expected in _agreement_pairs():
        f1 = word_f1(found, expected)
        for threshold in (0.0, 0.5, 0.9, 0.95, f1, 0.98, 0.99, 1.0):
            assert words_agree(found, expected, threshold) == (f1 >= threshold), (threshold, f1, found[:60])


def test_words_agree_counts_shared_lines_once_and_stops_when_sure(monkeypatch):
    from crawler.extractors.templates.learned_layout import AGREEMENT_F1, words_agree

    story = "\n".join(f"Paragraph {i} of a long story, about the harbour and its boats." for i in range(200))
    found, expected = f"{story}\nAdvertisement", story
    assert word_f1(found, expected) >= AGREEMENT_F1
    tokenised = []
    real_tokens = learned_layout.tokens
    monkeypatch.setattr(learned_layout, "tokens", lambda text: tokenised.append(len(text)) or real_tokens(text))
    assert words_agree(found, expected, AGREEMENT_F1)
    assert sum(tokenised) < len(story) / 4  # the differing line and a fraction of the shared ones


def test_container_blocks_drop_a_block_only_when_every_line_of_it_is_a_template_line():
    """A block of several lines (<br>) is chrome only when each of its non-blank lines is: one story line among
    template lines keeps it, and blank lines do not count."""
    from crawler.extractors.templates.learned_layout import container_blocks

    page_html = ("<html><body><main><p>Share this story<br>Follow us on the radio<br> <br>Print edition</p>"
                 "<p>Share this story<br>The council voted to open the new harbour next spring.</p>"
                 f"<p>{'A line of the story itself. ' * 6}</p></main></body></html>")
    doc = parse_html(page_html.encode(), "https://news.example/2024/b")
    chrome = frozenset(line_hash(line) for line in ("Share this story", "Follow us on the radio", "Print edition"))
    main = doc.root.find(".//main")
    kept = [b.text for b in container_blocks(doc, main, chrome)]
    assert not any(text.startswith("Share this story\nFollow") for text in kept)
    assert any("The council voted" in text for text in kept)
    assert any(text.startswith("A line of the story") for text in kept)
    assert [b.text for b in container_blocks(doc, main, frozenset())] == [b.text for b in doc.blocks]
