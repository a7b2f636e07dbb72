"""More pages that are not news stories (the kinds15 held-out probe of ``tests/data/metadata-world``): each class on
a small page written here, in the layout many sites share, where the names and days shown are not the page's own
(a list's items, reviews and guest books, a photographer, the company behind the site, a thing's own days)."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
TEXT = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs and "
        "a night service on weekends.</p><p>Opposition members called the timetable too slow and asked for more "
        "service in the evening, when most shift workers travel home.</p>")


def page(body: str, *, lang: str = "en", title: str = "Page - Example Site", head: str = "") -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta"
            f" charset='utf-8'><title>{title}</title>{head}</head><body>"
            f"<header><a class='logo' href='/'>Example Site</a><nav><a href='/a'>News</a> <a href='/b'>Sport</a>"
            f"</nav></header>{body}<footer><p>© 2024 Example Site</p></footer></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


def test_a_series_lists_items_with_their_bylines_and_days_are_teasers() -> None:
    items = "".join(f"<li><span class='no'>{no}</span><a href='/article/{no}'>{headline}</a>"
                    f"<p class='byline'>{name} 기자 · 2024.03.0{day} 06:00</p></li>"
                    for no, headline, name, day in (("5", "마지막 연탄 가게, 40년의 겨울", "김수진", 5),
                                                    ("4", "철거 앞둔 시장의 마지막 설", "박민호", 4)))
    metadata = page(f"<main><div class='series-head'><h1>사라지는 골목</h1>"
                    f"<p>재개발로 사라져 가는 도시의 골목과 그곳에 "
                    f"살아온 사람들의 이야기를 기록합니다.</p></div><ul class='series-list'>{items}</ul></main>",
                    lang="ko", title="[기획] 사라지는 골목 | 한빛일보")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_chinese_feature_pages_column_items_with_reporters_and_sources_are_teasers() -> None:
    items = ("<li><a href='/zt/1.html'>政府工作报告提出今年经济增长预期目标为5%左右</a>"
             "<span class='time'>2024-03-05 10:12</span>"
             "<span class='src'>来源：新华社</span></li>"
             "<li><a href='/zt/2.html'>全国人大代表王晓梅：让乡村孩子上好学</a><span class='author'>记者 刘洋</span>"
             "<span class='time'>2024-03-05</span></li>"
             "<li><a href='/zt/3.html'>全国政协委员陈建国：加快发展新质生产力</a><span class='author'>记者 赵敏"
             "</span>"
             "<span class='time'>2024-03-04</span></li>")
    metadata = page(f"<div class='banner'><h1>2024全国两会专题</h1></div><div class='col'><h2>栏目：权威发布</h2>"
                    f"<ul class='news-list'>{items}</ul></div>", lang="zh", title="两会专题_滨江新闻网")
    assert (metadata.authors, metadata.published, metadata.origin) == ([], None, None)


def test_an_articles_own_byline_in_a_list_item_is_kept() -> None:
    meta = ("<ul class='article-meta'><li>By <a href='/people/megan-odonnell'>Megan O'Donnell</a></li>"
            "<li><a href='/climate'>Climate</a></li><li>March 5, 2024</li></ul>")
    metadata = page(f"<article><h1>Council backs sea wall after winter floods</h1>{meta}{TEXT}</article>")
    assert (metadata.authors, metadata.published) == (["Megan O'Donnell"], "2024-03-05")


def test_an_author_field_in_search_results_is_a_results() -> None:
    results = "".join(f"<li class='result'><h2><a href='/s/{slug}'>{headline}</a></h2><p class='result-meta'>Author: "
                      f"{name} — Published: 03/0{day}/2024</p><p>The board voted shortly after midnight.</p></li>"
                      for slug, headline, name, day in (("a", "School board adopts $84 million budget", "Rebecca Tan",
                                                         5), ("b", "Parents rally against music cuts", "Marcus Bell",
                                                              2)))
    metadata = page(f"<main><h1>Search results for “school budget”</h1><p>Showing 1–2 of 127 results</p>"
                    f"<ol class='search-results'>{results}</ol></main>")
    assert (metadata.authors, metadata.published) == ([], None)


@pytest.mark.parametrize(("area", "entry", "lang", "thing"), [
    ("guestbook", "<p>Mrs. Doyle was my favourite teacher.</p><p class='sig'>Posted by Tom Reilly on"
     " March 4, 2024</p>",
     "en", ""),
    ("avis", "<p class='auteur'>Sophie L.</p><p class='date'>Avis publié le 3 mars 2024</p><p>Quenelle parfaite.</p>",
     "fr", "Restaurant"),
    ("opiniones", "<p class='autor'>Lucía Fernández</p><p>★★★★★ · 2 de marzo de 2024</p><p>Hace un café"
     " buenísimo.</p>",
     "es", "Product"),
])
def test_a_guest_books_or_a_reviews_signatures_are_not_the_pages(area: str, entry: str, lang: str, thing: str) -> None:
    entries = f"<div class='entry'>{entry}</div>" * 2
    head = (f'<script type="application/ld+json">{{"@context":"https://schema.org","@type":"{thing}",'
            f'"name":"Le Bouchon des Canuts"}}</script>') if thing else ""
    metadata = page(f"<main><h1>Le Bouchon des Canuts</h1><div class='body'>{TEXT}</div>"
                    f"<section class='{area}'><h2>Entries</h2>{entries}</section></main>", lang=lang, head=head)
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_meta_author_the_page_shows_only_as_photographer_is_none() -> None:
    head = "<meta name='author' content='Lucy Tran'><meta property='article:published_time' content='2024-03-05'>"
    figures = "<figure><img src='/1.jpg' alt=''><figcaption>Lanterns on the water. (Lucy Tran)</figcaption></figure>"
    metadata = page(f"<main><h1>Photos: Lantern festival lights up the harbour</h1><p"
                    f" class='credit'>Photos: Lucy Tran"
                    f" · 24 photos</p>{figures}</main>", head=head)
    assert metadata.authors == []


def test_a_meta_author_the_page_shows_as_byline_is_kept() -> None:
    head = "<meta name='author' content='Lucy Tran'><meta property='article:published_time' content='2024-03-05'>"
    metadata = page(f"<article><h1>Lantern festival lights up the harbour</h1><p class='byline'>By Lucy Tran</p>"
                    f"<p>Photos: Lucy Tran</p>{TEXT}</article>", head=head)
    assert metadata.authors == ["Lucy Tran"]


def test_a_meta_author_that_is_the_company_of_the_copyright_line_is_none() -> None:
    head = "<meta name='author' content='Aguas del Levante'>"
    html = (f"<html lang='es'><head><title>Sala de prensa - Aguas del Levante</title>{head}</head><body><main>"
            f"<h1>Sala de prensa</h1><p>Notas de prensa, imágenes y contactos para medios de comunicación.</p></main>"
            f"<footer><p>© 2024 Aguas del Levante, S.A. · Todos los derechos reservados</p></footer></body></html>")
    assert extract_metadata_only(html.encode(), now=NOW).authors == []


def test_a_persons_meta_author_beside_her_copyright_line_is_kept() -> None:
    head = "<meta name='author' content='Jane Whitaker'>"
    html = (f"<html lang='en'><head><title>Notes from the allotment</title>{head}</head><body><main>"
            f"<h1>Notes from the allotment</h1>{TEXT}</main><footer><p>© 2024 Jane"
            f" Whitaker</p></footer></body></html>")
    assert extract_metadata_only(html.encode(), now=NOW).authors == ["Jane Whitaker"]


EVENT = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Pod'
         'iumsdiskussion:'
         ' Wohnen in der Innenstadt","startDate":"2024-03-14T19:00:00+01:00"}</script>')


def test_a_page_about_the_thing_its_markup_declares_shows_the_things_days() -> None:
    body = ("<main><h1>Podiumsdiskussion: Wohnen in der Innenstadt</h1><dl><dt>Wann</dt><dd>Donnerstag,"
            " 14. März 2024, "
            "19:00–21:00 Uhr</dd><dt>Wo</dt><dd>Stadtbibliothek, Saal 2</dd></dl><p>Mieten steigen,"
            " Läden stehen leer, "
            "und in den Obergeschossen der Altstadt wohnt kaum noch jemand.</p></main>")
    assert page(body, lang="de", head=EVENT).published is None


def test_an_app_pages_update_day_is_the_apps() -> None:
    head = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"SoftwareApplication",'
            '"name":"Tidepool: Tide Tables","operatingSystem":"ANDROID"}</script>')
    body = ("<main><h1>Tidepool: Tide Tables</h1><p>Tidepool shows tide times, heights and currents for"
            " more than 9,000 "
            "stations worldwide.</p><p class='updated'>Updated on<br>Mar 5, 2024</p></main>")
    metadata = page(body, head=head)
    assert (metadata.published, metadata.modified) == (None, None)


def test_a_post_on_a_site_declaring_its_business_keeps_its_day() -> None:
    head = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness",'
            '"name":"Groenkracht Installaties"}</script>')
    body = (f"<article><h1>What changes for solar subsidies in 2024</h1><p class='date'>March 5, 2024</p>{TEXT}"
            f"</article>")
    assert page(body, head=head).published == "2024-03-05"


@pytest.mark.parametrize(("lang", "line", "modified"), [
    ("en", "This page was last edited on 5 March 2024, at 14:32 (UTC).", "2024-03-05T14:32:00+00:00"),
    ("nl", "Deze pagina is voor het laatst bewerkt op 5 mrt 2024 om 12:31.", "2024-03-05T12:31:00"),
])
def test_a_wikis_footer_line_dates_the_pages_last_edit(lang: str, line: str, modified: str) -> None:
    html = (f"<html lang='{lang}'><head><title>Crane Lake Lighthouse - Lakeshore Wiki</title></head><body>"
            f"<div id='content'><h1>Crane Lake Lighthouse</h1>{TEXT}</div><div id='footer'><ul>"
            f"<li id='footer-info-lastmod'>{line}</li><li>Text is available under a"
            f" licence.</li></ul></div></body></html>")
    assert extract_metadata_only(html.encode(), now=NOW).modified == modified


def test_a_page_last_reviewed_day_is_its_modification() -> None:
    body = (f"<main><h1>Apply for a residential parking permit</h1>{TEXT}<div class='page-meta'><p>Page"
            f" last reviewed: "
            f"5 March 2024</p><p>Next review due: 5 March 2025</p></div></main>")
    assert page(body).modified == "2024-03-05"


def test_a_service_pages_foot_field_list_dates_its_modification() -> None:
    body = ("<main><h1>청년 월세 지원 신청 안내</h1>"
            "<p>만 19세부터 34세까지의 무주택 청년으로, 부모와 따로 살면서 월세 60만 원 이하의 "
            "주택에 거주하는 사람이 대상입니다.</p><h2>지원 내용</h2>"
            "<p>월 최대 20만 원을 12개월 동안 지원합니다. 지원금은 매월 말 본인 "
            "명의 계좌로 지급됩니다.</p><h2>신청 방법</h2>"
            "<p>온라인 복지포털 또는 주소지 행정복지센터에서 신청할 수 있습니다. 임대차 "
            "계약서와 월세 이체 내역을 준비해 주세요.</p><p>신청 후 약 한 달 안에 결과를 문자로 알려 드립니다."
            "</p><h2>유의 사항</h2>"
            "<p>지원 기간 중 이사를 하면 변경 신고를 해야 합니다.</p>"
            "<p>다른 주거 지원을 받고 있으면 중복 지원이 제한될 수 있습니다.</p>"
            "<div class='satisfaction'><p>이 페이지에서 제공하는 정보에 만족하십니까?</p></div><div"
            " class='manager'><dl><dt>담당부서</dt><dd>주택정책과</dd>"
            "<dt>최종수정일</dt><dd>2024-03-05</dd></dl></div></main>")
    metadata = page(body, lang="ko")
    assert (metadata.published, metadata.modified) == (None, "2024-03-05")


def test_a_company_the_page_shows_under_an_author_label_is_kept() -> None:
    head = "<meta name='author' content='Venteur'>"
    html = (f"<html lang='en'><head><title>Top health insurers</title>{head}</head><body><main>"
            f"<h1>Top health insurers</h1><div class='meta'><div>Author</div><div>Venteur</div></div>{TEXT}</main>"
            f"<footer><p>© 2025 Venteur, Inc. All rights reserved.</p></footer></body></html>")
    assert extract_metadata_only(html.encode(), now=NOW).authors == ["Venteur"]
