"""Author classes where the page's shown byline names the person the markup misses: a CMS login in the author
field that the page never shows, an "Author:" label line, an author box inside a page builder's block."""

from __future__ import annotations

import pytest
from helpers.blog_metadata import NOW, meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

# ---------------------------------------------------------------- a login name in the author field, never shown


@pytest.mark.parametrize("login", ["andrew.keaveney", "KatieS", "kffnirmitap", "web_admin2"])
def test_a_login_the_page_never_shows_gives_way_to_the_shown_byline(login: str) -> None:
    # The CMS writes the account that posted the story into the markup; the story's byline shows its writer.
    head = ('<script type="application/ld+json">{"@type": "BlogPosting", "headline": "A headline", '
            f'"author": {{"@type": "Person", "name": "{login}"}}}}</script>')
    metadata = meta_of(head, "<p class='byline'>By Aoife O'Riordan</p>")
    assert metadata.authors == ["Aoife O'Riordan"]
    assert metadata.sources["authors"] == "text"


def test_a_login_in_meta_author_gives_way_to_an_author_element() -> None:
    body = "<div class='author-info'><span class='author-name'>Denise Everheart</span></div>"
    assert meta_of('<meta name="author" content="andrew.keaveney">', body).authors == ["Denise Everheart"]


def test_a_handle_the_page_shows_stays_the_author() -> None:
    # A forum member's handle is shown on the page (the post's header): the markup is right.
    body = ("<div class='post'><span class='username'>lowjhg</span> wrote:</div>"
            "<p class='byline'>By Privacy Team Member</p>")
    head = '<meta name="author" content="lowjhg">'
    assert meta_of(head, body).authors == ["lowjhg"]


def test_a_one_word_name_in_the_field_stays_the_author() -> None:
    # "Mazi" is a name as written, not a login: the byline's other person (an editor, a reviewer) does not replace it.
    body = "<p class='byline'>By David Shields</p>"
    head = '<meta name="author" content="Mazi">'
    assert meta_of(head, body).authors == ["Mazi"]


def test_a_login_with_no_person_shown_stays() -> None:
    assert meta_of('<meta name="author" content="kffnirmitap">').authors == ["kffnirmitap"]


# ---------------------------------------------------------------- "Author:" as the byline's label


@pytest.mark.parametrize("line", ["Author: Nirmita Panchal Published: Feb 6, 2024",
                                  "Authors: Nirmita Panchal and Jane Doe",
                                  "Contributors: Nirmita Panchal"])
def test_an_author_label_line_under_the_headline(line: str) -> None:
    metadata = meta_of("", f"<div class='post-header__meta'>{line}</div>")
    assert metadata.authors[0] == "Nirmita Panchal"


def test_an_author_field_ends_at_the_address() -> None:
    # a documentation page's field list: the label and the value in two elements of one line
    body = ("<dl class='field-list simple'><dt class='field-odd'>Author<span class='colon'>:</span></dt>"
            "<dd class='field-odd'><p>Vinay Sajip &lt;vinay_sajip at example dot org&gt;</p></dd></dl>")
    assert meta_of("", body).authors == ["Vinay Sajip"]


@pytest.mark.parametrize("body", [
    # a software module's fields, one block each: the module's author, not the page's
    "<p>Author: Tarek Nakkouch</p><p>Type: Exploit</p><p>Pull request: #20712</p>",
    # a book's fields in one block
    "<p>Author: Helen Parry<br>Released: June 17, 2025<br>Genre: Historical</p>",
])
def test_an_author_field_among_a_records_fields_names_nobody(body: str) -> None:
    assert meta_of("", body).authors == []


def test_an_author_label_needs_its_colon() -> None:
    # "Author Nirmita Panchal" without a colon is a sentence's or a heading's words, not a label.
    assert meta_of("", "<div class='post-meta'>Author Nirmita Panchal</div>").authors == []


# ---------------------------------------------------------------- an author box inside a page builder's block


