"""DOM node density extractor (seed 003, 王海艷 & 曹攀 2016, after CETD: Sun, Song & Liao, SIGIR 2011).

The seed simplifies the DOM tree (pruning, then fusing inline elements into their block parents: the
shared TextBlocks already are that fusion), gives every node a pure-text density ρ1 = node.text / text
and a link-text density ρ2 = node.link / node.text, and removes leaves by their visual position and by
two thresholds Δ1 (too little text) and Δ2 (too many links). It says nothing about *which* subtree holds
the article, so that choice follows CETD: the node whose children have the largest sum of text densities
(characters per tag, here counted on pure text only, i.e. weighted by 1 − ρ2) is the article's container,
because an article is many text-dense paragraphs side by side while menus, teasers and comments spend
many tags on little text.

The simplified tree and the steps' typed state are in ``density_tree``, the container choice (CETD) in
``density_scoring``; this module prunes, fuses, filters leaves and chains the steps.
"""

from __future__ import annotations

from crawler.extractors.density.scoring import (
    DELTA2_MAX_LINK_DENSITY,
    MIN_SUBTREE_TEXT_SHARE,
    SIBLING_MAX_LINK_DENSITY,
    SIBLING_MIN_DENSITY_SHARE,
    SUBTREE_EDGE_SHARE,
    ChooseContentSubtree,
    ExtendToDenseSiblings,
    NodeDensities,
)
from crawler.extractors.density.tree import (
    CHROME_ROLES,
    CHROME_TAGS,
    ROOT,
    DensityState,
    SimpleTree,
    build_simple_tree,
    density_state,
)
from crawler.extractors.document.parse import BLOCK_TAGS
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import StateExtractor

# --- DOM pruning (seed 003 §3.2: head, script, hidden, form, comments, &nbsp;, empty elements) ---------
# A form holding less than this share of the page's text is a search, login or newsletter box; a larger
# one wraps the page itself (ASP.NET pages put the whole body in one <form>). Round value, measured: the
# boxes hold under 5 % of the text, page-wrapping forms over 50 %.
FORM_MAX_TEXT_SHARE = 0.2

# --- Visual position (seed 003 definition 3, mapped to static HTML) ------------------------------------
# Share of the page's text at its very top and bottom that the seed's Δ3/Δ4 treat as the page's edge.
# Round value: the first and last 5 % of the text is where menus, bylines of the site and copyright sit.
EDGE_SHARE = 0.05
# Inside the edge, a block needs this many words (a CJK character is one) to count as content all the
# same: boilerpipe's NumWordsRulesClassifier takes blocks under 16 words for boilerplate-prone (seed 000).
EDGE_MIN_WORDS = 16

# --- Leaf filter (seed 003 algorithm 3; Δ2 is in density_scoring) ---------------------------------------
# Δ1: a leaf holding less than this share of the chosen subtree's pure text is a scrap ("Share",
# "Advertisement", a lone date). Round value: 0.5 % of a 5,000-character article is 25 characters.
DELTA1_MIN_TEXT_SHARE = 0.005
# ...but never more than this many characters: in a very long article (a law, a 20 MB page) every paragraph
# is under 0.5 % of the text, and a scrap is a scrap by its own size (twice the 25 characters above).
DELTA1_MAX_TINY_CHARS = 50
# Headings are short by nature: below this link density a heading is kept whatever its length.
HEADING_MAX_LINK_DENSITY = 0.2


class PruneDom(Step):
    """Seed §3.2 pruning of what the shared cleaning leaves: text-less forms and empty elements.

    head, script, style, hidden elements and form controls are already gone from ``doc.root``; elements
    holding no text (``&nbsp;`` only, images, spacers) are kept out of the tag counts, and forms holding
    little text take their blocks with them.
    """

    def process(self, run: Run) -> bool:
        state = density_state(run)
        body = run.doc.body
        if body is None:
            state.reason = "no body to measure"
            return False
        tree = build_simple_tree(body, run.blocks)
        state.tree = tree
        total = tree.chars[0] if tree.nodes else 0
        changed = False
        end_of_pruned = -1
        for i, element in enumerate(tree.nodes):
            if i < end_of_pruned or element.tag != "form" or tree.chars[i] >= FORM_MAX_TEXT_SHARE * total:
                continue
            end_of_pruned = i + tree.size[i]
            reason = (f"inside a {tree.describe(i)} holding {tree.chars[i]} of {total} characters: "
                      "a search, login or newsletter box")
            self._remove(tree, i)
            for block, node in zip(run.blocks, tree.block_node, strict=True):
                if node != ROOT and tree.contains(i, node):
                    block.decide(self.name, False, reason, "pruned")
                    changed = True
        return changed

    @staticmethod
    def _remove(tree: SimpleTree, node: int) -> None:
        """Take a pruned subtree's counts off its ancestors and mark its nodes pruned."""
        chars, link_chars, tags = tree.chars[node], tree.link_chars[node], tree.tags[node]
        up = tree.parent[node]
        while up != ROOT:
            tree.chars[up] -= chars
            tree.link_chars[up] -= link_chars
            tree.tags[up] -= tags
            up = tree.parent[up]
        for i in range(node, node + tree.size[node]):
            tree.pruned[i] = True


