"""jusText (Pomikálek 2011; seed 002) over the shared document model.

jusText classifies each block on its own first (link density, length, stopword density) into bad, short,
near-good or good, and then lets the blocks it could not judge alone (short, near-good) take the class of
their neighbours, because main text and boilerplate each come in runs. Headings get a second chance when
good text follows them closely.

Facts checked against jusText 3.0.2 (``justext/core.py``):
- length is the number of characters of the whitespace-normalised text, spaces included;
- link density is the share of those characters inside ``<a>``;
- stopword density is stopwords / words, words being the whitespace-separated tokens, lower-cased (ours
  are the shared tokens, see ``stopword_tokens``);
- comparisons: ``link_density > MAX``, ``length < LENGTH_LOW``, ``density >= STOPWORDS_HIGH``,
  ``length > LENGTH_HIGH``, ``density >= STOPWORDS_LOW``;
- a language without a stoplist runs in jusText's language-independent mode (both stopword thresholds 0);
- jusText 3.0.2's first heading pass reads classes it has not copied yet, so it never fires there;
  ``PromoteHeadings`` does what it means to (it changes no F1 either way).

Chinese, Japanese and Korean (the seed's "方案二"): every CJK character is a token and the stoplist is one of
single characters and its own stopword thresholds (``CJK_PARAMETERS``); a CJK character counts
``CJK_CHARACTER_WEIGHT`` characters in every length, so the length thresholds stay jusText's.

The stoplists, the measures and the context-free classes are in ``justext_paragraphs``; this module revises
the classes by context and chains the steps.
"""

from __future__ import annotations

from crawler.extractors.justext.paragraphs import (
    CJK_BLOCK_LANGUAGE,
    CJK_BLOCK_SHARE,
    CJK_CHARACTER_WEIGHT,
    CJK_LANGUAGES,
    CJK_PARAMETERS,
    CJK_STOPWORDS_HIGH,
    CJK_STOPWORDS_LOW,
    COPYRIGHT_MARKERS,
    DEFAULT_PARAMETERS,
    FALLBACK_LANGUAGE,
    FORM_CHOICE_TAGS,
    LENGTH_HIGH,
    LENGTH_LOW,
    MAX_HEADING_DISTANCE,
    MAX_LINK_DENSITY,
    NO_HEADINGS,
    NO_STOPLIST_PARAMETERS,
    STOPWORDS_HIGH,
    STOPWORDS_LOW,
    AnchorText,
    BlockState,
    ChooseStoplist,
    ClassifyContextFree,
    JusTextState,
    Kind,
    MarkBoilerplateMarkers,
    MeasureBlocks,
    Parameters,
    RescueMediumParagraphs,
    justext_state,
    keyed_stoplist,
    settle,
    stopword_tokens,
    weighted_length,
)
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor


def _good_within(infos: list[BlockState], start: int, max_distance: int) -> bool:
    """Whether good text begins within ``max_distance`` characters after block ``start - 1``."""
    distance = 0
    for info in infos[start:]:
        if distance > max_distance:
            return False
        if info.kind is Kind.GOOD:
            return True
        distance += info.length
    return False


class PromoteHeadings(Step):
    """A short heading just before good text is probably its title: it becomes near-good."""

    def process(self, run: Run) -> bool:
        state = justext_state(run)
        changed = False
        for i, (block, info) in enumerate(zip(run.blocks, state.blocks, strict=True)):
            if info.is_heading and info.kind is Kind.SHORT and _good_within(
                state.blocks, i + 1, state.parameters.max_heading_distance
            ):
                settle(block, info, self.name, Kind.NEAR_GOOD, "short heading before good text",
                        context_free=False)
                changed = True
        return changed


def _neighbour(infos: list[BlockState], i: int, step: int, *, skip_near_good: bool) -> Kind:
    """Class of the nearest decided block in one direction; the page's edge counts as bad (jusText)."""
    j = i + step
    while 0 <= j < len(infos):
        kind = infos[j].kind
        if kind in (Kind.GOOD, Kind.BAD) or (kind is Kind.NEAR_GOOD and not skip_near_good):
            return kind
        j += step
    return Kind.BAD


class ReviseShortBlocks(Step):
    """Short blocks take the class of the good or bad blocks around them (all decided on the old classes)."""

    def process(self, run: Run) -> bool:
        infos = justext_state(run).blocks
        verdicts: dict[int, tuple[Kind, str]] = {}
        for i, info in enumerate(infos):
            if info.kind is Kind.SHORT:
                verdicts[i] = self.revise(infos, i)
        for i, (kind, reason) in verdicts.items():
            settle(run.blocks[i], infos[i], self.name, kind, reason, context_free=False)
        return bool(verdicts)

    @staticmethod
    def revise(infos: list[BlockState], i: int) -> tuple[Kind, str]:
        before = _neighbour(infos, i, -1, skip_near_good=True)
        after = _neighbour(infos, i, 1, skip_near_good=True)
        if before is Kind.GOOD and after is Kind.GOOD:
            return Kind.GOOD, "short between good blocks"
        if before is Kind.BAD and after is Kind.BAD:
            return Kind.BAD, "short between bad blocks"
        # One side good, one side bad: a near-good block between this one and the bad side pulls it to good.
        if (before is Kind.BAD and _neighbour(infos, i, -1, skip_near_good=False) is Kind.NEAR_GOOD) or (
            after is Kind.BAD and _neighbour(infos, i, 1, skip_near_good=False) is Kind.NEAR_GOOD
        ):
            return Kind.GOOD, "short between good and bad, with near-good on the bad side"
        return Kind.BAD, "short on the edge between good and bad"


