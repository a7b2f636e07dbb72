import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from crawler.extractors import parse_html
from crawler.extractors.cascade import learning
from crawler.extractors.document.blocks import TextBlock, TextDocument
from crawler.extractors.templates import match as template_match
from crawler.extractors.templates.extractor import (
    MIN_Y,
    TemplateExtractor,
    TemplateRun,
    TemplateState,
    align_prefix,
    derive_template,
    line_hash,
    match_template,
    page_hashes,
)
from crawler.extractors.templates.store import (
    ENV_STORE_PATH,
    MemoryTemplateStore,
    Sample,
    SqliteTemplateStore,
    Template,
    default_store,
)

REPO = Path(__file__).resolve().parents[1]
NAV = ["Example News", "Home", "World", "Sport", "Business"]
FOOTER = ["About us", "Contact", "Privacy policy", "© 2024 Example News"]


def site_page(title: str, paragraphs: list[str], nav: list[str] = NAV, footer: list[str] = FOOTER) -> str:
    items = "".join(f"<li><a href='/{n}'>{n}</a></li>" for n in nav)
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    foot = "".join(f"<p>{f}</p>" for f in footer)
    return (f"<html><head><title>{title}</title></head><body><ul>{items}</ul>"
            f"<article><h1>{title}</h1>{body}</article><footer>{foot}</footer></body></html>")


FIRST = site_page("Mayor opens the new bridge", [
    "The mayor opened the new bridge on Monday after three years of building work.",
    "Advertisement",
    "Traffic on the old bridge is expected to fall by half, the city said.",
])
SECOND = site_page("Storm closes three schools", [
    "Three schools closed on Tuesday after a storm brought down trees across the district.",
    "Advertisement",
    "Classes will resume on Thursday if the roads are clear, the council said.",
])
FIRST_URL = "https://www.example.com/news/2024/01/05/mayor-opens-the-new-bridge.html"
SECOND_URL = "https://www.example.com/news/2024/01/06/storm-closes-three-schools.html"


def hashes(lines: list[str]) -> list[int]:
    return [line_hash(line) for line in lines]


def sample_of(lines: list[str]) -> Sample:
    return Sample(1, "p", tuple(hashes(lines)))


# --- hashing ---------------------------------------------------------------------------------------


def test_line_hash_ignores_white_space_and_digit_values():
    assert line_hash("Hello   world ") == line_hash(" Hello world")
    assert line_hash("Updated 3 hours ago") == line_hash("Updated 15 hours ago")
    assert line_hash("Hello world") != line_hash("Hello there")
    assert 0 <= line_hash("x") < 2**64


@pytest.mark.slow
def test_line_hash_is_stable_across_processes():
    code = "from crawler.extractors.templates.extractor import line_hash; print(line_hash('Home  page'))"
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={"PYTHONHASHSEED": seed, "PATH": ""}, cwd=REPO).stdout.strip()
        for seed in ("1", "2")
    }
    assert outputs == {str(line_hash("Home page"))}


# --- templates from two pages ----------------------------------------------------------------------


def test_head_is_forward_and_tail_is_reversed():
    page = ["head x", "head y", "head z", "art x", "art y", "art z", "tail x", "tail y", "tail z"]
    other = ["head x", "head y", "head z", "other x", "other y", "tail x", "tail y", "tail z"]
    template = derive_template("p", hashes(page), sample_of(other))
    assert template is not None
    assert list(template.head) == hashes(["head x", "head y", "head z"])
    assert list(template.tail) == hashes(["tail z", "tail y", "tail x"])


@pytest.mark.parametrize(("common", "expected"), [(MIN_Y - 1, False), (MIN_Y, True)])
def test_min_y_boundary(common: int, expected: bool):
    head = [f"head {chr(97 + i)}" for i in range(common)]
    tail = [f"tail {chr(97 + i)}" for i in range(common)]
    page = [*head, "art x", "art y", "art z", *tail]
    other = [*head, "other x", "other y", "other z", *tail]
    assert (derive_template("p", hashes(page), sample_of(other)) is not None) is expected
    assert MIN_Y == 3  # the seed's minY


