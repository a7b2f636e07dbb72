"""The default cascade's extraction profiles per kind of page (listing, collection, service, forum, product,
documentation), each on a small page of that kind written here with generic markup (no site's names).

Each page is extracted with the kind given as a hint, the way a caller that knows the kind (or the page-kind
judgement) passes it; every test failed before the profile it tests.
"""

from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html

NAV = """<header><nav><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li>
<li><a href="/blog">Blog</a></li><li><a href="/about">About</a></li></ul></nav></header>"""
FOOTER = """<footer><p>Copyright 2026 Example Company Ltd. All rights reserved. Terms, privacy and cookies
apply to every page of this site.</p></footer>"""


def extract(body: str, kind: str | None, head: str = ""):
    html = f"<html><head><title>Example</title>{head}</head><body>{NAV}{body}{FOOTER}</body></html>"
    return DefaultExtractor().extract(parse_html(html, "https://example.org/page"), kind=kind)


def listing_page() -> str:
    cards = "".join(
        f"<div class='card'><h3><a href='/courses/{n}'>Course {n} title</a></h3>"
        f"<p>Summary {n}: a short line about what this course teaches.</p></div>" for n in range(8))
    filters = ("<form class='filters'><fieldset><legend>Filter by level</legend>"
               "<label><input type='checkbox' name='level' value='1'> Beginner courses</label>"
               "<label><input type='checkbox' name='level' value='2'> Advanced courses</label></fieldset></form>")
    sort = ("<div class='toolbar-sort'><label>Sort by <select><option>Newest first</option>"
            "<option>Oldest first</option></select></label></div>")
    intro = "".join(f"<p>Part {n}. All the courses we run this year, taught in the evenings and at weekends by people "
                    "who work in the field, online or in our rooms in the city centre, with a certificate.</p>"
                    for n in range(3))
    return (f"<div class='intro'><h1>Courses</h1>{intro}</div><div class='results'>{filters}{sort}"
            f"<div class='grid'>{cards}</div><button type='button'>Load more</button></div>")


def test_listing_keeps_every_card_and_leaves_filters_and_sorting_out():
    article = extract(listing_page(), "listing")
    assert all(f"Course {n} title" in article.text and f"Summary {n}:" in article.text for n in range(8))
    assert "All the courses we run" in article.text
    for furniture in ("Beginner courses", "Newest first", "Load more", "Copyright", "Blog"):
        assert furniture not in article.text
    reasons = {b.decisions[-1].reason for b in article.blocks if b.is_content}
    assert any("listing page" in reason for reason in reasons)


def test_service_page_gives_the_union_of_its_sections():
    hero = ("<section><h1>Garden design</h1><p>We plan and plant gardens of every size, from a courtyard to a "
            "country estate, and look after them for years.</p><a href='/contact'>Get a quote</a></section>")
    features = "".join(f"<div class='feature'><h3><a href='/services/{n}'>Feature {n} of our service</a></h3>"
                       f"<p>Short claim {n}.</p></div>" for n in range(4))
    pricing = "".join(f"<li>Plan {n}: {n * 100} EUR a month</li>" for n in range(1, 4))
    quotes = "".join(f"<blockquote>Quote {n}: they did a lovely job.</blockquote>" for n in range(3))
    faq = "".join(f"<h3>Question {n}?</h3><p>Answer {n}. We visit the garden first, listen to what you want from "
                  "it, and send a plan with prices within two weeks of the visit, with no obligation.</p>"
                  for n in range(5))
    body = (f"<div class='page'>{hero}<section><h2>What we do</h2>{features}</section>"
            f"<section><h2>Pricing</h2><ul>{pricing}</ul></section><section><h2>Clients say</h2>{quotes}</section>"
            f"<section><div class='inner'><h2>Questions</h2>{faq}</div></section></div>")
    article = extract(body, "service")
    assert "We plan and plant gardens" in article.text
    assert all(f"Feature {n} of our service" in article.text and f"Short claim {n}." in article.text
               for n in range(4))
    assert "Plan 3: 300 EUR a month" in article.text and "Quote 2: they did" in article.text
    assert "Answer 4. We visit" in article.text
    assert "Copyright" not in article.text


REPLY = ("<div class='reply'><div class='reply-author'>user{0}</div><div class='reply-body'><p>Reply {0}. I had the "
         "same problem with the driver after the update, and rolling back to the previous version fixed it.</p>"
         "</div></div>")


