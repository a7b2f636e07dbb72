"""The CX line-block distribution extractor (Chen Xin, cx-extractor; seed 004), over the shared document.

CX strips the tags from the page but keeps its line breaks (``Ctext``), sums the visible characters of
every ``K`` consecutive lines (a line block) and reads the main text off that distribution: it starts at
a surge (a block longer than a threshold followed by ``K`` non-empty blocks), ends at a drop (two empty
blocks in a row) and is the region that holds the distribution's maximum. All of it is linear in the page.

We do not strip tags again: the shared ``TextBlock``s already hold the page's visible text, each with the
source line where it starts, so ``BuildCtext`` lays them out at their source lines. Minified pages have
no line breaks to read, so there every block gets a line of its own and the markup between two blocks
becomes empty lines. The steps after the seed's own (``FindRegions``, ``ChooseMaxRegion``) fix where it
is weak: a page-relative threshold for short articles, further regions for an article cut by an ad, link
groups dropped inside the region, the heading just above it, and one length scale for CJK and Latin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from crawler.extractors.document.text import WHITESPACE_RE
from crawler.extractors.lineblock.ctext import (
    CJK_INFORMATION_RATIO,
    Ctext,
    block_layout,
    own_line_share,
    source_layout,
    weighted_length,
)
from crawler.extractors.lineblock.regions import (
    BLOCK_THICKNESS,
    CX_THRESHOLD,
    CX_THRESHOLD_CJK_CHARS,
    Region,
    find_regions,
    is_drop,
    is_peak_surge,
    is_surge,
    line_block_distribution,
    max_region,
)
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor, state_of

# A page under the surge threshold still has an article: the threshold becomes this share of the peak; docs/tuning.md.
ADAPTIVE_THRESHOLD_SHARE = 0.3

# Source layout: a share of blocks on lines of their own below this means the page is minified (most pages lie
# far from the middle, so the value matters little).
MIN_OWN_LINE_SHARE = 0.5

# A region this many times longer than the one holding the maximum replaces it; hand-chosen, docs/tuning.md.
LONGER_REGION_FACTOR = 2.0
# A further region is kept when at least this share of the main region's length...; hand-chosen, docs/tuning.md.
EXTRA_REGION_SHARE = 0.1
# ...and at most this share lies between (an ad or a caption, not a second article); hand-chosen, docs/tuning.md.
EXTRA_REGION_GAP_SHARE = 0.5
# A block mostly of link text is a link group (seed 004's 去链接群; jusText's 0.2, seed 002); docs/tuning.md.
LINK_GROUP_DENSITY = 0.5
# The heading of the article sits at most this many blocks above the region (chosen, not tuned: a
# headline, a byline and a date; gold texts that leave headlines out lose a little).
HEADING_MAX_BLOCKS_ABOVE = 4
# cx-extractor skips region lines shorter than 5 characters (its ``length() < 5`` check): stray bullets,
# "|" separators, page numbers.
MIN_LINE_CHARS = 5


# --- the state the steps hand on -------------------------------------------------------------------


@dataclass
class LineBlockState:
    # MeasureBlocks / DiscountLinkText: each block's length on the Latin scale, link text left out.
    block_lengths: list[float] = field(default_factory=list)
    # BuildCtext: the blocks laid out as CX's Ctext, and why that layout ("source-lines: 90% of ...").
    ctext: Ctext | None = None
    layout: str | None = None
    # LineBlockDistribution: Y(i), the length of lines i..i+K-1 of the Ctext.
    distribution: list[float] = field(default_factory=list)
    # AdaptThreshold: the surge threshold of this page (CX's, or lower on a page of short line blocks).
    threshold: float = CX_THRESHOLD
    # FindRegions / RegionsOnShortPages: every surge-to-drop region, and why surges were read without the
    # K non-empty blocks after them.
    regions: list[Region] = field(default_factory=list)
    surge: str | None = None
    # ChooseMaxRegion and after: the regions kept, the main one first; the region holding the maximum when a
    # longer one replaced it (note "max-region").
    chosen: list[Region] = field(default_factory=list)
    max_region: Region | None = None
    # Why no region was found.
    reason: str | None = None
    # Notes of steps that have no field here.
    extra: dict[str, Any] = field(default_factory=dict)

    NOTE_KEYS: ClassVar[dict[str, str]] = {"max-region": "max_region"}

    def laid_out(self) -> Ctext:
        """The Ctext; a clear error when a step reads it before ``BuildCtext`` ran."""
        if self.ctext is None:
            raise ValueError("no Ctext yet: BuildCtext runs before the steps that read the lines")
        return self.ctext


def lineblock_state(run: Run) -> LineBlockState:
    """The typed state of a lineblock run (a run of another extractor gets one on first use)."""
    return state_of(run, LineBlockState)


# --- steps --------------------------------------------------------------------------------------------


class MeasureBlocks(Step):
    """Each block's visible length on the Latin scale (``weighted_length``): what its lines will carry."""

    def process(self, run: Run) -> bool:
        lineblock_state(run).block_lengths = [weighted_length(b.text) for b in run.blocks]
        return True


