"""Bylines and credits in one visible line: authors, editors and the credited outlet.

News pages put the author, the source and the date in a short line right under (rarely above) the
headline: "By Jane Doe | March 3, 2020", "2009-11-09 13:57 来源：新华社 作者：张三", "文/李四", "홍길동 기자",
and the editor at the foot of the story ("责任编辑：王敏"). These patterns read one such line;
``visible`` decides which lines to read.
"""

from __future__ import annotations

import re

from crawler.extractors.document.text import CJK_RE, WHITESPACE_RE, normalize_space
from crawler.extractors.metadata.arabic_bylines import arabic_names
from crawler.extractors.metadata.cjk_roles import NOT_AFTER_REPORTER, REVIEWER_WORDS, is_role_word, report_after
from crawler.extractors.metadata.collective import collective_byline
from crawler.extractors.metadata.genre_labels import GENRE_LINE_WORDS, without_genre
from crawler.extractors.metadata.korean_credits import (
    KOREAN_AUTHOR_RE,
    KOREAN_DATELINE_RE,
    KOREAN_EDITOR_RE,
    korean_names,
)
from crawler.extractors.metadata.people import is_outlet_or_role, split_people
from crawler.extractors.metadata.relative_dates import re_i_lowered
from crawler.extractors.metadata.relayed_sources import relayed_outlet
from crawler.extractors.metadata.wire_credits import added_reporters
from crawler.kernels.walk import texts_with_words

# Chinese names are 2-4 characters (compound surnames and minority names with "·" are longer).
# A name ends where the Han text ends: "记者通过电子邮件联系" is a sentence, not a name.
# A name ends where Han text does, or where the next field's label glued to it by inline elements begins
# ("撰文：陳大文出版：2024-03-05").
NEXT_FIELD = r"(?:出版|更新|发布|發佈|發布|来源|來源|时间|時間|日期|编辑|編輯|浏览|瀏覽|阅读|閱讀|点击|點擊)\s*[：:]"
CJK_NAME = rf"[\u4e00-\u9fff]{{2,4}}(?:·[\u4e00-\u9fff]{{1,6}})?(?:(?![\u4e00-\u9fff])|(?={NEXT_FIELD}))"

# The label and the name may touch after a colon ("Written by:Elise Nass": two inline elements without a space).
# Labels of the writer before a colon ("Text:", "Teksti:", "Yazar:", Turkish "Haber:"/"Muhabir:", "Автор:", "Tác giả:").
# (and Russian/Ukrainian "Текст:", plural "Авторы:", Serbian "Аутор:", Slovenian "Avtor:", Lithuanian "Autorius:",
# Hungarian "Szerző:", Finnish "Kirjoittaja:")
# (German labels naming women too, "Autorin:", "Autorinnen und Autoren:"; UK and Irish regional CMSs' "Reporter:")
AUTHOR_LABEL_WORDS = (r"text|texto|texte|testo|tekst|teksti|yazar|haber|muhabir|penulis|автор|tác giả|autor|autore|"
                      r"autora|auteur|текст|авторы|автори|аутор|аутори|avtor|autorius|szerző|szerzők|kirjoittaja|"
                      r"kirjoittajat|autorin|autoren|autorinnen und autoren|autorinnen|reporter|reporters")
# "Written by" of Danish and Norwegian, Romanian, Dutch and Greek ("Γράφει ο/η", with the name's article); a
# broadcaster's credit of its report or its correspondent: Italian "Servizio di", German "Mit Informationen von".
WRITTEN_BY_WORDS = (r"skrevet af|skrevet av|scris de|geschreven door|γράφει (?:ο|η)|servizio di|"
                    r"mit informationen von|mit material von")
