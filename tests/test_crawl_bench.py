import time

import pytest
from scrapy import signals

from crawler.evaluation.bench_site import LINKS_PER_LISTING, build_site
from crawler.evaluation.crawl_bench import CPU_SAMPLE_SECONDS, _stats_from_log


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


@pytest.mark.slow
def test_throughput_stats_record_wall_and_cpu_time_from_the_first_article():
    from types import SimpleNamespace

    from crawler.evaluation.crawl_bench import ThroughputStats

    values: dict[str, float] = {}
    disconnected: list[object] = []
    crawler = SimpleNamespace(stats=SimpleNamespace(set_value=values.__setitem__),
                              signals=SimpleNamespace(connect=lambda *args, **kwargs: None,
                                                      disconnect=lambda receiver, signal: disconnected.append(signal)))
    extension = ThroughputStats.from_crawler(crawler)
    extension.response_received()
    first_response = extension.first_response
    extension.response_received()  # only the first response counts
    assert disconnected == []
    extension.item_scraped()
    assert disconnected == [signals.response_received]  # the other responses are not its business
    started = time.perf_counter()
    while time.perf_counter() - started < CPU_SAMPLE_SECONDS:  # some CPU between the first article and the last
        sum(range(10_000))
    extension.item_scraped()
    assert values == {}  # written when the spider closes
    extension.spider_closed()
    assert values["bench/first_response"] == first_response
    assert first_response <= values["bench/first_item"] < values["bench/last_item"]
    assert values["bench/last_item_cpu"] > values["bench/first_item_cpu"]


def test_throughput_stats_read_the_cpu_clock_once_an_interval_and_count_the_items_it_covers(monkeypatch):
    """The process CPU clock costs 0.1-1.5 ms a call in the crawl process (it sums the time of every thread):
    read once every CPU_SAMPLE_SECONDS, with the number of articles between the first reading and the last."""
    from types import SimpleNamespace

    from crawler.evaluation import crawl_bench

    clock = {"wall": 100.0, "cpu": 5.0, "cpu_reads": 0}

    def process_time() -> float:
        clock["cpu_reads"] += 1
        return clock["cpu"]

    monkeypatch.setattr(crawl_bench.time, "perf_counter", lambda: clock["wall"])
    monkeypatch.setattr(crawl_bench, "process_cpu_seconds", process_time)
    values: dict[str, float] = {}
    crawler = SimpleNamespace(stats=SimpleNamespace(set_value=values.__setitem__),
                              signals=SimpleNamespace(connect=lambda *args, **kwargs: None,
                                                      disconnect=lambda *args, **kwargs: None))
    extension = crawl_bench.ThroughputStats.from_crawler(crawler)
    extension.response_received()
    extension.item_scraped()  # the first article: a reading
    for _ in range(9):  # within the interval: no reading
        clock["wall"] += crawl_bench.CPU_SAMPLE_SECONDS / 20
        clock["cpu"] += 0.001
        extension.item_scraped()
    assert clock["cpu_reads"] == 1
    clock["wall"] += crawl_bench.CPU_SAMPLE_SECONDS
    clock["cpu"] += 0.001
    extension.item_scraped()  # the 11th article, past the interval: a reading covering 10 articles
    clock["wall"] += crawl_bench.CPU_SAMPLE_SECONDS / 20
    extension.item_scraped()  # the last article, not covered by a reading
    assert clock["cpu_reads"] == 2
    extension.spider_closed()
    assert values["bench/cpu_items"] == 10
    assert values["bench/last_item_cpu"] - values["bench/first_item_cpu"] == pytest.approx(0.010)
    assert values["bench/last_item"] == clock["wall"]


def test_the_process_cpu_clock_counts_every_thread():
    """``process_cpu_seconds``: user + system time of the whole process, as ``time.process_time`` (to the clock
    tick), CPU burnt in another thread included."""
    import threading

    from crawler.evaluation.crawl_bench import process_cpu_seconds

    before, before_clock = process_cpu_seconds(), time.process_time()

    def burn() -> None:
        started = time.thread_time()
        while time.thread_time() - started < 0.3:
            sum(range(10_000))

    thread = threading.Thread(target=burn)
    thread.start()
    thread.join()
    used, used_clock = process_cpu_seconds() - before, time.process_time() - before_clock
    assert used >= 0.25
    assert abs(used - used_clock) <= 0.05  # a few clock ticks (10 ms each)


def test_bench_server_keeps_the_connection_alive_and_answers_404():
    import http.client

    from crawler.evaluation.bench_site import BenchServer

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

    from crawler.evaluation.bench_site import BenchServer

    with BenchServer({"/a.html": b"<html>a</html>"}) as server:
        before = server.cpu_seconds()
        for _ in range(300):  # a new connection each: well over the clock's 10 ms tick of CPU
            with urllib.request.urlopen(server.base_url + "/a.html", timeout=5) as response:
                response.read()
        assert server.cpu_seconds() > before
