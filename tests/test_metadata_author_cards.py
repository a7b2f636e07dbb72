"""Author classes of pages that name no person in a "By" line: a collective byline in the author field, a poster's
handle in an element marked as the author, an author card whose first line is the name."""

from __future__ import annotations

import pytest
from helpers.blog_metadata import NOW, STORY, meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

# ---------------------------------------------------------------- a collective byline in the author field


@pytest.mark.parametrize("byline", ["Camphill Widgets Team", "The Brightwater Team", "Northfield Staff",
                                    "Harbor Lifestyle Desk", "The Quarry Editors", "Team Lumen"])
def test_a_team_named_in_the_author_field_is_the_author(byline: str) -> None:
    # Company blogs credit their posts to "<Company> Team" or "<Paper> Staff" in meta author, and nothing else.
    metadata = meta_of(f'<meta name="author" content="{byline}">')
    assert metadata.authors == [byline]
    assert metadata.sources["authors"] == "meta"


def test_a_team_in_json_ld_is_the_author() -> None:
    head = ('<script type="application/ld+json">{"@type": "BlogPosting", "headline": "A headline", '
            '"author": {"@type": "Person", "name": "Orbital Labs Editorial Team"}}</script>')
    assert meta_of(head).authors == ["Orbital Labs Editorial Team"]


@pytest.mark.parametrize("byline", ["Staff", "Editorial Team", "Our Editors", "Staff Writer", "The Team",
                                    "Marketing Team", "News Desk", "Guest Author", "Web Desk"])
def test_a_role_alone_is_still_no_author(byline: str) -> None:
    # A role or a department without the name of whose it is ("Staff", "Our Editors", "News Desk") names nobody.
    assert meta_of(f'<meta name="author" content="{byline}">').authors == []


def test_a_person_in_the_byline_comes_before_the_team_of_the_field() -> None:
    metadata = meta_of('<meta name="author" content="Camphill Widgets Team">',
                       "<p class='byline'>By Jane Doe</p>")
    assert metadata.authors == ["Jane Doe"]


# ---------------------------------------------------------------- a poster's handle marked as the author


@pytest.mark.parametrize("body", [
    # a forum post's header: the member's link, classed as the author, to the member's profile
    "<div class='post'><a class='author' href='/profile/Woodchip77'>Woodchip77</a> | Posted in General</div>",
    # a link aggregator's story: "via" and the submitter's profile link
    "<div class='byline'><span>via</span> <a class='u-author h-card' href='/~quietfox'>quietfox</a> "
    "<time>1 year ago</time> | 12 comments</div>",
    # a blog's author box with the name and the date, the name linking to the author's archive
    "<div class='author'><strong><a href='https://blog.example.org/author/yuki/'>Yuki</a></strong>"
    "<span class='time'>3/4/2025</span></div>",
    # a news aggregator's "Posted by" with the poster's profile elsewhere
    "<span class='story-byline'>Posted by <a href='https://www.linkedin.com/in/msmithers/'>msmithers</a> "
    "on Friday December 19, 2025</span>",
])
def test_a_handle_linked_to_its_own_profile_is_the_author(body: str) -> None:
    metadata = meta_of("", body)
    assert len(metadata.authors) == 1 and metadata.authors[0] in {"Woodchip77", "quietfox", "Yuki", "msmithers"}


@pytest.mark.parametrize("body", [
    # the link's address is a section, not a person: "News" is a channel
    "<div class='byline'><a href='/category/news'>News</a> <time>May 2, 2025</time></div>",
    # a handle whose link goes to another member's page
    "<div class='author'><a href='/profile/otheruser'>Woodchip77</a></div>",
    # in the readers' comments
    "<div class='comments'><a class='author' href='/profile/Woodchip77'>Woodchip77</a></div>",
])
def test_a_word_not_linked_to_its_own_profile_is_no_author(body: str) -> None:
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- the article's properties on a WebPage object


