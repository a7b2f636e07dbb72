"""CX's Ctext over the shared document (seed 004): the tag-stripped page as lines, each with its length.

The shared ``TextBlock``s already hold the page's visible text, each with the source line where it starts, so
the blocks are laid out at their source lines (``source_layout``); minified pages have no line breaks to read,
so there every block gets a line of its own and the markup between two blocks becomes empty lines
(``block_layout``). Lengths are on one scale for CJK and Latin text (``weighted_length``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from lxml import etree

from crawler.extractors.document.parse import BLOCK_TAGS, TextBlock
from crawler.extractors.document.text import CJK_RE, visible_length

# How many Latin characters carry the information of one CJK character: the ratio of lzma's bits per visible
# character on Chinese and on English news text in equal samples; the seed's "~3x" is words per character.
CJK_INFORMATION_RATIO = 2.4

# Hard-wrapped source text fills at most this many columns a line (the 80-column convention), so a long
# paragraph is spread over that many of the source lines before the next block.
SOURCE_COLUMNS = 80
# Block layout: block-level tags (start or end) between two blocks per empty line; an opening and a
# closing tag make one source line of a pretty-printed page.
TAGS_PER_EMPTY_LINE = 2
# Block layout: tags counted as markup-only source lines besides the block-level ones.
LINE_MAKING_TAGS = frozenset({"br", "hr", "img", "picture", "figure"})


@dataclass
class Ctext:
    """The tag-stripped page as lines: each line's length and the blocks whose text lies on it."""

    layout: str
    lengths: list[float]
    blocks_on_line: list[list[int]]
    first_line: list[int] = field(default_factory=list)  # per block
    last_line: list[int] = field(default_factory=list)  # per block
    expanded_blocks: int = 0  # blocks that shared a source line and got a line of their own


def weighted_length(text: str) -> float:
    """Visible characters on the Latin scale: a CJK character counts ``CJK_INFORMATION_RATIO`` times."""
    cjk = len(CJK_RE.findall(text))
    return visible_length(text) - cjk + cjk * CJK_INFORMATION_RATIO


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


__all__ = [
    "CJK_INFORMATION_RATIO",
    "Ctext",
    "block_layout",
    "own_line_share",
    "source_layout",
    "tag_gaps",
    "tag_positions",
    "weighted_length",
]
