"""CETD's choice of the article's container over the simplified tree (seed 003, after Sun, Song & Liao 2011).

The seed says nothing about *which* subtree holds the article, so that choice follows CETD: the node whose
children have the largest sum of text densities (characters per tag, here counted on pure text only, i.e.
weighted by 1 − ρ2) is the article's container, because an article is many text-dense paragraphs side by
side while menus, teasers and comments spend many tags on little text. Its siblings as dense join it.
"""

from __future__ import annotations

from crawler.extractors.density.tree import ROOT, SimpleTree, density_state
from crawler.extractors.document.parse import HEADING_TAGS, TextBlock
from crawler.extractors.steps.pipeline import Run, Step

# Δ2: a leaf whose text is more than this share links is a menu, a tag list or a teaser (boilerpipe's
# and jusText's max link density is 0.2 for paragraphs, seed 000/002; a looser 0.5 for leaves that
# already lie inside the article's subtree).
DELTA2_MAX_LINK_DENSITY = 0.5

# --- Subtree choice (CETD) ---------------------------------------------------------------------------
# A subtree holding less than this share of the page's pure text cannot be the article: the page has no
# single container of dense text and the body is kept (the leaf filters still apply). Round value.
MIN_SUBTREE_TEXT_SHARE = 0.1

# A sibling of the chosen subtree joins it when its link text density is at most this (jusText's
# max_link_density 0.2, seed 002, rounded up a little for sections that cite sources)...
SIBLING_MAX_LINK_DENSITY = 0.25
# ...and its pure text per tag reaches this share of the chosen subtree's (round value: half as dense).
SIBLING_MIN_DENSITY_SHARE = 0.5

# A candidate subtree whose text lies wholly in the first or last tenth of the page text sits at the
# page's edge (seed definition 3: valuable content is central). Round value.
SUBTREE_EDGE_SHARE = 0.1


class NodeDensities(Step):
    """Seed definitions 1-2 per node, and CETD's density sum over each node's ST children.

    A child's density is its pure text per tag, (node.text − node.link) / tags = ρ1·text·(1 − ρ2) / tags:
    CETD's text density with link text taken out. A node's own text (text between ``<br>``s, directly in
    the node) counts as one more child whose tags are the inline elements around it.
    """

    def process(self, run: Run) -> bool:
        tree = density_state(run).tree
        if tree is None:
            return False
        count = len(tree.nodes)
        total = max(tree.chars[0], 1) if count else 1
        tree.rho1 = [c / total for c in tree.chars]
        tree.rho2 = [link / c if c else 0.0 for link, c in zip(tree.link_chars, tree.chars, strict=True)]
        density_sum = [0.0] * count
        for i in range(count):
            if tree.pruned[i]:
                continue
            own = tree.own_chars[i] - tree.own_link_chars[i]
            if own > 0:
                density_sum[i] += own / (1 + tree.own_inline_tags[i])
            up = tree.parent[i]
            if up != ROOT and tree.is_block_level[i] and tree.chars[i]:
                density_sum[up] += (tree.chars[i] - tree.link_chars[i]) / max(tree.tags[i], 1)
        tree.density_sum = density_sum
        return False


class ChooseContentSubtree(Step):
    """CETD: the article's container is the node with the largest density sum.

    Candidates are held to the seed's Δ2 as a whole (a node mostly made of links is a menu, whatever its
    children's density) and must hold a fair share of the page's pure text.
    """

    def process(self, run: Run) -> bool:
        state = density_state(run)
        tree = state.tree
        if tree is None or not tree.nodes:
            return False
        total_pure = tree.chars[0] - tree.link_chars[0]
        offsets = _text_offsets(tree, run.blocks)
        state.offsets = offsets
        best = 0
        best_sum = -1.0
        for i, value in enumerate(tree.density_sum):
            if (value > best_sum and not tree.pruned[i] and not tree.chrome[i]
                    and tree.rho2[i] <= DELTA2_MAX_LINK_DENSITY):
                pure = tree.chars[i] - tree.link_chars[i]
                if pure >= MIN_SUBTREE_TEXT_SHARE * total_pure and not _at_page_edge(tree, i, offsets):
                    best, best_sum = i, value
        state.subtree = best
        where = tree.describe(best)
        inside = (f"inside {where}, the node of largest density sum {best_sum:.0f} "
                  f"(ρ1 {tree.rho1[best]:.2f}, ρ2 {tree.rho2[best]:.2f})")
        outside = f"outside {where}, the node of largest density sum"
        start, end = best, best + tree.size[best]
        changed = False
        for block, node in zip(run.blocks, tree.block_node, strict=True):
            if node != ROOT and tree.pruned[node]:
                continue
            if start <= node < end:
                block.decide(self.name, True, inside, "in-subtree")
                changed = True
            else:
                block.decide(self.name, False, outside, "outside-subtree")
        return changed