class ReviseNearGoodBlocks(Step):
    """Near-good blocks are good unless bad blocks surround them on both sides."""

    def process(self, run: Run) -> bool:
        infos = justext_state(run).blocks
        changed = False
        for i, info in enumerate(infos):
            if info.kind is not Kind.NEAR_GOOD:
                continue
            before = _neighbour(infos, i, -1, skip_near_good=True)
            after = _neighbour(infos, i, 1, skip_near_good=True)
            if before is Kind.BAD and after is Kind.BAD:
                settle(run.blocks[i], info, self.name, Kind.BAD, "near-good between bad blocks",
                        context_free=False)
            else:
                reason = f"near-good next to good (before {before.value}, after {after.value})"
                settle(run.blocks[i], info, self.name, Kind.GOOD, reason, context_free=False)
            changed = True
        return changed


class RestoreHeadings(Step):
    """A heading that was not bad on its own but became bad is good again when good text follows closely."""

    def process(self, run: Run) -> bool:
        state = justext_state(run)
        changed = False
        for i, (block, info) in enumerate(zip(run.blocks, state.blocks, strict=True)):
            if not (info.is_heading and info.kind is Kind.BAD and info.context_free is not Kind.BAD):
                continue
            if _good_within(state.blocks, i + 1, state.parameters.max_heading_distance):
                settle(block, info, self.name, Kind.GOOD, "heading before good text", context_free=False)
                changed = True
        return changed


class KeepGoodBlocks(Step):
    """The final verdict: good blocks are the article, with the reason of the step that made them so."""

    def process(self, run: Run) -> bool:
        infos = justext_state(run).blocks
        for block, info in zip(run.blocks, infos, strict=True):
            good = info.kind is Kind.GOOD
            block.decide(self.name, good, f"final {info.kind.value if info.kind else '?'}: {info.reason}",
                         label="good" if good else "bad")
        if not any(info.kind is Kind.GOOD for info in infos):
            justext_state(run).reason = "jusText found no good block (all short, bad or near-good among bad)"
        return bool(infos)


class JusTextExtractor(StateExtractor):
    """jusText 3.0 with the stoplist of the page's language, CJK-aware lengths, and a rescue for pages
    without one long paragraph."""

    name = "justext"
    state_type = JusTextState
    steps = (
        ChooseStoplist(),
        MeasureBlocks(),
        MarkBoilerplateMarkers(),
        ClassifyContextFree(),
        RescueMediumParagraphs(),
        PromoteHeadings(),
        ReviseShortBlocks(),
        ReviseNearGoodBlocks(),
        RestoreHeadings(),
        KeepGoodBlocks(),
    )


class PlainJusTextExtractor(JusTextExtractor):
    """jusText 3.0's steps only (no rescue), to compare with the reference implementation."""

    steps = tuple(step for step in JusTextExtractor.steps if not isinstance(step, RescueMediumParagraphs))

__all__ = [
    "CJK_BLOCK_LANGUAGE",
    "CJK_BLOCK_SHARE",
    "CJK_CHARACTER_WEIGHT",
    "CJK_LANGUAGES",
    "CJK_PARAMETERS",
    "CJK_STOPWORDS_HIGH",
    "CJK_STOPWORDS_LOW",
    "COPYRIGHT_MARKERS",
    "DEFAULT_PARAMETERS",
    "FALLBACK_LANGUAGE",
    "FORM_CHOICE_TAGS",
    "LENGTH_HIGH",
    "LENGTH_LOW",
    "MAX_HEADING_DISTANCE",
    "MAX_LINK_DENSITY",
    "NO_HEADINGS",
    "NO_STOPLIST_PARAMETERS",
    "STOPWORDS_HIGH",
    "STOPWORDS_LOW",
    "AnchorText",
    "BlockState",
    "ChooseStoplist",
    "ClassifyContextFree",
    "JusTextExtractor",
    "JusTextState",
    "KeepGoodBlocks",
    "Kind",
    "MarkBoilerplateMarkers",
    "MeasureBlocks",
    "Parameters",
    "PlainJusTextExtractor",
    "PromoteHeadings",
    "RescueMediumParagraphs",
    "RestoreHeadings",
    "ReviseNearGoodBlocks",
    "ReviseShortBlocks",
    "justext_state",
    "keyed_stoplist",
    "settle",
    "stopword_tokens",
    "weighted_length",
]
