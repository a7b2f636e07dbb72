"""The page job: one page in, its row out (article, page type, canonical URL, pinned site rules), without Scrapy.

The crawl's pipeline and middleware, ``extract-batch``, the Spark job and the crawl benchmark all run a page
through these names. The modules:

- ``job``: ``PageExtractor`` (one page -> the row's fields), site rules, canonical identity, the worker set-up;
- ``pagetypes`` and ``sitepages``: what kind of page it is (article, listing, site page such as "About us");
- ``limits``: the page size cap shared by every way a page comes in;
- ``workerpool``: worker processes fed by the asyncio loop, which run the job for the crawl.
- ``frames``: the framing of the calls and answers between the worker pool and its workers.
"""

from __future__ import annotations

from .job import (
    RULE_FIELDS,
    PageExtractor,
    SiteRule,
    canonical_url,
    extract_in_worker,
    init_worker,
    load_rules,
    page_identity,
    tune_gc,
    url_site,
    utc_now_iso,
    worker_extractor,
    worker_ready,
)

__all__ = ["RULE_FIELDS", "PageExtractor", "SiteRule", "canonical_url", "extract_in_worker", "init_worker",
           "load_rules", "page_identity", "tune_gc", "url_site", "utc_now_iso", "worker_extractor", "worker_ready"]
