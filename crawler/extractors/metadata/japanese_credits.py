"""Japanese credit lines: the reporters before their role ("佐藤花子記者", "（共同通信）山田太郎記者"), each with
its own role after a desk ("経済部　佐藤花子記者、鈴木一郎記者"), and the writer in 【】 closing a national paper's lead
("…拡充する。【山田太郎】"). A desk ("経済部", "札幌報道部") or an agency's dateline ("【北京共同】") is no person."""

from __future__ import annotations

import re
from collections.abc import Callable

from crawler.extractors.metadata.cjk_roles import DESK_ENDS, is_role_word

# A Japanese personal name in kanji: 2-4 characters, as the Chinese readers take it.
NAME = r"[\u4e00-\u9fff]{2,4}"
# The roles written after a Japanese reporter's name.
ROLE = r"記者|特派員|編集委員|論説委員|専門記者|支局長"
# Japanese writes the role after the names, after an outlet in brackets: "（共同通信）山田太郎記者".
NAMES_BEFORE_ROLE_RE = re.compile(rf"(?:[（(【\[][^）)】\]]{{1,12}}[）)】\]])?\s*"
                                  rf"(?P<names>{NAME}(?:[\s・、]+{NAME})*?)\s*(?:{ROLE})")
# A desk before the reporters: a paper's department, bureau or branch ("経済部", "札幌報道部", "ワシントン支局").
DESK = rf"[\u4e00-\u9fff\u30a0-\u30ff]{{1,8}}(?:{DESK_ENDS})"
DESK_RE = re.compile(rf"^{DESK}$")
# Each reporter with a role of their own after a desk: "経済部　佐藤花子記者、鈴木一郎記者".
EACH_WITH_ROLE_RE = re.compile(rf"(?:(?P<desk>{DESK})\s+)?"
                               rf"(?P<list>{NAME}\s*(?:{ROLE})(?:\s*[、・,\s]\s*{NAME}\s*(?:{ROLE}))*)")
ONE_WITH_ROLE_RE = re.compile(rf"({NAME})\s*(?:{ROLE})")
# The writer in 【】 after the lead's last sentence ("…拡充する。【山田太郎】"); an agency's dateline ends with the
# agency ("【北京共同】", "【時事】") and names nobody.
# (a writer's full name has three or four kanji: a two-kanji bracket is a site's tag, "【詳報】", "【速報】")
LEAD_NAME = r"[\u4e00-\u9fff]{3,4}"
LEAD_END_RE = re.compile(rf"。\s*【(?P<names>{LEAD_NAME}(?:[・、\s]+{LEAD_NAME})*)】\s*$")
# The words that end a site's tag in 【】 ("【関連記事】", "【動画特集】"), not a name.
# The place "＝" the writer in brackets closing the lead ("…注目される。（ワシントン＝佐藤花子）"): a bureau's story.
PLACE_WRITER_END_RE = re.compile(rf"。\s*[（(][^（()）=＝]{{1,10}}[=＝](?P<names>{NAME}(?:[・、\s]+{NAME})*)"
                                 r"(?:記者|特派員)?[）)]\s*$")
# An interview's or a column's writer by role in the bracket closing the story: "（聞き手・佐藤花子）",
# "（聞き手・構成＝佐藤花子）", "（取材・文　佐藤花子）" (the role, a mark or a space, the names).
ROLE_CLOSING_RE = re.compile(rf"^(?:聞き手(?:・構成)?|構成|取材・文|文)\s*[・＝=:：\s]\s*"
                             rf"(?P<names>{NAME}(?:[、\s]+{NAME})*)\s*(?:記者)?$")
# A foreign writer's name in katakana, its parts joined by "・" ("ジョン・スミス"), after a writer's label ("文：",
# "著：", "ライター："), up to a space or the line's end (a translator's credit may follow: "　翻訳：山田花子").
KATAKANA_WRITER_RE = re.compile(r"(?:^|\s)(?:文|著|執筆|ライター)\s*[:：/／=＝]\s*"
                                r"(?P<name>[\u30a1-\u30fa\u30fc]{2,}(?:[・=＝][\u30a1-\u30fa\u30fc]{2,})+)(?=\s|$)")
