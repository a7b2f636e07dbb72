"""boilerpipe's shallow text features (seed 000; Kohlschütter et al., WSDM 2010) and its two decision trees.

Words: the shared model counts a CJK character as one word, so a Chinese block has about 1.6 times the
"words" of the same sentence in English words, and 40 of them fill an 80-column line (full-width). The
decision trees and the full-text test were fitted on English; the steps read a block's word counts and
text density through ``english_words`` / ``english_density`` so a Chinese block is measured in English-word
equivalents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.text import CJK_RE

# boilerpipe's DefaultLabels that its filters hand to each other.
TITLE = "title"
INDICATES_END_OF_TEXT = "indicates_end_of_text"
MIGHT_BE_CONTENT = "might_be_content"

# TerminatingBlocksFinder looks for end markers only in blocks shorter than this (seed 000: numWords < 20).
MAX_END_MARKER_WORDS = 20
# IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE: an end marker counts only after this many full-text
# words of content (seed 000: "default: 60").
MIN_WORDS_BEFORE_END = 60
# HeuristicFilterBase.getNumFullTextWords: words of blocks below this text density are not full text
# (boilerpipe 1.1 source, minTextDensity = 9; the seed's KeepLargestFulltextBlockFilter counts these words).
MIN_FULLTEXT_DENSITY = 9

# NumWordsRulesClassifier, the seed's "Algorithm 2 Classifier based on Number of Words" (WSDM 2010, 4.3).
NW_MAX_CURR_LINK_DENSITY = 0.333333
NW_MAX_PREV_LINK_DENSITY = 0.555556
NW_MAX_SHORT_CURR_WORDS = 16
NW_MAX_SHORT_NEXT_WORDS = 15
NW_MAX_BOILERPLATE_PREV_WORDS = 4
NW_MAX_CURR_WORDS_AFTER_LINKS = 40
NW_MAX_NEXT_WORDS_AFTER_LINKS = 17

# DensityRulesClassifier, the seed's "Algorithm 1 Densitometric Classifier" (WSDM 2010).
DENSITY_MAX_CURR_LINK_DENSITY = 0.333333
DENSITY_MAX_PREV_LINK_DENSITY = 0.555556
DENSITY_MAX_LOW_CURR_DENSITY = 9
DENSITY_MAX_LOW_NEXT_DENSITY = 10
DENSITY_MAX_BOILERPLATE_PREV_DENSITY = 4
DENSITY_MAX_NEXT_DENSITY_AFTER_LINKS = 11

# CJK scaling. A CJK character is one word token of the shared model; an English word averages 1.6
# Chinese characters (measured on parallel news text, e.g. the UN corpus: ~1.5-1.7 chars per English
# word), so CJK word counts are divided by this before they meet the English thresholds.
CJK_CHARS_PER_WORD = 1.6
# English words per 80-column line: 5-letter words plus a space (the WSDM 2010 wrapping), 80 / 6.
ENGLISH_WORDS_PER_LINE = 80 / 6
# A block counts as CJK text when at least this share of its non-space characters are CJK (measured: mixed
# blocks such as "2024年3月5日 14:30" are ~0.4, Chinese sentences above 0.7).
MIN_CJK_SHARE = 0.5


def _is_cjk(block: TextBlock) -> bool:
    # CJK_RE.search first: most blocks of most pages have no CJK character at all, and counting every block's
    # characters would be a large share of the extractor's time.
    if not block.num_chars or CJK_RE.search(block.text) is None:
        return False
    return len(CJK_RE.findall(block.text)) / block.num_chars >= MIN_CJK_SHARE


def english_words(block: TextBlock) -> float:
    """The block's word count in English-word equivalents (see the module docstring)."""
    return block.num_words / CJK_CHARS_PER_WORD if _is_cjk(block) else block.num_words


def english_density(block: TextBlock) -> float:
    """The block's 80-column text density in English-word equivalents.

    A one-line CJK block of n characters says as much as n / 1.6 English words on one line; a full CJK line
    (40 full-width characters) holds ~25 English words' worth, which English would spread over two lines
    of ~13: so CJK density is n / 1.6 capped at the words of one English line.
    """
    if not _is_cjk(block):
        return block.text_density
    return min(block.text_density / CJK_CHARS_PER_WORD, ENGLISH_WORDS_PER_LINE)


def full_text_words(block: TextBlock) -> int:
    """boilerpipe's getNumFullTextWords: a block's words if it is dense enough to be running text, else 0."""
    return block.num_words if english_density(block) >= MIN_FULLTEXT_DENSITY else 0


# The neighbour of the first and last block: no words, no links (boilerpipe's TextBlock.EMPTY_START/END).
def edge_block() -> TextBlock:
    return TextBlock("", 0, 0, 0, 1, -1, 0)


