"""The features of seed 003's naive Bayes extractor: every block's density, position, tag, neighbours, attribute
tokens and content words as one set of strings (the steps that compute them end with ``NodeFeatures``)."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.bayes.state import BayesRun, bayes_state
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


def node_features(doc: TextDocument) -> tuple[list[TextBlock], list[frozenset[str] | None]]:
    """The blocks of a document and the features of each (None for a pruned block), without a model."""
    run = BayesRun(doc, doc.fresh_blocks())
    for step in FEATURE_STEPS:
        step.process(run)
    return run.blocks, run.state.features or [None] * len(run.blocks)


__all__ = ["FEATURE_STEPS", "NodeFeatures", "content_words", "node_features", "word_equivalents"]