class DiscountLinkText(Step):
    """CX's 去链接群 before the distribution: only text outside links counts, so a link list is no surge
    and the empty run around it is a drop."""

    def process(self, run: Run) -> bool:
        lengths = lineblock_state(run).block_lengths
        for index, block in enumerate(run.blocks):
            lengths[index] *= 1.0 - block.char_link_density
        return any(b.num_chars_in_anchor_text for b in run.blocks)


class BuildCtext(Step):
    """Lay the blocks' text out as CX's Ctext, at source lines unless the page is minified."""

    def __init__(self, layout: str | None = None) -> None:
        self.layout = layout  # None: chosen per page; "source-lines" or "blocks" forces one

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        lengths = state.block_lengths or [weighted_length(b.text) for b in run.blocks]
        share = own_line_share(run.blocks)
        layout = self.layout or ("source-lines" if share >= MIN_OWN_LINE_SHARE else "blocks")
        if layout == "source-lines":
            ctext = source_layout(run.blocks, lengths, run.doc.body)
        else:
            ctext = block_layout(run.blocks, lengths, run.doc.body)
        state.ctext = ctext
        state.layout = (
            f"{layout}: {share:.0%} of {len(run.blocks)} blocks start on a source line of their own "
            f"(minified below {MIN_OWN_LINE_SHARE:.0%}); {len(ctext.lengths)} lines"
        )
        return True


class LineBlockDistribution(Step):
    """The seed's 行块分布函数: Y(i) over blocks of K lines."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        state.distribution = line_block_distribution(state.laid_out().lengths)
        return True


class AdaptThreshold(Step):
    """CX's threshold, lowered on pages whose longest line block stays under it, so a short article surges."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        peak = max(state.distribution, default=0.0)
        adaptive = ADAPTIVE_THRESHOLD_SHARE * peak
        state.threshold = min(CX_THRESHOLD, adaptive)
        return adaptive < CX_THRESHOLD


class FindRegions(Step):
    """Every surge-to-drop region (seed conditions 1-3)."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        state.regions = find_regions(state.distribution, state.laid_out().lengths, state.threshold)
        return bool(state.regions)


class RegionsOnShortPages(Step):
    """A page of one or two paragraphs has no K non-empty blocks after its surge: drop that noise rule."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        if state.regions:
            return False
        state.regions = find_regions(state.distribution, state.laid_out().lengths, state.threshold,
                                     surge=is_peak_surge)
        state.surge = "no surge followed by K non-empty blocks: surge on the threshold alone"
        return bool(state.regions)


class ChooseMaxRegion(Step):
    """The region that holds the maximum of the distribution (seed condition 4)."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        main = max_region(state.regions, state.distribution)
        state.chosen = [main] if main else []
        if main is None:
            state.reason = "no line block rises over the threshold and stays non-empty for K blocks"
        return main is not None


class PreferLongerRegion(Step):
    """The maximum can sit in a short, dense spot (a caption shown twice, a teaser): a region many times
    longer is the article."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        chosen = state.chosen
        if not chosen:
            return False
        longest = max(state.regions, key=lambda r: r.length)
        if longest is chosen[0] or longest.length < LONGER_REGION_FACTOR * chosen[0].length:
            return False
        state.max_region = chosen[0]
        state.chosen = [longest]
        return True


