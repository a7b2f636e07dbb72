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
import re
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from lxml import etree

from crawler.extractors.article import Article
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.bayes.state import BayesRun, BayesState, bayes_state
from crawler.extractors.density.extractor import (
    ChooseContentSubtree,
    ExtendToDenseSiblings,
    FuseInlineElements,
    NodeDensities,
    PruneDom,
)
from crawler.extractors.document.parse import HEADING_TAGS, TextBlock, TextDocument
from crawler.extractors.document.text import CJK_RE, stoplist, tokens
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor

MODEL_PATH = Path(__file__).parents[1] / "models" / "bayes.json"

# --- feature bins --------------------------------------------------------------------------------------
# Words are counted as word-equivalents: a CJK character is a token of its own and Chinese words are two
# characters long on average (the usual figure of Chinese word segmentation), so two CJK tokens make one.
CJK_CHARS_PER_WORD = 2
# Word counts in powers of two: boilerpipe's classifiers split at 10-16 words and jusText at 10-25 words
# per block (seeds 000, 002); powers of two put a bin edge near each.
WORD_BINS = (1, 2, 4, 8, 16, 32, 64, 128)
# Link density bins: 0 (no link), jusText's and boilerpipe's 0.2 and 0.33 edges (seeds 000, 002), half, most.
LINK_DENSITY_BINS = (0.0, 0.1, 0.2, 0.33, 0.5, 0.8)
# ρ1, the node's share of the page's text, in decades and halves: 0.1 % to 30 %.
RHO1_BINS = (0.001, 0.003, 0.01, 0.03, 0.1, 0.3)
# boilerpipe's text density (words per wrapped 80-column line): its classifiers split at 9-11 (seed 000).
TEXT_DENSITY_BINS = (3, 6, 9, 12)
# Seed definition 3: distance to the nearer edge of the page (top or bottom), as a share of the page's text.
EDGE_BINS = (0.02, 0.05, 0.1, 0.25)
# Sentence ends in a node (., !, ?, and the CJK full stops): prose has several.
SENTENCE_BINS = (1, 2, 4)
SENTENCE_END_RE = re.compile(r"[.!?。!?;;](?=\s|$|[\"'”’)\]」』])")
# A neighbour is prose when it has this many words, its link density is at most the first jusText edge and
# it ends sentences (round values after boilerpipe's 10-word and jusText's 0.2 limits).
PROSE_MIN_WORDS = 10
PROSE_MAX_LINK_DENSITY = 0.2
# Tags that name themselves as a feature; others are "other". Headings share one value.
NAMED_TAGS = frozenset("p div li td th dd dt section article main pre blockquote figcaption caption span "
                       "ul ol table header footer aside nav".split())
# Attribute tokens: lower-case runs of 3 to 20 letters of class, id, itemprop and role (camelCase split).
ATTRIBUTES = ("class", "id", "itemprop", "role")
ATTRIBUTE_TOKEN_RE = re.compile(r"[a-z]{3,20}")
CAMEL_RE = re.compile(r"(?<=[a-z])(?=[A-Z])")
# HTML5 sectioning elements of main content: being inside one is a feature.
SEMANTIC_TAGS = frozenset({"article", "main"})
# Content words: tokens of two to MAX_WORD_CHARS letters, no digits; a longer run of letters is data (a token, an
# encoded blob), never a word of a language, and copying it into a feature would double a giant token's memory.
WORD_RE = re.compile(r"^[^\W\d_]{2,}$")
MAX_WORD_CHARS = 40

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


def _bin(value: float, edges: tuple[float, ...]) -> str:
    for edge in edges:
        if value <= edge:
            return f"<={edge:g}"
    return f">{edges[-1]:g}"


def word_equivalents(block: TextBlock) -> float:
    cjk = len(CJK_RE.findall(block.text)) if block.num_words else 0
    return block.num_words - cjk + cjk / CJK_CHARS_PER_WORD


def content_words(text: str, stopwords: frozenset[str]) -> set[str]:
    """The seed's content features: words without stop words; CJK as pairs of adjacent characters."""
    found: set[str] = set()
    previous_cjk = ""
    for token in tokens(text.lower()):
        if len(token) == 1 and CJK_RE.match(token):
            if previous_cjk:
                found.add("w:" + previous_cjk + token)
            previous_cjk = token
            continue
        previous_cjk = ""
        if len(token) <= MAX_WORD_CHARS and token not in stopwords and WORD_RE.match(token):
            found.add("w:" + token)
    return found


def _attribute_tokens(element: etree._Element) -> frozenset[str]:
    """Tokens of the element's attributes, and ``in:article``/``in:main`` for those sectioning elements."""
    if element.tag in SEMANTIC_TAGS:
        return _attribute_tokens_only(element) | {"in:" + element.tag}
    return _attribute_tokens_only(element)


def _attribute_tokens_only(element: etree._Element) -> frozenset[str]:
    values = []
    for name in ATTRIBUTES:
        value = element.get(name)
        if value:
            values.append(CAMEL_RE.sub(" ", value).lower())
    return frozenset("a:" + t for t in ATTRIBUTE_TOKEN_RE.findall(" ".join(values))) if values else frozenset()


