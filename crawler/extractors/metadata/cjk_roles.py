"""Role words of CJK credits: the words that stand in a credit where a name would and name a job, a rank or a
post's place in a thread, never a person ("作者 小明", "编辑：何静　审核：赵峰", "編集委員　佐藤花子",
"楼主 发表于 ...")."""

from __future__ import annotations

import re

# A writer's roles (Chinese and Japanese), a reviewer's and a proofreader's (not the editor: "审核：赵峰" is no
# editor's credit), a Japanese paper's ranks and desks, and a forum's labels of a post's floor.
ROLE_WORDS = frozenset({
    "作者", "记者", "記者", "实习生", "實習生", "通讯员", "通訊員", "特约记者", "特約記者", "见习记者", "首席记者",
    "撰文", "撰稿", "采写", "採寫", "执笔", "執筆", "特派员", "特派員", "编辑", "編輯", "责编", "責編", "责任编辑",
    "責任編輯", "审核", "審核", "校对", "校對", "审校", "審校", "终审", "終審", "初审", "复审", "三审", "监制", "監製",
    "编集委员", "編集委員", "論説委員", "解説委員", "専門記者", "支局長", "総局長", "編集長", "寄稿", "文責",
    "楼主", "樓主", "沙发", "沙發", "板凳", "地板", "博主", "发帖人", "發帖人", "投稿者", "管理人",
    # the production credits of tech media, official accounts and county portals (layout, art, design, the 三审 chain)
    "排版", "美编", "美編", "设计", "設計", "统筹", "統籌", "一审", "二审", "一審", "二審", "三審",
})
# The reviewer's and the proofreader's words: an editor's credit read from a line ends at them.
REVIEWER_WORDS = ("审核", "審核", "校对", "校對", "审校", "審校", "终审", "終審", "初审", "复审", "三审",
                  "监制", "監製", "排版", "美编", "美編", "设计", "設計", "统筹", "統籌", "一审", "二审", "一審",
                  "二審", "三審")


# What follows 記者/记者 when it opens a compound noun, not a credit: "記者会見" (a press conference), "记者团" (a
# press corps), "记者节", "记者证" (a press card); "评论员文章" (a list of the commentators' articles); Japanese
# "記者発表" (a release for the press, "記者発表資料").
NOT_AFTER_REPORTER = r"(?!会|會|団|团|團|节|節|証|证|文章|発表)"


# A Korean or a Japanese name with the reporter's role after it, as CMSs write it into the author fields
# ("홍길동 기자", "김철수 선임기자", "山田太郎 記者"): the role goes, the name stays.
ROLE_AFTER_NAME_RE = re.compile(r"^(?P<name>[가-힣]{2,4}|[\u4e00-\u9fff]{2,4})\s*"
                                r"(?:기자|특파원|선임기자|수습기자|인턴기자|객원기자|전문기자|시민기자|학생기자|논설위원|記者|特派員|編集委員)$")


def without_role(name: str) -> str:
    """The name of an author field without the reporter's role after it ("홍길동 기자" -> "홍길동")."""
    if name.isascii():
        return name
    match = ROLE_AFTER_NAME_RE.match(name)
    return match.group("name") if match else name


# How the name of a paper's desk, bureau or department ends ("経済部", "札幌報道部", "ワシントン支局", "宣传部").
DESK_ENDS = "部|支局|総局|支社|編集局"
# A desk's name: three characters or more (a Chinese newsroom's "编辑室" too).
DESK_END_RE = re.compile(rf"..(?:{DESK_ENDS}|编辑室)$")


# How an editorial desk's or a news team's name ends ("ライフハック通信編集部", "…取材班", "디지털뉴스팀"):
# a desk credited as the writer or in an author field, which names no person.
# (a Korean regional paper's newsroom, 편집국, credited as the writer too)
EDITORIAL_DESK_END_RE = re.compile(r"(?:編集部|編集局|編集室|編集チーム|編集班|取材班|뉴스팀|뉴스부|편집부|"
                                   r"편집국|취재팀)$")


def is_desk(name: str) -> bool:
    """Whether a Japanese or Korean name from any source is an editorial desk's ("…編集部", "디지털뉴스팀")."""
    return EDITORIAL_DESK_END_RE.search(name) is not None


# A portal's self-media channel ("澎湃新闻·澎湃号·政务", "网易号", "搜狐号"): as a 来源 it names the platform an
# account posted on, not an outlet the story came from.
SELF_MEDIA_CHANNEL_RE = re.compile(r"[\u4e00-\u9fff]{1,3}号(?:·|$)")


def self_media_channel(origin: str) -> bool:
    """Whether a credited source is a platform's self-media channel ("澎湃号·政务") rather than an outlet."""
    return "号" in origin and SELF_MEDIA_CHANNEL_RE.search(origin) is not None


def is_role_word(token: str) -> bool:
    """Whether a CJK token in a credit is a role's word or a desk's name, not a person's."""
    return token in ROLE_WORDS or DESK_END_RE.match(token) is not None


# A sentence after a colon: a broadcaster's reporters introducing their report ("总台记者 彭程 黎晓：试航期间，…").
REPORT_AFTER_COLON_RE = re.compile(r"\s*[\u4e00-\u9fff]{2}[^：:]{0,40}?[，。；！？]")


def report_after(line: str, colon: int) -> bool:
    """Whether a sentence follows the colon at ``colon``: the word before it is the last reporter's name, not the
    next field's label ("作者：李娜 浏览次数：1234")."""
    return REPORT_AFTER_COLON_RE.match(line, colon + 1) is not None


__all__ = ["DESK_ENDS", "NOT_AFTER_REPORTER", "REVIEWER_WORDS", "ROLE_WORDS", "is_desk", "is_role_word", "report_after",
           "self_media_channel", "without_role"]