# German's gendered plural and neutral forms ("Autor/in:", "Autor*innen:", "Autor:innen:"), "autor" their hint word;
# one person's text and pictures ("Texto y fotos:", "Text und Fotos:"), "text…" their hint words.
LABEL_FORMS = r"autor(?:/|\*|:|_)in(?:nen)?|te(?:xt[eo]?|sto|kst)\s+(?:y|und|et|e|and|en|i|og|och)\s+(?:foto|photo)s?"
# The Greek label ("Συντάκτης:", "Συντάκτρια:") apart: its sigma is in no hint word (``GREEK_AUTHOR_STEMS``).
BY_RE = re.compile(r"^(?:(?:by|par|von|por|di|door|av|af|oleh|written by|words by|story by|posted by|reporting by|"
                   rf"{WRITTEN_BY_WORDS})(?:\s*/\s*(?:by|par|von|door|por))?"  # (a bilingual "Par / Door X")
                   r"(?:\s*[:\-]\s*|\s+)|"
                   rf"(?:{AUTHOR_LABEL_WORDS}|{LABEL_FORMS}|συντάκτης|συντακτης|συντάκτρια|συντακτρια)"
                   r"\s*:\s*)(?P<names>.+)$", re.I)
# The place a byline's people report from, after them: "By X and Y in London", "Par X à Paris", "Por X desde Madrid".
# ("da", "en" are left out: "João da Silva", Dutch "en" is "and")
PLACE_AFTER_NAMES_RE = re.compile(r"\s+(?:in|à|desde|aus|uit|reporting from)\s+(?:[A-ZÀ-Þ][\w'’.-]*\s*){1,3}$")
# Where the names of an English byline end: a separator (bars, dots, bullets), a date, a role.
# (a month and its day: "By Clay Parker Mar 14, 2024"; "Last updated" is a label, not a surname; a photo credit after
# the writer: "By X. Photos by Y", "Texto: X / Fotos: Y"; the outlet written for: "By X for The Daily Planet"; a
# wire credit's editor: "Reporting by X; Editing by Y"; a date's label in another language: "Av X Publicerad 5 mars",
# "Autor: X Data publikacji: …", "Fecha de publicación:")
BYLINE_END_RE = re.compile(r"\s*(?:[|•·●∙⋅–—\n(;]|\s-\s|\bon\s|\bat\s|\bfrom\s|\bfor\s|"
                           r"\b(?:last\s+)?(?:updated|modified)\b|\b(?:photo(?:s|graph|graphs|graphy)?|fotos?|fotoğraf)\b|"
                           r"\bpublished\b|\b(?:publicerad|publiceret|publisert|veröffentlicht|publié|publicado|"
                           r"pubblicato|opublikowano|aktualisiert|uppdaterad|opdateret|oppdatert)\b|"
                           r"\b(?:data|fecha|date|datum)\s+(?:de\s+|di\s+)?(?:publikacji|dodania|publicación|publicação|"
                           r"publication|pubblicazione|publikace|publicatie)\b|"
                           r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|"
                           r"\d).*$", re.I | re.S)
# Each name's part in brackets after it (public broadcasters' and magazines' credits: "Anna Berger (Text), Max Huber
# (Video)"): a writing or filming part is an author's, a pictures' or graphics' part (with its name) is none.
AUTHOR_PART_RE = re.compile(r"\s*\((?:text|texte|testo|texto|video|vidéo|audio|recherche|reportage|interview)\)", re.I)
PICTURE_PART_RE = re.compile(r"(?:^|\s*,\s*|\s+(?:und|and|et|y|e|en|i|og|och)\s+)[^,()]{2,60}?\s*\((?:bilder?|fotos?|"
                             r"photos?|grafik|illustrations?|kamera|schnitt)\)", re.I)
# A name that ends with an initial or an abbreviation keeps its full stop ("John F.", "Kennedy Jr.").
INITIAL_END_RE = re.compile(r"(?:^|[\s.])[A-Z][a-z]?\.$")
# "| Staff writer" after a name: the bar ends the names and what follows is a role.
ROLE_AFTER_BAR_RE = re.compile(r"^[^|]{3,60}\|\s*(?:staff|senior|chief|special|contributing)?\s*"
                               r"(?:writer|reporter|correspondent|editor|columnist|contributor)\b", re.I)
