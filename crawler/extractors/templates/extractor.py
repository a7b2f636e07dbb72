"""Line-hash template extraction (seed 001, "基于行的Hash值模板算法").

A site's pages of one kind repeat the same lines above the article (navigation, masthead) and below it
(footer). The seed hashes every text line of a page; two pages of one URL pattern whose line hashes
start alike (a common prefix of at least ``minY`` = 3 lines) and end alike give a template: the common
head (forward order) and the common tail (reversed order). A page that matches a template loses its head
and tail lines; what lies between is the article. A page that matches neither template nor sample is kept
as a sample until a second page of its pattern arrives.

Beyond the seed, each measured with ``python -m crawler.evaluation.template_pairs`` (figures in docs/tuning.md):
- lines between head and tail that both learning pages had (repeated boilerplate: "Advertisement", share
  buttons, a second menu) are dropped too;
- MIN_Y common lines at one end suffice (the seed's compare looks at the head only);
- a line's hash ignores digits ("3 hours ago" = "5 hours ago"), and head and tail may step over a few
  differing lines (a section name, a date) when the pages agree again after them;
- a template the page matches only in small part (another layout), or that would leave nothing, is not
  trusted, and two samples that are one article do not make a template.

Without a template the extractor says so (empty text, reason "no template for pattern ..."), so a caller
can fall back to another extractor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from crawler.extractors.article import Article
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor, StateRun, own_state
from crawler.extractors.templates.lines import line_hash, normalize_line, page_hashes, split_lines
from crawler.extractors.templates.match import (
    MAX_GAP,
    MIN_TEMPLATE_MATCH_SHARE,
    MIN_Y,
    TemplateMatch,
    align_prefix,
    best_sample_template,
    best_template_match,
    derive_template,
    match_template,
)
from crawler.extractors.templates.store import MemoryTemplateStore, TemplateStore, default_store
from crawler.extractors.templates.urlpattern import UrlPatterns

# Labels this extractor leaves on blocks.
HEAD_LABEL = "template-head"
TAIL_LABEL = "template-tail"
BODY_LABEL = "body"
SHARED_LABEL = "template-line"
NO_TEMPLATE_LABEL = "no-template"


@dataclass
class TemplateState:
    # LineHashes: each line's hash in document order (given when the page was just learned, learn_page).
    hashes: list[int] | None = None
    # MatchTemplate: the page's URL pattern (None: no URL), and whether learn_page matched the page just before.
    pattern: str | None = None
    learned: bool = False
    # MatchTemplate / LearnFromSamples: the template laid on the page; DistrustWeakTemplate moves a weak one to
    # ``distrusted``.
    match: TemplateMatch | None = None
    distrusted: TemplateMatch | None = None
    # Why the page has no template (or no trusted one).
    reason: str | None = None
    # Notes of steps that have no field here (none of this module's steps').
    extra: dict[str, Any] = field(default_factory=dict)


class TemplateRun(StateRun[TemplateState]):
    """A Run of the template extractor: ``state`` typed, ``notes`` a view of it (state_notes.StateNotes)."""

    state_type = TemplateState


def template_state(run: Run) -> TemplateState:
    """The typed state of a template run; a clear error for a run of another extractor."""
    return own_state(run, TemplateState, "the template extractor")


class SplitIntoLines(Step):
    """Seed: "取得网页文本 ... 使用\\n进行分行" — the page's text, one unit per line."""

    def process(self, run: Run) -> bool:
        before = len(run.blocks)
        run.blocks = split_lines(run.blocks)
        return len(run.blocks) != before


class LineHashes(Step):
    """Seed: "计算出每行的Hash值"; hashes go to ``state.hashes`` in document order."""

    def process(self, run: Run) -> bool:
        state = template_state(run)
        if state.hashes is None:  # given when the page was just learned (TemplateExtractor.learn_page)
            state.hashes = [line_hash(block.text) for block in run.blocks]
        return False


