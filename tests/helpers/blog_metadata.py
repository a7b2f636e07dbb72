"""A blog post page around given head and body markup, and its metadata: the page the author-class tests write."""

from __future__ import annotations

from datetime import datetime, timezone

from crawler.extractors import parse_html
from crawler.extractors.metadata import extract_metadata

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
STORY = "<p>" + "The council met on Tuesday evening and voted to keep the library open for two years. " * 4 + "</p>"


def meta_of(head: str, body: str = "", url: str = "https://blog.example.org/posts/a-post") -> object:
    html = (f"<html lang='en'><head><title>A headline | Example Blog</title>{head}</head>"
            f"<body><h1>A headline</h1>{body}{STORY}</body></html>")
    return extract_metadata(parse_html(html, url), NOW)
