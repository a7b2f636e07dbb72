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
