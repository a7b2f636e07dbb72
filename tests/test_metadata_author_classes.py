"""Author and date classes of English-language pages, each on a small page written for it."""

from __future__ import annotations

from helpers.blog_metadata import NOW, meta_of

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

# ---------------------------------------------------------------- the "Written by" card label


def test_the_card_labelled_written_by_names_the_author() -> None:
    # WordPress SEO plug-ins write the author as a labelled pair of twitter card fields, and no meta author.
    head = ('<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Tyler Brown">'
            '<meta name="twitter:label2" content="Est. reading time"><meta name="twitter:data2" content="6 minutes">')
    metadata = meta_of(head)
    assert metadata.authors == ["Tyler Brown"]
    assert metadata.sources["authors"] == "meta"


def test_a_card_pair_with_another_label_names_nobody() -> None:
    head = ('<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="6 minutes">'
            '<meta name="twitter:label2" content="Price"><meta name="twitter:data2" content="Jane Doe">')
    assert meta_of(head).authors == []


# ---------------------------------------------------------------- visible bylines


def test_a_byline_label_glued_to_its_colon_names_the_author() -> None:
    # "Written by:" and the name in two inline elements, no space between them.
    body = "<div><span>Updated: December 31, 2024</span></div><div><span>Written by:</span><a>Elise Nass</a></div>"
    assert meta_of("", body).authors == ["Elise Nass"]


def test_a_byline_with_a_second_person_after_with_names_both() -> None:
    body = '<div class="details"><span class="author">By Dieter Hogen with Uta Pippig</span></div>'
    assert meta_of("", body).authors == ["Dieter Hogen", "Uta Pippig"]


def test_a_byline_element_holding_the_name_and_the_date_names_the_author() -> None:
    # Go-style blog pages: <p class="author">Andrew Gerrand<br>4 August 2010</p>, no "By".
    body = '<p class="author">Andrew Gerrand<br>4 August 2010</p>'
    metadata = meta_of("", body)
    assert metadata.authors == ["Andrew Gerrand"]


def test_a_byline_element_with_a_count_and_no_name_names_nobody() -> None:
    body = '<p class="author-stats">12 posts this year</p>'
    assert meta_of("", body).authors == []


def test_a_byline_line_ends_at_a_round_bullet() -> None:
    body = "<div class='my-meta'>by Meaghan Weeden ● December 23, 2025 ● 6 min read</div>"
    metadata = meta_of("", body)
    assert metadata.authors == ["Meaghan Weeden"]
    assert metadata.published == "2025-12-23"


# ---------------------------------------------------------------- dates


def test_an_updated_date_alone_under_the_headline_is_the_page_date() -> None:
    # Guide pages show only "Updated on ..." under the headline, and no date in their markup.
    body = "<div>By</div><div>Updated on July 9, 2025</div>"
    metadata = meta_of("", body)
    assert metadata.modified == "2025-07-09"
    assert metadata.published == "2025-07-09"
    assert metadata.sources["published"] == "text"


def test_a_markup_modified_date_is_not_taken_for_the_published_one() -> None:
    # og:updated_time is a CMS's save time (product and service pages change it daily): not the article's date.
    metadata = meta_of('<meta property="og:updated_time" content="2025-05-01T10:00:00+00:00">')
    assert metadata.modified is not None
    assert metadata.published is None


def test_a_byline_element_whose_name_runs_into_the_date_names_the_person_alone() -> None:
    body = '<div class="resource-author"><span>Luke Kim</span><span>December 17, 2025</span></div>'
    assert meta_of("", body).authors == ["Luke Kim"]


def test_a_byline_element_led_by_a_weekday_date_names_nobody() -> None:
    body = '<div class="author-line"><span>Sun Dec 17, 2023 11:18 am</span><span>b.scherer</span></div>'
    assert meta_of("", body).authors == []


def test_an_author_widget_with_a_follower_count_names_nobody() -> None:
    body = '<ul><li class="author-follow"><a>Michael Isikoff</a><span>Follow</span><span>12.3K fans</span></li></ul>'
    assert meta_of("", body).authors == []


# ---------------------------------------------------------------- a thread's starter


THREAD = ("<h1>Server keeps rebooting after the update</h1>"
          "<div class='post'><dl class='postprofile'><dt><a href='./memberlist.php?mode=viewprofile&amp;u=4211'>"
          "b.scherer</a></dt><dd>Posts: 2</dd></dl><div class='content'>" + "My server reboots nightly. " * 8
          + "</div></div><div class='post'><dl class='postprofile'><dt><a href='./memberlist.php?mode=viewprofile"
          "&amp;u=17'>helper42</a></dt></dl><div class='content'>" + "Check the logs first. " * 8 + "</div></div>")


def test_a_thread_is_authored_by_the_member_whose_profile_link_comes_first_under_the_headline() -> None:
    html = f"<html><head><title>Server keeps rebooting</title></head><body>{THREAD}</body></html>"
    metadata = extract_metadata(parse_html(html, "https://forum.example.net/viewtopic.php?t=9"), NOW)
    assert metadata.authors == ["b.scherer"]


