"""The default extractor on pages whose main content is not a run of prose (issue 13, items 3 and 4).

One hand-written page per class of page: a recipe, a product page, a data table, an FAQ, a list-heavy
article, a forum thread, and pages whose text only a fallback finds. Each failed on the cascade before the
rules it tests; the names in them are generic (no site's markup).
"""

from crawler.extractors import extract
from crawler.extractors.document.render import to_markdown

NAV = """<header><nav><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li>
<li><a href="/blog">Blog</a></li><li><a href="/about">About</a></li></ul></nav></header>"""
FOOTER = """<footer><p>Copyright 2026 Example Company Ltd. All rights reserved. Terms, privacy and cookies
apply to every page of this site.</p><ul><li><a href="/terms">Terms</a></li><li><a href="/privacy">Privacy</a></li>
</ul></footer>"""
STORY = ("<p>Story {0}. Every autumn my grandmother made this cake for the whole family, and the kitchen "
         "smelled of butter and apples for days while we waited for the first slice.</p>")


# A story's address: without one, a page whose comments outweigh its story is judged a thread.
STORY_URL = "https://news.example.com/2026/05/01/the-bridge-reopens"


def page(body: str, head: str = "") -> str:
    return f"<html><head><title>Example</title>{head}</head><body>{NAV}{body}{FOOTER}</body></html>"


def test_recipe_card_beside_a_long_story_is_kept_whole():
    story = "".join(STORY.format(i) for i in range(12))
    ingredients = "".join(f"<li>{n} cups of ingredient {n}</li>" for n in range(1, 9))
    steps = "".join(f"<li>Step {n}: mix it well.</li>" for n in range(1, 6))
    card = (f"<div class='recipe-card'><div class='inner'><h2>Apple cake</h2><h3>Ingredients</h3>"
            f"<ul>{ingredients}</ul><h3>Instructions</h3><ol>{steps}</ol></div></div>")
    article = extract(page(f"<main><div class='post'><h1>Apple cake</h1><div class='story'>{story}</div>"
                           f"{card}</div></main>"))
    assert "Story 0." in article.text and "Story 11." in article.text
    assert "8 cups of ingredient 8" in article.text and "Step 5: mix it well." in article.text
    assert "Home" not in article.text and "Copyright" not in article.text
    markdown = to_markdown(article.blocks)
    assert "- 1 cups of ingredient 1" in markdown and "1. Step 1: mix it well." in markdown


def test_product_page_of_short_lines_gives_its_highlights_description_and_specifications():
    highlights = "".join(f"<li>Highlight {n} here</li>" for n in range(6))
    specs = "".join(f"<tr><th>Spec {n}</th><td>{n * 10} mm</td></tr>" for n in range(8))
    description = ("<p>The Trail Bottle keeps water cold for a full day on the hill, and its wide mouth takes ice "
                   "cubes, a filter or a scoop of powder without a funnel. The lid locks shut in a bag.</p>")
    body = (f"<main><div class='product'><div class='summary'><h1>Trail Bottle</h1><p>25 EUR</p>"
            f"<ul>{highlights}</ul></div><div class='tabs'><div class='panel'><div>{description}</div></div>"
            f"<div class='panel'><table>{specs}</table></div></div></div></main>"
            "<aside><p>Customers also bought: a very long list of other things that we think you may like.</p>"
            "</aside>")
    article = extract(page(body))
    assert "wide mouth takes ice" in article.text
    assert all(f"Highlight {n} here" in article.text for n in range(6))
    assert "Spec 7" in article.text and "70 mm" in article.text
    assert "Customers also bought" not in article.text


def test_data_table_in_its_own_section_after_the_text_is_kept():
    rows = "".join(f"<tr><td>Model {n}</td><td>{n} kg</td><td>{n * 100} EUR</td></tr>" for n in range(10))
    body = ("<main><article><div class='wrapper'><div class='text'>" + "".join(STORY.format(i) for i in range(8))
            + f"</div></div><div class='comparison'><div><table><tr><th>Model</th><th>Weight</th><th>Price</th>"
            f"</tr>{rows}</table></div></div></article></main>")
    article = extract(page(body))
    assert "Model 9" in article.text and "900 EUR" in article.text and "Story 7." in article.text
    assert "| Model | Weight | Price |" in to_markdown(article.blocks)


def test_faq_after_the_text_is_kept():
    faq = "".join(f"<details><summary>Question {n}: can I return it?</summary><p>Yes, within {n} days.</p>"
                  "</details>" for n in range(4))
    body = ("<main><div class='page'><div class='lead'>" + "".join(STORY.format(i) for i in range(10))
            + f"</div><div class='faq'><div><h2>FAQ</h2>{faq}</div></div></div></main>")
    article = extract(page(body))
    assert "Question 3: can I return it?" in article.text and "Yes, within 3 days." in article.text