def test_template_shared_lines_are_the_intersection():
    page = ["head x", "head y", "head z", "art x", "Advertisement", "art y", "art z", "tail x", "tail y",
            "tail z"]
    other = ["head x", "head y", "head z", "other x", "Advertisement", "other y", "other z", "tail x", "tail y",
             "tail z"]
    template = derive_template("p", hashes(page), sample_of(other))
    assert template is not None
    assert template.shared == frozenset(hashes(page)) & frozenset(hashes(other))
    assert line_hash("Advertisement") in template.shared
    assert line_hash("art x") not in template.shared


def test_the_same_article_twice_makes_no_template():
    page = ["head x", "head y", "head z", "art x", "art y", "art z", "tail x", "tail y", "tail z"]
    assert derive_template("p", hashes(page), sample_of(page)) is None
    almost = ["head x", "head y", "head z", "art x", "art y", "a3 (updated)", "tail x", "tail y", "tail z"]
    assert derive_template("p", hashes(page), sample_of(almost)) is None


def test_head_steps_over_one_differing_line_when_the_pages_agree_again():
    page = ["head x", "World", "head y", "head z", "head w", "art x"]
    other = ["head x", "Sport", "head y", "head z", "head w", "other x"]
    aligned = align_prefix(hashes(page), hashes(other))
    assert aligned.covered == 5
    assert aligned.common == tuple(hashes(["head x", "head y", "head z", "head w"]))
    assert align_prefix(hashes(page), hashes(other), max_gap=0).covered == 1  # the seed's strict prefix


def test_match_template_counts_head_and_tail_lines():
    template = Template("p", tuple(hashes(["head x", "head y", "head z"])),
                        tuple(hashes(["tail z", "tail y", "tail x"])))
    page = hashes(["head x", "head y", "head z", "x", "y", "tail x", "tail y", "tail z"])
    match = match_template(page, template)
    assert (match.head_lines, match.tail_lines, match.matched_share) == (3, 3, 1.0)


# --- the extractor ---------------------------------------------------------------------------------


def test_learn_on_one_page_then_extract_a_second_page_of_the_site():
    extractor = TemplateExtractor(MemoryTemplateStore())
    assert extractor.learn(parse_html(FIRST, FIRST_URL)) is None  # kept as a sample
    assert not extractor.has_template(SECOND_URL)
    article = extractor.extract(parse_html(SECOND, SECOND_URL))
    assert article.text.split("\n") == [
        "Storm closes three schools",
        "Three schools closed on Tuesday after a storm brought down trees across the district.",
        "Classes will resume on Thursday if the roads are clear, the council said.",
    ]
    assert article.template == "example.com/news/{date}/{slug}.html"
    assert article.extractor == "template"
    assert extractor.has_template(FIRST_URL)
    again = extractor.extract(parse_html(FIRST, FIRST_URL))
    assert again.text.startswith("Mayor opens the new bridge\nThe mayor opened")
    assert "About us" not in again.text and "Advertisement" not in again.text


def test_every_block_gets_a_label_and_a_reason():
    extractor = TemplateExtractor(MemoryTemplateStore())
    extractor.learn(parse_html(FIRST, FIRST_URL))
    article = extractor.extract(parse_html(SECOND, SECOND_URL))
    labels = {b.text: b.decisions[-1].label for b in article.blocks}
    assert labels["Home"] == "template-head"
    assert labels["Privacy policy"] == "template-tail"
    assert labels["Advertisement"] == "template-line"
    assert labels["Storm closes three schools"] == "body"
    assert all(b.decisions and b.decisions[-1].reason for b in article.blocks)


def test_learn_returns_the_pattern_once_a_template_exists():
    extractor = TemplateExtractor(MemoryTemplateStore())
    assert extractor.learn(parse_html(FIRST, FIRST_URL)) is None
    assert extractor.learn(parse_html(SECOND, SECOND_URL)) == "example.com/news/{date}/{slug}.html"
    third = site_page("Library reopens", ["The library reopened after repairs.", "It has new shelves."])
    assert extractor.learn(parse_html(third, FIRST_URL.replace("05", "07"))) == (
        "example.com/news/{date}/{slug}.html"
    )


