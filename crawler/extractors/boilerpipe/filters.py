"""boilerpipe's filters (seed 000; Kohlschütter et al., WSDM 2010) as named steps, and the state they share.

Labelling filters (end-of-text markers, the title), the two classifiers, the filters that act on their
classification (fusion, removal, the largest block, the title's neighbourhood) and DefaultExtractor's fusion.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crawler.extractors.boilerpipe.features import (
    INDICATES_END_OF_TEXT,
    MAX_END_MARKER_WORDS,
    MIGHT_BE_CONTENT,
    MIN_WORDS_BEFORE_END,
    TITLE,
    classify_by_density,
    classify_by_num_words,
    full_text_words,
    neighbours,
)
from crawler.extractors.document.markers import find_end_marker
from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.text import count_words, normalize_space
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import state_of

# BlockProximityFusion.MAX_DISTANCE_1 (seed 000): at most one block between two fused blocks.
MAX_DISTANCE_1 = 1


@dataclass
class BoilerpipeState:
    # BoilerplateBlockFilter: the blocks it took out of the run, kept for reports (in the order removed).
    removed: list[TextBlock] = field(default_factory=list)
    # Why no block is content (the first step to find so says it).
    reason: str | None = None
    # Notes of steps that have no field here.
    extra: dict[str, Any] = field(default_factory=dict)


def boilerpipe_state(run: Run) -> BoilerpipeState:
    """The typed state of a boilerpipe run (a plain Run gets one on first use)."""
    return state_of(run, BoilerpipeState)


# --------------------------------------------------------------------------------------------------------
# Labelling filters
# --------------------------------------------------------------------------------------------------------


class TerminatingBlocksFinder(Step):
    """Marks short blocks that announce the end of the article (comments, related links, credits).

    The markers are the page language's table in ``markers.py`` plus English; IgnoreBlocksAfterContentFilter
    acts on the label downstream. ``ignore_case=False`` is the seed's (boilerpipe 1.1) matching;
    ``ignore_case=True`` is boilerpipe 1.2's.
    """

    def __init__(self, ignore_case: bool = False) -> None:
        self.ignore_case = ignore_case

    def process(self, run: Run) -> bool:
        language = run.doc.language
        changed = False
        for block in run.blocks:
            if block.num_words >= MAX_END_MARKER_WORDS:
                continue
            marker = find_end_marker(block.text, language, self.ignore_case)
            if marker:
                block.decide(self.name, None, f"end-of-text marker: {marker}", INDICATES_END_OF_TEXT)
                changed = True
        return changed


# Separators of site names in <title>, from few to many, the way boilerpipe tries them (boilerpipe 1.1
# DocumentTitleMatchClassifier), plus the Chinese ones (_ ｜ — －) that Chinese sites put before their name.
TITLE_SEPARATORS = (
    re.compile(r"\s*[|»_｜]\s*"),
    re.compile(r"\s*[|»_｜:：]\s*"),
    re.compile(r"\s*[|»_｜:：()（）]\s*"),
    re.compile(r"\s*[|»_｜:：()（）\-–—－]\s*"),
    re.compile(r"\s*[|»_｜,，:：()（）\-–—－]\s*"),
)
# A spaced dash separates the site name on either side; removing only the last or the first such part
# keeps titles that have a dash of their own (boilerpipe 1.1: replaceFirst(" - [^\\-]+$", "") and
# replaceFirst("^[^\\-]+ - ", "")), with the en and em dashes that typeset titles use as well.
TITLE_TRAILING_SITE = re.compile(r"\s+[-–—]\s+[^-–—]+$")
TITLE_LEADING_SITE = re.compile(r"^[^-–—]+\s+[-–—]\s+")
# Every part between spaced " | " or " - " with at least this many words may be the headline (boilerpipe
# 1.2 DocumentTitleMatchClassifier.addPotentialTitles(..., 4)): the site name is rarely that long.
TITLE_SPACED_SEPARATOR = re.compile(r"\s+[|\-–—]\s+")
MIN_TITLE_PART_WORDS = 4


def _normalize_title(text: str) -> str:
    return normalize_space(text.replace("\u00a0", " ").replace("'", "").replace("’", "")).lower()


def potential_titles(title: str | None) -> set[str]:
    """The whole <title> and its likely headline parts, normalized for comparison with block texts."""
    if not title or not title.strip():
        return set()
    title = title.strip()
    found = {title, TITLE_TRAILING_SITE.sub("", title), TITLE_LEADING_SITE.sub("", title)}
    found.update(p for p in TITLE_SPACED_SEPARATOR.split(title) if count_words(p) >= MIN_TITLE_PART_WORDS)
    for separator in TITLE_SEPARATORS:
        parts = separator.split(title)
        if len(parts) < 2:
            continue
        candidates = [p.strip() for p in parts if p.strip() and ".com" not in p]
        if candidates:
            found.add(max(candidates, key=lambda p: (count_words(p), len(p))))
    return {t for t in (_normalize_title(t) for t in found) if t}


class DocumentTitleMatchClassifier(Step):
    """Labels the blocks whose text is the page's <title> or its headline part (without the site name)."""

    def process(self, run: Run) -> bool:
        titles = potential_titles(run.doc.title)
        if not titles:
            return False
        changed = False
        for block in run.blocks:
            if block.num_words and _normalize_title(block.text) in titles:
                block.decide(self.name, None, f"text equals the <title> or its headline part: {block.text!r}",
                             TITLE)
                changed = True
        return changed