CJK_NAMES = rf"{CJK_NAME}(?:[\s、，,・·]+{CJK_NAME})*"
CJK_AUTHOR_RES = (  # (a feature's credit chain names its writers "文字：X　Y" among planners and designers)
    re.compile(rf"(?:作\s*者|筆\s*者|著\s*者|执\s*笔|執\s*筆|(?<![\u4e00-\u9fff])文字)\s*[：:]\s*(?P<names>{CJK_NAMES})"),
    # (a bar may part the role and the name: "界面新闻记者 | 李华")
    # (not 記者 opening a compound noun, NOT_AFTER_REPORTER; and a Taiwanese magazine's "撰文者：")
    re.compile(rf"(?:记者|記者|通讯员|通訊員|撰文者|撰稿者|撰稿人|撰文|撰稿|采写|採寫|实习生|實習生|评论员|評論員)"
               rf"{NOT_AFTER_REPORTER}\s*[：:|｜]?\s*(?P<names>{CJK_NAMES})"),
    # the reporter's label of Malaysian and Taiwanese papers ("报导：黄志明"; a translator's "编译：" is no author's)
    re.compile(rf"(?:报导|報導)\s*[：:/／|｜]\s*(?P<names>{CJK_NAMES})"),
    # the writer's note at a commentary's foot: "（作者简介：刘建华，中国人民大学经济学院教授）"
    re.compile(rf"(?:作者简介|作者簡介)\s*[：:]\s*(?P<names>{CJK_NAME})(?=[，,])"),
    # "作者" and the name parted by a space, the name ending the line or before its agencies: "作者 王凡（德新社）"
    re.compile(rf"(?<!\S)作者\s+(?P<names>{CJK_NAME})(?=\s*(?:$|[（(]))"),
    # (one person's text and pictures: "文/图：张三", "图文：张三", "文・写真＝山田太郎")
    re.compile(rf"(?:^|[\s(（])(?:取材・)?(?:文(?:\s*[/／・]\s*(?:图|圖|写真|寫真))?|图文|圖文)\s*[/／|｜・=＝:：]\s*"
               rf"(?P<names>{CJK_NAMES})"),
    # a Singaporean paper's "王晓明 报道 wangxm@example.sg": the name, "reporting", the writer's address or nothing
    re.compile(rf"(?:^|\s)(?P<names>{CJK_NAMES})\s+(?:报道|報道)(?=\s*$|\s+\S+@\S+\s*$)"),
    # Japanese writes the name before 記者 ("佐藤花子 記者"), when nothing follows it.
    re.compile(rf"(?:^|[\s(（)）】])(?P<names>{CJK_NAMES})\s*(?:記者|记者)\s*(?:$|[\s)）/／])"),
)
# Editors: 责任编辑 / 编辑 / 責任編輯 / 編集 / 편집 / "Edited by" (kept apart from the authors).
# The bare 编辑 needs a separator before the name: run on, it is a word of a sentence ("编辑部主任").
# (tech media part label and name by a bar, "责编 | 王丽", and shorten the label to "编｜" before it)
CJK_EDITOR_RE = re.compile(rf"(?:(?:责任编辑|責任編輯|责编|責編)\s*[：:/／|｜]?|"
                           rf"(?<![\u4e00-\u9fff])(?:编|編)\s*[|｜]|"
                           rf"(?:编辑|編輯|編集|校审)\s*[：:/／|｜\s])\s*(?P<names>{CJK_NAMES})")
# Where a second editor's label begins on a line after a space ("编辑：张小雨　责任编辑：刘亮").
EDITOR_LABEL_SPLIT_RE = re.compile(r"(?<=\s)(?=(?:责任编辑|責任編輯|责编|責編)\s*[：:/／|｜]?)")
# ("Redaktor:" in pl, cs and de-CH credits, "Autor: X · Redaktor: Y"; "Редактор:", et "Toimetaja:", hr/sr "Urednik:")
# (and, before a colon only, Portuguese "Edição:" and Dutch "eindredactie:", the final edit: "Texto: X | Edição: Y")
LATIN_EDITOR_RE = re.compile(r"^(?:(?:edited by|editor|editing by|redigiert von|édité par|editado por|a cura di|"
                             r"redaktor|редактор)\s*[:\-]?\s+|(?:edição|eindredactie|toimetaja|urednik|urednica|redaktion)\s*:\s*)"
                             r"(?P<names>.+)$", re.I)
