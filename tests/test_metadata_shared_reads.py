"""The metadata step's cheaper reads give what the reads they replace gave (the worker at most 1.3x default's cost):
the hAtom stamps found by the compiled marked-element walk against hAtom's XPath, an ASCII text's normal form
without the normaliser, on pages and texts of the classes each serves."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest
from helpers.twins import PYTHON, WALK, needs_walk
from lxml import html as lxml_html

from crawler.extractors.document.parse import parse_html
from crawler.extractors.document.text import CJK_RE
from crawler.extractors.metadata import (
    author_boxes,
    bare_bylines,
    byline,
    credit_lines,
    extract_metadata,
    line_findings,
    personal_sites,
    profile_links,
)
from crawler.extractors.metadata.cjk_dates import gregorian_years
from crawler.extractors.metadata.dates import normalise
from crawler.extractors.metadata.hatom import HATOM_STAMPS, TITLED_SPANS, hatom_stamps, titled_spans

# Blogger's and WordPress themes' stamps, and the near misses hAtom's XPath refuses: another tag, no title, the word
# inside a longer class, another case, XML white space inside the class, a stamp at the body itself.
STAMP_PAGE = """<html><body class="published"><div class="post">
<h2>Posted at <abbr class="published" title="2024-03-05T10:15:00+05:30">10:15 AM</abbr></h2>
<span class="entry-date published updated" title="2023-11-20">Nov 20</span>
<span class="unpublished" title="2023-01-01">draft</span>
<span class="published-by" title="2023-01-02">x</span>
<abbr class="Published" title="2023-01-03">y</abbr>
<div class="published" title="2023-01-04">a div</div>
<span class="published">no title</span>
<span class="  foo\tupdated\n" title="">tabbed</span>
<abbr class="x updated\u00a0y" title="2023-01-05">nbsp is no XML space</abbr>
<span class="\u00e9t\u00e9 published" title="2023-01-06">accented class</span>
<p><span class="updated" title="2024-02-01">Feb 1</span></p>
</div></body></html>"""


def test_hatom_stamps_are_the_xpaths():
    body = lxml_html.fromstring(STAMP_PAGE)
    body = body.find("body") if body.tag != "body" else body
    expected = HATOM_STAMPS(body)
    assert [element.text for element in expected] == ["10:15 AM", "Nov 20", "tabbed", "accented class", "Feb 1"]
    assert hatom_stamps(body) == expected


def test_hatom_stamps_on_random_class_mixtures():
    words = ["published", "updated", "Published", "unpublished", "updated-at", "x", "post", "\u00e9"]
    spaces = [" ", "  ", "\t", "\n", "\r", "\u00a0", ""]
    rng = random.Random(7)
    for _ in range(40):
        parts = []
        for _ in range(30):
            tag = rng.choice(["abbr", "span", "div", "p"])
            cls = "".join(rng.choice(words) + rng.choice(spaces) for _ in range(rng.randint(0, 3)))
            title = rng.choice(['', ' title=""', ' title="2024-01-01"'])
            parts.append(f'<{tag} class="{cls}"{title}>t</{tag}>')
        body = lxml_html.fromstring(f"<html><body><div>{''.join(parts)}</div></body></html>").find("body")
        assert hatom_stamps(body) == HATOM_STAMPS(body)


def test_the_titled_spans_are_the_xpaths_with_a_dash_in_the_title():
    # a forum's exact moment behind its relative one, and the spans the XPath or the dash leaves out
    page = ("<html><body><p>发表于 <span title='2024-3-5 14:30:12'>3 天前</span></p>"
            "<span title='2/21/2024 5:00:00\u00a0AM'>x</span><span title='Комментарии'>y</span>"
            "<span title='2024-03-05'>z</span><span title='short-'>s</span><b title='2024-3-5 14:30'>b</b>"
            "<span title='2024-03-05 14:30:12 +08:00 more'>long</span><span>none</span>"
            "<span title='\u4e8c\u3007\u4e8c\u56db-3-5 14:30'>han</span></body></html>")
    body = lxml_html.fromstring(page).find("body")
    expected = [element for element in TITLED_SPANS(body) if "-" in element.get("title")]
    assert [element.text for element in expected] == ["3 天前", "z", "han"]
    assert titled_spans(body) == expected


def test_an_ascii_text_is_its_own_normal_form():
    for text in ["By Jane Doe | March 3, 2020", "2019-12-10 07:57:40", "", " \t", "".join(map(chr, range(128)))]:
        assert normalise(text) is text
        assert normalise(text) == gregorian_years(unicodedata.normalize("NFKC", text))
    for text in ["２０２１年３月５日　０９：３０", "令和6年3月5日", "café 2024"]:
        assert normalise(text) == gregorian_years(unicodedata.normalize("NFKC", text))


# ---------------------------------------------------------------- bylines without "By": the signs looked for first

def _bare_byline_dates(monkeypatch, body: str) -> tuple[list[str], int]:
    """The authors of a page whose headline is followed by ``body``, and how many times the bare bylines' reader
    parsed a date."""
    calls = []
    original = bare_bylines.find_text_date_span
    monkeypatch.setattr(bare_bylines, "find_text_date_span", lambda text: calls.append(text) or original(text))
    story = "The pier opened on Monday after two years of work by the port's crews. " * 4
    page = "<html><head><title>Harbor opens its new pier</title></head><body><h1>Harbor opens its new pier</h1>" \
           f"{body}<p>{story}</p></body></html>"
    return extract_metadata(parse_html(page, "https://example.org/harbor")).authors, len(calls)


def test_a_date_line_without_a_sign_of_a_person_is_not_read_for_a_name(monkeypatch):
    # a section after the date (no initial, no photo, no "on behalf of"): no date parsed for a name
    assert _bare_byline_dates(monkeypatch, "<div><p>Dec 26, 2025 • Cloud Computing</p></div>") == ([], 0)
    # the date block, then a name with no photo beside it
    assert _bare_byline_dates(monkeypatch, "<div><p>2025-12-17 ·</p><p>Trine Holm</p></div>") == ([], 0)


def test_a_date_line_with_a_sign_of_a_person_still_gives_the_name(monkeypatch):
    authors, parsed = _bare_byline_dates(monkeypatch, "<div><p>Dec 17, 2025Julian K. Marsh</p></div>")
    assert authors == ["Julian K. Marsh"] and parsed
    authors, _ = _bare_byline_dates(monkeypatch, "<div><p>2025-12-17 ·</p><p><img class='avatar' src='/t.png'>"
                                                 "Trine Holm</p></div>")
    assert authors == ["Trine Holm"]
    authors, _ = _bare_byline_dates(monkeypatch, "<p>Dec. 19, 2025 · Niamh Lorcan on behalf of the Docs group·</p>")
    assert authors == ["Niamh Lorcan"]


# ---------------------------------------------------------------- CJK credit readers, CJK lines only

LATIN_LINES = ["By Jane Doe — March 3, 2020", "Jane Doe’s notes | 2020", "Écrit par Claire Petit", "GameForce’s "
               "desk 2019-09-04 22:18:34", "Ñandú Reyes 2020-03-09 18:14:21", "Posted: 3 März 2024 von Jörg Müller",
               "(Jane Doe – Reuters)", "【Tom Lee】 2011-10-15 15:05", "Иван Петров | Москва"]
CJK_LINES = ["本报记者张三发自北京", "（张三 上海报道）", "张三 发表于 2005-08-12", "张三的博客",
             "作者：放飞&心情 2019-03-01", "2004年7月16日08:19 [ 张三 ]", "石佳/中国青年报",
             "华夏人文 2020-03-09 18:14:21", "原创 赵一鸣 科技前沿 2024-03-05 21:08",
             "发表于2014-08-24 21:30| 来源CSDN| 作者魏星", "新华社北京3月5日电（记者 王晓 刘洋）", "ライター：鈴木美咲",
             "作성자 푸른하늘", "작성자 푸른하늘", "文：ジョン・スミス", "投稿日：2024年3月5日 投稿者：たなか"]


def _line_authors_reading_all(line: str, near: bool) -> list[str]:
    """``credit_lines.line_authors`` as it read a line outside ASCII before: every Chinese credit reader asked."""
    c = credit_lines
    found = c.credit_line_people(line) or c.poster_of(line) or c.dateline_people(line) or c.katakana_writer(line)
    if not found and ("|" in line or "｜" in line):
        found = next((people for part in re.split(r"[|｜]", line) if (people := c.credit_line_people(part))), [])
    if not found and near:
        found = c.bracketed_beside_date(line) or c.name_with_outlet(line) or c.account_before_date(line)
    if found:
        return found
    names = [name for name in c.byline_names(line) if not (CJK_RE.search(name) and c.refused(name))]
    return names or ([] if CJK_RE.search(line) else c.byline_after_date(line))


def test_a_line_without_a_cjk_character_is_read_as_before_without_the_cjk_readers(monkeypatch):
    rng = random.Random(11)
    pieces = [*LATIN_LINES, *CJK_LINES, " ", " | ", "’", "·", "2020-03-09 18:14:21"]
    lines = [*LATIN_LINES, *CJK_LINES, *("".join(rng.choice(pieces) for _ in range(rng.randint(1, 4)))
                                         for _ in range(300))]
    expected = {(line, near): _line_authors_reading_all(line, near) for line in lines for near in (False, True)}
    assert any(expected.values()) and any(names for (line, _), names in expected.items() if line in LATIN_LINES)
    for (line, near), names in expected.items():
        assert credit_lines.line_authors(line, near=near) == names, line
    for name in ("credit_line_people", "poster_of", "dateline_people", "katakana_writer", "bracketed_beside_date",
                 "name_with_outlet"):
        monkeypatch.setattr(credit_lines, name, lambda *args: pytest.fail(f"a CJK reader asked of {args}"))
    for line in LATIN_LINES:
        credit_lines.line_authors(line, near=True)


# ---------------------------------------------------------------- the compiled word search, one table per caller

@needs_walk
def test_the_word_search_asked_by_callers_in_turn_finds_what_the_twin_finds():
    callers = [(byline.CREDIT_WORDS, byline.CREDIT_LINE_WORDS), (line_findings.DATE_BLOCK_WORDS, ()),
               (author_boxes.WRITER_ROLE_WORDS, ()), (profile_links.PROFILE_WORDS, profile_links.PROFILE_LINE_WORDS)]
    texts = [*LATIN_LINES, *CJK_LINES, "Updated 3 hours ago", "Published: 2024-03-05", "/member/jane", "u/jane",
             "Staff Writer", "Edited by Ann Lee", "03/01/2017 by Jane Doe", "", "\n by x"]
    rng = random.Random(5)
    for _ in range(200):
        words, line_words = rng.choice(callers)
        sample = rng.sample(texts, rng.randint(0, 8))
        assert WALK.texts_with_words(sample, words, line_words) == PYTHON.texts_with_words(sample, words, line_words)


# ---------------------------------------------------------------- the owner's home link, read only for a name to find

def test_the_home_links_are_not_read_without_a_name_to_find(monkeypatch):
    root = lxml_html.fromstring("<html><body><header><a href='/'>Jane Doe</a></header><a href='/about/'>About</a>"
                                "<a href='https://other.example/'>Jane Doe</a></body></html>")
    url = "https://jane.example/2024/03/notes.html"
    assert personal_sites.home_link_names(root, url, ["Jane Doe", "Notes"]) == ["Jane Doe"]
    read = []
    original = personal_sites.urlsplit
    monkeypatch.setattr(personal_sites, "urlsplit", lambda href: read.append(href) or original(href))
    assert personal_sites.home_link_names(root, url, []) == [] and read == []
