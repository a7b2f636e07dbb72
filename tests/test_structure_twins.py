"""The compiled sibling-structure sums (``cstructure.sibling_structure``) give what their Python twin gives, on pages
written here (a shop's grid of cards, a forum thread, a list of dated items, markup with comments and processing
instructions among the siblings) and on generated ones; the page-kind features read them the same either way."""

from __future__ import annotations

import random

import pytest
from helpers.twins import STRUCTURE, needs_structure

from crawler.extractors.document.parse import parse_html
from crawler.extractors.pagekind import features
from crawler.kernels import structure, structure_python

pytestmark = needs_structure

GRID = """<html><head><title>Shoes</title></head><body>
<nav><ul><li><a href="/a">Men</a></li><li><a href="/b">Women</a></li><li><a href="/c">Kids</a></li></ul></nav>
<div class="product-grid">
  <div class="card product"><h3>Runner</h3><p>Light shoe for long runs on roads.</p><p class="price">$89</p></div>
  <div class="card product"><h3>Trail</h3><p>Grip for mud and rock.</p><p class="price">€ 120</p></div>
  <div class="card product"><h3>Court</h3><p>For the gym floor.</p><p class="price">£45.00</p></div>
  <div class="card product"><h3>Walker</h3><p>All day comfort.</p><p class="price">¥9800</p></div>
  <div class="card promo"><h3>Sale</h3><p>Up to half off this week.</p></div>
</div></body></html>"""

THREAD = """<html><body><div id="thread">
<div class="post reply"><div class="user"><a href="/u/1">anna</a> joined 2019</div>
  <div class="message">The pump fails after an hour. Any idea why it stops?</div></div>
<div class="post reply"><div class="user"><a href="/u/2">ben</a> joined 2021</div>
  <div class="message">Check the intake filter, it clogs in summer.</div></div>
<!-- ad slot -->
<div class="post reply"><div class="user"><a href="/u/3">cara</a> joined 2008</div>
  <div class="message">Same here, the filter was it. Cleaned it and it runs.</div></div>
<?php echo 1 ?>
<div class="post reply signature"><div class="user">dan</div><div class="message">Thanks all.</div></div>
</div></body></html>"""

DATED = """<html><body><main><ul class="news">
<li class="item"><a href="/1">Council votes on budget</a> <time>3 March 2024</time></li>
<li class="item"><a href="/2">Bridge reopens</a> <span>12.02.2023</span></li>
<li class="item"><a href="/3">School wins prize</a> <span>2019年</span></li>
<li class="item"><a href="/4">Storm warning</a> <span>a1999 x_2000 20001 ٢٠٢٤</span></li>
<li class="item"><a href="/5">Fair this weekend</a> <span>(1999)</span></li>
</ul><table><tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr>
<tr><td>7</td><td>8</td><td>$\u30005</td></tr></table></main></body></html>"""

# Texts around the price and year tests' edges: spaces of other kinds, decimal digits of other scripts, word
# characters next to a year (letters, "_", digits, CJK), a sign at the end.
EDGES = ["$5", "$ 5", "$\u30005", "$\t5", "$\u00a05", "$  5", "$x5", "€٣", "¥\u0e53", "₹ 1,000", "price $", "$",
         "1999", "a1999", "_1999", "19999", "1999a", "(2005)", "2024年", "年2024", "2024-03-05", "٢٠٢٤", "19", "2019.",
         "x 2000 y", "1899", "2100", "20\u0e5020", "", "ǅ2001", "2001ǅ", "2001\u0300"]

TAGS = ["div", "p", "li", "ul", "section", "article", "span", "h2", "td", "tr", "table"]
CLASSES = ["", "card", "item", "post", "card product", "price", "row", "Card", "teaser-item", "x"]


def _generated(seed: int) -> str:
    """A page of random nesting, tags, classes and short texts holding prices and years; siblings often repeat one
    tag and class, as cards and posts do."""
    rng = random.Random(seed)

    def node(depth: int, shape: tuple[str, str]) -> str:
        if depth > 4 or rng.random() < 0.2:
            return rng.choice([*EDGES, "some words here", "more words of a block", "a b c d e f g h i j k l m n"])
        tag, value = shape if rng.random() < 0.6 else (rng.choice(TAGS), rng.choice(CLASSES))
        attribute = f' class="{value}"' if value else ""
        inner_shape = (rng.choice(TAGS), rng.choice(CLASSES))
        inner = "".join(node(depth + 1, inner_shape) for _ in range(rng.randint(1, 6)))
        if rng.random() < 0.1:
            inner += "<!-- c -->"
        return f"<{tag}{attribute}>{inner}</{tag}>"

    return f"<html><body>{''.join(node(0, ('div', 'card')) for _ in range(rng.randint(1, 4)))}</body></html>"