# Where the credits of one line part: "Reporting by X; Editing by Y", "Autor: X · Redaktor: Y", "X | Editor: Y".
CREDIT_PARTS_RE = re.compile(r"[;·|]")
# Words every byline or editor pattern needs, looked for first: most lines of a page have none of them.
BYLINE_LINE_WORDS = (r"by|par|von|por|di|door|av|af|oleh|written|words|story|posted|reporting|skrevet|scris|"
                     r"geschreven|γράφει|servizio|mit|"
                     rf"{AUTHOR_LABEL_WORDS}|{GENRE_LINE_WORDS}")
# The Greek author label's stems after its first letter, hints anywhere: the kernel's hint words hold no σ or ς.
GREEK_AUTHOR_STEMS = r"υντάκτ|υντακτ"
BYLINE_HINT_RE = re.compile(rf"{GREEK_AUTHOR_STEMS}|"
                            r"作|筆|著|执|執|记者|記者|通讯员|通訊員|撰|采写|採寫|文|기자|특파원|글|بقلم|كتب|"
                            r"发表|發表|博客|投稿者|ライター|작성자|报道|報道|原创|原創|（|【|［|\||"
                            r"楼主|樓主|发帖人|發帖人|"  # a thread's starter after its label ("楼主：name")
                            r"实习生|實習生|评论员|評論員|报导|報導|聞き手|委員|コメンテーター|予報士|"
                            rf"^\s*(?:{BYLINE_LINE_WORDS})\b", re.I)
EDITOR_HINT_RE = re.compile(r"编|編|责|責|校审|편집|edit|redigiert|édité|a cura|redakt|ediç|eindredactie|редактор|"
                            r"toimetaja|uredni", re.I)
# EDITOR_HINT_RE as ``editor_names`` looks for it: in re_i_lowered text without re.I, skipping to the words' starts.
LOWERED_EDITOR_HINT_RE = re.compile(EDITOR_HINT_RE.pattern)
# those of EDITOR_HINT_RE's words that ASCII text can hold
EDITOR_ASCII_WORDS = r"edit|redigiert|a cura|redakt|eindredactie|toimetaja|uredni"
# The words an outlet credit needs (``ORIGIN_RES``), looked for first as well.
# (and "source" in ru, uk, bg, sr, hr, cs/sk, pl, ro, tr, sl, hu, fi, da/no, sv, nl, pt/it, ca, el, lt, et, lv)
ORIGIN_LINE_WORDS = (r"source|quelle|fuente|источник|джерело|източник|извор|izvor|zdroj|źródło|sursa|kaynak|vir|"
                     r"forrás|lähde|kilde|källa|bron|fonte|font|πηγή|šaltinis|allikas|avots")
ORIGIN_HINT_RE = re.compile(rf"来源|來源|稿源|出处|公众号|公眾號|^\s*(?:{ORIGIN_LINE_WORDS})\b", re.I)
# BYLINE_HINT_RE's and ORIGIN_HINT_RE's hints in an ASCII line, where only "|" and the line-start words can match: the
# words looked for at the start of the lowered line (for ASCII text the same as re.I) without re.I (``has_byline_word``,
# ``has_origin_word``): re.I's alternations are tried at every character.
ASCII_BYLINE_LINE_RE = re.compile(rf"\s*(?:{BYLINE_LINE_WORDS})\b")
ASCII_ORIGIN_LINE_RE = re.compile(rf"\s*(?:{ORIGIN_LINE_WORDS})\b")
# Any of the hints above in a block of several lines: "^" of a line becomes "^" of any line (re.M). A block without
# one has no byline, editor or outlet in any line, so its lines are not read one by one.
CREDIT_HINT_RE = re.compile("|".join((BYLINE_HINT_RE.pattern, EDITOR_HINT_RE.pattern, ORIGIN_HINT_RE.pattern)),
                            re.I | re.M)
