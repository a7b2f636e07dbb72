"""The one-pass walk to blocks (invisible subtrees stripped in C first) against a slow reference walk.

The reference (tests/helpers/reference_blocks.py) is the walk as it was: lxml.html's parser on the decoded
text, every element judged during the walk, dropped subtrees removed afterwards. Both must give the same
blocks (text, words, link words, wrapped lines, link characters, level, tag path, labels, source line) and
the same cleaned tree, on hand-written pages of the shapes that matter and, when ../shared is there, on a
sample of every shared data set.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from helpers.reference_blocks import features, reference_features

from crawler.extractors.document.parse import parse_html

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"

# Hand-written pages, one per shape the strip-then-walk design has to get right.
PAGES = {
    # text runs on after an invisible element, on a later line, at the start of a block and mid-word
    "tails": "<html><body><div><script>x()</script>\n\nStarts after a script</div>"
             "<p>half<span hidden>secret</span>word and <style>p{}</style>more</p>\n"
             "<p><b>bold</b><template>t</template>\n   \n<noscript>n</noscript>\ntail on line four</p></body></html>",
    # two adjacent invisible siblings whose tails carry the text
    "adjacent": "<html><body><p>\n<script>a</script>\n<script>b</script>\nthe text</p></body></html>",
    # a forgotten </button> swallowing the page: kept because it holds blocks; a hidden one inside is not
    "swallowing": "<html><body><button>Menu<div><p>Article text inside</p><div hidden>gone</div></div>"
                  "</body></html>",
    # labels, anchors, line breaks, lists and headings
    "labels": "<html><body><h2>Head <a href='/'>link</a></h2><ul><li>one<br>two<br><br>three</li></ul>"
              "<table><tr><td>cell <a>linked words here</a></td></tr></table><nav>menu</nav></body></html>",
    # Chinese text, counted by characters, with an invisible element between characters
    "cjk": "<html><body><p>这是一个新闻<span style='display: none'>隐藏</span>段落，共十五个字。</p></body></html>",
    # no <body>: the walk starts at the root
    "fragment": "<p>only a paragraph <script>s</script> and more</p>",
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_blocks_equal_the_reference_walk_on_hand_written_pages(name):
    assert features(parse_html(PAGES[name])) == reference_features(PAGES[name])


def test_a_page_whose_whole_body_is_hidden_gives_its_hidden_text_with_a_warning():
    # a hidden body (anti-flicker snippets) shows nothing; the reference walk gave no block, the document now
    # falls back to the hidden text (never empty when there is content) and says so
    page = "<html><head><title>T</title></head><body style='display:none'><p>text</p></body></html>"
    assert reference_features(page)[0] == []
    doc = parse_html(page)
    assert [b.text for b in doc.blocks] == ["text"]
    assert any("no visible text" in warning for warning in doc.warnings)


def test_invisible_text_is_gone_and_the_text_around_it_stays():
    doc = parse_html(PAGES["tails"])
    texts = [b.text for b in doc.blocks]
    assert texts == ["Starts after a script", "halfword and more", "bold tail on line four"]
    assert "secret" not in "".join(texts)
    assert doc.root.find(".//script") is None and doc.root.find(".//span") is None
    # the words either side of the hidden span were two pieces of the walk: they stay two words
    assert doc.blocks[1].num_words == 4
    # a block that starts with the tail of a removed element keeps that element's line
    assert doc.blocks[0].source_line == 1


def test_the_tree_keeps_lxml_html_elements_and_the_head():
    doc = parse_html("<html><head><meta name='author' content='A'><script>s</script></head>"
                     "<body><p>Body text <b>bold</b></p></body></html>")
    assert doc.root.find(".//meta").get("content") == "A"
    assert doc.root.find("head/script") is not None  # only the walked part is cleaned
    assert doc.root.find(".//p").text_content() == "Body text bold"


def test_a_body_of_scripts_gives_no_block_and_a_reason():
    doc = parse_html("<html><head><title>T</title></head><body><script>app()</script><style>p{}</style></body></html>")
    assert doc.blocks == [] and doc.empty_reason == "no visible text" and doc.title == "T"


def test_encoded_bytes_parse_like_their_text():
    page = "<html><head><meta charset='gbk'></head><body><p>中文新闻的正文段落。</p></body></html>"
    doc = parse_html(page.encode("gbk"))
    assert [b.text for b in doc.blocks] == ["中文新闻的正文段落。"] and doc.encoding == "gb18030"


def _shared_sample() -> list[Path]:
    files = sorted((SHARED / "scrapinghub" / "html").glob("*.html*"))[::6]
    files += sorted(SHARED.glob("readability/*/source.html*"))[::13]
    files += sorted((SHARED / "modern" / "html").glob("*.html*"))[::50]
    files += sorted(SHARED.glob("zh-news/*/*.html*"))[::7]
    return files


@pytest.mark.slow
@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/datasets is not checked out beside the repository")
def test_blocks_equal_the_reference_walk_on_shared_pages():
    files = _shared_sample()
    assert len(files) >= 40
    differ = []
    for path in files:
        data = path.read_bytes()
        data = gzip.decompress(data) if path.suffix == ".gz" else data
        doc = parse_html(data)
        reference = reference_features(data)
        if any(w.startswith("no visible text") for w in doc.warnings):
            # a page that shows nothing gives its hidden text; the reference walk gave no block at all
            if reference[0] != []:
                differ.append(str(path.relative_to(SHARED)))
        elif features(doc) != reference:
            differ.append(str(path.relative_to(SHARED)))
    assert differ == []
