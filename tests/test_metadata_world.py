"""Metadata of the world's news from the visible page (issue 14): dates and bylines in Chinese, Japanese, Korean
and European languages, authors as people, editors and the credited outlet apart.

The pages of ``tests/data/metadata-world`` were written for this: one per language and form, each with its gold
in ``expected-metadata.json`` (readability's layout plus ``authors``, ``modified``, ``editors``, ``origin`` and
``crawledAt``, the crawl time that relative and year-less dates count from). The zh-news expectations below were
written after reading each page's visible date and byline lines.
"""

from __future__ import annotations

import gzip
import json
from datetime import datetime
from pathlib import Path

import pytest

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata.people import split_people

WORLD = Path(__file__).parent / "data" / "metadata-world"
ZH_NEWS = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "zh-news"
PAGES = sorted(p.name for p in WORLD.iterdir() if p.is_dir())
# Held-out-style pages whose miss is known and left alone (SOURCE.md says why): each must still fail, so that a fix
# is seen.
LEFT_ALONE = {
    # the title15 probe's one-off (SOURCE.md)
    "en-forum-re-reply-title-t15": "a forum <title> naming a reply ('Re: topic - board - forum') matches the reply's "
                                   "own heading: the byline and date scans anchor on that second post",
    "ko-photo-story-sajin-eq-gija-o15": "a photo story's only credit is a caption's '사진=name 기자': elsewhere that "
                                        "credit names the photographer beside a writer, so it is not read as one",
    "ko-pr-wire-bodojaryo-company-o15": "the issuing company in a press-release wire's meta author: telling an "
                                        "issuer from a person in markup needs a release reader of its own (and "
                                        "with a markup author the wire's head is not scanned for the origin)",
    "ko-simin-gija-two-digit-year-o15": "'24.03.05 14:30' (a two-digit year first) reads as a day-first date "
                                        "elsewhere: not taken without a language-aware reader",
    "es-caps-city-mar": "the writer only as a link to their /autor/ page, without a label: no byline reader takes it",
    "zh-baijiahao-yearless": "a self-media account's name of five characters alone in an author-name element: the "
                             "bare-name reader takes Chinese names of two to four",
    "cs-spaced-numeric-pipe": "a name and a date joined by a bar without a label reads as a section and a date do",
    "en-ap-caps-comma": "a byline's names in capitals are kept as written (the scorer folds case)",
    "en-us-gannett-et-pipe": "'ET' names no one offset (EST or EDT): the clock time is kept without a zone",
    # the second probe's one-offs (SOURCE.md)
    "ja-hatena-entry": "the writer only as an hCard name in the entry's footer, far below the headline",
    "ja-yuryo-koshin-end-kakko": "a bare name in brackets as a paragraph of its own after the story: alone it is as "
                                 "often a place or a note",
    "ko-tistory-dotted": "a blog skin's 'by' before a Hangul nickname",
    "zh-xinhua-dateline-spaced": "one site's date cut into year, day and time elements",
    # the probe7 pages' one-offs (SOURCE.md)
    "en-hyperkitty-thread": "a thread's 'Started 3 weeks ago' above the first message's own dated line is read "
                            "first: the right day without its time",
    "en-in-ians-published-updated": "an agency named alone before the date line's bar ('IANS | Published: …') is "
                                    "not read as the outlet",
    "en-vbulletin4-postbit": "a dashed numeric date '03-05-2024': US forums write it month first, Indian papers day "
                             "first, on pages both tagged 'en'",
    # the third Chinese probe's one-offs (SOURCE.md)
    "zh-cnblogs-posted-at": "one blog platform's <title> names the blogger between post and platform: the part is "
                            "read as the site's name, so the poster of the post's foot is refused",
    "zh-csdn-yu-fabu": "one platform's header: another article's newer date unlabelled above the post's own, and the "
                       "nickname glued to '原创' and the date by inline elements",
    "zh-tieba-tail-info": "one forum's poster linked to a profile address no person-link test knows "
                          "('/home/main?un=…'), its post dated in a tail of floor and client",
    # the third CJK probe's one-offs (SOURCE.md)
    "ja-livedoor-posted-by-at": "a blog host's footer 'posted by nickname at 10:15': the day header's date is taken "
                                "without the footer's clock, and the kana nickname after 'posted by' is not read",
    "ja-note-creator-header": "a creator's name beside an avatar link to a bare handle page, with no label",
    "ja-portal-provider-after-date": "a portal's provider named after the date without a label: as often a section",
    "ja-wire-dateline-henshu-end": "one wire's house style: '[東京 5日 ロイター] -' and '（name　編集：name）' at the "
                                   "story's end",
    # the story-type probe's one-offs (SOURCE.md)
    "de-leserbrief-ort": "a reader's letter signed by a bare name and a district after the text, with no label",
    "ja-kikou-name-title": "'寄稿　name・affiliation' under the date: a contributor's label is no byline's",
    "ja-shimen-men": "a bare name in brackets closing a print-edition story (the second probe's end-bracket one-off)",
    "zh-duzhe-laixin": "a reader's letter signed '读者　name' at its foot: 读者 is no reporter's role word",
    # the eu10 probe's one-off (SOURCE.md)
    "no-journalist-role-short-year": "a two-digit year ('05.03.24 14:30'): read as a year it is as often a day, a "
                                     "version or a score",
    # the zhja13 probe's one-offs (SOURCE.md)
    "ja-tech-blog-ni-koukai-koushin": "a writer's name linked to a bare handle page beside the dates, with no label "
                                      "(the ja10 probe's note creator header)",
    "ja-weekly-issue-gou-henshubu": "one magazine site's 'source：' label before the print issue's title and date "
                                    "('週刊春秋 2024年3月14日号') is not read as the outlet",
    "zh-hk-gov-press-end-hk-time": "one publisher's closing '香港時間14時30分' on the line after the day: the day is "
                                   "read without the clock",
    # the dates13 probe's one-offs (SOURCE.md)
    "ja-dt-ranking-before": "a desk and a name ('経済部　name') in an element marked 'writer' with no label: the "
                            "byline marks read are Readability's ('author', 'byline')",
    "ko-dt-sigan-jeon-list": "a portal's provider in an element marked 'press' beside a relative time, no label: not "
                             "read as the outlet (an element marked 'source' is)",
    # the kinds13 probe's one-offs (SOURCE.md)
    "en-kd-docs-contributors": "a docs footer's 'Last updated on <time datetime=…>Mar 5, 2024</time>': the markup "
                               "moment dates the page, the modification keeps the shown day without its clock",
    "en-kd-forum-thread": "a thread header's 'Started by X, March 5, 2024' above the first post's dated line is read "
                          "first: the right day without its time (probe7's en-hyperkitty-thread)",
    # the prec13 precision probe's one-offs (SOURCE.md)
    "en-pr-posted-by-admin-login": "a numeric date '05/03/2024' on a page tagged 'en' alone: day or month first is "
                                   "not told (the probe7 vBulletin one-off)",
    "en-pr-review-reviewer-brand": "a product review's 'Reviewed by' names its writer, a health page's its checker: "
                                   "the reviewer's label is refused",
    "ja-pr-related-kisha-names": "a desk and a name in an element marked 'writer' (dates13's ja-dt-ranking-before "
                                 "class), and a <title> whose site name follows a full-width colon",
    "nl-pr-reacties-avatar": "the byline line's date is a span's; the comments' <time> elements in an area marked "
                             "in Dutch ('reacties') are read before it",
    # the cjk15 probe's one-offs (SOURCE.md)
    "ja-creator-card-after-story-follow-p15": "a creator named only in a card after the story, linked to a bare handle "
                                              "page beside a follow button (ja10's note creator header class)",
    "ja-portal-expert-name-title-yearless-p15": "an expert's name and job title three blocks above the headline, "
                                                "beyond the two read above it",
    "ja-posted-by-handle-story-end-p15": "one web magazine's 'in category, Posted by handle' closing the story: a "
                                         "Latin byline far from the headline of a Japanese page is refused",
    "ko-portal-journalist-card-only-p15": "a portal's reporter named only as a link in a card after the story "
                                          "('기자 / 구독 / 응원'): a linked name far from the headline is not read",
    "zh-netease-hao-person-handle-p15": "a self-media account after '来源:' is read as the origin: whether the account "
                                        "is a person's handle or an outlet's is not told by its name",
    # the zh15 probe's one-offs (SOURCE.md)
    "zh-days-ago-only-handle-card-z15": "a handle with a job word ('车评人老周') linked to a bare /u/ page beside "
                                        "'3天前', with no label (ja10's note creator header class); its date is read",
    "zh-gov-suoyinhao-table-chinese-dates-z15": "the table's source cell lies thirteen blocks below the headline, past "
                                                "the window the visible scan reads; its dates are read",
    "zh-hk-gov-press-chinese-numeral-date-clock-z15": "one government's release dated only after its '完', the day "
                                                      "and the clock in Chinese numerals on two lines (zhja13's "
                                                      "zh-hk-gov-press-end-hk-time class)",
    # the ja15 probe's one-offs (SOURCE.md)
    "ja-dokuji-members-reporter-links-j15": "two reporters as list items linking to their pages, after a date line "
                                            "that opens with a paywall badge: a list of links is read as related "
                                            "stories; its dates are read",
    "ja-english-credit-labels-text-photo-j15": "the editor after an English 'Edit:' label with a kana given name is "
                                               "not read; its writer after 'Text:' is",
    "ja-kenban-shikyoku-kisha-after-story-j15": "a five-kanji name after '支局　記者' below the story: the "
                                                "Chinese-shaped credit line reader takes names of two to four",
    "ja-opinion-name-title-paren-after-h1-j15": "a contributor's bare name and former job in brackets under the "
                                                "headline, with no label: as often a person the story is about",
    # the kinds15 probe's one-offs and arguable golds (SOURCE.md)
    "en-gov-service-last-reviewed-owner-k15": "the page's only date, 'Page last reviewed', is its modification and, "
                                              "as for any page showing only an update, its publication too",
    "it-scheda-insegnamento-docente-k15": "the page's only date, 'Ultima modifica', is its modification and, as for "
                                          "any page showing only an update, its publication too",
    "en-university-course-instructor-k15": "'Page maintained by … · Last updated: <date>' is one line longer than a "
                                           "credit line far from the headline: not read",
    "en-obituary-guestbook-k15": "the life's dates under the name (1938 – 2024) are read before the notice's "
                                 "'Published by <paper> on <date>' and refused as too old",
    "en-release-notes-released-by-k15": "a code host's <relative-time datetime> element is not read: the shown day "
                                        "without its time",
    "zh-app-xiangqing-kaifazhe-pinglun-k15": "an app's 更新时间 among its fields, no markup declaring the app, dates "
                                             "the page",
    "zh-zhuanti-lanmu-liebiao-k15": "gold arguable: the feature page's own '专题策划：X　责任编辑：Y' at its foot is "
                                    "read as its editor",
    # the euw15 probe's one-offs (SOURCE.md)
    "ca-per-lloc-actualitzat-el-a-les-w15": "Catalan's 'Per X' in an element marked only 'firma', no author mark: "
                                            "'Per' opening a bare line is Italian's 'for' or a Nordic first name, "
                                            "read as Catalan's 'by' only in a byline element",
    "en-uk-letters-page-writers-compiled-by-w15": "letters each signed by a bare name and a place after their text, "
                                                  "no label (de-leserbrief-ort's class); 'Letters compiled by' is no "
                                                  "editor's label (a compiled roundup's writer is its author)",
    "fr-be-bilingue-traduction-vertaling-w15": "one bilingual page's clock after 'à / om' (both languages' 'at' "
                                               "parted by a slash): the day is read, the clock not; its byline is",
}
# Of those, the page whose publication day is missed (the evaluation scores the day of a day-only guess).
DATES_LEFT_ALONE = ["en-obituary-guestbook-k15",
                    "en-pr-posted-by-admin-login", "en-vbulletin4-postbit", "ko-simin-gija-two-digit-year-o15",
                    "no-journalist-role-short-year",
                    "zh-csdn-yu-fabu", "zh-hk-gov-press-chinese-numeral-date-clock-z15", "zh-xinhua-dateline-spaced"]


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.xfail(reason=LEFT_ALONE[name], strict=True))
                                  if name in LEFT_ALONE else name for name in PAGES])