# The same hints in ASCII text, where only "|" and the ASCII words can match, looked for in the lowered text (for
# ASCII text the same as re.I) without re.I, whose case-insensitive alternation is what costs (most short blocks are
# ASCII).
ASCII_CREDIT_WORDS_RE = re.compile(EDITOR_ASCII_WORDS)
ASCII_CREDIT_LINE_RE = re.compile(rf"^\s*(?:{BYLINE_LINE_WORDS}|{ORIGIN_LINE_WORDS})\b", re.M)
# Text outside ASCII is lowered too, after the three characters that re.I matches with an ASCII letter of the hints'
# words but that lower() leaves apart (ı, İ and ſ: for every other character and every letter of the
# words, re.I matches the two where their lower() is equal, checked over all of Unicode; and lower() keeps each
# character one character long, a word character or not, white space or not). The hints are then looked for without
# re.I: "|", the line-start words and the words below (CREDIT_HINT_RE's others, lowered), by ``credit_flags``
# (``kernels.walk.texts_with_words``, whose folds are ``RE_I_LETTER_FOLDS``), since CREDIT_HINT_RE's re.I
# alternation is tried at every character.
OTHER_CREDIT_WORDS_RE = re.compile(rf"{GREEK_AUTHOR_STEMS}|"
                                   r"作|筆|著|执|執|记者|記者|通讯员|通訊員|撰|采写|採寫|文|기자|특파원|글|بقلم|كتب|"
                                   r"发表|發表|博客|投稿者|ライター|작성자|报道|報道|原创|原創|（|【|［|"
                                   r"楼主|樓主|发帖人|發帖人|"
                                   r"实习生|實習生|评论员|評論員|报导|報導|聞き手|委員|コメンテーター|予報士|"
                                   r"编|編|责|責|校审|편집|"
                                   r"edit|redigiert|édité|a cura|redakt|ediç|eindredactie|редактор|toimetaja|uredni|"
                                   r"来源|來源|稿源|出处|公众号|公眾號")
# A dateline at the head of a story's first paragraph credits its reporters in brackets:
# "新华社北京3月5日电（记者 王晓 刘洋）", "本报讯（记者张三 通讯员李四）".
DATELINE_RE = re.compile(rf"^.{{0,30}}?[（(](?:本报|本報)?(?:记者|記者)\s*(?P<names>{CJK_NAMES})")
# Characters of a story's first paragraph read for its dateline: "新华社巴黎12月9日电（记者唐霁）" is 17, an agency,
# a place, a date and three reporters stay under 60.
DATELINE_CHARS = 60
# A Chinese name does not end with a function character or a verb ("了解到", "表示"), nor starts with a
# word of time or reference ("今年", "本报", "该"): such "names" are the words of a sentence after 记者.
NOT_NAME_END = frozenset("了到说称的是在从向对将把被让给和与也都就还又等们时")
NOT_NAME_START = ("今", "昨", "明年", "本", "该", "此", "这", "那", "其", "各", "每", "近", "据", "日前", "前往",
                  "目前", "发自", "發自")  # (and the place a reporter writes from: "张伟 发自北京")
# 来源：新华社 / 来源: 人民网-人民日报 / Source: Reuters (the outlet a story is taken from).
ORIGIN_RES = (
    # not a picture's or a figure's source ("图片来源：视觉中国", "数据来源：国家统计局")
    re.compile(r"(?<![片图圖据據])(?:来源|來源|稿源|出处)\s*[：:]\s*(?P<origin>[^\s|｜　]{2,30})"),
    re.compile(rf"^(?:{ORIGIN_LINE_WORDS})\s*:\s*(?P<origin>[^|\n]{{2,40}}?)\s*$", re.I),
    # a repost's note: "本文来自微信公众号：量子位（ID：QbitAI），作者：梦晨" (the account is the outlet)
    re.compile(r"(?:来自|來自|转载自|轉載自|来源于|來源於)\s*(?:微信)?(?:公众号|公眾號)\s*[：:]?\s*[「“\"《]?"
               r"(?P<origin>[^\s（(，,「」“”\"》]{2,20})"),
)
# The patterns of Chinese, Japanese and Korean credits, each of whose matches holds a character outside ASCII (记者, 文,
# 责任编辑, 기자, a Han name...): an ASCII line (after its white space is collapsed: "\u3000By" becomes ASCII) is not
# searched by them. Most lines read are ASCII, and CJK_AUTHOR_RES[2] and [3], led by "(?:^|[\s(（])", are tried at
# every character of them.
NON_ASCII_PATTERNS = (*CJK_AUTHOR_RES, KOREAN_AUTHOR_RE, CJK_EDITOR_RE, KOREAN_EDITOR_RE, DATELINE_RE,
                      KOREAN_DATELINE_RE)
