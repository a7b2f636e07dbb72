"""The Spark job's template learning, as the crawl learns them: each page's URL pattern and line hashes (the map
step), a pattern's first pages by URL kept whatever the order the executors meet them (the aggregation), and the
crawl's learning over them in turn (the reduce step), so a page's template does not depend on the executors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crawler.bulk.records import Page
from crawler.extractors.templates.store import MAX_SAMPLES_PER_PATTERN, MemoryTemplateStore, Template


def pattern_and_hashes(page: Page) -> tuple[str, tuple[str | None, tuple[int, ...]]] | None:
    """Map step of the reduce: the page's URL pattern and line hashes (None: no pattern, too few lines)."""
    from crawler.extractors import parse_html
    from crawler.extractors.templates.extractor import MIN_Y, page_hashes

    extractor = _template_extractor()
    pattern = extractor.pattern(page.url)
    if pattern is None:
        return None
    try:
        hashes = tuple(page_hashes(parse_html(page.html, page.url, page.content_type)))
    except Exception:  # a page that cannot be parsed teaches nothing; it is extracted (and reported) later
        return None
    if len(hashes) < 2 * MIN_Y:
        return None
    return pattern, (page.url, hashes)


_TEMPLATE_EXTRACTOR: Any = None


def _template_extractor() -> Any:
    global _TEMPLATE_EXTRACTOR
    if _TEMPLATE_EXTRACTOR is None:
        from crawler.extractors.templates.extractor import TemplateExtractor

        _TEMPLATE_EXTRACTOR = TemplateExtractor(store=MemoryTemplateStore())
    return _TEMPLATE_EXTRACTOR


def _sample_order(sample: tuple) -> tuple:
    return (sample[0] or "", sample[1])


def keep_samples(samples: list, sample: tuple) -> list:
    """aggregateByKey's step: a pattern keeps MAX_SAMPLES_PER_PATTERN pages, the first by URL (then hashes), so
    the samples, and the templates learned from them, do not depend on the order the executors met the pages."""
    return merge_samples(samples, [sample])


def merge_samples(left: list, right: list) -> list:
    return sorted(left + right, key=_sample_order)[:MAX_SAMPLES_PER_PATTERN]


def learn_templates(pattern: str, samples: Sequence[tuple[str | None, tuple[int, ...]]]) -> list[Template]:
    """Reduce step: the crawl's learning (``TemplateExtractor.learn``) over one pattern's pages in turn."""
    from crawler.extractors.templates.extractor import best_sample_template, best_template_match

    store = MemoryTemplateStore()
    for url, hashes in samples:
        if best_template_match(hashes, store.templates(pattern)) is not None:
            continue
        template = best_sample_template(pattern, list(hashes), store.samples(pattern), url)
        if template is not None:
            store.add_template(template)
        elif not any(s.hashes == hashes for s in store.samples(pattern)):
            store.add_sample(pattern, hashes, url)
    return store.templates(pattern)


__all__ = ["keep_samples", "learn_templates", "merge_samples", "pattern_and_hashes"]
