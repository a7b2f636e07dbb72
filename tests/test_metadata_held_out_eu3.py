"""European date, byline and agency forms the third European held-out probe of ``tests/data/metadata-world`` (the
eu10 pages) found unread: each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")


def _meta(lang: str, top: str, now: str = "2024-04-01T00:00:00+00:00", end: str = "", lead: str = ""):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><article><h1>Headline of the story</h1>{top}<div class='body'>{lead}{STORY}</div>{end}"
            "</article></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat(now))


@pytest.mark.parametrize(("lang", "top", "published", "modified"), [
    # the clock after a language's own word for "at": Russian "в", Polish "godz.", Finnish "klo" with a dotted
    # clock, Slovak "o", Turkish "saat", Croatian "u", Slovenian "ob", Catalan "a les"
    ("ru", "<p>5 марта 2024 в 14:30 · Обновлено 6 марта 2024 в 08:12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    ("pl", "<p>Opublikowano: 5 marca 2024, godz. 14:30</p>", "2024-03-05T14:30:00", None),
    ("fi", "<p>Julkaistu 5.3.2024 klo 14.30</p><p>Päivitetty 6.3.2024 klo 8.12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    ("sk", "<p>Publikované 5. marca 2024 o 14:30</p>", "2024-03-05T14:30:00", None),
    ("tr", "<p>5 Mart 2024 saat 14:30</p>", "2024-03-05T14:30:00", None),
    # a Turkish weekday between the date and its clock
    ("tr", "<p>05 Mart 2024 Salı 14:30</p>", "2024-03-05T14:30:00", None),
    # month names of Croatian, Slovenian, Serbian (both scripts), Bulgarian and Catalan
    ("hr", "<p>Objavljeno: 5. ožujka 2024. u 14:30</p>", "2024-03-05T14:30:00", None),
    ("sl", "<p>5. marec 2024 ob 14:30</p>", "2024-03-05T14:30:00", None),
    ("sl", "<p>12. februarja 2024</p>", "2024-02-12", None),
    ("sr", "<p>5. март 2024. 14:30</p>", "2024-03-05T14:30:00", None),
    ("sr", "<p>12. januar 2024.</p>", "2024-01-12", None),
    ("bg", "<p>12 февруари 2024, 10:05</p>", "2024-02-12T10:05:00", None),
    ("ca", "<p>Publicat el 5 d'octubre de 2023 a les 14:30</p><p>Actualitzat el 6 de març de 2024 a les 08:12</p>",
     "2023-10-05T14:30:00", "2024-03-06T08:12:00"),
    # Lithuanian "2024 m. kovo 5 d." (year, month in the genitive, day)
    ("lt", "<p>2024 m. kovo 5 d. 14:30</p>", "2024-03-05T14:30:00", None),
    # update labels of Bulgarian, Hungarian, Romanian and Turkish
    ("bg", "<p>Публикувано: 05.03.2024 14:30 | Обновено: 06.03.2024 08:12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    ("hu", "<p>Közzétéve: 2024. március 5. 14:30</p><p>Frissítve: 2024. március 6. 08:12</p>",
     "2024-03-05T14:30:00", "2024-03-06T08:12:00"),
    ("ro", "<p>Publicat: 5 martie 2024, 14:30</p><p>Actualizat: 6 martie 2024, 08:12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
    ("tr", "<p>Yayınlanma: 05.03.2024 14:30 Güncelleme: 06.03.2024 08:12</p>", "2024-03-05T14:30:00",
     "2024-03-06T08:12:00"),
])
def test_date_forms(lang: str, top: str, published: str, modified: str | None) -> None:
    metadata = _meta(lang, top)
    assert (metadata.published, metadata.modified) == (published, modified)


@pytest.mark.parametrize(("lang", "top", "now", "published"), [
    ("pl", "<p><span>Anna Nowak</span> <span>2 godziny temu</span></p>", "2024-03-05T16:30:00+00:00",
     "2024-03-05T14:30:00+00:00"),
    ("sv", "<p>Publicerad för 3 timmar sedan</p>", "2024-03-05T17:30:00+00:00", "2024-03-05T14:30:00+00:00"),
    # a day and month without the year before the Nordic clock word (Finnish papers date this year's stories so)
    ("fi", "<p>STT</p><p>5.3. klo 14.30</p>", "2024-04-01T00:00:00+00:00", "2024-03-05T14:30:00"),
    ("fi", "<p>5.3.</p><p>Hinta 14.30 euroa</p>", "2024-04-01T00:00:00+00:00", None),
    # "yesterday" and the clock: Czech "včera 14:30" (the site's clock, its zone unsaid)
    ("cs", "<p><span>Petr Svoboda</span> <span>včera 14:30</span></p>", "2024-03-06T10:00:00+00:00",
     "2024-03-05T14:30:00"),
])
def test_relative_forms(lang: str, top: str, now: str, published: str) -> None:
    assert _meta(lang, top, now=now).published == published


@pytest.mark.parametrize(("lang", "top", "authors"), [
    # the writer's label of Russian/Ukrainian ("Текст:", beside "Фото:", a photographer), plural "Авторы:" with "и"
    ("ru", "<p>Текст: Ирина Петрова<br>Фото: Сергей Волков</p>", ["Ирина Петрова"]),
    ("ru", "<p>Авторы: Иван Кузнецов и Ольга Смирнова</p>", ["Иван Кузнецов", "Ольга Смирнова"]),
    ("hu", "<p>Szerző: Kovács Anna</p>", ["Kovács Anna"]),
    ("fi", "<p>Kirjoittaja: Liisa Korhonen</p>", ["Liisa Korhonen"]),
    ("lt", "<p>Autorius: Jonas Kazlauskas</p>", ["Jonas Kazlauskas"]),
    ("sr", "<p>Аутор: Марко Јовановић</p>", ["Марко Јовановић"]),
    # "written by" of Danish/Norwegian, Romanian, Dutch and Greek; Catalan "Per" with "i"
    ("da", "<p>Skrevet af Mette Nielsen og Søren Jensen</p>", ["Mette Nielsen", "Søren Jensen"]),
    ("ro", "<p>Scris de Ioana Ionescu și Mihai Stan</p>", ["Ioana Ionescu", "Mihai Stan"]),
    ("nl", "<p>Geschreven door Pieter van den Berg · 5 mrt. 2024</p>", ["Pieter van den Berg"]),
    ("el", "<p>Γράφει ο Γιώργος Παπαδόπουλος</p>", ["Γιώργος Παπαδόπουλος"]),
    ("ca", "<p class='author'>Per Jordi Puig i Marta Vila</p>", ["Jordi Puig", "Marta Vila"]),
    # ...but a Swedish "Per" is a first name
    ("sv", "<p class='author'>Per Olsson</p>", ["Per Olsson"]),
    # linked names parted by commas in the byline element (Czech and Slovak sites' author lists)
    ("cs", "<div class='authors'><a href='/autor/a'>Petr Svoboda</a>, <a href='/autor/b'>Tomáš Dvořák</a></div>",
     ["Petr Svoboda", "Tomáš Dvořák"]),
    ("da", "<div class='byline'><a href='/a'>Mette Nielsen</a> og <a href='/b'>Søren Jensen</a></div>",
     ["Mette Nielsen", "Søren Jensen"]),
    # names joined by Hungarian "és" and Turkish "ve" in a byline element, the Turkish dotted capital kept
    ("hu", "<div class='byline'>Nagy Péter és Szabó Éva</div>", ["Nagy Péter", "Szabó Éva"]),
    ("tr", "<div class='byline'>İbrahim Öztürk ve Elif Şahin</div>", ["İbrahim Öztürk", "Elif Şahin"]),
])
def test_byline_forms(lang: str, top: str, authors: list[str]) -> None:
    assert _meta(lang, top).authors == authors


@pytest.mark.parametrize(("lang", "top", "end", "lead", "origin"), [
    # a source label in the page's language at the story's foot
    ("ru", "", "<p>Источник: ТАСС</p>", "", "ТАСС"),
    ("cs", "", "<p>Zdroj: ČTK</p>", "", "ČTK"),
    ("ro", "", "<p>Sursa: Agerpres</p>", "", "Agerpres"),
    ("tr", "", "<p>Kaynak: AA</p>", "", "AA"),
    ("sr", "", "<p>Извор: Танјуг</p>", "", "Танјуг"),
    # an agency alone where the byline stands, or in the author field
    ("pl", "<p class='author'>PAP</p><p>5 marca 2024</p>", "", "", "PAP"),
    ("da", "<p>Ritzau · 5. marts 2024 kl. 14.30</p>", "", "", "Ritzau"),
    ("sl", "<p>Avtor: STA</p>", "", "", "STA"),
    # a desk "with" an agency ("avec AFP"), a desk and an agency after a slash
    ("fr", "<p>Par La Rédaction avec AFP</p>", "", "", "AFP"),
    ("es", "<p>Redacción / Europa Press</p>", "", "", "Europa Press"),
    # a reporter "of" an agency, a dateline's agency in brackets, the agency closing the story in brackets
    ("pt-BR", "<p>Ana Souza - Repórter da Agência Brasil</p>", "", "", "Agência Brasil"),
    ("sk", "", "", "<p>Bratislava 5. marca (TASR) - Mestské zastupiteľstvo v utorok schválilo rozšírenie siete.</p>",
     "TASR"),
    ("de", "", "<p>(APA/red)</p>", "", "APA"),
    # an agency's bracket opening a short lead ("(ANSA) - ROMA, 05 MAR - …"), "(avec AFP)", a byline glued to its date
    # by inline elements, and a source label after the date line's bar
    ("it", "<p>5 marzo 2024</p>", "", "<p>(ANSA) - ROMA, 05 MAR - Il governo ha approvato un nuovo pacchetto.</p>",
     "ANSA"),
    ("fr", "<p>Par la rédaction (avec AFP)</p>", "", "", "AFP"),
    ("fr", "<div><span>Par Le Journal avec AFP</span><time>Le 05/03/2024 à 14:30</time></div>", "", "", "AFP"),
    ("de", "<p><span>5. März 2024, 14:30 Uhr</span> | Quelle: dpa</p>", "", "", "dpa"),
])
def test_agency_origin(lang: str, top: str, end: str, lead: str, origin: str) -> None:
    metadata = _meta(lang, top, end=end, lead=lead)
    assert metadata.origin == origin and metadata.authors == []


@pytest.mark.parametrize(("lang", "top", "authors"), [
    # a photographer after an agency ("Fot. PAP/…", "Foto: …/Hina") is neither the author nor the outlet
    ("pl", "<figure><figcaption>Autobus. Fot. PAP/Leszek Szymański</figcaption></figure><p>5 marca 2024</p>", []),
    # a desk is no person
    ("nl", "<p>Door redactie</p><p>5 maart 2024</p>", []),
    ("pl", "<p>Redakcja · wtorek, 5 marca 2024 14:30</p>", []),
])
def test_no_person(lang: str, top: str, authors: list[str]) -> None:
    metadata = _meta(lang, top)
    assert metadata.authors == authors and metadata.origin is None


def test_card_name_before_a_role_list_is_one_person() -> None:
    # a person's card whose role follows a comma ("X, VP, Security, Acme") is one person, not a list of names
    top = ("<div class='author-details'><span>Carlos Escobar</span>, <span>VP, IS Security, Risk</span>, "
           "<span>Acme</span></div>")
    assert _meta("en", top).authors == ["Carlos Escobar"]