def test_an_author_box_in_a_page_builders_widget_block() -> None:
    # Page builders name every block "<builder>-widget…"; such a block is no sidebar widget.
    body = ("<div class='pb-element pb-widget pb-widget-author-box'><div class='pb-widget-container'>"
            "<div class='pb-author-box'><div class='pb-author-box__text'>"
            "<h4 class='pb-author-box__name'>Liz Kenny</h4>"
            "<div class='pb-author-box__bio'>Former Management Consultant</div></div></div></div></div>")
    assert meta_of("", body).authors == ["Liz Kenny"]


def test_an_author_in_a_sidebar_widget_is_still_no_byline() -> None:
    body = ("<div class='widget widget_recent_posts'><span class='author'>Jane Doe</span>"
            "<span>Former Management Consultant</span></div>")
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- forum threads: a title in an <h2>, relative links

POSTS = ("<div class='post'><dl class='postprofile'><dt><a href='{first}'>b.scherer</a></dt><dd>Posts: 2</dd></dl>"
         "<div class='content'>" + "My board reboots nightly. " * 8 + "</div></div>"
         "<div class='post'><dl class='postprofile'><dt><a href='{second}'>helper42</a></dt></dl>"
         "<div class='content'>" + "Check the logs first. " * 8 + "</div></div>")


def _thread(heading: str, first: str, second: str) -> object:
    html = (f"<html><head><title>Board keeps rebooting - Example Forums</title></head><body>"
            f"<div class='header'><a href='/'>Example Forums</a></div>{heading}"
            f"{POSTS.format(first=first, second=second)}</body></html>")
    return extract_metadata(parse_html(html, "https://forums.example.net/viewtopic.php?t=9"), NOW)


def test_a_thread_titled_in_an_h2_is_authored_by_its_first_poster() -> None:
    # phpBB's default style writes the topic's title in an <h2>; the page has no <h1>.
    metadata = _thread("<h2 class='topic-title'><a href='./viewtopic.php?t=9'>Board keeps rebooting</a></h2>",
                       "./memberlist.php?mode=viewprofile&amp;u=4211", "./memberlist.php?mode=viewprofile&amp;u=17")
    assert metadata.authors == ["b.scherer"]


def test_an_h2_that_is_not_the_pages_title_starts_no_thread() -> None:
    metadata = _thread("<h2>Latest posts</h2>", "./memberlist.php?mode=viewprofile&amp;u=4211",
                       "./memberlist.php?mode=viewprofile&amp;u=17")
    assert metadata.authors == []


def test_profile_links_relative_to_the_base_name_the_thread_starter() -> None:
    # XenForo 1 writes member links relative to its <base>: "members/name.123/"
    metadata = _thread("<h1>Board keeps rebooting</h1>", "members/b.scherer.4211/", "members/helper42.17/")
    assert metadata.authors == ["b.scherer"]


# ---------------------------------------------------------------- a one-person site named after its owner

I_STORY = ("<p>" + "I moved my notes into git last year and I have not looked back since I started. " * 3 + "</p>"
           "<p>" + "My setup is small: I keep one repository and I push it to my own server every night. " * 3
           + "</p>")
WE_STORY = ("<p>" + "We help owners sell their software businesses and we have closed many deals for our clients. " * 3
            + "</p><p>" + "Our advisors walk you through every step and we answer within a day. " * 3 + "</p>")


def _site_page(name: str, story: str, extra_head: str = "") -> object:
    head = (f'<meta name="author" content="{name}"><meta property="og:site_name" content="{name}">'
            f'<meta property="article:published_time" content="2021-06-06">{extra_head}')
    html = (f"<html lang='en'><head><title>A brief intro to git • {name}</title>{head}</head>"
            f"<body><header><a href='/'>{name}</a></header><h1>A brief intro to git</h1>{story}</body></html>")
    return extract_metadata(parse_html(html, "https://www.example.dev/posts/intro-to-git"), NOW)


def test_a_one_person_site_named_after_its_owner_is_the_owners() -> None:
    # The owner's name is the site's name and the author field's; the story is written in the first person singular.
    metadata = _site_page("Cory Dransfeldt", I_STORY)
    assert metadata.authors == ["Cory Dransfeldt"]


