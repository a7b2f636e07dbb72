"""The twin-equivalence suite of the compiled walk (crawler/kernels/cwalk.pyx): each compiled function against its
Python twin, both called explicitly on the same inputs (``helpers.twins``), and the loader that chooses one.

Both must give the same blocks (text, every count, level, container, labels, source line), the same cleaned tree
(the hidden elements removed) and the same TreeIndex answers for every element, on hand-written pages of the
shapes the walk treats apart and, when ../shared is there, on every page of scrapinghub and readability and a
sample of modern. Without a C compiler the package installs without the compiled walk: these tests are skipped
then, unless a built module lies beside the source and does not import (a broken build must fail).
"""

from __future__ import annotations

import copy
import gzip
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree

from crawler.extractors import parse_html
from crawler.extractors.document import blockwalk
from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.blockwalk import blocks_of
from crawler.extractors.document.tags import IGNORED_TAGS, LINE_BREAK
from crawler.kernels import compiled as kernel_loader
from crawler.kernels import walk
from crawler.kernels.compiled import PURE_PYTHON_ENV

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"
KERNELS = Path(kernel_loader.__file__).parent
needs_compiled = needs_walk

PAGES = {
    # invisible elements whose tails carry text (the strip's source lines and cut offsets), hidden ones
    "tails": "<html><body><div><script>x()</script>\n\nStarts after a script</div>"
             "<p>half<span hidden>secret</span>word and <style>p{}</style>more</p>\n"
             "<p><b>bold</b><template>t</template>\n   \n<noscript>n</noscript>\ntail on line four</p></body></html>",
    "hidden": "<html><body><div style='color:red; DISPLAY : none'>gone</div>kept tail<p style='visibility:hidden'>"
              "x</p><p style=''>empty style</p><p hidden=''>y</p>after<section><p>in section</p></section>"
              "<a href='/' hidden>link</a> end</body></html>",
    # a forgotten </button> swallowing the page: kept because it holds blocks; a hidden one inside is not
    "swallowing": "<html><body><button hidden>Menu<div><p>Article text inside</p><div hidden>gone</div></div>"
                  "</body></html>",
    "labels": "<html><body><h2>Head <a href='/'>link <b>bold</b></a> after</h2><ul><li>one<br>two<br><br>three"
              "<ul><li>nested <a>a</a></li></ul></li></ul><table><tr><td>cell <a>linked words here</a></td>"
              "<th>head</th></tr></table><nav>menu</nav><footer><blockquote>q<pre>code  x</pre></blockquote>"
              "</footer><figure><figcaption>cap</figcaption></figure><dl><dt>t</dt><dd>d</dd></dl></body></html>",
    "breaks": "<html><body><div>a<br>b<br> <br>c<br><span>d</span><br><br><br>e</div><br>f<a>g<br><br>h</a>"
              "</body></html>",
    "spaces": "<html><body><p>a</p>\u00a0<span>\u00a0\u3000</span><p>\x1c b \t</p><i>\u2003x\u2003</i> \n"
              "<p>\u200bzero width</p></body></html>",
    "cjk": "<html><body><p>这是一个新闻<span style='display: none'>隐藏</span>段落，共十五个字。</p>"
           "<p><a href='/'>链接文字</a>和正文</p></body></html>",
    # non-ASCII text the compiled walk counts by its table (accents, typographic quotes, Greek, Cyrillic, a
    # non-breaking space, CJK) beside text it hands to the token pattern (a combining mark, Thai)
    "accents": "<html><body><p>L’été à Zürich — “naïve” café\u00a0crème, ½ ² µ ß</p><p>Ελληνικά και русский_текст "
               "<a href='/'>ссылка ‘here’</a></p><p>e\u0301t\u00e9 mixed 中文 and ภาษาไทย</p>"
               "<p>" + "Straße’s wörds wrap ümlaut-rich lines " * 6 + "</p></body></html>",
    "fragment": "<p>only a paragraph <script>s</script> and more</p>",
    "all hidden": "<html><head><title>T</title></head><body style='display:none'><p>text</p></body></html>",
    "long lines": "<html><body>" + "\n" * 70_000 + "<p>after seventy thousand lines</p>\n<div>x<b>y</b></div>"
                  "</body></html>",
    "wide": "<html><body>" + "".join(f"<div><p>paragraph {i} <a href='#'>link {i}</a></p></div>" for i in range(300))
            + "</body></html>",
}


