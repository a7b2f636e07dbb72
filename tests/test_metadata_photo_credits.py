"""Credit lines that name a writer and a photographer, in Chinese, Japanese and Korean: the writer is the author,
the photographer is not, and the role word ("写真", "사진") is never taken for a name. Also the credits of one
person who wrote the text and took the pictures ("文/图", "文・写真", "글·사진")."""

from __future__ import annotations

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

STORIES = {
    "zh-CN": ("市区新建三所学校秋季投入使用",
              "记者从市教育局了解到，今年秋季新建的三所学校将全部投入使用，新增学位四千余个，缓解了城区入学压力。"),
    "ja": ("都議会が新年度予算案を可決",
           "東京都議会は火曜日、長い議論の末に新しい予算案を可決した。学校や道路、港湾の整備が主な争点となった。"),
    "ko": ("시의회 새해 예산안 통과",
           "서울시의회는 화요일 긴 논의 끝에 새 예산안을 통과시켰다. 학교와 도로, 항만 정비가 주요 쟁점이 됐다. "),
}


def authors_of(lang: str, credit: str) -> list[str]:
    headline, story = STORIES[lang]
    html = (f'<html lang="{lang}"><head><meta charset="utf-8"><title>{headline}</title></head><body>'
            f'<div class="article"><h1>{headline}</h1><p>{credit}</p><p>{story * 3}</p><p>{story * 2}</p></div>'
            f"</body></html>")
    return extract_metadata(parse_html(html)).authors


@pytest.mark.parametrize(("lang", "credit", "people"), [
    ("ja", "文・山田太郎　写真・佐藤花子", ["山田太郎"]),
    ("ja", "取材・文＝山田太郎　写真＝佐藤花子", ["山田太郎"]),
    ("ja", "文：山田太郎、写真：佐藤花子", ["山田太郎"]),
    ("ko", "글 홍길동 기자 / 사진 김철수 기자", ["홍길동"]),
    ("ko", "글=홍길동 기자 사진=김철수 기자", ["홍길동"]),
])
def test_the_writer_is_the_author_and_the_photographer_is_not(lang: str, credit: str, people: list[str]) -> None:
    assert authors_of(lang, credit) == people


@pytest.mark.parametrize(("lang", "credit"), [
    ("ja", "写真・佐藤花子"),
    ("ja", "撮影：佐藤花子"),
    ("ko", "사진=김철수 기자"),
    ("ko", "사진기자 김철수"),
])
def test_a_photo_credit_alone_names_no_author(lang: str, credit: str) -> None:
    assert authors_of(lang, credit) == []


@pytest.mark.parametrize(("lang", "credit", "people"), [
    ("zh-CN", "文/图：张晓明", ["张晓明"]),
    ("zh-CN", "图文：张晓明", ["张晓明"]),
    ("ja", "文・写真＝山田太郎", ["山田太郎"]),
    ("ko", "글·사진 홍길동", ["홍길동"]),
    ("ko", "글·사진=홍길동 기자", ["홍길동"]),
])
def test_one_person_wrote_the_text_and_took_the_pictures(lang: str, credit: str, people: list[str]) -> None:
    assert authors_of(lang, credit) == people


LATIN_STORIES = {
    "en": "The council approved the new budget on Tuesday after a long debate about schools, roads and the harbour. ",
    "fr": "Le conseil municipal a adopté mardi le nouveau budget après un long débat sur les écoles et le port. ",
    "es": "El ayuntamiento aprobó el martes el nuevo presupuesto después de un largo debate sobre las escuelas. ",
}


@pytest.mark.parametrize(("lang", "credit", "people"), [
    ("en", "By Jane Smith. Photos by John Doe", ["Jane Smith"]),
    ("en", "By Jane Smith, photography by John Doe", ["Jane Smith"]),
    ("fr", "Texte : Jean Dupont. Photos : Marie Curie", ["Jean Dupont"]),
    ("es", "Texto: María García / Fotos: Luis Pérez", ["María García"]),
    ("en", "By John F. Kennedy Jr. and Jane Smith", ["John F. Kennedy Jr.", "Jane Smith"]),
])
def test_a_latin_byline_ends_where_the_photo_credit_starts(lang: str, credit: str, people: list[str]) -> None:
    story = LATIN_STORIES[lang]
    html = (f'<html lang="{lang}"><head><title>Council passes the budget</title></head><body><article>'
            f'<h1>Council passes the budget</h1><p class="byline">{credit}</p><p>{story * 4}</p><p>{story * 3}</p>'
            f"</article></body></html>")
    assert extract_metadata(parse_html(html)).authors == people


@pytest.mark.parametrize(("credit", "people", "editors"), [
    ("By Jane Smith for The Daily Planet", ["Jane Smith"], []),
    ("By Jane Smith For Dailyplanet.com", ["Jane Smith"], []),
    ("Reporting by Jane Smith; Editing by John Doe", ["Jane Smith"], ["John Doe"]),
    ("Reporting by Jane Smith and Ann Lee in London; Editing by John Doe", ["Jane Smith", "Ann Lee"], ["John Doe"]),
])
def test_a_wire_credit_names_the_reporters_and_apart_the_editor(credit: str, people: list[str],
                                                                editors: list[str]) -> None:
    story = LATIN_STORIES["en"]
    html = (f'<html lang="en"><head><title>Council passes the budget</title></head><body><article>'
            f'<h1>Council passes the budget</h1><p class="byline">{credit}</p><p>{story * 4}</p><p>{story * 3}</p>'
            f"</article></body></html>")
    metadata = extract_metadata(parse_html(html))
    assert (metadata.authors, metadata.editors) == (people, editors)
