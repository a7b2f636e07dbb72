"""The page job: one page in, its row out (article fields, page type, canonical URL, pinned site rules), with no
Scrapy. The crawl's extraction pipeline, bulk extraction (``crawler.batch``), the Spark job and the benchmarks run
this same job, in the crawl process or in worker processes (``init_worker`` / ``extract_in_worker``).

- ``SiteRule`` / ``load_rules``: pinned rules (``EXTRACTION_RULES_FILE``: JSON or YAML) that win over learning.
- ``canonical_url`` and ``page_identity``: the page's identity, rel=canonical first; a URL its JSON-LD or
  ``og:url`` declares counts only without one, and only on the page's own site.
- ``PageExtractor``: parse once, learn the site's template and extract (``LearningExtractor``), metadata, page
  type, fingerprints.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

# (the extraction library's package is imported with urljoins in any case: its parse step costs no import here, where
# ``_extract``'s import of it at every page would go through importlib's Python code each time)
from crawler.extractors.document.parse import parse_html
from crawler.extractors.document.urljoins import resolve_url
from crawler.extractors.pagekind import judge

from .fingerprints import content_hash, simhash_hex
from .urls import clean_url

WHITESPACE_RE = re.compile(r"\s+")
XPATH_START_RE = re.compile(r"^\s*(?:\.?/|\(|ancestor|descendant|following|preceding|self::|id\()")
RULE_FIELDS = ("body", "title", "date")

logger = logging.getLogger(__name__)


def url_site(url: str) -> str:
    """The host of a URL without ``www.``: what "the same site" compares."""
    host = (urlsplit(url).hostname or "").lower()
    return host.removeprefix("www.")


def page_identity(url: str, rel_canonical: str | None, declared: str | None,
                  tracking_parameters: tuple[str, ...] = ()) -> str:
    """The identity of the page fetched from ``url``: its rel=canonical, else a same-site declared URL (JSON-LD
    ``url``/``og:url``) cleaned of tracking parameters, else ``url``."""
    # (a declared URL that is the page's own is on its site without taking either apart: urlsplit, cached, and the
    # hostname property are most of page_identity's cost)
    chosen = rel_canonical or (declared if declared and (declared == url or url_site(declared) == url_site(url))
                               else None)
    if not chosen or urlsplit(chosen).scheme not in {"http", "https"}:
        return url  # the page's own URL as fetched (the spider schedules URLs already cleaned)
    return clean_url(chosen, tracking_parameters)


def utc_now_iso() -> str:
    """ISO 8601 in UTC to the second, e.g. ``2024-03-12T09:30:00+00:00``."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --------------------------------------------------------------------------------------------- site rules


@dataclass(frozen=True, slots=True)
class SiteRule:
    """A user's pinned rule: pages whose URL matches ``url`` (glob, or ``re:`` regex, as in
    ``UrlPatterns``) take body, title and date from these selectors (``css:``/``xpath:`` prefix, or
    guessed: a selector starting like a path is XPath, anything else CSS)."""

    url: str
    body: str | None = None
    title: str | None = None
    date: str | None = None


def _rules_from_data(data: Any, source: str) -> list[SiteRule]:
    if isinstance(data, Mapping) and "rules" in data:
        data = data["rules"]
    if isinstance(data, Mapping):  # {url expression: {body: ..., title: ..., date: ...}}
        data = [{"url": url, **(spec if isinstance(spec, Mapping) else {"body": spec})} for url, spec in data.items()]
    if not isinstance(data, list):
        raise ValueError(f"{source}: expected a list of rules or a mapping of URL pattern to rule")
    rules: list[SiteRule] = []
    for index, entry in enumerate(data):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("url"), str):
            raise ValueError(f"{source}: rule {index} has no 'url' pattern")
        unknown = set(entry) - {"url", *RULE_FIELDS}
        if unknown:
            raise ValueError(f"{source}: rule {index} has unknown keys {sorted(unknown)}; allowed: url, "
                             f"{', '.join(RULE_FIELDS)}")
        if not any(entry.get(name) for name in RULE_FIELDS):
            raise ValueError(f"{source}: rule {index} ({entry['url']}) names no selector")
        for name in RULE_FIELDS:
            if entry.get(name) is not None and not isinstance(entry[name], str):
                raise ValueError(f"{source}: rule {index} ({entry['url']}): {name} must be a selector string")
        rules.append(SiteRule(entry["url"], entry.get("body"), entry.get("title"), entry.get("date")))
    return rules