def test_list_heavy_article_keeps_its_items():
    items = "".join(f"<li><strong>Tip {n}</strong> drink water</li>" for n in range(15))
    body = (f"<main><div class='entry'><h1>Fifteen tips</h1><p>Short intro to the tips.</p><ul>{items}</ul>"
            "</div></main><div class='about-us'><p>We are a small team of writers who have been publishing "
            "tips about health and wellbeing since 2010, read by many people.</p></div>")
    article = extract(page(body))
    assert all(f"Tip {n} drink water" in article.text for n in range(15))


POST = ("<div class='comment' itemprop='comment' itemscope itemtype='https://schema.org/Comment'>"
        "<div class='comment-author'>user{0}</div><div class='comment-body'><p>Post {0}. I had the same problem "
        "with the driver after the update, and rolling back to the previous version fixed it for me.</p>"
        "</div></div>")


def test_forum_thread_keeps_its_posts():
    posts = "".join(POST.format(i) for i in range(1, 8))
    body = ("<main><div itemscope itemtype='https://schema.org/DiscussionForumPosting'>"
            "<h1 itemprop='headline'>Driver broken after update</h1><div class='comment-list'>"
            + POST.format(0) + posts + "</div></div></main>")
    article = extract(page(body))
    assert all(f"Post {i}." in article.text for i in range(8))


def test_thread_without_markup_whose_text_is_all_replies_keeps_them():
    posts = "".join(POST.format(i).replace(" itemprop='comment' itemscope itemtype='https://schema.org/Comment'", "")
                    for i in range(6))
    article = extract(page(f"<div class='container'><h1>Driver broken</h1><div class='replies'>{posts}</div></div>"))
    assert all(f"Post {i}." in article.text for i in range(6))


def test_comments_under_an_article_still_stay_out():
    posts = "".join(POST.format(i) for i in range(12))
    body = ("<main><article><h1>News</h1>" + "".join(STORY.format(i) for i in range(5))
            + f"</article><section class='comments'>{posts}</section></main>")
    article = extract(page(body))
    assert "Story 4." in article.text and "Post" not in article.text


def test_text_rendered_only_for_browsers_without_scripts_is_found():
    noscript = "<noscript><div class='crawler-view'>" + "".join(STORY.format(i) for i in range(4)) + "</div></noscript>"
    article = extract(f"<html><body><div id='app'></div>{noscript}</body></html>")
    assert "Story 3." in article.text
    assert article.reason is None and article.extractor.startswith("default")


def test_thread_served_in_noscript_under_an_app_shell_with_a_menu_is_found():
    # a script-rendered forum: the shell shows a menu, a tagline and "Loading...", the posts are in the noscript view
    shell = ("<header><nav><ul><li><a href='/latest'>Latest</a></li><li><a href='/top'>Top</a></li></ul></nav>"
             "<h1>Example Community</h1><p>Share and learn with others.</p></header><div id='app'>Loading...</div>")
    posts = "".join(f"<div class='post'><span class='author'>member{i}</span>{STORY.format(i)}</div>" for i in range(4))
    article = extract(f"<html><body>{shell}<noscript><div class='crawler-view'>{posts}</div></noscript></body></html>")
    assert all(f"Story {i}." in article.text for i in range(4))
    assert "Latest" not in article.text


def test_a_popover_is_furniture_like_a_dialog():
    # the HTML popover attribute marks a panel shown on demand (an install prompt, an off-canvas menu)
    popover = ("<div popover id='install'><h2>Install this app</h2><p>A full-screen app on your home screen with "
               "push notifications, badges and more for every reader of this site.</p><ol><li>Tap the share icon in "
               "the browser's bar</li><li>Scroll the menu and tap Add to Home Screen</li>"
               "<li>Tap Add in the top-right corner</li></ol></div>")
    posts = "".join(f"<div class='post'>{STORY.format(i)}</div>" for i in range(2))
    article = extract(page(f"{popover}<main><h1>Cakes</h1>{posts}</main>"))
    assert "Story 1." in article.text
    assert "full-screen app" not in article.text and "Tap Add" not in article.text


def test_a_noscript_notice_beside_a_page_of_short_lines_stays_out():
    lines = "".join(f"<div class='tile'><span>Room {n}</span></div>" for n in range(10))
    notice = "<noscript><p>Please turn on JavaScript in your browser to use every part of this site.</p></noscript>"
    article = extract(f"<html><body><div class='grid'>{lines}</div>{notice}</body></html>")
    assert "Room 9" in article.text and "JavaScript" not in article.text


def test_page_whose_every_container_carries_a_furniture_name_is_not_empty():
    widgets = "".join(f"<div class='widget widget-text'><div class='widget-container'>{STORY.format(i)}</div></div>"
                      for i in range(6))
    article = extract(page(f"<div class='page-builder'><div class='section'>{widgets}</div>"
                           "<div class='widget sidebar'><p>Search</p></div></div>"))
    assert all(f"Story {i}." in article.text for i in range(6))


