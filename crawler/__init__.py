"""newscrawler: a Scrapy news crawler whose core is a Scrapy-free main-text extraction library
(``crawler.extractors``)."""

__version__ = "0.1.0"
