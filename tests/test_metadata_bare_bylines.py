"""Bylines without the usual "By <Given Surname>" shape, under the headline: the label glued to the name by two inline
elements ("ByDaryl Austin"), a date line running into the name without "By" ("Dec. 19, 2025 · Jane Doe on behalf of
the Docs team"), a one-word name after "by" linked to its author page, and the Arabic and Turkish labels."""

from __future__ import annotations

import pytest
from helpers.blog_metadata import meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.titles import TITLE_SEPARATOR_RE as TITLE_PART_RE

# ---------------------------------------------------------------- "By" glued to the name


def test_a_label_glued_to_the_name_is_a_byline() -> None:
    body = ("<div class='meta'><span>By</span><a href='/people/daryl'>Daryl Austin</a></div>"
            "<p>Published March 9, 2026</p>")
    assert meta_of("", body).authors == ["Daryl Austin"]


@pytest.mark.parametrize("line", ["Byzantine Empire", "BYOD Policies", "Bylaws Committee"])
def test_a_word_starting_with_by_is_no_label(line: str) -> None:
    assert meta_of("", f"<div class='meta'>{line}</div>").authors == []


# ---------------------------------------------------------------- a date line running into the name


def test_a_date_line_then_the_name_on_behalf_of_a_group() -> None:
    body = "<div class='publish-date'>Dec. 19, 2025 · Niamh Lorcan on behalf of <a href='/teams'>Docs group</a></div>"
    assert meta_of("", body).authors == ["Niamh Lorcan"]


def test_a_date_line_then_the_name_beside_its_avatar() -> None:
    body = ("<p>Dec 26, 2025 <span>•</span> <img class='avatar avatar-xs' src='/a.png'> Priya Raman in "
            "<a href='/blog/planning'>Project Planning</a></p>")
    assert meta_of("", body).authors == ["Priya Raman"]


def test_a_date_glued_to_a_name_with_an_initial() -> None:
    body = "<div class='meta'><span>Dec 17, 2025</span><span>Julian K. Marsh</span></div>"
    assert meta_of("", body).authors == ["Julian K. Marsh"]


def test_a_date_block_then_the_name_with_its_photo() -> None:
    body = ("<div class='meta'><span>2025-12-17</span><span>·</span><a title='Trine Holm'>"
            "<img src='/t.png' alt='Trine Holm'><div>Trine Holm</div></a></div>")
    assert meta_of("", body).authors == ["Trine Holm"]


@pytest.mark.parametrize("line", ["Dec 26, 2025 • Cloud Computing", "Dec 26, 2025 • Cloud Computing in Practice",
                                  "2025-12-17 · Product Updates"])
def test_a_date_line_then_a_section_is_no_byline(line: str) -> None:
    assert meta_of("", f"<p>{line}</p>").authors == []


# ---------------------------------------------------------------- a one-word name after "by"


def test_a_one_word_name_linked_to_its_author_page_beside_the_date() -> None:
    body = ("<div class='entry-meta'><p>by <a href='/author/amanda/'>Amanda</a> · Dec 20, 2025 at 3:00 am · "
            "<a href='#comments'>One comment so far</a></p></div>")
    assert meta_of("", body).authors == ["Amanda"]


def test_a_one_word_name_in_the_author_element_linked_as_the_author() -> None:
    body = ("<footer><span class='entry-author'>Posted By: <a href='/author/hickman-k/' rel='author'>"
            "<span>Kiersten</span></a></span></footer>")
    assert meta_of("", body).authors == ["Kiersten"]


@pytest.mark.parametrize("body", [
    "<p>by <a href='/category/news/'>Reuters</a> · Dec 20, 2025</p>",  # an agency
    "<p>by <a href='/author/admin/'>admin</a> · Dec 20, 2025</p>",  # a role
    "<p>by Amanda · Dec 20, 2025</p>",  # no author page
    "<p>by <a href='/tag/amanda/'>Amanda</a></p>",  # no date, no author page
])
def test_a_one_word_after_by_without_its_signs_is_no_author(body: str) -> None:
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- Arabic and Turkish labels

ARABIC_SENTENCE = "وافق مجلس المدينة يوم الثلاثاء على الميزانية الجديدة بعد نقاش طويل حول المدارس والطرق. "
ARABIC_STORY = f"<p>{ARABIC_SENTENCE * 4}</p>"
TURKISH_SENTENCE = "Belediye meclisi salı günü uzun bir tartışmanın ardından yeni bütçeyi kabul etti. "
TURKISH_STORY = f"<p>{TURKISH_SENTENCE * 4}</p>"


