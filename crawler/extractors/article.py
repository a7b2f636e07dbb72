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
    title: str | None
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

    @property
    def metadata(self) -> Metadata:
        """Headline, authors, dates, language... of the page (``crawler.extractors.metadata``)."""
        from crawler.extractors.metadata import Metadata, metadata_of

        return metadata_of(self.document) if self.document is not None else Metadata()

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
            "encoding": self.encoding,
            "warnings": list(self.warnings),
            "metadata": self.metadata.to_dict(),
        }


def blocks_to_text(blocks: list[TextBlock]) -> str:
    return "\n".join(b.text for b in blocks if b.is_content)