class MatchTemplate(Step):
    """Seed: compare the page with the template store of its URL pattern (head at least MIN_Y lines)."""

    def __init__(self, store: TemplateStore, patterns: UrlPatterns) -> None:
        self.store = store
        self.patterns = patterns

    def process(self, run: Run) -> bool:
        state = template_state(run)
        if state.learned:  # matched (and learned from) by TemplateExtractor.learn_page just before
            if state.match is None:
                state.reason = f"no trusted template for pattern {state.pattern}"
            return False
        pattern = self.patterns.pattern(run.doc.url)
        state.pattern = pattern
        if pattern is None:
            state.reason = "no template: the page has no URL to take a pattern from"
            return False
        match = best_template_match(state.hashes or [], self.store.templates(pattern))
        if match is None:
            state.reason = f"no template for pattern {pattern}"
            return False
        state.match = match
        return False


class LearnFromSamples(Step):
    """Seed: no template matched, so compare with the samples; a match makes (and stores) a template."""

    def __init__(self, store: TemplateStore) -> None:
        self.store = store

    def process(self, run: Run) -> bool:
        state = template_state(run)
        pattern = state.pattern
        if pattern is None or state.match is not None or state.learned:
            return False
        hashes = state.hashes or []
        with self.store.transaction():
            template = best_sample_template(pattern, hashes, self.store.samples(pattern), run.doc.url)
            if template is None:
                return False
            self.store.add_template(template)
        match = match_template(hashes, template)
        state.match = TemplateMatch(template, match.head_lines, match.tail_lines, match.head_matched,
                                           match.tail_matched, derived=True)
        return True


class DistrustWeakTemplate(Step):
    """A template the page matches only in small part belongs to another layout: say so, keep nothing."""

    def process(self, run: Run) -> bool:
        state = template_state(run)
        match = state.match
        if match is None:
            return False
        pattern = state.pattern
        if match.matched_share < MIN_TEMPLATE_MATCH_SHARE:
            state.reason = (f"template for pattern {pattern} not trusted: the page matches only "
                                   f"{match.head_matched + match.tail_matched} of its "
                                   f"{len(match.template.head) + len(match.template.tail)} lines")
        elif match.head_lines + match.tail_lines >= len(run.blocks):
            state.reason = f"template for pattern {pattern} covers the whole page"
        else:
            return False
        state.distrusted, state.match = match, None
        return True


class StripTemplateLines(Step):
    """Seed: drop the template's head and tail lines; the lines between them are the article."""

    def process(self, run: Run) -> bool:
        state = template_state(run)
        match = state.match
        if match is None:
            reason = state.reason or "no template"
            for block in run.blocks:
                block.decide(self.name, False, reason, NO_TEMPLATE_LABEL)
            return False
        tail_start = len(run.blocks) - match.tail_lines
        for index, block in enumerate(run.blocks):
            if index < match.head_lines:
                block.decide(self.name, False, f"template head: line {index + 1} of {match.head_lines}",
                             HEAD_LABEL)
            elif index >= tail_start:
                block.decide(self.name, False, f"template tail: line {len(run.blocks) - index} from the end "
                             f"of {match.tail_lines}", TAIL_LABEL)
            else:
                block.decide(self.name, True, "body: between the template's head and tail", BODY_LABEL)
        return True


class DropSharedLines(Step):
    """Body lines that both learning pages had are repeated boilerplate (ads, share bars, a second menu): dropping
    them buys precision for little recall (docs/tuning.md)."""

    def process(self, run: Run) -> bool:
        state = template_state(run)
        match = state.match
        if match is None or not match.template.shared:
            return False
        changed = False
        for block, hashed in zip(run.blocks, state.hashes or [], strict=True):
            if block.is_content and hashed in match.template.shared:
                block.decide(self.name, False, "template line inside the body: both learning pages have it",
                             SHARED_LABEL)
                changed = True
        return changed


