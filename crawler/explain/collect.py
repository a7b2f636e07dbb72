"""What a report shows, gathered from one page: the chosen extractor's run, the seeds' own pictures, metadata.

Nothing here decides anything about the page: every verdict comes from the extractors, read off the
blocks they return (each ``Decision`` with its step, label, reason and verdict) and the notes their steps
leave (``Run.notes``). The CX distribution (seed 004) comes from a ``lineblock`` run, the node densities
(seed 003) from a ``density`` run, whichever extractor was chosen; the template lines (seed 001) from a
read-only look into a template store.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crawler.extractors import available, get_extractor
from crawler.extractors.article import Article
from crawler.extractors.document.parse import Decision, TextBlock, TextDocument, parse_html
from crawler.extractors.steps.pipeline import Extractor, Run

from .goldiff import GoldDiff, block_gold_share, diff_texts

# A block counts as gold text when at least this share of its words lie in the gold text's 4-word shingles
# (or, for a block under 4 words, when its words appear in the gold text in a row). Judgement call: half.
GOLD_BLOCK_SHARE = 0.5


@dataclass
class Stage:
    """One extractor's chain as it ran on the page: its step names in order and what its steps noted."""

    extractor: str
    steps: list[str]
    notes: Mapping[str, Any]
    blocks: list[TextBlock]
    note: str | None = None  # why this stage ran or was overruled, e.g. the cascade's fallback


@dataclass
class BlockView:
    """One block of the final run in reading order, with every decision taken on it, stage by stage."""

    index: int
    block: TextBlock
    decisions: list[tuple[str, list[Decision]]]
    gold_share: float | None = None  # share of its words in the gold text, with --gold

    @property
    def kept(self) -> bool:
        return self.block.is_content

    @property
    def deciding(self) -> Decision | None:
        """The last decision that gave a verdict: the reason the block ends kept or dropped."""
        for _, decisions in reversed(self.decisions):
            for decision in reversed(decisions):
                if decision.content is not None:
                    return decision
        return None

    @property
    def gold_status(self) -> str:
        """'missed' (dropped gold text), 'extra' (kept, not gold), 'ok', or '' without gold."""
        if self.gold_share is None:
            return ""
        in_gold = self.gold_share >= GOLD_BLOCK_SHARE
        if self.kept and not in_gold:
            return "extra"
        if not self.kept and in_gold:
            return "missed"
        return "ok"


@dataclass
class StepSummary:
    """One step of a chain: what it decided, and what was kept once it had run."""

    stage: str
    step: str
    kept_blocks: int = 0  # blocks this step called content
    kept_words: int = 0
    dropped_blocks: int = 0  # blocks this step called boilerplate
    dropped_words: int = 0
    labelled_blocks: int = 0  # blocks it only labelled
    content_blocks_after: int = 0  # blocks content once this step had run
    content_words_after: int = 0


@dataclass
class Explanation:
    """Everything a report shows about one page."""

    source: str
    url: str | None
    extractor: str
    doc: TextDocument
    article: Article
    stages: list[Stage]
    blocks: list[BlockView]
    summary: list[StepSummary]
    lineblock: Run | None = None
    density: Run | None = None
    template: Any = None  # a crawler.explain.templates.TemplateView, when a store was given
    metadata: Any = None
    metadata_error: str | None = None
    gold: GoldDiff | None = None
    errors: list[str] = field(default_factory=list)  # pictures that could not be drawn, and why
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def total_words(self) -> int:
        return sum(view.block.num_words for view in self.blocks)

    @property
    def kept_words(self) -> int:
        return sum(view.block.num_words for view in self.blocks if view.kept)


def _step_names(extractor: Extractor) -> list[str]:
    return [step.name for step in extractor.steps]


def chain_summary(stage: Stage) -> list[StepSummary]:
    """Per step, in chain order: blocks and words it kept, dropped or labelled, and the kept total after it.

    Read off the final blocks' decisions: a block's state after step k is the last verdict given to it by
    a step at or before k (fused blocks carry the decisions of all their parts).
    """
    rows = [StepSummary(stage.extractor, name) for name in stage.steps]
    position: dict[str, int] = {}
    for index, name in enumerate(stage.steps):
        position.setdefault(name, index)
    count = len(rows)
    for block in stage.blocks:
        words = block.num_words
        state_from: list[tuple[int, bool]] = []
        for decision in block.decisions:
            at = position.get(decision.step)
            if at is None:
                continue
            row = rows[at]
            if decision.content is True:
                row.kept_blocks += 1
                row.kept_words += words
            elif decision.content is False:
                row.dropped_blocks += 1
                row.dropped_words += words
            else:
                row.labelled_blocks += 1
            if decision.content is not None:
                state_from.append((at, decision.content))
        state_from.sort(key=lambda pair: pair[0])  # stable: verdicts of one step keep their order
        state = False
        event = 0
        for k in range(count):
            while event < len(state_from) and state_from[event][0] <= k:
                state = state_from[event][1]
                event += 1
            if state:
                rows[k].content_blocks_after += 1
                rows[k].content_words_after += words
    return rows