def thread_page() -> str:
    opening = "".join(f"<p>Part {n} of the question. Since the last update my printer stops halfway through every "
                      "page, and reinstalling the driver twice has not helped at all so far.</p>" for n in range(4))
    replies = "".join(REPLY.format(n) for n in range(5))
    return (f"<main><article class='topic'><h1>Printer stops halfway</h1>{opening}</article>"
            f"<section class='replies'>{replies}</section></main>")


def test_forum_thread_keeps_replies_marked_up_as_comments_in_order():
    article = extract(thread_page(), "forum")
    assert "Part 3 of the question." in article.text
    positions = [article.text.find(f"Reply {n}.") for n in range(5)]
    assert -1 not in positions and positions == sorted(positions)


def test_the_same_replies_under_an_article_stay_out_without_the_forum_kind():
    article = extract(thread_page(), "article")
    assert "Part 3 of the question." in article.text and "Reply 0." not in article.text


def product_page(description: str = "") -> str:
    specs = "".join(f"<tr><th>Spec {n}</th><td>{n * 10} mm</td></tr>" for n in range(6))
    bullets = "".join(f"<li>Bullet spec {n}: stainless steel</li>" for n in range(4))
    picks = "".join(f"<div class='pick'><a href='/p/{n}'>Other bottle {n}</a><a href='/p/{n}'>12 EUR</a></div>"
                    for n in range(6))
    ld = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
          '"name": "Trail Bottle", "description": "Keeps water cold for a full day on the hill, with a wide '
          'mouth that takes ice cubes and a lid that locks shut in a bag."}</script>')
    body = (f"<main><h1>Trail Bottle</h1><form class='buy'><label>Size <select><option>Half litre</option>"
            "</select></label><button>Add to basket</button></form>"
            f"<div class='details'>{description}<ul>{bullets}</ul><table>{specs}</table></div>"
            "<section class='customer-reviews'><h2>Reviews</h2><p>Great bottle, it kept my tea hot all the way up "
            "the hill and back.</p><p>Lid leaks a bit.</p></section>"
            f"<div class='more'><h2>You may also like</h2>{picks}</div></main>")
    return body, ld


def test_product_keeps_description_and_specifications_and_leaves_cart_and_recommendations_out():
    body, ld = product_page("<p>The bottle for long days outside: light, tough, and easy to clean by hand.</p>")
    article = extract(body, "product", head=ld)
    assert article.text.startswith("Trail Bottle\n")  # the product's name heads its description
    assert "The bottle for long days outside" in article.text
    assert all(f"Bullet spec {n}: stainless" in article.text for n in range(4))
    assert "Spec 5" in article.text and "50 mm" in article.text
    for out in ("Add to basket", "Half litre", "Other bottle", "12 EUR", "kept my tea hot", "Lid leaks"):
        assert out not in article.text


def test_product_whose_visible_page_lacks_a_description_gets_the_structured_data_one():
    body, ld = product_page()
    article = extract(body, "product", head=ld)
    assert "Keeps water cold for a full day on the hill" in article.text
    assert "Bullet spec 3: stainless" in article.text
    added = [b for b in article.blocks if b.is_content and b.text.startswith("Keeps water cold")]
    assert "structured data's product description" in added[0].decisions[-1].reason


def test_documentation_keeps_prose_code_and_tables_and_leaves_navigation_out():
    sidebar = "<nav class='docs-nav'>" + "".join(f"<a href='/docs/{n}'>Chapter {n}</a>" for n in range(6)) + "</nav>"
    toc = "<aside><p>On this page</p><a href='#install'>Install</a><a href='#use'>Use</a></aside>"
    prose = "".join(f"<p>Paragraph {n}. The client reads its settings from the file named below, and every "
                    "setting can be overridden on the command line when the tool starts.</p>" for n in range(3))
    options = "".join(f"<tr><td>--option-{n}</td><td>What option {n} does</td></tr>" for n in range(4))
    notes = ("<div class='notes'><h2>See also</h2><p>Use <a href='/api/connect'>Client.connect</a> to open a "
             "session and <a href='/api/close'>Client.close</a> to end it; <a href='/api/check'>client check</a> "
             "tells whether the settings are valid.</p></div>")
    body = (f"<div class='layout'>{sidebar}<div class='doc'><h1>Install</h1>{prose}<pre><code>pip install client"
            f"</code></pre><table>{options}</table></div>{notes}{toc}<div class='pager'><a href='/docs/2'>Next</a>"
            "</div><a href='/edit/install.md'>Edit this page</a></div>")
    article = extract(body, "documentation")
    assert "Paragraph 2." in article.text and "pip install client" in article.text
    assert "What option 3 does" in article.text and "Client.close to end it" in article.text
    for out in ("Chapter 5", "On this page", "Next", "Edit this page"):
        assert out not in article.text


