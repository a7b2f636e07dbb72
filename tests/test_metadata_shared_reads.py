"""The metadata step's cheaper reads give what the reads they replace gave (the worker at most 1.3x default's cost):
the hAtom stamps found by the compiled marked-element walk against hAtom's XPath, an ASCII text's normal form
without the normaliser, on pages and texts of the classes each serves."""

from __future__ import annotations

import random
import unicodedata

from lxml import html as lxml_html

from crawler.extractors.metadata.cjk_dates import gregorian_years
from crawler.extractors.metadata.dates import normalise
from crawler.extractors.metadata.hatom import HATOM_STAMPS, hatom_stamps

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


def test_an_ascii_text_is_its_own_normal_form():
    for text in ["By Jane Doe | March 3, 2020", "2019-12-10 07:57:40", "", " \t", "".join(map(chr, range(128)))]:
        assert normalise(text) is text
        assert normalise(text) == gregorian_years(unicodedata.normalize("NFKC", text))
    for text in ["２０２１年３月５日　０９：３０", "令和6年3月5日", "café 2024"]:
        assert normalise(text) == gregorian_years(unicodedata.normalize("NFKC", text))