def test_the_author_of_a_web_page_object_that_is_the_article() -> None:
    # Newsletter platforms describe a post as a WebPage with its headline, date and author, and no Article object.
    head = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebPage", '
            '"headline": "A headline", "datePublished": "2025-12-19T14:00:18Z", '
            '"author": {"@type": "Person", "name": "Çelik Nimani"}, '
            '"publisher": {"@type": "Organization", "name": "Example Signal"}}</script>')
    metadata = meta_of(head)
    assert metadata.authors == ["Çelik Nimani"]
    assert metadata.sources["authors"] == "json-ld"


def test_a_web_page_object_beside_an_article_gives_the_article_s_author() -> None:
    head = ('<script type="application/ld+json">[{"@type": "WebPage", "author": {"@type": "Person", '
            '"name": "Page Owner"}}, {"@type": "NewsArticle", "headline": "A headline", '
            '"author": {"@type": "Person", "name": "Jane Doe"}}]</script>')
    assert meta_of(head).authors == ["Jane Doe"]


# ---------------------------------------------------------------- "Written by" and the name below the story


LONG_STORY = ("<p>" + "The council met again and the library stays open for two more years, the mayor said. " * 3
              + "</p>") * 45


@pytest.mark.parametrize("label", ["Written by", "Article written by:", "Article by", "This post was written by"])
def test_an_author_box_label_far_below_the_headline_names_the_author(label: str) -> None:
    # Company blogs put the author only in a box after the story: the label in one element, the name in the next.
    body = (f"{LONG_STORY}<div class='box'><div class='label'>{label}</div>"
            f"<div class='who'><a href='/team/jack'>Jack Shepherd</a></div><p>Hi! I run the blog.</p></div>")
    assert meta_of("", body).authors == ["Jack Shepherd"]


def test_a_bare_by_far_below_the_headline_names_nobody() -> None:
    # "By" alone is a weak label away from the headline (a caption, a teaser of another story).
    body = f"{LONG_STORY}<div class='teaser'><span>By</span></div><div>Jack Shepherd</div>"
    assert meta_of("", body).authors == []


def test_a_written_by_label_in_the_comments_names_nobody() -> None:
    body = (f"{LONG_STORY}<div class='comments'><div>Written by</div><div>Jack Shepherd</div>"
            f"<p>Nice post, thanks.</p></div>")
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- an author card: the name first, then a role or a bio


@pytest.mark.parametrize("card", [
    "<div class='post-author-box'><img src='a.jpg' alt=''><div>Lauren Vetter</div><p>Lauren Vetter is a "
    "growth-focused marketing professional specialising in healthcare technology and software for clinics.</p></div>",
    "<div class='blog-author'><h4>Bence Kovács</h4><p>Bence is a software developer specialising in audio.</p></div>",
    "<div class='author-card'><p>Juliette Carreiro</p><p>Tech Writer</p></div>",
])
def test_the_first_line_of_an_author_card_is_the_author(card: str) -> None:
    assert len(meta_of("", card).authors) == 1
    assert meta_of("", card).authors[0] in {"Lauren Vetter", "Bence Kovács", "Juliette Carreiro"}


@pytest.mark.parametrize("card", [
    # a list of the site's authors, not one card
    "<div class='authors-list'><a href='/a'>Jane Doe</a><a href='/b'>John Roe</a><a href='/c'>Ann Lee</a></div>",
    # a card that starts with a call to action
    "<div class='author-card'><span>Read more from</span><p>Jane Doe</p><p>More stories</p></div>",
    # the card in a sidebar
    "<aside class='sidebar'><div class='author-card'><p>Jane Doe</p><p>Tech Writer</p></div></aside>",
])
def test_a_list_or_a_sidebar_of_authors_names_nobody(card: str) -> None:
    assert meta_of("", card).authors == []


