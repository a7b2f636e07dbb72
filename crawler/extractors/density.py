"""DOM node density extractor (seed 003, 王海艷 & 曹攀 2016, after CETD: Sun, Song & Liao, SIGIR 2011).

The seed simplifies the DOM tree (pruning, then fusing inline elements into their block parents: the
shared TextBlocks already are that fusion), gives every node a pure-text density ρ1 = node.text / text
and a link-text density ρ2 = node.link / node.text, and removes leaves by their visual position and by
two thresholds Δ1 (too little text) and Δ2 (too many links). It says nothing about *which* subtree holds
the article, so that choice follows CETD: the node whose children have the largest sum of text densities
(characters per tag, here counted on pure text only, i.e. weighted by 1 − ρ2) is the article's container,
because an article is many text-dense paragraphs side by side while menus, teasers and comments spend
many tags on little text.

All node statistics come from one pass over the body in document order and one pass in reverse (children
before parents, no recursion); the shared tree is only read. In document order a subtree is a contiguous
range of node indices, so "is this block inside that node" is an integer comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from .document import BLOCK_TAGS, HEADING_TAGS, TextBlock
from .pipeline import Extractor, Run, Step

# --- DOM pruning (seed 003 §3.2: head, script, hidden, form, comments, &nbsp;, empty elements) ---------
# A form holding less than this share of the page's text is a search, login or newsletter box; a larger
# one wraps the page itself (ASP.NET pages put the whole body in one <form>). Round value, measured: the
# boxes hold under 5 % of the text, page-wrapping forms over 50 %.
FORM_MAX_TEXT_SHARE = 0.2

# --- Visual position (seed 003 definition 3, mapped to static HTML) ------------------------------------
# Elements a page uses for its chrome; the seed's "navigation, ads, copyright at the page's edges".
CHROME_TAGS = frozenset({"nav", "aside", "footer"})
# ARIA landmark roles of the same chrome (WAI-ARIA 1.2): menus, page header, page footer, sidebars.
CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "menu", "menubar"})
# A <header> is page chrome unless it heads an article or the main region (HTML's sectioning rule).
SECTIONING_CONTENT = frozenset({"article", "main"})
# Share of the page's text at its very top and bottom that the seed's Δ3/Δ4 treat as the page's edge.
# Round value: the first and last 5 % of the text is where menus, bylines of the site and copyright sit.
EDGE_SHARE = 0.05
# Inside the edge, a block needs this many words (a CJK character is one) to count as content all the
# same: boilerpipe's NumWordsRulesClassifier takes blocks under 16 words for boilerplate-prone (seed 000).
EDGE_MIN_WORDS = 16

# --- Leaf filter (seed 003 algorithm 3) --------------------------------------------------------------
# Δ1: a leaf holding less than this share of the chosen subtree's pure text is a scrap ("Share",
# "Advertisement", a lone date). Round value: 0.5 % of a 5,000-character article is 25 characters.
DELTA1_MIN_TEXT_SHARE = 0.005
# ...but never more than this many characters: in a very long article (a law, a 20 MB page) every paragraph
# is under 0.5 % of the text, and a scrap is a scrap by its own size (twice the 25 characters above).
DELTA1_MAX_TINY_CHARS = 50
# Δ2: a leaf whose text is more than this share links is a menu, a tag list or a teaser (boilerpipe's
# and jusText's max link density is 0.2 for paragraphs, seed 000/002; a looser 0.5 for leaves that
# already lie inside the article's subtree).
DELTA2_MAX_LINK_DENSITY = 0.5
# Headings are short by nature: below this link density a heading is kept whatever its length.
HEADING_MAX_LINK_DENSITY = 0.2

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

ROOT = -1  # parent index of the body


@dataclass(slots=True)
class SimpleTree:
    """The seed's simplified tree (ST): per-node counts over the body's elements in document order.

    Arrays are indexed by node position in ``body.iter()``; ``size[i]`` is the subtree's node count, so
    node j lies inside node i exactly when ``i <= j < i + size[i]``.
    """

    nodes: list[etree._Element]
    parent: list[int]
    size: list[int]
    chars: list[int]
    link_chars: list[int]
    tags: list[int]
    is_block_level: list[bool]
    chrome: list[str]
    pruned: list[bool]
    block_node: list[int]  # node index of each block's element, ROOT when it lies outside the body
    own_chars: list[int] = field(default_factory=list)
    own_link_chars: list[int] = field(default_factory=list)
    own_inline_tags: list[int] = field(default_factory=list)
    rho1: list[float] = field(default_factory=list)
    rho2: list[float] = field(default_factory=list)
    density_sum: list[float] = field(default_factory=list)

    def contains(self, ancestor: int, node: int) -> bool:
        return ancestor <= node < ancestor + self.size[ancestor]

    def describe(self, index: int) -> str:
        element = self.nodes[index]
        name = element.tag
        if element.get("id"):
            name += "#" + element.get("id").strip()
        elif element.get("class"):
            name += "." + ".".join(element.get("class").split()[:2])
        return f"<{name}>"


def _chrome_kind(element: etree._Element) -> str:
    """The chrome landmark this element opens ('' for none): semantic tags and ARIA roles."""
    tag = element.tag
    if tag in CHROME_TAGS:
        return tag
    if tag == "header":
        inside = any(a.tag in SECTIONING_CONTENT for a in element.iterancestors())
        return "" if inside else "header"
    for token in (element.get("role") or "").lower().split():
        if token in CHROME_ROLES:
            return f"role={token}"
    return ""


def build_simple_tree(body: etree._Element, blocks: list[TextBlock]) -> SimpleTree:
    """Counts of every body element in flat passes: document order, then children before parents."""
    nodes = list(body.iter(etree.Element))
    index = {element: i for i, element in enumerate(nodes)}
    parent = [index.get(element.getparent(), ROOT) for element in nodes]
    if parent:
        parent[0] = ROOT
    is_block_level = [element.tag in BLOCK_TAGS for element in nodes]
    has_text = [bool(text) and not text.isspace() for text in (element.text for element in nodes)]
    count = len(nodes)
    chars = [0] * count
    link_chars = [0] * count
    block_node: list[int] = []
    for block in blocks:
        node = index.get(block.element, ROOT) if block.element is not None else ROOT
        block_node.append(node)
        if node != ROOT:
            chars[node] += block.num_chars
            link_chars[node] += block.num_chars_in_anchor_text
            has_text[node] = True
    own_chars = list(chars)
    own_link_chars = list(link_chars)
    size = [1] * count
    tags = [0] * count
    own_inline_tags = [0] * count
    for i in range(count - 1, -1, -1):
        up = parent[i]
        if has_text[i]:
            tags[i] += 1  # an element without text is pruned from the tag counts (seed: empty elements)
            if up != ROOT:
                has_text[up] = True
                if not is_block_level[i]:
                    own_inline_tags[up] += tags[i]
        if up != ROOT:
            size[up] += size[i]
            chars[up] += chars[i]
            link_chars[up] += link_chars[i]
            tags[up] += tags[i]
    chrome = [""] * count
    landmarks = body.xpath(".//nav|.//aside|.//footer|.//header|.//*[@role]")
    for element in landmarks:  # document order, so an outer landmark is marked before the ones inside it
        i = index.get(element)
        kind = _chrome_kind(element) if i is not None and not chrome[i] else ""
        if kind:
            chrome[i : i + size[i]] = [kind] * size[i]
    return SimpleTree(nodes, parent, size, chars, link_chars, tags, is_block_level, chrome,
                      [not t for t in has_text], block_node, own_chars, own_link_chars, own_inline_tags)


def _tree(run: Run) -> SimpleTree | None:
    return run.notes.get("tree")


class PruneDom(Step):
    """Seed §3.2 pruning of what the shared cleaning leaves: text-less forms and empty elements.

    head, script, style, hidden elements and form controls are already gone from ``doc.root``; elements
    holding no text (``&nbsp;`` only, images, spacers) are kept out of the tag counts, and forms holding
    little text take their blocks with them.
    """

    def process(self, run: Run) -> bool:
        body = run.doc.body
        if body is None:
            run.notes["reason"] = "no body to measure"
            return False
        tree = build_simple_tree(body, run.blocks)
        run.notes["tree"] = tree
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
        tree = _tree(run)
        if tree is None:
            return False
        reasons = {tag: f"inline text fused into its block parent <{tag}>" for tag in BLOCK_TAGS}
        for block, node in zip(run.blocks, tree.block_node, strict=True):
            if node == ROOT or tree.pruned[node]:
                continue
            tag = tree.nodes[node].tag
            block.decide(self.name, None, reasons.get(tag) or f"inline text fused into <{tag}>", "fused")
        return False


class NodeDensities(Step):
    """Seed definitions 1-2 per node, and CETD's density sum over each node's ST children.

    A child's density is its pure text per tag, (node.text − node.link) / tags = ρ1·text·(1 − ρ2) / tags:
    CETD's text density with link text taken out. A node's own text (text between ``<br>``s, directly in
    the node) counts as one more child whose tags are the inline elements around it.
    """

    def process(self, run: Run) -> bool:
        tree = _tree(run)
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
        tree = _tree(run)
        if tree is None or not tree.nodes:
            return False
        total_pure = tree.chars[0] - tree.link_chars[0]
        offsets = _text_offsets(tree, run.blocks)
        run.notes["offsets"] = offsets
        best = 0
        best_sum = -1.0
        for i, value in enumerate(tree.density_sum):
            if (value > best_sum and not tree.pruned[i] and not tree.chrome[i]
                    and tree.rho2[i] <= DELTA2_MAX_LINK_DENSITY):
                pure = tree.chars[i] - tree.link_chars[i]
                if pure >= MIN_SUBTREE_TEXT_SHARE * total_pure and not _at_page_edge(tree, i, offsets):
                    best, best_sum = i, value
        run.notes["subtree"] = best
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
        tree = _tree(run)
        chosen = run.notes.get("subtree")
        if tree is None or chosen is None:
            return False
        reference = _pure_text_per_tag(tree, chosen)
        offsets = run.notes["offsets"]
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
        run.notes["siblings"] = joined
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


class VisualPosition(Step):
    """Seed definition 3 without a renderer: a leaf's position is its offset in the page's text.

    Leaves inside page chrome (``nav``, ``aside``, ``footer``, a page ``header``, ARIA landmarks of the
    same kind) and short leaves in the first or last few percent of the text are the edge of the page.
    """

    def process(self, run: Run) -> bool:
        tree = _tree(run)
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
            run.notes.setdefault("reason", "no leaf passed the density thresholds")
        return changed


class DensityExtractor(Extractor):
    """Seed 003's node density extraction over the shared document model."""

    name = "density"
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
    "ChooseContentSubtree",
    "DensityExtractor",
    "ExtendToDenseSiblings",
    "FuseInlineElements",
    "LeafDensityFilter",
    "NodeDensities",
    "PruneDom",
    "SimpleTree",
    "VisualPosition",
    "build_simple_tree",
]