def test_world_page(name: str) -> None:
    gold = json.loads((WORLD / name / "expected-metadata.json").read_text(encoding="utf-8"))
    html = (WORLD / name / "source.html").read_bytes()
    metadata = extract_metadata_only(html, now=datetime.fromisoformat(gold["crawledAt"]))
    assert metadata.published == gold.get("publishedTime")  # a page without a publication date expects none
    assert metadata.modified == gold.get("modified")
    assert metadata.authors == gold.get("authors", [])
    assert metadata.editors == gold.get("editors", [])
    assert metadata.origin == gold.get("origin")


def test_sources_are_named() -> None:
    html = (WORLD / "zh-wen-fabiaoyu" / "source.html").read_bytes()
    metadata = extract_metadata_only(html, now=datetime.fromisoformat("2024-01-01T00:00:00+00:00"))
    assert metadata.sources["published"] == "text"
    assert metadata.sources["modified"] == "opengraph"
    assert metadata.sources["authors"] == "text"
    assert metadata.sources["editors"] == "text"


@pytest.mark.parametrize(("line", "names"), [
    ("Dana A. Ford, James S.A. Corey, Chien-Ming Wang, and Tom Watkins, CNN",
     ["Dana A. Ford", "James S.A. Corey", "Chien-Ming Wang", "Tom Watkins"]),
    ("Jane Smith, Associated Press", ["Jane Smith"]),
    ("Jane Smith | Staff Writer", ["Jane Smith"]),
    ("Reuters Staff", []),
    ("AP", []),
    ("Smith, John", ["John Smith"]),  # one person written surname first, not two: given in reading order
    ("van der Berg, Jan", ["Jan van der Berg"]),
    ("María José Pérez y Luis Gómez", ["María José Pérez", "Luis Gómez"]),
    ("Sarah E. Needleman", ["Sarah E. Needleman"]),  # "E." is an initial, not the Portuguese "e"
    ("Jill Disis, CNN Business", ["Jill Disis"]),  # a name and its outlet
    ("Victor Tangermann, Futurism", ["Victor Tangermann"]),
    ("Matthew Digby , Minh Do", ["Matthew Digby", "Minh Do"]),  # two people
    ("LISA MASCARO, MARY CLARE JALONICK and ERIC TUCKER", ["LISA MASCARO", "MARY CLARE JALONICK", "ERIC TUCKER"]),
    ("Analysis by Chris Cillizza, CNN Editor-at-large", ["Chris Cillizza"]),
    ("Reuters, Washington", []),  # an agency and a place
    ("Flatworld Solutions Editorial Team", []),
])
def test_split_people(line: str, names: list[str]) -> None:
    assert split_people(line) == names


