"""The project downloads http and https pages through aiohttp (scrapy-download-handlers-incubator) rather than
Twisted's HTTP client; ``DOWNLOAD_HANDLERS = {}`` gives Scrapy's own back."""

import sys

import pytest
from scrapy.settings import Settings

import crawler.settings as project_settings

AIOHTTP_HANDLER = "scrapy_download_handlers_incubator.AiohttpDownloadHandler"
# pyproject installs the package from Python 3.11 on (its floor); on 3.10 the project keeps Scrapy's handler.
needs_the_package = pytest.mark.skipif(sys.version_info < (3, 11), reason="the package needs Python 3.11")


@needs_the_package
def test_the_project_fetches_http_and_https_with_the_aiohttp_handler():
    settings = Settings()
    settings.setmodule(project_settings, priority="project")
    handlers = settings.getwithbase("DOWNLOAD_HANDLERS")
    assert handlers["http"] == handlers["https"] == AIOHTTP_HANDLER


@needs_the_package
def test_the_handler_is_importable_from_its_pypi_package():
    from scrapy.utils.misc import load_object

    handler = load_object(AIOHTTP_HANDLER)
    assert handler.__module__.startswith("scrapy_download_handlers_incubator.")


def test_an_empty_setting_gives_back_scrapys_twisted_handler():
    settings = Settings()
    settings.setmodule(project_settings, priority="project")
    settings.set("DOWNLOAD_HANDLERS", "{}", priority="cmdline")  # -s DOWNLOAD_HANDLERS={}
    assert settings.getwithbase("DOWNLOAD_HANDLERS")["http"].endswith("HTTP11DownloadHandler")