class _AncestorTokens:
    """Attribute tokens of an element and all its ancestors, cached per element (no recursion)."""

    def __init__(self) -> None:
        self.cache: dict[etree._Element, frozenset[str]] = {}

    def __call__(self, element: etree._Element | None) -> frozenset[str]:
        if element is None:
            return frozenset()
        chain = []
        node = element
        while node is not None and node not in self.cache and isinstance(node.tag, str):
            chain.append(node)
            node = node.getparent()
        inherited = self.cache.get(node, frozenset()) if node is not None else frozenset()
        for item in reversed(chain):
            own = _attribute_tokens(item)
            inherited = inherited | own if own else inherited
            self.cache[item] = inherited
        return self.cache.get(element, inherited)


def _shape(block: TextBlock | None, words: float) -> str:
    """A neighbour in one word: prose, links, short or none."""
    if block is None:
        return "none"
    if block.char_link_density > 0.5:
        return "links"
    if (words >= PROSE_MIN_WORDS and block.char_link_density <= PROSE_MAX_LINK_DENSITY
            and SENTENCE_END_RE.search(block.text)):
        return "prose"
    return "short"


def _tag_value(block: TextBlock) -> str:
    tag = block.tag
    if tag in HEADING_TAGS:
        return "h"
    return tag if tag in NAMED_TAGS else "other"


def _cetd_value(block: TextBlock, subtree_is_body: bool) -> str:
    if subtree_is_body:
        return "body"
    if "in-subtree" in block.labels:
        return "in"
    if "dense-sibling" in block.labels:
        return "sibling"
    return "out"


class NodeFeatures(Step):
    """The features of every ST node (block) that pruning left, in ``state.features``; only of the blocks whose
    indices are in ``state.feature_blocks`` when that is set (the others get None)."""

    def process(self, run: Run) -> bool:
        state = bayes_state(run)
        blocks = run.blocks
        tree = state.density.tree  # the density steps' simplified tree (density_tree.py)
        pruned = [bool(b.decisions) and b.decisions[-1].label == "pruned" for b in blocks]
        words = [word_equivalents(b) for b in blocks]
        total_chars = sum(b.num_chars for b in blocks) or 1
        stopwords = stoplist(run.doc.language or "")
        ancestors = _AncestorTokens()
        subtree_is_body = not state.density.subtree if tree is not None else True
        features: list[frozenset[str] | None] = []
        offset = 0
        kept = [i for i, p in enumerate(pruned) if not p]
        neighbours = {i: (kept[k - 1] if k else None, kept[k + 1] if k + 1 < len(kept) else None)
                      for k, i in enumerate(kept)}
        only = state.feature_blocks  # a caller's subset (the cascade's veto step)
        for i, block in enumerate(blocks):
            top = offset / total_chars
            offset += block.num_chars
            if pruned[i] or (only is not None and i not in only):
                features.append(None)
                continue
            bottom = 1 - offset / total_chars
            before, after = neighbours[i]
            found = {
                "len:" + _bin(words[i], WORD_BINS),
                "ld:" + _bin(block.char_link_density, LINK_DENSITY_BINS),
                "rho1:" + _bin(block.num_chars / total_chars, RHO1_BINS),
                "td:" + _bin(block.text_density, TEXT_DENSITY_BINS),
                ("top:" if top <= bottom else "bottom:") + _bin(min(top, bottom), EDGE_BINS),
                "sentences:" + _bin(len(SENTENCE_END_RE.findall(block.text)), SENTENCE_BINS),
                "tag:" + _tag_value(block),
                "cetd:" + _cetd_value(block, subtree_is_body),
                "prev:" + _shape(blocks[before] if before is not None else None,
                                 words[before] if before is not None else 0),
                "next:" + _shape(blocks[after] if after is not None else None,
                                 words[after] if after is not None else 0),
            }
            found.update("label:" + label for label in block.labels
                         if label in ("heading", "li", "table", "quote", "pre", "caption", "code"))
            chrome = tree.chrome[tree.block_node[i]] if tree is not None and tree.block_node[i] >= 0 else ""
            found.add("chrome:" + (chrome.split("=")[-1] if chrome else "none"))
            found.update(ancestors(block.element))
            found.update(content_words(block.text, stopwords))
            features.append(frozenset(found))
        state.features = features
        return False


FEATURE_STEPS: tuple[Step, ...] = (
    PruneDom(),
    FuseInlineElements(),
    NodeDensities(),
    ChooseContentSubtree(),
    ExtendToDenseSiblings(),
    NodeFeatures(),
)


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


def node_features(doc: TextDocument) -> tuple[list[TextBlock], list[frozenset[str] | None]]:
    """The blocks of a document and the features of each (None for a pruned block), without a model."""
    run = BayesRun(doc, doc.fresh_blocks())
    for step in FEATURE_STEPS:
        step.process(run)
    return run.blocks, run.state.features or [None] * len(run.blocks)


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