def test_without_a_template_the_article_is_empty_with_the_reason():
    extractor = TemplateExtractor(MemoryTemplateStore())
    article = extractor.extract(parse_html(SECOND, SECOND_URL))
    assert article.text == ""
    assert article.reason == "no template for pattern example.com/news/{date}/{slug}.html"
    assert article.template is None
    assert all(b.decisions[-1].label == "no-template" for b in article.blocks)


def test_user_patterns_key_the_store():
    extractor = TemplateExtractor(MemoryTemplateStore(), patterns={"example.com/*": "example"})
    extractor.learn(parse_html(FIRST, FIRST_URL))
    article = extractor.extract(parse_html(SECOND, "https://example.com/elsewhere/7"))
    assert article.template == "example"
    assert "Classes will resume" in article.text


def test_a_template_matched_in_small_part_is_not_trusted():
    store = MemoryTemplateStore()
    long_head = [f"menu item {chr(97 + i)}" for i in range(20)]
    store.add_template(Template("p", tuple(hashes(long_head)), tuple(hashes(list(reversed(FOOTER))))))
    other_layout = site_page("Other layout", ["A story with a different menu entirely, but some lines."],
                             nav=[*long_head[:3], "Another", "Menu"], footer=["Unrelated footer"])
    article = TemplateExtractor(store, {"*": "p"}).extract(parse_html(other_layout, "https://x.org/a"))
    assert article.text == ""
    assert "not trusted" in (article.reason or "")


def test_bad_input_gives_an_empty_article_with_a_reason():
    extractor = TemplateExtractor(MemoryTemplateStore())
    for html in ("", "<html><body></body></html>"):
        article = extractor.extract(parse_html(html, FIRST_URL))
        assert article.text == "" and article.reason
        assert extractor.learn(parse_html(html, FIRST_URL)) is None
    no_url = extractor.extract(parse_html(SECOND, None))
    assert no_url.text == "" and "no URL" in (no_url.reason or "")


# --- stores ----------------------------------------------------------------------------------------


def test_sqlite_store_persists_samples_and_templates(tmp_path):
    path = tmp_path / "templates.sqlite"
    first = TemplateExtractor(SqliteTemplateStore(path))
    first.learn(parse_html(FIRST, FIRST_URL))
    first.store.close()
    second = TemplateExtractor(SqliteTemplateStore(path))
    assert len(second.store.samples("example.com/news/{date}/{slug}.html")) == 1
    assert "Classes will resume" in second.extract(parse_html(SECOND, SECOND_URL)).text
    second.store.close()
    third = SqliteTemplateStore(path)
    (template,) = third.templates("example.com/news/{date}/{slug}.html")
    assert template.shared and template.urls == (FIRST_URL, SECOND_URL)
    assert third.patterns() == ["example.com/news/{date}/{slug}.html"]
    third.close()


@pytest.mark.parametrize("make_store", [MemoryTemplateStore, None])
def test_samples_per_pattern_are_capped(tmp_path, make_store):
    store = make_store(max_samples=3) if make_store else SqliteTemplateStore(tmp_path / "s.db", max_samples=3)
    for i in range(5):
        store.add_sample("p", [i, i + 1], f"u{i}")
    store.add_sample("q", [9], "other")
    assert [s.url for s in store.samples("p")] == ["u2", "u3", "u4"]
    assert [s.hashes for s in store.samples("q")] == [(9,)]


def _write_samples(path: str, worker: int, count: int) -> None:
    store = SqliteTemplateStore(path, max_samples=1000)
    for i in range(count):
        with store.transaction():
            store.add_sample("shared", [worker, i, 2**64 - 1], f"w{worker}-{i}")
            store.add_template(Template(f"w{worker}", (i,), (i,), frozenset({i})))
    store.close()


