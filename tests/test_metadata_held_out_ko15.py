"""Classes of Korean news pages the ko15 held-out probe of ``tests/data/metadata-world`` found misread (citizen and
student reporters, a regional paper's 편집국 byline, a broadcaster's "앵커 / 기자" credit, most-read lists below a
story): each class on a small page written here, in the layout many Korean sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>시는 5일 시청 대회의실에서 주민 설명회를 열고 새 버스 노선 세 개를 신설한다고 밝혔다.</p>"
         "<p>주민들은 배차 간격이 너무 길다며 저녁 시간대 운행을 늘려 달라고 요구했다.</p>")


def _meta(top: str, *, end: str = "", aside: str = "", head: str = ""):
    html = (f"<html lang='ko'><head><title>버스 노선 신설</title>{head}</head><body><nav><a href='/'>홈</a></nav>"
            f"<main><article><h1>버스 노선 신설</h1>{top}<div class='body'>{STORY}{end}</div></article>{aside}</main>"
            "</body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))


@pytest.mark.parametrize(("top", "end", "authors"), [
    # a citizen-journalism site's writer: the name, the member's handle in brackets and the rank 시민기자
    ("<div class='writer'><a href='/w/sypark'>박소연(sypark)</a> <span>시민기자</span></div>"
     "<p>입력 2024.03.05 14:30</p>", "", ["박소연"]),
    # a university paper's student reporter closing the story, the major in brackets
    ("<p>작성일 2024.03.05</p>", "<p>윤서현 학생기자 (경영학과 3학년)</p>", ["윤서현"]),
    # a broadcaster's credit: the anchor's label before a name, the reporter's too (the anchor is no author)
    ("<div class='people'><span>앵커 이수진</span> <span>기자 정우성</span></div><p>작성 2024-03-05 20:12</p>", "",
     ["정우성"]),
    # the writer's and the date's inline elements printed without a space ("서지환 기자승인 2024년 …")
    ("<div><span>글 | 서지환 기자</span><span>승인 2024년 03월 05일(화) 오후 02:30</span></div>", "", ["서지환"]),
    # an interview's credit: the interviewer (대담) and the one who wrote it up (정리), both writers
    ("<p>입력 2024.03.05 06:00</p>", "<p>대담=오상민 산업부장 / 정리=김하늘 기자</p>", ["오상민", "김하늘"]),
])
def test_korean_writers(top: str, end: str, authors: list[str]) -> None:
    assert _meta(top, end=end).authors == authors


def test_newsroom_desk_is_no_author() -> None:
    # a regional paper's 편집국 (the newsroom) credited as the writer, in the byline and the meta author
    metadata = _meta("<p><span class='writer'>편집국</span> <span>등록 2024.03.05 14:30</span></p>",
                     head="<meta name='author' content='편집국'>")
    assert metadata.authors == []


@pytest.mark.parametrize("heading", ["많이 본 뉴스", "많이 본 기사", "인기 기사"])
def test_most_read_list_bylines_are_others(heading: str) -> None:
    aside = (f"<aside><h3>{heading}</h3><ol><li><a href='/n/1'>시 출장비 의혹 감사 착수 결과 발표</a> "
             "<span>2024.02.20 10:00</span> <span>오세진 기자</span></li></ol></aside>")
    assert _meta("<p>입력 2024.03.05 09:00</p>", aside=aside).authors == []


@pytest.mark.parametrize(("top", "published", "modified"), [
    # a ministry's release table: the day spaced and dotted, the weekday in brackets before the clock
    ("<table><tr><th>배포일시</th><td>2024. 3. 5.(화) 12:00</td></tr></table>", "2024-03-05T12:00:00", None),
    # a date line's publication and update, each with its weekday
    ("<p>2024. 3. 5.(화) 09:10 <span>수정 2024. 3. 5.(화) 11:40</span></p>", "2024-03-05T09:10:00",
     "2024-03-05T11:40:00"),
])
def test_korean_date_forms(top: str, published: str, modified: str | None) -> None:
    metadata = _meta(top)
    assert (metadata.published, metadata.modified) == (published, modified)


def test_editor_after_a_jamo_bar() -> None:
    # a citizen-journalism site's editor credit, the bar written as the jamo "ㅣ"
    metadata = _meta("<p>입력 2024.03.05 14:30</p>", end="<div class='editor'>편집ㅣ최은혜 기자</div>")
    assert metadata.editors == ["최은혜"]


@pytest.mark.parametrize(("lead", "origin"), [
    # a press-release wire's head: the place, the wire in brackets after two dashes, the day
    ("<p>서울--(뉴스프레스와이어) 2024년 03월 05일 -- 게임 개발사 한빛소프트가 신작을 공개했다.</p>",
     "뉴스프레스와이어"),
    ("<p>NEW YORK--(NEWSCORP WIRE)--Acme Corp. today announced its results.</p>", "NEWSCORP WIRE"),
])
def test_release_wire_head_names_the_wire(lead: str, origin: str) -> None:
    html = (f"<html lang='ko'><head><title>신작 공개</title></head><body><main><article><h1>신작 공개</h1>"
            f"<div class='body'>{lead}{STORY}</div></article></main></body></html>")
    metadata = extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))
    assert metadata.origin == origin