def test_without_a_hint_the_kind_is_judged_and_the_reason_says_so():
    from crawler.extractors.cascade.extractor import DefaultExtractor as Cascade

    html = f"<html><head><title>Example</title></head><body>{NAV}{listing_page()}{FOOTER}</body></html>"
    run = Cascade().run(parse_html(html, "https://example.org/courses/"))
    assert run.state.kind in run.state.kind_probabilities
    assert run.state.kind_reason.startswith("judged ")


def test_an_unsure_judgement_keeps_the_article_rule(monkeypatch):
    from crawler.extractors.cascade import profiles

    monkeypatch.setattr(profiles, "MIN_KIND_PROBABILITY", 1.01)  # no judgement is that sure
    html = f"<html><head><title>Example</title></head><body>{NAV}{listing_page()}{FOOTER}</body></html>"
    article = DefaultExtractor().extract(parse_html(html, "https://example.org/courses/"))
    assert "Summary 7:" not in article.text  # the article rule's answer: the intro only
    run = DefaultExtractor().run(parse_html(html, "https://example.org/courses/"))
    assert run.state.kind == "article" and "less sure than" in run.state.kind_reason


def deeply_wrapped_thread() -> str:
    """A thread whose every post wraps its text in many layers (post > card > cell > cell > content > body >
    wrapper > p), as forum software's templates do; replies are short, the opening post long."""

    def post(author: str, text: str) -> str:
        return (f"<article class='post'><div class='card'><header class='card-head'><a href='/u/{author}'>{author}</a>"
                "</header><div class='cell'><div class='cell-inner'><div class='post-content'><div class='post-body'>"
                f"<div class='post-text'><p>{text}</p></div></div></div></div></div></div></article>")

    opening = post("asker", "What will the trend in the watch market be this year? Smaller cases came back last year, "
                   "vintage styles sold well, and the brands keep raising prices on every model they make.")
    replies = "".join(post(f"member{n}", f"Short answer {n}: smaller cases again.") for n in range(5))
    return f"<main><h1>Watch trends this year</h1><div class='thread'>{opening}{replies}</div></main>"


def test_forum_thread_keeps_short_replies_whose_posts_are_deeply_wrapped():
    article = extract(deeply_wrapped_thread(), "forum")
    assert "What will the trend in the watch market" in article.text
    positions = [article.text.find(f"Short answer {n}:") for n in range(5)]
    assert -1 not in positions and positions == sorted(positions)


def grid_with_filter_panel() -> str:
    """A collection whose filter panel is built of links and divs named for filtering (no form, no controls)."""
    facets = "".join(f"<div class='filter-group'><div class='filter-group-label'>Facet {n}</div>"
                     f"<a href='?f={n}a'>Option {n}a</a><a href='?f={n}b'>Option {n}b</a></div>" for n in range(4))
    cards = "".join(f"<div class='product-card'><a href='/p/{n}'>Walking boot {n}, leather upper</a>"
                    f"<p>Waterproof boot number {n} for long days on rough ground.</p></div>" for n in range(10))
    return (f"<main><h1>Walking boots</h1><div class='results-with-filters'><div class='filters'>{facets}</div>"
            f"<div class='grid'>{cards}</div></div></main>")


def test_collection_leaves_a_filter_panel_built_of_links_out_and_keeps_every_card():
    article = extract(grid_with_filter_panel(), "collection")
    assert all(f"Walking boot {n}, leather upper" in article.text for n in range(10))
    assert "Facet 0" not in article.text and "Option 2b" not in article.text


def grid_with_card_buttons() -> str:
    """A collection whose every card repeats the same short lines (quick view, wishlist, a badge) beside its own
    title and price; the labels are links and spans, not form controls."""
    cards = "".join(f"<div class='tile'><div class='badge'>Best seller</div><h3><a href='/p/{n}'>Rain jacket {n}, "
                    f"packable</a></h3><div class='price'>${40 + n}.00</div><div><a href='#'>Quick view</a></div>"
                    f"<div><a href='#'>+ Wishlist</a></div></div>" for n in range(8))
    return f"<main><h1>Rain jackets</h1><div class='grid'>{cards}</div></main>"


