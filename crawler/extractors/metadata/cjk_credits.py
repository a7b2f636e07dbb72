"""Chinese credit lines read whole: the people, their roles and places apart, or nothing when the line is not one.

A credit line is made only of roles, names, places and dates: "本报记者 张三 发自北京", "本报实习生 张三 李四
本报记者 王五", "（记者 张三）", "（张三 上海报道）", "采写：南都记者 余毅菁 实习生 向雪妮", "文/本报记者 张三 图/李四",
"2004年7月16日08:19 [ 张三 ]", "本贴由张三于2005年8月12日发表", "张三 发表于 2005-08-12", "张三的博客". Each
reader below names the class of line it serves; a line with any word it cannot place as a role, a name, a place
or a date is not a credit (a sentence that mentions a reporter: "记者了解到，..."), so nothing is taken from it.
A photographer ("张三/摄", "图/李四") is not an author, and an editor's credit ends the authors' part.
"""

from __future__ import annotations

import re

from crawler.extractors.metadata.agency_datelines import agency_reporters
from crawler.extractors.metadata.byline import CJK_NON_NAMES, NOT_NAME_END, NOT_NAME_START
from crawler.extractors.metadata.cjk_roles import NOT_AFTER_REPORTER, is_role_word
from crawler.extractors.metadata.japanese_credits import (
    AGENCY_END_RE,
    column_writers,
    lead_end_writers,
    place_writer_head,
    reporters_before_role,
    role_closing_writers,
    series_writers,
)
from crawler.extractors.metadata.japanese_lines import japanese_name

# A Chinese personal name: 2-4 Han characters (a minority or foreign name joined by "·" is longer).
NAME = r"[\u4e00-\u9fff]{2,4}(?:·[\u4e00-\u9fff]{1,6})?"
NAME_RE = re.compile(rf"^{NAME}$")
# Roles of the people who wrote the story, each with the words that may come before it (an outlet or a rank:
# "本报", "总台", "澎湃新闻", "首席", "见习", "特约", "驻京").
AUTHOR_ROLE = r"记者|記者|实习生|實習生|通讯员|通訊員|执笔人|執筆人|执笔|執筆|采写|採寫|撰文|撰稿|作者|特派员|特派員|文"
# The roles cut off a name glued to them ("记者张三"); "作者" only before a name that ends the line or a field of it
# ("作者魏星|", not "作者最新文章"), "文" only before its mark ("文/张三", not "文献资料").
GLUED_ROLE = r"记者|記者|实习生|實習生|通讯员|通訊員|特派员|特派員|执笔人|執筆人"
ROLE_RE = re.compile(rf"^(?P<outlet>[^\s:：/／]{{0,12}}?)(?P<role>{AUTHOR_ROLE})[:：/／]?$")
# A photographer's credit: what follows "图/" or "摄影：" until the next role, and a name followed by "摄".
PHOTO_ROLE_RE = re.compile(r"^(?:图|圖|摄影|攝影|摄|攝|图片|圖片|视频|視頻)[:：/／]?$")
PHOTO_END_RE = re.compile(r"[/／]?(?:摄|攝)$")
PHOTO_OUTLET_RE = re.compile(r"图片|圖片|摄影|攝影|视觉|視覺|摄像|攝像")
# An editor's or a proofreader's credit ends the authors: "编辑：", "责任编辑", "校对".
EDITOR_WORD_RE = re.compile(r"^(?:责任编辑|責任編輯|责编|責編|编辑|編輯|校对|校對|审核|審核|监制|監製)")
# Places and the act of reporting: "发自北京", "上海报道", "报道", "综合报道" (each said of where, not who).
PLACE_RE = re.compile(r"^(?:整合|综合|綜合|编译|編譯|摘编|整理)$|^(?:发自|發自|自)[\u4e00-\u9fff]{2,6}$|"
                      r"^[\u4e00-\u9fff]{0,6}(?:报道|報道|电|電|讯|訊)$|"
                      r"^[\u4e00-\u9fff]{1,6}(?:報道部|支局|総局)$")  # a Japanese desk: "（札幌報道部　高橋健太）"
