"""Held-out pages that are not news articles (the kinds13 probe), each class on a small page written for it: a
listing's teasers (a section front, a tag archive, search results, an author's archive), each with its own byline
and date that are not the page's."""

from __future__ import annotations

from datetime import datetime

from crawler.extractors import extract_metadata_only
from crawler.extractors.metadata import Metadata

NOW = datetime.fromisoformat("2024-04-01T00:00:00+00:00")


def page(body: str, *, lang: str = "en", title: str = "Climate - The Harbor Herald", head: str = "") -> Metadata:
    html = (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>{head}</head><body>"
            f"<header><a class='logo' href='/'>The Harbor Herald</a></header>{body}"
            "<footer><p>© 2024 The Harbor Herald</p></footer></body></html>").encode()
    return extract_metadata_only(html, now=NOW)


def card(slug: str, headline: str, meta: str) -> str:
    return (f"<article class='card'><h2><a href='/climate/{slug}'>{headline}</a></h2>{meta}"
            "<p class='dek'>The vote came after three storms flooded the waterfront district in January.</p></article>")


def test_teasers_bylines_and_dates_under_a_section_title_are_not_the_pages() -> None:
    cards = card("sea-wall", "Council backs sea wall after winter floods",
                 "<p class='byline'>By Megan O'Donnell</p><p class='date'>March 5, 2024</p>") + \
        card("heat-pumps", "Heat pump rebates run out in six weeks",
             "<p class='byline'>By Daniel Reyes</p><p class='date'>March 4, 2024</p>")
    metadata = page(f"<main><h1>Climate</h1><p>Coverage of climate change across the bay.</p>{cards}</main>")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_tag_archives_teaser_times_are_not_the_pages() -> None:
    cards = "".join(card(slug, headline, "<div class='entry-meta'>Posted on <time class='entry-date' "
                         f"datetime='2024-03-0{day}T09:00:00+00:00'>March {day}, 2024</time> by <span class='author "
                         f"vcard'><a class='url fn n' href='/author/{slug}/'>{name}</a></span></div>")
                    for slug, headline, day, name in (("kwame", "Why charging curves flatten", 5, "Kwame Mensah"),
                                                      ("lena", "Winter range: what we measured", 4, "Lena Fischer")))
    metadata = page(f"<div id='content'><h1 class='archive-title'>Tag: Electric vehicles</h1>{cards}</div>",
                    title="Electric vehicles | Tag | Gridwise Blog")
    assert (metadata.authors, metadata.published) == ([], None)


def test_an_articles_own_byline_beside_a_related_list_is_kept() -> None:
    related = card("a", "Heat pump rebates run out", "<p class='byline'>By Daniel Reyes</p>") + \
        card("b", "Oyster beds recover", "<p class='byline'>By Priya Natarajan</p>")
    story = "<p>" + "The council voted to build the wall after three storms flooded the district. " * 6 + "</p>"
    metadata = page(f"<article><h1>Council backs sea wall</h1><p class='byline'>By Megan O'Donnell</p>"
                    f"<p class='date'>March 5, 2024</p>{story}</article><section class='more'>{related}</section>",
                    title="Council backs sea wall - The Harbor Herald")
    assert (metadata.authors, metadata.published) == (["Megan O'Donnell"], "2024-03-05")


def test_japanese_weekday_in_brackets_after_an_event_day_is_no_name() -> None:
    table = ("<table class='event-table'><tr><th>開催日</th><td>2024年4月20日（土曜日）午前10時から正午まで</td></tr>"
             "<tr><th>場所</th><td>みどり市森林センター</td></tr></table>")
    story = "<p>" + "市内の小学生とその保護者を対象に、間伐材を使った本棚づくりの教室を開きます。" * 4 + "</p>"
    metadata = page(f"<div id='content'><h1>春の親子木工教室</h1>{story}{table}</div>", lang="ja",
                    title="春の親子木工教室｜みどり市")
    assert metadata.authors == []


def test_a_testimonials_client_is_no_author() -> None:
    services = "<section><h2>Services</h2><p>" + "We watch your servers and fix faults early. " * 5 + "</p></section>"
    quotes = ("<section class='testimonials'><h2>What our clients say</h2><div class='testimonial'><p>“Since "
              "switching we have not lost a single working day.”</p><p class='testimonial-author'>Sarah Jennings, "
              "Office Manager, Jennings Dental</p></div></section>")
    metadata = page(f"<main><h1>Managed IT Services</h1>{services}{quotes}</main>",
                    title="Managed IT Services | Bluefin Networks")
    assert metadata.authors == []


