"""Held-out Chinese layouts of the third probe, each on a small page written for it: a
reporter's place after the name ("发自北京"), an institution before the writer ("作者：海淀法院
王明"), an outlet's abbreviation in the author element ("法广" of 法国国际广播电台), a staff
reporter's photo credit ("图/本报记者 马骏"), a commentator ("□特约评论员"), "报导：" credits (a
translator's "编译：" is none), a name beside its agencies ("作者 王凡（德新社、 路透社）"), an
outlet's reporter and place ("英国《金融时报》 李明 北京报道"), a writer's note at the foot
("作者简介：…"), two editors' labels on one line, a blog's foot ("posted @ … 阅读(…) 编辑
收藏"), an author card with a job title, Taiwan's Republic years ("113-03-05"), Hong
Kong's "HKT" between day and clock, a blog's "已于 … 修改", a forum's relative time with
its moment in a title, a day word's clock, and an outlet alone in an element marked
as the source."""

from __future__ import annotations

from datetime import datetime

import pytest
from helpers.cjk_stories import ZH, ZHT

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")


def page(top: str, story: str = ZH, end: str = "", *, lang: str = "zh-CN", title: str = "多地出台措施优化营商环境",
         doctitle: str | None = None, now: datetime = NOW) -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{doctitle or title}</title></head>"
            f"<body><header><a class='logo' href='/'>新闻网</a></header><article><h1>{title}</h1>{top}"
            f"<div class='body'>{story}</div>{end}</article></body></html>").encode()
    return extract_metadata_only(html, now=now)


DATED = "<div class='date'>2024-03-05 10:20</div>"


def test_place_after_the_reporter_is_no_name() -> None:
    byline = "<p class='byline'>南方周末记者 张伟 发自北京　南方周末实习生 李欣然</p>"
    assert page(byline + DATED).authors == ["张伟", "李欣然"]


def test_institution_before_the_writer_is_no_person() -> None:
    assert page("<div class='info'>作者：海淀法院 王明　发布时间：2024-03-05 10:11:12</div>").authors == ["王明"]


def test_outlet_abbreviation_in_the_author_element_is_no_person() -> None:
    metadata = page("<p class='author'>法广</p>" + DATED, doctitle="多地出台措施优化营商环境 - 法国国际广播电台")
    assert metadata.authors == []
    # (a person's name spelt whole in the site's name stays: "张小北" of "张小北的技术笔记")
    assert page("<p class='author'>张小北</p>" + DATED,
                doctitle="多地出台措施优化营商环境 - 张小北的技术笔记").authors == ["张小北"]


def test_staff_reporter_credited_for_pictures_is_no_author() -> None:
    assert page("<p class='byline'>文/本报记者 郑丽　图/本报记者 马骏</p>" + DATED).authors == ["郑丽"]


def test_commentator_is_an_author() -> None:
    assert page(DATED, "<p>□特约评论员 周立新</p>" + ZH).authors == ["周立新"]


@pytest.mark.parametrize(("end", "authors"), [
    ("<p>报导：黄志明　摄影：陈文龙</p>", ["黄志明"]),
    ("<p>（编译：赵一鸣）</p>", []),  # a wire story's translator, as a Taiwanese agency credits one: no author
    ("<p>（作者简介：刘建华，中国人民大学经济学院教授）</p>", ["刘建华"]),
], ids=["baodao", "bianyi", "zuozhe-jianjie"])
def test_labelled_credit_closing_the_story(end: str, authors: list[str]) -> None:
    assert page(DATED, end=end).authors == authors


def test_name_beside_its_agencies() -> None:
    assert page("<div><span>日期 05.03.2024</span>　<span>作者 王凡（德新社、路透社）</span></div>").authors == ["王凡"]


def test_outlet_then_reporter_then_place() -> None:
    top = "<div><span>英国《金融时报》 李明 北京报道</span><span>2024年3月5日 星期二</span></div>"
    assert page(top).authors == ["李明"]
    assert page("<div><span>人民日报 评论 文章</span> <span>2024年3月5日</span></div>").authors == []


def test_name_dot_relative_time() -> None:
    metadata = page("<div class='meta'><a class='name' href='/u/889'>王晓峰</a> · <span>3小时前</span></div>",
                    now=datetime.fromisoformat("2024-03-05T18:00:00+00:00"))
    assert metadata.authors == ["王晓峰"] and metadata.published == "2024-03-05T15:00:00+00:00"


def test_two_editor_labels_on_one_line() -> None:
    assert page(DATED, end="<div>编辑：张小雨　责任编辑：刘亮</div>").editors == ["张小雨", "刘亮"]


def test_blog_foot_posted_at_with_action_links() -> None:
    foot = ("<div class='postDesc'>posted @ <span>2024-03-05 14:30</span>&nbsp;<a href='/zxb'>张小北</a>"
            "&nbsp;阅读(1234)&nbsp;评论(5)&nbsp;<a>编辑</a>&nbsp;<a>收藏</a>&nbsp;<a>举报</a></div>")
    metadata = page("", end=foot)
    assert metadata.authors == ["张小北"] and metadata.editors == [] and metadata.published == "2024-03-05T14:30:00"