# A date or a time on the line ("2004年7月16日08:19", "2005-08-12", "14:20").
# (a weekday too: "2024年3月5日 星期二", Japanese "2024年4月20日（土曜日）" on an event's or a notice's date)
DATE_TOKEN_RE = re.compile(r"^[\d\-/.:年月日时分秒時]+$|^(?:星期|周|週|礼拜|禮拜)[一二三四五六日天]$|"
                           r"^[月火水木金土日]曜日?$")
# An outlet's name in title marks opening a credit line: "英国《金融时报》 李明 北京报道".
OUTLET_TITLE_RE = re.compile(r"《[^》]{2,12}》")
# The separators of a credit line's parts.
SPLIT_RE = re.compile(r"[\s、，,;；]+")
# "&" joins two names in a list ("叨叨姐、胡一刀&李小飞刀"), but alone it is a handle's ("放飞&心情").
LIST_MARK_RE = re.compile(r"[、，,]")
# Words that stand where a name would and are not one (placeholders and site roles: "作者：未知").
NOT_NAMES = frozenset({"未知", "佚名", "不详", "匿名", "网络", "网络整理", "本站", "本站编辑", "管理员", "小编", "网友",
                       "综合", "整合", "编译", "转载", "原创", "阅读", "点击", "浏览", "评论", "来源", "摘编", "报道",
                       "完", "待续", "整理", "编辑", "编前语", "按语", "导读", "提示", "未完待续", "全文完",
                       "图片", "资料", "视频", "本报", "本刊", "记者"})
# The end of an outlet's name: a name ending so is a paper, an agency, a site or a channel, not a person
# ("科技日报", "新京报", "环球网", "参考消息", "新浪财经-自媒体综合").
OUTLET_END_RE = re.compile(r"(?:报|報|社|网|網|台|刊|新闻|新聞|消息|在线|在線|频道|頻道|综合|綜合|"
                           r"客户端|客戶端|传媒|傳媒|"
                           r"集团|集團|公司|中心|工作室|编辑部|編輯部|支部|发布|發布|日报|晚报|周刊)$|[-－—]|"
                           # an institution credited before its writer ("作者：海淀法院 王明", "市人民医院")
                           r"..(?:法院|检察院|檢察院|医院|醫院|大学|大學|学院|學院|政府|委员会|委員會|研究院|研究所|"
                           r"公安局|派出所|办公室|辦公室)$")
# Brackets that hold a whole credit: "（记者 张三）", "[ 张三 ]", "【张三 李四】".
BRACKETED_RE = re.compile(r"[（(\[【［]\s*([^（()\[\]【】［］]{2,40}?)\s*[）)\]】］]")
# The bracket after a dateline at the head of a story ("新华社北京3月5日电（...）", "本报讯（...）").
DATELINE_HEAD_RE = re.compile(r"^[^（()）。，]{0,30}?(?:电|電|讯|訊|报道|報道)\s*([（(][^（()）]{2,40}[）)])")
# A bracket closing a paragraph after a sentence's end: "。（张巨峰）".
# (a Japanese quote's 」 ends an interview's last answer: "「…育てたい」（聞き手・佐藤花子）")
END_CREDIT_RE = re.compile(r"[。！？!?”\"」]\s*([（(][^（()）]{2,30}[）)])\s*$")
# A date line with names beside the date is short and holds no sentence ("2013年的会上，Superhei（黑哥）分享了";
# the length chosen by hand, see docs/metadata-credits.md).
DATE_IN_LINE_RE = re.compile(r"\d{4}|\d{1,2}[:：]\d{2}")
MAX_DATE_LINE_CHARS = 40
SENTENCE_MARK_RE = re.compile(r"[，。；！？]")
# A Japanese dateline: the place, "=" and the reporters in brackets at the head of the story.
# (Japanese names run to five kanji, "村井健太郎", and repeat one by "々", "佐々木翔")
PLACE_NAME_HEAD_RE = re.compile(r"^\s*[【\[［(（][^=＝】\]］)）]{1,12}[=＝]\s*"
                                r"(?P<names>[\u4e00-\u9fff々]{2,5}(?:[\s、・]+[\u4e00-\u9fff々]{2,5})*)"
                                r"\s*(?:記者|特派員|记者)?\s*[】\]］)）]")
