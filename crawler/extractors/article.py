"""What an extractor returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crawler.extractors.document.parse import TextBlock, TextDocument

if TYPE_CHECKING:
    from crawler.extractors.metadata import Metadata


class _LazyLanguage:
    """``Article.language``: the value given, else the page's language identified when first read (None for an
    article without text or document). A descriptor-typed dataclass field, so that ``Article(..., language="fr")``
    still works while an extraction that nobody asks the language of never loads the identifier's model."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    def __get__(self, article: Article | None, owner: type | None = None) -> str | None:
        if article is None:
            return LANGUAGE_WHEN_READ  # the dataclass default
        value = article.__dict__.get(self._slot, LANGUAGE_WHEN_READ)
        if value is LANGUAGE_WHEN_READ:
            document = article.document
            value = document.language if article.text and document is not None else None
            article.__dict__[self._slot] = value
        return value

    def __set__(self, article: Article, value: object) -> None:
        article.__dict__[self._slot] = value


class _LazyConfidence:
    """``Article.confidence``: the value given, else the extraction's predicted word F1
    (``crawler.extractors.pagekind.confidence``) computed when first read, so that an extraction nobody asks about
    costs nothing more."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    def __get__(self, article: Article | None, owner: type | None = None) -> float | None:
        if article is None:
            return LANGUAGE_WHEN_READ  # the dataclass default: computed when read
        value = article.__dict__.get(self._slot, LANGUAGE_WHEN_READ)
        if value is LANGUAGE_WHEN_READ:
            from .pagekind.confidence import confidence_of

            value = article.__dict__[self._slot] = confidence_of(article)
        return value

    def __set__(self, article: Article, value: object) -> None:
        article.__dict__[self._slot] = value


class _Headline:
    """``Article.title``: the value given; after ``headline_from_metadata()`` (what ``extract`` asks), the page's
    headline as its metadata gives it, read when the title is first read (the value given when the metadata has
    none), so that an extraction whose title nobody reads never computes the metadata. A required dataclass field:
    the class has no value of it (its ``__get__`` raises AttributeError there)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    def __get__(self, article: Article | None, owner: type | None = None) -> str | None:
        if article is None:
            raise AttributeError(self._slot)  # no default: dataclasses reads the class's value as one
        value = article.__dict__[self._slot]
        if article.__dict__.pop(_HEADLINE_WHEN_READ, False):
            value = article.__dict__[self._slot] = article.metadata.title or value
        return value

    def __set__(self, article: Article, value: str | None) -> None:
        article.__dict__[self._slot] = value
        article.__dict__.pop(_HEADLINE_WHEN_READ, None)  # a title set is the title


# The key, in an article's ``__dict__``, of "the title is the metadata's headline, read when first read".
_HEADLINE_WHEN_READ = "_headline_when_read"


class _WhenRead:
    """The one value meaning "identify when read"; it stays the one value through copies (``copy.deepcopy``)."""

    def __reduce__(self) -> str:
        return "LANGUAGE_WHEN_READ"

    def __repr__(self) -> str:
        return "LANGUAGE_WHEN_READ"


# The default of ``Article.language``: identified from ``document`` when first read.
LANGUAGE_WHEN_READ: Any = _WhenRead()


@dataclass
class Article:
    """The main text of a page and how it was found.

    ``text`` has one paragraph per line. ``reason`` says why ``text`` is empty when it is, so a caller
    can tell a page without an article from a failure. ``blocks`` are every block of the run with the
    decisions the steps took on them (not exported by ``to_dict``).
    """

    text: str
    title: str | None = _Headline()  # type: ignore[assignment]
    extractor: str
    url: str | None = None
    language: str | None = _LazyLanguage()  # type: ignore[assignment]
    template: str | None = None
    reason: str | None = None
    encoding: str | None = None
    warnings: list[str] = field(default_factory=list)
    blocks: list[TextBlock] = field(default_factory=list, repr=False)
    # The parsed page, kept so that metadata is computed only when asked for (once per page).
    document: TextDocument | None = field(default=None, repr=False, compare=False)
    # The predicted word F1 of this extraction, 0..1 (``crawler.extractors.pagekind.confidence``), when first read.
    confidence: float | None = _LazyConfidence()  # type: ignore[assignment]

    @property
    def metadata(self) -> Metadata:
        """Headline, authors, dates, language... of the page (``crawler.extractors.metadata``)."""
        from crawler.extractors.metadata import Metadata, metadata_of

        return metadata_of(self.document) if self.document is not None else Metadata()

    def headline_from_metadata(self) -> None:
        """Makes ``title`` the page's headline as its metadata gives it (the title given when it gives none), read
        when ``title`` is first read."""
        if self.document is not None:
            self.__dict__[_HEADLINE_WHEN_READ] = True

    def to_html(self) -> str:
        """Cleaned HTML of the kept blocks: headings, lists, quotes, code and data tables kept."""
        from crawler.extractors.document.render import to_html

        return to_html(self.blocks)

    def to_markdown(self) -> str:
        """The kept blocks as Markdown, with the same structure as ``to_html``."""
        from crawler.extractors.document.render import to_markdown

        return to_markdown(self.blocks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "title": self.title,
            "text": self.text,
            "extractor": self.extractor,
            "language": self.language,
            "template": self.template,
            "reason": self.reason,
            "confidence": self.confidence,
            "encoding": self.encoding,
            "warnings": list(self.warnings),
            "metadata": self.metadata.to_dict(),
        }


def blocks_to_text(blocks: list[TextBlock]) -> str:
    return "\n".join(b.text for b in blocks if b.is_content)