def test_page_of_only_short_lines_is_not_empty_and_says_which_step_chose():
    from crawler.extractors.cascade.extractor import DefaultExtractor
    from crawler.extractors.document.parse import parse_html

    lines = "".join(f"<div class='tile'><span>Room {n}</span></div>" for n in range(10))
    html = f"<html><body><div class='grid'>{lines}</div></body></html>"
    # under the article rule (a kind's profile, when judged, keeps the tiles itself) the fallbacks decide and say so
    article = DefaultExtractor().extract(parse_html(html), kind="article")
    assert "Room 0" in article.text and "Room 9" in article.text
    assert article.extractor.startswith("default/")
    assert article.warnings and article.reason is None
    judged = extract(html)
    assert "Room 0" in judged.text and "Room 9" in judged.text


def test_article_whose_longest_part_is_a_data_table_keeps_its_prose_too():
    rows = "".join(f"<tr><td>Film {n}</td><td>{1990 + n}</td><td>A short line about film {n} and its director, "
                   "who also wrote it and starred in it.</td></tr>" for n in range(30))
    body = ("<main><div class='content'>" + "".join(STORY.format(i) for i in range(2))
            + f"<h2>Films</h2><table><thead><tr><th>Film</th><th>Year</th><th>About</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>" + STORY.format(2) + "</div></main>")
    article = extract(page(body))
    assert "Story 0." in article.text and "Story 2." in article.text and "Film 29" in article.text


def test_service_page_of_sections_side_by_side_gives_every_section():
    intro = ("<section class='intro'><div class='container'><div class='col'><h1>Data analytics services</h1>"
             + "".join(STORY.format(i).replace("Story", "Intro") for i in range(2)) + "</div>"
             "<div class='col'><a href='/contact'>Talk to an expert</a></div></div></section>")
    sections = "".join(
        f"<section class='band'><div class='container'><h2>Service {n}</h2><div class='row'>"
        + "".join(f"<div class='card'><h3>Offer {n}.{k}</h3><p>We build reports for offer {n}.{k} that your "
                  f"teams can use every single week.</p></div>" for k in range(3))
        + "</div></div></section>" for n in range(5))
    article = extract(f"<html><body>{NAV}{intro}{sections}{FOOTER}</body></html>")
    assert "Intro 0." in article.text and "Intro 1." in article.text
    assert all(f"offer {n}.{k} that" in article.text for n in range(5) for k in range(3))
    assert "Copyright" not in article.text and "Talk to an expert" not in article.text
    assert "widened" in article.extractor


def test_definition_lists_and_disclosures_keep_their_structure_in_markdown_and_html():
    from crawler.extractors.document.render import to_html

    terms = "".join(f"<dt>Term {n}</dt><dd>What term {n} means, in a few words.</dd>" for n in range(3))
    body = ("<main><article>" + "".join(STORY.format(i) for i in range(3)) + f"<dl>{terms}</dl>"
            "<details><summary>Can I return it?</summary><p>Yes, within thirty days of delivery.</p></details>"
            "</article></main>")
    article = extract(page(body))
    markdown = to_markdown(article.blocks)
    assert "**Term 0**\n: What term 0 means, in a few words." in markdown
    assert "**Can I return it?**" in markdown
    html = to_html(article.blocks)
    assert "<dl><dt>Term 0</dt><dd>What term 0 means, in a few words.</dd>" in html
    assert "<dt>Term 2</dt><dd>What term 2 means, in a few words.</dd></dl>" in html


def test_joined_blocks_say_which_step_joined_them():
    from crawler.extractors.cascade.extractor import DefaultExtractor
    from crawler.extractors.document.parse import parse_html

    posts = "".join("<div class='post'>" + f"<p>Post {i}. I had the same problem with the driver after the update, "
                    "and rolling back to the previous version fixed it for me.</p>" * (12 if i == 0 else 1) + "</div>"
                    for i in range(3))
    run = DefaultExtractor().run(parse_html(page(f"<div class='thread'>{posts}</div>")))
    reasons = {b.text[:6]: b.decisions[-1].reason for b in run.blocks if b.is_content}
    assert set(reasons) == {"Post 0", "Post 1", "Post 2"}
    assert reasons["Post 0"] == "inside the main text container"
    assert all("alike <div> units" in reasons[f"Post {i}"] for i in (1, 2))


def test_the_declared_page_type_is_searched_only_when_comment_names_could_matter(monkeypatch):
    # the search for schema.org thread types visits every node: an article without comment-named furniture
    # never needs it, a page with a comment section does (and a thread keeps its posts, as above)
    from crawler.extractors.cascade import beyond_prose

    calls: list[int] = []
    original = beyond_prose.declares_posts
    monkeypatch.setattr(beyond_prose, "declares_posts", lambda doc: calls.append(1) or original(doc))
    plain = extract(page("<main><article><h1>News</h1>" + "".join(STORY.format(i) for i in range(5))
                         + "</article></main>"), STORY_URL)
    assert "Story 4." in plain.text and calls == []
    posts = "".join(POST.format(i) for i in range(12))
    commented = extract(page("<main><article><h1>News</h1>" + "".join(STORY.format(i) for i in range(5))
                             + f"</article><section class='comments'>{posts}</section></main>"), STORY_URL)
    assert "Post" not in commented.text and calls == [1]
