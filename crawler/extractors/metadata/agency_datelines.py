"""Taiwan's agency dateline: the whole credit in brackets at the head of a story, the reporters glued to the city
they file from: "（中央社記者王小明台北5日電）", "（中央社記者王小明、李小華高雄5日電）". Where a name ends and the city
begins is told by the city, so only the cities known below are read; with another one nobody is named."""

from __future__ import annotations

import re
from collections.abc import Callable

# Taiwan's counties and cities (the closed list of its local governments) and the places its agency most files from
# abroad, whose names cannot run on into a reporter's.
CITIES = ("台北", "臺北", "新北", "桃園", "台中", "臺中", "台南", "臺南", "高雄", "基隆", "新竹", "苗栗", "彰化",
          "南投", "雲林", "嘉義", "屏東", "宜蘭", "花蓮", "台東", "臺東", "澎湖", "金門", "馬祖", "東京", "華盛頓",
          "紐約", "香港", "北京", "上海", "首爾", "倫敦", "巴黎", "柏林", "新加坡", "曼谷", "雪梨")
DATELINE_RE = re.compile(r"^\s*[（(](?:中央社|中央通訊社)(?:駐\S{1,4})?(?:特約)?記者(?P<names>[\u4e00-\u9fff、]{2,20}?)"
                         rf"(?:{'|'.join(CITIES)})\d{{1,2}}日(?:專)?電[）)]")


def agency_reporters(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The reporters of a story opening with Taiwan's agency dateline, each a person (``person``), or none."""
    if not paragraph.lstrip().startswith(("（中央", "(中央")):
        return []
    match = DATELINE_RE.match(paragraph)
    if match is None:
        return []
    names = [person(token) for token in match.group("names").split("、")]
    return [name for name in names if name] if all(names) else []


__all__ = ["agency_reporters"]
