"""The template lines of seed 001 laid on one page, read from a template store without writing to it.

The page's lines are hashed as the template extractor hashes them; the store's templates for the URL's
pattern are matched as ``TemplateExtractor`` matches them (``best_template_match``, the seed's compare).
Each line is then head, tail (template chrome), shared (a repeated line inside the body) or body.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.templates.extractor import (
    MIN_TEMPLATE_MATCH_SHARE,
    MIN_Y,
    TemplateMatch,
    best_template_match,
    line_hash,
    match_template,
    split_lines,
)
from crawler.extractors.templates.store import MemoryTemplateStore, TemplateStore
from crawler.extractors.templates.urlpattern import UrlPatterns

HEAD, TAIL, SHARED, BODY = "head", "tail", "shared", "body"


@dataclass(frozen=True)
class TemplateLine:
    text: str
    status: str  # HEAD, TAIL, SHARED or BODY
    in_template: bool  # the line's hash is one of the template's head or tail hashes (not a stepped-over line)


@dataclass
class TemplateView:
    pattern: str | None
    templates: int
    samples: int
    match: TemplateMatch | None
    trusted: bool
    reason: str
    lines: list[TemplateLine] = field(default_factory=list)


def template_view(doc: TextDocument, store: TemplateStore,
                  patterns: UrlPatterns | Mapping[str, str] | None = None) -> TemplateView:
    patterns = patterns if isinstance(patterns, UrlPatterns) else UrlPatterns(patterns or {})
    pattern = patterns.pattern(doc.url)
    if pattern is None:
        return TemplateView(None, 0, 0, None, False, "the page has no URL to take a pattern from")
    templates = store.templates(pattern)
    samples = len(store.samples(pattern))
    lines = split_lines(doc.fresh_blocks())
    hashes = [line_hash(line.text) for line in lines]
    match = best_template_match(hashes, templates)
    if match is None:
        partial = max((match_template(hashes, t) for t in templates), default=None,
                      key=lambda m: m.head_matched + m.tail_matched)
        reason = f"no template of pattern {pattern} matches at least {MIN_Y} lines at an end"
        view = TemplateView(pattern, len(templates), samples, partial, False, reason)
        view.lines = [TemplateLine(line.text, BODY, False) for line in lines]
        return view
    trusted = match.matched_share >= MIN_TEMPLATE_MATCH_SHARE and match.head_lines + match.tail_lines < len(lines)
    reason = (f"template {match.template.id} of pattern {pattern}: {match.head_lines} head and {match.tail_lines} "
              f"tail lines, {match.matched_share:.0%} of its lines found on the page")
    if not trusted:
        reason += f" — not trusted (under {MIN_TEMPLATE_MATCH_SHARE:.0%}, or it covers the whole page)"
    chrome_hashes = set(match.template.head) | set(match.template.tail)
    tail_start = len(lines) - match.tail_lines
    view = TemplateView(pattern, len(templates), samples, match, trusted, reason)
    for index, (line, hashed) in enumerate(zip(lines, hashes, strict=True)):
        if index < match.head_lines:
            status = HEAD
        elif index >= tail_start:
            status = TAIL
        elif hashed in match.template.shared:
            status = SHARED
        else:
            status = BODY
        view.lines.append(TemplateLine(line.text, status, hashed in chrome_hashes))
    return view


def memory_copy(store: TemplateStore, url: str | None,
                patterns: UrlPatterns | Mapping[str, str] | None = None) -> MemoryTemplateStore:
    """The templates and samples of the URL's pattern in a store of their own: the template extractor learns
    into the store it is given, and a report must not change the user's."""
    patterns = patterns if isinstance(patterns, UrlPatterns) else UrlPatterns(patterns or {})
    copy = MemoryTemplateStore()
    pattern = patterns.pattern(url)
    if pattern is None:
        return copy
    for sample in store.samples(pattern):
        copy.add_sample(pattern, sample.hashes, sample.url)
    for template in store.templates(pattern):  # oldest first, as stored: ids keep their order
        copy.add_template(template)
    return copy


__all__ = ["BODY", "HEAD", "SHARED", "TAIL", "TemplateLine", "TemplateView", "memory_copy", "template_view"]
