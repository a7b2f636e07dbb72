"""CX's line-block distribution and its regions (seed 004): Y(i) over blocks of K lines, surges and drops.

The main text starts at a surge (a block longer than a threshold followed by ``K`` non-empty blocks), ends at a
drop (two empty blocks in a row) and is the region that holds the distribution's maximum. All of it is linear
in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crawler.extractors.lineblock.ctext import CJK_INFORMATION_RATIO

# Line-block thickness K: seed 004 (定义 1, "K<5, 这里取 K=3") and cx-extractor's default.
BLOCK_THICKNESS = 3
# Surge threshold of cx-extractor (its default ``threshold = 86``), in characters of Chinese text.
CX_THRESHOLD_CJK_CHARS = 86
# The seed's threshold on the Latin scale every line is measured in here.
CX_THRESHOLD = CX_THRESHOLD_CJK_CHARS * CJK_INFORMATION_RATIO


@dataclass(frozen=True)
class Region:
    """Lines [start, end) between a surge and a drop, with their total length."""

    start: int
    end: int
    length: float

    def contains(self, line: int) -> bool:
        return self.start <= line < self.end


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


__all__ = [
    "BLOCK_THICKNESS",
    "CX_THRESHOLD",
    "CX_THRESHOLD_CJK_CHARS",
    "Region",
    "find_regions",
    "is_drop",
    "is_peak_surge",
    "is_surge",
    "line_block_distribution",
    "max_region",
]
