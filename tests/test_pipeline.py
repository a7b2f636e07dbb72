"""ArticleExtractionPipeline on hand-written pages: fields, settings, pinned rules, template learning."""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from scrapy.exceptions import NotConfigured
from scrapy.exporters import JsonLinesItemExporter
from scrapy.utils.test import get_crawler

from crawler.extraction_service import ExtractionService
from crawler.extractors.templates.store import SqliteTemplateStore
from crawler.items import ARTICLE_FIELDS, ArticleItem
from crawler.pagejob import canonical_url, load_rules
from crawler.pipelines import ArticleExtractionPipeline
from crawler.storage import normalize_text, simhash

WORDS = ("council river school budget harbour railway museum festival hospital library bridge market garden "
         "tower station theatre stadium airport forest island").split()
HEADLINES = ("Council approves the new harbour plan", "Railway station reopens after repairs",
             "Museum festival draws record crowds", "Forest island bridge opens to walkers")


def story_page(n: int, *, canonical: str | None = "/news/story-{n}.html", extra_head: str = "") -> str:
    """A page of a fake news site: the same navigation and footer on every page, an article of its own."""
    paragraphs = "".join(
        "<p>" + " ".join(WORDS[(n * 3 + i + k) % len(WORDS)] + ("s" if k % 2 else "") for k in range(24)) + ".</p>"
        for i in range(6)
    )
    link = f'<link rel="canonical" href="{canonical.format(n=n)}">' if canonical else ""
    return f"""<html><head><title>{HEADLINES[n % len(HEADLINES)]} - Example News</title>{link}{extra_head}</head>
<body><div class="top"><p>Example News</p><p>Home</p><p>World</p><p>Politics</p><p>Sports</p></div>
<article><h1 class="headline">{HEADLINES[n % len(HEADLINES)]}</h1><time datetime="2024-01-0{n}">Jan {n}</time>
<div class="story">{paragraphs}</div></article>
<div class="bottom"><p>About us</p><p>Contact the newsroom</p><p>Privacy policy</p><p>Copyright Example News</p></div>
</body></html>"""


def story_url(n: int) -> str:
    return f"https://news.example.com/news/2024/01/0{n}/{HEADLINES[n % len(HEADLINES)].lower().replace(' ', '-')}.html"


def make_pipeline(tmp_path: Path, **settings: Any) -> ArticleExtractionPipeline:
    base = {"EXTRACTION_WORKERS": 0, "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "templates.sqlite")}
    crawler = get_crawler(settings_dict={**base, **settings})
    return ArticleExtractionPipeline.from_crawler(crawler)


def run(pipeline: ArticleExtractionPipeline, item: Any) -> Any:
    return asyncio.run(pipeline.process_item(item))


def test_page_item_becomes_an_article_item(tmp_path: Path) -> None:
    pipeline = make_pipeline(tmp_path)
    item = run(pipeline, {"url": story_url(1), "html": story_page(1).encode(), "source": "test", "status": 200})
    assert isinstance(item, ArticleItem)
    assert item["url"] == story_url(1)
    assert item["canonical_url"] == "https://news.example.com/news/story-1.html"
    assert item["title"].startswith(HEADLINES[1])
    assert "railways" in item["text"] or "railway" in item["text"]
    assert "Privacy policy" not in item["text"] and "Politics" not in item["text"]
    assert item["extractor"].startswith("default/")
    assert item["language"] == "en"
    assert item["content_hash"] == hashlib.sha1(normalize_text(item["text"]).encode()).hexdigest()
    assert item["simhash"] == f"{simhash(item['text']):016x}"  # fingerprinted in the worker
    crawled = datetime.fromisoformat(item["crawled_at"])
    assert crawled.utcoffset() == timezone.utc.utcoffset(None)
    assert item["metadata"]["source"] == "test"  # extra source fields kept, transport fields (status) not
    assert "status" not in item["metadata"] and "status" not in item
    assert "html" not in item
    pipeline.close_spider()


def test_other_items_pass_through_untouched(tmp_path: Path) -> None:
    pipeline = make_pipeline(tmp_path)
    item = {"url": "https://example.com/", "price": 3}
    assert run(pipeline, item) is item
    assert run(pipeline, {"url": "https://example.com/", "html": None}) == {"url": "https://example.com/", "html": None}


def test_disabled_raises_not_configured(tmp_path: Path) -> None:
    with pytest.raises(NotConfigured):
        make_pipeline(tmp_path, EXTRACTION_ENABLED=False)


def test_bad_worker_count_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="EXTRACTION_WORKERS"):
        make_pipeline(tmp_path, EXTRACTION_WORKERS=-1)