# A forum's or a blog's poster: "本贴由张三于2005年8月12日发表", "张三 发表于 2005-08-12 14:20", "张三的博客".
POSTED_BY_RE = re.compile(r"^本[贴帖]由\s*(?P<name>[^\s于]{2,20})\s*于.{0,40}?(?:发表|發表|发布|發布)")
POSTED_AT_RE = re.compile(r"^(?P<name>[^\s:：，。]{2,20})\s+(?:发表于|發表於|发表在|發表在|发布于|發佈於)\s*\d")
# A blog platform's post foot: "posted @ 2024-03-05 14:30 张小北 阅读(1234) 评论(5) 编辑 收藏".
POSTED_FOOT_RE = re.compile(r"^posted\s*@\s*\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}\s+(?P<name>[^\s()（）]{2,20})\s+"
                            r"(?:阅读|閱讀)\s*[(（]\d", re.I)
BLOG_OWNER_RE = re.compile(r"^(?P<name>[^\s:：，。的]{2,20})的(?:博客|部落格|空间|空間|专栏|專欄|个人主页|個人主頁)$")
# A handle after an explicit "作者：" may hold symbols ("放飞&心情", "小鱼_儿"), not a sentence's punctuation.
# (a Japanese blog's "投稿者：" stands after the post's date on its line: "投稿日：2024年3月5日 投稿者：たなか"; an
# owned media's "ライター：鈴木美咲" and a Korean community post's "작성자 푸른하늘", its colon often left out)
LABELLED_HANDLE_RE = re.compile(r"(?:^(?:作者|作\s者|发帖人|發帖人|楼主|樓主|博主)|"
                                r"(?:^|(?<=\s))(?:投稿者|執筆者|ライター))"
                                r"\s*[:：]\s*"
                                r"(?P<name>[^\s，。；！？：:()（）]{2,20})|^작성자\s*[:：]?\s*(?P<nick>[^\s:：]{2,20})")
# The label of an author's credit on a line that also gives the date or the outlet ("时间：... 作者：张三 阅读：12").
LABEL_RE = re.compile(r"(?:作者|作\s者)\s*[:：]")
# An account's name, then the date, alone on the line under the headline (a portal's self-media article).
# (the name is short, 2-10 characters, and the date has its time: a related story's title and day is not one;
# a Korean word before a date is its label, "등록 2024-03-05 10:30")
# (a tech site's card parts them by a dot: "王晓峰 · 3小时前")
# (the platforms print the poster's IP place after the date: "2024-03-05 14:30 · 湖北", a province, a region or
# "海外"; after the "原创" mark the inline elements may glue the account to the mark and the date)
IP_PLACE = (r"(?:\s*[·•]?\s*(?:北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|"
            r"湖南|广东|海南|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古|广西|西藏|宁夏|新疆|香港|澳门|海外))?")
ACCOUNT_DATE_RE = re.compile(r"^(?:(?:原创|原創)\s*(?P<glued>[^\s\d:：|｜()（）·•가-힣]{2,10}?)|"
                             r"(?:原创|原創)?\s*(?P<name>[^\s\d:：|｜()（）·•가-힣]{2,10})(?:\s+|\s*[·•]\s*))"
                             r"(?:(?<![\d\s])(?=\d{4})|(?<=[\s·•]))"
                             r"(?:\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?\s*\d{1,2}:\d{2}(?::\d{2})?|"
                             rf"昨天|前天|今天|\d+\s*(?:分钟|小时|天)前){IP_PLACE}$")
# An official account's original article names its writer before the account: "原创 赵一鸣 科技前沿 2024-03-05 21:08".
WRITER_ACCOUNT_DATE_RE = re.compile(r"^(?:原创|原創)\s+(?P<name>[^\s\d:：|｜()（）가-힣]{2,10})\s+"
                                    r"[^\s\d:：|｜()（）]{2,20}\s+\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?\s*\d{1,2}:\d{2}"
                                    rf"(?::\d{{2}})?{IP_PLACE}$")