def _text_offsets(tree: SimpleTree, blocks: list[TextBlock]) -> list[int]:
    """Character offset in the page text where each node's text begins (the seed's ``top``)."""
    count = len(tree.nodes)
    first = [-1] * count
    offset = 0
    for block, node in zip(blocks, tree.block_node, strict=True):
        if node != ROOT and first[node] < 0:
            first[node] = offset
        offset += block.num_chars
    for i in range(count - 1, 0, -1):
        up = tree.parent[i]
        if first[i] >= 0 and up != ROOT and (first[up] < 0 or first[i] < first[up]):
            first[up] = first[i]
    return first


def _at_page_edge(tree: SimpleTree, node: int, first: list[int]) -> bool:
    """Seed definition 3: a node whose text lies wholly in the top or bottom edge of the page."""
    total = tree.chars[0] or 1
    top = first[node] / total
    bottom = 1 - (first[node] + tree.chars[node]) / total
    return top > 1 - SUBTREE_EDGE_SHARE or bottom > 1 - SUBTREE_EDGE_SHARE


class ExtendToDenseSiblings(Step):
    """CETD marks every dense node, not one: an article cut into sections keeps its sibling sections.

    From the chosen node up, a sibling joins when its pure text per tag is close to the chosen node's,
    its link text density is low and it is not at the page's edge; when every sibling with text joins,
    the parent becomes the node and the climb goes on, else it stops there.
    """

    def process(self, run: Run) -> bool:
        state = density_state(run)
        tree, chosen = state.tree, state.subtree
        if tree is None or chosen is None:
            return False
        reference = _pure_text_per_tag(tree, chosen)
        offsets = state.offsets
        joined: list[int] = []
        own_text_of: list[int] = []
        node = chosen
        while tree.parent[node] != ROOT:
            up = tree.parent[node]
            if tree.chrome[up]:
                break
            siblings = [j for j in _children(tree, up) if j != node and tree.chars[j] and not tree.pruned[j]]
            dense = [j for j in siblings
                     if _is_dense_sibling(tree, j, reference) and not _at_page_edge(tree, j, offsets)]
            joined.extend(dense)
            own = tree.own_chars[up]
            own_dense = own > 0 and tree.own_link_chars[up] <= SIBLING_MAX_LINK_DENSITY * own
            if own_dense:
                own_text_of.append(up)
            if len(dense) < len(siblings) or (own > 0 and not own_dense):
                break  # something else lives beside the article here: the page's layout begins
            node = up
        state.siblings = joined
        changed = False
        for block, at in zip(run.blocks, tree.block_node, strict=True):
            if block.is_content or at == ROOT or tree.pruned[at]:
                continue
            sibling = next((j for j in joined if tree.contains(j, at)), None)
            if sibling is not None:
                block.decide(self.name, True, f"inside {tree.describe(sibling)}, a sibling as dense as the "
                             "chosen subtree", "dense-sibling")
                changed = True
            elif at in own_text_of:
                block.decide(self.name, True, f"text of {tree.describe(at)}, the dense parent of the chosen "
                             "subtree", "dense-sibling")
                changed = True
        return changed


def _children(tree: SimpleTree, node: int) -> list[int]:
    """Direct children, found by jumping over subtrees: in document order the next child follows one."""
    found = []
    child = node + 1
    end = node + tree.size[node]
    while child < end:
        found.append(child)
        child += tree.size[child]
    return found


def _pure_text_per_tag(tree: SimpleTree, node: int) -> float:
    return (tree.chars[node] - tree.link_chars[node]) / max(tree.tags[node], 1)


def _is_dense_sibling(tree: SimpleTree, node: int, reference: float) -> bool:
    if tree.chrome[node] or tree.rho2[node] > SIBLING_MAX_LINK_DENSITY:
        return False
    if tree.nodes[node].tag in HEADING_TAGS:
        return True
    return _pure_text_per_tag(tree, node) >= SIBLING_MIN_DENSITY_SHARE * reference


__all__ = [
    "DELTA2_MAX_LINK_DENSITY",
    "MIN_SUBTREE_TEXT_SHARE",
    "SIBLING_MAX_LINK_DENSITY",
    "SIBLING_MIN_DENSITY_SHARE",
    "SUBTREE_EDGE_SHARE",
    "ChooseContentSubtree",
    "ExtendToDenseSiblings",
    "NodeDensities",
]