@pytest.mark.parametrize("body", [
    "<div class='article-author'><span>Mateusz Haberny</span><span>Founder at Oakwood</span></div>",
    "<div class='author-info'><span>By</span> <a href='/authors/clay'>Clay Parker</a>"
    "<div class='date'>Mar 14, 2024</div><span>4 min read</span></div>",
    "<div class='author-intro'>Written By:<b>Cazzy Magennis</b>Last Updated:<span>August 1, 2025</span></div>",
])
def test_the_name_of_a_byline_element_stops_before_its_role_and_date(body: str) -> None:
    assert meta_of("", body).authors in (["Mateusz Haberny"], ["Clay Parker"], ["Cazzy Magennis"])


def test_a_job_title_beside_the_names_is_no_author() -> None:
    body = "<p class='byline'>By Paul Frew, Home Security Expert and Gene Petrino, Managing Director</p>"
    assert meta_of("", body).authors == ["Paul Frew", "Gene Petrino"]


# ---------------------------------------------------------------- a name beside the date or the role under the headline


def page_with(blocks: str, head: str = "") -> object:
    html = (f"<html lang='en'><head><title>Private cloud providers compared | Example</title>{head}</head><body>"
            f"<nav><a href='/'>Home</a></nav><h1>Private cloud providers compared</h1>{blocks}{STORY}</body></html>")
    return extract_metadata(parse_html(html, "https://www.example.com/blog/private-cloud"), NOW)


@pytest.mark.parametrize("blocks", [
    # the name linked to the author's page, the date after it
    "<div><a href='/blog/authors/emmanuel-oyibo'><div>Emmanuel Oyibo</div></a><div>Oct 21, 2025</div></div>",
    # the author's photo beside the name
    "<div><img src='e.jpg' alt='Elliot Raba'><p>Elliot Raba</p><p>23.07.2025 · 6 min read</p></div>",
    # a role under the name
    "<div><p>Juliette Carreiro</p><p>Tech Writer</p></div>",
])
def test_a_name_alone_beside_the_date_or_the_role_under_the_headline_is_the_author(blocks: str) -> None:
    assert page_with(blocks).authors in (["Emmanuel Oyibo"], ["Elliot Raba"], ["Juliette Carreiro"])


@pytest.mark.parametrize("blocks", [
    # a name beside no date nor role: a subheading, a quoted person
    "<div><p>Emmanuel Oyibo</p><p>Why this matters to the industry</p></div>",
    # a section beside the date
    "<div><p>Cloud Computing</p><p>Oct 21, 2025</p></div>",
    "<div><a href='/category/cloud-computing'><p>Cloud Computing</p></a><p>Oct 21, 2025</p></div>",
    # share buttons above a role line; a book's title and its cover above a block of its fields
    "<div><p><a href='https://www.linkedin.com/share'>LinkedIn</a> <a href='/share/x'>Twitter</a></p>"
    "<p>Paycom Blog Contributor</p></div>",
    "<div><img src='c.jpg' alt='A Far Better Thing'><p>A Far Better Thing</p>"
    "<p>Author: H.G. Parry<br>Released: June 17, 2025 by Tor Books<br>Genre: Historical</p></div>",
    # the site's name beside the date
    "<div><p>Example</p><p>Oct 21, 2025</p></div>",
])
def test_a_line_beside_the_date_that_is_no_person_names_nobody(blocks: str) -> None:
    assert page_with(blocks).authors == []


# ---------------------------------------------------------------- the site's name, linked to its author page


def test_a_one_person_blog_whose_name_links_to_its_author_page_is_the_author() -> None:
    head = '<meta property="og:site_name" content="Erin Spain">'
    body = ("<div class='entry-meta'>By <a href='https://www.erinspain.com/author/erin-spain/' rel='author'>"
            "Erin Spain</a></div>")
    metadata = meta_of(head, body, url="https://www.erinspain.com/12-projects/")
    assert metadata.authors == ["Erin Spain"]