def _rows(blocks, root):
    """Every slot of every block (the elements as paths), the slots a TextBlock has today, whatever they are."""
    tree = root.getroottree()

    def value(block, slot):
        found = getattr(block, slot)
        if slot == "element":
            return tree.getpath(found) if found is not None else None
        if slot == "elements":
            return [tree.getpath(element) for element in found]
        return sorted(found) if slot == "labels" else found

    return [[(slot, value(b, slot)) for slot in TextBlock.__slots__] + [("type", type(b))] for b in blocks]


def _index_answers(index, root):
    """Every element's span, in document order, and the answers for things outside the tree."""
    if index is None:
        return None
    outsider = etree.Element("p")
    return ([index.span(element) for element in root.iter()], index.size, list(index.end),
            index.span(outsider), index.position.get(None), index.position.get(outsider, -7))


def _implementation(compiled: bool):
    return WALK if compiled else PYTHON


def _walk(root, compiled: bool, reveal: bool = False):
    blocks, index = blocks_of(root, reveal, walk=_implementation(compiled).block_walk)
    return _rows(blocks, root), etree.tostring(root), _index_answers(index, root)


def _both(make_root, reveal: bool = False):
    return _walk(make_root(), False, reveal), _walk(make_root(), True, reveal)


def _html(text: str):
    return lambda: etree.fromstring(text.encode(), etree.HTMLParser(remove_comments=True, remove_pis=True))


@needs_compiled
@pytest.mark.parametrize("name", sorted(PAGES))
def test_compiled_walk_equals_the_python_walk_on_hand_written_pages(name):
    python, compiled = _both(_html(PAGES[name]))
    assert compiled == python
    python, compiled = _both(_html(PAGES[name]), reveal=True)
    assert compiled == python


def _parsed(page, compiled: bool, monkeypatch):
    """``parse_html(page)`` with the block walk of one implementation (the walk bound to this test alone)."""
    with monkeypatch.context() as patch:
        patch.setattr(blockwalk, "WALK", _implementation(compiled).block_walk)
        return parse_html(page)


@needs_compiled
def test_parse_html_gives_the_same_document_both_ways(monkeypatch):
    for page in PAGES.values():
        python, compiled = (_parsed(page, compiled, monkeypatch) for compiled in (False, True))
        assert _rows(compiled.blocks, compiled.root) == _rows(python.blocks, python.root)
        assert compiled.warnings == python.warnings
        assert _index_answers(compiled.tree_index, compiled.root) == _index_answers(python.tree_index, python.root)


@needs_compiled
def test_comments_processing_instructions_and_namespaces_walk_alike():
    # the parser keeps comments and PIs here (parse_html drops them)
    page = ("<html><body><!-- c --><p>one<!-- inner -->two <?pi x?>three<b>b</b></p><!-- c2 -->tail of comment"
            "<div><a>x<!-- in a -->y</a></div></body></html>")
    python, compiled = _both(lambda: etree.fromstring(page.encode(), etree.HTMLParser()))
    assert compiled == python
    # iterwalk passes over comments and PIs, and so over their tails
    assert [dict(row)["_text"] for row in compiled[0]] == ["oneb", "x"]
    xhtml = ('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>namespaced <a>tags</a></p><div hidden="">h</div>'
             "</body></html>")
    python, compiled = _both(lambda: etree.fromstring(xhtml))
    assert compiled == python and compiled[0]


@needs_compiled
def test_an_entity_reference_takes_the_python_walk():
    page = '<!DOCTYPE html [<!ENTITY e "entity text">]><html><body><p>a &e; b</p><p>c</p></body></html>'
    parser = etree.XMLParser(resolve_entities=False)
    python, compiled = _both(lambda: etree.fromstring(page.encode(), parser))
    assert compiled == python


@pytest.mark.slow
@needs_compiled
def test_text_around_the_walked_element_and_deep_nesting():
    def built():
        root = etree.fromstring(b"<html><body><p>x</p></body></html>", etree.HTMLParser())
        body = root.find("body")
        body.tail = "after the body"
        node = body
        for depth in range(3000):  # deeper than libxml2's parser goes: the hand-built trees of tests
            node = etree.SubElement(node, "div" if depth % 3 else "span")
            node.text = f"level {depth}" if depth % 7 == 0 else " "
            node.tail = "tail" if depth % 11 == 0 else None
        return root

    python, compiled = _both(built)
    assert compiled == python
    assert any("after the body" in dict(row)["_text"] for row in compiled[0])


