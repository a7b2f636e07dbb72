"""An extractor that learns its sites' templates as it goes: ``extract()`` for library users who see
many pages of the same sites.

    >>> from crawler.extractors import LearningExtractor
    >>> with LearningExtractor(store="templates.sqlite") as extractor:
    ...     article = extractor.extract(html_bytes, url)

``crawler.extractors.extract()`` never learns: it keeps no sample, so a library user never gets the
templates (seed 001) that the crawl's page job builds. This object is that page job's extraction step, with
nothing of Scrapy: every page first teaches the template store (kept as a sample, or completing or matching
a template of its URL pattern), then the default cascade extracts it, using the template's lines as furniture
evidence once its pattern has one (``article.extractor`` is then ``default/template+blocks`` and
``article.template`` names the pattern). The crawl's ``crawler.pipelines.PageExtractor`` runs the same step.

Templates that save time (``learned_layout``): once three pages of a URL pattern showed that the article sits
in one container the pattern's pages share, and that this container minus the template's lines gives the
cascade's text, the pattern's next pages that match its template skip the cascade: ``article.extractor`` is
then ``default/template+container``, and one page in VERIFY_EVERY runs the cascade again to check.
``stats`` counts pages by path. The learned containers live in this object (each process learns its own,
three pages a pattern); the templates live in the store.

One object is safe to share between threads and, through an SQLite (or Redis) store, between processes,
exactly as its store is: every learning step is one store transaction. It keeps its cascade, template
matcher and store open between calls; ``close()`` (or ``with``) closes the store.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from types import TracebackType

from crawler.extractors.article import Article
from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import TextBlock, TextDocument, parse_html
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.templates.extractor import TemplateExtractor, TemplateMatch, page_hashes
from crawler.extractors.templates.learned_layout import (
    AGREEMENT_F1,
    MIN_FAST_WORDS,
    LayoutBook,
    container_blocks,
    container_of,
    container_text,
    locate,
    locator_of,
    words_agree,
)
from crawler.extractors.templates.lines import normalized_lines
from crawler.extractors.templates.redis_store import open_template_store
from crawler.extractors.templates.store import MemoryTemplateStore, TemplateStore

FAST_EXTRACTOR = "default/template+container"
# A locator step that picks one of several like siblings by position (``learned_layout._step``).
POSITION_STEP_RE = re.compile(r"\[\d+\]")


class _PageTemplates:
    """The template extractor the cascade asks for a page's template lines, answering for the page just learned
    from what learning found (no second hashing or store query); any other page goes to the extractor."""

    def __init__(self, templates: TemplateExtractor) -> None:
        self.templates = templates
        self.local = threading.local()

    def known(self, doc: TextDocument) -> dict[str, object] | None:
        known = getattr(self.local, "known", None)
        return known if known is not None and known.get("doc") is doc else None

    def has_template(self, url: str | None) -> bool:
        return self.templates.has_template(url)

    def extract(self, doc: TextDocument) -> Article:
        """The template's verdict on the page: for the page just learned, its body lines as ``text`` and its
        template lines as the non-content ``blocks`` (all the cascade reads), without splitting the page's blocks
        into lines again; any other page through the template extractor."""
        known = self.known(doc)
        if known is None:
            return self.templates.extract(doc)
        match: TemplateMatch | None = known["match"]  # type: ignore[assignment]
        if match is None:
            return self.templates.empty(doc, f"no trusted template for pattern {known['pattern']}")
        hashes: list[int] = known["hashes"]  # type: ignore[assignment]
        lines = [line for block in doc.blocks for line in block.text.split("\n") if line.strip()]
        tail_start = len(hashes) - match.tail_lines
        shared = match.template.shared
        chrome = [i < match.head_lines or i >= tail_start or h in shared for i, h in enumerate(hashes)]
        body = [line for line, is_chrome in zip(lines, chrome, strict=True) if not is_chrome]
        # The cascade reads only the text of these lines: they are built bare (no word counts).
        template_lines = [TextBlock(line, 0, 0, 0, 0, i, 0, num_chars=len(line))
                          for i, (line, is_chrome) in enumerate(zip(lines, chrome, strict=True)) if is_chrome]
        return Article(text="\n".join(body), title=doc.title, extractor=self.templates.name, url=doc.url,
                       template=match.template.pattern, blocks=template_lines, document=doc)

    def template_lines(self, doc: TextDocument) -> tuple[str | None, frozenset[str]] | None:
        """What the cascade reads of ``extract`` (``DefaultExtractor._template_lines``) for the page just learned: its
        pattern and its template lines normalised (``normalize_line``) when the trusted template leaves it a body line,
        else (None, an empty set); None for any other page. Neither the store is asked whether the pattern has a
        template (the match came from it) nor a bare block made for each template line: the template step of the
        cascade, ``_template_lines``, would otherwise spend half its time making those blocks."""
        known = self.known(doc)
        if known is None:
            return None
        match: TemplateMatch | None = known["match"]  # type: ignore[assignment]
        if match is None:
            return None, frozenset()
        hashes: list[int] = known["hashes"]  # type: ignore[assignment]
        lines = [line for block in doc.blocks for line in block.text.split("\n") if line.strip()]
        if len(lines) != len(hashes):
            raise ValueError(f"{len(lines)} lines for {len(hashes)} line hashes")  # as extract's zip(strict=True)
        head, tail_start = match.head_lines, len(hashes) - match.tail_lines
        shared = match.template.shared
        between = [line for line, hashed in zip(lines[head:tail_start], hashes[head:tail_start], strict=True)
                   if hashed in shared]
        if len(between) >= tail_start - head:  # every line is the template's: extract's text is empty
            return None, frozenset()
        return match.template.pattern, normalized_lines(lines[:head] + lines[tail_start:] + between)


def _line_hashes(doc: TextDocument) -> list[int]:
    """The page's line hashes in document order (``template.page_hashes``, hashed through its cache)."""
    return page_hashes(doc)