def test_a_company_site_writing_we_keeps_its_name_refused() -> None:
    assert _site_page("Quiet Light", WE_STORY).authors == []


def test_a_site_the_markup_declares_an_organization_keeps_its_name_refused() -> None:
    organization = ('<script type="application/ld+json">{"@type": "Organization", "name": "Loona Construction"}'
                    '</script>')
    assert _site_page("Loona Construction", I_STORY, organization).authors == []


def test_a_one_word_site_name_is_no_persons_name() -> None:
    assert _site_page("Somerhaus", I_STORY).authors == []


def test_an_undated_page_of_a_site_named_like_a_person_is_the_sites() -> None:
    # a shop's home page ("Yo Gorilla Mats", "I love these mats"): no post, no owner's byline
    html = ("<html lang='en'><head><title>Yo Gorilla Mats</title><meta name='author' content='Yo Gorilla Mats'>"
            "<meta property='og:site_name' content='Yo Gorilla Mats'></head><body><h1>Yoga mats</h1>" + I_STORY
            + "</body></html>")
    assert extract_metadata(parse_html(html, "https://www.example.com/"), NOW).authors == []


# ---------------------------------------------------------------- a reviewer or fact-checker in the byline element


@pytest.mark.parametrize(("body", "expected"), [
    # the checker's name in its own element, marked like the author's, its label in the element around it (the
    # writer is the team)
    ("<div class='bylines'><div class='bylines__item'><span>By</span> <a href='/contributors/0/'>The Lumen Team</a>"
    "</div><div class='bylines__item'><div class='author-tooltip__name'>Fact checked by "
    "<span class='author-tooltip__name'>Yarilet Perez</span></div></div></div>", ["The Lumen Team"]),
    # the writer a role, the reviewer named in the same byline element, then the date
    ("<div id='top-byline'><div class='byline-main'><div class='byline-author'><div class='byline-author-text'>"
    "Written by <span>HomeQuest</span></div><div>Staff Writer</div></div><div class='byline-author'>"
    "<div class='byline-author-text'>Reviewed by <a class='byline-author-link' href='/r/about-robert-tschudi/'>"
    "Robert Tschudi</a></div><div>Expert Reviewer</div></div></div><div>Updated Jun 16, 2025</div></div>", []),
])
def test_a_reviewer_in_the_byline_element_is_no_author(body: str, expected: list[str]) -> None:
    assert meta_of("", body).authors == expected


def test_the_writer_before_the_reviewer_is_the_author() -> None:
    body = ("<div id='top-byline'><div class='byline-main'><div class='byline-author'><div class='byline-author-text'>"
            "Written by <span>Jane Doe</span></div><div>Staff Writer</div></div><div class='byline-author'>"
            "<div class='byline-author-text'>Reviewed by <a class='byline-author-link' href='/r/about-robert-tschudi/'>"
            "Robert Tschudi</a></div></div></div><div>Updated Jun 16, 2025</div></div>")
    assert meta_of("", body).authors == ["Jane Doe"]


@pytest.mark.parametrize("title", ["Learn more about our contributors", "Meet the people on our team",
                                   "Read more from our editors"])
def test_a_sentence_ending_in_a_collective_word_is_no_collective_byline(title: str) -> None:
    # the heading of an author box at the story's foot: its words are a sentence, not a company's name
    body = f"<div id='bottom-byline'><div class='byline-title'>{title}</div></div>"
    assert meta_of("", body).authors == []


def test_a_company_team_with_a_linking_word_stays_a_collective_byline() -> None:
    assert meta_of('<meta name="author" content="Friends of the Earth Team">').authors == ["Friends of the Earth Team"]


@pytest.mark.parametrize("line", ["By Fact Checked", "By Medically Reviewed", "By Edited", "By Reviewed"])
def test_a_review_stamp_after_by_is_no_name(line: str) -> None:
    # the writer's name was a control the parsed page dropped ("By <button>Ann Lee</button> Fact Checked"): the
    # review stamp left after "By" is no person
    from crawler.extractors.metadata.byline import byline_names

    assert byline_names(line) == []
