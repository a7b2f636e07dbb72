"""boilerpipe's extractors (seed 000; Kohlschütter et al., "Boilerplate Detection using Shallow Text
Features", WSDM 2010) as chains of named steps over the shared document model.

Each filter of the seed is one ``Step``. Two extractors are registered:

- ``ArticleExtractor`` ("boilerpipe-article"): news articles. See its docstring for which chain it runs.
- ``DefaultExtractor`` ("boilerpipe-default"): SimpleBlockFusionProcessor
  | BlockProximityFusion.MAX_DISTANCE_1 | DensityRulesClassifier, the seed's generic chain.

The shallow text features and the two decision trees are in ``boilerpipe_features``, the filters (named
steps) and their typed state in ``boilerpipe_filters``; this module chains them.
"""

from __future__ import annotations

from crawler.extractors.boilerpipe.features import (
    CJK_CHARS_PER_WORD,
    DENSITY_MAX_BOILERPLATE_PREV_DENSITY,
    DENSITY_MAX_CURR_LINK_DENSITY,
    DENSITY_MAX_LOW_CURR_DENSITY,
    DENSITY_MAX_LOW_NEXT_DENSITY,
    DENSITY_MAX_NEXT_DENSITY_AFTER_LINKS,
    DENSITY_MAX_PREV_LINK_DENSITY,
    ENGLISH_WORDS_PER_LINE,
    INDICATES_END_OF_TEXT,
    MAX_END_MARKER_WORDS,
    MIGHT_BE_CONTENT,
    MIN_CJK_SHARE,
    MIN_FULLTEXT_DENSITY,
    MIN_WORDS_BEFORE_END,
    NW_MAX_BOILERPLATE_PREV_WORDS,
    NW_MAX_CURR_LINK_DENSITY,
    NW_MAX_CURR_WORDS_AFTER_LINKS,
    NW_MAX_NEXT_WORDS_AFTER_LINKS,
    NW_MAX_PREV_LINK_DENSITY,
    NW_MAX_SHORT_CURR_WORDS,
    NW_MAX_SHORT_NEXT_WORDS,
    TITLE,
    classify_by_density,
    classify_by_num_words,
    edge_block,
    english_density,
    english_words,
    full_text_words,
    neighbours,
)
from crawler.extractors.boilerpipe.filters import (
    MAX_DISTANCE_1,
    BlockProximityFusion,
    BoilerpipeState,
    BoilerplateBlockFilter,
    DensityRulesClassifier,
    DocumentTitleMatchClassifier,
    ExpandTitleToContentFilter,
    IgnoreBlocksAfterContentFilter,
    KeepLargestFulltextBlockFilter,
    NumWordsRulesClassifier,
    SimpleBlockFusionProcessor,
    TerminatingBlocksFinder,
    boilerpipe_state,
    potential_titles,
)
from crawler.extractors.steps.pipeline import Step
from crawler.extractors.steps.state import StateExtractor

# --------------------------------------------------------------------------------------------------------

SEED_ARTICLE_CHAIN: tuple[Step, ...] = (
    TerminatingBlocksFinder(),
    DocumentTitleMatchClassifier(),
    NumWordsRulesClassifier(),
    IgnoreBlocksAfterContentFilter(),
    BlockProximityFusion.MAX_DISTANCE_1,
    BoilerplateBlockFilter(),
    BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY,
    KeepLargestFulltextBlockFilter(),
    ExpandTitleToContentFilter(),
)

SEED_DEFAULT_CHAIN: tuple[Step, ...] = (
    SimpleBlockFusionProcessor(),
    BlockProximityFusion.MAX_DISTANCE_1,
    DensityRulesClassifier(),
)


# The seed's chain with one boilerpipe 1.2 refinement: end-of-text markers matched regardless of case.
ARTICLE_CHAIN: tuple[Step, ...] = (TerminatingBlocksFinder(ignore_case=True), *SEED_ARTICLE_CHAIN[1:])


class ArticleExtractor(StateExtractor):
    """boilerpipe's ArticleExtractor for news articles; runs ``ARTICLE_CHAIN``.

    That is ``SEED_ARTICLE_CHAIN`` (seed 000, boilerpipe 1.1) with end-of-text markers matched regardless of
    case as boilerpipe 1.2 does: the case-blind markers end more articles where they really end
    (``python -m crawler evaluate --extractor boilerpipe-article --peers boilerpy3`` compares it with its peer).
    """

    name = "boilerpipe-article"
    state_type = BoilerpipeState
    steps = ARTICLE_CHAIN


class DefaultExtractor(StateExtractor):
    """boilerpipe's DefaultExtractor: any page, by text density alone."""

    name = "boilerpipe-default"
    state_type = BoilerpipeState
    steps = SEED_DEFAULT_CHAIN


__all__ = [
    "ARTICLE_CHAIN",
    "CJK_CHARS_PER_WORD",
    "DENSITY_MAX_BOILERPLATE_PREV_DENSITY",
    "DENSITY_MAX_CURR_LINK_DENSITY",
    "DENSITY_MAX_LOW_CURR_DENSITY",
    "DENSITY_MAX_LOW_NEXT_DENSITY",
    "DENSITY_MAX_NEXT_DENSITY_AFTER_LINKS",
    "DENSITY_MAX_PREV_LINK_DENSITY",
    "ENGLISH_WORDS_PER_LINE",
    "INDICATES_END_OF_TEXT",
    "MAX_DISTANCE_1",
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
    "SEED_ARTICLE_CHAIN",
    "SEED_DEFAULT_CHAIN",
    "TITLE",
    "ArticleExtractor",
    "BlockProximityFusion",
    "BoilerpipeState",
    "BoilerplateBlockFilter",
    "DefaultExtractor",
    "DensityRulesClassifier",
    "DocumentTitleMatchClassifier",
    "ExpandTitleToContentFilter",
    "IgnoreBlocksAfterContentFilter",
    "KeepLargestFulltextBlockFilter",
    "NumWordsRulesClassifier",
    "SimpleBlockFusionProcessor",
    "TerminatingBlocksFinder",
    "boilerpipe_state",
    "classify_by_density",
    "classify_by_num_words",
    "edge_block",
    "english_density",
    "english_words",
    "full_text_words",
    "neighbours",
    "potential_titles",
]
