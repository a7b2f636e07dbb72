"""The default extractor on hand-written pages: container choice, furniture, link lists, fallbacks."""

from crawler.extractors import extract
from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.cascade.furniture import is_boilerplate_container
from crawler.extractors.document.parse import parse_html

PARAGRAPH = "<p>{} The council met on Tuesday evening to discuss the new budget, and members argued at length.</p>"


def article_page(body: str, extra: str = "") -> str:
    return f"""<html><head><title>Budget vote - Gazette</title></head><body>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li>
    <li><a href="/sport">Sport</a></li></ul></nav>
    <div class="layout"><div class="article-body">{body}</div>
    <aside class="sidebar"><p>Popular: a long sidebar teaser sentence that has quite a few words in it.</p></aside>
    </div>{extra}
    <footer><p>Copyright 2024 Gazette Media Group. All rights reserved. Terms and privacy apply here.</p></footer>
    </body></html>"""


def paragraphs(n: int) -> str:
    return "".join(PARAGRAPH.format(f"Paragraph {i}.") for i in range(n))


def test_keeps_the_article_and_drops_navigation_sidebar_and_footer():
    article = extract(article_page(paragraphs(5)), "https://gazette.example/news/2024/budget")
    lines = article.text.split("\n")
    assert lines[0].startswith("Paragraph 0.") and len(lines) == 5
    assert "Home" not in article.text and "Popular" not in article.text and "Copyright" not in article.text
    assert article.extractor == "default/blocks"


def test_comment_section_is_dropped_even_when_longer_than_the_article():
    comments = "<div class='comments'>" + paragraphs(12).replace("Paragraph", "Comment") + "</div>"
    article = extract(article_page(paragraphs(4), extra=comments))
    assert "Comment" not in article.text and article.text.count("Paragraph") == 4


def test_related_links_inside_the_article_are_dropped():
    related = "<ul class='list'>" + "".join(f"<li><a href='/{i}'>Related story number {i}</a></li>" for i in range(5))
    article = extract(article_page(paragraphs(4) + related + "</ul>"))
    assert "Related story" not in article.text


def test_a_paragraph_with_several_inline_links_is_kept():
    linked = ("<p>A <a href='/r'>new report</a> by the <a href='/c'>city council</a> questions the plan, which "
              "<a href='/m'>the mayor announced last month</a>, and asks for a new vote before summer.</p>")
    related = "<p>Related: <a href='/x'>Mayor announces the plan for the new harbour bridge</a></p>"
    page = article_page(paragraphs(5) + linked + related + paragraphs(2))
    block = next(b for b in parse_html(page).blocks if "questions the plan" in b.text)
    assert block.link_density > 1 / 3  # a link list by boilerpipe's rule
    article = extract(page)
    assert "questions the plan" in article.text and "Related:" not in article.text


def test_article_split_over_sibling_columns_is_kept_whole():
    columns = "".join(f"<div class='column'>{paragraphs(3)}</div>" for _ in range(4))
    article = extract(article_page(f"<section>{columns}</section>"))
    assert article.text.count("Paragraph") == 12


def test_wrapper_named_like_furniture_is_not_furniture_when_it_holds_the_text():
    sidebar = "<div class='sidebar'><p>x</p></div>"
    page = f"<html><body><div class='has-sidebar'>{paragraphs(6)}</div>{sidebar}</body></html>"
    assert extract(page).text.count("Paragraph") == 6


def test_furniture_names():
    element = parse_html("<html><body><div class='share-tools'>x</div></body></html>").blocks[0].element
    assert is_boilerplate_container(element) == "class/id 'share'"
    canvas = parse_html("<html><body><div class='canvas'>x</div></body></html>").blocks[0].element
    assert is_boilerplate_container(canvas) is None


def test_paragraphs_behind_a_paywall_wrapper_are_the_article_but_its_prompt_is_not():
    prompt = "<div class='paywall-prompt'><p>Subscribe to keep reading this story and many more like it.</p></div>"
    body = f"{paragraphs(5)}<div class='paywall'>{paragraphs(3)}</div>{prompt}"  # under half the text
    article = extract(article_page(body))
    assert article.text.count("Paragraph") == 8 and "keep reading" not in article.text


def test_every_block_has_a_decision_with_a_reason():
    doc = parse_html(article_page(paragraphs(3)))
    run = DefaultExtractor().run(doc)
    assert all(block.decisions and block.decisions[-1].reason for block in run.blocks)


def test_too_little_text_falls_back_to_lineblock():
    teasers = "".join(f"<div class='teaser'><p>{'Teaser text with enough words to count here. ' * 3}</p></div>"
                      for _ in range(8))
    article = extract(f"<html><body><div class='a'>{teasers}</div></body></html>")
    assert article.extractor in {"default/blocks", "default/lineblock"}
    assert article.text


