"""Bylines by class, on small pages written for each: Chinese credit lines (bracketed credits, reporter lines with
roles and places, names beside the date, posters and blog owners), photo credits, placeholders and outlets that are
not authors, Japanese and European forms with places, and a markup title cut short."""

from __future__ import annotations

import pytest

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

HEADLINE = "市区新建三所学校秋季投入使用"
STORY = ("<p>记者从市教育局了解到，今年秋季新建的三所学校将全部投入使用，新增学位四千余个，缓解了城区入学压力。</p>"
         "<p>市教育局负责人表示，下一步将继续推进学校建设，确保每一个适龄儿童都能就近入学，办好人民满意的教育。</p>")
SIDEBAR = '<div class="side"><ul><li><a href="/a.html">另一条新闻的标题在这里</a> 2023-05-06</li></ul></div>'


def page(info: str = "", lead: str = "", end: str = "", *, head: str = "", header: str = "") -> bytes:
    """An article page: header, headline, the line under it, an optional credit before and after the story."""
    return (f'<html lang="zh-CN"><head><meta charset="utf-8"><title>{HEADLINE}_东方新闻网</title>{head}</head>'
            f'<body><div class="top"><a href="/">东方新闻网</a></div>{header}<div class="article"><h1>{HEADLINE}</h1>'
            f'<div class="info">{info}</div>{lead}{STORY}{end}</div>{SIDEBAR}</body></html>').encode()


def authors_of(html: bytes) -> list[str]:
    return extract_metadata(parse_html(html)).authors


# ---------------------------------------------------------------- bracketed credits at the end of the story


@pytest.mark.parametrize(("credit", "people"), [
    ("<p>（张晓明 上海报道）</p>", ["张晓明"]),
    ("<p>（张晓明 李红）</p>", ["张晓明", "李红"]),
    ("<p>（本报记者 张晓明 李红）</p>", ["张晓明", "李红"]),
])
def test_bracketed_end_credit(credit: str, people: list[str]) -> None:
    assert authors_of(page("2021-09-01 10:00 来源：东方新闻网", end=credit)) == people


def test_bracket_closing_the_last_paragraph_after_a_sentence() -> None:
    end = "<p>学校周边的交通设施也已同步完善，家长接送更加方便。（张巨峰）</p>"
    assert authors_of(page("2021-09-01 10:00", end=end)) == ["张巨峰"]


def test_one_bare_word_in_brackets_is_no_credit() -> None:
    assert authors_of(page("2021-09-01 10:00", end="<p>（上海）</p>")) == []


def test_dateline_credit_with_two_roles() -> None:
    lead = "<p>本报讯（记者 张晓明 通讯员 李红）9月1日，全市新建学校正式开学，师生们迎来了新学期的第一天。</p>"
    assert authors_of(page("2021-09-01 10:00", lead=lead)) == ["张晓明", "李红"]


# ---------------------------------------------------------------- reporter lines with roles and places


@pytest.mark.parametrize(("line", "people"), [
    ("本报记者张晓明发自北京", ["张晓明"]),
    ("本报实习生 张晓明 李红 本报记者 王建国", ["张晓明", "李红", "王建国"]),
    ("执笔人：张晓明", ["张晓明"]),
    ("采写：南都记者 张晓明 实习生 李红", ["张晓明", "李红"]),
    ("文/本报记者 张晓明 图/李红", ["张晓明"]),
])
def test_reporter_line(line: str, people: list[str]) -> None:
    assert authors_of(page("2021-09-01 10:00", lead=f"<p>{line}</p>")) == people


def test_photographers_are_not_authors() -> None:
    lead = "<p>▲图为开学典礼现场。本报图片记者张晓明、李红摄</p>"
    assert authors_of(page("2021-09-01 10:00 来源：东方新闻网", lead=lead)) == []


# ---------------------------------------------------------------- names beside the date line, name and outlet


@pytest.mark.parametrize(("info", "people"), [
    ("2004年7月16日08:19 [ 张晓明 ]", ["张晓明"]),
    ("2011年10月15日 15:05 【张晓明 李红】", ["张晓明", "李红"]),
    ("石佳/中国青年报", ["石佳"]),
])
def test_names_beside_the_date_or_the_outlet(info: str, people: list[str]) -> None:
    head = '<meta property="article:published_time" content="2004-07-16T08:19:00+08:00">'
    assert authors_of(page(info, head=head)) == people


# ---------------------------------------------------------------- posters and blog owners


@pytest.mark.parametrize(("info", "people"), [
    ("作者：放飞&心情 2019-03-01 10:00:00", ["放飞&心情"]),
    ("本贴由张晓明于2005年8月12日 14:20发表", ["张晓明"]),
    ("放飞&心情 发表于 2005-08-12 14:20", ["放飞&心情"]),
    ("老K说事 发表于 2010-12-26 16:49", ["老K说事"]),
])
def test_poster(info: str, people: list[str]) -> None:
    assert authors_of(page(info)) == people


def test_blog_owner_beside_the_title() -> None:
    header = '<div class="blog-title">张晓明的博客</div>'
    assert authors_of(page("(2010-03-04 12:00:00)", header=header)) == ["张晓明"]


# ---------------------------------------------------------------- what is not an author


@pytest.mark.parametrize("info", ["时间：2019-09-25 作者：网络整理 阅读：1644", "时间：2019-09-25 作者： 阅读：1644",
                                  "时间：2019-09-25 作者：科技日报 阅读：1644"])
