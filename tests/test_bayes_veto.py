"""The naive Bayes classifier as a step of the default cascade (crawler/extractors/cascade/bayes_veto.py).

A hand-made model (one word feature that marks low-value lines) on a page written here: the step vetoes the short
lines the model is sure about, leaves long blocks alone (they are not even featurized), labels and explains what it
decides, and does nothing without a model.
"""

from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.cascade.bayes_veto import BayesVeto, with_veto
from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html

PARAGRAPH = ("<p>Paragraph {0}. The council met on Tuesday evening to discuss the new bridge, and after a long "
             "debate about its cost the members agreed to put the plan to the town in a vote next spring.</p>")
PROMPT = "<p>Subscribe now for daily news</p>"
LONG_PROMPT = ("<p>Subscribe to our newsletter: every morning the council's decisions, the town's roadworks and the "
               "weather for the week ahead, straight to your inbox, free of charge, and you can stop at any time.</p>")


def page() -> str:
    body = "".join(PARAGRAPH.format(i) for i in range(3)) + PROMPT + LONG_PROMPT + PARAGRAPH.format(3)
    return f"<html><body><main><article><h1>The bridge</h1>{body}</article></main></body></html>"


def model() -> NaiveBayesModel:
    # "subscribe" is seen on 1 in 2 low-value nodes and 1 in 100,000 content nodes: log-odds about -10.8.
    return NaiveBayesModel(prior=(0.5, 0.5), likelihoods={"w:subscribe": (0.5, 0.00001)})


def with_step(step: BayesVeto) -> DefaultExtractor:
    extractor = DefaultExtractor()
    with_veto(extractor, step)
    return extractor


def test_the_veto_goes_after_the_cascades_hand_rules_and_is_not_in_the_shipped_chain():
    # Not shipped: by-site cross-validation found no gain over the hand rules (bayes_veto's docstring).
    assert "BayesVeto" not in [step.name for step in DefaultExtractor.steps]
    names = [step.name for step in with_step(BayesVeto(model())).steps]
    assert names.index("BayesVeto") == names.index("KeepLinksInsideArticle") + 1
    assert names.index("BayesVeto") < names.index("CheckEnoughText")
    assert names.count("BayesVeto") == 1


def test_a_short_line_the_model_is_sure_about_goes_with_a_label_and_a_reason():
    doc = parse_html(page())
    run = with_step(BayesVeto(model())).run(doc)
    prompt = next(b for b in run.blocks if b.text.startswith("Subscribe now"))
    assert not prompt.is_content
    assert "bayes-veto" in prompt.labels
    decision = prompt.decisions[-1]
    assert decision.step == "BayesVeto" and "w:subscribe" in decision.reason and "log-odds" in decision.reason
    assert all(b.is_content for b in run.blocks if b.text.startswith("Paragraph"))
    article = with_step(BayesVeto(model())).extract(parse_html(page()))
    assert "Subscribe now" not in article.text and "Paragraph 3." in article.text


def test_long_blocks_are_never_vetoed():
    run = with_step(BayesVeto(model(), max_words=25)).run(parse_html(page()))
    long_prompt = next(b for b in run.blocks if b.text.startswith("Subscribe to our newsletter"))
    assert long_prompt.num_words >= 25 and long_prompt.is_content
    run = with_step(BayesVeto(model(), max_words=1000)).run(parse_html(page()))
    assert not next(b for b in run.blocks if b.text.startswith("Subscribe to our newsletter")).is_content


def test_a_threshold_the_model_does_not_reach_keeps_the_line():
    run = with_step(BayesVeto(model(), max_log_odds=20.0)).run(parse_html(page()))
    assert next(b for b in run.blocks if b.text.startswith("Subscribe now")).is_content


def test_features_are_computed_only_for_the_blocks_asked_for():
    from crawler.extractors.bayes.extractor import FEATURE_STEPS
    from crawler.extractors.bayes.state import BayesRun, BayesState

    doc = parse_html(page())
    full = BayesRun(doc, doc.fresh_blocks())
    subset = BayesRun(doc, doc.fresh_blocks(), BayesState(feature_blocks={1}))
    for step in FEATURE_STEPS:
        step.process(full)
        step.process(subset)
    assert subset.state.features[1] == full.state.features[1] is not None
    assert all(found is None for i, found in enumerate(subset.state.features) if i != 1)
