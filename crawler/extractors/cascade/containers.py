"""Choosing the main text's container, step 2 of the default cascade (``crawler.extractors.cascade.extractor``).

Each running-text block outside furniture scores its container and the elements above it, the way Readability.js
and CETD (seed 003) look for the densest subtree; the best container then climbs over sections of one article
split into several containers, and siblings that score close to it join it.
"""

from __future__ import annotations

import re
from collections import Counter
from operator import attrgetter

from lxml import etree

from crawler.extractors.cascade.beyond_prose import is_card_list
from crawler.extractors.cascade.furniture import block_score, element_names
from crawler.extractors.cascade.state import block_positions, cascade_state
from crawler.extractors.document.subtree import SubtreeCounts, SubtreeSums
from crawler.extractors.document.tables import data_table
from crawler.extractors.steps.pipeline import Run, Step

POSITIVE_NAMES = re.compile(r"article|body|content|entry|main|post|story|text|prose|blog")
# Readability.js's candidate scoring (readability-lxml too): a paragraph gives its score to its parent, half to
# the grandparent; we add a quarter to the great-grandparent so deeply wrapped
# paragraphs (div > div > p) still lift the article container.
ANCESTOR_WEIGHTS = (1.0, 0.5, 0.25)
# Class/id evidence on a candidate: Readability.js's ±25 against a paragraph score of ~1-4 per block; our
# block scores are in words (~20-60 per paragraph), so the weight is a share of the score instead.
NAME_WEIGHT = 0.25
# A sibling of the chosen container joins it when it scores this share of the winner (Readability.js: 0.2).
SIBLING_SHARE = 0.2
# Climb while the parent holds this many times the container's running text (sections); by-site CV, docs/tuning.md.
CLIMB_RATIO = 1.2
# ...looking this many levels up (component-built pages wrap each section in several); by-site CV, docs/tuning.md.
MAX_CLIMB_LEVELS = 5
# ...but not past an <article> or <main>: the page says the article ends there, and what lies beyond is other
# stories (teasers with summaries carry few links), which the climb would otherwise take in.
CLIMB_STOP_TAGS = frozenset({"article", "main"})
# ...taking in only text this link-sparse (sections, not lists of teasers); by-site CV, docs/tuning.md.
CLIMB_MAX_LINK_DENSITY = 0.15
# The elements of a table: a container that is one of them is a piece of a data table.
TABLE_PART_TAGS = frozenset({"table", "thead", "tbody", "tfoot", "tr"})
# Readability.js: when >= 3 of the 5 best candidates score >= 75% of the best one and share an ancestor
# with it, the article is split across them (columns, sections) and that ancestor is the container.
TOP_CANDIDATES = 5
ALTERNATIVE_SHARE = 0.75
MIN_ALTERNATIVES = 3


def _extra_link_density(words: SubtreeCounts, outer: etree._Element, inner: etree._Element) -> float:
    """Link density of the text that ``outer`` holds beyond ``inner``."""
    outer_words, outer_links = words.get(outer, (0, 0))
    inner_words, inner_links = words.get(inner, (0, 0))
    extra = outer_words - inner_words
    return (outer_links - inner_links) / extra if extra > 0 else 0.0


def _card_list_text_beside(node: etree._Element, running: SubtreeSums) -> float:
    """Running text of the card lists among ``node``'s siblings and below them: other stories, not more sections
    of this one, however few links they carry."""
    parent = node.getparent()
    if parent is None:
        return 0.0
    total = 0.0
    pending = [sibling for sibling in parent if sibling is not node]
    while pending:  # the outermost card lists, looking only where there is running text
        element = pending.pop()
        if not isinstance(element.tag, str) or not running.get(element):
            continue
        if is_card_list(element):
            total += running[element]
        else:
            pending.extend(element)
    return total


_element_of = attrgetter("element")