# Words that follow a name in a Chinese byline and are not part of it.
CJK_NAME_STOPWORDS = ("编辑", "责任", "来源", "发布", "时间", "摄影", "报道", "图", "记者", "通讯员", "写真", "寫真",
                      "撮影", *REVIEWER_WORDS)
# Words that end up after "记者" and are roles or places, not names.
# (Each one is read as a name otherwise: "对记者表示", "记者陈智 整合", "作者：未知".)
CJK_NON_NAMES = frozenset({"报道", "获悉", "了解", "发现", "采访", "来到", "注意到", "从", "近日", "日前", "表示",
                           "介绍", "整合", "未知", "佚名", "转载请注明", "网络整理", "综合", "编译",
                           # a press conference's "回答记者提问": the reporters' question, no one's name
                           "提问", "提問",
                           # a blog's action links after its foot's "编辑" ("编辑 收藏 举报"): buttons, not editors
                           "收藏", "举报", "舉報", "分享", "点赞", "點讚", "打印", "关闭", "關閉", "删除", "刪除",
                           "回复", "回覆"})
# A credit ending in 摄 names the photographer, not the author ("中新社记者 贾天勇 摄").
PHOTO_CREDIT_RE = re.compile(r"^\s*摄")
# A picture's label before a reporter's role names the photographer: "图/本报记者 马骏", "摄影：记者 李强".
PHOTO_LABEL_BEFORE_RE = re.compile(r"(?:^|[\s(（])(?:图|圖|摄影|攝影)\s*[/／:：]\s*[^\s/／:：]{0,8}$")
REPORTER_WORDS = ("记者", "記者", "通讯员", "通訊員")
PHOTO_REPORTER_WORDS = ("图片", "圖片", "摄影", "攝影", "视觉", "視覺")
# Where the outlet of a "来源：" credit ends when the line runs on into the byline.
ORIGIN_END_RE = re.compile(r"(?:作者|记者|编辑|责任编辑|时间|发布|原标题).*$")


# Hong Kong papers' colons of the vertical presentation forms ("記者︰陳家明"), read as the full-width colon.
PRESENTATION_COLONS = str.maketrans({"︰": "：", "﹕": "："})


def clean_cjk_name(name: str) -> str | None:
    for stopword in CJK_NAME_STOPWORDS:
        index = name.find(stopword)
        if index > 0:
            name = name[:index]
    name = name.strip("·・")
    if len(name) < 2 or name in CJK_NON_NAMES or name[-1] in NOT_NAME_END or name.startswith(NOT_NAME_START) or \
            is_role_word(name):
        return None
    return name


def _latin_names(text: str) -> list[str]:
    """People of a Latin byline: up to its first date, "on"/"at", bracket or "Updated"; roles after "|" go."""
    if CJK_RE.search(text):  # a CJK byline has its own patterns; bare Han text after "By" may be a channel
        return []
    if "(" in text:
        text = AUTHOR_PART_RE.sub("", PICTURE_PART_RE.sub("", text))
    text = BYLINE_END_RE.sub("", text.replace("|", "\n", 1) if ROLE_AFTER_BAR_RE.search(text) else text)
    text = PLACE_AFTER_NAMES_RE.sub("", text).strip(" ,;:/")
    if "/" in text:  # a wire agency after a slash ("Por María García / EFE", "Von X/dpa"): the outlet, not a name
        parts = text.split("/")
        while len(parts) > 1 and is_outlet_or_role(parts[-1]):
            parts.pop()
        text = "/".join(parts).strip()
    text = text[:-1] if text.endswith(".") and not INITIAL_END_RE.search(text) else text
    # "By The Meadowlark Team": kept whole, taken only when no source names a person (``collective``)
    return split_people(text) or ([text] if collective_byline(text) else [])


