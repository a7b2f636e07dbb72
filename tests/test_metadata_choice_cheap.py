"""The metadata's choice takes its shortcuts with the plain readings' results (issue 16, a cheap worker): a name with
a digit of any kind is no author (one ``str.isdigit`` pass in C, not a generator over the characters), and the
cleaning of a value unescapes only a text with an "&"."""

from __future__ import annotations

from html import unescape

from crawler.extractors.document.parse import parse_html
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata import extract_metadata

# Digits str.isdigit knows: ASCII, superscript, Arabic-Indic, full-width, circled (not decimal: a regex \d misses it).
NAMES = ["Ann Lee", "Ann Lee\u00b2", "Bob \u0663 Smith", "Carl Roe\uff13", "Dan Poe\u2460", "Eve 7 Kay", "Fay Ito"]
# Written escaped twice, so that the values hold character references after the parser's own unescaping.
TITLES = ["A &amp;amp; B", "A &amp;amp B", "Tom &amp;lt;3 Jerry", "Plain  title ", "&amp;#x41;&amp;#66;C", "x &amp; y",
          "&amp;nbsp;x&amp;#160;"]


def _page(author: str, title: str) -> str:
    story = "<p>The council adopted the budget on Tuesday after a long debate about schools and buses.</p>" * 3
    return (f"<html><head><title>T</title><meta name='author' content='{author}'>"
            f"<meta property='og:title' content='{title}'></head><body><h1>T</h1>{story}</body></html>")


def test_a_name_with_any_digit_is_no_author() -> None:
    kept = set()
    for name in NAMES:
        metadata = extract_metadata(parse_html(_page(name, "Budget"), "https://example.org/a"))
        plain = [name] if not any(character.isdigit() for character in name) else []
        assert metadata.authors == plain, name
        kept.update(metadata.authors)
    assert kept == {"Ann Lee", "Fay Ito"}


def test_values_are_unescaped_and_spaced_as_the_plain_cleaning() -> None:
    titles = set()
    for title in TITLES:
        metadata = extract_metadata(parse_html(_page("Ann Lee", title), "https://example.org/a"))
        raw = parse_html(_page("Ann Lee", title), "https://example.org/a").root.find(".//meta[@property='og:title']")
        assert metadata.title == (normalize_space(unescape(raw.get("content"))) or None), title
        titles.add(metadata.title)
    assert {"A & B", "Tom <3 Jerry", "ABC", "x & y", "x"} <= titles


def test_declared_languages_read_again_give_the_same_code() -> None:
    """``_language`` keeps its answers: a value read a second time gives the same code as the first time."""
    declared = ["en", "en-US", "EN_gb", " fr-CA ", "zh-Hans-CN", "eng", "english", "x", "pt_BR", "de-"]

    def languages() -> list[str | None]:
        return [extract_metadata(parse_html(f"<html><head><meta http-equiv='content-language' content='{value}'>"
                                            "<title>T</title></head><body><p>x</p></body></html>",
                                            "https://example.org/a")).language for value in declared]

    first = languages()
    assert first == ["en", "en", "en", "fr", "zh", None, None, None, "pt", None]
    assert languages() == first


def test_the_outlets_read_once_choose_the_people_each_call_would() -> None:
    """``_choose`` reads the markup's outlets once (``outlets_of``) for its calls of ``choose_authors``: each choice is
    the one the call reading them itself makes, whatever field, people and organizations."""
    from crawler.extractors.metadata.authors import choose_authors, outlets_of
    from crawler.extractors.metadata.candidates import JSON_LD, META, TEXT, Candidates

    organizations = [[], ["Acme News"], ["Heart Foundation", "Jane Doe"], ["Reuters", "CNN Business"], ["Acme Team"]]
    people = [["Jane Doe, Acme News"], ["Heart Foundation"], ["Acme Team"], ["John Roe and Ann Lee"], ["Reuters"]]
    for index, orgs in enumerate(organizations):
        found = Candidates()
        found.add("organizations", orgs, JSON_LD)
        found.add("declared_people", people[index - 1], JSON_LD)
        found.add("authors", people[index], META)
        found.add("authors", people[(index + 2) % len(people)], TEXT)
        found.add("editors", people[(index + 1) % len(people)], TEXT)
        outlets = outlets_of(found)
        for name in ("authors", "editors"):
            for collective in (False, True):
                for site in ({"example.org"}, {"acme news", "example"}):
                    assert choose_authors(found, site, name, collective=collective, outlets=outlets) == \
                        choose_authors(found, site, name, collective=collective), (orgs, name, collective, site)
