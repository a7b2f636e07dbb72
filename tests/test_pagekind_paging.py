"""The page-kind features that tell an index of posts from the posts and pages it lists: links to the index's
other pages (rel=next, ?page=N, /page/N) and the share of the page's words in its longest run of prose."""

from __future__ import annotations

from crawler.extractors import parse_html
from crawler.extractors.pagekind.features import FEATURE_NAMES, page_features

SENTENCE = ("The council met on Tuesday evening to discuss the new budget, and members argued at length about "
            "the cost of repairing the old bridge before the winter storms arrive in the valley. ")


def feature(html: str, name: str, url: str = "https://example.org/blog/") -> float:
    return page_features(parse_html(html, url))[FEATURE_NAMES.index(name)]


def teasers(pager: str) -> str:
    """A blog index: linked headings, each with a short summary, then the pager."""
    items = "".join(f"<article><h2><a href='/blog/post-{i}'>Post number {i} about the bridge</a></h2>"
                    f"<p>A short summary of post {i}: what the council decided and why it matters now.</p>"
                    f"<p><a href='/blog/post-{i}'>Read more</a></p></article>" for i in range(8))
    return f"<html><head><title>Blog</title></head><body><main>{items}{pager}</main></body></html>"


def test_links_to_an_index_next_pages_are_counted() -> None:
    pager = ("<nav class='pagination'><a href='/blog/page/2/'>2</a><a href='/blog/?page=3'>3</a>"
             "<a rel='next' href='/blog/later'>Next</a></nav>")
    assert feature(teasers(pager), "pagination_links") > feature(teasers(""), "pagination_links") == 0.0


def test_a_link_to_a_post_or_a_pages_word_is_not_pagination() -> None:
    links = "<p><a href='/pages/about'>About</a> <a href='/blog/page-two-of-the-story'>Story</a></p>"
    assert feature(teasers(links), "pagination_links") == 0.0


def test_an_article_is_one_long_run_of_prose() -> None:
    article = ("<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article><h1>Budget</h1>"
               + "".join(f"<p>{SENTENCE}</p>" for _ in range(6)) + "</article></body></html>")
    assert feature(article, "prose_run_share") > 0.8


def test_an_index_of_teasers_breaks_its_prose_at_every_linked_heading() -> None:
    assert feature(teasers(""), "prose_run_share") < 0.25


def test_a_next_page_declared_in_the_head_is_counted() -> None:
    html = teasers("").replace("<title>Blog</title>", "<title>Blog</title><link rel='next' href='/blog/page/2/'>")
    assert feature(html, "pagination_links") > 0.0