@needs_compiled
def test_positions_answer_for_any_proxy_of_a_walked_element():
    doc = parse_html(PAGES["labels"])
    index = doc.tree_index
    for element in doc.root.iter():
        span = index.span(element)
        # a proxy made afresh (the walk made none for most elements) answers the same
        again = element.getroottree().xpath(element.getroottree().getpath(element))[0]
        assert index.span(again) == span
    assert index.position[doc.blocks[0].element] == index.position.get(doc.blocks[0].element)
    assert doc.blocks[0].element in index.position and None not in index.position
    assert len(index.position) == index.size == sum(1 for e in doc.root.iter() if index.span(e) is not None)
    with pytest.raises(KeyError):
        index.position[etree.Element("p")]



@needs_compiled
def test_a_deep_copy_of_a_document_answers_as_a_copy_of_the_python_walks_dict(monkeypatch):
    answers = []
    for compiled in (False, True):
        doc = _parsed(PAGES["labels"], compiled, monkeypatch)
        spans = [doc.tree_index.span(b.element) for b in doc.blocks]
        copied = copy.deepcopy(doc)  # lxml copies every element on its own; memo keeps one copy per proxy
        answers.append((spans, [copied.tree_index.span(b.element) for b in copied.blocks],
                        [copied.tree_index.span(b.element) for b in doc.blocks],
                        [copied.tree_index.span(e) for e in copied.root.iter()], len(copied.tree_index.position)))
        assert copy.copy(doc.tree_index.position) is doc.tree_index.position or not compiled
    assert answers[1][:4] == answers[0][:4]
    assert answers[1][1] == answers[1][0] and set(answers[1][2]) == {None}


def _searches(root, compiled: bool):
    """What the tree searches find: elements by tag (as paths), attribute values."""
    twin = _implementation(compiled)
    elements_named, attribute_values, attributes_of = twin.elements_named, twin.attribute_values, twin.attributes_of
    elements_named_or_with = twin.elements_named_or_with
    elements_marked = twin.elements_marked
    tree = root.getroottree()
    return ([tree.getpath(e) for e in elements_named(root, IGNORED_TAGS | {"title", "p"})],
            [tree.getpath(e) for e in elements_named(root.find("body") if root.find("body") is not None
                                                     else root, {"script", "div"})],
            attribute_values(root, "itemtype"), attribute_values(root, "class"),
            [attributes_of(e, ("class", "id", "role", "aria-modal", "hidden")) for e in root.iter()],
            [tree.getpath(e) for e in elements_named_or_with(root, {"meta", "link", "time"}, "itemprop")],
            [tree.getpath(e) for e in elements_marked(root, ("class", "id", "rel"),
                                                      ("byline", "author", "writtenby"))])


@needs_compiled
def test_tree_searches_find_what_lxml_finds():
    pages = [*PAGES.values(), "<html itemscope itemtype='https://schema.org/WebPage'><head><title>t</title>"
             "<script>s</script></head><body><div itemtype='https://schema.org/Comment' class='c'><p>x</p></div>"
             "<svg><title>icon</title></svg><nav role='Navigation' id='' class='a  B' aria-modal=true hidden>n</nav>"
             "<p class=one class=two id=x>dup</p></body></html>",
             "<html><head><meta name=author content=a><link rel=canonical href=/c></head><body class='Page-AUTHORS'>"
             "<span itemprop=name>n</span><time datetime=2020>t</time><div id=BylineBox rel=me>b</div><i class>e</i>"
             "<p class='' id='by line' rel='AUTHOR'>r</p><b id='bylıne'>dotless i</b><u class=writtenb>no</u>"
             "<a rel=writtenBY itemprop=''>w</a><p class=autho>no</p></body></html>"]
    for page in pages:
        root = _html(page)()
        assert _searches(root, True) == _searches(root, False)
    assert _searches(_html(pages[-2])(), True)[2] == ["https://schema.org/WebPage", "https://schema.org/Comment"]
    assert [path.rsplit("/", 1)[-1] for path in _searches(_html(pages[-1])(), True)[5]] == [
        "meta", "link", "span", "time", "a"]
    assert [path.rsplit("/", 1)[-1] for path in _searches(_html(pages[-1])(), True)[6]] == [
        "body", "div", "p[1]", "b", "a"]
    for elements_marked in (walk.elements_marked, PYTHON.elements_marked):
        with pytest.raises(ValueError, match="lower-case ASCII"):
            elements_marked(_html(pages[-1])(), ("class",), ("Author",))
    xhtml = etree.fromstring('<html xmlns="http://www.w3.org/1999/xhtml"><body><p itemtype="x">a</p></body></html>')
    assert _searches(xhtml, True) == _searches(xhtml, False)
    assert _searches(xhtml, True)[:4] == ([], [], ["x"], [])
    entity = etree.fromstring(b'<!DOCTYPE html [<!ENTITY e "t">]><html><body><p itemtype="y">a &e;</p></body></html>',
                              etree.XMLParser(resolve_entities=False))
    assert _searches(entity, True) == _searches(entity, False)