def test_a_profile_link_whose_text_is_not_its_member_is_passed_over() -> None:
    body = ("<h1>How do I pin a tab?</h1><a href='/user/register'>Sign Up</a>"
            "<a href='/user/julian'>J Offline</a><a href='/user/julian'>julian</a><p>" + "Pinning tabs fails. " * 9
            + "</p><a href='/user/jonb'>jonb</a><p>Use the menu.</p>")
    html = f"<html><head><title>Pin a tab</title></head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html, "https://forum.example.net/topic/12"), NOW).authors == ["julian"]


def test_a_log_in_link_names_nobody() -> None:
    body = ("<h1>Opening hours</h1><a href='/member.php?action=login'>Login</a><p>" + "We open at nine. " * 9 + "</p>")
    html = f"<html><head><title>Opening hours</title></head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html, "https://shop.example.net/hours"), NOW).authors == []


def test_a_lone_profile_link_under_a_news_headline_names_nobody() -> None:
    # a quoted expert's profile on a university news page: one member, no thread
    body = ("<h1>Heat stresses the food supply</h1><p>" + "Yields fall as nights warm. " * 9
            + "</p><a href='/profile/lewis-ziska'>Lewis Ziska</a>")
    html = f"<html><head><title>Heat</title></head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html, "https://news.example.edu/heat"), NOW).authors == []


def test_a_share_button_to_another_sites_profile_names_nobody() -> None:
    body = ("<h1>Podcast kit</h1><a href='https://www.facebook.com/profile.php?id=12'>Facebook</a>"
            "<a href='https://www.facebook.com/profile.php?id=13'>Friends</a><p>" + "Buy a microphone. " * 9 + "</p>")
    html = f"<html><head><title>Podcast kit</title></head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html, "https://blog.example.com/kit"), NOW).authors == []


def test_reviewers_of_a_product_page_are_not_its_authors() -> None:
    ld = '<script type="application/ld+json">{"@type": "Product", "name": "Driver kit"}</script>'
    body = ("<h1>Driver kit</h1><p>" + "A kit of sixteen bits. " * 9 + "</p><a href='/user/arnaud'>arnaud</a>"
            "<p>Great kit.</p><a href='/user/tim'>tim</a><p>Sturdy.</p>")
    html = f"<html><head><title>Driver kit</title>{ld}</head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html, "https://shop.example.com/kit"), NOW).authors == []


# ---------------------------------------------------------------- outlets


def test_an_author_field_holding_the_sites_name_whole_names_nobody() -> None:
    # a law firm's blog credits the firm, whose name holds "&": not two people called Morgan
    ld = ('<script type="application/ld+json">{"@type": "BlogPosting", "headline": "A headline", '
          '"author": {"@type": "Organization", "name": "Morgan & Morgan"}, '
          '"publisher": {"@type": "Organization", "name": "Morgan & Morgan"}}</script>')
    assert meta_of(ld).authors == []


def test_an_author_description_element_holds_a_role_not_a_name() -> None:
    body = ('<div class="dynamic-author-description">Licensed Q Arabica Grader, M.A. Journalism</div>')
    assert meta_of("", body).authors == []


def test_an_author_box_sentence_names_the_person_after_written_by() -> None:
    body = ('<div class="post-author-wrapper">This post was written by Danielle Padula, Head of Marketing at '
            'Scholastica.</div>')
    assert meta_of("", body).authors == ["Danielle Padula"]


def test_commenters_linked_to_another_site_on_a_page_without_address_are_not_its_authors() -> None:
    body = ("<h1>A headline</h1><p>" + "The story. " * 20 + "</p><div class='list'><a href='https://weibo.example/u/1'>"
            "真楚狂</a><p>好</p><a href='https://weibo.example/u/2'>李四</a><p>对</p></div>")
    html = f"<html><head><title>A headline</title></head><body>{body}</body></html>"
    assert extract_metadata(parse_html(html), NOW).authors == []


def test_an_author_field_holding_a_member_profile_address_names_the_member() -> None:
    head = '<meta property="article:author" content="https://www.forum.example.com/members/ajayjunkies.1075434/">'
    assert meta_of(head).authors == ["ajayjunkies"]


def test_an_author_field_holding_a_social_page_address_names_nobody() -> None:
    head = '<meta property="article:author" content="https://www.facebook.com/andrewjliptak/">'
    assert meta_of(head).authors == []


def test_an_author_address_whose_path_spells_a_name_gives_way_to_the_shown_name() -> None:
    head = ('<meta property="article:author" content="https://example.com/profile/megan-leanda-berry/">'
            '<meta name="author" content="Megan Leanda Berry">')
    assert meta_of(head).authors == ["Megan Leanda Berry"]


def test_a_meta_named_published_dates_the_page() -> None:
    assert meta_of('<meta name="published" content="July 17, 2025">').published == "2025-07-17"


def test_a_meta_named_published_date_dates_the_page() -> None:
    metadata = meta_of('<meta name="published-date" content="2025-05-27T06:03:43Z">')
    assert metadata.published == "2025-05-27T06:03:43+00:00"


def test_a_visible_updated_date_dates_the_page_beside_a_markup_save_time() -> None:
    head = '<meta property="og:updated_time" content="2025-11-30T10:00:00+00:00">'
    metadata = meta_of(head, "<div>Updated on July 9, 2025</div>")
    assert metadata.published == "2025-07-09"
    assert metadata.modified == "2025-11-30T10:00:00+00:00"
