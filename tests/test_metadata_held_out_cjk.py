"""Held-out classes of CJK and European article pages, each on a small page written for it: a role word in a
credit is never a person (a blog's "作者", a reviewer's "审核", a Japanese rank "編集委員", a forum's "楼主"),
Japanese credits ("【山田太郎】", "経済部　佐藤花子記者、鈴木一郎記者", "投稿者：たなか"), era and update dates."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
ZH_STORY = ("<p>国务院常务会议5日研究部署进一步优化营商环境的相关举措，会议指出要持续深化改革，激发市场主体活力。</p>"
            "<p>会议强调，各地区各部门要狠抓落实，切实解决企业反映的突出问题，推动政策红利直达基层。</p>")
JA_STORY = ("<p>政府は5日、物価高への対策として新たな経済対策をまとめた。低所得世帯への給付を拡充する。</p>"
            "<p>専門家からは、財源の確保が課題になるとの指摘も出ており、国会での議論が注目される。</p>")


def page(lang: str, top: str, story: str, end: str = "", *, title: str = "新たな経済対策を決定") -> bytes:
    """An article page: the site's header, the headline, the lines under it, the story and what closes it."""
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<header><a class='logo' href='/'>新聞</a><nav><ul><li><a href='/'>Home</a></li></ul></nav></header>"
            f"<article><h1>{title}</h1>{top}<div class='body'>{story}</div>{end}</article></body></html>").encode()


def meta(html: bytes) -> Metadata:
    return extract_metadata_only(html, now=NOW)


# ---------------------------------------------------------------- role words are never people


@pytest.mark.parametrize(("lang", "top", "story", "end", "authors", "editors"), [
    # a Chinese blog theme's byline element: "作者" is its label
    ("zh-CN", "<div class='entry-meta'>发布于 2024年3月5日 <span class='byline'>作者 <a class='url fn n' "
     "href='/author/x/'>小明同学</a></span></div>", ZH_STORY, "", ["小明同学"], []),
    # a Japanese paper's rank before the writer's name, in the author element
    ("ja", "<p>2024年3月5日 5:00</p><p class='author'>編集委員　佐藤花子</p>", JA_STORY, "", ["佐藤花子"], []),
    # a credit naming an intern in an author element, a reviewer after the editor
    ("zh-CN", "<p>2024-03-05 09:45:21</p>", ZH_STORY,
     "<p class='author'>（采写：中国青年报记者 刘畅 实习生 王一鸣）</p><p class='editor'>编辑：何静　审核：赵峰</p>",
     ["刘畅", "王一鸣"], ["何静"]),
], ids=["zh-blog-label", "ja-rank", "zh-intern-reviewer"])
def test_role_words_are_not_people(lang: str, top: str, story: str, end: str, authors: list[str],
                                   editors: list[str]) -> None:
    found = meta(page(lang, top, story, end))
    assert found.authors == authors
    assert found.editors == editors


def test_forum_floor_label_is_not_the_poster() -> None:
    # a Discuz thread: the first post's floor is labelled "楼主" beside its time; the poster's name is in the sidebar
    html = ("<html lang='zh-CN'><head><meta charset='utf-8'>"
            "<title>求助：路由器经常断网怎么办？ - 电脑网络 - 数码论坛</title>"
            "</head><body><div id='postlist'><table><tr><td class='pls'><div class='authi'><a class='xw1' "
            "href='space-uid-1001.html'>飞翔的鱼</a></div></td><td class='plc'><h1>求助：路由器经常断网怎么办？</h1>"
            "<div class='authi'><em>楼主</em> <em id='authorposton1'>发表于 2024-3-5 14:30:12</em></div>"
            "<div class='t_f'>家里的路由器最近一到晚上就断网，重启之后能好一会儿，过一阵又不行了。"
            "请问各位这是什么原因？</div>"
            "</td></tr></table></div></body></html>").encode()
    found = meta(html)
    assert "楼主" not in found.authors
    assert found.published == "2024-03-05T14:30:12"


