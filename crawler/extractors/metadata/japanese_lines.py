"""Japanese credit lines under the headline whose words no Chinese credit has: an interview's "聞き手・構成：name",
a staff rank before the name ("本社コメンテーター　name", "編集委員　name"), an expert's role after it
("name　解説委員", "name 気象予報士 2024年03月05日15:12"), English labels on a Japanese magazine ("Text: name　Photo:
…"), and a readers' page's "occupation　name（prefecture　age）". Each reader is asked only when its words are on the
line (a substring test first); the names are checked by the Chinese name test the caller passes (``person``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from crawler.extractors.metadata.cjk_roles import DESK_END_RE, is_role_word
from crawler.extractors.metadata.japanese_credits import ROLE_CLOSING_RE

# A Japanese name: a family name of one to three kanji, a space or none, a given name of kanji or kana ("竹内　陽子",
# "井上さくら", "村井健太郎"); "々" repeats the kanji before it ("佐々木").
JA_NAME = r"[\u4e00-\u9fff][\u4e00-\u9fff々]{0,2}[ \u3000]?[\u4e00-\u9fff々\u3040-\u309f\u30a1-\u30fa\u30fc]{1,4}"
# A staff rank printed before the writer's name in its own line (business dailies' columns, papers' commentaries).
RANK_BEFORE_RE = re.compile(r"^(?:本社)?(?:コメンテーター|特別編集委員|編集委員|論説委員長|論説副委員長|論説委員|"
                            rf"解説委員長|解説委員|シニアライター)[\s・]*(?P<name>{JA_NAME})$")
# A broadcaster's commentator and a weather site's forecaster: the role after the name, the date may follow.
ROLE_AFTER_RE = re.compile(rf"^(?P<name>{JA_NAME})\s*(?:解説委員長?|気象予報士|日直予報士|予報士)"
                           r"(?:\s+\d{4}[年/.\-]\d{1,2}[月/.\-]\d{1,2}日?[\s\d:：時分()（）月火水木金土日]*)?$")
# English credit labels a Japanese magazine prints ("Text: 山下理沙　Photo: 岡本拓也"): the writer up to the next one.
ENGLISH_LABEL_RE = re.compile(rf"^(?:Text|Words|Writer|Written by)\s*[:：]?\s+(?P<name>{JA_NAME})"
                              r"(?=[\s/／|｜]|$)", re.I)
# A readers' page's signature: the occupation, the name, then the prefecture or city and the age in brackets.
READER_RE = re.compile(rf"^(?:[\u4e00-\u9fff\u30a1-\u30fa\u30fc]{{1,8}}[\s\u3000]+)?(?P<name>{JA_NAME})\s*"
                       r"[（(][\u4e00-\u9fff]{1,5}[都道府県市区町村][\s\u3000]*\d{1,3}(?:歳)?[）)]$")
# The honorifics after a name the story speaks of ("山田さん（東京都　45）" is a caption's, not a reader's signature).
HONORIFICS = ("さん", "氏", "様", "君", "ちゃん", "容疑者", "被告")
# The words one of these lines holds, looked for first.
HINTS = ("聞き手", "構成", "取材・文", "委員", "コメンテーター", "ライター", "予報士", "Text", "Words", "Writer",
         "Written", "TEXT", "）")


def japanese_name(raw: str, person: Callable[[str], str | None]) -> str | None:
    """The raw name as the page prints it (one space kept, an ideographic one made plain), or None when it is a desk,
    a role or a word the Chinese name test refuses (its first and its last four kanji are asked)."""
    name = raw.replace("\u3000", " ")
    compact = name.replace(" ", "").replace("々", "")  # ("佐々木": the repeat mark is no character of its own)
    if DESK_END_RE.match(compact) or is_role_word(compact) or compact.endswith(HONORIFICS):
        return None
    kanji = re.match(r"[\u4e00-\u9fff]+", compact)
    if kanji and kanji.end() == len(compact):  # all kanji: the Chinese test on at most four
        return name if person(compact[:4]) and person(compact[-4:]) else None
    # (a kana given name after a kanji family name: "井上さくら")
    return name if kanji and 1 <= kanji.end() <= 3 else None


def japanese_line_writers(line: str, person: Callable[[str], str | None]) -> list[str]:
    """The writers of a Japanese credit line of the classes above, or none."""
    if not any(hint in line for hint in HINTS):
        return []
    line = line.strip()
    role = ROLE_CLOSING_RE.match(line)  # "聞き手・構成：石川亮介" above the story, as it closes others
    if role:
        names = [japanese_name(token, person) for token in re.split(r"[、\s]+", role.group("names")) if token]
        return [name for name in names if name] if all(names) else []
    for pattern in (RANK_BEFORE_RE, ROLE_AFTER_RE, ENGLISH_LABEL_RE, READER_RE):
        match = pattern.match(line)
        if match and (name := japanese_name(match.group("name"), person)):
            return [name]
    return []


__all__ = ["JA_NAME", "japanese_line_writers", "japanese_name"]