def test_meta_author_list_is_split_into_people() -> None:
    html = ("<html lang='en'><head><title>Council expands bus network</title><meta name='author' "
            "content='Dana A. Ford, James S.A. Corey, Chien-Ming Wang, and Tom Watkins, CNN'></head><body>"
            "<h1>Council expands bus network</h1><p>" + "The council voted to expand the network. " * 10
            + "</p></body></html>")
    assert extract_metadata_only(html).authors == ["Dana A. Ford", "James S.A. Corey", "Chien-Ming Wang",
                                                   "Tom Watkins"]


def test_story_sentence_with_reporter_is_no_byline() -> None:
    html = ("<html lang='zh'><head><title>冒充公检法电诈团伙被端</title></head><body><h1>冒充公检法电诈团伙被端</h1>"
            "<p>南都记者了解到，今年7月的一天上午，徐阿婆接到了一通陌生号码来电。</p><p>"
            + "警方紧急研判线索，并针对线索迅速展开人员落地排查。" * 8 + "</p></body></html>")
    assert extract_metadata_only(html).authors == []


def test_relative_word_in_the_story_is_no_date() -> None:
    html = ("<html lang='zh'><head><title>三星新机发布</title></head><body><h2>三星新机发布</h2>"
            "<p>今天凌晨，三星在美国旧金山举行发布会。</p><p>" + "此次发布的三款手机配置十分出色。" * 10
            + "</p></body></html>")
    assert extract_metadata_only(html).published is None


