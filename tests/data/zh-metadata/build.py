"""Writes the built pages of the Chinese metadata gold set (``html/built-*.html``) and their gold into
``ground-truth.json`` (the ``news-*`` entries, read by hand from trimmed zh-news pages, are kept as they are).

Each built page takes the layout of a kind of Chinese site seen on real pages (a portal's article page, a paper's
page with a dateline, a local government's notice, a forum thread, a blog post, a tech site's article) and puts
into it one credit form of a class of the issue (see ``CLASSES``), with traps around it: a sidebar of other
stories with newer dates, a comment area with later dates and user names, a photo credit, an editor and a
source line, reporters mentioned in the story's sentences. The people's names are drawn from common surnames
and given-name characters, so no list of real names is learnt from them.

    python tests/data/zh-metadata/build.py
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).parent
PAGES_PER_CLASS = 11
SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜"
            "叶程苏魏吕丁沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯史陶黎贺顾毛郝龚邵钱严覃戴莫孔向汤")
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂晓华建国文斌宇浩凯欣怡佳琳雪梅晨阳鹏飞婷颖倩楠璐慧亮琦瑶蕾帆"
PLACES = ["北京", "上海", "广州", "深圳", "武汉", "成都", "杭州", "南京", "西安", "重庆", "天津", "长沙",
          "郑州", "济南", "昆明", "福州", "合肥", "南昌", "巴黎", "东京"]
OUTLETS = ["新华社", "中新社", "人民日报", "长江日报", "扬子晚报", "南方都市报", "北京青年报", "新京报", "澎湃新闻",
           "经济日报", "光明日报", "中国青年报", "科技日报", "工人日报", "法治日报", "半岛都市报"]
SITES = ["东方新闻网", "江城在线", "海峡资讯网", "中原热线", "北方网", "西部之声", "南国都市网", "湖畔论坛", "新闻中心"]
HANDLES = ["放飞&心情", "小鱼_儿", "lucky.猫", "老K说事", "风吹麦浪2008", "山野闲人", "糖糖~", "阿飞@江湖", "读书郎"]
TOPICS = [
    ("{place}地铁新线路今日开通运营", "地铁", "线路全长二十余公里，设站十五座，沿线居民出行将更加便利。"),
    ("{place}启动老旧小区改造 今年惠及三万户", "小区", "改造内容包括外墙保温、管网更新和加装电梯等项目。"),
    ("{place}举办国际马拉松赛 三万名跑者参赛", "赛事", "赛道途经多处历史街区，沿途设有二十个补给站。"),
    ("{place}秋粮收购工作全面展开", "粮食", "今年全市秋粮种植面积保持稳定，单产有所提高。"),
    ("{place}一批新建学校秋季投入使用", "学校", "新增学位八千余个，缓解了城区入学压力。"),
    ("{place}发布文旅消费新举措 发放消费券", "消费", "消费券可在景区、酒店和演出场所使用。"),
    ("{place}海关查获一批走私冻品", "海关", "涉案货物重约两百吨，案件正在进一步侦办中。"),
    ("{place}社区食堂让老人吃上热乎饭", "食堂", "食堂每天提供三餐，六十岁以上老人享受优惠。"),
    ("{place}公布今年第一批重点建设项目", "项目", "项目涵盖交通、能源、水利和民生等多个领域。"),
    ("{place}暴雨过后 抢修队伍连夜恢复供电", "供电", "截至今天上午，受影响的用户已全部恢复供电。"),
]


@dataclass
class Page:
    """One built page: what goes around the article and its gold."""

    cls: str
    title: str
    site: str
    day: datetime
    info: str = ""  # the line under the headline
    lead_credit: str = ""  # a credit before the first paragraph, or the first paragraph's own dateline
    end_credit: str = ""  # after the last paragraph
    owner: str = ""  # a blog's or an account's name in the page's header, beside the title
    authors: list[str] = field(default_factory=list)
    editors: list[str] = field(default_factory=list)
    meta_date: bool = False
    meta_author: str = ""
    forum: bool = False


def name(rng: random.Random, used: set[str]) -> str:
    while True:
        value = rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2, 2))))
        if value not in used:
            used.add(value)
            return value


def stamp(day: datetime, form: int) -> str:
    return [f"{day:%Y-%m-%d %H:%M}", f"{day:%Y-%m-%d %H:%M:%S}", f"{day.year}年{day.month}月{day.day}日 {day:%H:%M}",
            f"{day.year}年{day.month:02d}月{day.day:02d}日{day:%H:%M}", f"{day:%Y-%m-%d}",
            f"{day:%Y/%m/%d %H:%M}"][form]


def credit_parentheses(rng: random.Random, page: Page, used: set[str]) -> None:
    a, b = name(rng, used), name(rng, used)
    place, outlet = rng.choice(PLACES), rng.choice(OUTLETS)
    form = rng.randrange(7)
    page.info = f"{stamp(page.day, rng.randrange(6))} 来源：{rng.choice([page.site, outlet])}"
    if form == 0:
        page.end_credit, page.authors = f"（记者 {a}）", [a]
    elif form == 1:
        page.end_credit, page.authors = f"（{a} {place}报道）", [a]
    elif form == 2:
        page.end_credit, page.authors = f"（总台记者 {a}）", [a]
    elif form == 3:
        page.end_credit, page.authors = f"（{a} {b}）", [a, b]
    elif form == 4:
        page.lead_credit = f"{outlet}{place}{page.day.month}月{page.day.day}日电（记者{a}、{b}）"
        page.authors = [a, b]
    elif form == 5:
        page.lead_credit, page.authors = f"本报讯（记者 {a} 通讯员 {b}）", [a, b]
    else:
        page.end_credit, page.authors = f"（本报记者 {a} {b}）", [a, b]
    editor = name(rng, used)
    page.end_credit += f"\n责任编辑：{editor}"
    page.editors = [editor]


def reporter_line(rng: random.Random, page: Page, used: set[str]) -> None:
    a, b, c = name(rng, used), name(rng, used), name(rng, used)
    place, outlet = rng.choice(PLACES), rng.choice(OUTLETS)
    form = rng.randrange(7)
    page.info = stamp(page.day, rng.randrange(6))
    lines = {
        0: (f"本报记者 {a} 发自{place}", [a]),
        1: (f"本报记者{a}发自{place}", [a]),
        2: (f"本报实习生 {a} {b} 本报记者 {c}", [a, b, c]),
        3: (f"执笔人：{a}", [a]),
        4: (f"{outlet}记者 {a} {b}", [a, b]),
        5: (f"采写：{outlet}记者 {a} 实习生 {b}", [a, b]),
        6: (f"文/本报记者 {a} 图/{b}", [a]),
    }
    page.lead_credit, page.authors = lines[form]
    if rng.random() < 0.5:
        editor = name(rng, used)
        page.end_credit, page.editors = f"编辑：{editor}", [editor]


def name_beside_date(rng: random.Random, page: Page, used: set[str]) -> None:
    a, b = name(rng, used), name(rng, used)
    form = rng.randrange(4)
    when = stamp(page.day, rng.choice((2, 3, 0)))
    if form == 0:
        page.info, page.authors = f"{when} [ {a} ]", [a]
    elif form == 1:
        page.info, page.authors = f"{when} 【{a} {b}】", [a, b]
    elif form == 2:
        page.info, page.authors = f"{a}/{rng.choice(OUTLETS)}\n{stamp(page.day, 0)}", [a]
    else:
        page.info, page.authors = f"{when} 来源：{rng.choice(OUTLETS)} 作者：{a}", [a]
    editor = name(rng, used)
    page.end_credit, page.editors = f"[责任编辑：{editor}]", [editor]


def poster(rng: random.Random, page: Page, used: set[str]) -> None:
    a = name(rng, used)
    handle = rng.choice(HANDLES)
    form = rng.randrange(5)
    if form == 0:
        page.info, page.authors = f"作者：{handle}  {stamp(page.day, 1)}", [handle]
    elif form == 1:
        page.forum = True
        page.info = f"本贴由{a}于{page.day.year}年{page.day.month}月{page.day.day}日 {page.day:%H:%M}发表"
        page.authors = [a]
    elif form == 2:
        page.forum = True
        page.info, page.authors = f"{handle} 发表于 {stamp(page.day, 0)}", [handle]
    elif form == 3:
        page.owner, page.authors = f"{a}的博客", [a]
        page.info = f"({stamp(page.day, 1)})"
    else:
        page.info = f"作者：{a} ——记{rng.choice(PLACES)}的一位乡村教师\n{stamp(page.day, 2)}"
        page.authors = [a]


def date_visible(rng: random.Random, page: Page, used: set[str]) -> None:
    form = rng.randrange(3)
    page.info = [f"发布时间：{stamp(page.day, 2)}", f"发表于 {stamp(page.day, 0)}",
                 f"{stamp(page.day, 3)}  浏览次数：{rng.randrange(100, 9000)}"][form]
    if rng.random() < 0.5:
        a = name(rng, used)
        page.end_credit, page.authors = f"（记者 {a}）", [a]


def editor_source(rng: random.Random, page: Page, used: set[str]) -> None:
    e1, e2 = name(rng, used), name(rng, used)
    outlet = rng.choice(OUTLETS)
    form = rng.randrange(4)
    page.info = f"{stamp(page.day, rng.randrange(6))} 来源：{outlet}"
    page.meta_author = outlet if rng.random() < 0.5 else ""
    if form == 0:
        page.end_credit, page.editors = f"本文来源：{outlet} 责任编辑：{e1}", [e1]
    elif form == 1:
        page.end_credit, page.editors = f"编辑：{e1}\n审核：{e2}", [e1]
    elif form == 2:
        page.end_credit, page.editors = f"（编辑 {e1}）", [e1]
    else:
        page.end_credit, page.editors = f"来源：{outlet}\n责任编辑：{e1} 校对：{e2}", [e1]


def photo_credit(rng: random.Random, page: Page, used: set[str]) -> None:
    a, p = name(rng, used), name(rng, used)
    form = rng.randrange(3)
    page.info = f"{stamp(page.day, rng.randrange(6))} 来源：{page.site}"
    photo = [f"{p}/摄", f"记者 {p} 摄", f"（{p} 摄）"][form]
    page.lead_credit = f"图为活动现场。{photo}"
    if rng.random() < 0.6:
        page.end_credit, page.authors = f"（记者 {a}）", [a]


def not_a_name(rng: random.Random, page: Page, used: set[str]) -> None:
    word = rng.choice(["网络整理", "佚名", "本站编辑", "未知", "管理员", rng.choice(OUTLETS), "综合报道", ""])
    page.info = f"时间：{stamp(page.day, 4)} 作者：{word} 阅读：{rng.randrange(100, 5000)}"


def sidebar_dates(rng: random.Random, page: Page, used: set[str]) -> None:
    page.info = stamp(page.day, rng.choice((0, 1, 2)))
    if rng.random() < 0.5:
        a = name(rng, used)
        page.lead_credit, page.authors = f"本报讯（记者 {a}）", [a]


CLASSES: dict[str, Callable[[random.Random, Page, set[str]], None]] = {
    "credit-parentheses": credit_parentheses, "reporter-line": reporter_line, "name-beside-date": name_beside_date,
    "poster": poster, "date-visible": date_visible, "editor-source": editor_source, "photo-credit": photo_credit,
    "not-a-name": not_a_name, "sidebar-dates": sidebar_dates,
}


def paragraphs(rng: random.Random, page: Page, topic: tuple[str, str, str], used: set[str]) -> list[str]:
    place = rng.choice(PLACES)
    person = name(rng, used)
    outlet = rng.choice(OUTLETS)
    return [
        f"{page.day.month}月{page.day.day}日，记者从有关部门了解到，{topic[2]}",
        f"据{outlet}此前报道，相关工作自去年起陆续推进。负责人{person}表示，下一步将继续加大投入，确保{topic[1]}工作取得实效。",
        f"市民纷纷表示欢迎。家住{place}路的居民说：“以前办事要跑好几趟，现在方便多了。”",
        "业内人士分析认为，这一举措有助于提升城市治理水平，也为其他地区提供了可借鉴的经验。",
    ]


def sidebar(rng: random.Random, page: Page) -> str:
    items = []
    for _ in range(5):
        other = page.day + timedelta(days=rng.randrange(1, 400), hours=rng.randrange(24))
        title = rng.choice(TOPICS)[0].format(place=rng.choice(PLACES))
        items.append(f'<li><a href="/news/{rng.randrange(10**6)}.html">{title}</a><span>{stamp(other, 4)}</span></li>')
    return f'<div class="side"><h3>热点新闻</h3><ul>{"".join(items)}</ul></div>'


def comments(rng: random.Random, page: Page, used: set[str]) -> str:
    rows = []
    for _ in range(3):
        later = page.day + timedelta(hours=rng.randrange(2, 200))
        rows.append(f'<div class="reply"><p>{rng.choice(HANDLES)} {stamp(later, 0)}</p><p>说得好，支持！</p></div>')
    return f'<div class="comment-list"><h3>网友评论</h3>{"".join(rows)}</div>'


def html_of(rng: random.Random, page: Page, topic: tuple[str, str, str], used: set[str]) -> str:
    body = paragraphs(rng, page, topic, used)
    lines = [f"<p>{line}</p>" for line in page.lead_credit.split("\n") if line] if page.lead_credit else []
    if (page.lead_credit.endswith("）") and "电（" in page.lead_credit) or page.lead_credit.startswith("本报讯"):
        lines, body[0] = [], page.lead_credit + body[0]
    story = "".join(lines) + "".join(f"<p>{text}</p>" for text in body)
    story += "".join(f"<p>{line}</p>" for line in page.end_credit.split("\n") if line)
    info = "".join(f'<div class="info">{line}</div>' for line in page.info.split("\n") if line)
    head = [f"<title>{page.title}_{page.site}</title>"]
    if page.meta_date:
        head.append(f'<meta property="article:published_time" content="{page.day:%Y-%m-%dT%H:%M:%S}+08:00">')
    if page.meta_author:
        head.append(f'<meta name="author" content="{page.meta_author}">')
    header = f'<div class="header"><a href="/">{page.site}</a> <a href="/news/">新闻</a> <a href="/bbs/">论坛</a></div>'
    if page.owner:
        header += f'<div class="blog-title">{page.owner}</div>'
    side = sidebar(rng, page)
    if page.forum:
        article = (f'<table class="thread"><tr><td><h1>{page.title}</h1>{info}<div class="post">{story}</div></td></tr>'
                   f"</table>{comments(rng, page, used)}")
    else:
        article = f'<div class="article"><h1>{page.title}</h1>{info}<div class="content">{story}</div></div>'
        article += comments(rng, page, used) if rng.random() < 0.6 else ""
    before, after = (side, "") if rng.random() < 0.5 else ("", side)
    footer = f'<div class="footer">Copyright © 2003-{page.day.year + 1} {page.site} 版权所有</div>'
    return (f'<!DOCTYPE html>\n<html lang="zh-CN"><head><meta charset="utf-8">{"".join(head)}</head><body>{header}'
            f"{before}{article}{after}{footer}</body></html>\n")


def build() -> dict[str, dict]:
    rng = random.Random(31)
    used: set[str] = set()
    gold: dict[str, dict] = {}
    for cls, fill in CLASSES.items():
        for number in range(PAGES_PER_CLASS):
            topic = rng.choice(TOPICS)
            day = datetime(2005, 1, 1) + timedelta(days=rng.randrange(0, 7000), minutes=rng.randrange(0, 1440))
            page = Page(cls, topic[0].format(place=rng.choice(PLACES)), rng.choice(SITES), day,
                        meta_date=cls not in ("date-visible", "sidebar-dates", "poster") and rng.random() < 0.4)
            fill(rng, page, used)
            page_id = f"built-{cls}-{number + 1}"
            (HERE / "html" / f"{page_id}.html").write_text(html_of(rng, page, topic, used), encoding="utf-8")
            gold[page_id] = {"title": page.title, "authors": page.authors, "editors": page.editors,
                             "date": f"{day:%Y-%m-%d}", "class": cls, "page": "built from a real layout"}
    return gold


def main() -> None:
    path = HERE / "ground-truth.json"
    truth = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    truth = {key: value for key, value in truth.items() if not key.startswith("built-")}
    truth.update(build())
    path.write_text(json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
