"""The seed's simplified tree (ST, seed 003 §3.2) of a page's body: per-node counts in flat passes.

All node statistics come from one pass over the body in document order and one pass in reverse (children
before parents, no recursion); the shared tree is only read. In document order a subtree is a contiguous
range of node indices, so "is this block inside that node" is an integer comparison. Also the typed state
the density extractor's steps hand on to each other (``DensityState``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from crawler.extractors.document.parse import BLOCK_TAGS, TextBlock
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.steps.state import state_of

# --- Visual position (seed 003 definition 3, mapped to static HTML) ------------------------------------
# Elements a page uses for its chrome; the seed's "navigation, ads, copyright at the page's edges".
CHROME_TAGS = frozenset({"nav", "aside", "footer"})
# ARIA landmark roles of the same chrome (WAI-ARIA 1.2): menus, page header, page footer, sidebars.
CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "menu", "menubar"})
# A <header> is page chrome unless it heads an article or the main region (HTML's sectioning rule).
SECTIONING_CONTENT = frozenset({"article", "main"})

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


@dataclass
class DensityState:
    # PruneDom: the simplified tree of the body, its counts net of pruned forms (None: no body).
    tree: SimpleTree | None = None
    # ChooseContentSubtree: where each node's text begins in the page text, and the node chosen as the
    # article's container (0 is the body itself).
    offsets: list[int] = field(default_factory=list)
    subtree: int | None = None
    # ExtendToDenseSiblings: the sibling nodes that joined the chosen one.
    siblings: list[int] = field(default_factory=list)
    # Why the page has no content.
    reason: str | None = None
    # Notes of steps that have no field here (the bayes extractor's features, which borrow these steps).
    extra: dict[str, Any] = field(default_factory=dict)


def density_state(run: Run) -> DensityState:
    """The typed state of a density run; a run of another extractor borrowing the steps gets one."""
    return state_of(run, DensityState)


__all__ = ["CHROME_ROLES", "CHROME_TAGS", "ROOT", "DensityState", "SimpleTree", "build_simple_tree", "density_state"]
