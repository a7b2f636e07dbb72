"""Held-out precision traps of the prec13 probe, each on a small page written for it: other stories' bylines in a
rail or a teaser list below the story ("Most Popular" / "By X", "Auch interessant" / "Von X", "延伸阅读" / "作者：X"),
a comment list's names linked to members' pages and dated (Chinese and Japanese), and a biography box headed
"About <name>". A wrong name is worse than none: each trap must name nobody, and the page's own byline must stay."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")
EN = ("<p>The Fifth Street bridge will close to traffic on two weekends while crews replace worn expansion joints, "
      "the transportation department said on Tuesday.</p><p>Detours will send drivers over the Harbor Avenue bridge, "
      "and two bus lines will run on changed routes during the closures.</p><p>Pedestrians and cyclists will still be "
      "able to cross on the north sidewalk, which stays open throughout the work.</p>")
DE = ("<p>Die Bürgerämter der Stadt sind ab April an zwei Abenden pro Woche bis 20 Uhr geöffnet, teilte die "
      "Verwaltung am Dienstag mit.</p><p>Termine können weiterhin online gebucht werden, für kurze Anliegen gibt es "
      "zusätzlich eine offene Sprechstunde.</p>")
ZH = ("<p>3月5日，我县春季植树造林活动正式启动，各乡镇干部群众纷纷走上山头，植树添绿，共同建设美丽家园。</p>"
      "<p>今年全县计划完成造林一万亩，重点推进荒山绿化和通道绿化工程，进一步改善生态环境，提升群众幸福感。</p>")
JA = ("<p>駅前の商店街に5日、地域の子どもたちが無料で食事できる子ども食堂がオープンした。</p>"
      "<p>運営するのは地元の商店主らでつくる団体で、毎週火曜と金曜の夕方に開く。食材は近隣から寄付を受けている。</p>")


def page(top: str, story: str, after: str = "", *, lang: str = "en", title: str = "Bridge repairs close crossing",
         headline: str | None = None) -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title></head><body>"
            f"<header><a href='/'>Times</a></header><main><article>{headline or f'<h1>{title}</h1>'}{top}{story}"
            f"</article>{after}</main><footer>Times</footer></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


def test_most_read_rail_credits_other_stories() -> None:
    rail = ("<aside class='rail'><h3>Most Popular</h3><ol><li><a href='/n/harbor'>Harbor redevelopment wins final "
            "approval</a><p>By Tom Fischer</p></li><li><a href='/n/ferry'>Ferry operator posts record profit</a>"
            "<p>By Anita Rao</p></li></ol></aside>")
    assert page("<p class='date'>March 5, 2024</p>", EN, rail).authors == []


def test_teaser_cards_author_elements_are_other_stories() -> None:
    cards = ("<section class='recommended'><h4>You may also like</h4><article class='teaser'><h5><a href='/g/tiles'>"
             "Can you really paint over tiles?</a></h5><p class='author'>Tom Fischer</p><time>March 2, 2024</time>"
             "</article><article class='teaser'><h5><a href='/g/boiler'>When to replace your boiler</a></h5>"
             "<p class='author'>Anita Rao</p><time>February 27, 2024</time></article></section>")
    assert page("<p class='date'>March 5, 2024</p>", EN, cards).authors == []


def test_read_also_teaser_byline_is_another_storys() -> None:
    aside = ("<aside><h3>Auch interessant</h3><div class='teaser'><p><a href='/a/radwege'>Radwege sind keine "
             "Nebensache</a></p><p class='autor'>Von Petra Lang</p></div><div class='teaser'><p><a href='/a/schule'>"
             "Die Schule von morgen</a></p><p class='autor'>Von Jonas Weber</p></div></aside>")
    assert page("<p class='datum'>05.03.2024</p>", DE, aside, lang="de", title="Bürgerämter länger offen").authors == []
    lire = ("<aside><h3>À lire aussi</h3><p><a href='/a/pistes'>Les pistes cyclables enfin prolongées</a></p>"
            "<p class='signature'>Par Claire Martin</p></aside>")
    assert page("<p>5 mars 2024</p>", EN, lire, lang="fr", title="Le pont fermé").authors == []


def test_extended_reading_list_credits_other_stories() -> None:
    more = ("<div class='more'><h3>延伸阅读</h3><ul><li><a href='/a/1.html'>高标准农田建设提速</a> 作者：王芳 "
            "2024-03-01</li><li><a href='/a/2.html'>春季农资市场供应充足</a> 作者：赵磊 2024-02-28</li></ul></div>")
    metadata = page("<p class='time'>2024-03-05</p>", ZH, more, lang="zh-CN", title="我县启动春季植树造林活动")
    assert metadata.authors == []


def test_own_byline_beside_a_linked_headline_stays() -> None:
    top = "<div class='entry-meta'><span class='byline'>By Rachel Kim</span> <span>March 5, 2024</span></div>"
    metadata = page(top, EN, headline="<header><h1><a href='/2024/03/bridge'>Bridge repairs close crossing</a></h1>"
                    f"{top}</header>")
    assert metadata.authors == ["Rachel Kim"]


def test_cjk_comment_list_of_linked_names_and_dates() -> None:
    voices = ("<section class='voices'><h2>みんなの声</h2><ul><li><a href='/user/hana88'>山本花子</a> 2024/03/05 19:12"
              "<p>素敵な取り組みですね。</p></li><li><a href='/user/kenta'>けんた</a> 2024/03/06 08:30"
              "<p>応援しています。</p></li></ul></section>")
    assert page("<p class='date'>2024年3月5日</p>", JA, voices, lang="ja", title="駅前に子ども食堂").authors == []
    items = ("<div class='cmt-list'><div class='cmt-item'><a class='nick' href='/u/20931'>老街坊</a> 2024-03-05 16:02"
             "<p>早就该建了。</p></div><div class='cmt-item'><a class='nick' href='/u/55102'>李晓红</a> "
             "2024-03-05 17:45<p>希望收费合理一些。</p></div></div>")
    assert page("<div class='info'>2024-03-05 15:20</div>", ZH, items, lang="zh-CN",
                title="小区停车难问题有望缓解").authors == []


def test_cjk_name_and_date_under_the_headline_stays() -> None:
    top = "<p class='meta'><a href='/user/hana88'>山本花子</a> 2024/03/05 19:12</p>"
    assert page(top, JA, lang="ja", title="駅前に子ども食堂").authors == ["山本花子"]


def test_about_heading_of_a_bio_box_is_no_part_of_the_name() -> None:
    box = ("<div class='author-box'><img src='/img/naomi.jpg' alt=''><div class='author-box-text'><h4>About Naomi "
           "Fletcher</h4><p>Naomi Fletcher runs a design agency in Leeds and writes about small teams and work.</p>"
           "</div></div>")
    assert page("<p class='post-date'>March 5, 2024</p>", EN + box).authors == ["Naomi Fletcher"]
