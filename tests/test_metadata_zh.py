"""Chinese metadata: bylines (作者/记者/文/来源), CJK dates and relative dates, and zh-news pages read by eye."""

from __future__ import annotations

import gzip
from datetime import datetime, timezone
from pathlib import Path

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata.byline import byline_names, origin_of

NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)
ZH_NEWS = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "zh-news"
STORY = "<p>" + "国庆中秋长假过半，外媒关注武汉的热情不减，城市生活恢复了往日的热闹与繁华。" * 5 + "</p>"


def zh_page(byline: str) -> str:
    return (f"<html lang='zh-CN'><head><title>长江大桥通车_新闻中心_长江网</title></head><body>"
            f"<h1>长江大桥通车</h1><div class='info'>{byline}</div>{STORY}</body></html>")


@pytest.mark.parametrize(("line", "names"), [
    ("作者：张三", ["张三"]),
    ("作者: 张三 责任编辑：李四", ["张三"]),
    ("澎湃新闻记者 段彦超 廖艳", ["段彦超", "廖艳"]),
    ("长江网10月4日讯（记者陈智 整合）", ["陈智"]),
    ("文/王五", ["王五"]),
    ("中新社记者 贾天勇 摄", []),  # a photo credit
    ("苹果公司9日对记者表示", []),
    ("记者通过电子邮件联系了富士康", []),
])
def test_chinese_bylines(line: str, names: list[str]) -> None:
    assert byline_names(line) == names


def test_origin_credit() -> None:
    assert origin_of("2020-10-04 20:30 来源: 长江网") == "长江网"
    assert origin_of("来源：证券时报网作者：李在山") == "证券时报网"


def test_chinese_page_date_author_origin_and_language() -> None:
    metadata = extract_metadata_only(zh_page("2009年11月9日 13:57 来源：新华社 作者：张三"), now=NOW)
    assert metadata.published == "2009-11-09T13:57:00"
    assert metadata.authors == ["张三"] and metadata.sources["authors"] == "text"
    assert metadata.origin == "新华社"
    assert metadata.language == "zh"
    assert metadata.title == "长江大桥通车"  # the section and site parts go, as a Latin " | Site" does


def test_chinese_relative_date_counts_from_the_crawl_time() -> None:
    assert extract_metadata_only(zh_page("3小时前 来源：长江网"), now=NOW).published == "2023-12-31T21:00:00+00:00"
    assert extract_metadata_only(zh_page("昨天 13:57"), now=NOW).published == "2023-12-31T13:57:00"  # the site's clock


def test_outlet_is_not_an_author() -> None:
    page = zh_page("来源：长江网").replace("<head>", "<head><meta name='author' content='长江网'>")
    assert extract_metadata_only(page, now=NOW).authors == []


# Expectations written after reading each page (its byline line and meta tags).
ZH_EXPECTED = [
    # page, published, authors, origin
    ("163/1", "2019-09-07T13:43:45+08:00", [], "证券市场红周刊"),
    # og article:author 参考消息 is the outlet, not an author; the date line's <a class="source">参考消息</a> credits it
    ("sina/1", "2019-11-25T18:57:38+08:00", [], "参考消息"),
    ("cjn/1", "2020-10-04T20:30:00", ["陈智"], "长江网"),
    ("ifeng/1", "2019-11-25T16:04:30", ["段彦超", "廖艳"], "澎湃新闻网"),
    ("thepaper/5", "2020-06-06T10:08:00", ["贺梨萍"], "澎湃新闻"),
    ("guancha/3", "2019-09-09T19:32:27", [], "中新网"),
    ("gzggw/1", "2016-11-22T09:53:00", [], "省发改委"),
    ("ifeng/2", "2019-09-09T18:13:22", [], "新华网"),
]


@pytest.mark.skipif(not ZH_NEWS.is_dir(), reason="../shared/datasets/zh-news is absent")
@pytest.mark.parametrize(("name", "published", "authors", "origin"), ZH_EXPECTED)
def test_zh_news_pages(name: str, published: str, authors: list[str], origin: str | None) -> None:
    html = gzip.decompress((ZH_NEWS / f"{name}.html.gz").read_bytes())
    metadata = extract_metadata_only(html, now=NOW)
    assert metadata.published == published
    assert metadata.authors == authors
    assert metadata.origin == origin
