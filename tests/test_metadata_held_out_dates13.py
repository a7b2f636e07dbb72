"""Classes of the article's own date among many that the dates13 held-out probe of ``tests/data/metadata-world``
found misread (an embedded video's upload day, AMP's relative-time widget, a Chinese clock's named zone, year-less
stamps of Japanese and English pages, a clock after a bullet, a date's label after a byline's name, a press
conference's "记者提问"): each class on a small page written here, in the layout many sites share."""

from __future__ import annotations

from datetime import datetime

import pytest

from crawler.extractors import extract_metadata_only

STORY = ("<p>The council voted on Tuesday to expand the bus network, adding three routes to the northern suburbs.</p>"
         "<p>Opposition members called the timetable too slow and asked for more service in the evening.</p>")
ZH_STORY = "<p>" + "会议指出，要持续深化改革，激发市场主体活力，推动经济实现质的有效提升。" * 3 + "</p>"
JA_STORY = "<p>" + "政府は５日の閣議で、物価高への追加対策を盛り込んだ補正予算案を決定した。" * 3 + "</p>"


def _meta(lang: str, top: str, *, head: str = "", story: str = STORY, now: str = "2024-04-01T00:00:00+00:00",
          header: str = "", amp: str = ""):
    html = (f"<html {amp} lang='{lang}'><head><title>Headline of the story</title>{head}</head><body><header>{header}"
            f"<a href='/'>Home</a></header><main><article><h1>Headline of the story</h1>{top}<div class='body'>{story}"
            f"</div></article></main></body></html>")
    return extract_metadata_only(html.encode(), now=datetime.fromisoformat(now))


def _video(upload: str) -> str:
    return ("<script type='application/ld+json'>{\"@context\":\"https://schema.org\",\"@type\":\"VideoObject\","
            f"\"name\":\"Clip\",\"uploadDate\":\"{upload}\",\"duration\":\"PT1M48S\"}}</script>")


@pytest.mark.parametrize(("lang", "upload", "shown", "published"), [
    # the clip was uploaded the evening before, in the site's own zone: another item's day, not one moment
    ("de", "2024-03-04T19:30:00+01:00", "<p>Stand: 05.03.2024, 11:20 Uhr</p>", "2024-03-05T11:20:00"),
    ("ja", "2024-03-04T20:00:00+09:00", "<p class='date'>2024年3月5日 10時15分</p>", "2024-03-05T10:15:00"),
])
def test_an_embedded_videos_upload_day_yields_to_the_shown_date(lang: str, upload: str, shown: str,
                                                                 published: str) -> None:
    assert _meta(lang, shown, head=_video(upload)).published == published


def test_a_video_pages_upload_moment_in_utc_stays() -> None:
    # the video is the page, its moment in UTC falls on the shown day in the site's zone: one moment
    assert _meta("en", "<p>March 5, 2024</p>", head=_video("2024-03-05T02:00:00Z")).published == \
        "2024-03-05T02:00:00+00:00"


def test_amp_timeago_gives_its_moment() -> None:
    top = ("<p class='byline'>By Luis Ortega</p><amp-timeago layout='fixed' width='160' height='20' "
           "datetime='2024-03-05T14:30:00Z'>2 hours ago</amp-timeago>")
    assert _meta("en", top, now="2024-03-05T16:40:00+00:00", amp="amp").published == "2024-03-05T14:30:00+00:00"
    assert _meta("ja", top, now="2024-03-05T16:40:00+00:00", amp="⚡").published == "2024-03-05T14:30:00+00:00"


@pytest.mark.parametrize(("top", "published"), [
    ("<div class='byline'>文/王凯　发布时间：2024-03-05 14:30（北京时间）</div>", "2024-03-05T14:30:00+08:00"),
    ("<p>2024年3月5日 14:30 北京时间</p>", "2024-03-05T14:30:00+08:00"),
    ("<p>發布時間：2024/03/05 14:30（台北時間）</p>", "2024-03-05T14:30:00+08:00"),
])
def test_chinese_named_zone_after_the_clock(top: str, published: str) -> None:
    assert _meta("zh", top, story=ZH_STORY).published == published


def test_a_press_conferences_reporters_question_is_no_byline() -> None:
    story = "<p>第三位部长回答记者提问，介绍就业促进举措。</p>" + ZH_STORY
    assert _meta("zh", "<p>发布时间：2024-03-05 08:00</p>", story=story).authors == []


@pytest.mark.parametrize(("lang", "top", "header", "published"), [
    # a Japanese regional paper's year-less stamp with its clock, under a masthead showing the day of the visit
    ("ja", "<p class='time'>3月5日 14時30分</p>", "<div class='today'>2024年4月1日（月）</div>", "2024-03-05T14:30:00"),
    ("ja", "<p class='time'>3月5日 14:30</p>", "", "2024-03-05T14:30:00"),
    # an English community site's "Posted by X · Mar 5, 2:30 PM"
    ("en", "<p class='meta'>Posted by Megan Cole · Mar 5, 2:30 PM</p>", "", "2024-03-05T14:30:00"),
])
def test_yearless_stamps_with_a_clock(lang: str, top: str, header: str, published: str) -> None:
    story = JA_STORY if lang == "ja" else STORY
    assert _meta(lang, top, header=header, story=story).published == published


def test_a_yearless_day_in_a_story_sentence_is_no_date() -> None:
    story = "<p>市民マラソンは4月20日に開かれる。</p>" + JA_STORY
    assert _meta("ja", "", story=story).published is None
    assert _meta("en", "", story="<p>The market reopens Mar 5, 2:30 PM, the council said.</p>" + STORY).published \
        is None


def test_a_clock_after_a_bullet() -> None:
    assert _meta("en", "<p class='meta'>By Hannah Price • 5 March 2024 • 6:00am</p>").published == \
        "2024-03-05T06:00:00"


@pytest.mark.parametrize("label", ["Data publikacji:", "Fecha de publicación:", "Date de publication :"])
def test_a_dates_label_ends_the_writers_name(label: str) -> None:
    top = f"<div class='info'><span>Autor: Anna Nowak</span> <span>{label} 05.03.2024 14:30</span></div>"
    assert _meta("pl", top).authors == ["Anna Nowak"]


def test_a_yearless_update_after_a_whole_date_takes_its_year() -> None:
    # an old story crawled years later: the update's year is the publication's, not the crawl's
    metadata = _meta("en", "<p>By Ann Lee | November 18, 2019 at 2:26 PM - Updated November 18 at 4:46 PM</p>")
    assert (metadata.published, metadata.modified) == ("2019-11-18T14:26:00", "2019-11-18T16:46:00")
