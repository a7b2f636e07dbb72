"""CJK news sites write their <title> as headline, section and site joined by "_", "｜", "-" or "—" without
spaces; the headline is the title without those suffix parts, as the Latin " | Site" ones already go."""

from __future__ import annotations

import pytest

from crawler.extractors import extract
from crawler.extractors.metadata.titles import title_from_head


@pytest.mark.parametrize(("title", "headline"), [
    ("我市首座太阳能图书馆正式开放_新闻中心_河畔日报", "我市首座太阳能图书馆正式开放"),
    ("市政府召开常务会议部署防汛工作｜河畔日报", "市政府召开常务会议部署防汛工作"),
    ("新冠疫苗COVID-19加强针接种启动-新闻频道-河畔网", "新冠疫苗COVID-19加强针接种启动"),
    ("暴雨致三条地铁线路停运—河畔日报", "暴雨致三条地铁线路停运"),
    ("東京都、新たな防災計画を発表_ニュース_河畔新聞", "東京都、新たな防災計画を発表"),
])
def test_a_cjk_title_loses_its_section_and_site_suffix(title, headline):
    assert title_from_head(title, None) == headline


@pytest.mark.parametrize("title", [
    "中国-东盟博览会",  # a short title whose dash is part of the name, not a suffix
    "我市首座太阳能图书馆正式开放",  # no separator
    "2024-03-12 我市首座太阳能图书馆正式开放",  # a dash between digits
])
def test_a_cjk_title_without_a_suffix_is_kept(title):
    assert title_from_head(title, None) == title


def test_extract_gives_the_headline_of_a_cjk_page_without_the_site_name():
    sentence = "本报讯 市图书馆今日正式开放，屋顶安装了四百块太阳能电池板，全年发电量超过自身用电量。"
    body = "".join(f"<p>第{n}段：{sentence}</p>" for n in range(8))
    html = (f"<html lang='zh-CN'><head><meta charset='utf-8'><title>我市首座太阳能图书馆正式开放_新闻中心_河畔日报"
            f"</title></head><body><div class='nav'><a href='/'>首页</a></div><div class='content'>{body}</div>"
            f"</body></html>")
    article = extract(html.encode("utf-8"), "http://news.example/zh/2024/03/12/library.html")
    assert article.title == "我市首座太阳能图书馆正式开放"


# ---------------------------------------------------------------- a Latin site name after a bare hyphen


def _title_of(title: str, headline: str) -> str | None:
    sentence = "本报讯 安全论坛今日在北京举办，多家企业发布了新的网络空间搜索引擎和漏洞平台，吸引了上千名观众。"
    body = "".join(f"<p>第{n}段：{sentence}</p>" for n in range(8))
    html = (f"<html lang='zh-CN'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<div class='nav'><a href='/'>首页</a></div><h1>{headline}</h1><div class='content'>{body}</div>"
            f"</body></html>")
    return extract(html.encode("utf-8"), "http://news.example/zh/2024/03/12/forum.html").title


@pytest.mark.parametrize(("title", "headline"), [
    ("第三届安全论坛在北京举办 发布新版搜索引擎ZoomScope-EXAMPLE.NET",
     "第三届安全论坛在北京举办 发布新版搜索引擎ZoomScope"),
    ("芯片厂发布新款AI芯片，一块顶十块GPU-EDN 电子设计", "芯片厂发布新款AI芯片，一块顶十块GPU"),
])
def test_a_latin_site_name_after_a_bare_hyphen_goes_where_the_shown_headline_ends(title, headline):
    # "…GPU-EDN": Latin on both sides of the hyphen, so the CJK suffix rule cannot tell it; the page's headline can.
    assert _title_of(title, headline) == headline


def test_a_subtitle_after_the_shown_headline_is_no_site_name():
    # Longer than a site's name: the <title> is headline and subtitle, kept whole.
    title = "市图书馆正式开放-屋顶四百块太阳能电池板全年发电量超过自身用电量"
    assert _title_of(title, "市图书馆正式开放") == title
