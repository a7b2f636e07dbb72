"""Classes of Northern, Baltic, Central and Eastern European and Greek news pages the eune15 held-out probe of
``tests/data/metadata-world`` found misread (national dailies, public broadcasters, agency credits, relative times,
live pages): each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")
NOW = "2024-04-01T00:00:00+00:00"


def _meta(lang: str, top: str, *, end: str = "", lead: str = "", story: str = STORY, now: str = NOW):
    html = (f"<html lang='{lang}'><head><title>Headline of the story</title></head><body><nav><a href='/'>Home</a>"
            f"</nav><main><article><h1>Headline of the story</h1>{top}<div class='body'>{lead}{story}{end}</div>"
            f"</article><aside class='related'><h3>More</h3><ul><li><a href='/x'>Another story</a> "
            f"<span>9.3.2024</span></li></ul></aside></main></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat(now))


@pytest.mark.parametrize(("lang", "top", "published"), [
    # Croatian and Serbian numeric dates end the year with a dot before "u" and the clock
    ("hr", "<p class='meta'>Objavljeno: 05.03.2024. u 14:30</p>", "2024-03-05T14:30:00"),
    ("sr", "<p class='meta'>05.03.2024. 14:30</p>", "2024-03-05T14:30:00"),
    # Hungarian puts the weekday between the day and the clock
    ("hu", "<p class='date'>2024. március 5., kedd 14:30</p>", "2024-03-05T14:30:00"),
    # Ukrainian "о" (Cyrillic) before the clock
    ("uk", "<p class='date'>05 березня 2024 о 14:30</p>", "2024-03-05T14:30:00"),
    # Latvian: year, "gada", the day, the month in the locative, "plkst." before the clock
    ("lv", "<p class='meta'>2024. gada 5. martā, plkst. 14:30</p>", "2024-03-05T14:30:00"),
    ("lv", "<p class='meta'>Publicēts 2024. gada 12. janvārī</p>", "2024-01-12"),
    # Estonian month names
    ("et", "<p class='date'>5. märts 2024, 14:30</p>", "2024-03-05T14:30:00"),
    # Greek months shortened to three letters ("05 Μαρ 2024")
    ("el", "<p class='dates'>Τρίτη, 05 Μαρ 2024 06:00</p>", "2024-03-05T06:00:00"),
    # Finnish writes the clock with a dot after the numeric day, without "klo"
    ("fi", "<p class='date'>5.3.2024 14.30</p>", "2024-03-05T14:30:00"),
    # ... not a decimal figure after a date
    ("fi", "<p class='date'>5.3.2024 14.30 %</p>", "2024-03-05"),
])
def test_date_forms(lang: str, top: str, published: str) -> None:
    assert _meta(lang, top).published == published


@pytest.mark.parametrize(("lang", "top", "published", "now"), [
    # Serbian ("pre") and Croatian ("prije") relative times
    ("sr", "<p class='meta'>Autor: Marko Petrović · pre 3 sata</p>", "2024-03-05T12:00:00+00:00",
     "2024-03-05T15:00:00+00:00"),
    ("hr", "<p class='meta'>prije 2 sata</p>", "2024-03-05T13:00:00+00:00", "2024-03-05T15:00:00+00:00"),
    # Greek "πριν από 2 ώρες"
    ("el", "<p class='meta'>Δημοσιεύθηκε πριν από 2 ώρες</p>", "2024-03-05T13:00:00+00:00",
     "2024-03-05T15:00:00+00:00"),
    # Danish and Norwegian "i dag kl. 06.00": the clock dotted after "kl."
    ("da", "<p class='dates'>Offentliggjort i dag kl. 06.00</p>", "2024-03-05T06:00:00", "2024-03-05T15:00:00+00:00"),
])
def test_relative_forms(lang: str, top: str, published: str, now: str) -> None:
    assert _meta(lang, top, now=now).published == published


@pytest.mark.parametrize(("lang", "top"), [
    # Latvian and Estonian publication and update labels
    ("lv", "<p class='meta'>Publicēts: 2024. gada 5. martā 14:30 · Atjaunots: 2024. gada 5. martā 16:05</p>"),
    ("et", "<p class='meta'>Avaldatud: 05.03.2024 14:30 | Uuendatud: 05.03.2024 16:05</p>"),
])
def test_baltic_update_labels(lang: str, top: str) -> None:
    metadata = _meta(lang, top)
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:00", "2024-03-05T16:05:00")


def test_clock_only_update_after_russian_v() -> None:
    metadata = _meta("ru", "<p class='dates'>Опубликовано 5 марта 2024 в 06:00 · Обновлено в 14:52</p>")
    assert (metadata.published, metadata.modified) == ("2024-03-05T06:00:00", "2024-03-05T14:52:00")


@pytest.mark.parametrize(("top", "published"), [
    ("<time datetime='2024-03-05'>5 mars 2024 16:00</time>", "2024-03-05T16:00:00"),
    # a text of no date: the attribute's day stands
    ("<time datetime='2024-03-05'>tisdag</time>", "2024-03-05"),
])
def test_day_only_time_markup_with_the_clock_in_its_text(top: str, published: str) -> None:
    assert _meta("sv", top).published == published


@pytest.mark.parametrize(("lang", "end", "editors"), [
    ("bg", "<div class='credits'><p>Автор: Мария Иванова</p><p>Редактор: Георги Петров</p></div>",
     ["Георги Петров"]),
    ("et", "<div class='foot'><p>Toimetaja: Mari Tamm</p></div>", ["Mari Tamm"]),
    ("hr", "<div class='foot'><p>Urednica: Ana Horvat</p></div>", ["Ana Horvat"]),
])
def test_editor_labels(lang: str, end: str, editors: list[str]) -> None:
    assert _meta(lang, "<p>05.03.2024 14:30</p>", end=end).editors == editors


@pytest.mark.parametrize(("lang", "top", "end", "lead", "origin", "authors"), [
    # Estonian "Allikas:" (source)
    ("et", "<p>05.03.2024 14:30</p>", "<p>Allikas: BNS</p>", "", "BNS", []),
    # a writer and the agency parted by a bar in the byline
    ("fi", "<p class='byline'>Leena Salo | STT</p><p>5.3.2024</p>", "", "", "STT", ["Leena Salo"]),
    # the agency's bare name as the paragraph closing the story (Latvia's agency by its name)
    ("lv", "<p>05.03.2024 14:30</p>", "<p class='source'>LETA</p>", STORY * 2, "LETA", []),
    # a dateline of place, day and agency before a dash opening the story
    ("ru", "<p>5 марта 2024, 14:30</p>", "",
     "<p>Самара. 5 марта. Интерфакс – Власти города утвердили проект строительства станции метро.</p>",
     "Интерфакс", []),
    ("ru", "<p>5 марта 2024, 14:30</p>", "",
     "<p>МОСКВА, 5 марта. /ТАСС/. Власти города утвердили проект строительства станции метро.</p>", "ТАСС", []),
])
def test_agency_credits(lang: str, top: str, end: str, lead: str, origin: str, authors: list[str]) -> None:
    metadata = _meta(lang, top, end=end, lead=lead)
    assert (metadata.origin, metadata.authors) == (origin, authors)


@pytest.mark.parametrize(("lang", "top", "end"), [
    # an agency named in a sentence, not alone
    ("lv", "<p>05.03.2024 14:30</p>", "<p>Saskaņā ar LETA datiem cenas pieaug.</p>"),
    # a photographer and an agency parted by a bar in a picture's credit
    ("no", "<figure><img src='/a.jpg'><figcaption><p>Kari Holm | NTB</p></figcaption></figure><p>05.03.2024</p>",
     ""),
])
def test_agency_names_that_are_no_origin(lang: str, top: str, end: str) -> None:
    assert _meta(lang, top, end=end, story=STORY * 3).origin is None


@pytest.mark.parametrize(("lang", "top", "authors"), [
    # Romanian's lower-case "de" (by) before a linked name
    ("ro", "<p class='byline'>de <a href='/autor/mihai-ionescu'>Mihai Ionescu</a></p><p>5 martie 2024, 14:30</p>",
     ["Mihai Ionescu"]),
    # an author box of the linked name, the role and the e-mail, no label
    ("pl", "<div class='author'><a href='/autor/anna-kowalczyk'>Anna Kowalczyk</a><span class='role'>Dziennikarka "
           "Dziennika Pomorskiego</span><a href='mailto:anna.kowalczyk@dp.pl'>anna.kowalczyk@dp.pl</a></div>"
           "<p>05.03.2024, 06:00</p>", ["Anna Kowalczyk"]),
    # a broadcaster's credits: each name with its role, the writer's and the photographer's
    ("sv", "<p>5 mars 2024 06:00</p><ul class='credits'><li><span class='name'>Johan Nyberg</span>"
           "<span class='role'>reporter</span></li><li><span class='name'>Sara Blom</span><span class='role'>fotograf"
           "</span></li></ul>", ["Johan Nyberg"]),
])
def test_author_forms(lang: str, top: str, authors: list[str]) -> None:
    assert _meta(lang, top).authors == authors


def test_credits_list_of_a_photographer_alone_names_no_author() -> None:
    top = ("<p>5 mars 2024 06:00</p><ul class='credits'><li><span class='name'>Sara Blom</span>"
           "<span class='role'>fotograf</span></li></ul>")
    assert _meta("sv", top).authors == []