def test_placeholders_and_outlets_are_not_authors(info: str) -> None:
    assert authors_of(page(info)) == []


def test_outlet_in_the_author_field_gives_way_to_the_reporter() -> None:
    head = '<meta property="article:author" content="新京报">'
    lead = "<p>新京报快讯（记者 裴剑飞）今日有网友爆料，有关部门随即发布消息称网传信息不实，已经展开调查。</p>"
    metadata = extract_metadata(parse_html(page("2018年12月28日 19:55 新京报", lead=lead, head=head)))
    assert metadata.authors == ["裴剑飞"]


# ---------------------------------------------------------------- Japanese and European forms with places


def test_japanese_names_before_the_role_after_an_outlet() -> None:
    html = ('<html lang="ja"><head><meta charset="utf-8"><title>新しい学校が開校</title></head><body>'
            "<h1>新しい学校が開校</h1><p>（共同通信）山田太郎記者</p><p>2021年9月1日</p>"
            "<p>市内で新しい学校が開校し、多くの児童が初めての登校日を迎えた。市は今後も整備を進める方針だ。</p>"
            "</body></html>").encode()
    assert authors_of(html) == ["山田太郎"]


@pytest.mark.parametrize(("lang", "line", "people"), [
    ("en", "By Jane Doe and John Roe in London", ["Jane Doe", "John Roe"]),
    ("fr", "Par Marie Dupont et Jean Martin à Paris", ["Marie Dupont", "Jean Martin"]),
    ("es", "Por María López y Juan Pérez desde Madrid", ["María López", "Juan Pérez"]),
])
def test_european_byline_with_a_place(lang: str, line: str, people: list[str]) -> None:
    html = (f'<html lang="{lang}"><head><title>New schools open</title></head><body><h1>New schools open</h1>'
            f'<p class="byline">{line}</p><p>Three new schools opened their doors this week, adding four thousand '
            "places for children across the city, officials said on Monday.</p></body></html>").encode()
    assert authors_of(html) == people


# ---------------------------------------------------------------- titles


def test_markup_title_cut_short_gives_way_to_the_headline_block() -> None:
    full = '奖金711万元！"中国诺贝尔奖"首位获奖女性啥来头?'
    html = (f'<html><head><meta charset="utf-8"><title>{full}_网易新闻</title>'
            '<meta property="og:title" content="奖金711万元！"></head>'
            f"<body><h1>{full}</h1>{STORY}</body></html>").encode()
    assert extract_metadata(parse_html(html)).title == full


# ---------------------------------------------------------------- English pages: labels, the site's own account


def english_page(head: str = "", byline: str = "") -> bytes:
    return (f'<html lang="en"><head><title>How to plan an event</title>{head}</head><body><h1>How to plan an event</h1>'
            f"{byline}<p>Planning an event takes time, a budget and a team that knows what it is doing, and the best "
            "planners start months ahead of the day itself.</p></body></html>").encode()


@pytest.mark.parametrize("label", ["Full Bio", "Written By"])
def test_a_label_in_the_author_field_is_no_author(label: str) -> None:
    assert authors_of(english_page(f'<meta name="author" content="{label}">')) == []


def test_byline_label_alone_with_the_name_in_the_next_block() -> None:
    byline = '<div><p class="label">Written by</p><p class="name">Edzel Tabing</p></div>'
    assert authors_of(english_page(byline=byline)) == ["Edzel Tabing"]


def site_author_page(author: str) -> bytes:
    json_ld = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "BlogPosting", '
               f'"headline": "How to plan an event", "author": {author}}}</script>')
    return english_page('<meta property="og:site_name" content="Swoogo">' + json_ld)


def test_the_sites_account_declared_as_the_author_is_kept() -> None:
    author = '{"name": "Swoogo", "url": "https://swoogo.example/blog/author/swoogo/"}'
    assert authors_of(site_author_page(author)) == ["Swoogo"]


def test_the_site_as_an_organization_author_stays_refused() -> None:
    author = '{"@type": "Organization", "name": "Swoogo", "url": "https://swoogo.example/"}'
    assert authors_of(site_author_page(author)) == []


# ---------------------------------------------------------------- threads: the asker, not the repliers


def thread_page(asker: str) -> bytes:
    return ('<html lang="en"><head><title>Catering for a party of 100</title></head><body>'
            '<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">'
            '<h1 itemprop="name">Catering for a party of 100</h1>'
            f'<div itemprop="author" itemscope itemtype="https://schema.org/Person">{asker}</div>'
            "<p>How much food should I plan for a party of a hundred guests, with a buffet and two desserts?</p>"
            '<div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span itemprop="author">Joe</span>'
            " Ask the caterer.</div></div></body></html>").encode()


def test_a_replys_author_is_not_the_threads() -> None:
    assert authors_of(thread_page('<a href="/users/1/kumiko">KumikoGoingCrAzY</a> 15,911 reputation')) == \
        ["KumikoGoingCrAzY"]


def test_a_handle_may_hold_digits() -> None:
    assert authors_of(thread_page("paulb203")) == ["paulb203"]



@pytest.mark.parametrize(("info", "people"), [
    ("华夏人文 2020-03-09 18:14:21", ["华夏人文"]),
    ("原创 GameForce 2019-09-04 22:18:34", ["GameForce"]),
    ("原创 南方都市报 2019-09-09 16:01:46", []),  # an outlet
    ("发表于 2018-05-16 01:29", []),  # a label
])
def test_self_media_account_before_the_date(info: str, people: list[str]) -> None:
    assert authors_of(page(info)) == people