class _TreeClassifier(Step):
    """Classifies every block from itself and its two neighbours with one of the seed's trees."""

    tree: ClassVar[Callable[[TextBlock, TextBlock, TextBlock], tuple[bool, str]]]
    empty_reason: ClassVar[str]

    def process(self, run: Run) -> bool:
        verdicts = [type(self).tree(*triple) for triple in neighbours(run.blocks)]
        changed = False
        for block, (verdict, reason) in zip(run.blocks, verdicts, strict=True):
            changed = changed or block.is_content != verdict
            block.decide(self.name, verdict, reason)
        state = boilerpipe_state(run)
        if not any(verdict for verdict, _ in verdicts) and state.reason is None:
            state.reason = self.empty_reason
        return changed


class NumWordsRulesClassifier(_TreeClassifier):
    """Content or boilerplate from word counts and link densities (seed 000, WSDM 2010 Algorithm 2)."""

    tree = staticmethod(classify_by_num_words)
    empty_reason = "the number-of-words tree classified no block as content"


class DensityRulesClassifier(_TreeClassifier):
    """Content or boilerplate from text densities and link densities (seed 000, WSDM 2010 Algorithm 1)."""

    tree = staticmethod(classify_by_density)
    empty_reason = "the text-density tree classified no block as content"


# --------------------------------------------------------------------------------------------------------
# Filters that act on the classification
# --------------------------------------------------------------------------------------------------------


class IgnoreBlocksAfterContentFilter(Step):
    """Everything from an end-of-text marker on is boilerplate, once enough full text came before it.

    The minimum keeps a "Comments (3)" link in the page header from throwing the article away.
    """

    def __init__(self, min_words: int = MIN_WORDS_BEFORE_END) -> None:
        self.min_words = min_words

    def process(self, run: Run) -> bool:
        words = 0
        end: TextBlock | None = None
        changed = False
        for block in run.blocks:
            if block.is_content:
                words += full_text_words(block)
            if end is None and INDICATES_END_OF_TEXT in block.labels and words >= self.min_words:
                end = block
            if end is not None:
                changed = changed or block.is_content
                block.decide(self.name, False, f"at or after the end-of-text marker {end.text[:40]!r} "
                                               f"({words} full-text words before it)")
        return changed


class BlockProximityFusion(Step):
    """Fuses each content block into the block before it when at most ``max_distance`` blocks lie between.

    Distances are in original block offsets, so they only mean something once a filter has removed blocks
    (seed 000). Without ``content_only`` the block before may be boilerplate: the fused block becomes
    content, which is how MAX_DISTANCE_1 pulls a short neighbour into the article.
    """

    MAX_DISTANCE_1: ClassVar[BlockProximityFusion]
    MAX_DISTANCE_1_CONTENT_ONLY: ClassVar[BlockProximityFusion]

    def __init__(self, max_distance: int = MAX_DISTANCE_1, content_only: bool = False,
                 same_tag_level_only: bool = False, variant: str = "") -> None:
        self.max_distance = max_distance
        self.content_only = content_only
        self.same_tag_level_only = same_tag_level_only
        self.variant = variant

    @property
    def name(self) -> str:
        return f"{type(self).__name__}.{self.variant}" if self.variant else type(self).__name__

    def process(self, run: Run) -> bool:
        blocks = run.blocks
        if len(blocks) < 2:
            return False
        start = 0
        if self.content_only:
            start = next((i for i, b in enumerate(blocks) if b.is_content), -1)
            if start < 0:
                return False
        kept = blocks[: start + 1]
        previous = blocks[start]
        for block in blocks[start + 1:]:
            if not block.is_content:
                kept.append(block)
                previous = block
                continue
            distance = block.offset_blocks_start - previous.offset_blocks_end - 1
            fuse = distance <= self.max_distance
            if fuse and self.content_only and not previous.is_content:
                fuse = False
            if fuse and self.same_tag_level_only and previous.tag_level != block.tag_level:
                fuse = False
            if fuse:
                was = "content" if previous.is_content else "boilerplate"
                previous.merge_next(block)
                previous.decide(self.name, True, f"fused with the next block "
                                f"[{block.offset_blocks_start}-{block.offset_blocks_end}], {distance} blocks "
                                f"apart (this block was {was})", "fused")
            else:
                kept.append(block)
                previous = block
        changed = len(kept) < len(blocks)
        run.blocks[:] = kept
        return changed


