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

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from .document import BLOCK_TAGS, TextBlock
from .pipeline import Extractor, Run, Step
from .text import CJK_RE, WHITESPACE_RE, visible_length

# Line-block thickness K: seed 004 (定义 1, "K<5, 这里取 K=3") and cx-extractor's default.
BLOCK_THICKNESS = 3
# Surge threshold of cx-extractor (its default ``threshold = 86``), in characters of Chinese text.
CX_THRESHOLD_CJK_CHARS = 86
# How many Latin characters carry the information of one CJK character. Measured: lzma compresses the
# long, link-free blocks of the zh-news pages to 8.9 bits per visible character and the scrapinghub gold
# texts to 3.7 (2.3 when both are cut into equal 20 k samples); the seed's "~3x" is words per character.
CJK_INFORMATION_RATIO = 2.4
# The seed's threshold on the Latin scale every line is measured in here.
CX_THRESHOLD = CX_THRESHOLD_CJK_CHARS * CJK_INFORMATION_RATIO
# A page whose longest line block stays under the threshold still has an article: the surge threshold
# becomes this share of the maximum (measured, F1 scrapinghub / readability: 0.3 gives 0.918 / 0.863,
# 0.5 gives 0.917 / 0.842, 0.7 gives 0.915 / 0.819).
ADAPTIVE_THRESHOLD_SHARE = 0.3

# Source layout: a share of blocks on lines of their own below this means the page is minified (measured:
# on scrapinghub the share is above 0.75 or under 0.25 on 85 % of the pages; 0.25-0.75 change F1 < 0.003).
MIN_OWN_LINE_SHARE = 0.5
# Hard-wrapped source text fills at most this many columns a line (the 80-column convention), so a long
# paragraph is spread over that many of the source lines before the next block.
SOURCE_COLUMNS = 80
# Block layout: block-level tags (start or end) between two blocks per empty line; an opening and a
# closing tag make one source line of a pretty-printed page.
TAGS_PER_EMPTY_LINE = 2
# Block layout: tags counted as markup-only source lines besides the block-level ones.
LINE_MAKING_TAGS = frozenset({"br", "hr", "img", "picture", "figure"})

# A region this many times longer than the one holding the maximum replaces it (measured: 1.5-4 change
# F1 on scrapinghub and readability by under 0.005; without the step scrapinghub loses 0.01).
LONGER_REGION_FACTOR = 2.0
# A further region is kept when it is at least this share of the main region's length (measured on
# scrapinghub / readability: 0.25 gives F1 0.918 / 0.805, 0.1 gives 0.917 / 0.823) ...
EXTRA_REGION_SHARE = 0.1
# ... and the text between it and the regions already kept is at most this share of the main region's
# length, so only an ad or a caption, not a second article, lies between (measured, as above: 0.25
# loses 0.01-0.02 F1 on both, 0.5 is kept).
EXTRA_REGION_GAP_SHARE = 0.5
# CX's own remark "去链接群" (seed 004): a block whose characters are mostly link text is a link group;
# jusText's max_link_density is 0.2 for whole paragraphs (seed 002); measured here: 0.33 loses 0.005 F1,
# 0.5 and 0.67 are equal on scrapinghub and readability.
LINK_GROUP_DENSITY = 0.5
# The heading of the article sits at most this many blocks above the region (chosen, not tuned: a
# headline, a byline and a date; scrapinghub's gold leaves headlines out, so the step costs it 0.002 F1).
HEADING_MAX_BLOCKS_ABOVE = 4
# cx-extractor skips region lines shorter than 5 characters (its ``length() < 5`` check): stray bullets,
# "|" separators, page numbers.
MIN_LINE_CHARS = 5


@dataclass
class Ctext:
    """The tag-stripped page as lines: each line's length and the blocks whose text lies on it."""

    layout: str
    lengths: list[float]
    blocks_on_line: list[list[int]]
    first_line: list[int] = field(default_factory=list)  # per block
    last_line: list[int] = field(default_factory=list)  # per block
    expanded_blocks: int = 0  # blocks that shared a source line and got a line of their own