@dataclass
class PageSource:
    link: str
    page_source: str
    desk: str = "news"


def test_field_names_come_from_settings_and_any_item_type_works(tmp_path: Path) -> None:
    pipeline = make_pipeline(tmp_path, EXTRACTION_HTML_FIELD="page_source", EXTRACTION_URL_FIELD="link")
    item = run(pipeline, PageSource(story_url(2), story_page(2, canonical=None)))
    assert isinstance(item, ArticleItem)
    assert item["url"] == item["canonical_url"] == story_url(2)
    assert item["text"] and item["metadata"]["desk"] == "news"


def test_default_html_field_falls_back_to_body(tmp_path: Path) -> None:
    item = run(make_pipeline(tmp_path), {"url": story_url(1), "body": story_page(1)})
    assert isinstance(item, ArticleItem) and item["text"]


def test_bad_input_gives_an_empty_text_with_a_reason(tmp_path: Path) -> None:
    pipeline = make_pipeline(tmp_path)
    empty = run(pipeline, {"url": "https://example.com/a", "html": b""})
    assert empty["text"] == "" and empty["reason"] == "empty input" and empty["content_hash"] is None
    binary = run(pipeline, {"url": "https://example.com/b", "html": bytes(range(32)) * 200})
    assert binary["text"] == "" and "binary" in binary["reason"]


def test_an_extractor_crash_becomes_a_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline = make_pipeline(tmp_path)
    pipeline.service.extract_now(b"<html></html>", "https://example.com/")  # builds the local extractor

    def broken(doc: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline.service._local.cascade, "extract", broken)
    item = run(pipeline, {"url": story_url(1), "html": story_page(1)})
    assert item["text"] == "" and item["reason"] == "extraction failed: RuntimeError: boom"