def load_rules(path: str | os.PathLike[str] | None) -> list[SiteRule]:
    """Pinned rules from a JSON or YAML file (by suffix; anything else is tried as JSON)."""
    if not path:
        return []
    file = Path(path)
    try:
        raw = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"EXTRACTION_RULES_FILE {file}: cannot read it ({error})") from error
    try:
        if file.suffix.lower() in {".yaml", ".yml"}:
            import yaml

            data = yaml.safe_load(raw)
        else:
            data = json.loads(raw)
    except Exception as error:  # a syntax error of either format
        raise ValueError(f"EXTRACTION_RULES_FILE {file}: not valid {file.suffix or 'JSON'} ({error})") from error
    rules = _rules_from_data(data or [], str(file))
    for rule in rules:  # fail at start-up, not on the first page of the site
        for name in RULE_FIELDS:
            spec = getattr(rule, name)
            if spec:
                _check_selector(spec, f"{file}: rule {rule.url} {name}")
    return rules


def _split_selector(spec: str) -> tuple[str, str]:
    if spec.startswith("css:"):
        return "css", spec[4:].strip()
    if spec.startswith("xpath:"):
        return "xpath", spec[6:].strip()
    return ("xpath" if XPATH_START_RE.match(spec) else "css"), spec.strip()


def _check_selector(spec: str, where: str) -> None:
    from parsel import Selector

    kind, query = _split_selector(spec)
    try:
        getattr(Selector(text="<html></html>"), kind)(query)
    except Exception as error:
        raise ValueError(f"{where}: bad {kind} selector {query!r} ({error})") from error


def _selected_lines(root: Any, spec: str) -> list[str]:
    """Each matched node as one line of collapsed text (attribute and text results as they are)."""
    from parsel import Selector

    kind, query = _split_selector(spec)
    selected = getattr(Selector(root=root, type="html"), kind)(query)
    lines = []
    for node in selected:
        value = node.root
        text = value if isinstance(value, str) else " ".join(node.xpath(".//text()").getall())
        text = WHITESPACE_RE.sub(" ", text).strip()
        if text:
            lines.append(text)
    return lines


# ------------------------------------------------------------------------------------- worker-side work


def canonical_url(root: Any, url: str | None, links: Iterable[tuple[str | None, str | None]] | None = None
                  ) -> str | None:
    """``<link rel="canonical">`` resolved against the page URL (http(s) only, fragment dropped), else the
    URL itself. ``links``: the (rel, href) of the page's <link> elements in document order when they are already
    read (the metadata's ``markup_of(doc).links``, read in its walk: no lxml ``get`` here), else they are read
    below ``root``."""
    if root is not None:
        if links is None:
            links = ((link.get("rel"), link.get("href")) for link in root.iter("link"))
        for rel, href in links:
            rel = (rel or "").lower()
            if "canonical" not in rel:  # (a substring test first: most <link> elements are stylesheets, icons...)
                continue
            href = (href or "").strip()
            if "canonical" in rel.split() and href:
                # (joined once a page: the metadata joined the same pair when the rel=canonical is its canonical; a URL
                # without "#" is its own ``urldefrag``, which builds a named tuple through ``_coerce_args``)
                resolved = resolve_url(url or "", href)
                if "#" in resolved:
                    resolved = urldefrag(resolved)[0]
                if urlsplit(resolved).scheme in {"http", "https"}:
                    return resolved
    return url


