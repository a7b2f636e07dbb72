"""Dateline credits of any wire or paper, read by the credit's shape: the reporters are the authors, the outlet the
page's origin, the place no one. No list of agencies or cities: an outlet is told by its name's ending, a place is
the run of characters between the outlet (or the names) and the day.

- Taiwan's bracket at the head of a story: "（中央社記者王小明竹北5日電）", "（中央社記者王小明、李小華華盛頓4日專電）",
  "（中央社華盛頓4日綜合外電報導）" (an outlet and a place, nobody).
- The mainland's head: "新华社北京11月5日电（记者 张三 李四）", "中新网北京11月5日电(记者 张三)" (the bracket's
  people are read by the Chinese credit reader; the outlet here), and a flash wire's "财讯社3月5日讯，" (nobody).
- Korea's: "(서울=연합뉴스) 홍길동 기자 =", "【워싱턴=뉴시스】김철수 특파원 =" (the place "=" the outlet).
- A press-release wire's head: "서울--(뉴스와이어) 2024년 03월 05일 --", "NEW YORK--(BUSINESS WIRE)--" (the wire).
"""

from __future__ import annotations

import re
from collections.abc import Callable

HAN = r"\u4e00-\u9fff"
# The endings of a wire's or a paper's name ("中央社", "大華通訊社", "新华社", "中新网", "中国日报网"); "台" is left
# out: a place may end so ("烟台", "邢台").
ENDS = "通訊社|通讯社|新聞社|新闻社|社|網|网|報|报"
OUTLET = rf"[{HAN}]{{0,8}}(?:{ENDS})"
# The shortest such name, where "記者" or the place follows it ("中央社華盛頓": "中央社").
FIRST_OUTLET = rf"[{HAN}]{{0,8}}?(?:{ENDS})"
# "This paper": the story's own outlet, which names none.
OWN_PAPER = frozenset({"本報", "本报", "本社", "本網", "本网"})
# Taiwan's bracket: the outlet, "記者", the names run on into the place, the day and "電" (專電: a special dispatch).
BRACKET_RE = re.compile(rf"^\s*[（(](?P<outlet>{FIRST_OUTLET})(?:駐[{HAN}]{{1,4}})?(?:特約)?(?:記者|记者)"
                        rf"(?P<run>[{HAN}、]{{4,30}}?)\d{{1,2}}日(?:專|专)?(?:電|电)[）)]")
# The same bracket without reporters: the outlet, the place, the day and the report ("綜合外電報導": compiled wires).
DESK_RE = re.compile(rf"^\s*[（(](?P<outlet>{FIRST_OUTLET})[{HAN}]{{2,6}}\d{{1,2}}日"
                     r"(?:綜合外電|综合外电|專|专)?(?:電|电|報導|报道)[）)]")
# The mainland's head: the outlet, the place (none after a national site: "中国日报网11月5日电"), the day and "电".
# (a flash wire's lead has no bracket: "财讯社3月5日讯，央行…"; "据…" reports another outlet's story)
HEAD_RE = re.compile(rf"^\s*(?!据|據)(?P<outlet>{OUTLET})[{HAN}]{{0,8}}?\d{{1,2}}月\d{{1,2}}日(?:电|電|讯|訊)"
                     r"(?:\s*[（(]|[，,])")
# Korea's: the place "=" the outlet, in brackets, before the reporters.
KOREAN_RE = re.compile(r"^\s*[(\[【][가-힣A-Za-z]{1,8}\s*[=＝]\s*(?P<outlet>[가-힣A-Za-z0-9]{2,12})[)\]】]")
# A press-release wire's head: the place, two dashes, the wire in brackets (its own mark, "--(" near the start).
RELEASE_WIRE_RE = re.compile(r"^\s*[^\W\d_][\w .,'’-]{0,30}?--\s*\((?P<outlet>[^()]{2,30})\)")
# Japan's two national news agencies by the short names that close a dateline tag ("【ワシントン共同】") or a story
# ("（時事）"): a regional paper prints their copy so, and the tag's place runs on into the name.
JAPANESE_WIRES = {"共同": "共同通信", "時事": "時事通信"}
WIRE_TAG_RE = re.compile(r"^\s*【[^【】\s]{0,10}?(?P<wire>共同|時事)】")
WIRE_FEET = tuple(f"{open_}{wire}{close}" for wire in JAPANESE_WIRES for open_, close in (("（", "）"), ("(", ")")))
# A Chinese reporter's name and the place it runs on into: most names have three characters, two when the run has
# four (a place has two at least).
NAME_CHARS_BEFORE_PLACE = 3
SHORT_RUN = 4


def _heads(paragraph: str) -> bool:
    """Whether the paragraph may open with a dateline credit at all: the literal marks each form needs."""
    head = paragraph[:40]
    return "日" in head or "=" in head or "＝" in head


def agency_reporters(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The reporters of a story opening with a bracketed dateline credit ("（中央社記者王小明竹北5日電）"), each a
    person (``person``), or none."""
    if not paragraph.lstrip().startswith(("（", "(")) or "日" not in paragraph[:40]:
        return []
    match = BRACKET_RE.match(paragraph)
    if match is None:
        return []
    *names, last = match.group("run").split("、")
    # (the last name runs on into the place: its length tells where the place begins)
    cut = NAME_CHARS_BEFORE_PLACE if len(last) > SHORT_RUN else 2
    if len(last) < SHORT_RUN:
        return []
    people = [person(token) for token in (*names, last[:cut])]
    return [name for name in people if name] if all(people) else []


def dateline_outlet(paragraph: str) -> str | None:
    """The outlet a story's dateline credits ("中央社", "新华社", "연합뉴스"), or None ("本报", or no dateline)."""
    if "--(" in paragraph[:50] and (release := RELEASE_WIRE_RE.match(paragraph)):
        return release.group("outlet").strip()
    if not _heads(paragraph):
        return None
    for pattern in (BRACKET_RE, DESK_RE, HEAD_RE, KOREAN_RE):
        match = pattern.match(paragraph)
        if match:
            outlet = match.group("outlet")
            return outlet if outlet and outlet not in OWN_PAPER else None
    return None


def wire_tag(paragraph: str) -> str | None:
    """The Japanese agency a story's dateline tag credits ("【ワシントン共同】": 共同通信), or None."""
    match = WIRE_TAG_RE.match(paragraph) if paragraph.lstrip().startswith("【") else None
    return JAPANESE_WIRES[match["wire"]] if match else None


def wire_foot(texts: list[str]) -> str | None:
    """The Japanese agency a bracket closing one of the texts credits ("…と述べた。（共同）": 共同通信), or None."""
    for text in texts:
        if text.rstrip().endswith(WIRE_FEET):
            return JAPANESE_WIRES[text.rstrip()[-3:-1]]
    return None


__all__ = ["JAPANESE_WIRES", "agency_reporters", "dateline_outlet", "wire_foot", "wire_tag"]