def test_learned_template_lines_become_furniture():
    from crawler.extractors.templates.extractor import TemplateExtractor
    from crawler.extractors.templates.store import MemoryTemplateStore

    template = TemplateExtractor(MemoryTemplateStore())
    chrome_top = "".join(f"<div>{name}</div>" for name in ["Home", "World", "Business", "Culture", "Sport"])
    chrome_bottom = "".join(f"<div>{name}</div>" for name in ["About us", "Contact", "Privacy", "Terms", "Jobs"])
    for n, topic in enumerate(["Harbour", "Railway"]):
        html = f"<html><body>{chrome_top}{paragraphs(3 + n).replace('council', topic)}{chrome_bottom}</body></html>"
        url = f"https://site.example/news/2024/0{n + 1}/{topic.lower()}-plans-approved-after-debate.html"
        doc = parse_html(html, url)
        template.learn(doc)
    html = f"<html><body>{chrome_top}{paragraphs(4).replace('Paragraph', 'Fresh')}{chrome_bottom}</body></html>"
    doc = parse_html(html, "https://site.example/news/2024/05/budget-approved-after-long-debate.html")
    article = DefaultExtractor(template).extract(doc)
    assert article.extractor == "default/template+blocks"
    assert article.template is not None
    assert article.text.count("Fresh") == 4 and "Business" not in article.text and "Privacy" not in article.text
    decisions = [b.decisions[-1].reason for b in article.blocks if b.text == "Business"]
    assert decisions == ["inside page furniture (a line of the site's learned template)"]


def test_empty_page_has_a_reason():
    article = extract(b"")
    assert article.text == "" and article.reason == "empty input"


def test_article_split_over_wrapped_sections_is_climbed_to():
    sections = "".join(f"<div class='wrap'><div class='section'>{paragraphs(3 + i)}</div></div>" for i in range(3))
    article = extract(article_page(f"<div class='sections'>{sections}</div>"))
    assert article.text.count("Paragraph") == 3 + 4 + 5


def test_sections_wrapped_five_deep_are_climbed_to():
    # component-built pages: section > div > div > div.content, sections separated by figures
    def section(count: int) -> str:
        return (f"<section class='outer'><div class='container'><div class='post-section'><div class='content'>"
                f"{paragraphs(count)}</div></div></div></section>")

    figure = "<figure><img src='x.jpg'><figcaption>A picture of the council chamber.</figcaption></figure>"
    body = f"<div class='post-body'><div class='blocks'>{section(4)}{figure}{section(5)}</div></div>"
    assert extract(article_page(body)).text.count("Paragraph") == 4 + 5


def test_the_climb_stops_at_the_article_element():
    # teasers with summaries carry few links, so only the <article> element says where the article ends
    summary = "A summary of another story that runs on for quite a number of words without any links. " * 2
    teasers = "".join(f"<div class='teaser'><h3><a href='/t{i}'>Another story {i}</a></h3><p>{summary}</p></div>"
                      for i in range(6))
    page = (f"<html><body><div class='site'><div class='main-area'><div class='primary'><article><div class='body'>"
            f"{paragraphs(10)}</div></article></div></div><div class='more'>{teasers}</div></div></body></html>")
    article = extract(page)
    assert article.text.count("Paragraph") == 10 and "another story" not in article.text


def test_a_lead_in_a_container_of_its_own_is_climbed_to():
    # the lead is a quarter of the text: the common parent holds 1.3 times the body's running text
    page = (f"<html><body><div class='story'><div class='top'><div class='lead'>{paragraphs(3)}</div></div>"
            f"<div class='rest'><div class='story-text'>{paragraphs(10)}</div></div></div></body></html>")
    assert extract(page).text.count("Paragraph") == 13


def test_a_carousel_of_teaser_cards_beside_the_article_is_not_climbed_to():
    # unlinked summaries (the carousel is filled by a script), so link density does not tell them apart
    summary = "A summary of another story that runs for two sentences. It says what happened and where."
    cards = "".join(f"<div class='slide'><h3>Another story {i}</h3><p>{summary}</p><div class='date'>2024-03-1{i}"
                    f"</div></div>" for i in range(6))
    page = (f"<html><body><div class='left'><div class='article'>{paragraphs(10)}</div>"
            f"<div class='slider'><div>{cards}</div></div></div></body></html>")
    article = extract(page)
    assert article.text.count("Paragraph") == 10 and "Another story" not in article.text


def test_teaser_list_next_to_the_article_is_not_climbed_to():
    teasers = "".join(
        f"<div class='item'><h3><a href='/t{i}'>Teaser headline number {i} about the day</a></h3>"
        f"<p>A short summary of the teased story, which says a little about what happened.</p></div>"
        for i in range(12)
    )
    page = f"<html><body><div class='page'><div class='post'>{paragraphs(6)}</div>{teasers}</div></body></html>"
    article = extract(page)
    assert article.text.count("Paragraph") == 6 and "summary" not in article.text


def test_heading_anchor_ids_are_not_furniture_names():
    section = "<div class='section' id='sharing-with-a-single-developer'>" + paragraphs(4) + "</div>"
    assert extract(f"<html><body><div class='doc'>{paragraphs(2)}{section}</div></body></html>").text.count(
        "Paragraph"
    ) == 6
    short = parse_html("<html><body><div id='share-bar'>x</div></body></html>").blocks[0].element
    assert is_boilerplate_container(short) == "class/id 'share'"
