"""Fixtures the tests share: the shipped sample site and the generated news site, served on 127.0.0.1.

The crawl helpers (``scrapy crawl news`` in a subprocess, the spider alone, the feed and stats readers) are in
tests/helpers/crawl.py; tests import them as ``from helpers.crawl import ...``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.news_site import NewsSiteServer

from crawler.sample_site import SITE_ROOT, SampleSiteServer


@pytest.fixture()
def serve_sample_site() -> Iterator[Callable[..., SampleSiteServer]]:
    """Starts ``SampleSiteServer(**options)`` (a root folder, a delay per answer, ...) when called; every server
    started is shut down after the test."""
    servers: list[SampleSiteServer] = []

    def start(**options: object) -> SampleSiteServer:
        server = SampleSiteServer(**options).start()  # type: ignore[arg-type]
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def sample_site(serve_sample_site: Callable[..., SampleSiteServer]) -> SampleSiteServer:
    """The shipped sample site (samples/site), read-only."""
    return serve_sample_site()


@pytest.fixture()
def sample_site_copy(serve_sample_site: Callable[..., SampleSiteServer], tmp_path: Path) -> SampleSiteServer:
    """A copy of the sample site in tmp_path/site: the test may edit its pages (``server.root``)."""
    import shutil

    root = tmp_path / "site"
    shutil.copytree(SITE_ROOT, root)
    return serve_sample_site(root=root)


@pytest.fixture()
def news_site() -> Iterator[NewsSiteServer]:
    """The generated news site (tests/helpers/news_site.py): sections, sitemaps, feed, variants, a calendar."""
    server = NewsSiteServer().start()
    yield server
    server.shutdown()
    server.server_close()