PRODUCT = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",'
           '"name":"Brewline Pro","brand":{"@type":"Brand","name":"Brewline"}}</script>')


def test_a_product_pages_customer_reviewer_is_no_author() -> None:
    about = "<div class='description'><p>" + "Brew up to twelve cups with a programmable timer. " * 4 + "</p></div>"
    reviews = ("<section id='reviews' class='customer-reviews'><h2>Customer reviews</h2><div class='review'>"
               "<div class='review-header'><span class='review-author'>Jennifer Walsh</span></div>"
               "<div class='review-meta'>Reviewed on March 2, 2024</div><p>Makes a great pot.</p></div></section>")
    metadata = page(f"<main><h1>Brewline Pro Coffee Maker</h1><p class='price'>$79.99</p>{about}{reviews}</main>",
                    title="Brewline Pro Coffee Maker - Kitchen Corner", head=PRODUCT)
    assert (metadata.authors, metadata.published) == ([], None)


def test_an_author_archives_owner_is_not_its_author() -> None:
    header = ("<div class='author-header'><img src='/a/jane.jpg' alt='Jane Whitfield'><h1>Jane Whitfield</h1>"
              "<p class='author-role'>Agriculture Reporter</p><p class='author-bio'>Jane Whitfield covers grain "
              "markets, farm policy and rural life. She grew up on a wheat farm and joined in 2019.</p></div>")
    teasers = card("wheat", "Wheat prices slide", "<p class='meta'>By Jane Whitfield · March 5, 2024</p>") + \
        card("water", "Irrigation districts brace", "<p class='meta'>By Jane Whitfield · February 28, 2024</p>")
    metadata = page(f"<main class='author-archive'>{header}<h2>Latest from Jane Whitfield</h2>{teasers}</main>",
                    title="Jane Whitfield, Author at Prairie Wire")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_home_pages_lead_teaser_without_a_headline_of_the_page() -> None:
    lead = ("<section class='lead'><h2><a href='/bremen/linie-8'>Tram line 8 runs again</a></h2><p class='author'>By "
            "Jens Brockmann</p><p class='date'>March 5, 2024, 6:40 pm</p><p>After eight months of works the line is "
            "open.</p></section>")
    more = ("<section class='more'><h3>More news</h3><ul><li><a href='/region/kita'>More nursery places</a> March 5, "
            "2024</li></ul></section>")
    metadata = page(f"<main>{lead}{more}</main>", title="The Harbor Herald – News from the bay",
                    head="<meta property='og:type' content='website'>")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_home_portals_lead_teaser_in_chinese() -> None:
    lead = ("<div class='headline'><h2><a href='/news/2024/0305/101.html'>东湖新区地铁三号线今日开通试运营</a></h2>"
            "<p>记者 周强 2024-03-05 18:20</p></div><div class='col'><h3>要闻</h3><ul><li><a href='/n/102.html'>"
            "全市春季植树活动启动</a><span>03-05</span></li></ul></div>")
    metadata = page(lead, lang="zh-CN", title="东湖网_东湖地区新闻门户")
    assert (metadata.authors, metadata.published) == ([], None)


def test_a_chinese_threads_starter_after_the_louzhu_label() -> None:
    first = ("<div class='post'><div class='post-head'><span class='label'>楼主：</span>"
             "<a href='/user/88231'>阿福爸爸</a>"
             "　<span class='time'>时间：2024-03-05 14:30:12</span></div><div class='post-body'><p>"
             + "家里是九十年代的老房子，一楼，每年一到春天墙角就返潮，墙皮起泡发黑。" * 3 + "</p></div></div>")
    reply = ("<div class='post'><div class='post-head'><span class='label'>作者：</span>"
             "<a href='/user/10425'>装修老张</a>"
             "　<span class='time'>时间：2024-03-05 15:02:44</span>　<span>1楼</span></div><div class='post-body'>"
             "<p>一楼返潮多半是地面潮气上来的。</p></div></div>")
    metadata = page(f"<div class='thread'><h1>请教：老房子墙面返潮发霉怎么处理？</h1>{first}{reply}</div>",
                    lang="zh-CN",
                    title="请教：老房子墙面返潮发霉怎么处理？-家居装修-百家社区")
    assert (metadata.authors, metadata.published) == (["阿福爸爸"], "2024-03-05T14:30:12")