TAG_END_RE = re.compile(r"(?:記事|情報|動画|写真|速報|詳報|特集|一覧|解説|図解|更新|続報|号外|全文|会見)$")
AGENCY_END_RE = re.compile(r"(?:共同|時事|通信|電|支局|総局|特派員|発)$")


# A Japanese name written with a space between the family and the given name ("山田 太郎", "佐藤 あやか"), one or a
# list of them ("山田 太郎、鈴木 一郎"): one person each, where a Chinese page's space parts two people.
SPACED_NAME_RE = re.compile(r"[\u4e00-\u9fff]{1,3}[ \u3000][\u4e00-\u9fff\u3040-\u309f\u30a0-\u30ff]{1,4}")
SPACED_LIST_RE = re.compile(rf"{SPACED_NAME_RE.pattern}(?:\s*[、,，・]\s*{SPACED_NAME_RE.pattern})*")


def spaced_names(text: str) -> list[str]:
    """The people of a Japanese byline of names written with a space inside ("山田 太郎、鈴木 一郎"), or none."""
    if SPACED_LIST_RE.fullmatch(text) is None:
        return []
    names = [name.replace("\u3000", " ") for name in SPACED_NAME_RE.findall(text)]
    # ("経済部 山田", "記者 山田": a desk or a role, then a surname)
    return [] if any(DESK_RE.match(family) or is_role_word(family) for family, _ in map(str.split, names)) else names


def reporters_before_role(line: str, person: Callable[[str], str | None]) -> list[str] | None:
    """The reporters of a Japanese credit line with the role after the names (``person`` checks each name): None
    when the line is not one."""
    each = EACH_WITH_ROLE_RE.fullmatch(line)
    if each:
        return [name for raw in ONE_WITH_ROLE_RE.findall(each.group("list")) if (name := person(raw))]
    japanese = NAMES_BEFORE_ROLE_RE.fullmatch(line)
    if japanese is None:
        return None
    return [name for token in re.split(r"[\s・、]+", japanese.group("names"))
            if not DESK_RE.match(token) and (name := person(token))]


# A national paper's lead opened by the bureau's place and the writer, glued in 【】 ("【ワシントン佐藤花子】": the
# katakana place ends where the kanji name begins; "【北京・河田啓介】": a kanji place, then "・"); the name has
# three or four kanji, as closing the lead (a two-kanji one is an agency's short name: "【ソウル聯合】").
PLACE_WRITER_HEAD_RE = re.compile(r"^\s*【(?:[\u30a1-\u30fa\u30fc]{2,12}|[\u4e00-\u9fff]{1,6}・)"
                                  rf"(?P<name>{LEAD_NAME})】")


