"""Steps hand on typed state, not string keys (issue 17): the cascade family, the template and Bayes extractors."""

import re
from pathlib import Path

import pytest

from crawler.extractors.bayes.extractor import BayesExtractor
from crawler.extractors.bayes.model import NaiveBayesModel
from crawler.extractors.bayes.state import BayesRun, BayesState, bayes_state
from crawler.extractors.cascade.bayes_veto import BayesVeto, with_veto
from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html
from crawler.extractors.steps.pipeline import Run

EXTRACTORS = Path(__file__).parent.parent / "crawler" / "extractors"
# The modules whose steps run in the default cascade, and the template extractor's.
TYPED_MODULES = ("cascade/extractor.py", "cascade/furniture.py", "cascade/containers.py", "cascade/beyond_prose.py",
                 "cascade/inside_article.py", "cascade/bayes_veto.py", "templates/extractor.py", "templates/lines.py",
                 "templates/match.py")

PARAGRAPH = ("<p>Paragraph {0}. The council met on Tuesday evening to discuss the new bridge, and after a long "
             "debate about its cost the members agreed to put the plan to the town in a vote next spring.</p>")
THREAD = ("<html><body><nav><a href='/'>Home</a> <a href='/f'>Forum</a></nav><main><div class='story'>"
          + "".join(PARAGRAPH.format(i) for i in range(4)) + "<p>Subscribe now</p></div>"
          + "<table><tr><td>Span</td><td>The length of the bridge in a table beside the story</td></tr></table>"
          + "</main><footer><p>Copyright 2024, all rights reserved, terms and privacy.</p></footer></body></html>")


def test_no_step_of_the_cascade_family_or_the_template_extractor_reads_or_writes_a_notes_key():
    for name in TYPED_MODULES:
        source = (EXTRACTORS / name).read_text()
        assert not re.search(r"\bnotes\s*[\[.]", source.replace("run.notes.update(notes", "")), name


def test_the_shipped_cascade_and_its_veto_leave_nothing_in_the_untyped_extra():
    model = NaiveBayesModel(prior=(0.5, 0.5), likelihoods={"w:subscribe": (0.5, 0.00001)})
    extractor = with_veto(DefaultExtractor(), BayesVeto(model, max_words=1000))
    run = extractor.run(parse_html(THREAD, "https://forum.example/t/1"))
    state = run.state
    assert state.extra == {}
    assert state.content_roots and state.joined_why  # the joining steps wrote their fields
    assert state.bayes_veto == sum(1 for b in run.blocks if "bayes-veto" in b.labels) > 0


def test_the_bayes_extractor_run_carries_typed_state():
    model = NaiveBayesModel(prior=(0.5, 0.5), likelihoods={"tag:p": (0.001, 0.9)})
    run = BayesExtractor(model).run(parse_html(THREAD))
    assert isinstance(run, BayesRun) and isinstance(run.state, BayesState)
    assert len(run.state.features) == len(run.state.log_odds) == len(run.blocks)
    assert any(odds is not None for odds in run.state.log_odds)
    assert run.notes["log_odds"] is run.state.log_odds  # the view for the explain report


def test_the_reason_of_an_empty_bayes_run_reaches_the_article():
    model = NaiveBayesModel(prior=(0.5, 0.5), likelihoods={"tag:p": (0.9, 0.0001), "tag:other": (0.9, 0.0001)})
    article = BayesExtractor(model).extract(parse_html(THREAD))
    assert article.text == "" and article.reason and "low-value" in article.reason


def test_a_run_of_another_extractor_has_no_bayes_state():
    doc = parse_html(THREAD)
    with pytest.raises(TypeError, match="not a run of the naive Bayes steps"):
        bayes_state(Run(doc, doc.fresh_blocks()))
