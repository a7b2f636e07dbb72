"""Seed 001's ``compare`` and ``intersect`` over line hashes: aligning a page with a template or with a sample
page of its URL pattern, and deriving a template (common head, common tail, shared lines) from two pages.

The measurements behind each rule are in ``template.py``'s docstring (``crawler.evaluation.template_pairs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crawler.extractors.templates.store import Sample, Template

# Seed 001: minY, the least template match depth; fewer common lines than this is chance, not a template.
MIN_Y = 3
# Differing lines (a section name, a date) head or tail matching may step over; template_pairs, docs/tuning.md.
MAX_GAP = 2
# The seed's compare tests the head only; True asks MIN_Y common lines at both ends; template_pairs, docs/tuning.md.
REQUIRE_BOTH_ENDS = False
# Two samples whose bodies differ in fewer than MIN_Y lines are one article (a re-crawl, a print
# version), not two pages of a template. "More than half of the body lines shared" would also refuse true
# pairs that share a related-article list.
MIN_DIFFERING_BODY_LINES = MIN_Y
# A page matching less of a template's head and tail has another layout; design choice, docs/tuning.md.
MIN_TEMPLATE_MATCH_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Alignment:
    """How far two hash sequences agree from their start: lines covered on each side, hashes shared."""

    covered: int
    reference_covered: int
    common: tuple[int, ...]


def _resync(page: Sequence[int], i: int, reference: Sequence[int], j: int,
            max_gap: int) -> tuple[int, int] | None:
    """The smallest skip on each side after which MIN_Y lines agree again, or None."""
    for total in range(1, 2 * max_gap + 1):
        for skip_page in range(max(0, total - max_gap), min(total, max_gap) + 1):
            skip_reference = total - skip_page
            a = page[i + skip_page : i + skip_page + MIN_Y]
            if len(a) == MIN_Y and a == reference[j + skip_reference : j + skip_reference + MIN_Y]:
                return skip_page, skip_reference
    return None


def align_prefix(page: Sequence[int], reference: Sequence[int], max_gap: int | None = None) -> Alignment:
    """The seed's common prefix, allowed to step over up to ``max_gap`` differing lines at a time."""
    max_gap = MAX_GAP if max_gap is None else max_gap
    i = j = 0
    common: list[int] = []
    page, reference = list(page), list(reference)
    while i < len(page) and j < len(reference):
        if page[i] == reference[j]:
            common.append(page[i])
            i += 1
            j += 1
            continue
        skip = _resync(page, i, reference, j, max_gap) if max_gap else None
        if skip is None:
            break
        i += skip[0]
        j += skip[1]
    return Alignment(i, j, tuple(common))


@dataclass(frozen=True, slots=True)
class TemplateMatch:
    """A template laid on one page: how many of its lines are head and tail, and how much matched."""

    template: Template
    head_lines: int
    tail_lines: int
    head_matched: int
    tail_matched: int
    derived: bool = False

    @property
    def matched_share(self) -> float:
        size = len(self.template.head) + len(self.template.tail)
        return (self.head_matched + self.tail_matched) / size if size else 0.0


def match_template(hashes: Sequence[int], template: Template) -> TemplateMatch:
    head = align_prefix(hashes, template.head)
    tail = align_prefix(list(reversed(hashes)), template.tail)
    tail_lines = min(tail.covered, len(hashes) - head.covered)
    return TemplateMatch(template, head.covered, tail_lines, len(head.common), len(tail.common))


def deep_enough(head_matched: int, tail_matched: int) -> bool:
    if REQUIRE_BOTH_ENDS:
        return head_matched >= MIN_Y and tail_matched >= MIN_Y
    return max(head_matched, tail_matched) >= MIN_Y


def matches_at_head_and_tail(match: TemplateMatch) -> bool:
    return deep_enough(match.head_matched, match.tail_matched)


def best_template_match(hashes: Sequence[int], templates: Sequence[Template]) -> TemplateMatch | None:
    """The seed's ``compare``: the template with the deepest match, if that reaches MIN_Y at both ends."""
    matches = [m for m in (match_template(hashes, t) for t in templates) if matches_at_head_and_tail(m)]
    if not matches:
        return None
    return max(matches, key=lambda m: (m.head_matched + m.tail_matched, m.template.id or 0))


def derive_template(pattern: str, hashes: Sequence[int], sample: Sample,
                    url: str | None = None) -> Template | None:
    """The seed's ``intersect``: the common head and tail of two pages, and the lines both had.

    None when the two pages share fewer than MIN_Y lines at either end, or are one article (the
    template would leave no body on one of them, or most of the body lines are shared).
    """
    head = align_prefix(hashes, sample.hashes)
    tail = align_prefix(list(reversed(hashes)), list(reversed(sample.hashes)))
    if not deep_enough(len(head.common), len(tail.common)):
        return None
    body = hashes[head.covered : len(hashes) - tail.covered]
    sample_body = sample.hashes[head.reference_covered : len(sample.hashes) - tail.reference_covered]
    if head.covered + tail.covered >= len(hashes) or not body or not sample_body:
        return None
    shared = frozenset(hashes) & frozenset(sample.hashes)
    if sum(1 for h in body if h not in shared) < MIN_DIFFERING_BODY_LINES:
        return None
    urls = tuple(u for u in (sample.url, url) if u)
    return Template(pattern, head.common, tail.common, shared, urls=urls)


def _size(template: Template) -> int:
    return len(template.head) + len(template.tail)


def best_sample_template(pattern: str, hashes: Sequence[int], samples: Sequence[Sample],
                         url: str | None = None) -> Template | None:
    """The template from the sample that agrees deepest with the page (the seed keeps the best ``x``)."""
    best: Template | None = None
    for sample in samples:
        if list(sample.hashes) == list(hashes):
            continue
        template = derive_template(pattern, hashes, sample, url)
        if template and (best is None or _size(template) > _size(best)):
            best = template
    return best


__all__ = [
    "MAX_GAP",
    "MIN_DIFFERING_BODY_LINES",
    "MIN_TEMPLATE_MATCH_SHARE",
    "MIN_Y",
    "REQUIRE_BOTH_ENDS",
    "Alignment",
    "TemplateMatch",
    "align_prefix",
    "best_sample_template",
    "best_template_match",
    "deep_enough",
    "derive_template",
    "match_template",
    "matches_at_head_and_tail",
]