def test_collection_leaves_lines_every_card_repeats_out_and_keeps_titles_and_prices():
    article = extract(grid_with_card_buttons(), "collection")
    assert all(f"Rain jacket {n}, packable" in article.text and f"${40 + n}.00" in article.text for n in range(8))
    for chrome in ("Quick view", "Wishlist", "Best seller"):
        assert chrome not in article.text


def listing_of_article_cards() -> str:
    """A listing whose cards are <article>s, each with its title and summary in the card's own <header>."""
    cards = "".join(f"<article class='teaser'><header><h2><a href='/news/{n}'>Headline number {n}</a></h2>"
                    f"<p>Summary {n}: the maker of the phone said on Tuesday that the next model ships in May.</p>"
                    f"</header><footer><a href='/news/{n}#comments'>Comments</a></footer></article>" for n in range(6))
    return f"<main><h1>Phones</h1><section class='river'>{cards}</section></main>"


def test_listing_keeps_the_cards_whose_title_and_summary_sit_in_the_cards_own_header():
    article = extract(listing_of_article_cards(), "listing")
    assert all(f"Headline number {n}" in article.text and f"Summary {n}:" in article.text for n in range(6))
    assert "Blog" not in article.text


def test_service_page_keeps_testimonials_quoted_in_figures():
    # a landing page's testimonials as <figure><blockquote>…</blockquote><figcaption>name</figcaption></figure>
    quotes = "".join(f"<figure><blockquote><p>Testimonial {n}: the classes changed how I sleep, how I sit at my desk "
                     f"and how I breathe when the day gets hard.</p></blockquote><figcaption>Client {n}</figcaption>"
                     "</figure>" for n in range(3))
    body = (f"<main><section><h1>Yoga classes</h1><p>Small classes for every level, in the studio and online, "
            f"six days a week.</p></section><section><h2>What clients say</h2>{quotes}</section></main>")
    article = extract(body, "service")
    assert all(f"Testimonial {n}:" in article.text for n in range(3))


def test_forum_thread_leaves_the_posters_signatures_out():
    # each post ends in its author's signature: a motto and links repeated under every post of that author, but
    # each author's differs, so the repeated-line rule does not see them
    posts = "".join(f"<article class='post'><div class='body'><p>Reply {n}: the fix is to reset the router, wait a "
                    f"minute, and then plug the cable back in before the light turns green.</p></div>"
                    f"<div class='signature'>Member {n} motto: ride far, ride often, and carry spare tubes {n}.</div>"
                    "</article>" for n in range(4))
    article = extract(f"<main><h1>Router keeps dropping</h1><div class='thread'>{posts}</div></main>", "forum")
    assert all(f"Reply {n}:" in article.text for n in range(4))
    assert "motto" not in article.text


def test_service_page_whose_navigation_was_left_open_around_the_main_landmark_keeps_its_sections():
    # an unclosed <nav> in the page header: the parser nests the whole page, <main> included, inside it
    menu = "<ul><li><a href='/services'>Services</a></li><li><a href='/about'>About us</a></li></ul>"
    sections = "".join(f"<section><h2>Service {n}</h2><p>Section {n}: we design, build and run data platforms for "
                       "companies of every size, and train their people to run them.</p></section>" for n in range(4))
    legal = "".join(f"<p>Legal note {n}: the firm is a member of a network of independent firms, each a separate legal "
                    "entity, and none of them acts for or binds another; see the terms for details.</p>"
                    for n in range(6))
    article = extract(f"<header class='site'><nav>{menu}<main><h1>Data services</h1>{sections}</main></nav></header>"
                      f"<div class='legal'>{legal}</div>", "service")
    assert all(f"Section {n}:" in article.text for n in range(4))


def test_service_page_keeps_sections_named_as_banners_and_promotions():
    # a landing page builder names its hero and its call-to-action sections "banner" and "promo"
    hero = ("<div class='hero-banner'><h1>Data platforms</h1><p>Hero text: we help enterprises turn their data into "
            "decisions, with platforms that scale and teams that know them.</p></div>")
    promo = ("<div class='promo-block'><h2>Self-service analytics</h2><p>Promo text: give every analyst the data "
             "they need, governed and secure, without a ticket to the central team.</p></div>")
    plain = "".join(f"<section><h2>Step {n}</h2><p>Plain section {n}: we design, build and run the platform, and "
                    "train your people to run it themselves, with support for as long as they want it.</p></section>"
                    for n in range(3))
    body = f"<main>{hero}{plain}{promo}</main>"
    article = extract(body, "service")
    assert "Hero text:" in article.text and "Promo text:" in article.text and "Plain section 2:" in article.text
