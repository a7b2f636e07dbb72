"""The author box's guard: a page's photos are read only for a name alone that is described after it (a biography
or a writer's role), and the guarded search finds what the full one does on pages of each kind."""

from __future__ import annotations

import pytest

from crawler.extractors import parse_html
from crawler.extractors.metadata import author_boxes
from crawler.extractors.metadata.author_boxes import author_box
from crawler.extractors.metadata.line_findings import short_blocks
from crawler.extractors.metadata.visible import headline_index

STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
# a list page's name-shaped lines with nothing about a person after them (menus, section heads)
MENU = "".join(f"<li><a href='/s/{n}'>{n} News</a></li>" for n in ("World", "Local", "Sports", "Arts", "Travel"))


def _box(body: str) -> list[str]:
    html = f"<html lang='en'><head><title>A headline</title></head><body><h1>A headline</h1>{body}</body></html>"
    doc = parse_html(html, "https://blog.example.org/posts/a-post")
    short = short_blocks(doc)
    index = headline_index(doc, "A headline")
    assert index is not None
    return author_box(doc, short.positions, short.texts, index)


def test_name_lines_with_nothing_after_them_do_not_read_the_photos(monkeypatch: pytest.MonkeyPatch) -> None:
    def walked(_doc: object) -> str:
        raise AssertionError("the photos were read")

    monkeypatch.setattr(author_boxes, "_photo_alts", walked)
    body = f"<ul>{MENU}</ul><img src='/a.jpg' alt='World News today'>{STORY}"
    assert _box(body) == []


@pytest.mark.parametrize(("body", "expected"), [
    # a name alone, its biography after it, its photo: the guard lets it through to the photos
    ("<div><img src='/a.jpg' alt='Alban Brooke'></div><div><p>Alban Brooke</p><p>Alban Brooke is the Head of "
     "Marketing at Example. He has written on tax for ten years.</p></div>" + STORY, ["Alban Brooke"]),
    # a name alone, a writer's role after it, its photo
    ("<div><img src='/e.jpg' alt='Elliot Rana'></div><div><p>Elliot Rana</p><p>Technology Writer</p></div>" + STORY,
     ["Elliot Rana"]),
    # the name and its role in one line (no guard on that path)
    ("<p><img src='/t.png' alt='Tim Greer'></p><p><strong>Tim Greer</strong> Technology Writer</p>" + STORY,
     ["Tim Greer"]),
    # the name and its biography without a photo describing it: no box
    ("<div><img src='/a.jpg' alt='A view of the bay'></div><div><p>Alban Brooke</p><p>Alban Brooke is the Head of "
     "Marketing at Example. He has written on tax for ten years.</p></div>" + STORY, []),
    # a name a photo describes with nothing said of the person after it: no box
    (f"<ul>{MENU}</ul><div><img src='/a.jpg' alt='Alban Brooke'></div><p>Alban Brooke</p>" + STORY, []),
    # two people's boxes: a list, not the writer's
    ("".join(f"<div><img src='/{n}.jpg' alt='{n} Moreau'><h3>{n} Moreau</h3><p>{n} Moreau is a chef in Lyon. "
             "She cooks.</p></div>" for n in ("Anna", "Claire")) + STORY, []),
])
def test_the_guarded_search_finds_the_box_of_each_kind(body: str, expected: list[str]) -> None:
    assert _box(body) == expected
