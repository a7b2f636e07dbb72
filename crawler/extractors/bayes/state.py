"""What the naive Bayes extractor's own steps (bayes.py) hand on to each other, as typed fields.

``BayesRun.state`` is the record ``NodeFeatures``, ``ClassifyNodes``, ``MainRegion`` and ``LowValuePage`` read and
write; ``BayesRun.notes`` is a view of it (``state_notes.StateNotes``) for code that reads a run's notes (the
explain report, ``Extractor.to_article``'s reason). The density extractor's steps that the Bayes extractor runs
first (pruning, fusion, subtree choice) keep their own typed record, ``state.density``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crawler.extractors.density.tree import DensityState
from crawler.extractors.steps.pipeline import Run
from crawler.extractors.steps.state import StateRun, own_state


@dataclass
class BayesState:
    # A caller's subset of block indices to featurize (the cascade's veto step); None: every block pruning left.
    feature_blocks: set[int] | None = None
    # NodeFeatures: each block's features, None for a block pruned or outside ``feature_blocks``.
    features: list[frozenset[str] | None] = field(default_factory=list)
    # ClassifyNodes: each block's log-odds of content under the model, None for a block without features.
    log_odds: list[float | None] = field(default_factory=list)
    # ClassifyNodes / LowValuePage: why the page has no content.
    reason: str | None = None
    # The density extractor's steps run first (its simplified tree, the chosen subtree, ...): their own state.
    density: DensityState = field(default_factory=DensityState)
    # Notes of steps with no field here.
    extra: dict[str, Any] = field(default_factory=dict)


class BayesRun(StateRun[BayesState]):
    """A Run of the naive Bayes extractor's steps: ``state`` typed, ``notes`` a view of it."""

    state_type = BayesState


def bayes_state(run: Run) -> BayesState:
    """The typed state of a run of the Bayes extractor's steps; a clear error for a run of another extractor."""
    return own_state(run, BayesState, "the naive Bayes steps")


__all__ = ["BayesRun", "BayesState", "bayes_state"]