def test_author_card_name_then_job_title() -> None:
    card = "<div class='author-info'><a href='/people/zw'>张伟</a><div class='badge'>后端工程师</div></div>"
    assert page(card + DATED).authors == ["张伟"]


@pytest.mark.parametrize(("line", "published", "modified"), [
    ("<li>發布日期：113-03-05</li><li>更新日期：113-03-06</li>", "2024-03-05", "2024-03-06"),
    ("<li>發布日期：113/3/5</li>", "2024-03-05", None),
], ids=["dashed", "slashed"])
def test_republic_year_in_a_labelled_taiwan_date(line: str, published: str, modified: str | None) -> None:
    metadata = page(f"<ul>{line}</ul>", ZHT, lang="zh-TW", title="行政院會通過長照法案")
    assert (metadata.published, metadata.modified) == (published, modified)


def test_hkt_between_day_and_clock() -> None:
    metadata = page("<div class='createddate'>2024-03-05 HKT 14:30</div>", ZHT, lang="zh-HK", title="特首發表施政報告")
    assert metadata.published == "2024-03-05T14:30:00+08:00"


def test_blog_modified_line_yi_yu() -> None:
    top = ("<div><span>原创</span> <a>张小北</a> <span>已于&nbsp;2024-03-06 09:00:00&nbsp;修改</span></div>"
           "<div>于&nbsp;2024-03-05 14:30:12&nbsp;首次发布</div>")
    metadata = page(top)
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:12", "2024-03-06T09:00:00")


def test_forum_relative_time_with_its_moment_in_the_title() -> None:
    post = ("<div class='authi'><em>发表于 <span title='2024-3-5 14:30:12'>3&nbsp;天前</span></em></div>"
            "<div class='reply'><em>发表于 <span title='2024-3-7 09:12:45'>昨天&nbsp;09:12</span></em></div>")
    metadata = page(post, now=datetime.fromisoformat("2024-03-08T04:00:00+00:00"))
    assert metadata.published == "2024-03-05T14:30:12"



def test_two_linked_names_in_the_author_element() -> None:
    names = "<div class='author'><a href='/reporter/101'>王小明</a>、<a href='/reporter/102'>李大華</a></div>"
    assert page(names + DATED, ZHT, lang="zh-TW").authors == ["王小明", "李大華"]


def test_yesterday_with_a_clock_keeps_the_clock_without_the_crawls_zone() -> None:
    metadata = page("<div class='meta'><span>某某汽车报</span> <span>昨天 14:30</span></div>",
                    now=datetime.fromisoformat("2024-03-06T04:00:00+00:00"))
    assert metadata.published == "2024-03-05T14:30:00"  # the page's clock, whose zone it does not say


@pytest.mark.parametrize(("top", "origin"), [
    ("<div class='meta'><span class='source'>某某汽车报</span> <span class='time'>2024-03-05 14:30</span></div>",
     "某某汽车报"),
    ("<div class='meta-info'><time>2024/03/05 14:30</time><div class='source'>中國時報</div></div>", "中國時報"),
    ("<div class='source'>张小北</div>" + DATED, None),  # a person in a source element is no outlet
], ids=["span", "div", "person"])
def test_outlet_alone_in_an_element_marked_as_the_source(top: str, origin: str | None) -> None:
    assert page(top).origin == origin


def test_forum_post_last_edited_note() -> None:
    story = "<p><i class='pstatus'> 本帖最后由 飞翔的鱼 于 2024-3-6 09:12 编辑 </i><br>" + ZH[3:]
    metadata = page("<div>发表于 2024-3-5 14:30:12</div>", story)
    assert (metadata.published, metadata.modified) == ("2024-03-05T14:30:12", "2024-03-06T09:12:00")


def test_title_that_is_the_logos_name_gives_way_to_the_headline() -> None:
    html = ("<html lang='zh-CN'><head><title>某某日报数字报</title></head><body><header><a class='logo' href='/'>"
            "某某日报数字报</a></header><article><h3>聚焦高质量发展</h3><h1>多地出台措施优化营商环境</h1>"
            f"<div>2024年03月05日　第05版：要闻</div>{ZH}</article></body></html>").encode()
    assert extract_metadata_only(html, now=NOW).title == "多地出台措施优化营商环境"


def test_site_first_title_gives_way_to_the_headline_after_it() -> None:
    def title_of(head: str, logo: str) -> str | None:
        html = (f"<html lang='zh-MO'><head><title>{head}</title></head><body><header><a class='logo' href='/'>{logo}"
                f"</a></header><article><h1>特區政府公布施政方針</h1><div>2024-03-05　A02版：澳聞</div>{ZHT}</article>"
                "</body></html>").encode()
        return extract_metadata_only(html, now=NOW).title

    assert title_of("澳門日報 - 特區政府公布施政方針", "澳門日報") == "特區政府公布施政方針"
    # (a first part that the header's link home does not show is kept: "Headline - Subtitle" is no site's name)
    assert title_of("施政方針 - 特區政府公布施政方針", "澳門日報") == "施政方針 - 特區政府公布施政方針"