def test_german_genre_label_before_von() -> None:
    # a German paper's byline names the piece's genre first: "Eine Analyse von", "Ein Kommentar von"
    html = ("<html lang='de'><head><meta charset='utf-8'><title>Wie die Entlastung ankommt</title></head><body>"
            "<article><h1>Wie die Entlastung ankommt</h1><p>5. März 2024, 14:30 Uhr</p>"
            "<p class='byline'>Eine Analyse von Anna Müller</p><p>Die Bundesregierung hat am Dienstag ein neues "
            "Entlastungspaket beschlossen, das Familien mit geringem Einkommen stärker unterstützen soll.</p>"
            "</article></body></html>").encode()
    assert meta(html).authors == ["Anna Müller"]


# ---------------------------------------------------------------- dates in other calendars and labels


@pytest.mark.parametrize(("lang", "top", "end", "published", "modified"), [
    # a Japanese ministry's release: the era year of the imperial calendar (令和6年 = 2024), full-width digits
    ("ja", "<div class='date'>令和６年３月５日</div><p>経済産業省　大臣官房会計課</p>",
     "<p class='update'>最終更新日：令和６年３月６日</p>", "2024-03-05", "2024-03-06"),
    ("ja", "<p>平成31年4月1日</p>", "", "2019-04-01", None),
    ("ja", "<p>令和元年5月7日</p>", "", "2019-05-07", None),
    # a Taiwanese government notice: the year of the Republic (民國112年 = 2023)
    ("zh-TW", "<p>發布日期：中華民國112年3月5日</p>", "", "2023-03-05", None),
], ids=["reiwa-fullwidth", "heisei", "reiwa-gannen", "minguo"])
def test_era_years(lang: str, top: str, end: str, published: str, modified: str | None) -> None:
    found = meta(page(lang, top, JA_STORY, end))
    assert (found.published, found.modified) == (published, modified)


def test_government_notice_written_date_is_not_its_publication() -> None:
    # a Chinese government notice's index table: the day the document was written (成文日期) comes before the day it
    # was published (发布日期)
    top = ("<table><tr><td>发文机关：国务院办公厅</td><td>成文日期：2024年02月28日</td></tr>"
           "<tr><td>发文字号：国办发〔2024〕9号</td><td>发布日期：2024年03月05日</td></tr></table>")
    assert meta(page("zh-CN", top, ZH_STORY)).published == "2024-03-05"


def test_polish_data_aktualizacji_is_a_modification() -> None:
    # a Polish portal's date fields: "Data publikacji:" and "Data aktualizacji:" (the label's genitive)
    top = "<p>Data publikacji: 05.03.2024 14:30</p><p>Data aktualizacji: 06.03.2024 08:12</p>"
    story = "<p>Rząd przyjął we wtorek nowy pakiet pomocy dla rodzin o niskich dochodach w związku ze wzrostem cen.</p>"
    found = meta(page("pl", top, story, title="Sejm przyjął ustawę o mieszkalnictwie"))
    assert (found.published, found.modified) == ("2024-03-05T14:30:00", "2024-03-06T08:12:00")


def test_dutch_aangepast_is_a_modification() -> None:
    top = "<p>Door Jan de Vries</p><p>5 maart 2024, 14:30 | Aangepast 6 maart 2024, 08:12</p>"
    story = "<p>Het kabinet heeft dinsdag een nieuw steunpakket gepresenteerd voor huishoudens met weinig geld.</p>"
    found = meta(page("nl", top, story, title="Kabinet presenteert steunpakket"))
    assert (found.published, found.modified) == ("2024-03-05T14:30:00", "2024-03-06T08:12:00")


# ---------------------------------------------------------------- Japanese credits


JA_LEAD = "政府は5日、物価高への対策として新たな経済対策をまとめた。低所得世帯への給付を拡充する。"
JA_MORE = "<p>専門家からは、財源の確保が課題になるとの指摘も出ており、国会での議論が注目される。</p>"


