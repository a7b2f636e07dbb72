"""Feeds in every format Scrapy writes hold no Python ``None`` as text: an absent field is an empty element in XML
(as it is an empty cell in CSV), also inside ``metadata``."""

from __future__ import annotations

import io

from scrapy.settings import Settings
from scrapy.utils.misc import load_object

from crawler.addon import NewsExtractionAddon
from crawler.pipelines import article_item


def exporter_for(format_name: str, stream: io.BytesIO):
    settings = Settings()
    settings.setmodule("crawler.settings", priority="project")
    NewsExtractionAddon().update_settings(settings)
    exporters = {**settings.getwithbase("FEED_EXPORTERS")}
    return load_object(exporters[format_name])(stream)


def test_an_xml_feed_has_no_none_cells():
    item = article_item({"url": "http://a.example/story.html", "text": "Some text.", "title": None,
                         "authors": [], "published": None,
                         "metadata": {"pages": None, "discovered_by": "feed", "warnings": [None, "w"]}})
    stream = io.BytesIO()
    exporter = exporter_for("xml", stream)
    exporter.start_exporting()
    exporter.export_item(item)
    exporter.finish_exporting()
    xml = stream.getvalue().decode("utf-8")
    assert "None" not in xml
    assert "<title></title>" in xml or "<title/>" in xml or "<title>" not in xml
    assert "<url>http://a.example/story.html</url>" in xml and "<discovered_by>feed</discovered_by>" in xml


def test_a_feed_file_that_fills_up_keeps_whole_lines_only(tmp_path, monkeypatch):
    import errno
    import os

    from crawler import exporters

    real_write = os.write
    calls = []

    def write(fd, data):
        calls.append(len(data))
        if len(calls) == 3:  # the disk fills in the middle of the third line
            real_write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(exporters.os, "write", write)
    failures = []
    path = tmp_path / "feed.jsonl"
    feed = exporters.WholeLineFile(str(path), "wb", lambda where, error: failures.append((where, error.errno)))
    for number in range(5):
        feed.write(b'{"row": %d, "text": "' % number + b"x" * 100 + b'"}')
        feed.write(b"\n")
    feed.close()
    assert failures == [(str(path), errno.ENOSPC)]  # told once
    assert path.read_bytes().splitlines() == [b'{"row": 0, "text": "' + b"x" * 100 + b'"}',
                                              b'{"row": 1, "text": "' + b"x" * 100 + b'"}']
    assert path.read_bytes().endswith(b"\n")