def test_a_french_threads_starter_linked_to_a_membres_profile() -> None:
    posts = "".join(f"<div class='message'><div class='auteur'><a href='/membres/{name}'>{name}</a></div>"
                    f"<div class='date'>Posté le {day} mars 2024 à {clock}</div>"
                    f"<div class='contenu'><p>{text}</p></div></div>"
                    for name, day, clock, text in (
                        ("bricoleur56", 5, "21:17", "Depuis une semaine ma chaudière gaz se met en sécurité vers trois "
                         "heures du matin. Le voyant rouge clignote et il faut la réarmer à la main. Une idée ?"),
                        ("thermo_pat", 5, "22:03", "Regardez du côté de l'électrode d'ionisation."),
                        ("claire.b", 6, "08:30", "Même souci chez moi, c'était le ventilateur.")))
    metadata = page(f"<div class='sujet'><h1>Chaudière qui se met en sécurité la nuit</h1>{posts}</div>", lang="fr",
                    title="Chaudière qui se met en sécurité la nuit - Forum Maison")
    assert (metadata.authors, metadata.published) == (["bricoleur56"], "2024-03-05T21:17:00")


def test_a_shops_legal_name_in_the_author_field_is_no_person() -> None:
    grid = "".join(f"<li class='grid__item'><a href='/products/{slug}'>{name}</a><p class='price'>$32.00</p></li>"
                   for slug, name in (("cedar", "Cedar &amp; Smoke"), ("fig", "Fig Tea"), ("sea", "Sea Salt")))
    for shop in ("Luma Candle Co.", "Gipfelshop GmbH"):
        metadata = page(f"<main><h1>Best Sellers</h1><p>Our most-loved candles.</p><ul>{grid}</ul></main>",
                        title=f"Best Sellers – {shop}", head=f"<meta name='author' content='{shop}'>")
        assert metadata.authors == []


DOCS = ("<main><article><h1>Configuring retries</h1><p>" + "Tidewater retries a failed request up to three times. " * 5
        + "</p><footer><div><a href='https://github.com/tidewater/tidewater/edit/main/docs/retries.md'>Edit this page"
        "</a></div><div><span class='last-updated'>Last updated on <b><time datetime='2024-03-05T10:22:41.000Z'>Mar 5, "
        "2024</time></b> by <b>Ingrid Solberg</b></span></div></footer></article></main>")


def test_a_docs_pages_last_committer_is_no_author() -> None:
    metadata = page(DOCS, title="Configuring retries | Tidewater Docs")
    assert (metadata.authors, metadata.published[:10]) == ([], "2024-03-05")


def test_an_undated_pages_updated_by_line_without_a_repository_still_names_the_author() -> None:
    metadata = page(DOCS.replace("github.com/tidewater/tidewater/edit/main/docs/retries.md", "example.org/contact"),
                    title="Configuring retries | Tidewater Docs")
    assert metadata.authors == ["Ingrid Solberg"]


def test_a_qa_pages_asker_above_the_questions_title() -> None:
    answers = "".join(f"<div class='answer'><div class='a-user'><a href='/user/{name}'>{name}</a>さん</div>"
                      f"<p>{text}</p><div class='a-date'>{when}</div></div>"
                      for name, text, when in (("fudosan_pro", "ガイドラインでは耐用年数は6年です。", "2024/3/5 15:12"),
                                               ("hanako_h", "消費生活センターに相談してください。", "2024/3/6 9:40")))
    question = ("<div class='question'><div class='q-user'><a href='/user/kuma_kuma33'>kuma_kuma33</a>さん</div>"
                "<h1>退去費用でクロスの張り替え代を全額請求されました</h1><div class='q-body'><p>"
                + "6年住んだ部屋を退去したところ、クロスの張り替え費用として8万円を全額請求されました。" * 2
                + "</p></div><div class='q-date'>2024/3/5 14:30</div></div>")
    metadata = page(question + f"<div class='answers'>{answers}</div>", lang="ja",
                    title="退去費用でクロスの張り替え代を全額請求されました - 暮らしの知恵袋")
    assert (metadata.authors, metadata.published) == (["kuma_kuma33"], "2024-03-05T14:30:00")


def nested_card(slug: str, headline: str, name: str, day: int) -> str:
    # a theme's card: a thumbnail box with an overlay link, then an inner box holding the linked heading and its meta
    return (f"<article class='post'><div class='thumb'><img src='/i/{slug}.jpg' alt=''><a class='overlay' "
            f"href='/news/{slug}/' title='{headline}'></a></div><div class='inner'><h3><a href='/news/{slug}/'>"
            f"{headline}</a></h3><div class='meta'><span class='author'>by <a href='/author/{slug}/'>{name}</a>"
            f"</span> <span class='date'>March {day}, 2024</span></div></div></article>")


