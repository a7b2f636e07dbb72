from crawler.extractors.templates.urlpattern import UrlPatterns, derive_pattern, normalized_host, url_pattern


def test_host_is_lower_cased_without_www_and_port():
    assert normalized_host("WWW.Example.COM") == "example.com"
    assert derive_pattern("https://WWW.Example.com:8080/about") == "example.com/about"
    assert derive_pattern("https://example.com/") == "example.com"


def test_dates_across_segments_and_inside_one():
    assert derive_pattern("https://www.example.com/news/2024/01/05/a.html") == "example.com/news/{date}/a.html"
    assert derive_pattern("https://example.com/2019/11/story") == "example.com/{date}/story"
    assert derive_pattern("https://example.com/news/2019-11-19/x") == "example.com/news/{date}/x"
    assert derive_pattern("http://example.cn/t20191119_12345.html") == "example.cn/t{date}_{num}.html"


def test_numbers_hex_ids_and_uuids():
    assert derive_pattern("https://example.com/marker/54885/") == "example.com/marker/{num}"
    assert derive_pattern("https://example.com/post/abc123def4567") == "example.com/post/{hex}"
    assert derive_pattern("https://example.com/a/0f8c2d3e-1111-2222-3333-444455556666") == "example.com/a/{uuid}"
    assert derive_pattern("http://news.example.com/19/1120/EUOI5J8B0001899O.html") == (
        "news.example.com/{num}/{num}/{id}.html"
    )


def test_long_slugs_are_generalised_and_short_section_names_kept():
    url = "https://www.example.com/news/2024/01/05/mayor-opens-the-new-bridge.html"
    assert derive_pattern(url) == "example.com/news/{date}/{slug}.html"
    assert derive_pattern("https://example.com/news-and-events/x") == "example.com/news-and-events/x"
    chinese = "https://example.cn/%E4%B8%AD%E5%9B%BD%E7%BB%8F%E6%B5%8E%E5%8F%91%E5%B1%95%E8%BF%85%E9%80%9F/"
    assert derive_pattern(chinese) == "example.cn/{slug}"


def test_two_articles_of_one_kind_share_a_pattern_and_other_kinds_do_not():
    first = derive_pattern("https://example.com/news/2024/01/05/mayor-opens-the-new-bridge.html")
    second = derive_pattern("https://example.com/news/2023/12/31/storm-closes-three-schools-today.html")
    assert first == second
    assert derive_pattern("https://example.com/sport/2024/01/05/team-wins-the-cup-again.html") != first


def test_query_keeps_only_id_like_keys():
    assert derive_pattern("https://example.com/show.php?id=5&utm_source=x") == "example.com/show.php?id={num}"
    assert derive_pattern("https://example.com/show.php?utm_source=x") == "example.com/show.php"
    assert derive_pattern("https://example.com/s?ID=1&page=2") == "example.com/s?id={num}&page={num}"


def test_user_patterns_win_over_the_derived_one_in_order():
    patterns = UrlPatterns([("example.com/news/*", "news"), ("re:example\\.com/.*\\.html$", "html"),
                            ("*", "anything")])
    assert patterns.pattern("https://www.example.com/news/2024/01/05/a.html") == "news"
    assert patterns.pattern("https://example.com/blog/a.html") == "html"
    assert patterns.pattern("https://other.org/x") == "anything"
    assert UrlPatterns({"example.com/news/*": "news"}).pattern("https://example.org/x") == "example.org/x"
    assert url_pattern("https://example.com/news/1", {"*/news/*": "n"}) == "n"


def test_no_url_and_bad_urls_do_not_raise():
    assert UrlPatterns().pattern(None) is None
    assert UrlPatterns().pattern("   ") is None
    assert isinstance(derive_pattern("http://[bad"), str)
