"""Bylines of news pages in more languages: the word for "by" or "author" is a label, never part of the name
("Av Anna Svensson" names Anna Svensson), and names in Cyrillic or Greek capitals are names like Latin ones."""

from __future__ import annotations

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

STORIES = {
    "ru": "Городской совет во вторник после долгих дебатов утвердил новый бюджет, главное место в нём заняли школы. ",
    "sv": "Kommunfullmäktige antog på tisdagen den nya budgeten efter en lång debatt om skolor, vägar och hamnen. ",
    "da": "Byrådet vedtog tirsdag det nye budget efter en lang debat om skoler, veje og havnen i byen. ",
    "id": "Dewan kota pada hari Selasa menyetujui anggaran baru setelah perdebatan panjang tentang sekolah dan jalan. ",
    "tr": "Belediye meclisi salı günü uzun bir tartışmanın ardından okullar ve yollar için yeni bütçeyi kabul etti. ",
    "fi": "Kaupunginvaltuusto hyväksyi tiistaina uuden talousarvion pitkän keskustelun jälkeen kouluista ja teistä. ",
    "el": "Το δημοτικό συμβούλιο ενέκρινε την Τρίτη τον νέο προϋπολογισμό μετά από μακρά συζήτηση για τα σχολεία. ",
    "vi": "Hội đồng thành phố hôm thứ Ba đã thông qua ngân sách mới sau một cuộc tranh luận dài về trường học. ",
}


def authors_of(lang: str, byline: str) -> list[str]:
    story = STORIES[lang]
    html = (f'<html lang="{lang}"><head><title>Budget</title></head><body><article><h1>Budget</h1>'
            f'<p class="byline">{byline}</p><p>{story * 4}</p><p>{story * 3}</p></article></body></html>')
    return extract_metadata(parse_html(html)).authors


@pytest.mark.parametrize(("lang", "byline", "people"), [
    ("sv", "Av Anna Svensson", ["Anna Svensson"]),
    ("da", "Af Mette Jensen", ["Mette Jensen"]),
    ("id", "Oleh Budi Santoso", ["Budi Santoso"]),
    ("ru", "Автор: Иван Петров", ["Иван Петров"]),
    ("tr", "Yazar: Ahmet Yılmaz", ["Ahmet Yılmaz"]),
    ("fi", "Teksti: Matti Virtanen", ["Matti Virtanen"]),
    ("id", "Penulis: Budi Santoso", ["Budi Santoso"]),
    ("vi", "Tác giả: Nguyễn Văn An", ["Nguyễn Văn An"]),
    ("el", "Του Γιώργου Παπαδόπουλου", ["Γιώργου Παπαδόπουλου"]),  # Greek bylines name the writer in the genitive
    ("el", "Της Μαρίας Νικολάου", ["Μαρίας Νικολάου"]),
])
def test_the_by_word_is_a_label_and_the_name_follows(lang: str, byline: str, people: list[str]) -> None:
    assert authors_of(lang, byline) == people


def test_a_cyrillic_sentence_after_the_label_is_no_name() -> None:
    assert authors_of("ru", "Автор: не указан в источнике") == []
