"""Seed 003's naive Bayes extractor (王海艷 & 曹攀 2016, §3.2-3.4), end to end over the shared document model.

The seed prunes the DOM, fuses inline elements into their block parents (the simple tree ST; the shared
TextBlocks are that fusion), measures every node's pure-text density ρ1 = node.text / text, link-text
density ρ2 = node.link / node.text and visual position <top, bottom, width, height>, filters nodes on hand
thresholds Δ1-Δ4 of those, and finally classifies what is left with a naive Bayes model over the node's
words (stop words removed, features chosen by information gain): a node of class c0 (low-value: replies,
spam, ads) is removed, and when the page's first node is c0 the whole page is dropped.

Here the same quantities are features of one naive Bayes model instead of hand thresholds, so the
training data chooses them (and cross-validation by site tells whether that generalises):

* density: ρ1, ρ2, word count, boilerpipe's text density (words per 80-column line), and whether the node
  lies in the subtree of largest density sum that ``density.py`` picks (CETD);
* position as static HTML gives it: the seed's top/bottom distance measured in page text, page chrome
  landmarks (``nav``, ``aside``, ``footer``, page ``header``, ARIA roles), ``article``/``main`` ancestry,
  the node's tag, and what its neighbours look like;
* attributes (the seed's title: 节点属性): tokens of the class, id, itemprop and role of the node and its
  ancestors, chosen by information gain like words, and only when seen on several sites;
* content: the node's words without stop words (CJK: pairs of adjacent characters), by information gain.

Steps (each leaves a label and a reason on every block): the density extractor's pruning, fusion, node
densities and subtree choice; ``NodeFeatures``; ``ClassifyNodes`` (the seed's P(c0|d) > P(c1|d) rule);
``LowValuePage`` (the seed's whole-page rule).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from crawler.extractors.article import Article
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.bayes.state import BayesRun, BayesState, bayes_state
from crawler.extractors.document.parse import TextDocument
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor

from .features import FEATURE_STEPS, NodeFeatures, content_words, node_features, word_equivalents

MODEL_PATH = Path(__file__).parents[1] / "models" / "bayes.json"

# --- decisions -------------------------------------------------------------------------------------------
# The seed's rule: c0 when P(c0|d) > P(c1|d), i.e. content when the log-odds are above 0.
CONTENT_MIN_LOG_ODDS = 0.0
# A node outside the densest subtree is content only above these log-odds (the seed's density filter); docs/tuning.md.
OUTSIDE_MIN_LOG_ODDS = 10.0
# The seed's whole-page rule: the first substantial node of the page's main content (its topic post) judged
# low-value drops the page. The first node needs this many words to count as the topic (round value), and
# its P(content) must fall below this to condemn the page, with no node of that size judged content
# anywhere (on pages that do have main content it fires only where the model kept no node anyway).
TOPIC_MIN_WORDS = 20
LOW_VALUE_PAGE_MAX_P = 0.02
# A content node outside the main stretch stays when its own score reaches this share of the stretch's.
REGION_KEEP_OUTSIDE_SHARE = 0.25


def describe_evidence(evidence: list[tuple[str, float]]) -> str:
    return ", ".join(f"{name} {weight:+.1f}" for name, weight in evidence)


class ClassifyNodes(Step):
    """Seed §3.4: a node is low-value (c0) when P(c0|d) > P(c1|d), content otherwise."""

    def __init__(self, model: NaiveBayesModel) -> None:
        self.model = model

    def process(self, run: Run) -> bool:
        state = bayes_state(run)
        odds: list[float | None] = []
        for block, found in zip(run.blocks, state.features, strict=True):
            if found is None:
                odds.append(None)
                continue
            value, evidence = self.model.score(found)
            odds.append(value)
            p = 1 / (1 + math.exp(-max(min(value, 50.0), -50.0)))
            because = describe_evidence(evidence)
            outside = "outside-subtree" in block.labels and "dense-sibling" not in block.labels
            if value > (OUTSIDE_MIN_LOG_ODDS if outside else CONTENT_MIN_LOG_ODDS):
                block.decide(self.name, True, f"P(content) {p:.2f} > P(low-value): {because}", "bayes-content")
            else:
                block.decide(self.name, False, f"P(low-value) {1 - p:.2f} ≥ P(content): {because}",
                             "bayes-low-value")
        state.log_odds = odds
        if not any(b.is_content for b in run.blocks) and state.reason is None:
            state.reason = "the naive Bayes model judged every node low-value"
        return True


class MainRegion(Step):
    """Content is one stretch of the page: nodes judged content far from the main stretch go.

    Each node scores its word-equivalents, signed by the model's verdict and weighted by its confidence
    (2·P(content) − 1); the stretch of consecutive nodes of largest total (the maximum-sum run) is the
    main content. Content nodes outside it are dropped when their own score is below
    ``REGION_KEEP_OUTSIDE_SHARE`` of the stretch's: teasers, a lone related-story paragraph at the end.
    """

    def process(self, run: Run) -> bool:
        odds = bayes_state(run).log_odds
        scores = []
        for block, value in zip(run.blocks, odds, strict=True):
            if value is None:
                scores.append(0.0)
                continue
            p = 1 / (1 + math.exp(-max(min(value, 50.0), -50.0)))
            scores.append(word_equivalents(block) * (2 * p - 1))
        best, best_start, best_end = 0.0, 0, -1
        total, start = 0.0, 0
        for i, value in enumerate(scores):
            if total <= 0:
                total, start = 0.0, i
            total += value
            if total > best:
                best, best_start, best_end = total, start, i
        if best_end < 0:
            return False
        changed = False
        for i, block in enumerate(run.blocks):
            if block.is_content and not best_start <= i <= best_end and scores[i] < REGION_KEEP_OUTSIDE_SHARE * best:
                block.decide(self.name, False, f"outside the main stretch of content (blocks {best_start}-"
                             f"{best_end}, score {best:.0f})", "outside-region")
                changed = True
        return changed


class LowValuePage(Step):
    """Seed §3.4 type 1: when the page's topic node is low-value, the whole page is (spam, ads, a flood).

    The topic node is the first node of ``TOPIC_MIN_WORDS`` words or more inside the densest subtree; the
    page goes only when the model is nearly sure (P(content) below ``LOW_VALUE_PAGE_MAX_P``) and no node of
    that size anywhere on the page was judged content (the densest subtree is not always the article's).
    """

    def process(self, run: Run) -> bool:
        odds = bayes_state(run).log_odds
        topic = next((i for i, b in enumerate(run.blocks)
                      if odds[i] is not None and "in-subtree" in b.labels and b.num_words >= TOPIC_MIN_WORDS), None)
        if topic is None:
            return False
        p = 1 / (1 + math.exp(-max(min(odds[topic], 50.0), -50.0)))
        if p >= LOW_VALUE_PAGE_MAX_P or any(b.is_content and b.num_words >= TOPIC_MIN_WORDS for b in run.blocks):
            return False
        reason = (f"the page's topic node (block {topic}) has P(content) {p:.3f} < {LOW_VALUE_PAGE_MAX_P}: "
                  "a low-value page")
        for block in run.blocks:
            if block.is_content:
                block.decide(self.name, False, reason, "low-value-page")
        bayes_state(run).reason = reason
        return True


class BayesExtractor(StateExtractor):
    """Seed 003 end to end: density and position features plus words, one naive Bayes decision per node."""

    name = "bayes"
    state_type = BayesState
    run_type = BayesRun

    def __init__(self, model: NaiveBayesModel | None = None) -> None:
        if model is not None:
            self.__dict__["model"] = model

    @cached_property
    def model(self) -> NaiveBayesModel:
        try:
            return NaiveBayesModel.load(MODEL_PATH)
        except FileNotFoundError as error:
            raise ValueError(f"{MODEL_PATH}: no model file; build it with `python -m crawler train`") from error

    @property
    def steps(self) -> tuple[Step, ...]:  # type: ignore[override]
        return (*FEATURE_STEPS, ClassifyNodes(self.model), MainRegion(), LowValuePage())

    def run(self, doc: TextDocument, notes: Mapping[str, Any] | None = None) -> BayesRun:
        """The steps over fresh copies of the blocks, with a typed state; ``notes`` seeds it by field name."""
        run = super().run(doc, notes)
        if run.state.reason is None:
            run.state.reason = run.state.density.reason  # why the density steps found no content, if they say
        return run

    def extract(self, doc: TextDocument) -> Article:
        self.model  # noqa: B018 - a missing or unreadable model file is an error before any page
        return super().extract(doc)


__all__ = [
    "FEATURE_STEPS",
    "MODEL_PATH",
    "BayesExtractor",
    "ClassifyNodes",
    "LowValuePage",
    "NodeFeatures",
    "content_words",
    "describe_evidence",
    "node_features",
    "word_equivalents",
]
