"""European date and byline forms the held-out probe of ``tests/data/metadata-world`` (the eu6 pages) found unread:
each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")


def _meta(lang: str, top: str, now: str = "2024-12-01T00:00:00+00:00"):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><article><h1>Headline of the story</h1>{top}<div class='body'>{STORY}</div></article>"
            "</body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat(now))


@pytest.mark.parametrize(("lang", "top", "published", "modified"), [
    # Ukrainian month names in the genitive, as Ukrainian papers write a day
    ("uk", "<p>5 листопада 2024, 14:30</p><p>Оновлено: 6 листопада 2024, 08:12</p>",
     "2024-11-05T14:30:00", "2024-11-06T08:12:00"),
    # Greek month names in the genitive, with Greek labels of publication and update
    ("el", "<p>Δημοσίευση: 5 Μαρτίου 2024, 14:30</p><p>Ενημέρωση: 6 Μαρτίου 2024, 08:12</p>",
     "2024-03-05T14:30:00", "2024-03-06T08:12:00"),
    # Czech and Slovak spaced day-first numbers ("5. 3. 2024") and their update label
    ("cs", "<p>Jana Dvořáková | 5. 3. 2024 14:30</p><p>Aktualizováno 6. 3. 2024 8:12</p>",
     "2024-03-05T14:30:00", "2024-03-06T08:12:00"),
    # Norwegian labels, and the Danish month "marts" with the Scandinavian "kl. 14.30"
    ("no", "<p>Publisert: 05.03.2024 14:30 Oppdatert: 06.03.2024 08:12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    ("da", "<p>5. mar. 2024 kl. 14.30</p><p>Opdateret 6. marts 2024 kl. 08.12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    # an update of the same day given by its clock time alone, after the publication date on the line
    ("it", "<p>5 marzo 2024 ore 14:30 - Aggiornato alle 18:02</p>", "2024-03-05T14:30:00", "2024-03-05T18:02:00"),
    ("en", "<p>Published 09:00 GMT, 5 March 2024 · Updated 18:02 GMT</p>", "2024-03-05T09:00:00+00:00",
     "2024-03-05T18:02:00+00:00"),
])
def test_dates_of_european_forms(lang: str, top: str, published: str, modified: str) -> None:
    metadata = extract_metadata_only(
        (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><article><h1>Headline of the "
         f"story</h1>{top}<div>{STORY}</div></article></body></html>").encode(),
        now=datetime.fromisoformat("2024-12-01T00:00:00+00:00"))
    assert (metadata.published, metadata.modified) == (published, modified)


@pytest.mark.parametrize(("line", "published"), [
    # a zone's abbreviation written after the clock time, German's MEZ among them
    ("Dienstag, 05.03.2024, 14:30 MEZ", "2024-03-05T14:30:00+01:00"),
    ("Madrid, 5 de marzo de 2024 - 14:30 CET", "2024-03-05T14:30:00+01:00"),
    ("March 5, 2024 2:30 PM GMT", "2024-03-05T14:30:00+00:00"),
    ("Tue 5 Mar 2024 14.30 GMT", "2024-03-05T14:30:00+00:00"),
    # the clock time before the date (British regional papers, wire services, live pages)
    ("14:30, 5 MAR 2024", "2024-03-05T14:30:00"),
    ("Published 09:00 GMT, 5 March 2024", "2024-03-05T09:00:00+00:00"),
    ("Published 2:30 p.m. ET March 5, 2024", "2024-03-05T14:30:00"),
    # the clock time after a bar (Brazilian papers' "05/03/2024 | 14h30")
    ("05/03/2024 | 14h30", "2024-03-05T14:30:00"),
])
def test_clock_time_and_zone_as_written(line: str, published: str) -> None:
    assert _meta("pt" if "|" in line else "en", f"<p class='date'>{line}</p>").published == published


def test_russian_relative_hours() -> None:
    """"3 часа назад" beside the writer's name, counted back from the crawl time."""
    metadata = _meta("ru", "<div class='byline'><span>Алексей Смирнов</span> <span>3 часа назад</span></div>",
                     now="2024-11-05T18:00:00+00:00")
    assert metadata.published == "2024-11-05T15:00:00+00:00"
    assert metadata.authors == ["Алексей Смирнов"]


def test_name_beside_a_relative_time_in_the_byline_element() -> None:
    """A byline element holding the name and "3 hours ago" (no absolute date): the name is the writer."""
    metadata = _meta("en", "<p class='author'>Jane Doe<br>3 hours ago</p>", now="2024-11-05T18:00:00+00:00")
    assert metadata.authors == ["Jane Doe"]


