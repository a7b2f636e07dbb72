"""How far to trust one extraction: ``Article.confidence``, a number in 0..1 that predicts the page's word F1 (the
overlap of the extracted words with the words a person would keep).

Two named steps: ``confidence_features`` reads the extraction (the page's judged kind, which step of the cascade
produced the text, how many words it kept and what share of the page's words, the link density of the kept text,
how concentrated it is in its longest block) and ``ConfidenceModel.predict`` scores them with a logistic model
shipped as JSON (``models/confidence.json``), fitted on pages with gold text by ``python -m crawler train --model
confidence`` with cross-validation by domain (``crawler.evaluation.confidence_fit``). The file holds no page text.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from . import KINDS, judge

if TYPE_CHECKING:
    from ..document.parse import TextBlock, TextDocument


class Extraction(Protocol):
    """What the confidence reads of an extraction (an ``Article``); a protocol, so that the article type's lazy
    ``confidence`` field can call this module without this module importing it back."""

    document: TextDocument | None
    extractor: str
    blocks: list[TextBlock]
    text: str

FORMAT = "crawler-confidence-logistic"
FORMAT_VERSION = 1
MODEL_PATH = Path(__file__).resolve().parent.parent / "models" / "confidence.json"
SIGNIFICANT_DIGITS = 6
# The cascade's last steps (``article.extractor`` after "default/"): the fallbacks are less sure than the blocks.
STEPS = ("blocks", "blocks+widened", "template+blocks", "lineblock", "visible-text")
# Below this confidence an extraction is counted as low in the summaries of extract-batch and the crawl
# (design choice: a predicted F1 under one half means more wrong or missing words than right ones).
LOW_CONFIDENCE = 0.5

CONFIDENCE_FEATURES = (
    *(f"kind_{kind}" for kind in KINDS), "kind_probability",
    *(f"step_{step}" for step in STEPS), "step_other",
    "empty", "kept_words", "page_words", "kept_share", "kept_link_density", "kept_blocks", "longest_share",
    "kept_headings", "kept_items",
)

_MODEL: list[ConfidenceModel] = []
NUM_WORDS = attrgetter("num_words")


def _log(value: float) -> float:
    return math.log1p(value) / 10


def confidence_features(article: Extraction) -> list[float]:
    """The extraction's feature vector, in ``CONFIDENCE_FEATURES`` order."""
    document = article.document
    if document is not None:
        judgement = judge(document)
        kinds = [judgement.probabilities.get(kind, 0.0) for kind in KINDS]
        probability = judgement.probability
        page_words = sum(map(NUM_WORDS, document.blocks))  # (no generator frame a block: pages have hundreds)
    else:
        kinds, probability, page_words = [0.0] * len(KINDS), 0.0, 0
    step = article.extractor.split("/", 1)[1] if "/" in article.extractor else ""
    steps = [float(step == name) for name in STEPS]
    steps.append(float(step not in STEPS))
    kept = [block for block in article.blocks if block.is_content]
    words = sum(block.num_words for block in kept)
    linked = sum(block.num_words_in_anchor_text for block in kept)
    longest = max((block.num_words for block in kept), default=0)
    headings = sum(1 for block in kept if "heading" in block.labels)
    items = sum(1 for block in kept if "li" in block.labels)
    if not kept and article.text:  # an extractor that returns text without labelled blocks
        words = len(article.text.split())
        longest = words
    return [*kinds, probability, *steps, float(not article.text.strip()), _log(words), _log(page_words),
            words / page_words if page_words else 0.0, linked / words if words else 0.0, _log(len(kept)),
            longest / words if words else 0.0, headings / len(kept) if kept else 0.0,
            items / len(kept) if kept else 0.0]


def _rounded(values: Iterable[float]) -> list:
    return [float(f"{float(value):.{SIGNIFICANT_DIGITS}g}") for value in values]


@dataclass
class ConfidenceModel:
    """A logistic model of the word F1: sigmoid(bias + Σ weight · (x − mean) / scale), held as tuples of floats and
    scored in plain Python (one vector is a few dozen products; see ``model.KindModel``)."""

    features: tuple[str, ...]
    mean: Sequence[float]
    scale: Sequence[float]
    weights: Sequence[float]
    bias: float
    info: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.mean, self.scale = tuple(map(float, self.mean)), tuple(map(float, self.scale))
        self.weights, self.bias = tuple(map(float, self.weights)), float(self.bias)

    def predict(self, vector: Sequence[float]) -> float:
        score = math.fsum((float(x) - mean) / scale * weight for x, mean, scale, weight
                          in zip(vector, self.mean, self.scale, self.weights, strict=True)) + self.bias
        return 1 / (1 + math.exp(-max(min(score, 50.0), -50.0)))

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": FORMAT_VERSION, "features": list(self.features),
                "mean": _rounded(self.mean), "scale": _rounded(self.scale), "weights": _rounded(self.weights),
                "bias": _rounded([self.bias])[0], "info": self.info}
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str) -> ConfidenceModel:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a confidence model file: {error}") from error
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != FORMAT_VERSION:
            raise ValueError(f"not a {FORMAT} model file of version {FORMAT_VERSION} (rebuild it with "
                             "`python -m crawler train --model confidence`)")
        if tuple(data["features"]) != CONFIDENCE_FEATURES:
            raise ValueError("the confidence model was trained on other features than this code computes "
                             "(rebuild it with `python -m crawler train --model confidence`)")
        return cls(tuple(data["features"]), data["mean"], data["scale"], data["weights"], float(data["bias"]),
                   data.get("info") or {})


def shipped_model() -> ConfidenceModel:
    if not _MODEL:
        _MODEL.append(ConfidenceModel.from_json(MODEL_PATH.read_text(encoding="utf-8")))
    return _MODEL[0]


def confidence_of(article: Extraction, model: ConfidenceModel | None = None) -> float:
    """The predicted word F1 of an extraction, rounded to 3 digits; 0 for an empty one (nothing is right)."""
    if not article.text.strip():
        return 0.0
    return round((model or shipped_model()).predict(confidence_features(article)), 3)


__all__ = ["CONFIDENCE_FEATURES", "LOW_CONFIDENCE", "ConfidenceModel", "confidence_features", "confidence_of",
           "shipped_model"]
