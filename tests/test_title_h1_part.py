"""Title class: a page whose one visible headline (h1) is exactly one part of its <title> cut at a separator
("Headline - Section", "tag - Headline - Site", "Headline : community"): the h1 is the title, even when the cut
headline has few words (Readability.js keeps such a <title> whole)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"
URL = "https://www.example.org/news/2025/story-page"


def title_of(title: str, body: str, lang: str = "en") -> str | None:
    html = f"<html lang='{lang}'><head><title>{title}</title></head><body>{body}{STORY}</body></html>"
    return extract_metadata(parse_html(html, URL), NOW).title


@pytest.mark.parametrize(("title", "h1", "lang"), [
    ("Stadtrat beschließt Haushalt - Kreisblatt", "Stadtrat beschließt Haushalt", "de"),
    ("Printer keeps jamming at night - Help - Home Office Forum", "Printer keeps jamming at night", "en"),
    ("python - Why is my loop slow? - Q and A Clone", "Why is my loop slow?", "en"),
    ("Should I buy a used bike? : cycling", "Should I buy a used bike?", "en"),
    ("Город открыл новый парк | Вести Края", "Город открыл новый парк", "ru"),
    ("请问家里网络为什么很慢？ - 网络 - 数码社区 - Powered by Discuz!", "请问家里网络为什么很慢？", "zh"),
])
def test_the_h1_that_is_one_part_of_a_short_title_is_the_title(title: str, h1: str, lang: str) -> None:
    # The page names its site (or section) in its footer, as most sites do.
    site = title.rsplit(" ", 2)[-1] if " : " in title else title.rsplit(" - ", 1)[-1].rsplit(" | ", 1)[-1]
    assert title_of(title, f"<h1>{h1}</h1><footer>© 2025 {site}</footer>", lang) == h1


def test_an_h1_naming_the_site_part_does_not_win() -> None:
    # The h1 is the site's name (a logo not linked home): the <title>'s other part is the headline.
    assert title_of("Stadtrat beschließt neuen Haushalt - Kreisblatt", "<h1>Kreisblatt</h1>", "de") != "Kreisblatt"


def test_a_title_whose_other_parts_the_page_never_names_stays_whole() -> None:
    # "Post - Its Author's Full Name" on a blog that prints no such line: nothing says the part names the site.
    title = "On recent controversial events - Bradley Q. Example (bq)"
    assert title_of(title, "<h1>On recent controversial events</h1><footer>Powered by a blog engine</footer>") == title


def test_an_h1_matching_no_part_changes_nothing() -> None:
    title = "Stadtrat beschließt Haushalt - Kreisblatt"
    assert title_of(title, "<h1>Haushalt beschlossen</h1>", "de") == title


def test_a_title_without_separator_is_left_to_the_other_rules() -> None:
    assert title_of("Stadtrat beschließt Haushalt", "<h1>Stadtrat</h1>", "de") == "Stadtrat beschließt Haushalt"


def test_an_h1_naming_a_longer_site_in_the_last_part_does_not_win() -> None:
    # A book's or a manual's name is often longer than its chapter's: the last part is the site's place.
    title = "Ownership basics - The Big Book of Rust Programming"
    assert title_of(title, "<h1>The Big Book of Rust Programming</h1>") == title


def test_the_title_part_is_kept_as_written_when_the_h1_markup_joins_its_words() -> None:
    body = "<h1>Printer keeps<br>jamming at night<a href='#top'>¶</a></h1><nav><a href='/c/help'>Help</a></nav>"
    assert title_of("Printer keeps jamming at night - Help - Home Office Forum", body) == \
        "Printer keeps jamming at night"
