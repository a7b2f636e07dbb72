"""Held-out Chinese and Japanese layouts of the zhja13 probe, each on a small page written for it: a weekday in
brackets beside a date ("2024年3月5日（星期二）"), 記者 opening a compound noun ("記者会見"), a Singaporean
"name 报道 email" byline, Hong Kong's presentation colon ("記者︰"), a Taiwanese magazine's "撰文者：", editors'
labels parted by a bar ("责编 | ", "编｜"), Chinese day-part words before a 12-hour clock ("晚上8:30"), an outlet
credited in a bracket closing the story ("（文章来源：…）"), a correspondent after a reporter in a labelled field,
a flash wire's "outlet + day + 讯" lead, a Japanese broadcaster's year-less "03月05日 18時12分", a tech blog's
"…に公開 / …に更新", a desk glued before the writer ("…編集部 佐藤花子"), a linked name run on into the date, and
an e-paper's date line above the headline with a past-issues list below."""

from __future__ import annotations

from datetime import datetime

import pytest
from helpers.cjk_stories import ZH, ZHT

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
JA = ("<p>政府は5日、物価高への対策として新たな経済対策をまとめた。低所得世帯への給付を拡充し、中小企業の賃上げも"
      "後押しする。</p><p>専門家からは、財源の確保が課題になるとの指摘も出ており、今後の国会での議論が注目される。</p>"
      "<p>政府は月内にも補正予算案を編成し、早期の成立を目指す方針だ。野党は対策の効果を疑問視している。</p>")


def page(top: str, story: str = ZH, end: str = "", *, lang: str = "zh-CN", title: str = "多地出台措施优化营商环境",
         doctitle: str | None = None, aside: str = "", before: str = "", now: datetime = NOW) -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{doctitle or title}</title></head>"
            f"<body><header><a class='logo' href='/'>新闻网</a></header><article>{before}<h1>{title}</h1>{top}"
            f"<div class='body'>{story}</div>{end}</article>{aside}</body></html>").encode()
    return extract_metadata_only(html, now=now)


DATED = "<div class='date'>2024-03-05 10:20</div>"
JA_DATED = "<div class='date'>2024年3月5日 10時15分</div>"


def test_weekday_in_brackets_beside_a_date_is_no_name() -> None:
    metadata = page("", ZHT, "<p>完</p><p>2024年3月5日（星期二）</p>", lang="zh-HK", title="運輸署宣布增設巴士路線")
    assert metadata.authors == [] and metadata.published == "2024-03-05"


def test_kisha_opening_a_compound_noun_is_no_byline() -> None:
    news = "<aside><h3>新着情報</h3><ul><li>2024年3月8日 <a href='/n/1'>市長の記者会見</a></li></ul></aside>"
    assert page(JA_DATED, JA, lang="ja", title="粗大ごみの収集日が変わります", aside=news).authors == []


def test_relative_time_before_a_deadline_is_no_date() -> None:
    notice = "<p>申し込みは収集日の1週間前までに電話で受け付けます。ご理解とご協力をお願いします。</p>"
    metadata = page("<div class='page-info'>ページ番号1004321　更新日：2024年3月5日</div>", notice + JA, lang="ja",
                    title="粗大ごみの収集日が変わります")
    assert (metadata.published, metadata.modified) == ("2024-03-05", "2024-03-05")


def test_whats_new_list_opens_other_stories() -> None:
    news = ("<aside><h3>新着情報</h3><ul><li>2024年3月8日 <a href='/n/1'>保育園の入園案内</a></li>"
            "<li>2024年3月11日 <a href='/n/2'>市議会の日程</a></li></ul></aside>")
    metadata = page("<div class='page-info'>ページ番号1004321　更新日：2024年3月5日</div>", JA, lang="ja",
                    title="粗大ごみの収集日が変わります", aside=news)
    assert (metadata.published, metadata.modified) == ("2024-03-05", "2024-03-05")


def test_name_then_reporting_then_email() -> None:
    byline = "<div class='byline'>王晓明 报道 <a href='mailto:wangxm@example.sg'>wangxm@example.sg</a></div>"
    assert page(byline + DATED, lang="zh-SG").authors == ["王晓明"]