# The words of a date's or a credit's label, which stand where an account's name would ("发表于 2018-05-16").
LABEL_WORD_RE = re.compile(r"发表|發表|发布|發布|更新|时间|時間|日期|来源|來源|作者|编辑|編輯|记者|記者|"
                           r"公開|配信|投稿|掲載|"
                           # (a story type's label stands there too: "社论 2024-03-05 05:00", "新闻稿 …", "寄稿 …")
                           r"社论|社論|社评|社評|社説|评论|評論|专栏|專欄|时评|時評|更正|新闻稿|新聞稿|广告|廣告|推广|寄稿|来信|來信")
# A name followed by its outlet under the headline: "石佳/中国青年报".
NAME_OUTLET_RE = re.compile(rf"^(?P<name>{NAME})\s*[/／]\s*(?P<outlet>[^\s/／]{{2,12}})$")


def is_outlet(name: str) -> bool:
    """Whether a Chinese name is an outlet's, an agency's or a channel's (by the ending of its name)."""
    return OUTLET_END_RE.search(name) is not None


def person(token: str) -> str | None:
    """The token as a Chinese personal name, or None when it is a placeholder, an outlet or not a name."""
    token = token.strip("·・:：")
    if not NAME_RE.match(token) or refused(token):
        return None
    return token


def not_a_person(name: str) -> bool:
    """Whether a name from any source is an outlet's or a placeholder ("新京报", "未知")."""
    return name in NOT_NAMES or is_outlet(name)


def refused(name: str) -> bool:
    """Whether a Chinese candidate is a placeholder, a role, an outlet or a sentence's words rather than a name."""
    # (a weekday in brackets beside a date, "2024年3月5日（星期二）", stands where a credit's name would)
    return name in NOT_NAMES or name in CJK_NON_NAMES or is_outlet(name) or name[-1] in NOT_NAME_END or \
        name.startswith(NOT_NAME_START) or is_role_word(name) or DATE_TOKEN_RE.match(name) is not None


def credit_line_people(text: str) -> list[str] | None:
    """Reporter and credit lines (``本报记者张三发自北京``, ``本报实习生 张三 李四 本报记者 王五``,
    ``（张三 上海报道）``):
    the authors when every part of the line is a role, a name, a place or a date; None when the line is not one,
    or names no author before an editor's credit. Names need a role before them, except in a bracketed credit."""
    line = text.strip()
    japanese = reporters_before_role(line, person)  # "（共同通信）山田太郎記者", "経済部　佐藤花子記者、鈴木一郎記者"
    if japanese is not None:
        return japanese or None
    bracketed = BRACKETED_RE.fullmatch(line)
    if bracketed:
        line = bracketed.group(1)
    tokens = [t for t in SPLIT_RE.split(_apart(line)) if t]
    if LIST_MARK_RE.search(line):
        tokens = [part for token in tokens for part in token.split("&") if part]
    if not tokens:
        return None
    names: list[str] = []
    handle = role_label_handle(tokens)
    if handle:
        return [handle]
    since_role: list[str] = []  # the names after the last role, which a closing "摄" makes photographers
    role = "" if bracketed else None  # None: no author's role yet (a name then makes the line no credit)
    placed = False
    if role is None and len(tokens) > 2 and (OUTLET_TITLE_RE.search(tokens[0]) or is_outlet(tokens[0])) and \
            any(PLACE_RE.match(token) for token in tokens[2:]):
        tokens, role = tokens[1:], ""  # an outlet, its reporters and their place: "英国《金融时报》 李明 北京报道"
    for token in tokens:
        if EDITOR_WORD_RE.match(token):
            break
        if DATE_TOKEN_RE.match(token) or PLACE_RE.match(token):
            placed = placed or PLACE_RE.match(token) is not None
            continue
        if PHOTO_ROLE_RE.match(token):
            if token in ("摄", "攝"):
                names = [name for name in names if name not in since_role]
            role, since_role = "photo", []
            continue
        match = ROLE_RE.match(token)
        if match and (match.group("role") != "文" or not match.group("outlet")):
            # "图片记者", "摄影记者", and a reporter right after a picture's label ("图/本报记者 马骏"): photographers
            photo = PHOTO_OUTLET_RE.search(match.group("outlet")) or (role == "photo" and not since_role)
            role, since_role = ("photo" if photo else match.group("role")), []
            continue
        photographed = PHOTO_END_RE.search(token)
        name = person(PHOTO_END_RE.sub("", token))
        if name is None or role is None:
            return None
        if photographed:  # "记者 张三、李四摄": the names since the role took the pictures
            names = [other for other in names if other not in since_role]
        elif role != "photo" and name not in names:
            names.append(name)
            since_role.append(name)
    # A bracket of bare names credits people only with a place ("（张三 上海报道）") or two of them ("（张三 李四）"):
    # one bare word in brackets is as often a place or a note ("（上海）").
    if role == "" and not placed and len(names) < 2:
        return None
    return names or None