def test_metadata_of_the_article_is_merged_when_present(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline = make_pipeline(tmp_path)
    pipeline.service.extract_now(b"<html></html>", "https://example.com/")
    local = pipeline.service._local
    original = local.cascade.extract

    class Metadata:
        def to_dict(self) -> dict[str, Any]:
            return {"published": "2024-01-01T08:00:00+00:00", "authors": ["A. Writer"], "mood": "calm",
                    "image": None, "warnings": ["date guessed"]}

    def with_metadata(doc: Any) -> Any:  # an Article as the metadata extractors make it, whatever Article is now
        article = original(doc)
        return SimpleNamespace(**{name: getattr(article, name) for name in ("text", "title", "extractor",
                                                                           "language", "template", "reason",
                                                                           "warnings")}, metadata=Metadata())

    monkeypatch.setattr(local.cascade, "extract", with_metadata)
    item = run(pipeline, {"url": story_url(1), "html": story_page(1)})
    assert item["published"] == "2024-01-01T08:00:00+00:00" and item["authors"] == ["A. Writer"]
    assert item["metadata"] == {"mood": "calm", "warnings": ["date guessed"]}
    assert item["image"] is None  # every field is there, an empty one as None


RULES = {
    "rules": [
        {"url": "news.example.com/news/*", "body": "css:div.story p:nth-child(-n+2)",
         "title": "//h1[@class='headline']", "date": "time::attr(datetime)"},
    ]
}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_pinned_rules_win_over_the_cascade(tmp_path: Path, suffix: str) -> None:
    rules_file = tmp_path / f"rules{suffix}"
    if suffix == ".json":
        rules_file.write_text(json.dumps(RULES))
    else:
        import yaml

        rules_file.write_text(yaml.safe_dump(RULES))
    pipeline = make_pipeline(tmp_path, EXTRACTION_RULES_FILE=str(rules_file))
    item = run(pipeline, {"url": story_url(3), "html": story_page(3)})
    assert item["extractor"] == "rule" and item["rule"] == "news.example.com/news/*"
    assert len(item["text"].split("\n")) == 2  # only the two paragraphs the rule selects
    assert item["title"] == HEADLINES[3] and item["published"] == "2024-01-03"
    other = run(pipeline, {"url": "https://other.example.org/a/b.html", "html": story_page(3)})
    assert other["extractor"].startswith("default/") and other["rule"] is None


def test_a_rule_whose_body_matches_nothing_keeps_the_cascade(tmp_path: Path) -> None:
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps({"news.example.com/*": {"body": "div.gone"}}))
    item = run(make_pipeline(tmp_path, EXTRACTION_RULES_FILE=str(rules_file)),
               {"url": story_url(1), "html": story_page(1)})
    assert item["extractor"].startswith("default/") and item["text"]
    assert "matched nothing" in item["rule"]


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid"),
    ('[{"body": "p"}]', "no 'url'"),
    ('[{"url": "x/*"}]', "names no selector"),
    ('[{"url": "x/*", "body": "p", "author": "a"}]', "unknown keys"),
    ('[{"url": "x/*", "body": "xpath://p[["}]', "bad xpath selector"),
])
def test_bad_rules_files_are_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(content)
    with pytest.raises(ValueError, match=message):
        load_rules(rules_file)
    with pytest.raises(ValueError, match="cannot read"):
        load_rules(tmp_path / "missing.json")


def test_templates_are_learned_and_persist_across_pipeline_instances(tmp_path: Path) -> None:
    store_path = tmp_path / "templates.sqlite"
    first = make_pipeline(tmp_path)
    one = run(first, {"url": story_url(1), "html": story_page(1)})
    pattern = first.service._local.templates.pattern(story_url(1))
    store = SqliteTemplateStore(store_path)
    assert len(store.samples(pattern)) == 1 and not store.has_template(pattern)  # learn() ran on page 1
    assert one["template"] is None
    two = run(first, {"url": story_url(2), "html": story_page(2)})
    assert store.has_template(pattern)
    assert two["template"] == pattern
    first.close_spider()

    second = make_pipeline(tmp_path)  # a new crawl: new crawler, new pipeline, the same store file
    three = run(second, {"url": story_url(3), "html": story_page(3)})
    assert three["template"] == pattern and three["extractor"] == "default/template+blocks"
    assert "Copyright Example News" not in three["text"]
    second.close_spider()
    store.close()


@pytest.mark.slow
def test_extraction_runs_in_a_worker_process(tmp_path: Path) -> None:
    pipeline = make_pipeline(tmp_path, EXTRACTION_WORKERS=1)

    async def crawl() -> list[Any]:
        items = [{"url": story_url(n), "html": story_page(n)} for n in (1, 2)]
        return list(await asyncio.gather(*(pipeline.process_item(item) for item in items)))

    try:
        one, two = asyncio.run(crawl())
    finally:
        pipeline.close_spider()
    assert one["text"] and two["text"]
    assert pipeline.service._local is None  # nothing was extracted in this process
    store = SqliteTemplateStore(tmp_path / "templates.sqlite")
    assert store.patterns()  # the worker learned into the shared file
    store.close()


