"""Titles of pages that are not news stories (a docs page, a tag or section page, a shop's product, an "About us"):
their <title> is the page's short h1 followed by the site's name, which Readability.js's bound on a headline's
words leaves whole."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors.document.parse import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2024, 5, 1, tzinfo=timezone.utc)


def _title(head: str, body: str, url: str = "https://docs.example.org/guide/retries") -> str | None:
    html = f"<html><head><meta charset='utf-8'>{head}</head><body>{body}<p>{'Some words of the page. ' * 12}</p>" \
           "</body></html>"
    return extract_metadata(parse_html(html, url), NOW).title


def test_docs_page_title_is_its_h1_before_the_site_named_by_the_home_link() -> None:
    head = "<title>Configuring retries | Harbor Docs</title>"
    body = "<header><a href='/'>Harbor</a></header><main><h1>Configuring retries</h1></main>"
    assert _title(head, body) == "Configuring retries"


def test_docs_page_og_title_copying_the_title_whole_stays() -> None:
    # a markup title written whole, site's name and all, is the site's choice (no bound of the CV's grid chose it)
    head = "<title>Configuring retries | Harbor Docs</title><meta property='og:title' " \
           "content='Configuring retries | Harbor Docs'>"
    body = "<header><a href='/'>Harbor</a></header><main><h1>Configuring retries</h1></main>"
    assert _title(head, body) == "Configuring retries | Harbor Docs"


def test_tag_page_title_is_its_topic_when_the_h1_labels_it() -> None:
    head = "<title>Solar power | Tag | Sunbeam Blog</title>"
    body = "<header><a href='https://docs.example.org/'>Sunbeam Blog</a></header><h1>Tag: Solar power</h1>"
    assert _title(head, body) == "Solar power"


def test_cjk_section_page_title_is_its_h1_before_the_site_the_copyright_names() -> None:
    head = "<title>体育新闻_河畔日报</title>"
    body = "<h1>体育新闻</h1><footer><p>Copyright © 2024 河畔日报 版权所有</p></footer>"
    assert _title(head, body, "https://www.example.cn/sports/") == "体育新闻"


def test_about_page_title_is_its_h1_before_the_company_named_in_og_site_name() -> None:
    head = "<title>Über uns - Nordlicht Solartechnik GmbH</title>" \
           "<meta property='og:site_name' content='Nordlicht Solartechnik GmbH'>"
    body = "<h1>Über uns</h1>"
    assert _title(head, body, "https://www.example.de/ueber-uns") == "Über uns"


def test_shop_title_without_its_bracketed_promotion_label() -> None:
    head = "<title>【人気No.1】ABC 加湿器 HM-300 | 家電のみどり</title>"
    body = "<header><a href='/'>家電のみどり</a></header><h1>ABC 加湿器 HM-300</h1>"
    assert _title(head, body, "https://shop.example.jp/item/hm-300") == "ABC 加湿器 HM-300"


def test_author_archive_title_is_the_name_before_the_site() -> None:
    head = "<title>Ada Brookfield, Author at Lakeside Ledger</title>"
    body = "<header><a href='/'>Lakeside Ledger</a></header><h1>Ada Brookfield</h1>"
    assert _title(head, body, "https://www.example.com/author/ada/") == "Ada Brookfield"


def test_story_title_longer_than_its_h1_keeps_its_own_words_when_the_last_part_names_no_site() -> None:
    # the last part is no name the page gives its site: "Headline - Author's Name" stays whole
    head = "<title>Rain at last - Jonathan Q. Whitmore</title>"
    body = "<header><a href='/'>Field Notes</a></header><h1>Rain at last</h1>"
    assert _title(head, body, "https://www.example.com/2024/rain") == "Rain at last - Jonathan Q. Whitmore"


def test_markup_title_copying_a_story_title_with_its_site_keeps_it_over_the_h1() -> None:
    # a story's og:title written whole, site's name and all, is the site's choice (Readability.js's convention)
    title = "Council approves the new budget for the harbour district | Harbor Times"
    head = f"<title>{title}</title><meta property='og:title' content='{title}'>"
    body = "<header><a href='/'>Harbor Times</a></header><h1>Council approves the new budget for the harbour " \
           "district</h1>"
    assert _title(head, body, "https://www.example.com/2024/05/budget") == title


def test_title_that_dropped_the_headlines_closing_mark_is_the_h1() -> None:
    head = "<title>« Le vélo n'est pas un luxe » - Le Journal de l'Ouest</title>"
    body = "<header><a href='/'>Le Journal de l'Ouest</a></header><article><span>Tribune</span>" \
           "<h1>« Le vélo n'est pas un luxe »</h1><p>Par Marie Dupont (Urbaniste)</p><p>Publié le 3 mai 2024</p>" \
           "</article>"
    assert _title(head, body, "https://www.example.fr/opinion/velo") == "« Le vélo n'est pas un luxe »"


def test_title_with_a_subtitle_between_the_h1_and_the_site_keeps_it_beyond_the_bound() -> None:
    # more words between the h1 and the site's name than the CV's bound: a subtitle, not a template's label (the
    # site's name goes as Readability.js cuts it)
    head = "<title>Climate: how the valley adapts to a drier decade - Valley Post</title>"
    body = "<header><a href='/'>Valley Post</a></header><h1>Climate</h1>"
    assert _title(head, body, "https://www.example.com/climate/") == "Climate: how the valley adapts to a drier decade"


def test_shop_title_with_its_brand_in_brackets_is_the_h1() -> None:
    head = "<title>【青松】保温杯500ml不锈钢 - 青松旗舰店</title>"
    body = "<header><a href='/'>首页</a></header><h1>青松保温杯500ml不锈钢</h1>"
    assert _title(head, body, "https://shop.example.cn/item/88") == "青松保温杯500ml不锈钢"
