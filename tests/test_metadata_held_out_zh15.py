"""Classes of the credit and date lines Chinese sites print every day that the zh15 held-out probe of
``tests/data/metadata-world`` found misread (fields in inline elements without a space between them, a feature's
credit chain, a relaying site's source, a government table's source cell): each class on a small page written here,
in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only

STORY = ("<p>市公交集团决定自下周起新开通三条公交线路，分别连接高铁东站、大学城和新区医院。</p>"
         "<p>新线路全程实行一票制，票价两元，首末班时间为早六点至晚九点，高峰时段间隔十分钟。</p>"
         "<p>市交通运输局表示，将根据客流情况适时调整发车间隔，方便市民出行。</p>")
HEADLINE = "我市新增三条公交线路"


def _meta(top: str = "", *, end: str = "", head: str = "", aside: str = "",
          now: str = "2024-04-01T00:00:00+00:00"):
    html = (f"<html lang='zh-CN'><head><meta charset='utf-8'><title>{HEADLINE}_某某新闻网</title>{head}</head><body>"
            f"<header><a href='/'>某某新闻网</a></header><main><article><h1>{HEADLINE}</h1>{top}"
            f"<div class='body'>{STORY}{end}</div></article>{aside}</main>"
            f"<footer>某某新闻网 版权所有</footer></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat(now))


# ---------------------------------------------------------------- fields in inline elements without a space


def test_writer_and_source_in_touching_spans() -> None:
    # "<span>作者：X</span><span>来源：Y</span><span>date</span>": the spans' margins part them, no space does
    metadata = _meta("<div class='meta'><span>作者：郑雨晴</span><span>来源：证券时报</span>"
                     "<span>2024-03-05 14:36</span></div>")
    assert metadata.authors == ["郑雨晴"]
    assert metadata.origin == "证券时报"
    assert metadata.published == "2024-03-05T14:36:00"


def test_source_then_bare_writer_in_touching_spans() -> None:
    metadata = _meta("<div class='info'><span class='time'>2024-03-05 06:30</span><span class='source'>来源：青川日报"
                     "</span><span class='author'>林建华</span></div>")
    assert metadata.origin == "青川日报"


def test_reporter_then_day_word_clock_in_touching_spans() -> None:
    metadata = _meta("<div class='author-info'><span class='name'>记者 蒋涛</span><span class='time'>今天 14:30</span>"
                     "<span class='read'>阅读 3.2万</span></div>", now="2024-03-05T09:00:00+00:00")
    assert metadata.authors == ["蒋涛"]
    assert metadata.published == "2024-03-05T14:30:00"


def test_spaced_spans_read_as_before() -> None:
    metadata = _meta("<div class='meta'><span>作者：郑雨晴</span> <span>来源：证券时报</span> "
                     "<span>2024-03-05 14:36</span></div>")
    assert (metadata.authors, metadata.origin) == (["郑雨晴"], "证券时报")


def test_one_name_in_two_elements_is_not_cut() -> None:
    # a name's characters in two inline elements (a highlighted surname) stay one name
    metadata = _meta("<p class='info'>作者：<b>郑</b>雨晴　来源：证券时报　2024-03-05 14:36</p>")
    assert metadata.authors == ["郑雨晴"]


# ---------------------------------------------------------------- a feature's credit chain


def test_wenzi_label_in_a_features_credit_chain() -> None:
    # "策划：… 统筹：… 文字：X　Y 设计：…": the writers are the 文字 credit's, the planners and designers no authors
    metadata = _meta("<div class='info'>2024-03-05 07:00</div><div class='credits'>策划：邱志刚　统筹：任芳　"
                     "文字：许晴　潘宇　设计：陆一鸣</div>")
    assert metadata.authors == ["许晴", "潘宇"]


def test_wenzi_in_a_sentence_is_no_credit() -> None:
    metadata = _meta("<div class='info'>2024-03-05 07:00 来源：某某日报</div>",
                     end="<p>展览分为文字：图片和实物三个部分。</p>")
    assert metadata.authors == []


# ---------------------------------------------------------------- a column's name after a role word


def test_commentator_column_heading_is_no_name() -> None:
    # a list headed "评论员文章" (the commentators' articles) under a piece signed "本报评论员"
    metadata = _meta("<div class='info'>2024年03月05日 06:00　来源：某某日报</div><p class='sign'>本报评论员</p>",
                     aside="<aside><h3>评论员文章</h3><ul><li><a href='/1'>本报评论员：以实干开新局</a>"
                           "<span>2024-03-01</span></li></ul></aside>")
    assert metadata.authors == []


# ---------------------------------------------------------------- a broadcaster's reporters before their report


def test_two_reporters_before_the_colon_of_their_report() -> None:
    body = ("<p>央视网消息：据中央广播电视总台中国之声报道，我国首艘大洋钻探船日前完成首次试航。</p>"
            "<p>总台记者 彭程 黎晓：试航期间，钻探船完成了动力系统、钻探系统等多项测试，各项性能指标达到设计要求。</p>"
            "<p>据介绍，该船将主要用于深海科学钻探，为研究地球演化提供重要支撑。</p>")
    html = (f"<html lang='zh-CN'><head><meta charset='utf-8'><title>{HEADLINE}</title></head><body><h1>{HEADLINE}</h1>"
            f"<div class='info'>来源：央视网 | 2024年03月05日 07:45</div>{body}</body></html>")
    metadata = extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))
    assert metadata.authors == ["彭程", "黎晓"]


# ---------------------------------------------------------------- the source of a relaying site


def test_relaying_sites_source_names_the_paper() -> None:
    # "来源：光明网-《光明日报》", "来源：人民网－人民日报": the site relays the paper's story
    metadata = _meta("<div class='info'>2024-03-05 04:50　来源：光明网-《光明日报》</div>")
    assert metadata.origin == "光明日报"
    metadata = _meta("<div class='info'>2024-03-05 04:50　来源：人民网－人民日报</div>")
    assert metadata.origin == "人民日报"


def test_sites_channel_after_its_name_is_no_outlet() -> None:
    # "来源：人民网－社会频道": the site's own channel, the site is the source
    metadata = _meta("<div class='info'>2024年03月05日16:25 | 来源：人民网－社会频道</div>")
    assert metadata.origin == "人民网"


def test_hyphenated_outlet_is_kept() -> None:
    metadata = _meta("<div class='info'>2024-03-05 04:50　来源：北京青年报-北青网</div>")
    assert metadata.origin == "北京青年报-北青网"


# ---------------------------------------------------------------- a government table's source cell


def test_source_label_in_a_table_cell_of_its_own() -> None:
    table = ("<table><tr><th>索引号：</th><td>11510000MB1234567X/2024-00123</td></tr>"
             "<tr><th>发布机构：</th><td>某某省人民政府办公厅</td><th>发布日期：</th><td>2024年03月05日</td></tr>"
             "<tr><th>信息来源：</th><td>某某省人民政府办公厅</td></tr></table>")
    metadata = _meta(table)
    assert metadata.origin == "某某省人民政府办公厅"
    assert metadata.published == "2024-03-05"


# ---------------------------------------------------------------- an element marked "src"


def test_outlet_alone_in_an_element_marked_src() -> None:
    # an app's date line: "<span class='src'>青州日报</span> <span class='time'>…</span>"
    metadata = _meta("<div class='meta'><span class='src'>青州日报</span> <span class='time'>2024-03-05 14:30</span>"
                     "</div>")
    assert metadata.origin == "青州日报"


def test_name_and_platform_badge_touching_stay_one_text() -> None:
    # "<a class='author'><div>扬眼</div><span>企鹅号</span></a>": an account and its platform's badge, no fields
    metadata = _meta("<div class='meta'><span>2024-03-05 19:02</span> <a class='author' href='/author/51'>"
                     "<div>扬眼</div><span class='badge'>企鹅号</span></a></div>",
                     end="<p>（记者 张楠）</p>")
    assert "企鹅号" not in metadata.authors