# page, published, authors, editors, origin: read on each page by eye.
ZH_EXPECTED = [
    ("xinhuanet/1", "2019-12-10T07:57:40", ["唐霁"], ["尹世杰"], "新华网"),
    ("cjddsb/1", "2019-09-23T14:34:05", [], [], "当代商报"),  # "版权声明 来源：当代商报" above the story
    ("cmse/1", "2012-06-24", [], [], None),
    ("gsc/1", "2019-05-18", [], [], "中国地理学会"),
    ("mingridapan/1", "2019-09-26T10:09:11", [], [], None),
    ("sxmu/1", "2018-05-17", [], [], None),
    ("zsnews/1", "2019-03-06", [], ["龙慧"], None),
    ("toutiao/2", "2019-09-08T11:42:03", [], [], None),
    ("njxfhn/1", "2019-09-11", ["余毅菁", "向雪妮"], [], None),
]


@pytest.mark.skipif(not ZH_NEWS.is_dir(), reason="../shared/datasets/zh-news is absent")
@pytest.mark.parametrize(("name", "published", "authors", "editors", "origin"), ZH_EXPECTED)
def test_zh_news_visible_metadata(name: str, published: str, authors: list[str], editors: list[str],
                                  origin: str | None) -> None:
    html = gzip.decompress((ZH_NEWS / f"{name}.html.gz").read_bytes())
    metadata = extract_metadata_only(html, now=datetime.fromisoformat("2024-01-01T00:00:00+00:00"))
    assert metadata.published == published
    assert metadata.authors == authors
    assert metadata.editors == editors
    assert metadata.origin == origin