class PageExtractor:
    """Everything one process needs to turn a page into article fields: the cascade, its template store
    and the pinned rules. Built once per worker process."""

    def __init__(self, template_store: Any, rules: Sequence[SiteRule] = (), *, fast: bool = True) -> None:
        """``template_store``: a path or address (``LearningExtractor``'s), a TemplateStore, or None for one in
        memory; ``fast``: False keeps every page on the cascade (no layout learned from earlier pages)."""
        from crawler.extractors.cascade.learning import LearningExtractor
        from crawler.extractors.metadata.markup import markup_of
        from crawler.extractors.templates.urlpattern import UrlPatterns

        from .pagetypes import classify_page

        # The metadata's markup walk, imported once here rather than at every page in ``_extract`` (the metadata
        # package stays out of the crawl process, which imports this module but runs no page).
        self.markup_of = markup_of
        # The page type's classifier, so too: an import statement at every page is not free.
        self.classify_page = classify_page
        self.learner = LearningExtractor(template_store or None, fast=fast)  # learns each page, then the cascade
        self.templates = self.learner.templates
        self.cascade = self.learner.cascade
        self.rules = list(rules)
        self.rule_patterns = UrlPatterns([(rule.url, str(index)) for index, rule in enumerate(self.rules)])

    def pinned_rule(self, url: str | None) -> SiteRule | None:
        if not url or not self.rules:
            return None
        index = self.rule_patterns.user_pattern(url)
        return self.rules[int(index)] if index is not None else None

    def extract(self, html: bytes | str, url: str | None, content_type: str | None = None,
                keep: Callable[[str | None, str | None], str | None] | None = None) -> dict[str, Any]:
        """Article fields of one page; failures become an empty text with the reason, never an exception.
        ``keep(kind, language)``: the reason to leave the page out once its kind and language are known, before
        its metadata is read (the page's fields are then only its URL, text and ``filtered`` reason)."""
        try:
            return self._extract(html, url, content_type, keep)
        except Exception as error:  # one bad page must not take the crawl down
            logger.exception("extraction failed for %s", url)
            return {"url": url, "canonical_url": url, "text": "", "extractor": None,
                    "reason": f"extraction failed: {type(error).__name__}: {error}"}

    def _extract(self, html: bytes | str, url: str | None, content_type: str | None,
                 keep: Callable[[str | None, str | None], str | None] | None = None) -> dict[str, Any]:
        doc = parse_html(html, url, content_type)
        warnings = list(doc.warnings)
        article = self.learner.extract_document(doc)  # every page teaches the store, whatever extracts it
        if keep is not None and article.text:
            reason = keep(judge(doc).kind if doc.blocks else None, article.language)
            if reason is not None:
                return {"url": url, "canonical_url": url, "text": article.text, "extractor": article.extractor,
                        "reason": reason, "filtered": reason}
        metadata = getattr(article, "metadata", None)  # added by the metadata extractors when present
        # The <link> elements the metadata gathered (kept on the walked document): no second search of the tree.
        rel_canonical = canonical_url(doc.root, url, self.markup_of(doc).links)
        fields: dict[str, Any] = {
            "url": url,
            "canonical_url": rel_canonical,
            "title": article.title,
            "text": article.text,
            "language": None,  # the metadata's when it names one, else identified below
            "extractor": article.extractor,
            "template": article.template,
            "reason": article.reason,
        }
        found: dict[str, Any] = {}
        if metadata is not None and hasattr(metadata, "to_dict"):
            # The library's Metadata gives its filled fields, copied, in one pass;
            # any other metadata object its dict, filtered here.
            found = metadata.filled() if hasattr(metadata, "filled") else {
                k: v for k, v in metadata.to_dict().items() if v not in (None, "", [], {})}
            warnings += [w for w in found.pop("warnings", []) if w not in warnings]
            fields.update(found)
        if "language" not in found:
            # Identified only when the metadata (the page's lang, JSON-LD, og:locale) names none, as it would
            # replace it: fastText is costly and most pages name one.
            fields["language"] = article.language
        if url:  # rel=canonical first; the metadata's JSON-LD url / og:url only without one (crawler.identity)
            fields["canonical_url"] = page_identity(url, rel_canonical if rel_canonical != url else None,
                                                    fields.get("canonical_url"))
        fields.update(self._kind_and_confidence(doc, article))
        rule = self.pinned_rule(url)
        if rule is not None and doc.root is not None:
            fields.update(self._apply_rule(rule, doc, fields))
            if fields.get("extractor") == "rule":  # the text is the rule's: the cascade's confidence is not its
                fields["confidence"] = None
        # A page that failed to parse is neither: it keeps its reason and is not dropped as a listing.
        page_type, page_type_reason, page_type_warning = self._page_type(doc, url) if doc.blocks else (None,) * 3
        if page_type:
            fields["page_type"] = page_type
            fields["page_type_reason"] = page_type_reason
        if page_type_warning:
            warnings.append(page_type_warning)
        if fields.get("text") and fields.get("language") is None:
            fields["language"] = doc.language
        fields["content_hash"] = content_hash(fields.get("text") or "")
        # Fingerprinted here, in the worker: storage would otherwise do it in the crawl process.
        fields["simhash"] = simhash_hex(fields.get("text") or "")
        warnings += [w for w in article.warnings if w not in warnings]
        if warnings:
            fields["warnings"] = warnings
        return fields

    @staticmethod
    def _kind_and_confidence(doc: Any, article: Any) -> dict[str, Any]:
        """The page's judged kind (``crawler.extractors.pagekind``, judged once a document) and the extraction's
        confidence; none on a page without text or when judging fails (the page is kept, the warning logged)."""
        if not doc.blocks:
            return {}
        try:
            return {"page_kind": judge(doc).kind, "confidence": article.confidence}
        except Exception:  # a model bug must not lose the page
            logger.exception("page kind or confidence failed for %s", doc.url)
            return {}

    @staticmethod
    def _apply_rule(rule: SiteRule, doc: Any, fields: Mapping[str, Any]) -> dict[str, Any]:
        pinned: dict[str, Any] = {"rule": rule.url}
        if rule.body:
            lines = _selected_lines(doc.root, rule.body)
            if lines:
                pinned.update(text="\n".join(lines), extractor="rule", template=None, reason=None)
            else:  # the site changed its layout: the cascade's text is kept, and the rule says so
                pinned["rule"] = f"{rule.url} (body selector matched nothing; cascade kept)"
        if rule.title:
            titles = _selected_lines(doc.root, rule.title)
            if titles:
                pinned["title"] = titles[0]
        if rule.date:
            dates = _selected_lines(doc.root, rule.date)
            if dates:
                pinned["published"] = dates[0]
        return pinned

    def _page_type(self, doc: Any, url: str | None) -> tuple[str | None, str | None, str | None]:
        """Article or listing with its evidence (``crawler.pagetypes``), and a warning if that failed."""
        try:
            page_type = self.classify_page(doc, url)
        except Exception as error:  # a classifier bug must not lose the page: it is kept as an article
            return None, None, f"page type failed: {type(error).__name__}: {error}"
        return page_type.kind, page_type.reason(), None