@pytest.mark.parametrize(("top", "story", "authors"), [
    # a desk, then each reporter with 記者 after the name
    ("<p>2024年3月5日 19時30分</p><p>経済部　佐藤花子記者、鈴木一郎記者</p>", f"<p>{JA_LEAD}</p>{JA_MORE}",
     ["佐藤花子", "鈴木一郎"]),
    ("<p>2024年3月5日 19時30分</p><p>経済部　佐藤花子記者</p>", f"<p>{JA_LEAD}</p>{JA_MORE}", ["佐藤花子"]),
    # a national paper's lead closes with the writer in 【】
    ("<p>2024年3月5日 19時30分</p>", f"<p>{JA_LEAD}【山田太郎】</p>{JA_MORE}", ["山田太郎"]),
    # a regional paper's story closes with the desk and the writer in brackets
    ("<p>2024年3月5日 19時30分</p>", f"<p>{JA_LEAD}</p>{JA_MORE[:-4]}（札幌報道部　高橋健太）</p>", ["高橋健太"]),
    # a Japanese blog theme's poster label
    ("<div class='entry-meta'><span>投稿日：2024年3月5日</span> <span>投稿者：たなか</span></div>",
     f"<p>{JA_LEAD}</p>{JA_MORE}", ["たなか"]),
], ids=["desk-two-kisha", "desk-one-kisha", "lead-end-kakko", "end-desk-bracket", "blog-toukousha"])
def test_japanese_credits(top: str, story: str, authors: list[str]) -> None:
    assert meta(page("ja", top, story)).authors == authors


@pytest.mark.parametrize("story", [
    f"<p>{JA_LEAD}【北京共同】</p>{JA_MORE}",  # an agency's dateline, not a writer
    f"<p>{JA_LEAD}【時事】</p>{JA_MORE}",
    f"<p>【ワシントン共同】{JA_LEAD}</p>{JA_MORE}",
    f"<p>{JA_LEAD}【詳報】</p>{JA_MORE}",  # a tag of the site's, not a writer
    f"<p>{JA_LEAD}【関連記事】</p>{JA_MORE}",
], ids=["place-agency", "agency", "katakana-place-agency", "tag-shohou", "tag-kanren"])
def test_japanese_agency_brackets_name_nobody(story: str) -> None:
    assert meta(page("ja", "<p>2024年3月5日 19時30分</p>", story)).authors == []


def test_blog_named_after_its_owner() -> None:
    # a Japanese personal blog: the site is "<owner>の…ブログ", the poster its owner
    headline = "はじめての家庭菜園、ミニトマトを育ててみた"
    html = (f"<html lang='ja'><head><meta charset='utf-8'><title>{headline} - たなかの暮らしブログ</title></head>"
            f"<body><header><a href='/'>たなかの暮らしブログ</a></header><article><h1>{headline}</h1>"
            "<div class='entry-meta'><span>投稿日：2024年3月5日</span> <span class='author'>投稿者：たなか</span></div>"
            f"<p>{JA_LEAD}</p>{JA_MORE}</article></body></html>").encode()
    assert meta(html).authors == ["たなか"]


@pytest.mark.parametrize(("lang", "line", "published", "modified"), [
    # a Japanese business paper: the update in brackets after the publication, "更新" after its date
    ("ja", "2024年3月5日 19:30 (2024年3月6日 5:12更新)", "2024-03-05T19:30:00", "2024-03-06T05:12:00"),
    # a Taiwanese agency: the update's day without its year, in full-width brackets
    ("zh-TW", "2024/03/05 14:30（3/5 16:05 更新）", "2024-03-05T14:30:00", "2024-03-05T16:05:00"),
], ids=["ja-nikkei", "tw-yearless"])
def test_update_in_brackets_after_the_date(lang: str, line: str, published: str, modified: str) -> None:
    found = meta(page(lang, f"<div class='time'>{line}</div>", JA_STORY))
    assert (found.published, found.modified) == (published, modified)


HANT_LEAD = "行政院今天召開院會，通過多項民生法案，預計將於下週送交立法院審議，以加速推動相關政策。"


@pytest.mark.parametrize(("lead", "authors"), [
    # Taiwan's agency: the whole credit in brackets at the head of the story, the reporter glued to the city
    (f"（中央社記者王小明台北5日電）{HANT_LEAD}", ["王小明"]),
    (f"（中央社記者王小明、李小華高雄5日電）{HANT_LEAD}", ["王小明", "李小華"]),
    (f"（中央社記者林明台中5日電）{HANT_LEAD}", ["林明"]),
    # a city no list holds: the name is read by its length (three characters), the rest is the place
    (f"（中央社記者王小明布魯塞爾5日電）{HANT_LEAD}", ["王小明"]),
    (f"（中央社台北5日電）{HANT_LEAD}", []),
], ids=["one", "two", "two-char-name", "unknown-city", "no-reporter"])
def test_taiwan_agency_dateline(lead: str, authors: list[str]) -> None:
    found = meta(page("zh-TW", "<p>2024/03/05 14:30</p>", f"<p>{lead}</p><p>{HANT_LEAD}</p>", title="院會通過長照法案"))
    assert found.authors == authors