def page_authors(lang: str, byline: str, story: str) -> list[str]:
    html = (f"<html lang='{lang}' dir='auto'><head><title>Budget</title></head><body><article><h1>Budget</h1>"
            f"<p class='meta'>{byline}</p>{story}{story}</article></body></html>")
    return extract_metadata(parse_html(html)).authors


@pytest.mark.parametrize(("byline", "people"), [
    ("بقلم: محمد أحمد", ["محمد أحمد"]),
    ("بقلم محمد عبد الله", ["محمد عبد الله"]),
    ("كتب: سارة خالد", ["سارة خالد"]),
    ("كتب: أحمد علي | 12 مارس 2024", ["أحمد علي"]),
])
def test_arabic_labels_name_the_writer(byline: str, people: list[str]) -> None:
    assert page_authors("ar", byline, ARABIC_STORY) == people


@pytest.mark.parametrize("byline", [
    "كتب الرئيس في رسالته إلى المجلس أن الميزانية ستقر قريبا",  # "wrote": a sentence, no colon
    "بقلم: هيئة التحرير",  # the editorial board
    "بقلم: وكالة الأنباء",  # a news agency
    "كتب: محمد",  # one word
])
def test_arabic_lines_that_name_nobody(byline: str) -> None:
    assert page_authors("ar", byline, ARABIC_STORY) == []


@pytest.mark.parametrize(("byline", "people"), [
    ("Haber: Ahmet Yılmaz", ["Ahmet Yılmaz"]),
    ("Muhabir: Elif Kaya", ["Elif Kaya"]),
    ("Haber: Ahmet Yılmaz / Fotoğraf: Mehmet Demir", ["Ahmet Yılmaz"]),
])
def test_turkish_labels_name_the_reporter(byline: str, people: list[str]) -> None:
    assert page_authors("tr", byline, TURKISH_STORY) == people


@pytest.mark.parametrize("byline", ["Haber: Haber Merkezi", "Haber: Anadolu Ajansı"])
def test_turkish_newsroom_and_agency_are_no_author(byline: str) -> None:
    assert page_authors("tr", byline, TURKISH_STORY) == []


# ---------------------------------------------------------------- an author box at the story's foot, no label

FOOT = "<p>" + "Planners said the new rules would take effect next spring after a second public hearing. " * 3 + "</p>"


def test_an_author_box_with_photo_name_and_biography() -> None:
    body = (FOOT + "<div class='callout'><div><img src='/a.jpg' alt='alban Brooke'></div><div class='callout__content'>"
            "<h3>Alban Brooke</h3><p>Alban Brooke is the Head of Marketing at Example and the co-host of a show. "
            "He has recorded over 500 episodes.</p></div></div>")
    assert meta_of("", body).authors == ["Alban Brooke"]


def test_an_author_box_with_the_role_between_the_name_and_the_biography() -> None:
    body = (FOOT + "<div><div><img alt='Elliot Rana Image' src='/e.jpg'></div><div><div><p>Elliot Rana</p>"
            "<h6>Enterprise Sales Executive</h6><div><p>Elliot is a results-driven sales executive, where he "
            "crafts solutions for his clients.</p></div></div></div></div>")
    assert meta_of("", body).authors == ["Elliot Rana"]


def test_an_author_box_with_the_name_and_the_role_in_one_line() -> None:
    body = (FOOT + "<hr><p><img src='/t.png' alt='Tim Greer'></p><p><strong>Tim Greer</strong> "
            "<em>UK-based Systems Theorist &amp; Independent Technology Writer</em></p>")
    assert meta_of("", body).authors == ["Tim Greer"]


def test_a_company_section_with_its_logo_is_no_author_box() -> None:
    body = (FOOT + "<div><img src='/l.png' alt='Liberty Tax logo'><h3>Liberty Tax</h3><p>Liberty Tax is a tax "
            "preparation company. It offers in-person and virtual filing in most states.</p></div>")
    assert meta_of("", body).authors == []


def test_several_people_cards_are_a_list_not_an_author_box() -> None:
    cards = "".join(f"<div><img src='/{n}.jpg' alt='{n}'><h3>{n}</h3><p>{n} is a chef in Lyon. She cooks.</p></div>"
                    for n in ("Anne Morel", "Claire Dubois", "Sophie Martin"))
    assert meta_of("", FOOT + cards).authors == []