@needs_compiled
def test_blocks_are_filled_in_c_only_for_the_slots_it_knows():
    from crawler.kernels import cwalk

    class Wider(TextBlock):
        __slots__ = ("extra",)

    assert cwalk.configure_blocks(TextBlock)
    assert sorted(TextBlock.__slots__) == list(cwalk.BLOCK_SLOTS)
    try:
        assert not cwalk.configure_blocks(Wider)  # a class of another layout: blocks are made by __init__
        python, compiled = _both(_html(PAGES["labels"]))
        assert compiled == python
    finally:
        assert cwalk.configure_blocks(TextBlock)


@needs_compiled
def test_block_text_is_the_python_walks_normalisation():
    import random

    from crawler.kernels import cwalk

    def python(raw):
        if LINE_BREAK in raw:
            text = "\n".join(line for line in (" ".join(part.split()) for part in raw.split(LINE_BREAK)) if line)
        else:
            text = " ".join(raw.split())
        return text, len(text) - text.count(" ") - text.count("\n")

    alphabet = ["a", "Z", "7", " ", "\t", "\n", "\r", "\x0b", "\x1c", "\x85", "\xa0", "\u2003", "\u3000", "\u200b",
                LINE_BREAK, "\x01", "é", "中", "\U0001f600", "\u2028", "-"]
    rng = random.Random(16)
    cases = ["", " ", LINE_BREAK, f"a{LINE_BREAK}b", f" {LINE_BREAK} x {LINE_BREAK}{LINE_BREAK} y ", "\xa0only\u3000"]
    latin1 = [c for c in alphabet if ord(c) < 256]  # one-byte strings take a path of their own
    for letters in (alphabet, latin1):
        cases += ["".join(rng.choice(letters) for _ in range(rng.randrange(30))) for _ in range(3000)]
    for raw in cases:
        assert cwalk.block_text(raw) == python(raw), repr(raw)


@needs_compiled
def test_text_counts_are_the_token_patterns_counts_for_every_kind_of_text():
    import random

    from crawler.extractors.document.text import TOKEN_TABLE_CHARS, token_char_classes, tokens, wrap_counts
    from crawler.kernels import cwalk

    classes = token_char_classes()
    letters = [chr(c) for c in range(TOKEN_TABLE_CHARS) if classes[c] == 1]
    alone = [chr(c) for c in range(TOKEN_TABLE_CHARS) if classes[c] == 3]
    others = [chr(c) for c in range(TOKEN_TABLE_CHARS) if classes[c] == 0 and not 0xD800 <= c < 0xE000]
    read_by_pattern = ["\u0301", "\u3099", "ก", "\U0001f600", "\U00020001", "\u0e31"]
    rng = random.Random(31)
    counted = 0
    for n in range(4000):
        draw = rng.random()
        text = "".join(rng.choice(letters if draw < 0.7 else alone if draw < 0.85 else others)
                       for _ in range(rng.randrange(200)))
        if n % 5 == 0:
            text += rng.choice(read_by_pattern) + rng.choice(letters)
        found = tokens(text)
        assert cwalk.text_counts(text) == (len(found), *wrap_counts(found)), repr(text)
        counted += cwalk.table_counted(text)
    assert counted > 3000  # most of these texts are counted by the table, not the pattern
    assert cwalk.table_counted("L’été à Zürich — “naïve” café") and cwalk.table_counted("русский текст")
    assert cwalk.table_counted("新闻报道，今天（周一）") and cwalk.table_counted("한국어 문장")
    assert not cwalk.table_counted("e\u0301") and not cwalk.table_counted("ภาษา") and not cwalk.table_counted("😀")


def _shared_pages() -> list[Path]:
    files = sorted((SHARED / "scrapinghub" / "html").glob("*.html*"))
    files += sorted(SHARED.glob("readability/*/source.html*"))
    files += sorted((SHARED / "modern" / "html").glob("*.html*"))[::4]
    return files


