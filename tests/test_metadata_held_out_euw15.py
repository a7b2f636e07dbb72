"""Classes of Western European news pages of genres the euw15 held-out probe of ``tests/data/metadata-world`` found
misread (fact checks, markets reports, English wire copy on European sites, travel features, podcasts, paywalled
teasers, bilingual Belgian pages): each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")


def _meta(lang: str, top: str, *, end: str = "", story: str = STORY):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><main><article><h1>Headline of the story</h1>{top}<div class='body'>{story}</div>{end}"
            f"</article></main></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))


@pytest.mark.parametrize(("line", "published"), [
    # an offset after GMT following a written date's clock: the offset, not GMT itself
    ("March 5, 2024 2:30 PM GMT+1", "2024-03-05T14:30:00+01:00"),
    ("5 March 2024 14:30 GMT+01:00", "2024-03-05T14:30:00+01:00"),
    ("05.03.2024 14:30 UTC+2", "2024-03-05T14:30:00+02:00"),
    ("5 March 2024 14:30 GMT", "2024-03-05T14:30:00+00:00"),
])
def test_offset_after_gmt_of_a_written_date(line: str, published: str) -> None:
    assert _meta("en", f"<p class='date'>{line}</p>").published == published


@pytest.mark.parametrize(("lang", "top", "published"), [
    # German regional and local papers' two-digit year before the clock and "Uhr"
    ("de", "<p>Von Markus Brenner</p><p>05.03.24, 06:00 Uhr</p>", "2024-03-05T06:00:00"),
    ("de", "<p>Von Markus Brenner</p><p>Stand: 05.03.24 um 14:52 Uhr</p>", "2024-03-05T14:52:00"),
])
def test_two_digit_year_before_uhr(lang: str, top: str, published: str) -> None:
    assert _meta(lang, top).published == published


def test_two_digit_year_without_clock_is_no_date() -> None:
    # a bare "05.03.24" may be a version, a score or a reference: only the clock and "Uhr" tell a date
    assert _meta("de", "<p>Von Markus Brenner</p><p>Tabelle 05.03.24</p>").published is None


@pytest.mark.parametrize(("lang", "top", "authors"), [
    # a Belgian bilingual page's label in both languages before the one name
    ("fr-BE", "<p>Par / Door Marc Dupont — Traduction / Vertaling : An Peeters</p><p>05.03.2024</p>", ["Marc Dupont"]),
    ("nl-BE", "<p>Door / Par Marc Dupont</p><p>05.03.2024</p>", ["Marc Dupont"]),
    # one person's text and pictures of a travel feature or a reportage
    ("es", "<p>Texto y fotos: Pablo Medina</p><p>10 de marzo de 2024</p>", ["Pablo Medina"]),
    ("de", "<p>Text und Fotos: Paula Meier</p><p>10.03.2024</p>", ["Paula Meier"]),
    ("fr", "<p>Texte et photos : Paul Medin</p><p>10/03/2024</p>", ["Paul Medin"]),
    # a genre's badge printed before the byline's label in one line
    ("de", "<div class='meta'><span class='badge'>Faktencheck</span> Von Lena Hoffmann | Veröffentlicht am "
           "05.03.2024 um 11:20 Uhr</div>", ["Lena Hoffmann"]),
    ("fr", "<div class='meta'><span>Décryptage</span> Par Julien Moreau | Publié le 05/03/2024</div>",
     ["Julien Moreau"]),
    ("en", "<div class='meta'><span>Fact check</span> By Jane Hill | 5 March 2024</div>", ["Jane Hill"]),
])
def test_bylines(lang: str, top: str, authors: list[str]) -> None:
    assert _meta(lang, top).authors == authors


def test_wire_credit_additional_reporting() -> None:
    # an English wire story's only credit at its foot: the reporters, the additional reporters, the editor
    metadata = _meta("en", "<p>March 5, 2024</p>", end="<p>Reporting by Anna Kowalczyk in Warsaw; Additional "
                     "reporting by Pierre Lenoir in Paris and Tom Reed in Berlin; Editing by Mark Stevens</p>")
    assert (metadata.authors, metadata.editors) == (["Anna Kowalczyk", "Pierre Lenoir", "Tom Reed"], ["Mark Stevens"])


@pytest.mark.parametrize(("top", "story", "origin"), [
    # financial newswires after a reporter's name
    ("<p>Thomas Krüger, dpa-AFX</p><p>05.03.2024 | 17:48 Uhr</p>", STORY, "dpa-AFX"),
    ("<p>Peter Meier, AWP</p><p>05.03.2024 | 17:48 Uhr</p>", STORY, "AWP"),
    # the Spanish agencies' dateline closing its bracket with ".-"
    ("<p>Mar 5, 2024 | 12:45 pm</p>", "<p>Madrid (EFE).- Foreign tourists spent a record sum in Spain in January, "
     "the statistics institute said on Tuesday.</p>" + STORY, "EFE"),
])
def test_agencies(top: str, story: str, origin: str) -> None:
    assert _meta("de", top, story=story).origin == origin


def test_newswire_reporter_is_the_author() -> None:
    assert _meta("de", "<p class='byline'>Thomas Krüger, dpa-AFX</p><p>05.03.2024 | 17:48 Uhr</p>").authors == [
        "Thomas Krüger"]


def test_editorial_credit_of_a_podcast() -> None:
    # German broadcasters' credits: "Redaktion:" names the editor; the host and the guest are nobody
    metadata = _meta("de", "<p>05.03.2024 · 32 Min.</p><p>Moderation: Anne Keller · Gast: Prof. Jörg Lindner · "
                     "Redaktion: Tim Sauer</p>")
    assert (metadata.authors, metadata.editors) == ([], ["Tim Sauer"])


def test_desk_after_redaktion_is_no_editor() -> None:
    assert _meta("de", "<p>Redaktion: Politik</p><p>05.03.2024</p>").editors == []


@pytest.mark.parametrize(("lang", "top", "note", "modified"), [
    # a correction note under the story with its own date and time: the page was changed then
    ("de", "<p>Von Sabine Roth</p><p>05.03.2024, 09:15 Uhr</p>",
     "<p><em>Korrektur, 06.03.2024, 11:40 Uhr: In einer früheren Version hieß es, die Sanierung koste zwölf Millionen "
     "Euro. Richtig sind zehn Millionen Euro.</em></p>", "2024-03-06T11:40:00"),
    ("en", "<p>Helen Clarke</p><p>Tue 5 Mar 2024 09.15 GMT</p>",
     "<p><em>This article was amended on 6 March 2024 at 11.40 GMT. An earlier version said the route would serve "
     "Bradford.</em></p>", "2024-03-06T11:40:00+00:00"),
    # a note whose only date is inside its text (what an earlier version said) gives none
    ("de", "<p>Von Sabine Roth</p><p>05.03.2024, 09:15 Uhr</p>",
     "<p>Korrektur: In einer früheren Version hieß es, die Sitzung sei am 04.03.2024 gewesen.</p>", None),
])
def test_correction_note_dates_the_change(lang: str, top: str, note: str, modified: str | None) -> None:
    assert _meta(lang, top, end=note).modified == modified


@pytest.mark.parametrize(("lang", "foot", "authors"), [
    # a guest article's writer named only in the foot note of German and French opinion pages
    ("de", "<p><em>Henrike Albers ist Professorin für Europarecht an der Universität Kassel. Die Autorin ist Mitglied "
           "im Sachverständigenrat für Migration.</em></p>", ["Henrike Albers"]),
    ("fr", "<p><em>Étienne Lafargue est professeur d'économie à l'université de Montpellier.</em></p>",
     ["Étienne Lafargue"]),
    # a quoted person's role in the story's last short paragraph is no writer's note
    ("de", "<p>Das sagte Frank Adler, der Bürgermeister der Stadt.</p>", []),
])
def test_guest_writer_in_the_foot_note(lang: str, foot: str, authors: list[str]) -> None:
    assert _meta(lang, "<p>05.03.2024</p>", end=foot).authors == authors