BlockProximityFusion.MAX_DISTANCE_1 = BlockProximityFusion(MAX_DISTANCE_1, variant="MAX_DISTANCE_1")
BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY = BlockProximityFusion(
    MAX_DISTANCE_1, content_only=True, variant="MAX_DISTANCE_1_CONTENT_ONLY")


class BoilerplateBlockFilter(Step):
    """Removes the blocks not marked content; they stay in the state's ``removed`` for reports."""

    def process(self, run: Run) -> bool:
        removed = [b for b in run.blocks if not b.is_content]
        if not removed:
            return False
        for block in removed:
            block.decide(self.name, False, "removed: not content", "removed")
        state = boilerpipe_state(run)
        state.removed.extend(removed)
        run.blocks[:] = [b for b in run.blocks if b.is_content]
        if not run.blocks and state.reason is None:
            state.reason = "every block was boilerplate"
        return True


class _KeepLargest(Step):
    """Keeps the one content block with most words; the others become boilerplate that might be content."""

    measure: ClassVar[str]

    def size(self, block: TextBlock) -> float:
        raise NotImplementedError

    def process(self, run: Run) -> bool:
        candidates = [b for b in run.blocks if b.is_content]
        if len(run.blocks) < 2 or not candidates:
            return False
        largest = max(candidates, key=self.size)  # max() keeps the first of equals, as the seed says
        top = self.size(largest)
        for block in run.blocks:
            if block is largest:
                block.decide(self.name, True, f"largest block: {top:.0f} {self.measure}")
            else:
                reason = f"not the largest block ({self.size(block):.0f} <= {top:.0f} {self.measure})"
                block.decide(self.name, False, reason, MIGHT_BE_CONTENT)
        return True


class KeepLargestFulltextBlockFilter(_KeepLargest):
    """The seed's choice: size counts only full-text words (blocks of text density >= 9)."""

    measure = "full-text words"

    def size(self, block: TextBlock) -> float:
        return full_text_words(block)


class ExpandTitleToContentFilter(Step):
    """Blocks between the title and the content that might be content (subtitle, lead, byline) become content.

    Quite specific to news (seed 000): it needs a block labelled TITLE before the first content block.
    """

    def process(self, run: Run) -> bool:
        title_index = content_start = -1
        for i, block in enumerate(run.blocks):
            if TITLE in block.labels:
                title_index = i
            if block.is_content:
                content_start = i
                break
        if title_index < 0 or content_start <= title_index:
            return False
        changed = False
        for block in run.blocks[title_index:content_start]:
            if MIGHT_BE_CONTENT in block.labels:
                block.decide(self.name, True, "between the title and the article text")
                changed = True
        return changed


# --------------------------------------------------------------------------------------------------------
# DefaultExtractor's fusion
# --------------------------------------------------------------------------------------------------------


class SimpleBlockFusionProcessor(Step):
    """Fuses a block into the one before it when both have the same text density (one text class)."""

    def process(self, run: Run) -> bool:
        if len(run.blocks) < 2:
            return False
        kept = [run.blocks[0]]
        for block in run.blocks[1:]:
            previous = kept[-1]
            if previous.text_density == block.text_density:
                density = block.text_density
                previous.merge_next(block)
                previous.decide(self.name, None, f"fused with the next block of equal text density "
                                                 f"{density:.2f}", "fused")
            else:
                kept.append(block)
        changed = len(kept) < len(run.blocks)
        run.blocks[:] = kept
        return changed


__all__ = [
    "MAX_DISTANCE_1",
    "BlockProximityFusion",
    "BoilerpipeState",
    "BoilerplateBlockFilter",
    "DensityRulesClassifier",
    "DocumentTitleMatchClassifier",
    "ExpandTitleToContentFilter",
    "IgnoreBlocksAfterContentFilter",
    "KeepLargestFulltextBlockFilter",
    "NumWordsRulesClassifier",
    "SimpleBlockFusionProcessor",
    "TerminatingBlocksFinder",
    "boilerpipe_state",
    "potential_titles",
]