class TemplateExtractor(StateExtractor):
    """Seed 001's extractor over a store of samples and templates keyed by URL pattern.

    ``store``: a ``TemplateStore`` (default: $CRAWLER_TEMPLATE_STORE's SQLite file, else the process's
    in-memory store). ``patterns``: user rules ``{glob or "re:regex": pattern name}`` or ``UrlPatterns``.
    """

    name = "template"
    # Runs carry a TemplateState; ``run(doc, notes)`` seeds it by field name (``known`` of ``extract``:
    # ``hashes``, ``pattern``, ``match``, ``learned``).
    state_type = TemplateState
    run_type = TemplateRun

    def __init__(self, store: TemplateStore | None = None,
                 patterns: UrlPatterns | Mapping[str, str] | None = None) -> None:
        self.store: TemplateStore = store if store is not None else default_store()
        self.patterns = patterns if isinstance(patterns, UrlPatterns) else UrlPatterns(patterns or {})
        self.steps = (
            SplitIntoLines(),
            LineHashes(),
            MatchTemplate(self.store, self.patterns),
            LearnFromSamples(self.store),
            DistrustWeakTemplate(),
            StripTemplateLines(),
            DropSharedLines(),
        )

    def pattern(self, url: str | None) -> str | None:
        return self.patterns.pattern(url)

    def has_template(self, url: str | None) -> bool:
        if isinstance(self.store, MemoryTemplateStore) and not self.store.holds_templates():
            return False  # the one-page case: nothing learned, and deriving the pattern loads w3lib's URL module
        pattern = self.pattern(url)
        return pattern is not None and self.store.has_template(pattern)

    def template_lines(self, doc: TextDocument) -> tuple[str | None, frozenset[str]] | None:
        """None: a store's template is known only by running it on the page (``extract``)."""
        return None

    def learn(self, doc: TextDocument) -> str | None:
        """Seed's ``compare``: the pattern if the page matches or completes a template, else None (the page
        is kept as a sample)."""
        return self.learn_page(doc)[0]

    def learn_page(self, doc: TextDocument, hashes: list[int] | None = None
                   ) -> tuple[str | None, TemplateMatch | None]:
        """``learn`` with the page's line hashes when the caller has them (``page_hashes``), and the trusted
        match of the page's template: (pattern, match), (pattern, None) when the page matched or completed a
        template it does not follow closely enough to strip, (None, None) when it is only a sample."""
        pattern = self.pattern(doc.url)
        hashes = page_hashes(doc) if hashes is None else hashes
        if pattern is None or len(hashes) < 2 * MIN_Y:
            return None, None
        with self.store.transaction():
            match = best_template_match(hashes, self.store.templates(pattern))
            if match is None:
                samples = self.store.samples(pattern)
                template = best_sample_template(pattern, hashes, samples, doc.url)
                if template is None:
                    if not any(list(s.hashes) == hashes for s in samples):
                        self.store.add_sample(pattern, hashes, doc.url)
                    return None, None
                self.store.add_template(template)
                match = match_template(hashes, template)
        trusted = (match.matched_share >= MIN_TEMPLATE_MATCH_SHARE
                   and match.head_lines + match.tail_lines < len(hashes))
        return pattern, match if trusted else None

    def extract(self, doc: TextDocument, known: Mapping[str, object] | None = None) -> Article:
        """``known``: what ``learn_page`` found for this very page (``hashes``, ``pattern``, ``match``), so
        the steps do not hash and match it again."""
        if not doc.blocks:
            return self.empty(doc, doc.empty_reason or "no visible text")
        run = self.run(doc, known)
        state = run.state
        if state.match is None:
            return self.to_article(run)
        article = self.to_article(run, template=state.pattern)
        if not article.text:
            article.reason = f"template for pattern {state.pattern} left no body line"
        return article



__all__ = [
    "MAX_GAP",
    "MIN_TEMPLATE_MATCH_SHARE",
    "MIN_Y",
    "TemplateExtractor",
    "TemplateMatch",
    "TemplateRun",
    "TemplateState",
    "align_prefix",
    "best_sample_template",
    "best_template_match",
    "derive_template",
    "line_hash",
    "match_template",
    "normalize_line",
    "page_hashes",
    "split_lines",
    "template_state",
]