def test_a_name_and_biography_without_the_photo_is_no_author_box() -> None:
    body = FOOT + "<div><h3>Alban Brooke</h3><p>Alban Brooke is the Head of Marketing. He hosts a show.</p></div>"
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- "This post was written by" under the headline


def test_a_sentence_naming_the_writer_under_the_headline() -> None:
    body = ("<p>Nutrition &amp; Recipes</p><p><em>This post was written by Vanessa Mendes, MD, gastroenterologist, "
            "Parkview Health.</em></p>")
    assert meta_of("", body).authors == ["Vanessa Mendes"]


# ---------------------------------------------------------------- a byline element longer than a byline


def test_a_long_byline_element_opening_with_its_label() -> None:
    # (below the story's first paragraphs, where the lines under the headline are no longer read)
    body = (FOOT * 3 + "<div class='article-byline'><div class='article-byline__written-by'>"
            "<strong>Written by</strong> <a href='/a'>Adrien Ramos</a>, 4+ years covering computer hardware, "
            "software, and science "
            "<a href='/j'>Joanna Nelis</a>, senior editor and E Ink enthusiast with 5+ years experience</div></div>")
    assert meta_of("", body).authors[:1] == ["Adrien Ramos"]


# ---------------------------------------------------------------- a one-person site with no author field

I_STORY = ("<p>" + "I moved my notes into git last year and I have not looked back since I started. " * 3 + "</p>"
           "<p>" + "My setup is small: I keep one repository and I push it to my own server every night. " * 3
           + "</p>")
WE_STORY = ("<p>" + "We help owners sell their software businesses and we have closed many deals for our clients. " * 3
            + "</p><p>" + "Our advisors walk you through every step and we answer within a day. " * 3 + "</p>")


def _site(title: str, story: str, head: str = "", dated: bool = True, home: str | None = None) -> list[str]:
    # the site's title in its header links to the home page ("<a href='/'>Owain Brenner</a>")
    date = '<meta property="article:published_time" content="2021-06-06">' if dated else ""
    home = home if home is not None else TITLE_PART_RE.split(title)[-1]
    html = (f"<html lang='en'><head><title>{title}</title>{date}{head}</head><body><header><a href='/'>{home}</a>"
            f"</header><h1>A brief intro to git</h1>{story}</body></html>")
    return extract_metadata(parse_html(html, "https://www.example.dev/posts/intro-to-git")).authors


@pytest.mark.parametrize(("title", "head", "owner"), [
    ("A brief intro to git | Owain Brenner", "", "Owain Brenner"),  # the <title>'s site part
    ("A brief intro to git | Polly Barker", "<meta property='og:site_name' content='Polly Barker'>", "Polly Barker"),
    ("A brief intro to git | Colin Watt's blog", "<meta property='og:site_name' content='Colin Watt&#39;s blog'>",
     "Colin Watt"),
])
def test_a_site_named_after_its_owner_writing_i_names_the_owner(title: str, head: str, owner: str) -> None:
    assert _site(title, I_STORY, head) == [owner]


@pytest.mark.parametrize(("title", "story", "dated"), [
    ("A brief intro to git | Quiet Harbor", WE_STORY, True),  # a company's blog writes "we"
    ("A brief intro to git | Owain Brenner", I_STORY, False),  # an undated page: the site's own
    ("A brief intro to git | Harbor Labs", I_STORY, True),  # no personal name
])
def test_a_site_part_that_is_no_owner(title: str, story: str, dated: bool) -> None:
    assert _site(title, story, dated=dated) == []


def test_a_site_whose_header_shows_no_name_is_no_persons() -> None:
    # a fiction site ("Royal Road"): its chapters are told in "I", its header shows a logo
    head = "<meta property='og:site_name' content='Royal Roads'>"
    assert _site("Chapter 3 | Royal Roads", I_STORY, head, home="<img src='/logo.svg' alt='logo'>") == []


# ---------------------------------------------------------------- a microdata author named by a <meta> in its item


def test_a_microdata_author_named_by_its_meta() -> None:
    # a forum's or a blog's Person item whose name is a <meta itemprop="name"> (the block walk drops <meta> elements)
    body = ("<div itemscope itemtype='https://schema.org/DiscussionForumPosting'><meta itemprop='headline' "
            "content='A headline'><span itemprop='author' itemscope itemtype='https://schema.org/Person'>"
            "<meta itemprop='name' content='Alphabyte1'><meta itemprop='url' content='/alphabyte1'></span></div>")
    assert meta_of("", body).authors == ["Alphabyte1"]


