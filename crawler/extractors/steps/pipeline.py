"""Extractors as chains of small named steps, the way boilerpipe chains its filters (seed 000).

A step looks at one ``Run`` (the shared document, this run's own copies of its blocks, and notes that
steps hand on to later steps), changes labels, and says whether it changed anything. An ``Extractor``
is a named tuple of steps plus the rule that turns the content blocks into an ``Article``.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crawler.extractors.article import Article, blocks_to_text
from crawler.extractors.document.parse import TextBlock, TextDocument


@dataclass
class Run:
    doc: TextDocument
    blocks: list[TextBlock]
    notes: MutableMapping[str, Any] = field(default_factory=dict)

    def content(self) -> list[TextBlock]:
        return [b for b in self.blocks if b.is_content]


class Step:
    """One named step; subclasses implement ``process``."""

    @property
    def name(self) -> str:
        return type(self).__name__

    def process(self, run: Run) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class Chain(Step):
    """Steps run in order; changed if any of them changed something."""

    def __init__(self, *steps: Step) -> None:
        self.steps: tuple[Step, ...] = steps

    def process(self, run: Run) -> bool:
        changed = False
        for step in self.steps:
            changed = step.process(run) or changed
        return changed


class Extractor:
    """Runs its steps on fresh blocks of a document and returns the blocks left as content."""

    name: ClassVar[str] = ""
    steps: Sequence[Step] = ()

    def run(self, doc: TextDocument, notes: dict[str, Any] | None = None) -> Run:
        """The steps over fresh copies of the blocks; ``notes`` seeds what steps hand on to each other."""
        run = Run(doc, doc.fresh_blocks(), dict(notes or {}))
        for step in self.steps:
            step.process(run)
        return run

    def extract(self, doc: TextDocument) -> Article:
        if not doc.blocks:
            return self.empty(doc, doc.empty_reason or "no visible text")
        return self.to_article(self.run(doc))

    def to_article(self, run: Run, *, template: str | None = None) -> Article:
        text = blocks_to_text(run.blocks)
        reason = None if text else run.notes.get("reason", "no block was classified as content")
        return Article(
            text=text,
            title=run.doc.title,
            extractor=self.name,
            url=run.doc.url,
            template=template,
            reason=reason,
            encoding=run.doc.encoding,
            warnings=list(run.doc.warnings),
            blocks=run.blocks,
            document=run.doc,
        )

    def empty(self, doc: TextDocument, reason: str) -> Article:
        return Article(text="", title=doc.title, extractor=self.name, url=doc.url, reason=reason,
                       encoding=doc.encoding, warnings=list(doc.warnings), document=doc)