@pytest.mark.slow
@needs_compiled
@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/datasets is not checked out beside the repository")
def test_compiled_walk_equals_the_python_walk_on_shared_pages(monkeypatch):
    files = _shared_pages()
    assert len(files) >= 400
    differ = []
    for path in files:
        data = path.read_bytes()
        data = gzip.decompress(data) if path.suffix == ".gz" else data
        python, compiled = (_parsed(data, compiled, monkeypatch) for compiled in (False, True))
        if python.root is not None and _searches(python.root, True) != _searches(python.root, False):
            differ.append(f"{path.relative_to(SHARED)} (searches)")
        if (python.root is None) != (compiled.root is None) or (python.root is not None and (
                _rows(compiled.blocks, compiled.root) != _rows(python.blocks, python.root)
                or etree.tostring(compiled.root) != etree.tostring(python.root)
                or _index_answers(compiled.tree_index, compiled.root)
                != _index_answers(python.tree_index, python.root))):
            differ.append(str(path.relative_to(SHARED)))
    assert differ == []


def test_a_built_compiled_walk_imports():
    built = list(KERNELS.glob("cwalk*.so")) + list(KERNELS.glob("cwalk*.pyd"))
    if os.environ.get(PURE_PYTHON_ENV):
        pytest.skip(f"{PURE_PYTHON_ENV} is set")
    assert walk.block_walk_compiled() or not built, f"{built} is built but does not import: {kernel_loader.OFF}"


@pytest.mark.slow
def test_the_environment_variable_forces_the_python_walk_and_says_so_once():
    code = ("import logging; from crawler.kernels import walk; from crawler.extractors import parse_html; "
            "import crawler.kernels.compiled as c; c.load_kernel('cwalk'); "
            "doc = parse_html('<p>one two</p>'); "
            "print(walk.block_walk_compiled(), type(doc.tree_index.position).__name__, doc.blocks[0].text)")
    env = {**os.environ, PURE_PYTHON_ENV: "1", "PYTHONPATH": str(KERNELS.parents[1])}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "dict", "one", "two"]
    warnings = [line for line in run.stderr.splitlines() if "crawler.kernels.cwalk is off" in line]
    assert len(warnings) == 1 and f"{PURE_PYTHON_ENV} is set" in warnings[0], run.stderr


def test_a_kernel_that_is_off_warns_once_with_its_reason(monkeypatch, caplog, tmp_path):
    monkeypatch.setattr(kernel_loader, "OFF", {})
    monkeypatch.setattr(kernel_loader, "PURE_PYTHON", False)
    with caplog.at_level("WARNING", logger=kernel_loader.__name__):
        assert kernel_loader.load("crawler.kernels.not_built", tmp_path / "not_built.pyx") is None
        assert kernel_loader.load("crawler.kernels.not_built", tmp_path / "not_built.pyx") is None
    messages = [record.getMessage() for record in caplog.records if record.levelname == "WARNING"]
    assert sum("crawler.kernels.not_built is off" in m and "it is not built" in m for m in messages) == 1, messages


@needs_walk
def test_a_kernel_built_from_another_source_warns_with_its_reason(monkeypatch, caplog, tmp_path):
    monkeypatch.setattr(kernel_loader, "OFF", {})
    stale = tmp_path / "cwalk.pyx"
    stale.write_text("# another version of the source\n")
    with caplog.at_level("WARNING", logger=kernel_loader.__name__):
        assert kernel_loader.load("crawler.kernels.cwalk", stale) is None
    messages = [record.getMessage() for record in caplog.records if record.levelname == "WARNING"]
    assert len(messages) == 1 and "crawler.kernels.cwalk is off" in messages[0], messages
    assert "built from another cwalk.pyx" in messages[0]


def test_a_kernel_built_for_another_lxml_warns_with_the_import_error(monkeypatch, caplog, tmp_path):
    """A built module that refuses to import (cwalk raises ImportError under another lxml than its build's)."""
    (tmp_path / "refusing_kernel.py").write_text("raise ImportError('compiled against lxml 0.1, running lxml 9.9')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(kernel_loader, "OFF", {})
    monkeypatch.setattr(kernel_loader, "PURE_PYTHON", False)
    with caplog.at_level("WARNING", logger=kernel_loader.__name__):
        assert kernel_loader.load("refusing_kernel", tmp_path / "refusing_kernel.pyx") is None
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "it does not import (compiled against lxml 0.1, running lxml 9.9)" in caplog.records[0].getMessage()
