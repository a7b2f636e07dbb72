"""Classes of European news pages the eu13 held-out probe of ``tests/data/metadata-world`` found misread (regional
dailies, public broadcasters, agencies' own sites, live pages, council releases, Swiss and Quebec variants): each
class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")


def _meta(lang: str, top: str, *, end: str = "", lead: str = "", aside: str = "", story: str = STORY):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><main><article><h1>Headline of the story</h1>{top}<div class='body'>{lead}{story}</div>{end}"
            f"</article>{aside}</main></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))


@pytest.mark.parametrize(("lang", "top", "published"), [
    # the writer's and the date's elements printed without a space between them ("Ana Costa5 de Março de 2024")
    ("pt", "<div class='byline'><span class='autor'>Ana Costa</span><span class='data'>5 de Março de 2024, "
           "14:30</span></div>", "2024-03-05T14:30:00"),
    ("en", "<div class='byline'><span class='author'>Ann Lee</span><span class='date'>5 March 2024</span></div>",
     "2024-03-05"),
    # Quebec's clock spaced around its "h" ("14 h 30")
    ("fr", "<p>Publié le 5 mars 2024 à 14 h 30</p>", "2024-03-05T14:30:00"),
])
def test_date_forms(lang: str, top: str, published: str) -> None:
    assert _meta(lang, top).published == published


def test_quebec_spaced_clock_of_an_update() -> None:
    metadata = _meta("fr", "<p>Publié le 5 mars 2024 à 14 h 30<br>Mis à jour le 5 mars 2024 à 16 h 05</p>")
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:00", "2024-03-05T16:05:00")


@pytest.mark.parametrize("heading", ["Top stories", "Das könnte Sie auch interessieren", "Leia também",
                                     "Mais lidas", "Dans la même rubrique", "Otras noticias", "Altre notizie",
                                     "Meest gelezen", "Polecamy"])
def test_other_stories_headings_end_the_scan(heading: str) -> None:
    # a live page's short entries let the scan below the headline run into the list of other stories
    entries = ("<p>14:52 The road is closed between the two villages.</p><p>11:20 Sandbags are available.</p>"
               "<p>7:00 Good morning and welcome.</p>")
    aside = (f"<aside class='more'><h3>{heading}</h3><ul><li><a href='/a'>Rail services</a> 6 March 2024</li></ul>"
             "</aside>")
    undated = _meta("en", "", story=entries, aside=aside)
    dated_above = _meta("en", "<p>5 March 2024</p>", story=entries, aside=aside)
    assert undated.published is None and dated_above.published == "2024-03-05"


@pytest.mark.parametrize(("lang", "top", "end", "authors"), [
    # the reporter's label of UK and Irish regional papers' CMSs
    ("en", "<p>Reporter: <a href='/author/sean-murphy'>Seán Murphy</a></p><p>05 Mar 2024 2:30 PM</p>", "",
     ["Seán Murphy"]),
    # German labels naming women too, and each name's role in brackets: the pictures' credit is no author
    ("de", "<p>Autorinnen und Autoren: Anna Berger (Text), Max Huber (Video)</p><p>05.03.2024</p>", "",
     ["Anna Berger", "Max Huber"]),
    ("de", "<p>Autorin: Anna Berger</p><p>05.03.2024</p>", "", ["Anna Berger"]),
    ("de", "<p>Autor*innen: Anna Berger und Max Huber</p><p>05.03.2024</p>", "", ["Anna Berger", "Max Huber"]),
    ("de", "<p>Autor/in: Anna Berger</p><p>05.03.2024</p>", "", ["Anna Berger"]),
    ("de", "<p>Von Urs Meier (Text) und Reto Frei (Bilder)</p><p>05.03.2024</p>", "", ["Urs Meier"]),
    # a broadcaster's foot crediting its correspondent and studio ("Mit Informationen von X, ARD-Studio Brüssel")
    ("de", "<p>Stand: 05.03.2024 14:30 Uhr</p>", "<p class='autorenzeile'>Mit Informationen von Julia Krause, "
                                                 "ARD-Studio Brüssel</p>", ["Julia Krause"]),
    # an Italian broadcaster's report ("Servizio di X, montaggio di Y": the editor of the pictures is no author)
    ("it", "<p>05/03/2024 14:30</p><p>Servizio di Anna Verdi, montaggio di Paolo Neri</p>", "", ["Anna Verdi"]),
])
def test_byline_forms(lang: str, top: str, end: str, authors: list[str]) -> None:
    assert _meta(lang, top, end=end).authors == authors


@pytest.mark.parametrize(("lang", "top", "end", "authors", "editors"), [
    ("pt-BR", "<p>Texto: Ana Souza | Edição: Carlos Mendes</p><p>05/03/2024</p>", "", ["Ana Souza"],
     ["Carlos Mendes"]),
    ("nl", "<p class='author'>Ellen Peeters</p><p>5 maart 2024</p>", "<p>eindredactie: Tom Claes</p>",
     ["Ellen Peeters"], ["Tom Claes"]),
])
def test_editor_labels(lang: str, top: str, end: str, authors: list[str], editors: list[str]) -> None:
    metadata = _meta(lang, top, end=end)
    assert (metadata.authors, metadata.editors) == (authors, editors)


@pytest.mark.parametrize(("lang", "end"), [
    # an institution's press or communication office signing its release is no person
    ("pt", "<p class='autor'>Gabinete de Comunicação</p>"),
    ("it", "<p class='autore'>Ufficio Stampa</p>"),
    ("de", "<p class='autor'>Pressestelle</p>"),
    ("es", "<p class='autor'>Gabinete de Prensa</p>"),
])
def test_press_offices_are_no_authors(lang: str, end: str) -> None:
    assert _meta(lang, "<p>05/03/2024</p>", end=end).authors == []


@pytest.mark.parametrize(("lang", "top", "end", "lead", "origin", "authors"), [
    # a Swiss foot: the agency in lower case alone or before the editor's initials ("(sda)", "ats/nxp")
    ("de", "<p>05.03.2024</p>", "<p>(sda)</p>", "", "SDA", []),
    ("fr", "<p>05.03.2024</p>", "<p class='source'>ats/nxp</p>", "", "ATS", []),
    # ...a name that is no acronym is capitalised
    ("en", "<p>March 5, 2024</p>", "<p>(reuters)</p>", "", "Reuters", []),
    # a broadcaster's "Mit Material von dpa" under the story
    ("de", "<p>Stand: 05.03.2024</p>", "<p>Mit Material von dpa</p>", "", "dpa", []),
    # an agency's own dateline with the day alone and no dash ("MADRID, 5 (EUROPA PRESS)")
    ("es", "<p>5 marzo 2024</p>", "", "<p>MADRID, 5 (EUROPA PRESS) El Consejo de Ministros ha aprobado este martes "
                                      "un plan de vivienda para jóvenes.</p>", "Europa Press", []),
    # an agency's desk where the byline stands ("Redazione ANSA" and the place)
    ("it", "<p>Redazione ANSA ROMA 05 marzo 2024 14:30</p>", "", "", "ANSA", []),
    ("it", "<p>di Redazione ANSA</p><p>05 marzo 2024 14:30</p>", "", "", "ANSA", []),
    # a Canadian agency after the writer's name in the byline element: the origin, not a second author
    ("fr", "<p class='auteur'>Jean Tremblay, La Presse Canadienne</p><p>5 mars 2024</p>", "", "",
     "La Presse Canadienne", ["Jean Tremblay"]),
])
def test_agency_origin(lang: str, top: str, end: str, lead: str, origin: str, authors: list[str]) -> None:
    metadata = _meta(lang, top, end=end, lead=lead)
    assert (metadata.origin, metadata.authors) == (origin, authors)


def test_a_pictures_credit_names_no_origin() -> None:
    # "Name, Agency" in a picture's credit element credits the photographer's agency, not the story's
    top = ("<figure><img src='/a.jpg'><div class='image-credit'>Al Goldis, Associated Press</div></figure>"
           "<p>March 5, 2024</p>")
    assert _meta("en", top).origin is None