def test_presentation_colon_of_hong_kong_papers() -> None:
    metadata = page("<div><span>記者︰陳家明</span>　<span>編輯︰黃美玲</span></div>" + DATED, ZHT, lang="zh-HK")
    assert (metadata.authors, metadata.editors) == (["陳家明"], ["黃美玲"])


def test_taiwanese_magazine_writer_label() -> None:
    assert page("<div><span>撰文者：王小明</span>　<span>2024-03-05</span></div>", ZHT, lang="zh-TW").authors == \
        ["王小明"]


@pytest.mark.parametrize("credits", ["撰文 | 张华　　责编 | 王丽　　排版 | 李梅", "编｜王丽　文｜张华"],
                         ids=["zebian-bar", "bian-bar"])
def test_editor_label_parted_by_a_bar(credits: str) -> None:
    metadata = page(DATED, f"<p>{credits}</p>" + ZH)
    assert (metadata.authors, metadata.editors) == (["张华"], ["王丽"])


@pytest.mark.parametrize(("clock", "moment"), [("晚上8:30", "20:30"), ("凌晨1:15", "01:15"), ("中午12:10", "12:10")])
def test_day_part_before_a_twelve_hour_clock(clock: str, moment: str) -> None:
    metadata = page(f"<div class='meta'>文：林美玲 | 2024年3月5日 | {clock}</div>", lang="zh-MY")
    assert metadata.published == f"2024-03-05T{moment}:00"


def test_outlet_in_a_bracket_closing_the_story() -> None:
    assert page(DATED, ZH + "<p>（文章来源：上海证券报）</p>").origin == "上海证券报"


def test_correspondent_after_the_reporter_in_a_labelled_field() -> None:
    line = "<div class='info'>来源：县融媒体中心　作者：记者 王芳 通讯员 李强　发布时间：2024-03-05 11:20</div>"
    assert page(line).authors == ["王芳", "李强"]


def test_flash_wire_outlet_day_xun() -> None:
    story = "<p>财讯社3月5日讯，央行有关负责人表示，今年将综合运用多种货币政策工具，保持流动性合理充裕。</p>" + ZH
    assert page(DATED, story).origin == "财讯社"


def test_broadcaster_yearless_zero_padded_date() -> None:
    metadata = page("<div class='date'><time>03月05日 18時12分</time></div>", JA, lang="ja", title="住宅火災で2人けが",
                    now=datetime.fromisoformat("2024-03-10T00:00:00+00:00"))
    assert metadata.published == "2024-03-05T18:12:00"


def test_tech_blog_published_and_updated_suffixes() -> None:
    top = "<div class='meta'><span>2024/03/05に公開</span><span>2024/03/06に更新</span></div>"
    metadata = page(top, JA, lang="ja", title="RustでWebAssemblyを試してみた")
    assert (metadata.published, metadata.modified) == ("2024-03-05", "2024-03-06")


def test_desk_glued_before_the_writer_in_the_author_element() -> None:
    top = "<div><span class='author'>週刊経済編集部 佐藤花子</span><span class='date'>2024.3.5 5:10</span></div>"
    metadata = page(top, JA, lang="ja", title="物流2024年問題")
    assert (metadata.authors, metadata.published) == (["佐藤花子"], "2024-03-05T05:10:00")


def test_linked_name_run_on_into_the_date() -> None:
    top = ("<div class='byline'><span>有料記事</span><a href='/reporter/sato'>佐藤花子</a>2024年3月5日 10時15分"
           "</div>")
    assert page(top, JA, lang="ja", title="日銀、金利解除を検討").authors == ["佐藤花子"]


def test_epaper_date_line_above_the_headline() -> None:
    before = "<div class='date-line'>2024年03月05日　星期二　第02版：县域新闻</div>"
    past = ("<aside class='past'><h3>往期回顾</h3><ul><li><a href='/p/1'>2024年03月06日 第01版：要闻</a></li>"
            "<li><a href='/p/2'>2024年03月07日 第01版：要闻</a></li></ul></aside>")
    metadata = page("", "<p>记者 陈晓燕</p>" + ZH, before=before, aside=past,
                    doctitle="青山县报数字报-多地出台措施优化营商环境")
    assert (metadata.published, metadata.authors) == ("2024-03-05", ["陈晓燕"])
    assert metadata.title == "多地出台措施优化营商环境"
