"""Held-out CJK layouts of the second probe, each on a small page written for it: a portal's field row whose next
label follows the writer's name ("作者：李娜 浏览次数：1234"), roles and names parted by a bar ("记者 | 李华",
"编辑｜王丽"), a repost's note naming the account and its writer, a platform's account as the source
("微博@人民日报"), fields glued by inline elements ("10:30홍길동 기자", "撰文：陳大文出版：2024-03-05 14:30更新：…"),
and a government table's labels in cells of their own (成文日期 beside 发布日期)."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
ZH = ("<p>国务院常务会议研究部署进一步优化营商环境的相关举措，会议指出要持续深化改革，激发市场主体活力。</p>"
      "<p>会议强调，各地区各部门要狠抓落实，切实解决企业反映的突出问题，推动政策红利直达基层，让企业有更多获得感。</p>")
ZHT = ("<p>行政院今天召開院會，通過多項民生法案，預計將於下週送交立法院審議，以加速推動相關政策。</p>"
       "<p>學者指出，相關法案若順利通過，將有助於改善社會福利體系，但財源規劃仍需進一步說明，以免造成負擔。</p>")
KO = ("<p>정부는 5일 물가 안정을 위한 새로운 경제 대책을 발표했다. 저소득층 지원을 확대하는 방안이 담겼다.</p>"
      "<p>전문가들은 이번 대책이 소비를 뒷받침할 것으로 기대하면서도 재원 마련이 과제라고 지적했다.</p>")


def page(lang: str, top: str, story: str, end: str = "", title: str = "多地出台措施优化营商环境") -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<header><a class='logo' href='/'>新闻网</a></header><article><h1>{title}</h1>{top}"
            f"<div class='body'>{story}</div>{end}</article></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


@pytest.mark.parametrize("row", [
    "发布时间：2024-03-05 10:11:12　来源：县融媒体中心　作者：李娜　浏览次数：1234",
    "作者：李娜 点击：56 发布时间：2024-03-05 10:11:12",
], ids=["views-after", "clicks-after"])
def test_next_field_label_is_not_a_name(row: str) -> None:
    assert page("zh-CN", f"<div class='info'>{row}</div>", ZH).authors == ["李娜"]


def test_bar_between_role_and_name() -> None:
    top = ("<div class='article-info'><span class='author'>界面新闻记者 | 李华</span> "
           "<span class='author'>界面新闻编辑 | 王丽</span> <span class='date'>2024/03/05 10:30</span></div>")
    found = page("zh-CN", top, ZH)
    assert (found.authors, found.editors) == (["李华"], ["王丽"])


def test_bar_after_editor_label_in_the_story_head() -> None:
    found = page("zh-CN", "<div class='time'>2024-03-05 10:30</div>", "<p>文｜李小明</p><p>编辑｜王丽</p>" + ZH)
    assert (found.authors, found.editors) == (["李小明"], ["王丽"])


def test_repost_note_names_account_and_writer() -> None:
    top = ("<div class='author-info'><a class='author-name' href='/member/1'>量子位</a>"
           "<span class='time'>2024-03-05 10:30</span></div>"
           "<p class='from'>本文来自微信公众号：量子位（ID：QbitAI），作者：梦晨，题图来自：视觉中国</p>")
    found = page("zh-CN", top, ZH)
    assert (found.authors, found.origin) == (["梦晨"], "量子位")


def test_platform_account_as_the_source() -> None:
    found = page("zh-CN", "<div class='meta'>2024-03-05 14:20 来源：微博@人民日报</div>", ZH)
    assert found.origin == "人民日报"


def test_korean_name_glued_to_the_time() -> None:
    top = "<div class='info'><span>승인 2024.03.05 10:30</span><span>홍길동 기자</span></div>"
    found = page("ko", top, KO, title="정부, 물가 안정 대책 발표")
    assert (found.authors, found.published) == (["홍길동"], "2024-03-05T10:30:00")


def test_hong_kong_fields_glued_by_inline_elements() -> None:
    top = ("<div class='article-meta'><span>撰文：陳大文</span><span>出版：2024-03-05 14:30</span>"
           "<span>更新：2024-03-05 16:10</span></div>")
    related = "<ul class='related'><li><a href='/b'>立法院審查預算案</a> 2024/03/28 10:05</li></ul>"
    found = page("zh-HK", top, ZHT, related, title="行政院會通過長照法案")
    assert (found.authors, found.published, found.modified) == (["陳大文"], "2024-03-05T14:30:00",
                                                                 "2024-03-05T16:10:00")


def test_government_table_labels_in_cells_of_their_own() -> None:
    top = ("<table class='xxgk'><tr><th>发布机构</th><td>省政府办公厅</td><th>成文日期</th><td>2024年02月28日</td></tr>"
           "<tr><th>发文字号</th><td>某政办〔2024〕12号</td><th>发布日期</th><td>2024年03月05日</td></tr></table>")
    assert page("zh-CN", top, ZH, title="某省人民政府办公厅关于进一步优化营商环境的通知").published == "2024-03-05"