def test_a_rails_teasers_whose_cards_nest_their_heading_in_an_inner_box() -> None:
    # the repeated unit is the card around the heading's box, not the box itself
    rail = ("<aside class='current'><h2>Current News</h2>" + nested_card("grant", "Funding available for energy "
            "research", "Scott Miller", 4) + nested_card("search", "Presidential search committee update",
                                                          "Ann Lowry", 3) + "</aside>")
    story = "<p>" + "Researchers found that students who put their phones away slept better and felt calmer. " * 5 + \
        "</p>"
    metadata = page(f"{rail}<main><article><h1>How to keep a healthy relationship with your phone</h1>"
                    f"<p class='date'>September 23, 2024</p>{story}</article></main>",
                    title="How to keep a healthy relationship with your phone - The Harbor Herald")
    assert metadata.authors == []


def test_a_byline_set_as_a_heading_linking_to_its_writer_is_no_teaser() -> None:
    # a magazine's header: a kicker heading linking to its tag page, the h1, and the byline as an h6 linking to the
    # writer's page in a box of its own beside the standfirst: the byline is the page's
    header = ("<div class='title'><h6 class='kicker'><a href='/tag/chaos-theory/'>chaos theory</a></h6>"
              "<h1>The hidden heroines of chaos</h1><div class='author-date'><h6 class='byline'><em>By</em> "
              "<a href='/authors/joshua-sokol/'>Joshua Sokol</a></h6><p><em>May 20, 2019</em></p></div>"
              "<div class='meta'><div class='excerpt'>Two programmers played a pivotal role in the birth of a "
              "theory.</div><div class='actions'><h6><a href='/tag/computing/'>Computing</a></h6></div></div></div>")
    story = "<p>" + "The two women wrote the programs that ran the simulations, and were rarely credited. " * 5 + "</p>"
    metadata = page(f"<main><article>{header}{story}</article></main>",
                    title="The hidden heroines of chaos - The Harbor Herald")
    assert metadata.authors == ["Joshua Sokol"]


def test_an_indented_templates_teaser_cards_are_measured_by_their_text() -> None:
    # a card's markup indented by its template: the white space is no text, the card is a teaser's size
    pad = "\n" + " " * 60
    cards = "".join(f"<article class='group'>{pad}<div class='card'>{pad}<div class='body'>{pad}<div class='meta'>{pad}"
                    f"<span rel='author'>{name}</span>{pad}<time>21 Nov 2025</time>{pad}</div>{pad}<h3><a "
                    f"href='/article/{slug}'>{headline}</a></h3>{pad}<p>{pad}A short summary of the paper and of what "
                    f"it found.{pad}</p>{pad}</div>{pad}</div>{pad}</article>"
                    for slug, headline, name in (("deepcache", "Accelerating diffusion models for free", "Xinyin Ma"),
                                                 ("onellm", "One framework to align all modalities", "Jiaming Han")))
    story = "<p>" + "The method finds a short code of the input that keeps what matters for the output. " * 5 + "</p>"
    metadata = page(f"<main><article><h1>The information bottleneck method</h1>{story}</article>"
                    f"<section class='latest'><div class='grid'>{cards}</div></section></main>",
                    title="The information bottleneck method - The Harbor Herald")
    assert metadata.authors == []


def test_a_forum_threads_posts_are_no_teasers() -> None:
    # phpBB's posts: each subject a heading linking to the post's own anchor on this page, its author and time below
    posts = "".join(f"<div id='p{n}' class='post bg{n % 2}'><div class='inner'><div class='postbody'><h3><a "
                    f"href='./viewtopic.php?p={n}#p{n}'>{subject}</a></h3><p class='author'>by <strong>{name}</strong>"
                    f" » <time datetime='2024-03-11T{hour}:00:00+00:00'>Mon Mar 11, 2024 {hour}:00</time></p><div "
                    f"class='content'>{text}</div></div></div></div>"
                    for n, subject, name, hour, text in (
                        (1, "VM does not start after update", "galitsyn", "16", "After the update the machine "
                         "stops at a black screen. I tried a new VM as well with the same result."),
                        (2, "Re: VM does not start after update", "fth0", "21", "Please attach the log file of "
                         "the failing start, zipped.")))
    metadata = page(f"<main><h2><a href='./viewtopic.php?t=1'>VM does not start after update</a></h2>{posts}</main>",
                    title="VM does not start after update - The Harbor Herald")
    assert metadata.published == "2024-03-11T16:00:00+00:00"
