"""The rules of the default cascade's profiles for pages of cards, sections and quoted posts (listing, collection,
product, service, forum), each on a small page of that kind written here with generic markup (no site's names);
every test failed before the rule it tests."""

from crawler.extractors.cascade.extractor import DefaultExtractor
from crawler.extractors.document.parse import parse_html

NAV = """<header><nav><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li>
<li><a href="/about">About</a></li></ul></nav></header>"""
FOOTER = "<footer><p>Copyright 2026 Example Company Ltd. All rights reserved.</p></footer>"
INTRO = ("<div class='intro'><h1>Bookcases</h1><p>Shelves and bookcases for every room, in wood and metal, from a "
         "single shelf to a whole wall of storage, delivered and assembled at home when you want it.</p></div>")


def extract(body: str, kind: str):
    html = f"<html><head><title>Example</title></head><body>{NAV}{body}{FOOTER}</body></html>"
    return DefaultExtractor().extract(parse_html(html, "https://example.org/shop/bookcases"), kind=kind)


def test_collection_leaves_each_cards_variant_picker_in_a_fieldset_out():
    cards = "".join(
        f"<div class='card'><h3><a href='/p/{n}'>Bookcase model {n}, oak</a></h3><p>Price 7{n} EUR</p>"
        f"<fieldset class='variants'><div><input type='radio' name='v{n}'> Option: model {n} bookcase, white "
        f"finish</div><div><input type='radio' name='v{n}'> Option: model {n} bookcase, black finish</div>"
        "</fieldset></div>" for n in range(6))
    article = extract(f"{INTRO}<div class='grid'>{cards}</div>", "collection")
    assert all(f"Bookcase model {n}, oak" in article.text and f"Price 7{n} EUR" in article.text for n in range(6))
    assert "Option:" not in article.text
    assert any("<fieldset>" in b.decisions[-1].reason for b in article.blocks if "Option:" in b.text)


def test_collection_gives_a_cards_title_once_when_its_image_link_repeats_it():
    cards = "".join(
        f"<div class='card'><a href='/p/{n}'><span>Walnut bookcase number {n}</span></a>"
        f"<h3><a href='/p/{n}'>Walnut bookcase number {n}</a></h3><p>Five shelves, {n + 2} feet tall.</p></div>"
        for n in range(6))
    article = extract(f"{INTRO}<div class='grid'>{cards}</div>", "collection")
    for n in range(6):
        assert article.text.count(f"Walnut bookcase number {n}") == 1
        assert f"Five shelves, {n + 2} feet tall." in article.text
    assert any("copy" in b.decisions[-1].reason for b in article.blocks if not b.is_content)


def test_collection_keeps_the_parts_every_card_names_like_furniture_and_leaves_a_lone_box_out():
    cards = "".join(
        f"<div class='card'><h3><a href='/g/{n}'>Space game {n}</a></h3><div class='sale-widget-desc'>A short "
        f"pitch for game {n}: explore, trade and fight across a galaxy.</div><span>$2{n}.99</span></div>"
        for n in range(6))
    box = ("<div class='newsletter-box'><p>Sign up to our letter and get the week's best deals in your inbox, "
           "every Friday morning, with no spam ever.</p></div>")
    more = ("<p>Every game on this page runs on the computers we sell and on most laptops made in the last five "
            "years; the list is sorted by the number of players online this week.</p>")
    article = extract(f"{INTRO}{more}<div class='grid'>{cards}</div>{box}", "collection")
    assert all(f"A short pitch for game {n}:" in article.text and f"Space game {n}" in article.text
               for n in range(6))
    assert "Sign up to our letter" not in article.text


def test_collection_leaves_the_text_shown_only_to_screen_readers_out():
    cards = "".join(
        f"<div class='card'><h3><a href='/p/{n}'>Wool socks pack {n}</a></h3><div class='price'>"
        f"<div class='visually-hidden'>Regular price for pack {n} of socks</div><div>$1{n}.00</div></div>"
        f"<p>Three pairs of soft socks in colour {n}.</p></div>" for n in range(6))
    article = extract(f"{INTRO}<div class='grid'>{cards}</div>", "collection")
    assert all(f"Wool socks pack {n}" in article.text and f"$1{n}.00" in article.text for n in range(6))
    assert "Regular price" not in article.text
    assert any("screen readers" in b.decisions[-1].reason for b in article.blocks if "Regular price" in b.text)


def test_service_page_keeps_the_hero_in_the_header_of_its_main_section():
    hero = ("<main><header class='hero'><h1>Customer retention models</h1><p>Our retention model ranks members by "
            "risk, so your team can call the ones about to leave before they do.</p></header>")
    sections = "".join(f"<section><h2>Service {n}</h2><p>What service {n} does for a marketing team, in two "
                       f"plain sentences. It is priced per month.</p></section>" for n in range(4))
    article = extract(f"{hero}{sections}</main>", "service")
    assert "Our retention model ranks members by risk" in article.text
    assert all(f"What service {n} does" in article.text for n in range(4))
    assert "Home" not in article.text and "Copyright" not in article.text


def test_forum_thread_gives_a_post_once_when_a_reply_quotes_it():
    opening = ("<div class='post'><p class='author'>Ann</p><div class='body'><p>Which closed headphones would you "
               "pick for listening late at night without waking anyone?</p></div></div>")
    replies = "".join(
        f"<div class='post'><p class='author'>User {n}</p><div class='body'><blockquote><p>Which closed headphones "
        f"would you pick for listening late at night without waking anyone?</p></blockquote><p>Reply {n}: I use a "
        f"closed pair with soft pads, and the cable is long enough for the sofa.</p></div></div>" for n in range(4))
    article = extract(f"<div class='thread'><h1>Closed headphones for night</h1>{opening}{replies}</div>", "forum")
    assert article.text.count("Which closed headphones would you pick") == 1
    assert all(f"Reply {n}: I use a closed pair" in article.text for n in range(4))


def test_forum_thread_keeps_posts_that_repeat_each_others_words_outside_quotations():
    posts = "".join(
        f"<div class='post'><p class='author'>User {n}</p><div class='body'><p>Reply {n}: the closed pair with soft "
        f"pads is the one I would buy again for the sofa.</p><p>Thanks, this helped a lot.</p></div></div>"
        for n in range(4))
    article = extract(f"<div class='thread'><h1>Closed headphones for night</h1>{posts}</div>", "forum")
    assert article.text.count("Thanks, this helped a lot.") == 4
