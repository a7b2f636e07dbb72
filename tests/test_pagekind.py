"""The page-kind classifier (``crawler.extractors.pagekind``) on one small page of each kind written here, its API,
and the reproducibility of its model file."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from crawler.extractors import parse_html
from crawler.extractors.pagekind import KINDS, KindJudgement, judge
from crawler.extractors.pagekind.features import FEATURE_NAMES, page_features

NAV = ("<header><nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(8))
       + "</ul></nav></header>")
FOOTER = "<footer><p>© 2025 Example Ltd. All rights reserved.</p><a href='/privacy'>Privacy</a></footer>"
SENTENCE = ("The council met on Tuesday evening to discuss the new budget, and members argued at length about "
            "the cost of repairing the harbour wall before the winter storms. ")


def page(body: str, head: str = "", title: str = "Example") -> str:
    return (f"<html><head><title>{title}</title>{head}</head><body>{NAV}<main>{body}</main>{FOOTER}</body>"
            "</html>")


def ld(data: str) -> str:
    return f'<script type="application/ld+json">{data}</script>'


ARTICLE = (page(
    "<article><h1>Council argues over the harbour budget</h1><p class='byline'>By Jane Doe, 12 March 2024</p>"
    + "".join(f"<p>{SENTENCE * 2}</p>" for _ in range(8)) + "</article>",
    ld('{"@type": "NewsArticle", "headline": "Council argues"}') + '<meta property="og:type" content="article">'),
    "https://news.example.org/2024/03/12/council-argues-over-the-harbour-budget")

FORUM = (page(
    "<h1>Engine stalls when cold - any ideas?</h1>" + "".join(
        f"<div class='post' id='post{i}'><div class='post-author'><a href='/members/u{i}'>user{i}</a>"
        f"<span>Joined: Mar 2019</span><span>Posts: {100 + i}</span></div>"
        f"<div class='post-body'><p>{SENTENCE}</p><p>I had the same problem last winter, check the sensor.</p></div>"
        f"<div class='post-footer'><a href='#'>Reply</a> <a href='#'>Quote</a> <span>{i + 2} hours ago</span>"
        "</div></div>" for i in range(8)),
    ld('{"@type": "DiscussionForumPosting", "headline": "Engine stalls"}')),
    "https://forum.example.net/threads/engine-stalls-when-cold.12345/")

PRODUCT = (page(
    "<div class='product'><h1>Trail Runner 3 shoe</h1><div class='product-price'><span>$129.00</span></div>"
    "<div class='rating'>4.5 out of 5 stars (212 reviews)</div>"
    "<form class='cart'><select name='size'><option>8</option><option>9</option></select>"
    "<button class='add-to-cart'>Add to cart</button></form><p>In stock. Free shipping over $50.</p>"
    "<div class='product-description'><p>A light trail shoe with a grippy sole and a breathable upper for long "
    "days in the hills.</p></div><table class='specs'><tr><th>Weight</th><td>280 g</td></tr>"
    "<tr><th>Drop</th><td>6 mm</td></tr></table></div><h2>You may also like</h2>" + "".join(
        f"<div class='product-card'><a href='/products/shoe-{i}'>Shoe {i}</a><span>${80 + i}.00</span></div>"
        for i in range(4)),
    ld('{"@type": "Product", "name": "Trail Runner 3", "offers": {"@type": "Offer", "price": "129.00"}}')
    + '<meta property="og:type" content="product">'),
    "https://shop.example.com/products/trail-runner-3")

COLLECTION = (page(
    "<h1>Women's running shoes</h1><div class='filters'><a href='?sort=price'>Sort by price</a>"
    "<a href='?size=8'>Size 8</a><a href='?size=9'>Size 9</a></div><ul class='product-grid'>" + "".join(
        f"<li class='product-card'><a href='/products/shoe-{i}'><img src='/i/{i}.jpg' alt=''>Runner model {i}</a>"
        f"<span class='price'>${60 + i}.00</span><button>Add to cart</button></li>" for i in range(24))
    + "</ul><nav class='pagination'><a href='?page=2'>Next</a></nav>",
    ld('{"@type": "CollectionPage", "name": "Running shoes"}') + '<meta property="og:type" content="website">'),
    "https://shop.example.com/collections/womens-running-shoes")

LISTING = (page(
    "<h1>Latest news</h1>" + "".join(
        f"<article class='teaser'><h2><a href='/2024/03/{i + 1:02d}/story-number-{i}'>Story number {i} of the "
        f"week in the city</a></h2><time>March {i + 1}, 2024</time><p>A short summary of story {i}.</p>"
        f"<a href='/2024/03/{i + 1:02d}/story-number-{i}'>Read more</a></article>" for i in range(15))
    + "<div class='pagination'><a href='/news/page/2/'>Older posts</a></div>",
    '<meta property="og:type" content="website">'),
    "https://news.example.org/news/")

SERVICE = (page(
    "<section class='hero'><h1>Accounting for small businesses</h1><p>Get your books in order with our "
    "certified team.</p><a class='cta' href='/contact'>Get a free quote</a></section>"
    "<section class='features'><h2>Our services</h2>" + "".join(
        f"<div class='feature'><h3>Service {name}</h3><p>We handle your {name} so that you can focus on your "
        f"customers.</p></div>" for name in ("bookkeeping", "payroll", "tax returns", "VAT"))
    + "</section><section class='testimonials'><h2>What our clients say</h2><blockquote>Great team, fast and "
    "friendly.</blockquote></section><section class='pricing'><h2>Pricing</h2><p>Plans from £49 a month.</p>"
    "</section><section><h2>Contact us</h2><p>Call us today or book a free consultation.</p></section>",
    ld('{"@type": "ProfessionalService", "name": "Example Accounting"}')
    + '<meta property="og:type" content="website">'),
    "https://www.example-accounting.co.uk/services/small-business-accounting")

DOCUMENTATION = (page(
    "<aside class='sidebar'><ul>" + "".join(f"<li><a href='/docs/api/{n}'>{n}</a></li>"
                                              for n in ("install", "config", "client", "errors", "cli"))
    + "</ul></aside><div class='docs-content'><h1>Client configuration</h1><p>The client reads its options from "
    "a file or from keyword arguments.</p><h2>Parameters</h2><dl><dt>timeout</dt><dd>Seconds to wait; "
    "default 30.</dd><dt>retries</dt><dd>How many times to retry.</dd></dl><h2>Example</h2>"
    "<pre><code>from example import Client\nclient = Client(timeout=10)\nclient.get('/items')</code></pre>"
    "<h2>Returns</h2><p>A <code>Response</code> object.</p><div class='admonition note'><p>Note: retries apply "
    "to idempotent requests only.</p></div><pre><code>client = Client(retries=3)</code></pre>"
    "<a href='/docs/api/errors'>Next: Errors</a> <a href='https://github.com/x/edit'>Edit this page</a></div>"),
    "https://docs.example.dev/en/latest/api/client-configuration/")

PAGES = {"article": ARTICLE, "forum": FORUM, "product": PRODUCT, "collection": COLLECTION, "listing": LISTING,
         "service": SERVICE, "documentation": DOCUMENTATION}


def test_the_seven_kinds():
    assert KINDS == ("article", "forum", "product", "collection", "listing", "service", "documentation")


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_each_kind_of_page_is_judged_right(kind):
    html, url = PAGES[kind]
    judgement = judge(parse_html(html, url))
    assert judgement.kind == kind, judgement.reason
    assert judgement.probability == max(judgement.probabilities.values())
    assert set(judgement.probabilities) == set(KINDS)
    assert abs(sum(judgement.probabilities.values()) - 1) < 1e-6
    assert judgement.reason.startswith(kind)


def test_the_judgement_is_a_frozen_dataclass_kept_on_the_document():
    html, url = PAGES["forum"]
    doc = parse_html(html, url)
    first = judge(doc)
    assert isinstance(first, KindJudgement) and dataclasses.is_dataclass(first)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.kind = "article"  # type: ignore[misc]
    assert judge(doc) is first  # one judgement per document


def test_a_page_without_text_is_judged_with_a_reason():
    judgement = judge(parse_html(b"", "https://example.org/"))
    assert judgement.kind in KINDS and "no text" in judgement.reason
    assert len(set(judgement.probabilities.values())) == 1


def test_features_are_one_vector_of_the_named_length_without_a_url():
    html, _ = PAGES["article"]
    vector = page_features(parse_html(html))
    assert len(vector) == len(FEATURE_NAMES)
    assert all(isinstance(value, float) for value in vector)


def test_fitting_is_deterministic_and_the_file_holds_no_page_text():
    import numpy as np

    from crawler.evaluation.pagekind_fit import fit, predict
    from crawler.extractors.pagekind.model import KindModel

    rows = [page_features(parse_html(html, url)) for html, url in PAGES.values()]
    features = np.array(rows * 3)
    kinds = np.array([KINDS.index(kind) for kind in PAGES] * 3)
    first, second = fit(features, kinds, 1.0), fit(features, kinds, 1.0)
    assert first.to_json() == second.to_json()
    assert list(predict(first, np.array(rows))) == [KINDS.index(kind) for kind in PAGES]
    assert KindModel.from_json(first.to_json(), FEATURE_NAMES).to_json() == first.to_json()
    assert "harbour" not in first.to_json() and "Trail Runner" not in first.to_json()


def test_a_model_of_other_features_is_refused():
    from crawler.extractors.pagekind import MODEL_PATH
    from crawler.extractors.pagekind.model import KindModel

    with pytest.raises(ValueError, match="other features"):
        KindModel.from_json(MODEL_PATH.read_text(encoding="utf-8"), ("another", "feature", "list"))


SHARED = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "wcxb-dev"


@pytest.mark.slow
@pytest.mark.skipif(not SHARED.exists(), reason="the shared labelled data set is not here")
def test_the_train_command_reproduces_the_shipped_model(tmp_path):
    from crawler.cli.program import main
    from crawler.extractors.pagekind import MODEL_PATH

    output = tmp_path / "pagekind.json"
    assert main(["train", "--model", "pagekind", "--dataset", str(SHARED), "--output", str(output)]) == 0
    assert output.read_bytes() == MODEL_PATH.read_bytes()


def test_a_page_declaring_a_news_article_is_an_article_whatever_its_layout() -> None:
    from crawler.extractors.pagekind import judge

    cards = "".join(f"<li class='card'><a href='/p/{n}'>Item {n}</a><p>A short teaser {n}.</p></li>" for n in range(20))
    html = ("<html><head><script type='application/ld+json'>{\"@context\": \"https://schema.org\", "
            "\"@type\": \"ReportageNewsArticle\", \"headline\": \"Floods\"}</script></head><body><h1>Floods</h1>"
            f"<ul>{cards}</ul></body></html>")
    judgement = judge(parse_html(html, "https://news.example/2024/floods"))
    assert (judgement.kind, judgement.probability) == ("article", 1.0)
    assert judgement.reason == "article: declares schema.org reportagenewsarticle"
