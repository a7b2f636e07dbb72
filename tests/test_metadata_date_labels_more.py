"""Publication labels of European news pages beside a later update: "Erstellt am", "Erschienen am" (German),
"Paru le" (French), "Geplaatst op" (Dutch) date the story, "Aktualisiert" does not."""

from __future__ import annotations

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

STORIES = {
    "de": "Der Stadtrat hat am Dienstag nach einer langen Debatte über Schulen den Haushalt beschlossen. ",
    "fr": "Le conseil municipal a adopté mardi le nouveau budget après un long débat sur les écoles et le port. ",
    "nl": "De gemeenteraad heeft dinsdag na een lang debat over scholen en de haven de nieuwe begroting aangenomen. ",
}


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "Aktualisiert am 7. März 2024 · Erstellt am 5. März 2024"),
    ("de", "Aktualisiert: 07.03.2024 | Erschienen am 05.03.2024"),
    ("fr", "Mis à jour le 7 mars 2024 · Paru le 5 mars 2024"),
    ("nl", "Bijgewerkt op 7 maart 2024 · Geplaatst op 5 maart 2024"),
])
def test_the_publication_label_dates_the_story_not_the_update(lang: str, line: str) -> None:
    story = STORIES[lang]
    html = (f'<html lang="{lang}"><head><title>Haushalt beschlossen</title></head><body><article>'
            f'<h1>Haushalt beschlossen</h1><p class="meta">{line}</p><p>{story * 4}</p><p>{story * 3}</p>'
            f"</article></body></html>")
    published = extract_metadata(parse_html(html)).published
    assert published is not None and str(published)[:10] == "2024-03-05"


WORLD_STORY = "The council approved the new budget on Tuesday after a long debate about schools and roads. "


@pytest.mark.parametrize(("lang", "line"), [
    ("tr", "5 Mart 2024 10:30"),
    ("tr", "5 Ağustos 2024"),
    ("id", "Selasa, 5 Maret 2024 10:30 WIB"),
    ("ms", "5 Disember 2024"),
    ("cs", "5. března 2024 10:30"),
    ("ro", "5 martie 2024, 10:30"),
    ("fi", "5. maaliskuuta 2024 klo 10.30"),
    ("hu", "2024. március 5. 10:30"),
    ("hu", "Publikálva: 2024. márc. 5."),
])
def test_month_names_of_more_languages(lang: str, line: str) -> None:
    html = (f'<html lang="{lang}"><head><title>Budget</title></head><body><article><h1>Budget</h1>'
            f'<p class="meta">{line}</p><p>{WORLD_STORY * 4}</p></article></body></html>')
    published = extract_metadata(parse_html(html)).published
    month = "08" if "Ağustos" in line else "12" if "Disember" in line else "03"
    assert published is not None and str(published)[:10] == f"2024-{month}-05"
