"""The default extractor's verdicts inside the article container (issue 13, item 1: crawler/extractors/inside_article).

Hand-written pages, one per class of page: an article with a list of links in its body (a table of contents, a
list of sources, a line that is one link), and an article with an embedded gallery of captioned slides inside a
box named like furniture. Names in them are generic (no site's markup).
"""

from crawler.extractors import extract, get_extractor
from crawler.extractors.document.parse import parse_html

NAV = """<header><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li>
<li><a href="/sport">Sport</a></li></ul></nav></header>"""
PARAGRAPH = ("<p>Paragraph {0}. The council met on Tuesday evening to discuss the new bridge, and after a long "
             "debate about its cost the members agreed to put the plan to the town in a vote next spring.</p>")


def paragraphs(start: int, stop: int) -> str:
    return "".join(PARAGRAPH.format(i) for i in range(start, stop))


def page(body: str) -> str:
    return f"<html><head><title>Bridge</title></head><body>{NAV}{body}</body></html>"


def decisions_of(html: str, text: str) -> list[tuple[str, bool | None]]:
    doc = parse_html(html)
    run = get_extractor("default").run(doc)
    block = next(b for b in run.blocks if text in b.text)
    return [(d.step, d.content) for d in block.decisions]


def test_list_of_links_inside_the_body_is_kept_and_link_lists_at_its_end_are_not():
    contents = "".join(f'<li><a href="#part-{n}">Part {n} of the story</a></li>' for n in range(5))
    sources = "".join(f'<li><a href="https://example.org/report-{n}">Council report {n}</a></li>' for n in range(4))
    related = "".join(f'<li><a href="/news/{n}">Other story number {n}</a></li>' for n in range(6))
    body = (f"<main><div class='story'><h1>The bridge</h1><ul>{contents}</ul>{paragraphs(0, 4)}"
            f"<p>Sources:</p><ul>{sources}</ul>"
            f'<p><a href="https://example.org/minutes">The minutes of the meeting</a></p>'
            f"{paragraphs(4, 8)}<ul>{related}</ul></div></main>")
    article = extract(page(body))
    assert "Paragraph 0." in article.text and "Paragraph 7." in article.text
    assert "Council report 3" in article.text and "The minutes of the meeting" in article.text
    assert "Other story number 5" not in article.text  # after the last paragraph: a related-links list
    assert "Home" not in article.text
    steps = decisions_of(page(body), "Council report 0")
    assert steps[-1] == ("KeepLinksInsideArticle", True)


def test_embedded_gallery_named_like_a_widget_is_not_the_article():
    slides = "".join(
        f"<li><h2>{n}/20 Market news in pictures</h2><p>Slide {n}. Shares in the mining company rose sharply on "
        "Monday after it reported a record quarter, and analysts said the rally could last into the summer as "
        "prices of iron ore kept climbing across the world's markets.</p><p class='credits'>Agency</p></li>"
        for n in range(20)
    )
    gallery = (f"<div class='embed-widget'><div class='gallery'><h2>Business in pictures</h2><ul>{slides}</ul>"
               "</div></div>")
    body = f"<main><div class='story'><h1>The bridge</h1>{paragraphs(0, 5)}{gallery}{paragraphs(5, 8)}</div></main>"
    article = extract(page(body))
    assert "Paragraph 0." in article.text and "Paragraph 7." in article.text
    assert "Slide 3." not in article.text and "Market news in pictures" not in article.text
    assert article.extractor == "default/blocks"
    assert decisions_of(page(body), "Slide 3.")[-1] == ("DropNamedBoxesBeside", False)


def test_wrapper_named_like_a_widget_that_holds_the_article_stays_content():
    # The share exemption's own case: a page builder's "widget" wrapping the story's paragraphs.
    body = (f"<main><div class='story'><h1>The bridge</h1><div class='text-widget'>{paragraphs(0, 8)}</div>"
            "</div></main>")
    article = extract(page(body))
    assert "Paragraph 0." in article.text and "Paragraph 7." in article.text


def test_lone_line_citing_another_site_is_kept_and_a_teaser_of_the_same_site_is_not():
    source = '<p>Source: <a href="https://statistics.example.org/bridges-2026">National bridge survey</a></p>'
    teaser = '<p>Read more: <a href="https://www.gazette.example/news/other">Mayor opens the new harbour</a></p>'
    html = page(f"<main><div class='story'><h1>The bridge</h1>{paragraphs(0, 4)}{source}{paragraphs(4, 6)}"
                f"{teaser}{paragraphs(6, 8)}</div></main>")
    article = extract(html, "https://www.gazette.example/news/bridge")
    assert "National bridge survey" in article.text
    assert "Mayor opens the new harbour" not in article.text and "Paragraph 7." in article.text


def test_listing_keeps_the_linked_titles_of_its_items():
    items = "".join(
        f'<p class="title"><a href="/blog/post-{n}">Post number {n} of the engineering blog</a></p>'
        f"<p>Summary {n}. We moved the build system to a new cache and cut the time of a full build of the "
        "monorepo from forty minutes to six, and here is how the migration went step by step.</p>"
        for n in range(6)
    )
    html = page(f"<main><div class='posts'><h1>Engineering blog</h1>{items}</div></main>")
    article = extract(html, "https://engineering.example.com/")
    assert "Summary 0." in article.text and "Summary 5." in article.text
    assert all(f"Post number {n} of the engineering blog" in article.text for n in range(1, 5))
    assert "Home" not in article.text