def dateline_people(paragraph: str) -> list[str]:
    """The credit in brackets at the head of a story's first paragraph: "新华社北京3月5日电（记者张三、李四）",
    "本报讯（记者 张三 通讯员 李四）"."""
    match = DATELINE_HEAD_RE.match(paragraph)
    if match:
        return credit_line_people(match.group(1)) or []
    match = PLACE_NAME_HEAD_RE.match(paragraph)  # Japanese: "【ワシントン=山田太郎】", "【北京＝佐藤花子記者】"
    if match:
        return [name for token in SPLIT_RE.split(match.group("names"))
                if token and (name := japanese_name(re.sub(r"(?:記者|特派員|记者)$", "", token), person))]
    # Japanese: "…拡充する。【山田太郎】"; Taiwan's agency: "（中央社記者王小明台北5日電）"
    return place_writer_head(paragraph, person) or lead_end_writers(paragraph, person) or \
        agency_reporters(paragraph, person)


def role_label_handle(tokens: list[str]) -> str | None:
    """A handle after "作者：" that holds a symbol ("作者：放飞&心情 2019-03-01"): the line's one person."""
    if len(tokens) >= 2 and tokens[0] in ("作者", "作者：", "作者:") and "&" in tokens[1] and \
            all(DATE_TOKEN_RE.match(t) for t in tokens[2:]):
        return tokens[1]
    return None


def _apart(line: str) -> str:
    """Roles, places and photo marks cut from the names they are glued to ("本报记者张三发自北京" ->
    "本报记者 张三 发自北京")."""
    # ("文" is cut off only before its mark: "文献资料" is a word, "文/张三" a credit)
    line = re.sub(rf"({GLUED_ROLE}){NOT_AFTER_REPORTER}\s*[:：/／]?\s*(?=[\u4e00-\u9fff])", r"\1 ", line)
    line = re.sub(r"(作者|作\s者)\s*(?:[:：/／]\s*|(?=[\u4e00-\u9fff]{2,3}(?:$|[\s|｜,，])))", r"\1 ", line)
    line = re.sub(r"(?:^|(?<=\s))(文)\s*([:：/／])\s*", r"\1\2 ", line)
    line = re.sub(rf"({AUTHOR_ROLE}|执笔|執筆)\s*([:：/／])\s*", r"\1\2 ", line)
    line = re.sub(r"(?<=[\u4e00-\u9fff])(发自|發自)", r" \1", line)
    line = re.sub(r"(?<=报道|報道)(?=\d)", " ", line)  # "北京报道2024年3月5日": two elements' texts run on
    line = re.sub(r"(?<=[\u4e00-\u9fff])\s*([/／])\s*(摄|攝)", r"\1\2", line)
    return re.sub(r"(图|圖|摄影|攝影)\s*([/／:：])\s*", r"\1\2 ", line)