class ScoreContainers(Step):
    """Each running-text block outside furniture scores its container and the two above it."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        furniture = state.furniture
        # (Counter counts in C, None included: cheaper than a loop over the blocks here)
        blocks_per_element = Counter(map(_element_of, run.blocks))
        scores: dict[etree._Element, float] = {}
        index, positions = block_positions(run)
        scores_of = state.block_scores or [block_score(block) for block in run.blocks]
        counted = [(at, block, scores_of[i]) for i, (at, block) in enumerate(zip(positions, run.blocks, strict=True))
                   if at is not None and i not in furniture]
        # Running text and (words, words in links) under any element, furniture left out.
        running = SubtreeSums(index, index.prefix((at, score) for at, _, score in counted if score))
        words = SubtreeCounts(index, index.prefix((at, block.num_words) for at, block, _ in counted),
                              index.prefix((at, block.num_words_in_anchor_text) for at, block, _ in counted))
        for _, block, score in counted:
            if not score:
                continue
            # An element that is one paragraph (a <p>, or a <div> used as one) is not a candidate itself:
            # Readability.js turns such divs into paragraphs before scoring.
            node = block.element
            if blocks_per_element[node] == 1 and node.getparent() is not None:
                node = node.getparent()
            for weight in ANCESTOR_WEIGHTS:
                if node is None or not isinstance(node.tag, str):
                    break
                scores[node] = scores.get(node, 0.0) + score * weight
                node = node.getparent()
        for node in scores:
            if POSITIVE_NAMES.search(element_names(node)) or node.tag in {"article", "main"}:
                scores[node] *= 1.0 + NAME_WEIGHT
            # Readability.js: a candidate's score times (1 - its link density), so a container of teasers
            # (linked headline over each summary) loses to the article beside it.
            total, linked = words.get(node, (0, 0))
            if total:
                scores[node] *= 1.0 - linked / total
        state.container_scores = scores
        state.running_text = running
        state.words = words
        return bool(scores)


class ChooseContentRoot(Step):
    """The best-scoring container, plus siblings that score close to it."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        scores = state.container_scores
        if not scores or state.running_text is None or state.words is None:
            state.reason = "no block of running text"
            return False
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)[:TOP_CANDIDATES]
        best = self._common_ancestor(ranked, scores)
        best = self._climb(best, state.running_text, state.words)
        best = self._out_of_data_table(best)
        roots = [best]
        parent = best.getparent()
        if parent is not None:
            # A common ancestor found by _common_ancestor may have no score of its own: use the winner's.
            threshold = max(max(scores.get(best, 0.0), scores[ranked[0]]) * SIBLING_SHARE, 1.0)
            for sibling in parent:
                if sibling is not best and scores.get(sibling, 0.0) >= threshold:
                    roots.append(sibling)
        state.content_roots = roots
        return True

    @staticmethod
    def _climb(best: etree._Element, running: SubtreeSums, words: SubtreeCounts) -> etree._Element:
        """Moves up while an ancestor a few levels up holds much more running text than the chosen
        container: the article is split over sections or columns that score separately."""
        climbed = True
        while climbed and best.tag not in CLIMB_STOP_TAGS:
            climbed = False
            child, ancestor = best, best.getparent()
            cards = 0.0  # card-list text under ``ancestor`` beside ``best``, gathered one level at a time
            for _ in range(MAX_CLIMB_LEVELS):
                if ancestor is None or ancestor.tag in {"body", "html"}:
                    break
                cards += _card_list_text_beside(child, running)
                if running.get(ancestor, 0.0) - cards >= CLIMB_RATIO * running.get(best, 0.0):
                    if _extra_link_density(words, ancestor, best) <= CLIMB_MAX_LINK_DENSITY:
                        best, climbed = ancestor, True
                    break
                if ancestor.tag in CLIMB_STOP_TAGS:
                    break
                child, ancestor = ancestor, ancestor.getparent()
        return best

    @staticmethod
    def _out_of_data_table(best: etree._Element) -> etree._Element:
        """A data table, or a part of one, is a piece of the content, not its container: the table's parent is.
        (A table of films with a line on each outscored the rest of its Wikipedia article; layout tables, whose
        cells hold whole columns of a page, are left alone.)"""
        table = best if best.tag == "table" else next(best.iterancestors("table"), None)
        if table is None or best.tag not in TABLE_PART_TAGS or table.getparent() is None:
            return best
        if table.getparent().tag in {"body", "html"} or data_table(table) is None:
            return best
        return table.getparent()

    @staticmethod
    def _common_ancestor(ranked: list[etree._Element], scores: dict[etree._Element, float]) -> etree._Element:
        best = ranked[0]
        alternatives = [c for c in ranked[1:] if scores[c] >= ALTERNATIVE_SHARE * scores[best]]
        if len(alternatives) < MIN_ALTERNATIVES:
            return best
        ancestor_sets = [set(c.iterancestors()) for c in alternatives]
        for ancestor in best.iterancestors():
            if ancestor.tag in {"body", "html"}:
                break
            if sum(ancestor in ancestors for ancestors in ancestor_sets) >= MIN_ALTERNATIVES:
                return ancestor
        return best


__all__ = ["CLIMB_MAX_LINK_DENSITY", "CLIMB_RATIO", "MAX_CLIMB_LEVELS", "ChooseContentRoot", "ScoreContainers"]
