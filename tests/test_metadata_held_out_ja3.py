"""Held-out Japanese and Korean layouts of the third CJK probe, each on a small page written for it: a reporter's
rank glued to 기자 ("홍길동 객원기자"), an op-ed's disclaimer that holds 편집 ("본지의 편집 방향과"), a Japanese
desk credited as the writer ("…編集部"), an agency's short credit closing the story ("（共同）"), the Japanese zone
written after the clock ("10:15 JST", "GMT+9"), Japanese writer labels ("ライター：", "この記事を書いた人", "筆者",
"（聞き手・…）"), a katakana writer's name, Korean community posts' "작성자" and an op-ed writer's affiliation."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
JA = ("<p>政府は5日、物価高への対策として新たな経済対策をまとめた。低所得世帯への給付を拡充し、中小企業の賃上げも"
      "後押しする。</p><p>専門家からは、財源の確保が課題になるとの指摘も出ており、今後の国会での議論が注目される。"
      "与党内にも慎重論がある。</p>")
KO = ("<p>정부는 5일 물가 안정을 위한 새로운 경제 대책을 발표했다. 저소득층 지원을 확대하는 방안이 담겼다.</p>"
      "<p>전문가들은 이번 대책이 소비를 뒷받침할 것으로 기대하면서도 재원 마련이 과제라고 지적했다.</p>")


def page(lang: str, top: str, story: str, end: str = "", head: str = "") -> Metadata:
    title = "新たな経済対策を決定" if lang == "ja" else "정부, 물가 안정 대책 발표"
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>{head}</head><body>"
            f"<header><a class='logo' href='/'>ニュース</a></header><article><h1>{title}</h1>{top}"
            f"<div class='body'>{story}</div>{end}</article></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


@pytest.mark.parametrize("rank", ["객원기자", "인턴기자", "수습기자", "선임기자"])
def test_korean_rank_glued_to_gija_is_no_name(rank: str) -> None:
    top = f"<div class='info'><span>입력 2024.03.05 10:30</span></div><p class='byline'>홍길동 {rank}</p>"
    assert page("ko", top, KO).authors == ["홍길동"]


def test_korean_editorial_disclaimer_names_no_editor() -> None:
    top = "<div class='info'><span>입력 2024.03.05 10:30</span></div><p class='byline'>홍길동 기자</p>"
    end = "<p class='notice'>※ 외부 필자의 칼럼은 본지의 편집 방향과 다를 수 있습니다.</p>"
    assert page("ko", top, KO, end).editors == []


def test_japanese_editorial_desk_in_the_author_field_is_no_person() -> None:
    head = "<meta name='author' content='くらし通信編集部'>"
    assert page("ja", "<p class='date'>2024年3月5日</p>", JA, head=head).authors == []


def test_japanese_agency_short_credit_closing_the_story_is_no_person() -> None:
    story = JA + "<p>政府は月内にも補正予算案を編成し、早期の成立を目指す方針だ。（共同）</p>"
    assert page("ja", "<p class='date'>2024年3月5日 10時15分</p>", story).authors == []


@pytest.mark.parametrize(("line", "published"), [
    ("2024年3月5日 10:15 JST", "2024-03-05T10:15:00+09:00"),
    ("2024年3月5日午後 3:15 GMT+9", "2024-03-05T15:15:00+09:00"),
], ids=["jst", "gmt-plus-9"])
def test_japanese_zone_after_the_clock(line: str, published: str) -> None:
    assert page("ja", f"<div class='date'>{line}</div>", JA).published == published


@pytest.mark.parametrize(("top", "end"), [
    ("<p class='date'>2024.03.05</p><div class='writer'>ライター：鈴木美咲</div>", ""),
    ("<p class='date'>2024年3月5日</p>",
     "<div class='author-box'><p>この記事を書いた人</p><p class='name'>鈴木美咲</p>"
     "<p>京都在住のフードライター。</p></div>"),
    ("<p class='date'>2024年3月5日</p>",
     "<div class='profile'><h3>筆者</h3><p class='name'>鈴木美咲（すずき・みさき）</p>"
     "<p>経済評論家。1970年生まれ。</p></div>"),
], ids=["writer-label", "this-article-box", "hissha-card"])
def test_japanese_writer_labels(top: str, end: str) -> None:
    assert page("ja", top, JA, end).authors == ["鈴木美咲"]


def test_japanese_interviewer_closing_the_story() -> None:
    story = JA + "<p>――今後の目標は。</p><p>「十年で百社を育てたい」（聞き手・佐藤花子）</p>"
    assert page("ja", "<p class='date'>2024年3月5日 5時00分</p>", story).authors == ["佐藤花子"]


def test_japanese_katakana_writer_before_translator() -> None:
    top = "<p class='date'>2024/03/05 06:00</p><p class='credit'>文：ジョン・スミス　翻訳：山田花子</p>"
    assert page("ja", top, JA).authors == ["ジョン・スミス"]


def test_korean_community_post_jakseongja() -> None:
    top = ("<div class='article_info'><span class='nick'>작성자 푸른하늘</span> <span class='date'>2024.03.05. 10:30"
           "</span> <span class='count'>조회 123</span></div>")
    assert page("ko", top, KO).authors == ["푸른하늘"]


@pytest.mark.parametrize("writer", ["김철수 서울대 경제학부 교수", "김철수 한빛연구원 선임연구위원"])
def test_korean_op_ed_writer_with_affiliation(writer: str) -> None:
    top = f"<div class='info'><span>입력 2024.03.05 18:00</span></div><div class='writer'>{writer}</div>"
    assert page("ko", top, KO).authors == ["김철수"]