def end_credit_people(paragraph: str) -> list[str]:
    """A credit in brackets closing a story's paragraph after its last sentence: "…举行。（张巨峰）",
    "…。（记者 张三）".
    There one bare name is a credit too: the bracket follows a whole sentence."""
    match = END_CREDIT_RE.search(paragraph)
    if match is None:  # a column's writer by a staff title in a bracket of its own: "（論説委員　山田太郎）"
        return column_writers(paragraph, person) or series_writers(paragraph, person) \
            if paragraph.startswith(("（", "(")) else []
    people = credit_line_people(match.group(1)) or role_closing_writers(match.group(1)[1:-1], person)
    if people:
        return people
    name = person(match.group(1)[1:-1].strip())
    # (a Japanese wire's short credit closing a syndicated story, "…方針だ。（共同）", names no one)
    return [name] if name and not name.endswith(("摄", "攝")) and not PHOTO_OUTLET_RE.search(name) and \
        not AGENCY_END_RE.search(name) else []


def poster_of(line: str) -> list[str]:
    """A forum's or a blog's poster: ``本贴由张三于…发表``, ``张三 发表于 2005-08-12``, ``张三的博客``,
    ``作者：放飞&心情``."""
    line = line.strip()
    for pattern in (POSTED_BY_RE, POSTED_AT_RE, POSTED_FOOT_RE, BLOG_OWNER_RE, LABELLED_HANDLE_RE):
        match = pattern.search(line)
        if match:
            name = (match.group("name") or match.groupdict().get("nick") or "").strip()  # (a Korean poster's "nick")
            if name in NOT_NAMES or is_outlet(name) or DATE_TOKEN_RE.match(name) or LABEL_RE.search(name) or \
                    is_role_word(name):  # a forum's floor label ("楼主 发表于 ..."), not its poster
                return []
            # "作者：张明 李华 来源：...": each name till a field
            if pattern is LABELLED_HANDLE_RE and match.group("name") and person(name):
                return _names_from(line[match.start("name"):])
            return [name]
    return []


def _names_from(text: str) -> list[str]:
    """The names that open the text, up to the first token that is not one (the next field's label)."""
    names: list[str] = []
    for token in SPLIT_RE.split(text):
        name = person(token)
        if name is None:
            break
        names.append(name)
    return names


def bracketed_beside_date(line: str) -> list[str]:
    """Names in brackets beside the date line (``2004年7月16日08:19 [ 张三 ]``, ``2011年10月15日 15:05 【张三 李四】``):
    only on a line that holds a date, and only when the brackets hold names and nothing else."""
    date = DATE_IN_LINE_RE.search(line)
    if date is None or len(line) > MAX_DATE_LINE_CHARS or SENTENCE_MARK_RE.search(line):
        return []
    for group in BRACKETED_RE.findall(line[date.end():]):
        tokens = [t for t in SPLIT_RE.split(group) if t]
        names = [person(token) for token in tokens]
        if tokens and all(names):
            return [name for name in names if name]
    return []


def account_before_date(line: str) -> list[str]:
    """A self-media account's name before the date under the headline ("华夏人文 2020-03-09 18:14:21", "原创 GameForce
    2019-09-04 22:18:34", "爱否科技 昨天"): the one name, when it is no outlet's ("原创 南方都市报 2019-09-09" is)."""
    match = ACCOUNT_DATE_RE.match(line.strip()) or WRITER_ACCOUNT_DATE_RE.match(line.strip())
    if match is None:
        return []
    name = match.group("name") or match.group("glued")
    if not_a_person(name) or refused(name) or DATE_TOKEN_RE.match(name) or LABEL_WORD_RE.search(name):
        return []
    return [name]


def name_with_outlet(line: str) -> list[str]:
    """A name and its outlet under the headline (``石佳/中国青年报``): the name, when the other part is an outlet."""
    match = NAME_OUTLET_RE.match(line.strip())
    if match and is_outlet(match.group("outlet")):
        name = person(match.group("name"))
        return [name] if name else []
    return []


__all__ = [
    "account_before_date",
    "bracketed_beside_date",
    "credit_line_people",
    "dateline_people",
    "end_credit_people",
    "is_outlet",
    "name_with_outlet",
    "not_a_person",
    "person",
    "poster_of",
    "refused",
]
