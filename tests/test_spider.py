"""The news spider against the shipped sample site served on 127.0.0.1 (no extraction pipeline here)."""

import subprocess
from pathlib import Path

import pytest
from helpers.crawl import run_spider as crawl

from crawler.sample_site import SITE_ROOT

ARTICLE_PATHS = sorted("/" + str(p.relative_to(SITE_ROOT)) for p in SITE_ROOT.rglob("20*/**/*.html"))
CONTINUATION_OF = "/tech/2024/03/16/how-the-old-mill-became-a-data-centre.html"
CONTINUATION = "/tech/2024/03/16/how-the-old-mill-became-a-data-centre-2.html"
# Named only in the sitemap (robots.txt -> sitemap index -> news sitemap) / only in the feed the home page announces.
SITEMAP_ONLY = "/world/2024/03/17/night-ferry-timetable-published.html"
FEED_ONLY = "/tech/2024/03/18/town-opens-free-coding-club.html"


def paths(result, base):
    return sorted(item["url"].removeprefix(base) for item in result["items"])


@pytest.mark.slow
def test_crawl_from_home_follows_links_obeys_robots_and_fetches_each_page_once(sample_site, tmp_path):
    result = crawl(tmp_path, {"start_urls": sample_site.base_url + "/"})
    crawled = paths(result, sample_site.base_url)
    assert {path for path in ARTICLE_PATHS if not path.startswith("/private/") and path != CONTINUATION} <= set(crawled)
    # the second page of the multi-page article travels inside its first page's item, not on its own
    assert CONTINUATION not in crawled
    first = next(item for item in result["items"] if item["url"] == sample_site.base_url + CONTINUATION_OF)
    assert [part["url"] for part in first["continuation_pages"]] == [sample_site.base_url + CONTINUATION]
    assert "/private/drafts.html" not in crawled and sample_site.hits["/private/drafts.html"] == 0
    assert "/world/page/2.html" in crawled  # pagination followed
    assert "/missing" not in " ".join(crawled) and sample_site.hits["/missing.html"] == 1  # 404 fetched once, no item
    assert "/world/2024/03/13/harbour-reopens-to-ferries.html" in crawled  # also reached through the redirect
    assert all(count == 1 for path, count in sample_site.hits.items() if path != "/robots.txt"), sample_site.hits
    assert len(crawled) == len(set(crawled))


@pytest.mark.slow
def test_sitemap_index_and_robots_sitemaps(sample_site, tmp_path):
    result = crawl(tmp_path, {"sitemap_urls": sample_site.base_url + "/robots.txt"})
    crawled = paths(result, sample_site.base_url)
    expected = [p for p in ARTICLE_PATHS if p.startswith(("/world/", "/zh/"))] + [
        p for p in ARTICLE_PATHS if p.startswith("/tech/") and "old-mill" not in p and p != FEED_ONLY
    ]
    assert crawled == sorted(expected)


@pytest.mark.slow
def test_rss_feed(sample_site, tmp_path):
    result = crawl(tmp_path, {"feeds": sample_site.base_url + "/feed.xml"})
    crawled = paths(result, sample_site.base_url)
    assert crawled == sorted(p for p in ARTICLE_PATHS if p.startswith("/tech/") and not p.endswith("-2.html"))


@pytest.mark.slow
def test_start_url_alone_finds_sitemap_only_and_feed_only_articles(sample_site, tmp_path):
    crawled = paths(crawl(tmp_path, {"start_urls": sample_site.base_url + "/"}), sample_site.base_url)
    assert SITEMAP_ONLY in crawled and FEED_ONLY in crawled
    without = paths(crawl(tmp_path, {"start_urls": sample_site.base_url + "/", "discover": "0"}), sample_site.base_url)
    assert SITEMAP_ONLY not in without and FEED_ONLY not in without


@pytest.mark.slow
def test_urls_file_is_fetched_not_followed(sample_site, tmp_path):
    urls = tmp_path / "urls.txt"
    urls.write_text(f"# two pages\n{sample_site.base_url}/world/index.html\n{sample_site.base_url}{ARTICLE_PATHS[0]}\n")
    result = crawl(tmp_path, {"urls_file": str(urls)})
    assert paths(result, sample_site.base_url) == sorted(["/world/index.html", ARTICLE_PATHS[0]])


@pytest.mark.slow
def test_folder_of_saved_pages(tmp_path):
    result = crawl(tmp_path, {"path": str(SITE_ROOT / "zh")})
    names = sorted(Path(item["url"]).name for item in result["items"])
    assert names == ["bike-lanes.html", "index.html", "library-solar.html"]
    assert result["stats"]["news/saved_pages"] == 3


@pytest.mark.slow
def test_max_pages_and_depth(sample_site, tmp_path):
    # discovery off: with it, the sitemaps robots.txt names bring their articles at any depth
    result = crawl(tmp_path, {"start_urls": sample_site.base_url + "/", "max_depth": 0, "discover": "0"})
    assert paths(result, sample_site.base_url) == ["/"]


@pytest.mark.slow
def test_no_source_is_a_clear_error(tmp_path):
    with pytest.raises(subprocess.CalledProcessError):
        crawl(tmp_path, {})