def test_metadata_evaluation_scores_people_editors_and_crawl_time() -> None:
    from crawler.evaluation.datasets import load_dataset
    from crawler.evaluation.metadata_eval import evaluate_metadata, people_right

    assert not people_right(["Dana A. Ford"], ["Dana A. Ford", "CNN"])  # an outlet among the people is wrong
    scores = evaluate_metadata(load_dataset(WORLD))["default"]
    golds = [json.loads((WORLD / name / "expected-metadata.json").read_text(encoding="utf-8")) for name in PAGES]
    assert scores["author"].expected == sum(1 for gold in golds if "authors" in gold)  # [] expects nobody
    assert scores["editors"].expected == sum(1 for gold in golds if gold.get("editors"))
    # relative and year-less dates count from each page's crawledAt
    assert scores["published"].misses == DATES_LEFT_ALONE


@pytest.mark.parametrize(("line", "names"), [
    ("▲广州日报全媒体图片记者黎旭阳、李妍摄", []),  # photographers, not authors
    ("记者注意到，从五大5G芯片企业的主打产品来看", []),  # a sentence after 记者
    ("采写：南都记者 余毅菁 向雪妮", ["余毅菁", "向雪妮"]),
    ("홍길동 기자 hong@example.co.kr", ["홍길동"]),
    ("김철수·이영희 기자", ["김철수", "이영희"]),
    ("文・山田太郎", ["山田太郎"]),
    ("筆者：鈴木一郎", ["鈴木一郎"]),
    ("Von Hans Müller und Petra Schmidt, dpa", ["Hans Müller", "Petra Schmidt"]),
    ("Por Carlos García y Ana López | Agencia EFE", ["Carlos García", "Ana López"]),
    ("Jane Smith | Staff writer", ["Jane Smith"]),
])
def test_byline_forms(line: str, names: list[str]) -> None:
    from crawler.extractors.metadata.byline import byline_names

    assert byline_names(line) == names


@pytest.mark.parametrize(("line", "names"), [
    ("（责任编辑：王敏）", ["王敏"]), ("医技药剂党支部供稿 摄影/张艳 编辑/苏芳", ["苏芳"]), ("编辑部主任王某说", []),
    ("Edited by Ann Lee", ["Ann Lee"]),
])
def test_editor_lines(line: str, names: list[str]) -> None:
    from crawler.extractors.metadata.byline import editor_names

    assert editor_names(line) == names


def test_picture_source_is_not_the_outlet() -> None:
    from crawler.extractors.metadata.byline import origin_of

    assert origin_of("图片来源：视觉中国") is None and origin_of("来源：新华社") == "新华社"


