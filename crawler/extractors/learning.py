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

One object is safe to share between threads and, through an SQLite (or Redis) store, between processes,
exactly as its store is: every learning step is one store transaction. It keeps its cascade, template
matcher and store open between calls; ``close()`` (or ``with``) closes the store.
"""

from __future__ import annotations

import os
from types import TracebackType

from .article import Article
from .document import TextDocument, parse_html
from .redis_template_store import open_template_store
from .template_store import MemoryTemplateStore, TemplateStore


class LearningExtractor:
    """``store``: a path to an SQLite file (created if missing), a ``redis://`` address, a ``TemplateStore``,
    or None for a store in this object's memory."""

    def __init__(self, store: str | os.PathLike[str] | TemplateStore | None = None) -> None:
        from .cascade import DefaultExtractor
        from .template import TemplateExtractor

        if store is None:
            store = MemoryTemplateStore()
        elif isinstance(store, (str, os.PathLike)):
            store = open_template_store(store)
        self.store: TemplateStore = store
        self.templates = TemplateExtractor(store=store)
        self.cascade = DefaultExtractor(template_extractor=self.templates)

    def learn(self, doc: TextDocument) -> tuple[str | None, str | None]:
        """Teaches the store one page: (the URL pattern it matched or completed a template of, a warning when
        the store could not learn, e.g. locked or read-only: extraction still goes on without it)."""
        try:
            return self.templates.learn(doc), None
        except Exception as error:
            return None, f"template learning failed: {type(error).__name__}: {error}"

    def extract_document(self, doc: TextDocument) -> Article:
        """Learn from an already parsed page, then extract it with the cascade."""
        _, warning = self.learn(doc)
        article = self.cascade.extract(doc)
        if warning:
            article.warnings.append(warning)
        return article

    def extract(self, html: bytes | str, url: str | None = None, *, content_type: str | None = None) -> Article:
        """The main text of one page, after it taught the store; an empty ``text`` comes with a ``reason``."""
        return self.extract_document(parse_html(html, url, content_type))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> LearningExtractor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


__all__ = ["LearningExtractor"]