@dataclass(frozen=True)
class Region:
    """Lines [start, end) between a surge and a drop, with their total length."""

    start: int
    end: int
    length: float

    def contains(self, line: int) -> bool:
        return self.start <= line < self.end


def weighted_length(text: str) -> float:
    """Visible characters on the Latin scale: a CJK character counts ``CJK_INFORMATION_RATIO`` times."""
    cjk = len(CJK_RE.findall(text))
    return visible_length(text) - cjk + cjk * CJK_INFORMATION_RATIO


def line_block_distribution(lengths: list[float], thickness: int = BLOCK_THICKNESS) -> list[float]:
    """Y(i) = length of lines i..i+K-1 (linear: K additions a line); lines past the end count as empty.

    The seed stops at LinesNum - K blocks; padding with empty lines keeps the last lines reachable. Each
    window is summed afresh rather than slid: a sliding float sum leaves 1e-15 where the drop needs 0.
    """
    return [sum(lengths[i : i + thickness]) for i in range(len(lengths))]


def is_surge(distribution: list[float], i: int, threshold: float, thickness: int = BLOCK_THICKNESS) -> bool:
    """Seed condition 1 and 2: Y(i) over the threshold and the K blocks after it not empty (no noise)."""
    if distribution[i] <= threshold:
        return False
    following = distribution[i + 1 : i + 1 + thickness]
    return len(following) == thickness and all(y > 0 for y in following)


def is_peak_surge(distribution: list[float], i: int, threshold: float, thickness: int = BLOCK_THICKNESS) -> bool:
    """Condition 1 alone, for pages too short for K non-empty blocks after the surge."""
    return distribution[i] > threshold


def is_drop(distribution: list[float], i: int) -> bool:
    """Seed condition 3: Y(i) = 0 and Y(i+1) = 0 (past the end counts as empty)."""
    following = distribution[i + 1] if i + 1 < len(distribution) else 0
    return distribution[i] == 0 and following == 0


def find_regions(
    distribution: list[float],
    lengths: list[float],
    threshold: float,
    thickness: int = BLOCK_THICKNESS,
    surge: Callable[[list[float], int, float, int], bool] = is_surge,
) -> list[Region]:
    """Every surge-to-drop region, in one pass; a region's lines end where its last text line ends."""
    regions: list[Region] = []
    i = 0
    count = len(distribution)
    while i < count:
        if not surge(distribution, i, threshold, thickness):
            i += 1
            continue
        start = end = i
        while end < count and not is_drop(distribution, end):
            end += 1
        last = end
        while last > start and lengths[last - 1] == 0:
            last -= 1
        regions.append(Region(start, last, sum(lengths[start:last])))
        i = end + 1
    return regions


def max_region(regions: list[Region], distribution: list[float]) -> Region | None:
    """Seed condition 4: the region holding the maximum of Y; else (maximum outside every region) the longest."""
    if not regions:
        return None
    peak = max(range(len(distribution)), key=distribution.__getitem__)
    for region in regions:
        if region.contains(peak):
            return region
    return max(regions, key=lambda r: r.length)


# --- laying out Ctext -------------------------------------------------------------------------------


def own_line_share(blocks: list[TextBlock]) -> float:
    """Share of blocks that start on a source line no other block starts on."""
    lines = [b.source_line for b in blocks if b.source_line is not None]
    if not lines:
        return 0.0
    return len(set(lines)) / len(blocks)


def source_layout(blocks: list[TextBlock], lengths_of_blocks: list[float], body: etree._Element | None) -> Ctext:
    """Each block's text at its source line, the markup-only source lines between blocks left empty.

    A long block spreads over the source lines before the next block (hard-wrapped text). Blocks that
    share a source line (an article pasted on one line) get lines of their own, as in ``block_layout``:
    CX would see one huge line there, which hides the article's shape.
    """
    gaps = tag_gaps(blocks, body)
    ctext = Ctext("source-lines", [], [])
    previous_line: int | None = None
    expanded = 0
    for index, block in enumerate(blocks):
        line = block.source_line if block.source_line is not None else previous_line
        if index and previous_line is not None and line is not None and line > previous_line:
            room = line - previous_line
            spread = max(1, min(room, math.ceil(lengths_of_blocks[index - 1] / SOURCE_COLUMNS)))
            _spread_last_block(ctext, index - 1, spread)
            empty = room - spread
        elif index:
            expanded += 1
            empty = gaps[index]
        else:
            empty = 0
        _add_block_line(ctext, index, lengths_of_blocks[index], empty)
        if line is not None:
            previous_line = line
    ctext.expanded_blocks = expanded
    return ctext