@pytest.mark.slow
def test_workers_start_when_the_spider_opens(tmp_path: Path) -> None:
    crawler = get_crawler(settings_dict={"EXTRACTION_WORKERS": 2,
                                         "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "t.sqlite")})
    service = ExtractionService.for_crawler(crawler)
    ready = service.start()  # what the spider_opened signal calls, before any item arrives
    try:
        assert len(ready) == 2 and all(future.result(timeout=60) for future in ready)  # initialised workers
        assert service._local is None
    finally:
        service.close()
    assert ExtractionService(service.config.__class__(template_store=None, workers=0)).start() == []


def test_service_is_shared_by_one_crawler(tmp_path: Path) -> None:
    crawler = get_crawler(settings_dict={"EXTRACTION_WORKERS": 0,
                                         "EXTRACTION_TEMPLATE_STORE": str(tmp_path / "t.sqlite")})
    assert ExtractionService.for_crawler(crawler) is ExtractionService.for_crawler(crawler)


def test_canonical_url_is_resolved_and_checked() -> None:
    from lxml import html

    def root(head: str) -> Any:
        return html.document_fromstring(f"<html><head>{head}</head><body><p>x</p></body></html>")

    url = "https://example.com/a/b.html?utm=1"
    assert canonical_url(root('<link rel="Canonical" href="../c.html#top">'), url) == "https://example.com/c.html"
    assert canonical_url(root('<link rel="canonical" href="/c?d=1#">'), url) == "https://example.com/c?d=1"
    assert canonical_url(root('<link rel="canonical" href="/c?d=1">'), url) == "https://example.com/c?d=1"
    assert canonical_url(root('<link rel="canonical" href="javascript:void(0)">'), url) == url
    assert canonical_url(root('<link rel="alternate" href="/d">'), url) == url
    assert canonical_url(None, url) == url


def test_feed_export_keeps_the_declared_field_order(tmp_path: Path) -> None:
    item = run(make_pipeline(tmp_path), {"url": story_url(1), "html": story_page(1), "source": "t"})
    buffer = io.BytesIO()
    exporter = JsonLinesItemExporter(buffer)
    exporter.start_exporting()
    exporter.export_item(item)
    exporter.finish_exporting()
    keys = list(json.loads(buffer.getvalue()))
    assert keys == [name for name in ARTICLE_FIELDS if name in item]
    assert keys[:3] == ["url", "canonical_url", "title"]


def test_listing_pages_are_dropped_with_their_reason(tmp_path: Path) -> None:
    from scrapy.exceptions import DropItem

    links = "".join(f"<li><a href='/news/{i}.html'>Headline number {i} of the day</a></li>" for i in range(30))
    listing = f"<html><head><title>News</title></head><body><ul>{links}</ul></body></html>"
    pipeline = make_pipeline(tmp_path)
    with pytest.raises(DropItem, match=r"listing page https://news\.example\.com/section/news/: page kind listing"):
        run(pipeline, {"url": "https://news.example.com/section/news/", "html": listing})
    kept = run(make_pipeline(tmp_path, EXTRACTION_DROP_LISTINGS=False),
               {"url": "https://news.example.com/section/news/", "html": listing})
    assert kept["page_type"] == "listing" and "listing or collection" in kept["page_type_reason"]
    assert kept["page_kind"] == "listing"
    article = run(pipeline, {"url": story_url(1), "html": story_page(1)})
    assert article["page_type"] == "article" and article["page_type_reason"]


def test_item_as_dict_matches_itemadapters_asdict() -> None:
    import dataclasses

    from itemadapter import ItemAdapter

    from crawler.components import item_as_dict

    @dataclasses.dataclass
    class Author:
        name: str
        pages: tuple[int, ...] = (1, 2)

    item = ArticleItem(url="https://a.example/1", text="body", title=None,
                       metadata={"authors": [Author("Ann")], "tags": ("a", "b"), "nested": {"n": 1.5, "ok": True},
                                 "seen": {3}, "html": b"<p>"})
    copied = item_as_dict(ItemAdapter(item))
    assert copied == ItemAdapter(item).asdict()
    assert copied["metadata"]["authors"] == [{"name": "Ann", "pages": (1, 2)}]
    assert copied["metadata"] is not item["metadata"]  # a copy: the pipelines may change it
