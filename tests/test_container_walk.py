"""Walking a learned container alone (``blocks_under``), then, if asked, the whole page as if it had not been.

The fast path of a trusted template (``crawler.extractors.templates.learned_layout``) needs the blocks of one subtree;
the rest of the page is walked only when something reads the whole page's blocks (metadata, language, page
type). Both walks must give what one walk of the page gives: the subtree's blocks (but for their level, counted
from the subtree) and, afterwards, every block of the page with the same features and the same cleaned tree.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from helpers.reference_blocks import features

from crawler.extractors import get_extractor
from crawler.extractors.document.blockwalk import blocks_under
from crawler.extractors.document.parse import parse_html
from crawler.extractors.templates.learned_layout import container_of

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"

# Pages of the shapes a container walk must get right; the container is the element with id "c".
PAGES = {
    # hidden and invisible elements inside the container, their tails joined mid-word and on later lines
    "hidden-inside": "<html><body><nav>Menu</nav><div id=c><p>half<span hidden>x</span>word and "
                     "<script>s()</script>more</p><p><b>bold</b><template>t</template>\n\n<noscript>n</noscript>"
                     "\ntail</p><div style='display:none'>gone</div>after the hidden div</div>"
                     "<footer>Foot</footer></body></html>",
    # a container in a table cell and a list item: the labels of the elements above it count
    "labelled-above": "<html><body><table><tr><td><ul><li><div id=c><p>Story text in a table layout, one</p>"
                      "<p>and two <a href='/x'>with a link</a></p></div></li></ul></td></tr></table></body></html>",
    # text right before and after the container, in the same parent
    "text-around": "<html><body><div>before the container<div id=c>inside <br>line two<br><br>block three"
                   "</div>after it</div></body></html>",
    # a hidden element right after the container: its tail joins the container's tail, outside the container
    "hidden-after": "<html><body><div><div id=c><p>inside</p></div><span hidden>h</span>tail after</div>"
                    "</body></html>",
}


def _container(doc):
    return doc.root.get_element_by_id("c")


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_container_alone_then_the_page_equal_one_walk(name):
    once = parse_html(PAGES[name])
    lazy = parse_html(PAGES[name], walk=False)
    assert not lazy.walked
    inside = lazy.blocks_within(_container(lazy))
    assert inside is not None and not lazy.walked  # the rest of the page is not walked
    expected = [b for b in once.blocks if b.element is not None and
                (b.element is _container(once) or _container(once) in b.element.iterancestors())]
    assert [(b.text, b.num_words, b.num_words_in_anchor_text, b.num_chars_in_anchor_text, frozenset(b.labels),
             b.source_line, b.tag_path) for b in inside] == \
           [(b.text, b.num_words, b.num_words_in_anchor_text, b.num_chars_in_anchor_text, frozenset(b.labels),
             b.source_line, b.tag_path) for b in expected]
    assert features(lazy) == features(once)  # now walked: every block and the cleaned tree
    assert lazy.walked and lazy.tree_index.size == once.tree_index.size


def test_a_container_the_page_walk_skips_gives_nothing():
    for page in ("<html><body><div hidden><div id=c><p>hidden story</p></div></div></body></html>",
                 "<html><body><a href='/'><div id=c><p>a story inside a link</p></div></a></body></html>",
                 "<html><body><div id=c style='visibility: hidden'><p>hidden story</p></div></body></html>"):
        doc = parse_html(page, walk=False)
        assert doc.blocks_within(_container(doc)) is None
        assert features(doc) == features(parse_html(page))


def test_a_walked_page_walks_no_subtree_apart():
    doc = parse_html(PAGES["text-around"])
    assert doc.walked and doc.blocks_within(_container(doc)) is None


def test_a_page_not_walked_walks_when_its_blocks_or_index_are_read():
    page = PAGES["hidden-inside"]
    assert features(parse_html(page, walk=False)) == features(parse_html(page))
    lazy = parse_html(page, walk=False)
    assert lazy.tree_index is not None and lazy.walked
    empty = parse_html("<html><body><script>app()</script></body></html>", walk=False)
    assert empty.empty_reason is None and empty.blocks == [] and empty.empty_reason == "no visible text"


def _shared_pages() -> list[bytes]:
    files = sorted((SHARED / "scrapinghub" / "html").glob("*.html*"))[::9]
    files += sorted(SHARED.glob("readability/*/source.html*"))[::13]
    files += sorted(SHARED.glob("zh-news/*/*.html*"))[::9]
    return [gzip.decompress(f.read_bytes()) if f.suffix == ".gz" else f.read_bytes() for f in files]


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/datasets is not checked out beside the repository")
@pytest.mark.slow
def test_on_shared_pages_the_cascade_container_alone_then_the_page_equal_one_walk():
    default = get_extractor("default")
    pages = _shared_pages()
    assert len(pages) >= 30
    checked, differ = 0, []
    for number, data in enumerate(pages):
        once = parse_html(data)
        container = container_of(default.extract(once).blocks)
        if container is None:
            continue
        lazy = parse_html(data, walk=False)
        # the same element in the tree not walked (whose invisible parts are still there): by tag, line, attributes
        alike = [e for e in lazy.root.iter(container.tag) if e.sourceline == container.sourceline
                 and dict(e.attrib) == dict(container.attrib)]
        if len(alike) != 1:
            continue
        (same,) = alike
        inside = lazy.blocks_within(same)
        expected = [b.text for b in once.blocks
                    if b.element is not None and (b.element is container or container in b.element.iterancestors())]
        if inside is None or [b.text for b in inside] != expected or features(lazy) != features(once):
            differ.append(number)
        checked += 1
    assert checked >= 25 and differ == []


def test_blocks_under_is_none_for_an_ignored_element():
    doc = parse_html("<html><body><p>text</p><svg><g id=c></g></svg></body></html>", walk=False)
    svg = doc.root.find(".//svg")
    assert blocks_under(svg) is None
