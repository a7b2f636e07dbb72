"""Dateline credits of any wire or paper, read by the credit's shape rather than a list of agencies or cities: the
reporters are the authors, the outlet the page's origin (unless a "来源：" line names another), the place no one.

Taiwan's bracket ("（中央社記者王小明竹北5日電）"), the mainland's head ("新华社北京11月5日电（记者 张三 李四）"),
Korea's ("(서울=연합뉴스) 홍길동 기자 =", "【워싱턴=뉴시스】김철수 특파원 ="), and a Japanese or Korean place before
the writer ("（ワシントン＝佐藤花子）" closing the lead, "워싱턴=김철수 특파원" under the headline)."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata.agency_datelines import dateline_outlet

NOW = datetime.fromisoformat("2024-12-01T00:00:00+00:00")
ZH = ("国务院常务会议研究部署进一步优化营商环境的相关举措，会议指出要持续深化改革，激发市场主体活力，推动高质量发展。"
      "</p><p>会议强调，各地区各部门要狠抓落实，切实解决企业反映的突出问题，推动政策红利直达基层，让企业有更多获得感。</p>")
ZHT = ("行政院今天召開院會，通過多項民生法案，預計將於下週送交立法院審議，"
       "以加速推動相關政策並回應民眾期待。</p>"
       "<p>學者指出，相關法案若順利通過，將有助於改善社會福利體系，但財源規劃仍需進一步說明，以免造成負擔。</p>")
KO = ("정부는 5일 물가 안정을 위한 새로운 경제 대책을 발표했다. "
      "저소득층 지원을 확대하고 중소기업의 임금 인상도 돕는 방안이 담겼다.</p>"
      "<p>전문가들은 이번 대책이 소비를 뒷받침할 것으로 기대하면서도 재원 마련이 과제라고 지적했다.</p>")
JA = ("<p>政府は5日、物価高への対策として新たな経済対策をまとめた。低所得世帯への給付を拡充し、"
      "中小企業の賃上げも後押しする。（ワシントン＝佐藤花子）</p>"
      "<p>専門家からは、財源の確保が課題になるとの指摘も出ており、今後の国会での議論が注目される。</p>")


TW = "<p>2024/03/05 14:30</p>"
KOT = "<p>입력 2024-03-05 10:30</p>"


def page(lang: str, top: str, lead: str, story: str, title: str = "新措施公布") -> bytes:
    """A news page: the headline, a date line, then the story whose first paragraph opens with ``lead``."""
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<header><a class='logo' href='/'>新闻</a></header><article><h1>{title}</h1>{top}"
            f"<div class='body'><p>{lead}{story}</div></article></body></html>").encode()


@pytest.mark.parametrize(("lang", "top", "lead", "story", "authors", "origin"), [
    # Taiwan's agency filing from a town no list holds: the place is the run before the day
    ("zh-TW", TW, "（中央社記者王小明竹北5日電）", ZHT, ["王小明"], "中央社"),
    # two reporters abroad, a special dispatch (專電)
    ("zh-TW", TW, "（中央社記者王小明、李小華華盛頓4日專電）", ZHT, ["王小明", "李小華"], "中央社"),
    # a foreign desk's compiled report: an outlet and a place, nobody
    ("zh-TW", TW, "（中央社華盛頓4日綜合外電報導）", ZHT, [], "中央社"),
    # another outlet of the same bracket shape
    ("zh-TW", TW, "（大華通訊社記者陳大文花蓮5日電）", ZHT, ["陳大文"], "大華通訊社"),
    # "this paper" is no outlet's name: the reporter alone
    ("zh-TW", TW, "（本報記者王小明台北5日電）", ZHT, ["王小明"], None),
    # the mainland's wire head: the outlet before the place and the day, the reporters in the bracket after
    ("zh-CN", "<p>2024-11-05 10:23</p>", "新华社北京11月5日电（记者 张三 李四）", ZH, ["张三", "李四"], "新华社"),
    ("zh-CN", "<p>2024-11-05 10:23</p>", "中新网北京11月5日电(记者 张三)", ZH, ["张三"], "中新网"),
    ("zh-CN", "<p>2024-11-05 10:23</p>", "中国日报网11月5日电（记者 王五）", ZH, ["王五"], "中国日报网"),
    ("zh-CN", "<p>2024-11-05 10:23</p>", "本报北京3月4日电　（记者李明、王芳）", ZH, ["李明", "王芳"], None),
    # a credited source line names the page's origin, not the wire in the lead
    ("zh-CN", "<p>2024-11-05 10:23　来源：新华网</p>", "新华社北京11月5日电（记者 张三）", ZH, ["张三"], "新华网"),
    # Korea's agencies: the place "=" the outlet in brackets, the reporters before 기자 or 특파원
    ("ko", KOT, "(서울=연합뉴스) 홍길동 기자 = ", KO, ["홍길동"], "연합뉴스"),
    ("ko", KOT, "(세종=연합뉴스) 김철수 이영희 기자 = ", KO, ["김철수", "이영희"], "연합뉴스"),
    ("ko", KOT, "【워싱턴=뉴시스】김철수 특파원 = ", KO, ["김철수"], "뉴시스"),
], ids=["tw-unlisted-town", "tw-two-abroad", "tw-foreign-desk", "tw-other-outlet", "tw-this-paper",
        "cn-wire-spaced", "cn-halfwidth", "cn-outlet-no-place", "cn-this-paper", "cn-source-line-wins",
        "ko-yonhap", "ko-two-spaced", "ko-bracket-special"])
def test_dateline_credit(lang: str, top: str, lead: str, story: str, authors: list[str], origin: str | None) -> None:
    found = extract_metadata_only(page(lang, top, lead, story), now=NOW)
    assert found.authors == authors
    assert found.origin == origin


@pytest.mark.parametrize("paragraph", [
    "该合作社北京分社3月5日电价调整的消息传出后，村民纷纷前来咨询。",  # a sentence about a co-op, no dateline
    "（中央社）行政院今天召開院會。",  # no place and day
    "(서울) 정부는 5일 물가 안정을 위한 대책을 발표했다.",  # a place, no outlet
])
def test_not_a_dateline(paragraph: str) -> None:
    assert dateline_outlet(paragraph) is None


def test_japanese_place_and_writer_closing_the_lead() -> None:
    found = extract_metadata_only(page("ja", "<p>2024/3/5 06:00</p>", "", JA, title="新たな経済対策を決定"), now=NOW)
    assert found.authors == ["佐藤花子"]


def test_korean_place_before_the_correspondent() -> None:
    top = "<p>입력 2024-03-05 03:00</p><p class='report'>워싱턴=김철수 특파원</p>"
    found = extract_metadata_only(page("ko", top, "", KO, title="정부, 물가 안정 대책 발표"), now=NOW)
    assert found.authors == ["김철수"]