def _run_and_extract(extractor: Extractor, doc: TextDocument) -> tuple[Run | None, Article]:
    """The extractor's run (for its notes) and its article, as ``extract`` returns it."""
    if not doc.blocks:
        return None, extractor.extract(doc)
    if type(extractor).extract is Extractor.extract:
        run = extractor.run(doc)
        return run, extractor.to_article(run)
    # Extractors with an extract of their own (the cascade, template): run once for the notes, and let
    # extract decide as it always does.
    return extractor.run(doc), extractor.extract(doc)


def _timed(seconds: dict[str, float], name: str, function: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    try:
        return function()
    finally:
        seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - start


def _stages(name: str, extractor: Extractor, run: Run | None, article: Article) -> list[Stage]:
    main = Stage(name, _step_names(extractor), run.notes if run else {}, run.blocks if run else [])
    if run is None:
        return [Stage(name, main.steps, {}, article.blocks, note=article.reason)]
    # The cascade names the extractor that produced the text after a slash ("default/lineblock").
    fallback_name = article.extractor.rsplit("/", 1)[1] if "/" in article.extractor else ""
    if "too_little" not in run.notes or fallback_name not in available():
        main.blocks = article.blocks
        return [main]
    fallback = get_extractor(fallback_name)
    main.note = f"found too little ({run.notes['too_little']}): {fallback_name} decided instead"
    return [main, Stage(fallback_name, _step_names(fallback), {}, article.blocks,
                        note=f"fallback of {name}: its verdicts are final")]


def _block_views(stages: list[Stage]) -> list[BlockView]:
    final = stages[-1]
    views = [BlockView(i, block, [(final.extractor, list(block.decisions))]) for i, block in enumerate(final.blocks)]
    for stage in reversed(stages[:-1]):
        if len(stage.blocks) != len(final.blocks):
            continue  # a stage that fused or split blocks cannot be lined up block by block
        for view, block in zip(views, stage.blocks, strict=True):
            view.decisions.insert(0, (stage.extractor, list(block.decisions)))
    return views


def explain_document(
    doc: TextDocument,
    *,
    extractor: str = "default",
    instance: Extractor | None = None,
    gold: str | None = None,
    template_store: Any = None,
    source: str | None = None,
) -> Explanation:
    """Run ``extractor`` (or ``instance``) and the seed pictures' extractors on ``doc``, for a report."""
    seconds: dict[str, float] = {}
    chosen = instance if instance is not None else get_extractor(extractor)
    run, article = _timed(seconds, "extractor", lambda: _run_and_extract(chosen, doc))
    stages = _stages(extractor, chosen, run, article)
    blocks = _block_views(stages)
    summary = [row for stage in stages for row in chain_summary(stage)]
    explanation = Explanation(source or doc.url or "page", doc.url, extractor, doc, article, stages, blocks,
                              summary, seconds=seconds)
    for name, attribute in (("lineblock", "lineblock"), ("density", "density")):
        if not doc.blocks:
            break
        if extractor == name and run is not None:
            setattr(explanation, attribute, run)
            continue
        try:
            setattr(explanation, attribute, _timed(seconds, name, lambda n=name: get_extractor(n).run(doc)))
        except Exception as error:  # a picture's extractor failing must not lose the rest of the report
            explanation.errors.append(f"{name} picture: {type(error).__name__}: {error}")
    if template_store is not None:
        from .templates import template_view

        try:
            explanation.template = _timed(seconds, "template", lambda: template_view(doc, template_store))
        except Exception as error:
            explanation.errors.append(f"template picture: {type(error).__name__}: {error}")
    try:
        explanation.metadata = _timed(seconds, "metadata", lambda: article.metadata)
    except Exception as error:
        explanation.metadata_error = f"{type(error).__name__}: {error}"
    if gold is not None:
        explanation.gold = _timed(seconds, "gold", lambda: diff_texts(article.text, gold))
        shingles = explanation.gold.gold_shingles
        for view in blocks:
            view.gold_share = block_gold_share(view.block.text, shingles, explanation.gold.gold_joined)
    return explanation


def explain_page(
    html: bytes | str,
    url: str | None = None,
    *,
    extractor: str = "default",
    instance: Extractor | None = None,
    gold: str | None = None,
    template_store: Any = None,
    content_type: str | None = None,
    source: str | None = None,
) -> Explanation:
    """Parse a page and explain it (``explain_document``); bad input gives an empty page's report."""
    seconds: dict[str, float] = {}
    doc = _timed(seconds, "parse", lambda: parse_html(html, url, content_type))
    explanation = explain_document(doc, extractor=extractor, instance=instance, gold=gold,
                                   template_store=template_store, source=source)
    explanation.seconds = {**seconds, **explanation.seconds}
    return explanation


__all__ = ["BlockView", "Explanation", "Stage", "StepSummary", "chain_summary", "explain_document", "explain_page"]