@pytest.mark.parametrize(("lang", "top", "authors"), [
    # an element marked as the byline whose first piece is the label and the name, the date in the next
    ("sv", "<div class='byline'><p>Av Anna Svensson</p><p>Publicerad 5 mars 2024 kl. 14.30</p></div>",
     ["Anna Svensson"]),
    ("de", "<div class='author'><p>Von Hans Müller</p><p>Veröffentlicht am 5. März 2024</p></div>", ["Hans Müller"]),
    # the Greek "author" label before a colon ("Συντάκτης:", a woman's "Συντάκτρια:")
    ("el", "<p>Συντάκτης: Γιώργος Παπαδόπουλος</p><p>5 Μαρτίου 2024</p>", ["Γιώργος Παπαδόπουλος"]),
    ("el", "<p>ΣΥΝΤΑΚΤΡΙΑ: Μαρία Γεωργίου</p><p>5 Μαρτίου 2024</p>", ["Μαρία Γεωργίου"]),
    # a blog's "published on ... by X" in French, Italian and Spanish
    ("fr", "<div class='entry-meta'>Publié le 5 mars 2024 par <a href='/author/claire'>Claire Petit</a></div>",
     ["Claire Petit"]),
    ("it", "<div class='post-meta'>Pubblicato il 5 Marzo 2024 da <a href='/author/g'>Giulia Bianchi</a></div>",
     ["Giulia Bianchi"]),
    ("es", "<div class='post-meta'>Publicado el 5 de marzo de 2024 por <a href='/author/l'>Luis Gómez</a></div>",
     ["Luis Gómez"]),
    # the writer's element marked in the site's language ("autor", "auteur", "autore"), the name alone in it
    ("es", "<div class='autor'><span>Lucía Fernández</span></div><p>05/03/2024</p>", ["Lucía Fernández"]),
    ("fr", "<p class='auteur'>Marie Dupont</p><p>5 mars 2024</p>", ["Marie Dupont"]),
    # ...but not a word that holds one: "hauteur" (height) in a shop's menu class
    ("fr", "<div class='bighauteur'><p>Kit DIY</p><p>découpe bouteille</p></div><p>5 mars 2024</p>", []),
    # a wire agency after a slash: "Por X / EFE", "Von X/dpa"
    ("es", "<p class='firma'>Por María García / EFE</p><p>5 de marzo de 2024</p>", ["María García"]),
    ("de", "<p class='autor'>Von Petra Schmidt/dpa</p><p>5. März 2024</p>", ["Petra Schmidt"]),
])
def test_bylines_of_european_forms(lang: str, top: str, authors: list[str]) -> None:
    assert _meta(lang, top).authors == authors


def test_polish_redaktor_is_an_editor() -> None:
    metadata = _meta("pl", "<p>Autor: Anna Nowak · Redaktor: Piotr Wiśniewski</p><p>05.03.2024 14:30</p>")
    assert (metadata.authors, metadata.editors) == (["Anna Nowak"], ["Piotr Wiśniewski"])


@pytest.mark.parametrize(("foot", "aside", "authors"), [
    # an opinion column credits its writer only in the one-line biography at its foot
    ("<p><em>Helen Carter is a columnist for The Northern Voice.</em></p>", "", ["Helen Carter"]),
    ("<p>Mark Ellis is a professor of economics at Riverside University.</p>", "", ["Mark Ellis"]),
    # a person the story goes on about, and a guide's expert: no column's writer
    ("<p>Mark Ellis is a professor of economics at Riverside University.</p><p>" + "He argues that the plan will "
     "cost more than the council says, and that the routes chosen serve the fewest riders of any option on the table "
     "when the study was published last year by the transit authority of the county, which has since asked the "
     "state for a second review of the whole network.</p>", "", []),
    ("<p><em>Nina Hart is a garden writer and horticulturist who lives in Palos Park.</em></p>", "", []),
    # another article's writer in a sidebar box is not this story's
    ("", "<aside><p>Robert Lang is a reporter covering county government.</p></aside>", []),
])
def test_writer_named_in_the_foot_biography(foot: str, aside: str, authors: list[str]) -> None:
    html = ("<html lang='en'><head><title>Our high streets need more than nostalgia</title></head><body><main>"
            f"<article><h1>Our high streets need more than nostalgia</h1><p>Tue 5 Mar 2024</p>{STORY}{foot}</article>"
            f"{aside}</main></body></html>")
    assert extract_metadata_only(html.encode(), now=datetime(2024, 12, 1)).authors == authors