def neighbours(blocks: Sequence[TextBlock]) -> Iterable[tuple[TextBlock, TextBlock, TextBlock]]:
    """Each block with the one before and after it (``edge_block()`` past either end)."""
    edge = edge_block()
    for i, block in enumerate(blocks):
        previous = blocks[i - 1] if i > 0 else edge
        following = blocks[i + 1] if i + 1 < len(blocks) else edge
        yield previous, block, following


# --------------------------------------------------------------------------------------------------------
# Classifiers: the two decision trees of the seed
# --------------------------------------------------------------------------------------------------------


def classify_by_num_words(prev: TextBlock, curr: TextBlock, following: TextBlock) -> tuple[bool, str]:
    """The seed's NumWords tree; returns the verdict and the path taken through the tree."""
    curr_words, next_words, prev_words = english_words(curr), english_words(following), english_words(prev)
    path = [f"curr_linkDensity {curr.link_density:.2f}"]
    if curr.link_density <= NW_MAX_CURR_LINK_DENSITY:
        path.append(f"prev_linkDensity {prev.link_density:.2f}")
        if prev.link_density <= NW_MAX_PREV_LINK_DENSITY:
            path.append(f"curr_numWords {curr_words:.0f}")
            if curr_words <= NW_MAX_SHORT_CURR_WORDS:
                path.append(f"next_numWords {next_words:.0f}")
                if next_words <= NW_MAX_SHORT_NEXT_WORDS:
                    path.append(f"prev_numWords {prev_words:.0f}")
                    verdict = prev_words > NW_MAX_BOILERPLATE_PREV_WORDS
                else:
                    verdict = True
            else:
                verdict = True
        else:
            path.append(f"curr_numWords {curr_words:.0f}")
            if curr_words <= NW_MAX_CURR_WORDS_AFTER_LINKS:
                path.append(f"next_numWords {next_words:.0f}")
                verdict = next_words > NW_MAX_NEXT_WORDS_AFTER_LINKS
            else:
                verdict = True
    else:
        verdict = False
    return verdict, ", ".join(path) + (" -> content" if verdict else " -> boilerplate")


def classify_by_density(prev: TextBlock, curr: TextBlock, following: TextBlock) -> tuple[bool, str]:
    """The seed's Densitometric tree; returns the verdict and the path taken through the tree."""
    curr_density, next_density = english_density(curr), english_density(following)
    prev_density = english_density(prev)
    path = [f"curr_linkDensity {curr.link_density:.2f}"]
    if curr.link_density <= DENSITY_MAX_CURR_LINK_DENSITY:
        path.append(f"prev_linkDensity {prev.link_density:.2f}")
        if prev.link_density <= DENSITY_MAX_PREV_LINK_DENSITY:
            path.append(f"curr_textDensity {curr_density:.1f}")
            if curr_density <= DENSITY_MAX_LOW_CURR_DENSITY:
                path.append(f"next_textDensity {next_density:.1f}")
                if next_density <= DENSITY_MAX_LOW_NEXT_DENSITY:
                    path.append(f"prev_textDensity {prev_density:.1f}")
                    verdict = prev_density > DENSITY_MAX_BOILERPLATE_PREV_DENSITY
                else:
                    verdict = True
            else:
                path.append(f"next_textDensity {next_density:.1f}")
                verdict = next_density != 0
        else:
            path.append(f"next_textDensity {next_density:.1f}")
            verdict = next_density > DENSITY_MAX_NEXT_DENSITY_AFTER_LINKS
    else:
        verdict = False
    return verdict, ", ".join(path) + (" -> content" if verdict else " -> boilerplate")


__all__ = [
    "CJK_CHARS_PER_WORD",
    "DENSITY_MAX_BOILERPLATE_PREV_DENSITY",
    "DENSITY_MAX_CURR_LINK_DENSITY",
    "DENSITY_MAX_LOW_CURR_DENSITY",
    "DENSITY_MAX_LOW_NEXT_DENSITY",
    "DENSITY_MAX_NEXT_DENSITY_AFTER_LINKS",
    "DENSITY_MAX_PREV_LINK_DENSITY",
    "ENGLISH_WORDS_PER_LINE",
    "INDICATES_END_OF_TEXT",
    "MAX_END_MARKER_WORDS",
    "MIGHT_BE_CONTENT",
    "MIN_CJK_SHARE",
    "MIN_FULLTEXT_DENSITY",
    "MIN_WORDS_BEFORE_END",
    "NW_MAX_BOILERPLATE_PREV_WORDS",
    "NW_MAX_CURR_LINK_DENSITY",
    "NW_MAX_CURR_WORDS_AFTER_LINKS",
    "NW_MAX_NEXT_WORDS_AFTER_LINKS",
    "NW_MAX_PREV_LINK_DENSITY",
    "NW_MAX_SHORT_CURR_WORDS",
    "NW_MAX_SHORT_NEXT_WORDS",
    "TITLE",
    "classify_by_density",
    "classify_by_num_words",
    "edge_block",
    "english_density",
    "english_words",
    "full_text_words",
    "neighbours",
]