class LearningExtractor:
    """``store``: a path to an SQLite file (created if missing), a ``redis://`` address, a ``TemplateStore``,
    or None for a store in this object's memory. ``fast``: False keeps every page on the cascade."""

    def __init__(self, store: str | os.PathLike[str] | TemplateStore | None = None, *, fast: bool = True) -> None:
        if store is None:
            store = MemoryTemplateStore()
        elif isinstance(store, (str, os.PathLike)):
            store = open_template_store(store)
        self.store: TemplateStore = store
        self.templates = TemplateExtractor(store=store)
        self._page_templates = _PageTemplates(self.templates)
        self.cascade = DefaultExtractor(template_extractor=self._page_templates)
        self.fast = fast
        self.layouts = LayoutBook()
        self.stats: Counter[str] = Counter()
        self._stats_lock = threading.Lock()

    def _count(self, *keys: str) -> None:
        # (each key added to in turn, as Counter.update does, without its mapping checks: one to three keys a page)
        stats = self.stats
        with self._stats_lock:
            for key in keys:
                stats[key] += 1

    def learn(self, doc: TextDocument) -> tuple[str | None, str | None]:
        """Teaches the store one page: (the URL pattern it matched or completed a template of, a warning when
        the store could not learn, e.g. locked or read-only: extraction still goes on without it)."""
        pattern, _, warning = self._learn(doc, _line_hashes(doc))
        return pattern, warning

    def _learn(self, doc: TextDocument, hashes: list[int]
               ) -> tuple[str | None, TemplateMatch | None, str | None]:
        try:
            pattern, match = self.templates.learn_page(doc, hashes)
        except Exception as error:
            return None, None, f"template learning failed: {type(error).__name__}: {error}"
        return pattern, match, None

    def extract_document(self, doc: TextDocument) -> Article:
        """Learn from an already parsed page, then extract it: by the pattern's trusted container when it has
        one (the page is then neither hashed whole nor matched: its container's lines are looked up in the
        template's), else learning and the cascade."""
        self._count("pages")
        pattern = self.templates.pattern(doc.url) if self.fast else None
        check = False
        if pattern is not None:
            locator, chrome, check = self.layouts.fast_locator(pattern)
            if locator is not None and not check:
                article = self._fast(doc, locator, chrome, pattern)
                if article is not None:
                    self._count("fast")
                    return article
        hashes = _line_hashes(doc)
        pattern, match, warning = self._learn(doc, hashes)
        article = self._cascade(doc, hashes, pattern, match)
        if self.fast and pattern is not None and match is not None:
            self._count("template_hits")
            self._confirm(doc, pattern, match, article, checked=check)
        if warning:
            article.warnings.append(warning)
        return article

    def _cascade(self, doc: TextDocument, hashes: list[int], pattern: str | None,
                 match: TemplateMatch | None) -> Article:
        self._page_templates.local.known = {"doc": doc, "hashes": hashes, "pattern": pattern, "match": match,
                                            "learned": True}
        try:
            return self.cascade.extract(doc)
        finally:
            self._page_templates.local.known = None

    def _fast(self, doc: TextDocument, locator: str, chrome: frozenset[int], pattern: str) -> Article | None:
        if not doc.walked and POSITION_STEP_RE.search(locator):
            # Siblings told apart by position were counted on a walked tree, whose hidden elements are gone.
            doc.blocks  # noqa: B018 - walks the page
        container = locate(doc, locator)
        if container is None:
            return None
        blocks = container_text(doc, container, chrome)
        if sum(b.num_words for b in blocks) < MIN_FAST_WORDS:
            return None
        article = self.cascade.to_article(Run(doc, blocks), template=pattern)  # as the cascade makes its own
        article.extractor = FAST_EXTRACTOR
        return article

    @staticmethod
    def _fast_text(doc: TextDocument, locator: str, chrome: frozenset[int]) -> str | None:
        """``_fast(...).text`` (None where it gives None), without the blocks copied and decided nor an Article made:
        checking a page against the fast path reads only its text."""
        if not doc.walked and POSITION_STEP_RE.search(locator):
            doc.blocks  # noqa: B018 - walks the page, as _fast does
        container = locate(doc, locator)
        if container is None:
            return None
        blocks = container_blocks(doc, container, chrome, doc.blocks_within(container))
        if sum(b.num_words for b in blocks) < MIN_FAST_WORDS:
            return None
        return "\n".join(block.text for block in blocks)

    def _confirm(self, doc: TextDocument, pattern: str, match: TemplateMatch, article: Article,
                 checked: bool) -> None:
        """Whether the fast path would have given the cascade's text on this page, under the container the
        cascade used here: the layout book's evidence for (or against) the pattern's locator."""
        element = container_of(article.blocks) if article.text else None
        locator = locator_of(element) if element is not None else None
        template = match.template
        chrome = frozenset(template.head) | frozenset(template.tail) | template.shared
        fast = self._fast_text(doc, locator, chrome) if locator is not None else None
        agreed = fast is not None and words_agree(fast, article.text, AGREEMENT_F1)
        if checked:
            self._count("checked")
        if not agreed and fast is not None:
            self._count("disagreed")
        self.layouts.record(pattern, locator, agreed, chrome)

    def extract(self, html: bytes | str, url: str | None = None, *, content_type: str | None = None) -> Article:
        """The main text of one page, after it taught the store; an empty ``text`` comes with a ``reason``.
        The page is walked to blocks only as far as needed: on the fast path, its learned container alone (the
        rest of the page is walked if ``article.language`` or ``article.metadata`` is read)."""
        return self.extract_document(parse_html(html, url, content_type, walk=False))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> LearningExtractor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


__all__ = ["FAST_EXTRACTOR", "LearningExtractor"]
