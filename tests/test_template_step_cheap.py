"""The learning extractor's template step (``_PageTemplates.template_lines``) against the plain reading it replaces:
the store asked whether the pattern has a template, the template extractor's article made, its non-content blocks'
lines normalised (``DefaultExtractor._template_lines`` as first written)."""

from __future__ import annotations

from crawler.extractors import LearningExtractor
from crawler.extractors.document.parse import TextDocument, parse_html
from crawler.extractors.templates.extractor import normalize_line, page_hashes

HEAD = ("<header><div>The Example Tribune</div><nav><a href='/'>Home</a> <a href='/world'>World</a></nav>"
        "<div>International edition, updated every hour</div><div>Independent news since 1901</div></header>")
TAIL = ("<footer><p>Copyright 2024 The Example Tribune</p><p>Contact the newsroom at newsroom@example.org</p>"
        "<p>Terms of use and privacy policy</p></footer>")
# A line inside the body that every page has (the template's shared lines), and a <br> block of two lines.
SHARED = "<p>Advertisement</p><p>Share this story<br>Follow us on the radio</p>"


SUBJECTS = ["harbour", "railway", "school", "hospital", "bridge", "library", "market", "airport", "museum",
            "stadium", "park", "tunnel"]


def page(n: int, shared: bool = True, body: bool = True, site: str = "news.example.org") -> tuple[str, str]:
    # (line hashes ignore digits: the stories differ by their words)
    story = [f"<p>The council said the {SUBJECTS[n % 12]} would open in spring, and residents of the "
             f"{SUBJECTS[(n + i + 1) % 12]} district asked how its costs would be shared.</p>"
             for i in range(6 if body else 0)]
    heading = f"<h1>The {SUBJECTS[n % 12]} story</h1>" if body else ""
    middle = f"{heading}{''.join(story[:2])}{SHARED if shared else ''}" \
             f"{''.join(story[2:])}"  # (the shared lines between two of the story's)
    html = f"<html><head><title>Story {n}</title></head><body>{HEAD}<article>{middle}</article>{TAIL}</body></html>"
    return html, f"https://{site}/2024/05/{n % 28 + 1:02d}/council-backs-harbour-plan-{n}.html"


def plain_template_lines(templates, doc: TextDocument) -> tuple[str | None, frozenset[str]]:
    if not templates.has_template(doc.url):
        return None, frozenset()
    article = templates.extract(doc)
    if not article.text:
        return None, frozenset()
    return article.template, frozenset(normalize_line(b.text) for b in article.blocks if not b.is_content)


def test_template_lines_are_the_plain_reading_on_learned_pages() -> None:
    learner = LearningExtractor(fast=False)
    templates = learner._page_templates
    kinds = {"none": 0, "lines": 0, "empty": 0}
    pages = [page(n) for n in range(6)] + [page(6, shared=False), page(7, body=False), page(8, site="other.example"),
                                           page(9, site="other.example"), page(10)]
    for html, url in pages:
        doc = parse_html(html, url)
        hashes = page_hashes(doc)
        pattern, match, _ = learner._learn(doc, hashes)
        templates.local.known = {"doc": doc, "hashes": hashes, "pattern": pattern, "match": match, "learned": True}
        try:
            found = templates.template_lines(doc)
            assert found == plain_template_lines(templates, doc), url
        finally:
            templates.local.known = None
        assert templates.template_lines(doc) is None  # not the page just learned: the cascade asks the store
        kinds["none" if match is None else "lines" if found[1] else "empty"] += 1
    assert kinds["none"] >= 2 and kinds["lines"] >= 5
    # the shared body lines are among the template's lines (the shortcut would miss them without ``between``)
    html, url = page(11)
    doc = parse_html(html, url)
    hashes = page_hashes(doc)
    pattern, match, _ = learner._learn(doc, hashes)
    templates.local.known = {"doc": doc, "hashes": hashes, "pattern": pattern, "match": match, "learned": True}
    try:
        assert "Advertisement" in templates.template_lines(doc)[1]
    finally:
        templates.local.known = None


def test_a_page_whose_lines_are_all_the_templates_has_none() -> None:
    learner = LearningExtractor(fast=False)
    templates = learner._page_templates
    for html, url in [page(0), page(1)]:
        learner.extract(html, url)
    html, url = page(2, body=False)  # head, the shared lines and tail: every line is the template's
    doc = parse_html(html, url)
    hashes = page_hashes(doc)
    pattern, match, _ = learner._learn(doc, hashes)
    assert match is not None  # a trusted match that leaves no body line
    templates.local.known = {"doc": doc, "hashes": hashes, "pattern": pattern, "match": match, "learned": True}
    try:
        assert templates.template_lines(doc) == plain_template_lines(templates, doc) == (None, frozenset())
    finally:
        templates.local.known = None


def test_the_cascade_of_a_learning_extractor_gives_the_same_articles() -> None:
    """The whole step: articles of the learning extractor with the shortcut and with it switched off."""
    with_shortcut, without = LearningExtractor(fast=False), LearningExtractor(fast=False)
    without._page_templates.template_lines = lambda doc: None  # type: ignore[method-assign]
    for html, url in [page(n) for n in range(5)] + [page(5, shared=False)]:
        a, b = with_shortcut.extract(html, url), without.extract(html, url)
        assert (a.text, a.template, a.extractor) == (b.text, b.template, b.extractor), url