def _cjk_names(pattern: re.Pattern[str], line: str) -> list[str]:
    names: list[str] = []
    for match in pattern.finditer(line):
        raws = re.split(r"[\s、，,・·]+", match.group("names"))
        if PHOTO_CREDIT_RE.match(line[match.end():]) or raws[-1].endswith("摄") or \
                line[:match.start()].endswith(PHOTO_REPORTER_WORDS) or \
                PHOTO_LABEL_BEFORE_RE.search(line[:match.start()]):
            continue  # "图片记者黎旭阳、李妍摄": the photographers
        if line[match.end():match.end() + 1] in ("：", ":") and len(raws) > 1 and \
                not any(word in raws[-1] for word in CJK_NAME_STOPWORDS) and not report_after(line, match.end()):
            raws = raws[:-1]  # "作者：李娜 浏览次数：1234": the last word is the next field's label (not "王芳来源")
        found: list[str] = []
        first = True
        for raw in raws:
            # "采写：南都记者 余毅菁", "作者：记者 王芳 通讯员 李强": a reporter's role, names follow (not "摄影记者")
            if raw.endswith(REPORTER_WORDS) and not raw.startswith(PHOTO_REPORTER_WORDS):
                continue
            if raw.startswith(CJK_NAME_STOPWORDS):  # "作者：张三 责任编辑：李四": the byline ends
                break
            name = clean_cjk_name(raw)
            if name is None and first:
                break  # "记者注意到，从五大...": a sentence after 记者, no name in it
            first = False
            if name and name not in names and name not in found:
                found.append(name)
        names.extend(found)
    return names


def byline_names(line: str) -> list[str]:
    """Author names in one byline line: Chinese ("作者：张三", "记者 李四", "文/王五"), Japanese ("文・山田太郎",
    "佐藤花子 記者"), Korean ("홍길동 기자") or Latin ("By A and B", "Von A und B", "Jane Smith | Staff writer")."""
    line = without_genre(line)
    if not has_byline_word(line):  # none of the words any byline pattern starts from
        return []
    line = normalize_space(line)
    if not line.isascii():  # (NON_ASCII_PATTERNS)
        line = line.translate(PRESENTATION_COLONS)
        for pattern in CJK_AUTHOR_RES:
            names = _cjk_names(pattern, line)
            if names:
                return names
        korean = korean_names(line) or arabic_names(line)  # (Arabic: "بقلم: ...", "كتب: ...")
        if korean:
            return korean
    if match := BY_RE.match(line):  # (and a wire credit's "; Additional reporting by Y" after its first part)
        return [name for names in (match["names"], *added_reporters(line)) for name in _latin_names(names)]
    if ROLE_AFTER_BAR_RE.search(line):  # "Jane Smith | Staff writer": a name and a role without "By"
        return _latin_names(line)
    return []


def editor_names(line: str) -> list[str]:
    """Editors credited in one line ("责任编辑：王敏", "编辑/苏芳", "편집 김민수", "Edited by Ann Lee")."""
    if not has_editor_word(line):
        return []
    line = normalize_space(line)
    names: list[str] = []
    if not line.isascii():  # (NON_ASCII_PATTERNS)
        line = line.translate(PRESENTATION_COLONS)
        # (each labelled part apart: "编辑：张小雨　责任编辑：刘亮" credits two editors, the first match would run on)
        names = list(dict.fromkeys(name for part in EDITOR_LABEL_SPLIT_RE.split(line)
                                   for name in _cjk_names(CJK_EDITOR_RE, part))) or \
            [match.group("names") for match in KOREAN_EDITOR_RE.finditer(line)]
    if not names:  # (each part of a wire credit: "Reporting by X; Editing by Y", "Autor: X · Redaktor: Y")
        match = next((found for part in CREDIT_PARTS_RE.split(line) if (found := LATIN_EDITOR_RE.match(part.strip()))),
                     None)
        names = split_people(BYLINE_END_RE.sub("", match.group("names"))) if match else []
    return names