def place_writer_head(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The writer after the place in the 【】 opening a Japanese story, not an agency or a bureau ("【北京共同】")."""
    match = PLACE_WRITER_HEAD_RE.match(paragraph) if "【" in paragraph[:3] else None
    if match is None or AGENCY_END_RE.search(match.group("name")):
        return []
    name = person(match.group("name"))
    return [name] if name else []


def lead_end_writers(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The writers in 【】 closing the lead paragraph of a Japanese story, not an agency's dateline, or after their
    place in brackets ("（ワシントン＝佐藤花子）")."""
    if paragraph.endswith(("）", ")")) and ("＝" in paragraph or "=" in paragraph):
        placed = PLACE_WRITER_END_RE.search(paragraph)
        return [name for token in re.split(r"[・、\s]+", placed.group("names")) if (name := person(token))] \
            if placed else []
    if not paragraph.endswith("】"):
        return []
    match = LEAD_END_RE.search(paragraph)
    if match is None:
        return []
    tokens = [token for token in re.split(r"[・、\s]+", match.group("names")) if token]
    if any(AGENCY_END_RE.search(token) or TAG_END_RE.search(token) for token in tokens):
        return []
    names = [person(token) for token in tokens]
    return [name for name in names if name] if all(names) else []


# A paper's column signed by a staff writer's title and name in a bracket of its own after the text
# ("（論説委員　山田太郎）", "（編集委員・佐藤花子）"): the titles are the staff columnists' (a bare name alone there is
# as often a place or a note).
COLUMN_WRITER_RE = re.compile(rf"^[（(](?:論説委員長?|論説副委員長|客員論説委員|論説室|編集委員|特別編集委員|解説委員)"
                              rf"\s*[・＝=]?\s*(?P<names>{NAME}(?:[、・\s]+{NAME})*)[）)]$")


def column_writers(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The writers of a column's closing bracket of a staff title and names, or none."""
    match = COLUMN_WRITER_RE.match(paragraph.strip())
    if match is None:
        return []
    names = [person(token) for token in re.split(r"[、・\s]+", match.group("names")) if token]
    return [name for name in names if name] if all(names) else []


# A sports daily's beat reporter closing the story: "（阪神担当・name）", "（巨人担当＝name）" (in the closing bracket
# only: on a line of its own "広報担当　name" is a press release's contact).
BEAT_CLOSING_RE = re.compile(rf"^[\u4e00-\u9fff\u30a0-\u30ff]{{1,8}}担当\s*[・＝=]\s*(?P<names>{NAME}(?:、{NAME})*)$")
# A series' last instalment names its reporters: "（この連載は高田美穂、長谷川翔が担当しました）".
SERIES_CLOSING_RE = re.compile(r"^[（(]この(?:連載|シリーズ|企画|特集)は、?(?P<names>[^（()）]{2,60}?)が"
                               r"(?:担当|取材|執筆)(?:しました|した)?。?[）)]$")


def series_writers(paragraph: str, person: Callable[[str], str | None]) -> list[str]:
    """The reporters of a series' closing "（この連載は…が担当しました）" (a desk before a name goes), or none."""
    match = SERIES_CLOSING_RE.match(paragraph.strip()) if "この" in paragraph[:4] else None
    if match is None:
        return []
    tokens = [re.sub(r"(?:記者|特派員)$", "", token) for token in re.split(r"[、,，・と\s]+", match.group("names"))]
    names = [person(token) for token in tokens if token and not DESK_RE.match(token)]
    return [name for name in names if name] if names and all(names) else []


def role_closing_writers(bracket: str, person: Callable[[str], str | None]) -> list[str]:
    """The writers of a bracket closing a Japanese story by their role ("聞き手・佐藤花子"), or none."""
    match = ROLE_CLOSING_RE.match(bracket.strip()) or (BEAT_CLOSING_RE.match(bracket.strip()) if "担当" in bracket
                                                         else None)
    if match is None:
        return []
    names = [person(token) for token in re.split(r"[、\s]+", match.group("names")) if token]
    return [name for name in names if name] if all(names) else []


# IT news sites' house credit: the writer and the outlet in full-width brackets, parted by a comma, on the date's line
# or alone below it ("2024年03月05日 14時30分 公開 ［佐藤花子，ITmedia］").
WRITER_OUTLET_BRACKET_RE = re.compile(r"(?:^|\s|公開|更新)［(?P<name>[^［］，,、\s]{2,8})\s*[，,]\s*"
                                      r"[^［］，,]{2,30}］$")


def writer_before_outlet(line: str, person: Callable[[str], str | None]) -> list[str]:
    """The writer of an IT site's "［name，outlet］" closing the line (``person`` checks the name), or none."""
    if not line.endswith("］"):
        return []
    match = WRITER_OUTLET_BRACKET_RE.search(line)
    if match is None or TAG_END_RE.search(match.group("name")):
        return []
    name = person(match.group("name"))
    return [name] if name else []


def katakana_writer(line: str) -> list[str]:
    """A foreign writer's name in katakana after a writer's label ("文：ジョン・スミス"), or none."""
    if "・" not in line and "＝" not in line and "=" not in line:
        return []
    match = KATAKANA_WRITER_RE.search(line)
    return [match.group("name")] if match else []


__all__ = ["AGENCY_END_RE", "DESK_RE", "ROLE_CLOSING_RE", "column_writers", "katakana_writer", "lead_end_writers",
           "place_writer_head", "reporters_before_role", "role_closing_writers", "series_writers", "spaced_names",
           "writer_before_outlet"]