def test_a_byline_inside_the_authors_avatar_block() -> None:
    # the author's photo and name in one block under the headline ("blog-meta-avatar"): the byline, not a commenter's
    body = ("<div class='blog-meta-avatar'><img src='/t.jpg' alt='Tim Enwell'><span class='blog-meta-author'>"
            "Tim Enwell</span><p><span class='tag'>founder</span></p></div>")
    assert meta_of("", body).authors == ["Tim Enwell"]


# ---------------------------------------------------------------- a markup author the page never shows


def test_a_markup_author_never_shown_gives_way_to_the_by_line() -> None:
    # the editor who posted a columnist's story fills the author field; the page shows only the columnist
    head = '<meta name="author" content="Josh Katzman">'
    body = "<div class='meta'><h3>By Charles Pattison, Columnist</h3><span>August 19, 2025</span></div>"
    assert meta_of(head, body).authors == ["Charles Pattison"]


def test_a_markup_author_named_only_in_a_themes_script_is_never_shown() -> None:
    # a theme's analytics variables are no text the page shows: the field's person is the posting editor
    script = '<script>const post_meta = {"created_date": "2025-08-19", "author": "Josh Katzman"};</script>'
    head = f'<meta name="author" content="Josh Katzman">{script}'
    body = "<div class='meta'><h3>By Charles Pattison, Columnist</h3><span>August 19, 2025</span></div>"
    assert meta_of(head, body).authors == ["Charles Pattison"]


def test_a_markup_author_shown_elsewhere_on_the_page_stays() -> None:
    # the author field's person is shown (an author box at the foot); the "By" line under the headline is a guest's
    head = '<meta name="author" content="Melanie Hansen">'
    body = ("<p>By Doug Winter</p>" + FOOT + "<div class='about'><h4>About the editor</h4><p>Melanie Hansen edits "
            "the education desk.</p></div>")
    assert meta_of(head, body).authors == ["Melanie Hansen"]


# ---------------------------------------------------------------- more bylines near the headline


def test_a_linked_name_then_a_tag_then_the_date() -> None:
    body = ("<div><a href='/blog/authors/emma-oyo'><img src='/e.png' alt=''>Emma Oyo</a></div><div>#Cloud Computing"
            "</div><div>Published on Oct 21, 2025 Updated on Mar 9, 2026</div>")
    assert meta_of("", body).authors == ["Emma Oyo"]


def test_a_by_line_whose_name_runs_into_a_button() -> None:
    body = ("<p>By <a href='/magazine/contributor/a_j_neale'>A. J. Neale</a> &nbsp; <a class='btn' href='/e'>"
            "View In Digital Edition</a></p>")
    assert meta_of("", body).authors == ["A. J. Neale"]


def test_a_by_line_and_its_credentials_opening_the_first_paragraph() -> None:
    body = ("<p>By Lizzie Stroud, MS, RDN, LD All of us have probably seen or heard nutrition advice that is "
            "contradictory, confusing, or simply incorrect, and it is everywhere online these days.</p>")
    assert meta_of("", body).authors == ["Lizzie Stroud"]


@pytest.mark.parametrize("paragraph", [
    "By Sunday, March 3, the council had voted twice on the budget and the library stayed open for everyone.",
    "By Christmas Eve the town had raised enough money to keep the library open for two more years at least.",
])
def test_a_first_paragraph_opening_with_by_and_a_time_is_no_byline(paragraph: str) -> None:
    assert meta_of("", f"<p>{paragraph}</p>").authors == []


def test_a_page_last_updated_by_its_maintainer() -> None:
    body = FOOT * 4 + "<p><i>Last updated March 3, 2025 by Erik Demeter. — Accessibility</i></p>"
    html = ("<html lang='en'><head><title>The Fold-and-Cut Problem</title></head><body><h1>The Fold-and-Cut Problem"
            f"</h1>{body}</body></html>")
    assert extract_metadata(parse_html(html, "https://example.org/foldcut")).authors == ["Erik Demeter"]


def test_a_utility_class_naming_a_sidebar_variable_is_no_sidebar() -> None:
    body = ("<div class='w-full lg:mr-[--sidebar-container-width]'><div><a href='/blog/authors/emma-oyo'>"
            "<img src='/e.png' alt=''>Emma Oyo</a></div><div>Oct 21, 2025</div></div>")
    assert meta_of("", body).authors == ["Emma Oyo"]


