"""The page's language is identified only when someone reads it, and by a light model (issue 16)."""

import pytest

import crawler.extractors.document.language as language_module
from crawler.extractors import extract_document, parse_html
from crawler.extractors.article import Article
from crawler.extractors.document.language import classify

FRENCH_PAGE = (
    "<html><body><nav><a href='/'>Accueil</a> <a href='/a'>Actualités</a></nav><article>"
    + "<p>Le conseil municipal a adopté mardi soir le nouveau budget de la ville après un long débat sur les écoles "
      "et les transports publics, qui occupent une grande part des dépenses prévues pour l'année prochaine.</p>" * 4
    + "</article></body></html>"
).encode()


@pytest.fixture
def identifications(monkeypatch):
    calls = []
    real = language_module.identify_language

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(language_module, "identify_language", counting)
    return calls


def test_extraction_does_not_identify_the_language(identifications):
    article = extract_document(parse_html(FRENCH_PAGE, "https://example.org/a"), "default")
    assert article.text
    assert identifications == []


def test_the_language_is_identified_once_when_read(identifications):
    article = extract_document(parse_html(FRENCH_PAGE, "https://example.org/a"), "default")
    assert article.language == "fr"
    assert article.language == "fr"
    assert len(identifications) == 1
    assert article.to_dict()["language"] == "fr"
    assert len(identifications) == 1


def test_a_given_language_wins_and_an_empty_article_has_none(identifications):
    doc = parse_html(FRENCH_PAGE)
    assert Article(text="x", title=None, extractor="e", language="de", document=doc).language == "de"
    assert Article(text="", title=None, extractor="e", document=doc).language is None
    assert Article(text="x", title=None, extractor="e").language is None
    assert identifications == []


def test_a_language_can_be_set_after_the_fact():
    article = extract_document(parse_html(FRENCH_PAGE), "default")
    article.language = "it"
    assert article.language == "it"


@pytest.mark.parametrize(("code", "text"), [
    ("fr", "Le gouvernement a présenté mercredi un projet de loi destiné à réduire le prix de l'énergie."),
    ("es", "El ayuntamiento aprobó ayer el nuevo presupuesto tras un largo debate sobre las escuelas."),
    ("it", "Il consiglio comunale ha approvato ieri il nuovo bilancio dopo un lungo dibattito sulle scuole."),
    ("pt", "A câmara municipal aprovou ontem o novo orçamento depois de um longo debate sobre as escolas."),
    ("nl", "De gemeenteraad heeft dinsdag na een lang debat over de scholen de nieuwe begroting goedgekeurd."),
    ("pl", "Rada miasta przyjęła we wtorek nowy budżet po długiej debacie na temat szkół i komunikacji."),
    ("ru", "Городской совет во вторник утвердил новый бюджет после долгих дебатов о школах и транспорте."),
    ("uk", "Міська рада у вівторок затвердила новий бюджет після тривалих дебатів про школи та транспорт."),
    ("el", "Το δημοτικό συμβούλιο ενέκρινε την Τρίτη τον νέο προϋπολογισμό μετά από μακρά συζήτηση."),
    ("ar", "وافق المجلس البلدي يوم الثلاثاء على الميزانية الجديدة بعد نقاش طويل حول المدارس والنقل."),
    ("tr", "Belediye meclisi salı günü okullar ve ulaşım üzerine uzun bir tartışmanın ardından yeni bütçeyi onayladı."),
    ("sv", "Kommunfullmäktige godkände på tisdagen den nya budgeten efter en lång debatt om skolorna."),
])
def test_languages_of_many_scripts_are_identified(code, text):
    assert classify(text) == code


def test_a_copied_article_still_identifies_its_language_when_read():
    import copy

    article = extract_document(parse_html(FRENCH_PAGE, "https://example.org/a"), "default")
    assert copy.deepcopy(article).language == "fr"
    assert copy.copy(article).language == "fr"