class FuseInlineElements(Step):
    """Seed §3.2 fusion rules 1-2: inline elements melt into their block parent, blocks stay apart.

    The shared TextBlocks are exactly that fusion (an ``<a>`` or ``<b>`` does not split a block, a block
    element does), so this step only names, on each block, the ST node it was fused into.
    """

    def process(self, run: Run) -> bool:
        tree = density_state(run).tree
        if tree is None:
            return False
        reasons = {tag: f"inline text fused into its block parent <{tag}>" for tag in BLOCK_TAGS}
        for block, node in zip(run.blocks, tree.block_node, strict=True):
            if node == ROOT or tree.pruned[node]:
                continue
            tag = tree.nodes[node].tag
            block.decide(self.name, None, reasons.get(tag) or f"inline text fused into <{tag}>", "fused")
        return False


class VisualPosition(Step):
    """Seed definition 3 without a renderer: a leaf's position is its offset in the page's text.

    Leaves inside page chrome (``nav``, ``aside``, ``footer``, a page ``header``, ARIA landmarks of the
    same kind) and short leaves in the first or last few percent of the text are the edge of the page.
    """

    def process(self, run: Run) -> bool:
        tree = density_state(run).tree
        total = sum(b.num_chars for b in run.blocks) or 1
        offset = 0
        changed = False
        for i, block in enumerate(run.blocks):
            top = offset / total
            offset += block.num_chars
            bottom = 1 - offset / total
            if not block.is_content:
                continue
            node = tree.block_node[i] if tree is not None else ROOT
            kind = tree.chrome[node] if node != ROOT and tree is not None else ""
            kind = kind or next((label for label in ("nav", "aside", "footer") if label in block.labels), "")
            if kind:
                block.decide(self.name, False, f"inside page chrome <{kind}>", "position")
                changed = True
            elif min(top, bottom) < EDGE_SHARE and block.num_words < EDGE_MIN_WORDS:
                edge = "top" if top <= bottom else "bottom"
                block.decide(self.name, False, f"short block at the page's {edge} "
                             f"({min(top, bottom):.2f} of the text from it)", "position")
                changed = True
        return changed


class LeafDensityFilter(Step):
    """Seed algorithm 3's density test on the leaves left: ρ1 < Δ1 or ρ2 > Δ2 removes a leaf."""

    def process(self, run: Run) -> bool:
        kept = [b for b in run.blocks if b.is_content]
        pure_text = sum(b.num_chars - b.num_chars_in_anchor_text for b in kept) or 1
        tiny_chars = min(DELTA1_MIN_TEXT_SHARE * pure_text, DELTA1_MAX_TINY_CHARS)
        changed = False
        for block in kept:
            rho1 = block.num_chars / pure_text
            rho2 = block.char_link_density
            if block.num_words == 0:
                block.decide(self.name, False, "no word at all: separators and symbols", "tiny")
                changed = True
                continue
            if "heading" in block.labels and rho2 <= HEADING_MAX_LINK_DENSITY:
                continue
            if rho2 > DELTA2_MAX_LINK_DENSITY:
                block.decide(self.name, False, f"link text density ρ2 {rho2:.2f} > Δ2 "
                             f"{DELTA2_MAX_LINK_DENSITY}", "link-dense")
                changed = True
            elif block.num_chars < tiny_chars:
                block.decide(self.name, False, f"pure text density ρ1 {rho1:.4f} < Δ1 "
                             f"{DELTA1_MIN_TEXT_SHARE}", "tiny")
                changed = True
        if not any(b.is_content for b in run.blocks):
            state = density_state(run)
            if state.reason is None:
                state.reason = "no leaf passed the density thresholds"
        return changed


class DensityExtractor(StateExtractor):
    """Seed 003's node density extraction over the shared document model."""

    name = "density"
    state_type = DensityState
    steps = (
        PruneDom(),
        FuseInlineElements(),
        NodeDensities(),
        ChooseContentSubtree(),
        ExtendToDenseSiblings(),
        VisualPosition(),
        LeafDensityFilter(),
    )


__all__ = [
    "CHROME_ROLES",
    "CHROME_TAGS",
    "DELTA1_MAX_TINY_CHARS",
    "DELTA1_MIN_TEXT_SHARE",
    "DELTA2_MAX_LINK_DENSITY",
    "EDGE_MIN_WORDS",
    "EDGE_SHARE",
    "FORM_MAX_TEXT_SHARE",
    "HEADING_MAX_LINK_DENSITY",
    "MIN_SUBTREE_TEXT_SHARE",
    "ROOT",
    "SIBLING_MAX_LINK_DENSITY",
    "SIBLING_MIN_DENSITY_SHARE",
    "SUBTREE_EDGE_SHARE",
    "ChooseContentSubtree",
    "DensityExtractor",
    "DensityState",
    "ExtendToDenseSiblings",
    "FuseInlineElements",
    "LeafDensityFilter",
    "NodeDensities",
    "PruneDom",
    "SimpleTree",
    "VisualPosition",
    "build_simple_tree",
    "density_state",
]
