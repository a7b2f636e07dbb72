"""Article metadata: each source, their order of trust, broken JSON-LD, dates, and the public entry points."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from crawler.cli import main
from crawler.evaluation.metadata_eval import author_right, expected_names, published_right
from crawler.extractors import extract, extract_metadata_only, parse_html
from crawler.extractors.document.jsonld import parse_json_ld
from crawler.extractors.metadata import extract_metadata
from crawler.extractors.metadata.dates import find_relative_date, find_text_date, parse_structured_date

NOW = datetime(2024, 3, 12, 12, 0, tzinfo=timezone.utc)
STORY = "<p>" + "The council voted on Tuesday to keep the library open for another year. " * 6 + "</p>"
READABILITY = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "readability"


def page(head: str = "", body: str = "", lang: str = "", title: str = "A headline | The Daily") -> str:
    lang_attribute = f' lang="{lang}"' if lang else ""
    return (f"<html{lang_attribute}><head><title>{title}</title>{head}</head>"
            f"<body><h1>A headline</h1>{body}{STORY}</body></html>")


def meta_of(html: str, url: str | None = None):
    return extract_metadata(parse_html(html, url), NOW)


JSON_LD_ARTICLE = {
    "@context": "https://schema.org", "@type": "NewsArticle", "headline": "Library stays open",
    "author": [{"@type": "Person", "name": "Jane Doe"}, {"@type": "Person", "name": "Li Wei"}],
    "datePublished": "2024-03-10T09:30:00+01:00", "dateModified": "2024-03-11T10:00:00+01:00",
    "inLanguage": "en-GB", "description": "The council voted to keep the library open.",
    "publisher": {"@type": "Organization", "name": "The Daily"}, "keywords": "libraries, council",
    "articleSection": "Local", "image": {"@type": "ImageObject", "url": "/img/library.jpg"},
}


def ld(value: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(value)}</script>'


# ---------------------------------------------------------------- each source


def test_json_ld_fills_every_field_and_names_its_source() -> None:
    metadata = meta_of(page(ld(JSON_LD_ARTICLE)), "https://daily.example/news/library.html")
    assert metadata.title == "Library stays open"
    assert metadata.authors == ["Jane Doe", "Li Wei"]
    assert metadata.published == "2024-03-10T09:30:00+01:00"
    assert metadata.modified == "2024-03-11T10:00:00+01:00"
    assert metadata.language == "en"
    assert metadata.site_name == "The Daily"
    assert metadata.tags == ["libraries", "council"]
    assert metadata.section == "Local"
    assert metadata.image == "https://daily.example/img/library.jpg"
    assert {metadata.sources[f] for f in ("title", "authors", "published", "site_name")} == {"json-ld"}


def test_json_ld_graph_and_arrays_are_walked() -> None:
    graph = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "name": "Site"},
        {"@type": ["BlogPosting"], "headline": "In the graph", "author": "Sam Roe",
         "datePublished": "2023-05-01"}]}
    metadata = meta_of(page(ld([graph])))
    assert (metadata.title, metadata.authors, metadata.published) == ("In the graph", ["Sam Roe"], "2023-05-01")


def test_article_object_beats_an_embedded_video() -> None:
    video = {"@type": "VideoObject", "name": "A video clip", "uploadDate": "2024-01-01"}
    article = {"@type": "NewsArticle", "headline": "The real story", "datePublished": "2024-03-01"}
    metadata = meta_of(page(ld(video) + ld(article)))
    assert metadata.title == "The real story"
    assert metadata.published == "2024-03-01"


@pytest.mark.parametrize("broken", [
    '{"@type": "NewsArticle", "headline": "Trailing", "author": "Ann Lee",}',
    '<!--\n{"@type": "NewsArticle", "headline": "Trailing", "author": "Ann Lee"}\n-->',
    '//<![CDATA[\n{"@type": "NewsArticle", "headline": "Trailing", "author": "Ann Lee"}\n//]]>',
    '{"@type": "NewsArticle", "headline": "Trailing", "author": "Ann\nLee"}',
    '{"@type": "WebSite", "name": "x"} {"@type": "NewsArticle", "headline": "Trailing", "author": "Ann Lee"}',
])
def test_malformed_json_ld_is_repaired(broken: str) -> None:
    metadata = meta_of(page(f'<script type="application/ld+json">{broken}</script>'))
    assert metadata.title == "Trailing"
    assert metadata.authors == ["Ann Lee"]


def test_unreadable_json_ld_is_skipped_with_a_warning() -> None:
    values, problem = parse_json_ld('{"@type": "NewsArticle", "headline": ')
    assert values == [] and "unreadable JSON-LD" in problem
    metadata = meta_of(page('<script type="application/ld+json">{"headline": </script>'
                            '<meta property="og:title" content="From OpenGraph">'))
    assert metadata.title == "From OpenGraph"
    assert any("JSON-LD" in warning for warning in metadata.warnings)


def test_opengraph_and_twitter() -> None:
    head = ('<meta property="og:title" content="OG headline"><meta property="og:site_name" content="The Daily">'
            '<meta property="article:published_time" content="2024-02-01T08:00:00Z">'
            '<meta property="article:author" content="https://facebook.com/someone">'
            '<meta name="author" content="Pat Kim"><meta property="article:tag" content="a">'
            '<meta property="article:tag" content="b"><meta name="twitter:image" content="https://x.example/i.png">')
    metadata = meta_of(page(head))
    assert metadata.title == "OG headline" and metadata.sources["title"] == "opengraph"
    assert metadata.published == "2024-02-01T08:00:00+00:00"
    assert metadata.authors == ["Pat Kim"]  # a profile URL is not a name; the meta author is
    assert metadata.sources["authors"] == "meta"
    assert metadata.tags == ["a", "b"]
    assert metadata.image == "https://x.example/i.png"


def test_meta_names_and_dublin_core() -> None:
    head = ('<meta name="DC.creator" content="Dana Cole"><meta name="pubdate" content="2021-06-05">'
            '<meta name="description" content="A description long enough to be kept here.">'
            '<meta name="keywords" content="one, two"><link rel="canonical" href="/canonical/page">')
    metadata = meta_of(page(head), "https://site.example/a?utm=1")
    assert metadata.authors == ["Dana Cole"]
    assert metadata.published == "2021-06-05" and metadata.sources["published"] == "meta"
    assert metadata.description.startswith("A description")
    assert metadata.canonical_url == "https://site.example/canonical/page"
    assert metadata.tags == ["one", "two"]


def test_microdata_and_time_element() -> None:
    body = ('<div itemscope itemtype="https://schema.org/NewsArticle"><span itemprop="author" itemscope>'
            '<span itemprop="name">Ola Nord</span></span>'
            '<time itemprop="datePublished" datetime="2020-09-21T10:00:00-04:00">Sept 21</time></div>')
    metadata = meta_of(page(body=body))
    assert metadata.authors == ["Ola Nord"] and metadata.sources["authors"] == "microdata"
    assert metadata.published == "2020-09-21T10:00:00-04:00"
    bare = meta_of(page(body='<time datetime="2019-01-02">2 Jan</time>'))
    assert bare.published == "2019-01-02" and bare.sources["published"] == "microdata"


def test_url_date() -> None:
    metadata = meta_of(page(), "https://news.example/2023/07/14/story.html")
    assert metadata.published == "2023-07-14" and metadata.sources["published"] == "url"
    assert meta_of(page(), "https://news.example/20230714/story.html").published == "2023-07-14"


def test_text_byline_and_date_near_the_headline() -> None:
    metadata = meta_of(page(body="<p>By Maria Lopez and John Smith | March 3, 2024</p>"))
    assert metadata.authors == ["Maria Lopez", "John Smith"]
    assert metadata.sources["authors"] == "text"
    assert metadata.published == "2024-03-03" and metadata.sources["published"] == "text"


def test_markup_byline_outside_comments() -> None:
    body = ('<div class="byline"><a rel="author">Erin Cunningham</a></div>'
            '<div class="comments"><span class="comment-author">Troll</span></div>')
    assert meta_of(page(body=body)).authors == ["Erin Cunningham"]


def test_language_from_declaration_then_identification() -> None:
    assert meta_of(page(lang="fr-CA")).language == "fr"
    identified = meta_of(page())
    assert identified.language == "en" and identified.sources["language"] == "text"


# ---------------------------------------------------------------- conflicts and rejections


def test_conflicting_sources_follow_the_order_of_trust() -> None:
    head = (ld(JSON_LD_ARTICLE) + '<meta property="og:title" content="OG title">'
            '<meta name="author" content="Meta Author">'
            '<meta property="article:published_time" content="2024-01-01T00:00:00Z">')
    metadata = meta_of(page(head, body="<p>By Text Author</p>"), "https://x.example/2020/01/01/a.html")
    assert metadata.title == "Library stays open"
    assert metadata.authors == ["Jane Doe", "Li Wei"]
    assert metadata.published == "2024-03-10T09:30:00+01:00"


def test_title_without_site_name_suffix() -> None:
    head = '<meta property="og:site_name" content="The Daily">'
    assert meta_of(page(head, title="Council keeps the library open | The Daily")).title == (
        "Council keeps the library open")
    # No site name known: only the last part goes, and only when a real headline is left.
    assert meta_of(page(title="Council keeps the library open for now - Daily")).title == (
        "Council keeps the library open for now")
    assert meta_of(page(title="Google - Site Reliability Engineering")).title == (
        "Google - Site Reliability Engineering")


def test_site_name_is_not_an_author() -> None:
    head = '<meta property="og:site_name" content="BBC News"><meta name="author" content="BBC News">'
    metadata = meta_of(page(head, body="<p>By Ann Other</p>"))
    assert metadata.authors == ["Ann Other"]


def test_impossible_dates_are_rejected() -> None:
    future = (NOW + timedelta(days=30)).date().isoformat()
    head = (f'<meta property="article:published_time" content="{future}">'
            '<meta name="pubdate" content="1970-01-01">')
    metadata = meta_of(page(head), "https://x.example/1985/05/05/old.html")
    assert metadata.published is None
    # Within a day ahead is a timezone, not the future.
    tomorrow = (NOW + timedelta(hours=20)).isoformat()
    assert meta_of(page(f'<meta property="article:published_time" content="{tomorrow}">')).published


def test_old_date_only_when_the_page_states_it() -> None:
    stated = meta_of(page(ld({"@type": "Article", "headline": "h", "datePublished": "1987-04-01"})))
    assert stated.published == "1987-04-01"
    guessed = meta_of(page(body="<p>April 1, 1987</p>"))
    assert guessed.published is None


# ---------------------------------------------------------------- dates


@pytest.mark.parametrize(("text", "iso"), [
    ("2009-11-09 13:57", "2009-11-09T13:57:00"),
    ("2009年11月9日 13:57", "2009-11-09T13:57:00"),
    ("2009年11月09日", "2009-11-09"),
    ("11/09/2009", "2009-11-09"),
    ("25/12/2009", "2009-12-25"),
    ("Posted March 3, 2020 at 6:01 pm", "2020-03-03T18:01:00"),
    ("22 Dec 2016", "2016-12-22"),
])
def test_text_dates(text: str, iso: str) -> None:
    assert find_text_date(text).iso == iso


@pytest.mark.parametrize(("value", "iso"), [
    ("2015-07-24T05:36:09+01:00", "2015-07-24T05:36:09+01:00"),
    ("2019-01-03T07:00:02.000Z", "2019-01-03T07:00:02+00:00"),
    ("2021-11-01T10:52:50+0100", "2021-11-01T10:52:50+01:00"),
    ("2017-11-03 03:01:00.000000", "2017-11-03T03:01:00"),
    ("Tue, 05 Mar 2024 10:00:00 GMT", "2024-03-05T10:00:00+00:00"),
    ("1700000000", "2023-11-14T22:13:20+00:00"),
])
def test_structured_dates_keep_their_timezone(value: str, iso: str) -> None:
    assert parse_structured_date(value).iso == iso


@pytest.mark.parametrize(("text", "delta"), [
    ("3 hours ago", timedelta(hours=3)), ("an hour ago", timedelta(hours=1)),
    ("3小时前", timedelta(hours=3)), ("5分钟前", timedelta(minutes=5)), ("2天前", timedelta(days=2)),
    ("yesterday", timedelta(days=1)), ("刚刚", timedelta(0)),
])
def test_relative_dates(text: str, delta: timedelta) -> None:
    assert find_relative_date(text, NOW).moment == NOW - delta


def test_relative_date_in_a_page_counts_from_the_crawl_time() -> None:
    metadata = meta_of(page(body="<p>By Kim Lee · 3 hours ago</p>"))
    assert metadata.published == "2024-03-12T09:00:00+00:00"
    # (a day word's clock is the site's, whose zone the page does not say: the day counts from the crawl, no zone)
    assert find_relative_date("昨天 13:57", NOW).iso == "2024-03-11T13:57:00"


# ---------------------------------------------------------------- public entry points and bad input


def test_extract_carries_metadata_and_to_dict_only_adds_a_key() -> None:
    article = extract(page(ld(JSON_LD_ARTICLE)), "https://daily.example/a.html")
    assert article.metadata.title == "Library stays open"
    data = article.to_dict()
    assert {"url", "title", "text", "extractor", "language", "reason", "warnings"} <= set(data)
    assert data["metadata"]["authors"] == ["Jane Doe", "Li Wei"]
    assert article.metadata is article.metadata  # computed once per page


def test_metadata_only_and_bad_input() -> None:
    assert extract_metadata_only(page(ld(JSON_LD_ARTICLE))).authors == ["Jane Doe", "Li Wei"]
    empty = extract_metadata_only(b"")
    assert empty.title is None and empty.warnings
    assert extract_metadata_only(b"\x00\x01\x02" * 500).title is None
    assert extract("", None).metadata.title is None


# ---------------------------------------------------------------- the evaluation


def test_evaluation_rules() -> None:
    assert expected_names("By Brenda  Goodman, MA\n   WebMD Health News") == ["Brenda Goodman", "MA"]
    assert expected_names("April 28, 2019 at 6:01 am") == []
    assert author_right("Stella Kim, Jennifer Jett", ["Stella Kim", "Jennifer Jett"])
    assert not author_right("Stella Kim, Jennifer Jett", ["Stella Kim"])
    assert published_right("2019-01-03T07:00:02.000Z", "2019-01-03T08:00:02+01:00")
    assert not published_right("2019-01-03T23:30:00Z", "2019-01-04T08:00:00")


@pytest.mark.slow
@pytest.mark.skipif(not READABILITY.is_dir(), reason="../shared/datasets/readability is absent")
def test_cli_metadata_floors_and_peer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "--dataset", str(READABILITY), "--metadata", "--json"]) == 0
    shares = json.loads(capsys.readouterr().out)
    assert shares["title"] >= 0.90 and shares["author"] >= 0.80 and shares["language"] >= 0.95


def test_zone_abbreviations_with_one_meaning_are_kept_and_ambiguous_ones_are_dropped_quietly() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # dateutil's UnknownTimezoneWarning would fill crawl logs
        assert parse_structured_date("Tue, 12 Mar 2024 09:30:00 EST").iso == "2024-03-12T09:30:00-05:00"
        assert parse_structured_date("Mar 12 2024 10:00 CEST").iso == "2024-03-12T10:00:00+02:00"
        # CST is US Central or China: the clock time is kept, no zone is invented
        assert parse_structured_date("12 March 2024 10:00 CST").iso == "2024-03-12T10:00:00"
        # IST is read as India's: the papers that write it after their clock are Indian (Irish and Israeli ones
        # print the clock alone; docs/metadata-classes.md)
        assert parse_structured_date("12 March 2024 10:00 IST").iso == "2024-03-12T10:00:00+05:30"
