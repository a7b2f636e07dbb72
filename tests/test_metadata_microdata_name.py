"""A microdata author's name is found as ElementPath finds ``.//*[@itemprop='name']`` (issue 16, a cheap worker),
without its path machinery: the first descendant element whose itemprop is exactly "name"."""

from __future__ import annotations

import pytest
from lxml import etree, html

from crawler.extractors.metadata.structured import named_within as _named_within

AUTHORS = [
    "<span itemprop='author'><span itemprop='name'>Ann Lee</span></span>",
    "<span itemprop='author'>Ann Lee</span>",  # no name inside
    "<div itemprop='author'><!-- c --><a href='/a'><b itemprop='name'>Ann</b></a><i itemprop='name'>Bob</i></div>",
    "<div itemprop='author'><span itemprop='name author'>Multi</span><span itemprop='name'>Exact</span></div>",
    "<div itemprop='author'><span itemprop=' name'>Spaced</span><span itemprop='NAME'>Upper</span></div>",
    "<div itemprop='author' ><div><div><p itemprop='name'>Deep</p></div></div><meta itemprop='name' content='M'></div>",
    "<div itemprop='name'><span>The element itself is not its own descendant</span></div>",
]


@pytest.mark.parametrize("markup", AUTHORS)
def test_the_name_element_is_elementpaths(markup: str) -> None:
    element = html.fragment_fromstring(markup)
    assert _named_within(element) is element.find(".//*[@itemprop='name']")


def test_a_processing_instruction_or_entity_is_passed_over() -> None:
    element = etree.Element("div", itemprop="author")
    element.append(etree.ProcessingInstruction("x", "itemprop"))
    etree.SubElement(element, "span", itemprop="name").text = "Ann"
    assert _named_within(element) is element.find(".//*[@itemprop='name']") is not None