_WORKER: PageExtractor | None = None

# A worker process's garbage collector. At Python's thresholds (700, 10, 10) young collections run several times a
# page, inside each page's parse and cascade, and older ones traverse the objects of the imports and the set-up
# again and again; so set-up is ``gc.freeze()``-d and young collections run every this many net allocations. A
# page's objects are freed by reference counting as before; only reference cycles wait longer for a collection (at
# most this many objects' worth).
WORKER_GC_THRESHOLD = 10_000


def tune_gc(gen0_threshold: int, freeze: bool = True) -> tuple[int, ...]:
    """A long-running process's collector once it is set up (a worker here, the crawl process in
    ``crawler.gctuning``): with ``freeze``, the garbage of the set-up is collected and what remains is never
    traversed again; the young generation is collected every ``gen0_threshold`` net allocations. Returns the
    thresholds it replaced."""
    previous = gc.get_threshold()
    if freeze:
        gc.collect()  # garbage of the set-up is freed rather than frozen
        gc.freeze()
    gc.set_threshold(gen0_threshold, *previous[1:])
    return previous


def tune_worker_gc() -> None:
    """Called once a worker process is set up (``tune_gc`` with WORKER_GC_THRESHOLD)."""
    tune_gc(WORKER_GC_THRESHOLD)


def worker_extractor() -> PageExtractor | None:
    """The page job of this worker process, once ``init_worker`` has set it up."""
    return _WORKER


def init_worker(template_store: str | None, rules: Sequence[SiteRule], *, worker_process: bool = True) -> None:
    """Sets up this process's page job; ``worker_process`` False for a process that does more than pages (its
    garbage collector is left as it is)."""
    global _WORKER
    _WORKER = PageExtractor(template_store, rules)
    if worker_process:
        tune_worker_gc()


def worker_ready() -> bool:
    return _WORKER is not None


def extract_in_worker(html: bytes | str, url: str | None, content_type: str | None,
                      keep: Callable[[str | None, str | None], str | None] | None = None) -> dict[str, Any]:
    if _WORKER is None:
        raise RuntimeError("worker not initialised")
    return _WORKER.extract(html, url, content_type, keep)