class AddNearbyRegions(Step):
    """An article cut by an ad or a picture is two regions: keep a long one close to the kept ones."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        chosen = state.chosen
        if not chosen:
            return False
        main = chosen[0]
        lengths = state.laid_out().lengths
        regions = sorted(state.regions, key=lambda r: r.start)
        position = regions.index(main)
        added = False
        for direction in (-1, 1):
            nearest = main
            index = position + direction
            while 0 <= index < len(regions):
                candidate = regions[index]
                low, high = sorted((nearest, candidate), key=lambda r: r.start)
                between = sum(lengths[low.end : high.start])
                if (candidate.length < EXTRA_REGION_SHARE * main.length
                        or between > EXTRA_REGION_GAP_SHARE * main.length):
                    break
                chosen.append(candidate)
                nearest = candidate
                added = True
                index += direction
        return added


class MarkRegionBlocks(Step):
    """Map the chosen lines back to blocks: a block is content when one of its lines lies in a region."""

    def process(self, run: Run) -> bool:
        state = lineblock_state(run)
        ctext = state.laid_out()
        chosen = state.chosen
        main = chosen[0] if chosen else None
        for index, block in enumerate(run.blocks):
            first, last = ctext.first_line[index], ctext.last_line[index]
            region = next((r for r in chosen if r.start <= last and first < r.end), None)
            if region is None:
                block.decide(self.name, False, f"lines {first}-{last} outside the chosen regions", "outside-region")
            elif region is main:
                block.decide(self.name, True, f"in the main region, lines {main.start}-{main.end - 1}",
                             "main-region")
            else:
                block.decide(self.name, True, f"in a further region, lines {region.start}-{region.end - 1}, "
                             f"{region.length / main.length:.0%} of the main one's length", "further-region")
        return bool(chosen)


class DropLinkGroups(Step):
    """CX's 去链接群: lines inside the region that are mostly link text are navigation, not article."""

    def process(self, run: Run) -> bool:
        changed = False
        for block in run.blocks:
            if block.is_content and block.char_link_density > LINK_GROUP_DENSITY:
                block.decide(self.name, False, f"{block.char_link_density:.0%} of its characters are link text "
                             f"(over {LINK_GROUP_DENSITY:.0%})", "link-group")
                changed = True
        return changed


class DropTinyLines(Step):
    """cx-extractor's own rule: region lines under 5 characters are separators and bullets, not text."""

    def process(self, run: Run) -> bool:
        changed = False
        for block in run.blocks:
            if block.is_content and block.num_chars < MIN_LINE_CHARS and "heading" not in block.labels:
                block.decide(self.name, False, f"{block.num_chars} characters, under {MIN_LINE_CHARS}",
                             "tiny-line")
                changed = True
        return changed


class AddHeadingAbove(Step):
    """The article's heading sits just above the surge, where the distribution is still low: take it back."""

    def process(self, run: Run) -> bool:
        content = [i for i, b in enumerate(run.blocks) if b.is_content]
        if not content:
            return False
        first = content[0]
        title = WHITESPACE_RE.sub(" ", run.doc.title or "").strip().lower()
        for index in range(first - 1, max(-1, first - 1 - HEADING_MAX_BLOCKS_ABOVE), -1):
            block = run.blocks[index]
            if "heading" not in block.labels or block.char_link_density > LINK_GROUP_DENSITY:
                continue
            if title and block.text.strip().lower() in title:
                block.decide(self.name, None, "heading above the region repeats the page title", "title-heading")
                return False
            block.decide(self.name, True, f"heading {first - index} block(s) above the region", "heading-above")
            return True
        return False


class LineBlockExtractor(StateExtractor):
    """CX line-block distribution (seed 004) with a page-relative threshold, several regions and link groups out."""

    name = "lineblock"
    state_type = LineBlockState
    steps = (
        MeasureBlocks(),
        DiscountLinkText(),
        BuildCtext(),
        LineBlockDistribution(),
        AdaptThreshold(),
        FindRegions(),
        RegionsOnShortPages(),
        ChooseMaxRegion(),
        PreferLongerRegion(),
        AddNearbyRegions(),
        MarkRegionBlocks(),
        DropLinkGroups(),
        DropTinyLines(),
        AddHeadingAbove(),
    )


__all__ = [
    "BLOCK_THICKNESS",
    "CJK_INFORMATION_RATIO",
    "CX_THRESHOLD",
    "CX_THRESHOLD_CJK_CHARS",
    "Ctext",
    "LineBlockExtractor",
    "LineBlockState",
    "Region",
    "find_regions",
    "is_drop",
    "is_peak_surge",
    "is_surge",
    "line_block_distribution",
    "lineblock_state",
    "max_region",
    "weighted_length",
]