# ---------------------------------------------------------------- forum threads


THREAD_POSTS = ("<div class='post'><a class='bigusername' href='member.php?s=e3c9&amp;u=224387'>{first}</a>"
                "<div>" + "My card shows the wrong refresh rate. " * 8 + "</div></div>"
                "<div class='post'><a class='bigusername' href='member.php?s=e3c9&amp;u=17'>helper42</a>"
                "<div>" + "Check the driver settings first. " * 8 + "</div></div>")


def _forum(heading: str, first: str = "microfast") -> list[str]:
    html = (f"<html><head><title> Wrong refresh rate on my card - Example Forum</title></head><body>{heading}"
            f"{THREAD_POSTS.format(first=first)}</body></html>")
    return extract_metadata(parse_html(html, "https://forum.example.org/showthread.php?t=9")).authors


def test_a_thread_titled_in_the_navigation_bars_strong() -> None:
    # vBulletin 3: no <h1> nor <h2>, the thread's title in the navigation bar's <strong>
    heading = "<table><tr><td class='navbar'><strong> Wrong refresh rate on my card </strong></td></tr></table>"
    assert _forum(heading) == ["microfast"]


def test_a_short_strong_opening_the_title_heads_no_thread() -> None:
    assert _forum("<p><strong>Wrong</strong> answers are welcome</p>") == []


def test_a_thread_starters_handle_shaped_like_an_acronym_is_a_member() -> None:
    assert _forum("<h1>Wrong refresh rate on my card</h1>", first="JGD") == ["JGD"]


def test_a_persons_line_at_the_foot_outranks_a_collective_byline() -> None:
    body = ("<p class='meta'>By Team Harbor Data</p>" + FOOT * 3 + "<p>Written by <a href='https://example.net/pg'>"
            "Paulo Giovanni</a></p>")
    assert meta_of("", body).authors == ["Paulo Giovanni"]


def test_a_collective_byline_stays_when_nobody_is_named() -> None:
    assert meta_of("", "<p class='meta'>By Team Harbor Data</p>" + FOOT * 3).authors == ["Team Harbor Data"]


def test_a_bare_by_far_below_a_collective_byline_is_a_photo_credit() -> None:
    body = "<p class='meta'>By Resy Staff Team</p>" + FOOT * 3 + "<p>By Ben Honda</p>"
    assert meta_of("", body).authors == ["Resy Staff Team"]


def test_a_first_name_and_a_role_after_a_strong_label() -> None:
    body = FOOT * 3 + "<div><span>Written by</span><div><span>Eliza</span> <span>- Product marketer</span></div></div>"
    assert meta_of("", body).authors == ["Eliza"]


def test_a_one_word_after_a_strong_label_without_a_role_is_no_name() -> None:
    body = FOOT * 3 + "<div><span>Written by</span><div><span>Eliza</span> <span>- Tuesday edition</span></div></div>"
    assert meta_of("", body).authors == []


@pytest.mark.parametrize(("poster", "expected"), [("ibby", ["ibby"]), ("webmaster", []), ("Forbes", [])])
def test_a_handle_after_by_beside_the_posts_time(poster: str, expected: list[str]) -> None:
    body = (f"<div class='post-date'><p><time datetime='2025-12-19T15:55:39-08:00'>12/19 — 2025</time></p>"
            f"<p>by {poster} </p></div>")
    assert meta_of("", body).authors == expected


def test_research_cards_listing_their_authors_name_no_author() -> None:
    card = ("<div class='research-card'><h3>Paper {0}</h3><div class='research-card_authors'>By Alpay Arik*, Junda "
            "Zhao, Junxi Wang, Shang Zhou, Federico Bianco, Sanjana Sriram, Ashwin Panda, Sid Bhart, Chen Xu</div>"
            "</div>")
    assert meta_of("", FOOT * 3 + "".join(card.format(n) for n in range(3))).authors == []


def test_a_shop_named_like_a_person_is_no_owner() -> None:
    # a product page of a one-person shop, written "I": the shop's name is no author
    head = ("<meta property='og:site_name' content='Outdoors Geekson'><script type='application/ld+json'>"
            '{"@type": "Product", "name": "Backpack"}</script>')
    assert _site("A brief intro to git | Outdoors Geekson", I_STORY, head) == []