def test_byline_under_a_page_with_a_sidebar_class_is_read() -> None:
    html = ("<html lang='en'><head><title>Council expands bus network</title></head><body class='one-sidebar'>"
            "<h1>Council expands bus network</h1><div class='story-byline'>By Ann Lee and Bo Chan</div><p>"
            + "The council voted to expand the network. " * 10 + "</p></body></html>")
    assert extract_metadata_only(html).authors == ["Ann Lee", "Bo Chan"]


def test_portal_named_in_the_title_is_not_an_author() -> None:
    html = ("<html lang='zh'><head><title>华为新机半天不到需充电_网易科技</title>"
            "<meta property='article:author' content='网易'></head><body><h1>华为新机半天不到需充电</h1>"
            "<p>" + "业内人士表示，耗电问题制约了新一代芯片的表现。" * 8 + "</p><p>新京报记者 陆一夫</p></body></html>")
    assert extract_metadata_only(html).authors == ["陆一夫"]


def test_advert_below_a_chinese_story_is_no_byline() -> None:
    html = ("<html lang='zh'><head><title>交通网络建设提速</title></head><body><h1>交通网络建设提速</h1>"
            "<p>2019-09-26 10:56:28 证券时报网</p><p>" + "今日从交通运输部新闻发布会获悉，各项工作取得积极成效。" * 4
            + "</p><p>（责任编辑：王敏）</p><div class='ad'><p>by Taboola Widget</p><p>你可能会喜欢</p></div>"
            "</body></html>")
    metadata = extract_metadata_only(html)
    assert metadata.authors == [] and metadata.editors == ["王敏"] and metadata.published == "2019-09-26T10:56:28"


@pytest.mark.parametrize(("element", "authors"), [
    ("<span class='author'>张小龙</span>", ["张小龙"]),
    ("<span class='author'><a href='/author/1234'>山田太郎</a></span>", ["山田太郎"]),
    ("<div class='article-author'><a href='/gushihangqing/'>股市行情</a></div>", []),  # a channel, not a person
])
def test_bare_cjk_name_marked_as_author(element: str, authors: list[str]) -> None:
    html = ("<html lang='zh'><head><title>交通网络建设提速</title></head><body><h1>交通网络建设提速</h1>" + element
            + "<p>" + "今日从交通运输部新闻发布会获悉，各项工作取得积极成效。" * 6 + "</p></body></html>")
    assert extract_metadata_only(html).authors == authors


def test_today_in_a_sentence_is_no_date() -> None:
    from crawler.extractors.metadata.dates import find_relative_date

    now = datetime.fromisoformat("2024-01-01T12:00:00+00:00")
    assert find_relative_date("Book Your Discovery Call Today", now) is None
    assert find_relative_date("Today", now).iso == "2024-01-01"


def test_relative_word_ending_a_short_line_is_the_date() -> None:
    from crawler.extractors.metadata.dates import find_relative_date

    now = datetime.fromisoformat("2024-01-01T12:00:00+00:00")
    assert find_relative_date("原创 kingname 未闻Code 前天", now).iso == "2023-12-30"
    assert find_relative_date("Yesterday, the council voted to expand the bus network downtown.", now) is None


@pytest.mark.slow
def test_date_reader_comparison_swaps_and_restores_the_reader() -> None:
    pytest.importorskip("dateparser")
    from crawler.evaluation.date_readers import dateparser_reader, reading_lines_with
    from crawler.extractors.metadata import visible

    original = visible.read_date_line
    now = datetime.fromisoformat("2024-05-10T12:00:00+00:00")
    with reading_lines_with(dateparser_reader()):
        assert visible.read_date_line("12 maart 2024, 08:45", now, day_first=True).published.iso.startswith(
            "2024-03-12")
    assert visible.read_date_line is original


def test_editors_are_an_item_field_and_a_parquet_list() -> None:
    from crawler.bulk.writers import parquet_cell
    from crawler.items import ArticleItem

    assert "editors" in ArticleItem.fields
    assert parquet_cell("editors", ["王敏", "李四"]) == ["王敏", "李四"]