def _spread_last_block(ctext: Ctext, index: int, lines: int) -> None:
    """Hand the text of the block on the last line to ``lines`` lines in equal shares."""
    if lines <= 1:
        return
    share = ctext.lengths[-1] / lines
    ctext.lengths[-1] = share
    for _ in range(lines - 1):
        ctext.lengths.append(share)
        ctext.blocks_on_line.append([index])
    ctext.last_line[index] = len(ctext.lengths) - 1


def _add_block_line(ctext: Ctext, index: int, length: float, empty_before: int) -> None:
    for _ in range(empty_before):
        ctext.lengths.append(0.0)
        ctext.blocks_on_line.append([])
    ctext.first_line.append(len(ctext.lengths))
    ctext.last_line.append(len(ctext.lengths))
    ctext.lengths.append(length)
    ctext.blocks_on_line.append([index])


def tag_positions(body: etree._Element) -> tuple[dict[etree._Element, int], dict[etree._Element, int]]:
    """Count of line-making tags seen when each element starts and ends, in one walk of the tree."""
    opened: dict[etree._Element, int] = {}
    closed: dict[etree._Element, int] = {}
    seen = 0
    for event, element in etree.iterwalk(body, events=("start", "end")):
        tag = element.tag
        if isinstance(tag, str) and (tag in BLOCK_TAGS or tag in LINE_MAKING_TAGS):
            seen += 1
        (opened if event == "start" else closed)[element] = seen
    return opened, closed


