"""The naive Bayes classifier (seed 003, ``bayes.extractor``) as a step for the default cascade.

The cascade's hand rules choose the article container and keep its blocks; the classifier, trained on the gold of
the shared sets, judges each kept block on its own features (density, position, tag, class/id tokens, words). Where
it is sure a kept block is low-value, the block goes (``BayesVeto``), with the label ``bayes-veto`` and the
features that weighed most as its reason. ``with_veto`` puts the step in a cascade after its hand rules.

**Not in the default chain**, because cross-validation by site says it does not beat the hand rules there
(``python -m crawler.evaluation.evidence --step`` trains a model per fold of sites and scores the cascade with and
without the step on the held-out pages; see docs/tuning.md). Its main evidence was the density extractor's
``cetd:out`` feature: a second container rule overruling the first.
"""

from __future__ import annotations

import math

from crawler.extractors.bayes.extractor import FEATURE_STEPS, MODEL_PATH, describe_evidence
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.bayes.state import BayesRun, BayesState
from crawler.extractors.cascade.state import cascade_state
from crawler.extractors.steps.pipeline import Extractor, Run, Step

# A kept block goes when its log-odds of content are at or below minus this (~10,000 to 1); by-site CV, docs/tuning.md.
VETO_MAX_LOG_ODDS = 9.2
# Only kept blocks shorter than this are judged (labels, dates, buttons, credits); by-site CV, docs/tuning.md.
VETO_MAX_WORDS = 25
# The step after which ``with_veto`` puts the veto: the last of the cascade's block-level hand rules.
VETO_AFTER_STEP = "KeepLinksInsideArticle"


class BayesVeto(Step):
    """A block the cascade keeps goes when the naive Bayes model is sure it is low-value (log-odds of content at
    or below ``-max_log_odds``). Only kept blocks under ``max_words`` words are featurized; blocks whose last
    verdict came from a step named in ``spare`` are left alone; with ``inside_only``, so are blocks outside the
    density extractor's chosen subtree. Without a model (none given, none shipped) the step does nothing."""

    def __init__(self, model: NaiveBayesModel | None = None, max_log_odds: float = VETO_MAX_LOG_ODDS,
                 max_words: float = VETO_MAX_WORDS, spare: tuple[str, ...] = (), inside_only: bool = False) -> None:
        self._model = model
        self.spare = spare
        self.inside_only = inside_only
        self.max_log_odds = max_log_odds
        self.max_words = max_words

    @property
    def model(self) -> NaiveBayesModel | None:
        if self._model is None:
            try:
                self._model = NaiveBayesModel.load(MODEL_PATH)
            except (FileNotFoundError, ValueError):
                return None  # no model shipped: the cascade runs without the step
        return self._model

    def process(self, run: Run) -> bool:
        candidates = {i for i, b in enumerate(run.blocks) if b.is_content and b.num_words < self.max_words
                      and not (self.spare and b.decisions and b.decisions[-1].step in self.spare)}
        model = self.model
        if not candidates or model is None:
            return False
        features = _features(run, candidates)
        changed = False
        for index in sorted(candidates):
            found = features[index]
            if found is None or (self.inside_only and ("cetd:out" in found or "cetd:sibling" in found)):
                continue
            value, evidence = model.score(found)
            if value <= -self.max_log_odds:
                p = 1 / (1 + math.exp(-max(value, -50.0)))
                run.blocks[index].decide(
                    self.name, False, f"naive Bayes: P(content) {p:.1e}, log-odds {value:.1f} ≤ "
                    f"-{self.max_log_odds}: {describe_evidence(evidence)}", "bayes-veto")
                changed = True
        if changed:
            cascade_state(run).bayes_veto = sum(1 for b in run.blocks if "bayes-veto" in b.labels)
        return changed


def _features(run: Run, indices: set[int]) -> list[frozenset[str] | None]:
    """The bayes extractor's features of the blocks at ``indices`` (None elsewhere), on fresh copies of the
    document's blocks so that the cascade's verdicts stay as they are."""
    shadow = BayesRun(run.doc, run.doc.fresh_blocks(), BayesState(feature_blocks=indices))
    for step in FEATURE_STEPS:
        step.process(shadow)
    return shadow.state.features or [None] * len(run.blocks)


def with_veto(extractor: Extractor, veto: BayesVeto) -> Extractor:
    """``extractor`` (a default cascade) with ``veto`` after its ``VETO_AFTER_STEP`` step (replacing any veto)."""
    steps = [step for step in extractor.steps if not isinstance(step, BayesVeto)]
    at = next(i for i, step in enumerate(steps) if step.name == VETO_AFTER_STEP) + 1
    steps.insert(at, veto)
    extractor.steps = tuple(steps)
    return extractor


__all__ = ["VETO_AFTER_STEP", "VETO_MAX_LOG_ODDS", "VETO_MAX_WORDS", "BayesVeto", "with_veto"]
