from crawler.evaluation.crawl_bench import LINKS_PER_LISTING, _stats_from_log, build_site


def test_site_has_every_page_under_each_copy_and_listings_link_them_all():
    site, articles = build_site([b"<html>a</html>", b"<html>b</html>"], copies=3)
    assert len(articles) == 6 and len(set(articles)) == 6
    listings = [path for path in site if path.startswith("/section/")]
    assert len(listings) == -(-6 // LINKS_PER_LISTING)
    linked = b"".join(site[path] for path in listings)
    assert all(path.encode() in linked for path in articles)
    assert all(path.encode() in site["/"] for path in listings)


def test_stats_are_read_from_scrapys_dump():
    log = "INFO: Dumping Scrapy stats:\n{'bench/first_response': 12.5,\n 'item_scraped_count': 180,\n 'x': 'text'}"
    assert _stats_from_log(log) == {"bench/first_response": 12.5, "item_scraped_count": 180.0}


def test_throughput_stats_record_wall_and_cpu_time_from_the_first_article():
    from types import SimpleNamespace

    from crawler.evaluation.crawl_bench import ThroughputStats

    values: dict[str, float] = {}
    crawler = SimpleNamespace(stats=SimpleNamespace(set_value=values.__setitem__),
                              signals=SimpleNamespace(connect=lambda *args, **kwargs: None))
    extension = ThroughputStats.from_crawler(crawler)
    extension.response_received()
    first_response = extension.first_response
    extension.response_received()  # only the first response counts
    extension.item_scraped()
    sum(range(300_000))  # some CPU between the first article and the last
    extension.item_scraped()
    assert values == {}  # written when the spider closes
    extension.spider_closed()
    assert values["bench/first_response"] == first_response
    assert first_response <= values["bench/first_item"] < values["bench/last_item"]
    assert values["bench/last_item_cpu"] > values["bench/first_item_cpu"]


def test_bench_server_keeps_the_connection_alive_and_answers_404():
    import http.client

    from crawler.evaluation.crawl_bench import BenchServer

    with BenchServer({"/a.html": b"<html>a</html>", "/b.html": b"<html>bb</html>"}) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        answers = []
        for path in ("/a.html", "/b.html?page=2", "/missing"):
            connection.request("GET", path)
            response = connection.getresponse()
            answers.append((response.status, response.read()))
        connection.close()
    assert answers == [(200, b"<html>a</html>"), (200, b"<html>bb</html>"), (404, b"not found")]
    assert server.connections == 1


def test_bench_server_reports_the_cpu_its_thread_used():
    import urllib.request

    from crawler.evaluation.crawl_bench import BenchServer

    with BenchServer({"/a.html": b"<html>a</html>"}) as server:
        before = server.cpu_seconds()
        for _ in range(300):  # a new connection each: well over the clock's 10 ms tick of CPU
            with urllib.request.urlopen(server.base_url + "/a.html", timeout=5) as response:
                response.read()
        assert server.cpu_seconds() > before