def tag_gaps(blocks: list[TextBlock], body: etree._Element | None) -> list[int]:
    """Empty lines before each block on a page without line breaks: its markup-only tags, two a line."""
    gaps = [0] * len(blocks)
    if body is None:
        return gaps
    opened, closed = tag_positions(body)
    for index in range(1, len(blocks)):
        before, after = blocks[index - 1].element, blocks[index].element
        if before in closed and after in opened:
            tags_between = opened[after] - closed[before] + 1
            gaps[index] = max(0, tags_between // TAGS_PER_EMPTY_LINE - 1)
    return gaps


def block_layout(blocks: list[TextBlock], lengths_of_blocks: list[float], body: etree._Element | None) -> Ctext:
    """One line per block; the markup-only tags between two blocks become empty lines."""
    ctext = Ctext("blocks", [], [])
    for index, empty in enumerate(tag_gaps(blocks, body)):
        _add_block_line(ctext, index, lengths_of_blocks[index], empty)
    return ctext


# --- steps --------------------------------------------------------------------------------------------


class MeasureBlocks(Step):
    """Each block's visible length on the Latin scale (``weighted_length``): what its lines will carry."""

    def process(self, run: Run) -> bool:
        run.notes["block_lengths"] = [weighted_length(b.text) for b in run.blocks]
        return True


class DiscountLinkText(Step):
    """CX's 去链接群 before the distribution: only text outside links counts, so a link list is no surge
    and the empty run around it is a drop."""

    def process(self, run: Run) -> bool:
        lengths = run.notes["block_lengths"]
        for index, block in enumerate(run.blocks):
            lengths[index] *= 1.0 - block.char_link_density
        return any(b.num_chars_in_anchor_text for b in run.blocks)


class BuildCtext(Step):
    """Lay the blocks' text out as CX's Ctext, at source lines unless the page is minified."""

    def __init__(self, layout: str | None = None) -> None:
        self.layout = layout  # None: chosen per page; "source-lines" or "blocks" forces one

    def process(self, run: Run) -> bool:
        lengths = run.notes.get("block_lengths") or [weighted_length(b.text) for b in run.blocks]
        share = own_line_share(run.blocks)
        layout = self.layout or ("source-lines" if share >= MIN_OWN_LINE_SHARE else "blocks")
        if layout == "source-lines":
            ctext = source_layout(run.blocks, lengths, run.doc.body)
        else:
            ctext = block_layout(run.blocks, lengths, run.doc.body)
        run.notes["ctext"] = ctext
        run.notes["layout"] = (
            f"{layout}: {share:.0%} of {len(run.blocks)} blocks start on a source line of their own "
            f"(minified below {MIN_OWN_LINE_SHARE:.0%}); {len(ctext.lengths)} lines"
        )
        return True


class LineBlockDistribution(Step):
    """The seed's 行块分布函数: Y(i) over blocks of K lines."""

    def process(self, run: Run) -> bool:
        run.notes["distribution"] = line_block_distribution(run.notes["ctext"].lengths)
        return True


class AdaptThreshold(Step):
    """CX's threshold, lowered on pages whose longest line block stays under it, so a short article surges."""

    def process(self, run: Run) -> bool:
        peak = max(run.notes["distribution"], default=0.0)
        adaptive = ADAPTIVE_THRESHOLD_SHARE * peak
        run.notes["threshold"] = min(CX_THRESHOLD, adaptive)
        return adaptive < CX_THRESHOLD


class FindRegions(Step):
    """Every surge-to-drop region (seed conditions 1-3)."""

    def process(self, run: Run) -> bool:
        ctext: Ctext = run.notes["ctext"]
        threshold = run.notes.get("threshold", CX_THRESHOLD)
        run.notes["regions"] = find_regions(run.notes["distribution"], ctext.lengths, threshold)
        return bool(run.notes["regions"])


class RegionsOnShortPages(Step):
    """A page of one or two paragraphs has no K non-empty blocks after its surge: drop that noise rule."""

    def process(self, run: Run) -> bool:
        if run.notes["regions"]:
            return False
        ctext: Ctext = run.notes["ctext"]
        threshold = run.notes.get("threshold", CX_THRESHOLD)
        run.notes["regions"] = find_regions(run.notes["distribution"], ctext.lengths, threshold,
                                            surge=is_peak_surge)
        run.notes["surge"] = "no surge followed by K non-empty blocks: surge on the threshold alone"
        return bool(run.notes["regions"])


class ChooseMaxRegion(Step):
    """The region that holds the maximum of the distribution (seed condition 4)."""

    def process(self, run: Run) -> bool:
        main = max_region(run.notes["regions"], run.notes["distribution"])
        run.notes["chosen"] = [main] if main else []
        if main is None:
            run.notes["reason"] = "no line block rises over the threshold and stays non-empty for K blocks"
        return main is not None


class PreferLongerRegion(Step):
    """The maximum can sit in a short, dense spot (a caption shown twice, a teaser): a region many times
    longer is the article."""

    def process(self, run: Run) -> bool:
        chosen: list[Region] = run.notes["chosen"]
        if not chosen:
            return False
        longest = max(run.notes["regions"], key=lambda r: r.length)
        if longest is chosen[0] or longest.length < LONGER_REGION_FACTOR * chosen[0].length:
            return False
        run.notes["max-region"] = chosen[0]
        run.notes["chosen"] = [longest]
        return True


class AddNearbyRegions(Step):
    """An article cut by an ad or a picture is two regions: keep a long one close to the kept ones."""

    def process(self, run: Run) -> bool:
        chosen: list[Region] = run.notes["chosen"]
        if not chosen:
            return False
        main = chosen[0]
        lengths = run.notes["ctext"].lengths
        regions = sorted(run.notes["regions"], key=lambda r: r.start)
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
        ctext: Ctext = run.notes["ctext"]
        chosen: list[Region] = run.notes.get("chosen", [])
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


class LineBlockExtractor(Extractor):
    """CX line-block distribution (seed 004) with a page-relative threshold, several regions and link groups out."""

    name = "lineblock"
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
    "CX_THRESHOLD",
    "Ctext",
    "LineBlockExtractor",
    "Region",
    "find_regions",
    "line_block_distribution",
    "max_region",
    "weighted_length",
]