@pytest.mark.parametrize("profile", ["space-uid-{}.html", "home.php?mod=space&uid={}"], ids=["rewritten", "query"])
def test_discuz_thread_starter(profile: str) -> None:
    # a Discuz! thread: the subject above the posts, each post's member linked to their space beside it
    def post(uid: int, member: str, floor: str, when: str, text: str) -> str:
        return (f"<table><tr><td class='pls'><div class='authi'><a class='xw1' href='{profile.format(uid)}'>{member}"
                f"</a></div></td><td class='plc'><div class='authi'><em>{floor}</em> <em>发表于 {when}</em></div>"
                f"<div class='t_f'>{text}</div></td></tr></table>")
    html = ("<html lang='zh-CN'><head><meta charset='utf-8'><title>路由器经常断网怎么办？ - 电脑网络 - 数码论坛</title>"
            "</head><body><div id='pt'><a href='/'>论坛</a> › <a href='/f-12'>电脑网络</a></div>"
            "<h1 class='ts'><span id='thread_subject'>路由器经常断网怎么办？</span></h1><div id='postlist'>"
            + post(1001, "飞翔的鱼", "楼主", "2024-3-5 14:30:12", "家里的路由器最近一到晚上就断网。")
            + post(2002, "老张修电脑", "沙发", "2024-3-6 09:12:45", "可能是信道干扰，换个信道试试。")
            + "</div></body></html>").encode()
    found = meta(html)
    assert (found.authors, found.published) == (["飞翔的鱼"], "2024-03-05T14:30:12")


# ---------------------------------------------------------------- European bylines


EU_STORY = ("<p>Die Bundesregierung hat am Dienstag ein neues Entlastungspaket beschlossen, das Familien mit geringem "
            "Einkommen stärker unterstützen soll.</p><p>Kritik kam von der Opposition im Bundestag.</p>")


@pytest.mark.parametrize(("lang", "byline", "authors"), [
    # "Autor:" labels the writer in German, Polish, Spanish, Portuguese and Czech papers, then the agency after a comma
    ("pl", "Autor: Jan Kowalski, PAP", ["Jan Kowalski"]),
    ("de", "Autor: Anna Müller", ["Anna Müller"]),
    ("it", "Autore: Marco Rossi", ["Marco Rossi"]),
    ("fr", "Auteur : Marie Dupont", ["Marie Dupont"]),
    # the writer's role after the label: "our correspondent" (Dutch, German, French)
    ("nl", "Door onze redacteur Jan de Vries", ["Jan de Vries"]),
    ("nl", "Door onze correspondent Jan de Vries", ["Jan de Vries"]),
    ("de", "Von unserem Korrespondenten Peter Meier", ["Peter Meier"]),
    ("fr", "Par notre correspondante Marie Dupont", ["Marie Dupont"]),
    # German genre labels and an English desk's
    ("de", "Ein Kommentar von Peter Meier", ["Peter Meier"]),
    ("en", "Analysis by Stephen Collinson", ["Stephen Collinson"]),
], ids=["pl-autor-agency", "de-autor", "it-autore", "fr-auteur", "nl-onze-redacteur", "nl-onze-correspondent",
        "de-unserem", "fr-notre", "de-kommentar", "en-analysis"])
def test_european_byline_labels(lang: str, byline: str, authors: list[str]) -> None:
    html = (f"<html lang='{lang}'><head><meta charset='utf-8'><title>Entlastungspaket beschlossen heute</title></head>"
            f"<body><article><h1>Entlastungspaket beschlossen heute</h1><p>{byline}</p><p>05.03.2024 14:30</p>"
            f"{EU_STORY}</article></body></html>").encode()
    assert meta(html).authors == authors


