"""What kind of page is this: article, forum, product, collection, listing, service or documentation.

    >>> from crawler.extractors import parse_html
    >>> from crawler.extractors.pagekind import judge
    >>> judgement = judge(parse_html(html, url))
    >>> judgement.kind, judgement.probability, judgement.reason

One judgement for the whole project: the extraction's per-kind steps and the crawl's store-or-drop decision
(``crawler.pagejob.pagetypes``) read it. Two named steps: ``page_features`` (``features``: numbers that mean the
same on every site, from what the parsed document holds) and the shipped model's scoring (``model``: a
multinomial logistic regression in ``models/pagekind.json``, trained by ``python -m crawler train --model
pagekind``); the reason names the features that pushed most towards the kind chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..document.blocks import TextDocument
from ..document.jsonld import declared_types
from .features import FEATURE_NAMES, page_features
from .model import KindModel

KINDS = ("article", "forum", "product", "collection", "listing", "service", "documentation")
MODEL_PATH = Path(__file__).resolve().parent.parent / "models" / "pagekind.json"
# Where ``judge`` keeps the shipped model's judgement of a document (with the URL it was judged with).
CACHE_ATTRIBUTE = "_page_kind"
# How many features the reason names.
REASON_FEATURES = 3
# schema.org's news article types: a page that declares one is a news story, judged so without its features (every
# such page of the labelled pages is an article; see docs/pagekind.md).
NEWS_ARTICLE_TYPES = frozenset({"newsarticle", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
                                "backgroundnewsarticle", "reviewnewsarticle", "askpublicnewsarticle"})

_MODEL: list[KindModel] = []


@dataclass(frozen=True)
class KindJudgement:
    """The kind judged most probable, its probability, every kind's, and the features that decided."""

    kind: str
    probability: float
    probabilities: dict[str, float] = field(default_factory=dict)
    reason: str = ""


def shipped_model() -> KindModel:
    """The model of ``models/pagekind.json``, read once."""
    if not _MODEL:
        _MODEL.append(KindModel.load(MODEL_PATH, FEATURE_NAMES))
    return _MODEL[0]


def judge(document: TextDocument, model: KindModel | None = None, *, url: str | None = None) -> KindJudgement:
    """The page's kind by the shipped model (or ``model``), its URL ``url`` when given, else the document's. The
    shipped model's judgement is kept on the document, so that the extraction and the crawl's page job read one
    judgement for one cost. A document without text has no kind to judge: every kind is as probable, the first
    (article) is named, and the reason says why."""
    if model is None:
        kept = getattr(document, CACHE_ATTRIBUTE, None)
        if kept is not None and kept[0] == (url or document.url):
            return kept[1]
        judgement = _judge(document, shipped_model(), url)
        setattr(document, CACHE_ATTRIBUTE, (url or document.url, judgement))
        return judgement
    return _judge(document, model, url)


def judge_with(document: TextDocument, model: KindModel, *, url: str | None = None) -> KindJudgement:
    """The page's kind by ``model``, kept on the document as its judgement: every later ``judge(document)`` (the
    extraction's, the confidence's) reads this one. For evaluation with a model that has not seen the page's site."""
    judgement = _judge(document, model, url)
    setattr(document, CACHE_ATTRIBUTE, (url or document.url, judgement))
    return judgement


def _judge(document: TextDocument, model: KindModel, url: str | None) -> KindJudgement:
    if document.root is None or not document.blocks:
        even = 1 / len(model.kinds)
        return KindJudgement(model.kinds[0], even, dict.fromkeys(model.kinds, even),
                             f"no text to judge: {document.empty_reason or 'no blocks'}")
    for raw in document.json_ld:
        news = declared_types(raw) & NEWS_ARTICLE_TYPES
        if news:
            return KindJudgement("article", 1.0, {name: float(name == "article") for name in model.kinds},
                                 f"article: declares schema.org {min(news)}")
    vector = page_features(document, url)
    probabilities, standard = model.scores(vector)
    best = max(range(len(probabilities)), key=probabilities.__getitem__)  # the first of equals, as argmax
    kind = model.kinds[best]
    contributions = model.contributions(standard, best)
    # the strongest pushes first, ties in feature order (a stable sort of the column, not a key call per feature)
    negated = [-value for value in contributions]
    pushed = sorted(range(len(negated)), key=negated.__getitem__)[:REASON_FEATURES]
    reason = f"{kind} {probabilities[best]:.2f}: " + ", ".join(model.features[i] for i in pushed)
    return KindJudgement(kind, float(probabilities[best]),
                         {name: float(p) for name, p in zip(model.kinds, probabilities, strict=True)}, reason)


__all__ = ["KINDS", "MODEL_PATH", "KindJudgement", "judge", "judge_with", "shipped_model"]
