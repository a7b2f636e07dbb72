"""Main-text extraction from one HTML page, usable without Scrapy.

    >>> from crawler.extractors import extract
    >>> article = extract(html_bytes, "https://example.com/news/2024/01/story.html")
    >>> article.text, article.title, article.extractor

``extract()`` learns nothing; ``LearningExtractor(store="templates.sqlite").extract(html, url)`` learns each
site's template as it goes (``crawler.extractors.cascade.learning``).
Every extractor works on the same parsed ``TextDocument`` (``parse_html``); ``available()`` names them.
"""

from __future__ import annotations

from datetime import datetime
from importlib import import_module
from typing import TYPE_CHECKING

from crawler.extractors.article import Article
from crawler.extractors.document.parse import TextBlock, TextDocument, parse_html
from crawler.extractors.steps.pipeline import Extractor

if TYPE_CHECKING:
    from crawler.extractors.cascade.learning import LearningExtractor
    from crawler.extractors.metadata import Metadata

# name -> "module:Class"; imported on first use so that `import crawler.extractors` stays cheap.
_REGISTRY: dict[str, str] = {
    "default": "crawler.extractors.cascade.extractor:DefaultExtractor",
    "boilerpipe-article": "crawler.extractors.boilerpipe.extractor:ArticleExtractor",
    "boilerpipe-default": "crawler.extractors.boilerpipe.extractor:DefaultExtractor",
    "justext": "crawler.extractors.justext.extractor:JusTextExtractor",
    "lineblock": "crawler.extractors.lineblock.extractor:LineBlockExtractor",
    "density": "crawler.extractors.density.extractor:DensityExtractor",
    "bayes": "crawler.extractors.bayes.extractor:BayesExtractor",
    "template": "crawler.extractors.templates.extractor:TemplateExtractor",
}
_INSTANCES: dict[str, Extractor] = {}


def __getattr__(name: str) -> object:
    """``LearningExtractor``, imported when first asked for: ``extract()`` learns nothing and does not load the
    template store's modules (a process's resident memory holds every module it imports)."""
    if name == "LearningExtractor":
        from crawler.extractors.cascade.learning import LearningExtractor

        return LearningExtractor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def available() -> list[str]:
    """Names accepted by ``extract(..., extractor=NAME)``."""
    return list(_REGISTRY)


def get_extractor(name: str) -> Extractor:
    if name not in _REGISTRY:
        raise ValueError(f"unknown extractor {name!r}; available: {', '.join(available())}")
    if name not in _INSTANCES:
        module, cls = _REGISTRY[name].split(":")
        _INSTANCES[name] = getattr(import_module(module), cls)()
    return _INSTANCES[name]


def extract_document(doc: TextDocument, extractor: str = "default") -> Article:
    """Run one extractor on an already parsed document (parse once, extract many times)."""
    return get_extractor(extractor).extract(doc)


def extract(
    html: bytes | str,
    url: str | None = None,
    *,
    extractor: str = "default",
    content_type: str | None = None,
) -> Article:
    """The main text of one page; an empty ``text`` comes with a ``reason``. ``title`` is the page's
    headline as its metadata gives it (``<title>`` without the site name), the title the crawl's rows carry."""
    chosen = get_extractor(extractor)
    article = chosen.extract(parse_html(html, url, content_type))
    article.headline_from_metadata()  # read when the title is: a caller of the text alone computes no metadata
    return article


def extract_metadata_only(
    html: bytes | str,
    url: str | None = None,
    *,
    content_type: str | None = None,
    now: datetime | None = None,
) -> Metadata:
    """Only the metadata of a page (headline, authors, dates, ...), without running a text extractor."""
    from crawler.extractors.metadata import extract_metadata

    return extract_metadata(parse_html(html, url, content_type), now)


__all__ = [
    "Article",
    "Extractor",
    "LearningExtractor",
    "TextBlock",
    "TextDocument",
    "available",
    "extract",
    "extract_document",
    "extract_metadata_only",
    "get_extractor",
    "parse_html",
]
