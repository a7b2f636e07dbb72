import pytest
from helpers.peak import growth_mb

from crawler.extractors.document.parse import TextBlock, parse_html

PAGE = """<html lang="en"><head><title>A headline - Site</title><style>p{}</style><script>var x=1;</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/world">World</a></nav>
<h1>A headline</h1>
<div class="story"><p>The first paragraph has <a href="/x">a link</a> and <b>bold</b> words.</p>
<p>Second line<br>after a break</p>
<div>Loose text<br><br>after two breaks</div>
<div hidden>hidden text</div><div style="display: none">invisible</div>
<form><input value="search"><select><option>Option A</option></select>Form text</form>
<noscript>Enable JavaScript</noscript>
<ul><li>item one</li><li>item two</li></ul>
</div>
<footer>Copyright 2024</footer>
</body></html>"""


def texts(doc):
    return [b.text for b in doc.blocks]


def test_blocks_follow_block_level_tags_and_keep_inline_text_together():
    doc = parse_html(PAGE)
    assert texts(doc) == [
        "Home | World",
        "A headline",
        "The first paragraph has a link and bold words.",
        "Second line\nafter a break",
        "Loose text",
        "after two breaks",
        "Form text",
        "item one",
        "item two",
        "Copyright 2024",
    ]
    assert doc.title == "A headline - Site"
    assert doc.declared_language == "en"


def test_block_statistics():
    doc = parse_html(PAGE)
    nav, heading, first = doc.blocks[:3]
    assert nav.num_words == 2 and nav.num_words_in_anchor_text == 2 and nav.link_density == 1.0
    assert first.num_words == 9 and first.num_words_in_anchor_text == 2
    assert first.num_chars_in_anchor_text == len("alink")
    assert first.num_chars == len("Thefirstparagraphhasalinkandboldwords.")
    assert {"heading", "h1"} <= heading.labels
    assert "nav" in nav.labels
    assert "li" in doc.blocks[7].labels
    assert first.element.tag == "p" and first.tag_path.endswith("div.story/p")
    assert [b.offset_blocks_start for b in doc.blocks] == list(range(len(doc.blocks)))
    assert first.tag_level > heading.tag_level - 1


def test_ignored_and_hidden_elements_leave_the_tree():
    doc = parse_html(PAGE)
    html = doc.body.text_content()
    for gone in ("var x", "hidden text", "invisible", "Option A", "Enable JavaScript"):
        assert gone not in html
    assert "Form text" in html


def test_text_density_is_words_per_wrapped_line():
    block = TextBlock.from_text("word " * 40)
    assert block.num_wrapped_lines == 2 and block.num_words_in_wrapped_lines == 32
    assert block.text_density == 16


def test_fresh_blocks_are_independent_copies():
    doc = parse_html(PAGE)
    run = doc.fresh_blocks()
    run[0].decide("Test", True, "because")
    run[0].merge_next(run[1])
    assert not doc.blocks[0].is_content and doc.blocks[0].decisions == []
    assert doc.blocks[0].text == "Home | World"
    assert run[0].offset_blocks_end == 1 and run[0].num_words == 4


def test_chinese_blocks_count_characters():
    doc = parse_html("<html><body><p>新华社北京电，<a href='#'>记者</a>报道。</p></body></html>".encode())
    block = doc.blocks[0]
    assert block.num_words == 10 and block.num_words_in_anchor_text == 2


def test_empty_and_garbage_inputs_give_reasons():
    assert parse_html(b"").empty_reason == "empty input"
    assert parse_html("   ").empty_reason == "empty input"
    assert parse_html(bytes(range(256)) * 100).empty_reason == "not HTML: binary content"
    assert parse_html("<html><body><script>x()</script></body></html>").empty_reason == "no visible text"


def test_broken_html_still_gives_blocks():
    doc = parse_html("<html><body><div><p>Unclosed paragraph <b>bold<div>Next</td></tr></p><p>last")
    assert texts(doc) == ["Unclosed paragraph bold", "Next", "last"]


def test_xml_declaration_and_nul_bytes_are_accepted():
    doc = parse_html('<?xml version="1.0" encoding="utf-8"?><html><body><p>A\x00B</p></body></html>')
    assert texts(doc) == ["AB"]


def test_deep_nesting_neither_crashes_nor_recurses():
    html = "<html><body>" + "<div>" * 5000 + "deep" + "</div>" * 5000 + "</body></html>"
    doc = parse_html(html)
    assert doc.warnings and "nesting" in doc.warnings[0]
    assert doc.empty_reason in (None, "no visible text")


