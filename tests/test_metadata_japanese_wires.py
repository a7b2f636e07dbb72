"""Japan's two national news agencies credited by their short names: a regional paper's dateline tag at the head
of the story ("【ワシントン共同】", "【北京時事】") and a bracket closing it ("（共同）", "（時事）") name the
page's origin (共同通信, 時事通信), never an author; a tag or bracket of anything else names no origin."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
LEAD = "バイデン米大統領は4日、中国との対話を続ける考えを示した。"
MORE = ("<p>専門家からは、財源の確保が課題になるとの指摘も出ており、今後の国会での議論が注目される。"
        "与党内にも慎重論がある。</p><p>政府は月内にも補正予算案を編成し、早期の成立を目指す方針だ。野党は対策の効果を疑問視している。</p>")


def page(story: str) -> Metadata:
    html = ("<!DOCTYPE html><html lang='ja'><head><meta charset='utf-8'><title>米大統領、中国との対話継続を表明</title>"
            "</head><body><header><a class='logo' href='/'>北日本新報</a></header><article>"
            "<h1>米大統領、中国との対話継続を表明</h1><div class='date'>2024年3月5日 19:30</div>"
            f"<div class='article-body'>{story}</div></article><footer>© 2024 北日本新報</footer></body></html>")
    return extract_metadata_only(html.encode(), now=NOW)


@pytest.mark.parametrize(("tag", "origin"), [("【ワシントン共同】", "共同通信"), ("【北京時事】", "時事通信"),
                                             ("【ニューヨーク共同】", "共同通信")])
def test_a_wires_dateline_tag_names_the_origin(tag: str, origin: str) -> None:
    metadata = page(f"<p>{tag}{LEAD}</p>{MORE}")
    assert metadata.origin == origin
    assert metadata.authors == []


@pytest.mark.parametrize(("foot", "origin"), [("（共同）", "共同通信"), ("(時事)", "時事通信")])
def test_a_wires_bracket_closing_the_story_names_the_origin(foot: str, origin: str) -> None:
    metadata = page(f"<p>{LEAD}</p>{MORE[:-4]}{foot}</p>")
    assert metadata.origin == origin
    assert metadata.authors == []


@pytest.mark.parametrize("story", [f"<p>【ワシントン支局】{LEAD}</p>{MORE}", f"<p>【独自】{LEAD}</p>{MORE}",
                                   f"<p>{LEAD}</p>{MORE[:-4]}（写真）</p>"])
def test_a_bureau_or_a_label_in_the_tag_or_bracket_names_no_origin(story: str) -> None:
    assert page(story).origin is None