PAGES = [GRID, THREAD, DATED, *(_generated(seed) for seed in range(40))]


@pytest.mark.parametrize("html", PAGES)
def test_the_compiled_sums_are_the_python_ones(html):
    blocks = parse_html(html).blocks
    for depth, short, repeats in ((3, 12, 3), (0, 12, 3), (1, 0, 2), (5, 100, 1)):
        assert STRUCTURE.sibling_structure(blocks, depth, short, repeats) == \
            structure_python.sibling_structure(blocks, depth, short, repeats), (depth, short, repeats)


@pytest.mark.parametrize("text", EDGES)
def test_the_price_and_year_tests_read_as_the_regexes(text):
    assert STRUCTURE.holds_price(text) == (structure_python.PRICE_RE.search(text) is not None)
    assert STRUCTURE.holds_year(text) == (structure_python.YEAR_RE.search(text) is not None)


# Texts for the marker counts: words of a marker table in runs with digits, underscores, other scripts and the
# rating star; prices and years across the line breaks that join short blocks.
MARKER_TEXTS = [*EDGES, "\n".join(EDGES), "add to cart\n$\n5 ★★★★☆ 4 stars", "cart_cart cart2 2cart carts cärt",
                "reply\nreplies 3 ago\nposted 2019 jan jan. january", "★", "qty: 1 sku 1999-2000", "ǅcart cart"]
MARKER_TABLE = {"cart": 0, "star": 1, "stars": 1, "★": 1, "reply": 2, "ago": 3, "jan": 4, "january": 4,
                "sku": 0, "qty": 0, "x": 9}


@pytest.mark.parametrize("text", MARKER_TEXTS)
def test_the_compiled_marker_counts_are_the_python_ones(text):
    assert STRUCTURE.marker_counts(text, MARKER_TABLE, 5) == structure_python.marker_counts(text, MARKER_TABLE, 5)


def test_the_marker_counts_count_words_prices_and_years():
    counts = STRUCTURE.marker_counts("cart $5 £ 6 ★ 2019 cart_x cart2 jan", MARKER_TABLE, 5)
    # "cart_x" is two words ("_" splits), "cart2" one that names nothing; "x" names no kind of the 5
    assert counts == [2, 1, 2, 1, 0, 0, 1]


# Class values: groups named by a word, a plural, a word in any case or beside digits and underscores, twice in one
# value (counted once), and letters that lower-case to ASCII from outside it (the Kelvin sign, a dotted capital I).
CLASS_VALUES = {"card product": 3, "Card-Item": 2, "PRODUCTS": 1, "prices": 4, "post_reply2": 1, "card card": 5,
                "s": 1, "xs": 1, "\u212aart": 2, "\u0130tem price": 1, "carts-": 1, "": 2, "ǅcard": 1, "éprice": 1}
CLASS_TABLE = {"card": 0, "item": 0, "product": 1, "price": 1, "post": 2, "reply": 2, "kart": 3, "x": 3, "i": 4}


def test_the_compiled_class_marks_are_the_python_ones():
    for size in (5, 2):
        assert STRUCTURE.class_marks(CLASS_VALUES, CLASS_TABLE, size) == \
            structure_python.class_marks(CLASS_VALUES, CLASS_TABLE, size)
    for value, count in CLASS_VALUES.items():
        assert STRUCTURE.class_marks({value: count}, CLASS_TABLE, 5) == \
            structure_python.class_marks({value: count}, CLASS_TABLE, 5), value


def test_a_class_value_names_each_group_once():
    assert STRUCTURE.class_marks({"card card-item products": 3}, CLASS_TABLE, 5) == [3, 3, 0, 0, 0]


def test_a_grid_of_cards_is_one_group_of_four_with_prices():
    groups, widest, _, classes, words = STRUCTURE.sibling_structure(parse_html(GRID).blocks, 3, 12, 3)
    repeats, _, _, headings, prices, _ = widest
    assert (repeats, headings, prices) == (4, 4, 4)  # the promo card has another class
    assert groups == 2  # the cards and the menu's items
    assert classes["card product"] == 4 and words > 0


def test_the_page_kind_features_are_the_same_on_either(monkeypatch):
    for html in PAGES[:10]:
        document = parse_html(html, "https://shop.example/shoes")
        compiled = features.page_features(document)
        monkeypatch.setattr(features, "sibling_structure", structure_python.sibling_structure)
        assert features.page_features(document) == compiled
        monkeypatch.undo()


def test_the_facade_binds_the_compiled_sums():
    assert structure.sibling_structure is STRUCTURE.sibling_structure
