"""Classes of Japanese news pages the ja15 held-out probe of ``tests/data/metadata-world`` found misread (press
releases' headings, series' and sports dailies' closing credits, interviews' credits above the story, hour-only
times, staff ranks and experts' roles beside the name, correspondents' datelines, English credit labels, readers'
letters): each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only

STORY = ("<p>県内の公立高校で5日、一般入試の合格発表が行われ、受験生たちが番号を探して喜び合いました。</p>"
         "<p>県教育委員会によりますと、今年の一般入試には全日制の60校に1万2千人が出願しました。</p>")
HEADLINE = "県内の公立高校で合格発表"


def _meta(top: str = "", *, end: str = "", body: str | None = None, head: str = ""):
    html = (f"<html lang='ja'><head><meta charset='utf-8'><title>{HEADLINE}</title>{head}</head><body>"
            f"<header><a href='/'>新報</a></header><main><article><h1>{HEADLINE}</h1>{top}"
            f"<div class='body'>{STORY if body is None else body}{end}</div></article>"
            "<aside><h2>関連記事</h2><ul><li><a href='/a/1'>県立大の入試倍率</a> 2024年3月1日</li></ul></aside></main>"
            "<footer>© 新報社</footer></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat("2024-04-01T00:00:00+00:00"))


def test_press_release_heading_is_no_reporter() -> None:
    # a government's or a company's "記者発表資料" (a release for the press) names no reporter
    metadata = _meta("<p class='type'>記者発表資料</p><p class='date'>2024年3月5日</p>")
    assert metadata.authors == []
    assert metadata.published == "2024-03-05"


def test_series_closing_credit_names_its_writers() -> None:
    # a series' last instalment closes "（この連載は name、name が担当しました）"
    metadata = _meta("<p class='date'>2024年3月5日 6時00分</p>",
                     end="<p>（この連載は高田美穂、長谷川翔が担当しました）</p>")
    assert metadata.authors == ["高田美穂", "長谷川翔"]


def test_sports_beat_label_in_the_closing_bracket() -> None:
    # a sports daily closes the story with the beat and the reporter: "（阪神担当・name）"
    body = STORY.replace("出願しました。</p>", "出願しました。（巨人担当・中村大輔）</p>")
    metadata = _meta("<p class='date'>2024年3月5日 5時00分</p>", body=body)
    assert metadata.authors == ["中村大輔"]


def test_interviewer_credit_above_the_story() -> None:
    # an interview's "聞き手・構成：name" on a line of its own under the headline
    metadata = _meta("<p class='date'>2024年03月05日 07時00分 公開</p>"
                     "<p class='interviewer'>聞き手・構成：石川亮介</p>")
    assert metadata.authors == ["石川亮介"]


def test_pm_hour_without_minutes() -> None:
    # regional papers print "2024年3月5日 午後2時": the hour is the time
    metadata = _meta("<p class='dateline'>2024年3月5日 午後2時</p>")
    assert metadata.published == "2024-03-05T14:00:00"


def test_expert_role_after_a_spaced_name() -> None:
    # a broadcaster's commentator ("name　解説委員") and a weather site's forecaster ("name 気象予報士")
    metadata = _meta("<div class='card'><p>竹内　陽子　解説委員</p></div><p class='date'>2024年03月05日 (火)</p>")
    assert metadata.authors == ["竹内 陽子"]
    metadata = _meta("<div class='card'><a href='/f/3'>井上さくら</a> <span>日直予報士</span> "
                     "<span>2024年03月05日15:12</span></div>")
    assert metadata.authors == ["井上さくら"]
    assert metadata.published == "2024-03-05T15:12:00"


def test_staff_rank_before_the_name() -> None:
    # a business daily's column: the rank and the name in their own line under the headline
    for between in (" ", ""):  # (the spans touch on many pages: "本社コメンテーター山口誠司")
        metadata = _meta(f"<div class='writer'><span>本社コメンテーター</span>{between}<span>山口誠司</span></div>"
                         "<p class='date'>2024年3月5日 2:00</p>")
        assert metadata.authors == ["山口誠司"]


def test_correspondent_dateline_with_a_five_kanji_name() -> None:
    # "【ワシントン＝name】" opening the story; Japanese names run to five kanji
    body = STORY.replace("<p>県内", "<p>【ワシントン＝村井健太郎】県内", 1)
    metadata = _meta("<p class='date'>2024年3月5日 10:52</p>", body=body)
    assert metadata.authors == ["村井健太郎"]


def test_english_credit_labels_on_a_japanese_page() -> None:
    # a Japanese magazine's "Text: name　Photo: name　Edit: name"; a bilingual page's "Written by name／和訳：name"
    metadata = _meta("<p class='date'>2024.03.05</p>"
                     "<p class='credit'>Text: 山下理沙　Photo: 岡本拓也　Edit: 伊藤まどか</p>")
    assert metadata.authors == ["山下理沙"]
    metadata = _meta("<p class='date'>2024年3月5日</p><p class='credit'>Written by Emily Clark／和訳：佐藤健</p>")
    assert metadata.authors == ["Emily Clark"]
    metadata = _meta("<div class='meta'><span>2024年3月5日</span>"
                     "<span>Written by Emily Clark／和訳：佐藤健</span></div>")
    assert metadata.authors == ["Emily Clark"]


def test_reader_letter_names_the_reader() -> None:
    # a readers' page: "occupation　name（prefecture　age）" under the headline
    metadata = _meta("<p class='toukousha'>会社員　山田太郎（東京都　45）</p><p class='date'>2024年3月5日 5時00分</p>")
    assert metadata.authors == ["山田太郎"]
    # (a caption of a person the story is about, with an honorific, is no signature)
    metadata = _meta("<p class='caption'>山田さん（東京都　45）</p><p class='date'>2024年3月5日 5時00分</p>")
    assert metadata.authors == []