@pytest.mark.parametrize(("lang", "byline", "authors"), [
    # Japanese papers write a space between the family and the given name: one person
    ("ja", "山田 太郎", ["山田 太郎"]),
    ("ja", "山田 太郎、鈴木 一郎", ["山田 太郎", "鈴木 一郎"]),
    ("ja", "佐藤 あやか", ["佐藤 あやか"]),
    # on a Chinese page a space parts two people
    ("zh-CN", "王芳 李明", ["王芳", "李明"]),
    # a role or a desk before one name is no part of it
    ("ja", "記者 山田", ["山田"]),
    ("ja", "経済部 山田", None),
], ids=["ja-one", "ja-two", "ja-kana-given", "zh-two", "ja-role", "ja-desk"])
def test_spaced_japanese_names(lang: str, byline: str, authors: list[str] | None) -> None:
    top = f"<div class='meta'><time datetime='2024-03-05T19:30:00+09:00'>2024/3/5 19:30</time> " \
          f"<span class='author'>{byline}</span></div>"
    found = meta(page(lang, top, JA_STORY)).authors
    assert found == authors if authors is not None else not any("経済部" in name for name in found)


@pytest.mark.parametrize(("line", "authors"), [
    # an official account's article: "原创", the writer, the account, the time
    ("<span>原创</span> <span>赵一鸣</span> <a>科技前沿</a> <em>2024-03-05 21:08</em>", ["赵一鸣"]),
    ("<span>原创</span> <span>科技前沿</span> <em>2024-03-05 21:08</em>", ["科技前沿"]),
], ids=["writer-and-account", "account-only"])
def test_official_account_line(line: str, authors: list[str]) -> None:
    top = f"<div class='rich_media_meta_list'>{line}</div>"
    found = meta(page("zh-CN", top, ZH_STORY, title="芯片行业迎来新一轮并购潮"))
    assert (found.authors, found.published) == (authors, "2024-03-05T21:08:00")


def test_labelled_names_among_fields() -> None:
    # a university's news page: every field on one line, the writers two names after "作者："
    top = ("<div class='arti_metas'><span>作者：张明 李华</span> <span>来源：党委宣传部</span> <span>审核：王强</span> "
           "<span>发布时间：2024-03-05</span> <span>点击数：1234</span></div>")
    found = meta(page("zh-CN", top, ZH_STORY, title="我校举行2024年春季学期工作会议"))
    assert (found.authors, found.editors, found.origin) == (["张明", "李华"], [], "党委宣传部")


@pytest.mark.parametrize(("head", "authors"), [
    # Korean CMSs write the reporter's role into the markup's author fields
    ("<script type='application/ld+json'>{\"@type\": \"NewsArticle\", \"author\": [{\"@type\": \"Person\", "
     "\"name\": \"홍길동 기자\"}]}</script>", ["홍길동"]),
    ("<meta name='author' content='김철수 기자'>", ["김철수"]),
    ("<meta name='author' content='김철수 선임기자'>", ["김철수"]),
    ("<meta name='author' content='山田太郎 記者'>", ["山田太郎"]),
], ids=["ko-jsonld", "ko-meta", "ko-senior", "ja-meta"])
def test_role_after_name_in_author_fields(head: str, authors: list[str]) -> None:
    html = (f"<html lang='ko'><head><meta charset='utf-8'><title>정부, 물가 안정 대책 발표</title>{head}</head><body>"
            "<article><h1>정부, 물가 안정 대책 발표</h1><p>입력 2024.03.05 14:00</p>"
            "<p>정부는 5일 물가 안정을 위한 새로운 경제 대책을 발표했다. 저소득층 지원을 확대하는 방안이 담겼다.</p>"
            "</article></body></html>").encode()
    assert meta(html).authors == authors


@pytest.mark.parametrize(("lang", "fields", "published", "modified"), [
    # a Korean paper's date fields as a definition list: each label and its date in elements of their own
    ("ko", "<dl><dt>입력</dt><dd>2024.03.05 14:00</dd><dt>수정</dt><dd>2024.03.05 15:10</dd></dl>",
     "2024-03-05T14:00:00", "2024-03-05T15:10:00"),
    # a Japanese site's: 公開日 and 更新日
    ("ja", "<dl><dt>公開日</dt><dd>2024年3月5日</dd><dt>更新日</dt><dd>2024年3月6日</dd></dl>",
     "2024-03-05", "2024-03-06"),
], ids=["ko-dl", "ja-dl"])
def test_modification_label_in_its_own_element(lang: str, fields: str, published: str, modified: str) -> None:
    found = meta(page(lang, fields, JA_STORY))
    assert (found.published, found.modified) == (published, modified)
