"""What the default cascade's steps hand on to each other, as named and typed fields.

``CascadeRun.state`` is the typed record the cascade's own steps read and write. ``CascadeRun.notes`` stays a
mapping over the same record for code written against the untyped notes every ``Run`` has (the explain report,
steps added to the cascade from other modules): a key named like a field reads and writes that field, and is
"in" the notes once the field holds something; any other key lives in ``state.extra``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from crawler.extractors.document.subtree import SubtreeCounts, SubtreeSums, TreeIndex
from crawler.extractors.steps.notes import StateNotes, field_names
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.steps.state import StateRun, own_state


@dataclass
class CascadeState:
    # The run's tree in document order and each block's position in it (None: no element in the tree).
    tree_index: TreeIndex | None = None
    positions: list[int | None] | None = None
    # Seeded from the template store (cascade step 1): the URL's pattern and the lines its template calls chrome.
    template: str | None = None
    template_lines: frozenset[str] = frozenset()
    # Each block's running-text score (words outside links of blocks long and unlinked enough; MarkFurniture).
    block_scores: list[float] = field(default_factory=list)
    # MarkFurniture: why the page's comment containers are its posts (schema.org type), why class/id names
    # were ignored, the furniture verdict of each block (by index) and of each element looked at.
    posts: str | None = None
    posts_checked: bool = False  # whether the page was searched for such a type (``beyond_prose.page_posts``)
    names_ignored: str | None = None
    furniture: dict[int, str] = field(default_factory=dict)
    furniture_of_element: dict[etree._Element, str | None] = field(default_factory=dict)
    # ScoreContainers: each candidate's score; running text and (words, words in links) under any element,
    # furniture left out.
    container_scores: dict[etree._Element, float] = field(default_factory=dict)
    running_text: SubtreeSums | None = None
    words: SubtreeCounts | None = None
    # ChooseContentRoot and the steps that join more containers to it (with why each joined).
    content_roots: list[etree._Element] = field(default_factory=list)
    joined: int | None = None
    joined_why: dict[etree._Element, str] = field(default_factory=dict)
    repeated_units: str | None = None
    # CheckEnoughText / WidenContainer: why the container holds too little, how it was widened.
    too_little: str | None = None
    widened: str | None = None
    # Why no container was found.
    reason: str | None = None
    # BayesVeto (bayes_veto.py, not in the shipped chain): how many kept blocks the naive Bayes model vetoed.
    bayes_veto: int | None = None
    # Notes of steps that have no field here (none of the shipped steps': each has a field above).
    extra: dict[str, Any] = field(default_factory=dict)


FIELD_NAMES = field_names(CascadeState())


class CascadeRun(StateRun[CascadeState]):
    """A Run of the default cascade: ``state`` typed, ``notes`` a view of it."""

    state_type = CascadeState


def block_positions(run: Run) -> tuple[TreeIndex, list[int | None]]:
    """The document-order index of the run's tree and each block's position in it (its element's), None for a
    block with no element in the tree."""
    state = cascade_state(run)
    if state.tree_index is None or state.positions is None:
        index = run.doc.tree_index
        if index is None:  # blocks made by hand, without a document tree: their elements' own tree
            top = next((b.element for b in run.blocks if b.element is not None), None)
            index = TreeIndex.of(top.getroottree().getroot()) if top is not None else TreeIndex({}, [])
        position = index.position
        state.tree_index = index
        state.positions = [position.get(b.element) if b.element is not None else None for b in run.blocks]
    return state.tree_index, state.positions


def cascade_state(run: Run) -> CascadeState:
    """The typed state of a cascade run; a clear error for a run of another extractor."""
    return own_state(run, CascadeState, "the default cascade")


__all__ = ["FIELD_NAMES", "CascadeRun", "CascadeState", "StateNotes", "block_positions", "cascade_state"]