def has_editor_word(line: str) -> bool:
    """Whether the line holds a word every editor pattern needs (EDITOR_HINT_RE's)."""
    return LOWERED_EDITOR_HINT_RE.search(line.lower() if line.isascii() else re_i_lowered(line)) is not None


def has_byline_word(line: str) -> bool:
    """Whether the line holds a word a byline pattern starts from (BYLINE_HINT_RE's)."""
    if line.isascii():
        return "|" in line or ASCII_BYLINE_LINE_RE.match(line.lower()) is not None
    return BYLINE_HINT_RE.search(line) is not None


def has_origin_word(line: str) -> bool:
    """Whether the line holds a word an outlet credit needs (ORIGIN_HINT_RE's)."""
    if line.isascii():
        return ASCII_ORIGIN_LINE_RE.match(line.lower()) is not None
    return ORIGIN_HINT_RE.search(line) is not None


def dateline_names(paragraph: str) -> list[str]:
    """Reporters credited in brackets at the head of a story's first paragraph ("新华社北京3月5日电（记者 王晓）")."""
    head = WHITESPACE_RE.sub(" ", paragraph[:DATELINE_CHARS])
    if head.isascii():  # (NON_ASCII_PATTERNS)
        return []
    names = _cjk_names(DATELINE_RE, head)
    match = KOREAN_DATELINE_RE.match(head)  # "(서울=연합뉴스) 홍길동 기자 = 정부는..."
    if not names and match:
        names = [name for name in re.split(r"\s*[·,、]\s*|\s+", match.group("names")) if name]
    return names


def may_credit(text: str) -> bool:
    """Whether any line of the text may hold a byline, an editor or an outlet credit (False: none can)."""
    if text.isascii():
        if "|" in text:
            return True
        lowered = text.lower()
        return ASCII_CREDIT_WORDS_RE.search(lowered) is not None or ASCII_CREDIT_LINE_RE.search(lowered) is not None
    return CREDIT_HINT_RE.search(text) is not None


# may_credit's hints as ``credit_flags`` looks for them, in each text lowered as re.I sees it (ı, İ and ſ folded first,
# RE_I_FOLDS): "|" and OTHER_CREDIT_WORDS_RE's words anywhere (EDITOR_ASCII_WORDS's among them), and the line-start
# words of ASCII_CREDIT_LINE_RE after a line's white space, followed by a word boundary.
CREDIT_WORDS = ("|", *OTHER_CREDIT_WORDS_RE.pattern.split("|"))
CREDIT_LINE_WORDS = tuple(f"{BYLINE_LINE_WORDS}|{ORIGIN_LINE_WORDS}".split("|"))


def credit_flags(texts: list[str]) -> list[bool]:
    """``may_credit`` of each text, found in one call (``texts_with_words``, in C when the compiled helpers are on)
    rather than one search a text."""
    return texts_with_words(texts, CREDIT_WORDS, CREDIT_LINE_WORDS)


# The closing brackets a credit's note ends with.
UNOPENED = frozenset("）)］]】")


def origin_of(line: str) -> str | None:
    if not has_origin_word(line):
        return None
    for pattern in ORIGIN_RES:
        if match := pattern.search(line):
            origin = ORIGIN_END_RE.sub("", match["origin"]).strip(" ：:")
            # (a note in brackets closing the story, "（文章来源：上海证券报）": the bracket is no part of the name)
            if origin[-1:] in UNOPENED and not any(mark in origin for mark in "（(［[【"):
                origin = origin[:-1]
            # (a platform's account: "微博@人民日报" credits its outlet; a self-media channel, "澎湃号·政务", none)
            account = origin.rpartition("@")[2]
            return relayed_outlet(origin, account if len(account) >= 2 else origin)
    return None


__all__ = ["CJK_NAME", "byline_names", "clean_cjk_name", "credit_flags", "dateline_names", "editor_names",
           "has_byline_word", "has_editor_word", "has_origin_word", "may_credit", "origin_of"]
