"""Story types besides the standard report (the story-type probe of ``tests/data/metadata-world``, SOURCE.md): each
test is a small page of one class whose author was read wrongly or missed before its rule."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")


def _page(lang: str, title: str, body: str, head: str = "") -> bytes:
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
            f"<body><main>{body}</main></body></html>").encode()


ZH_STORY = ("<p>市政府日前召开常务会议，研究部署进一步优化公共交通网络的相关举措，"
            "会议指出要持续提升市民出行的便利程度。</p>"
            "<p>会议强调，各区各部门要狠抓落实，切实解决群众反映的突出问题，推动新开线路尽快投入运营。</p>")


def test_related_item_before_its_date_is_no_author_of_a_short_paragraph_story() -> None:
    # A Chinese editorial with no byline and short paragraphs: the related list's "title date" items come within
    # the lines read under the headline, and a title before a date is not a self-media account's name.
    html = _page("zh-CN", "让公共交通更好服务群众",
                 "<article><h1>让公共交通更好服务群众</h1><div class='info'>社论 2024年03月05日 05:00</div>"
                 + ZH_STORY +
                 "</article><aside class='related'><h3>相关新闻</h3><ul><li><a href='/a/1'>公交线路调整方案公布</a> "
                 "<span class='date'>2024-03-28 10:05</span></li></ul></aside>")
    metadata = extract_metadata_only(html, now=NOW)
    assert metadata.authors == []
    assert metadata.published == "2024-03-05T05:00:00"


def test_related_item_after_a_chinese_related_heading_is_no_author() -> None:
    html = _page("zh-CN", "更正说明",
                 "<div class='art'><h1>更正说明</h1><div class='info'>2024-03-08 17:20</div>" + ZH_STORY +
                 "<h3>相关新闻</h3><div class='item'><a href='/a/1'>公交新线开通</a> 2024-03-28 10:05</div></div>")
    assert extract_metadata_only(html, now=NOW).authors == []


def test_live_blog_entry_authors_are_not_the_page_byline() -> None:
    entries = "".join(f"<div class='entry'><span class='time'>{t} Uhr</span><span class='entry-author'>{name}</span>"
                      f"<p>Die Stadt richtet einen Ersatzverkehr mit Kleinbussen ein, der Krankenhäuser anfährt.</p>"
                      f"</div>" for t, name in (("14:52", "Lena Hoffmann"), ("11:20", "Jonas Becker"),
                                               ("05:30", "Jonas Becker")))
    html = _page("de", "Streik im Liveticker",
                 "<article><h1>Streik im Liveticker</h1><p class='meta'>Von Jonas Becker · Ticker gestartet am "
                 f"12.03.2024, 05:30 Uhr</p><div class='ticker'>{entries}</div></article>")
    metadata = extract_metadata_only(html, now=NOW)
    assert metadata.authors == ["Jonas Becker"]
    assert metadata.published == "2024-03-12T05:30:00"


def test_sponsor_named_as_author_is_no_person() -> None:
    story = "<p>" + "The city council voted on Tuesday to expand the bus network to the northern suburbs. " * 4 + "</p>"
    html = _page("en", "Five ways electric buses are changing city life",
                 "<article><p>Sponsored content</p><h1>Five ways electric buses are changing city life</h1>"
                 "<p class='byline'>By Voltra Motors</p><p>March 5, 2024</p>" + story +
                 "<p>This content was paid for by Voltra Motors and produced by the Brand Studio.</p></article>",
                 head="<meta name='author' content='Voltra Motors'>")
    assert extract_metadata_only(html, now=NOW).authors == []


def test_sponsored_page_keeps_a_person_who_is_not_the_sponsor() -> None:
    story = "<p>" + "The city council voted on Tuesday to expand the bus network to the northern suburbs. " * 4 + "</p>"
    html = _page("en", "Five ways electric buses are changing city life",
                 "<article><p>Sponsored content</p><h1>Five ways electric buses are changing city life</h1>"
                 "<p class='byline'>By Jane Porter</p><p>March 5, 2024</p>" + story +
                 "<p>This content was paid for by Voltra Motors.</p></article>",
                 head="<meta name='author' content='Jane Porter'>")
    assert extract_metadata_only(html, now=NOW).authors == ["Jane Porter"]


def test_chinese_columnist_card_drops_the_role_before_the_name() -> None:
    html = _page("zh-CN", "公共交通优先要落到实处",
                 "<article><div class='column-tag'>专栏</div><h1>公共交通优先要落到实处</h1><div class='info'>"
                 "<span>2024-03-05 08:30</span></div><div class='author-card'><img src='/a.jpg' alt=''>"
                 "<p class='name'>特约评论员 陈思远</p><p class='bio'>陈思远，城市规划学者，"
                 "长期关注公共交通与城市治理。</p></div>"
                 + ZH_STORY + "</article>")
    assert extract_metadata_only(html, now=NOW).authors == ["陈思远"]


def test_item_of_an_aside_without_a_heading_is_no_author() -> None:
    html = _page("zh-CN", "让公共交通更好服务群众",
                 "<article><h1>让公共交通更好服务群众</h1><div class='info'>2024年03月05日 05:00</div>" + ZH_STORY +
                 "</article><aside class='more'><ul><li><a href='/a/1'>公交线路调整方案公布</a> "
                 "<span class='date'>2024-03-28 10:05</span></li></ul></aside>")
    assert extract_metadata_only(html, now=NOW).authors == []


DE_STORY = ("<p>Der Stadtrat hat am Dienstag beschlossen, das Busnetz zu erweitern. Drei neue Linien sollen die "
            "nördlichen Vororte erstmals seit zehn Jahren direkt mit der Innenstadt verbinden.</p>"
            "<p>Die neuen Linien sollen im Frühjahr starten, die Fahrpreise bleiben gleich. Anwohner begrüßten den "
            "Plan, forderten aber häufigere Fahrten am Abend.</p>")


def test_interviewer_credited_at_the_foot_is_the_author() -> None:
    html = _page("de", "„Wir brauchen mehr Busse“",
                 "<article><h1>„Wir brauchen mehr Busse“</h1><p>Verkehrsdezernent Peter Schulz über das Netz.</p>"
                 "<p>05.03.2024</p>" + DE_STORY + "<p>Das Interview führte Katrin Vogel.</p></article>")
    assert extract_metadata_only(html, now=NOW).authors == ["Katrin Vogel"]


def test_french_propos_recueillis_par_names_the_interviewer() -> None:
    html = _page("fr", "Marc Durand : « Le bus reste le parent pauvre »",
                 "<article><h1>Marc Durand : « Le bus reste le parent pauvre »</h1><p>Publié le 05/03/2024 à 09h00</p>"
                 "<p>" + "Le conseil municipal a voté mardi l'extension du réseau de bus vers les quartiers nord. " * 3
                 + "</p><p class='signature'>Propos recueillis par Sophie Moreau</p></article>")
    assert extract_metadata_only(html, now=NOW).authors == ["Sophie Moreau"]


def test_podcast_hosts_are_the_authors() -> None:
    html = _page("en", "Episode 112: Who pays for the bus?",
                 "<article><h1>Episode 112: Who pays for the bus?</h1><p>March 5, 2024</p>"
                 "<p>Hosted by Dana Ruiz and Oliver Grant</p><p>This week our guest is economist Helen Cho.</p><p>"
                 + "The city council voted on Tuesday to expand the bus network to the northern suburbs. " * 4
                 + "</p></article>")
    assert extract_metadata_only(html, now=NOW).authors == ["Dana Ruiz", "Oliver Grant"]


def test_interviewee_named_in_a_sentence_is_no_author() -> None:
    html = _page("en", "A talk about buses",
                 "<article><h1>A talk about buses</h1><p>March 5, 2024</p><p>"
                 + "The city council voted on Tuesday to expand the bus network to the northern suburbs. " * 4
                 + "</p><p>The interview was conducted with Peter Schulz in his office.</p></article>")
    assert extract_metadata_only(html, now=NOW).authors == []


def test_episode_duration_beside_the_day_is_no_clock() -> None:
    html = _page("en", "Episode 112: Who pays for the bus?",
                 "<article><h1>Episode 112: Who pays for the bus?</h1><p>March 5, 2024 · 42:17</p><p>"
                 + "The city council voted on Tuesday to expand the bus network to the northern suburbs. " * 4
                 + "</p></article><aside><h3>More episodes</h3><ul><li><a href='/e/113'>Episode 113: Night "
                 "trains</a> <span>March 12, 2024</span></li></ul></aside>")
    assert extract_metadata_only(html, now=NOW).published == "2024-03-05"