@pytest.mark.slow
def test_two_processes_write_the_sqlite_store_at_once(tmp_path):
    path = str(tmp_path / "concurrent.sqlite")
    SqliteTemplateStore(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_samples, args=(path, w, 40)) for w in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    store = SqliteTemplateStore(path)
    samples = store.samples("shared")
    assert len(samples) == 80
    assert {s.url for s in samples} == {f"w{w}-{i}" for w in (1, 2) for i in range(40)}
    assert all(s.hashes[2] == 2**64 - 1 for s in samples)
    assert len(store.templates("w1")) == len(store.templates("w2")) == 8  # MAX_TEMPLATES_PER_PATTERN
    store.close()


def test_default_store_is_the_env_file_else_one_memory_store(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV_STORE_PATH, raising=False)
    assert default_store() is default_store()
    assert isinstance(default_store(), MemoryTemplateStore)
    assert TemplateExtractor().store is default_store()
    monkeypatch.setenv(ENV_STORE_PATH, str(tmp_path / "env.sqlite"))
    store = TemplateExtractor().store
    assert isinstance(store, SqliteTemplateStore) and store.path == tmp_path / "env.sqlite"
    store.close()


def test_min_y_at_one_end_is_enough_unless_both_are_required(monkeypatch):
    page = ["head x", "head y", "head z", "art x", "art y", "art z", "last a"]
    other = ["head x", "head y", "head z", "other x", "other y", "other z", "last b"]
    template = derive_template("p", hashes(page), sample_of(other))
    assert template is not None and template.tail == ()
    monkeypatch.setattr(template_match, "REQUIRE_BOTH_ENDS", True)
    assert derive_template("p", hashes(page), sample_of(other)) is None


def test_store_addresses_open_the_right_store(tmp_path):
    from crawler.extractors.templates.redis_store import open_template_store
    from crawler.extractors.templates.store import SqliteTemplateStore

    assert isinstance(open_template_store(tmp_path / "t.sqlite"), SqliteTemplateStore)


def test_the_template_run_carries_typed_state_and_is_seeded_by_what_learning_found():
    extractor = TemplateExtractor(MemoryTemplateStore())
    extractor.learn(parse_html(FIRST, FIRST_URL))
    doc = parse_html(SECOND, SECOND_URL)
    run = extractor.run(doc)
    state = run.state
    assert isinstance(run, TemplateRun) and isinstance(state, TemplateState)
    assert state.pattern == "example.com/news/{date}/{slug}.html" and state.match is not None
    assert state.match.derived and len(state.hashes) == len(run.blocks) and state.extra == {}
    # A page learned just before: the steps neither hash nor match it again.
    again = parse_html(FIRST, FIRST_URL)
    pattern, _ = extractor.learn_page(again)
    seeded = extractor.run(again, {"hashes": [1, 2], "pattern": pattern, "match": None, "learned": True})
    assert seeded.state.hashes == [1, 2] and seeded.state.match is None
    assert seeded.state.reason == f"no trusted template for pattern {pattern}"


def test_a_weak_template_is_kept_as_distrusted():
    store = MemoryTemplateStore()
    store.add_template(Template("p", tuple(hashes(NAV)), tuple(hashes(list(reversed(FOOTER))))))
    run = TemplateExtractor(store, {"*": "p"}).run(parse_html("<html><body>" + "".join(
        f"<p>{line}</p>" for line in [*NAV, *FOOTER]) + "</body></html>", "https://x.org/a"))
    assert run.state.match is None and run.state.distrusted is not None
    assert "covers the whole page" in run.state.reason


def test_page_hashes_are_the_hashes_of_the_non_blank_lines_in_document_order():
    texts = ["Home  News", "first line\nsecond line\n\n   \nthird 3", "   ", "", "tail\n", "Home News"]
    doc = TextDocument.from_blocks([TextBlock.from_text(text, index) for index, text in enumerate(texts)])
    lines = ["Home  News", "first line", "second line", "third 3", "tail", "Home News"]
    assert page_hashes(doc) == [line_hash(line) for line in lines]
    assert page_hashes(doc)[0] == page_hashes(doc)[-1]  # white space collapsed
    assert learning._line_hashes(doc) == page_hashes(doc)