@pytest.mark.slow
def test_twenty_megabyte_page_is_bounded():
    paragraph = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 20 + "</p>\n"
    html = "<html><body>" + paragraph * (20_000_000 // len(paragraph)) + "</body></html>"
    with growth_mb() as grown:
        doc = parse_html(html)
    grown_mb = grown()
    assert len(doc.blocks) == 20_000_000 // len(paragraph)
    assert grown_mb < 250  # the page as text, as UTF-8 and as a tree, and its blocks: a dozen times the page


def test_unclosed_button_does_not_swallow_the_page():
    html = "<html><body><form><button type='button' /></form><div><p>The article text stays.</p></div></body></html>"
    assert "The article text stays." in texts(parse_html(html))
    assert texts(parse_html("<html><body><p>Text <button>Share</button></p></body></html>")) == ["Text"]


def test_text_after_an_early_closing_html_tag_is_kept():
    html = "<html><body><div>Header</div></body></html><div><p>The article after the include.</p></div>"
    assert texts(parse_html(html)) == ["Header", "The article after the include."]


def test_json_ld_is_kept_although_body_scripts_are_dropped():
    html = """<html><head><script type="application/ld+json">{"@type": "NewsArticle"}</script></head>
    <body><p>Text</p><script type="application/LD+JSON">{"author": "A"}</script><script>x()</script></body></html>"""
    doc = parse_html(html)
    assert doc.json_ld == ['{"@type": "NewsArticle"}', '{"author": "A"}']
    assert "author" not in doc.body.text_content()


@pytest.mark.parametrize("page", [
    "<html><body><p>Before the early close</p></body></html>\n<p>after it, as browsers show it</p>",
    "<html><body><p>Tag closed with odd space</p></body\u3000></html\u00a0>\n<p>still the body 北京</p>",
    "<?xml version='1.0' encoding='utf-8'?><html><body><p>An XHTML page</p></body></html>",
    "\u3000\u2003</html>\n",
    "<html><body><p>naïve café — 日本語</p></body></HTML >",
])
def test_a_utf8_page_parsed_from_its_own_bytes_equals_the_page_parsed_from_its_text(page):
    from lxml import etree

    from_bytes, from_text = parse_html(page.encode("utf-8")), parse_html(page)
    assert [(b.text, b.num_words, b.tag_path) for b in from_bytes.blocks] == [
        (b.text, b.num_words, b.tag_path) for b in from_text.blocks]
    assert from_bytes.empty_reason == from_text.empty_reason
    assert (etree.tostring(from_bytes.root) if from_bytes.root is not None else None) == (
        etree.tostring(from_text.root) if from_text.root is not None else None)


def test_the_title_is_the_first_in_document_order_wherever_it_stands():
    assert parse_html("<html><head><title>Head</title></head><body><title>Body</title><p>x</p></body></html>"
                      ).title == "Head"
    assert parse_html("<html><head><meta charset='utf-8'></head><body><title>Only in body</title><p>x</p>"
                      "</body></html>").title == "Only in body"
    doc = parse_html("<html><body><p>no title at all</p></body></html>")
    assert doc.title is None


CLOSING_TAG_CASES = [
    b"<html><body><p>x</p></body></html>",
    b"<html><body><p>x</p></BODY ></Html\t\n>after",
    "<p>a</p></body\u3000></html\u00a0\u2028>b</body\u3000\u3000".encode(),
    b"</bodyx></htmlfoo></html</body></body/></html >",
    b"</html></html></body></body>",
    b"no tags at all",
    b"",
    "<p>caf\xe9</p></BoDy>\xe2\x80</html\xe2\x80\x80>".encode("latin-1"),
]


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("page", CLOSING_TAG_CASES)
def test_closing_root_tags_removed_from_bytes_as_the_regex_removes_them(page, compiled, monkeypatch):
    from helpers.twins import bind_twin

    from crawler.extractors.document.pagebytes import CLOSING_ROOT_TAGS_BYTES_RE, without_closing_root_tags

    bind_twin(monkeypatch, compiled)
    assert without_closing_root_tags(page) == CLOSING_ROOT_TAGS_BYTES_RE.sub(b"", page)


@pytest.mark.parametrize("compiled", [True, False])
def test_closing_root_tag_starts_are_every_start_in_any_case(compiled):
    from helpers.twins import implementation

    starts = implementation(compiled, "walk").closing_root_tag_starts
    page = b"</html</HTML></BoDy></b></bodyx </html"
    assert starts(page) == [0, 6, 13, 24, 32]
    assert starts(b"</htm") == []


@pytest.mark.parametrize("head", ["", "<html>\t\n\r\x0b\x0c plain", "a\x00b\x01c\x1f\x7f\x85", "北京\x02\x08\x0e 东京",
                                  "\ud800 lone surrogate \x03", "\x00" * 40])
def test_control_characters_counted_as_the_regex_counts_them(head):
    from crawler.extractors.document.parse import CONTROL_CHARS_RE, count_control_chars

    assert count_control_chars(head) == len(CONTROL_CHARS_RE.findall(head))
