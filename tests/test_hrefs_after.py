"""``hrefs_after`` (``crawler.kernels.walk``): the hrefs of the links after an element in document order, its own
links left out, at most so many, in C and by its Python twin (the XPath), both called; the forum thread's starter is
looked for in them (``metadata.profile_links.thread_starter``)."""

from __future__ import annotations

import pytest
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import etree, html

PAGE = """<html><head><title>Board keeps rebooting</title></head><body>
<nav><a href="/">Home</a><a href="/forum/">Forum</a></nav>
<div class="thread"><h1>Board keeps <a href="/t/1">rebooting</a></h1>
<!-- the first post --><div class="post"><a href="/members/quietfox.12/">quietfox</a> wrote:
<p>It reboots. <a>no address</a> <a href="">empty</a></p></div>
<div class="post"><a href="/members/ajay.75/">ajay</a> replied <a name="x" href="#reply">reply</a></div></div>
<footer><a href="https://example.org/about">About</a></footer></body></html>"""


def _headline(page: str) -> etree._Element:
    return html.fromstring(page).find(".//h1")


def test_the_links_after_the_headline_are_read_in_order_without_its_own() -> None:
    expected = ["/members/quietfox.12/", "", "/members/ajay.75/", "#reply", "https://example.org/about"]
    assert PYTHON.hrefs_after(_headline(PAGE), 200) == expected


def test_at_most_the_first_links_are_read() -> None:
    assert PYTHON.hrefs_after(_headline(PAGE), 2) == ["/members/quietfox.12/", ""]
    assert PYTHON.hrefs_after(_headline(PAGE), 0) == []


def test_an_element_with_nothing_after_it_has_no_links_after_it() -> None:
    root = html.fromstring(PAGE)
    assert PYTHON.hrefs_after(root, 200) == []
    assert PYTHON.hrefs_after(root.find(".//footer/a"), 200) == []


@needs_walk
@pytest.mark.parametrize("most", [0, 1, 2, 3, 200])
def test_the_compiled_reading_is_the_xpaths(most: int) -> None:
    elements = list(html.fromstring(PAGE).iter(etree.Element))  # (every element, not the comment)
    assert len(elements) > 12
    assert [WALK.hrefs_after(element, most) for element in elements] == \
        [PYTHON.hrefs_after(element, most) for element in elements]


@needs_walk
def test_a_namespaced_link_is_not_an_html_one() -> None:
    root = etree.fromstring('<r xmlns:x="urn:x"><h1/><x:a href="/no"/><a href="/yes"/></r>')
    heading = root.find("h1")
    assert WALK.hrefs_after(heading, 200) == PYTHON.hrefs_after(heading, 200) == ["/yes"]