@pytest.mark.parametrize("body", [
    "<div class='entry-meta'>By Acme Tools</div>",
    "<div class='entry-meta'>By <a href='/'>Acme Tools</a></div>",
    "<div class='entry-meta'>By <a href='/author/jdoe/'>Acme Tools</a></div>",
])
def test_the_site_s_name_without_its_own_author_page_is_no_author(body: str) -> None:
    head = '<meta property="og:site_name" content="Acme Tools">'
    assert meta_of(head, body, url="https://www.acmetools.com/blog/a-post").authors == []


def test_a_list_of_author_cards_to_follow_names_nobody() -> None:
    body = ("<ul><li class='author-follow'><a>Katie Couric</a><p>New Yorkers post their feelings in the subway</p></li>"
            "<li class='author-follow'><a>Matt Bai</a><p>The real problem behind fake news</p></li></ul>")
    assert meta_of("", body).authors == []


def test_a_cjk_author_element_is_read_as_written() -> None:
    # "<a class=author>扬眼<span>企鹅号</span></a>": an account and its platform's word, run on, not two names
    body = "<a class='author' href='/author/5001'>扬眼<span>企鹅号</span></a>"
    assert meta_of("", body).authors != ["扬眼", "企鹅号"]


@pytest.mark.parametrize("body", ["<p class='byline'>By The Meadowlark Team | 6 mins | February 28, 2026</p>",
                                  "<div><span>By</span> <a href='/author/team/'>the Orbi Labs Team</a></div>"])
def test_a_visible_collective_byline_is_the_author_when_nobody_signs(body: str) -> None:
    assert meta_of("", body).authors in (["The Meadowlark Team"], ["the Orbi Labs Team"])


def test_a_visible_role_alone_after_by_names_nobody() -> None:
    assert meta_of("", "<p class='byline'>By Marketing Team | February 28, 2026</p>").authors == []


def test_a_collective_byline_in_the_block_after_its_label_is_the_author() -> None:
    body = "<div class='meta'><div>By</div><div>The Meadowlark Team</div><div>February 28, 2026</div></div>"
    assert meta_of("", body).authors == ["The Meadowlark Team"]


def test_the_site_s_name_in_a_rel_author_link_is_the_author() -> None:
    head = '<meta property="og:site_name" content="Damien Walter">'
    body = "<p class='meta'>By <a href='https://damien.example/author/the-blog/' rel='author'>Damien Walter</a></p>"
    assert meta_of(head, body, url="https://damien.example/2024/12/30/a-post/").authors == ["Damien Walter"]


def test_a_blog_title_linked_home_with_rel_author_is_no_author() -> None:
    head = '<meta property="og:site_name" content="Human in the Loop"><meta name="author" content="Human in the Loop">'
    body = "<header><p><a rel='author' href='/' class='h-card p-author'>Human in the Loop</a></p></header>"
    assert meta_of(head, body, url="https://loop.example/a-post").authors == []


def test_a_byline_whose_fields_are_parted_by_a_dot_operator_names_the_author() -> None:
    body = ("<div>By <a href='/author/matthew-richardson'>Matthew Richardson</a> &sdot; Review Editor &sdot; "
            "Updated November 18, 2025</div>")
    assert meta_of("", body).authors == ["Matthew Richardson"]


@pytest.mark.parametrize("line", ["Posted on March 3, 2020 by Jane Doe", "03/01/2017 by Jane Doe, Committee Member",
                                  "December 9, 2024 · by Jane Doe"])
def test_a_date_line_that_goes_on_with_the_byline_names_the_author(line: str) -> None:
    assert meta_of("", f"<div class='meta'>{line}</div>").authors == ["Jane Doe"]


def test_a_date_line_that_goes_on_with_a_sentence_names_nobody() -> None:
    assert meta_of("", "<div class='meta'>March 3, 2020 by the river Thames</div>").authors == []
