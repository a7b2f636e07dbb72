"""Line-hash template extraction (seed 001, "基于行的Hash值模板算法").

A site's pages of one kind repeat the same lines above the article (navigation, masthead) and below it
(footer). The seed hashes every text line of a page; two pages of one URL pattern whose line hashes
start alike (a common prefix of at least ``minY`` = 3 lines) and end alike give a template: the common
head (forward order) and the common tail (reversed order). A page that matches a template loses its head
and tail lines; what lies between is the article. A page that matches neither template nor sample is kept
as a sample until a second page of its pattern arrives.

Beyond the seed, each measured with ``crawler.evaluation.template_pairs`` on the scrapinghub hosts with two
pages (110 pages, one pattern per host; F1 on the pages that got a template):
- seed as written (strict prefixes, MIN_Y at both ends): template for 74 pages, F1 0.805 (P 0.677);
- lines between head and tail that both learning pages had (repeated boilerplate: "Advertisement", share
  buttons, a second menu) are dropped too: F1 0.864 (P 0.771);
- MIN_Y common lines at one end suffice (the seed's compare looks at the head only): 100 pages, F1 0.874;
- a line's hash ignores digits ("3 hours ago" = "5 hours ago"), and head and tail may step over a few
  differing lines (a section name, a date) when the pages agree again after them: 104 pages, F1 0.881;
- a template the page matches only in small part (another layout), or that would leave nothing, is not
  trusted, and two samples that are one article do not make a template.

Without a template the extractor says so (empty text, reason "no template for pattern ..."), so a caller
can fall back to another extractor.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .article import Article
from .document import TextBlock, TextDocument
from .pipeline import Extractor, Run, Step
from .template_store import HASH_BYTES, Sample, Template, TemplateStore, default_store
from .text import normalize_space
from .urlpattern import UrlPatterns

# Seed 001: minY, the least template match depth; fewer common lines than this is chance, not a template.
MIN_Y = 3
# Differing lines that head or tail matching may step over when MIN_Y common lines follow (a section
# name, a date line); measured on the scrapinghub pairs, host patterns: F1 0.879 on 102 pages with 0 (the
# seed), 0.881 on 104 with 2, 0.882 with 3; 2 keeps the step short.
MAX_GAP = 2
# Replace digit runs before hashing, so counters, dates and times do not break a template line;
# measured as above: F1 0.877 without, 0.881 with.
HASH_IGNORES_DIGITS = True
# The seed's compare tests the head only; True would ask MIN_Y common lines at both ends. Measured as
# above: both ends gives a template for 88 of 110 pages (F1 0.881), either end for 104 (F1 0.881).
REQUIRE_BOTH_ENDS = False
# Two samples whose bodies differ in fewer than MIN_Y lines are one article (a re-crawl, a print
# version), not two pages of a template. Measured: the alternative test, "more than half of the body
# lines shared", also refused 6 of 55 true pairs (related-article lists shared by both pages).
MIN_DIFFERING_BODY_LINES = MIN_Y
# A template is trusted only if the page matches at least this share of its head and tail lines, else
# the page has another layout (another section, a redesign); design choice, half. Measured on zh-news
# (every page of a site learned, then each extracted): 3 of 34 pages refused, all of another section.
MIN_TEMPLATE_MATCH_SHARE = 0.5
# Labels this extractor leaves on blocks.
HEAD_LABEL = "template-head"
TAIL_LABEL = "template-tail"
BODY_LABEL = "body"
SHARED_LABEL = "template-line"
NO_TEMPLATE_LABEL = "no-template"

DIGITS_RE = re.compile(r"\d+")


def normalize_line(line: str) -> str:
    """The form of a line that is hashed: collapsed white space and, by default, digits as one '0'."""
    line = normalize_space(line)
    return DIGITS_RE.sub("0", line) if HASH_IGNORES_DIGITS else line


# Lines whose hash is remembered: a site's chrome lines come back on every page of the site, so most lines of a
# crawl are hashed once (measured on the template replay: line hashing fell from 14 % to 3 % of the learning
# extractor's time). 2**16 lines of ~60 characters keep ~10 MB.
LINE_HASH_CACHE = 2**16


@functools.lru_cache(maxsize=LINE_HASH_CACHE)
def line_hash(line: str) -> int:
    """A 64-bit blake2b hash: stable across processes and runs, unlike Python's salted ``hash()``."""
    digest = hashlib.blake2b(normalize_line(line).encode("utf-8"), digest_size=HASH_BYTES).digest()
    return int.from_bytes(digest, "big")


def split_lines(blocks: Sequence[TextBlock]) -> list[TextBlock]:
    """One block per text line: the seed's unit is the line, and a block of several lines (``<br>``)
    can hold both template lines and article lines."""
    lines: list[TextBlock] = []
    for block in blocks:
        parts = [p for p in block.text.split("\n") if p.strip()]
        if len(parts) <= 1:
            lines.append(block)
            continue
        linked = block.char_link_density > 0.5
        for part in parts:
            line = TextBlock.from_text(part, len(lines), linked=linked, tag_level=block.tag_level,
                                       labels=block.labels)
            line.element = block.element
            line.elements = list(block.elements)
            line.source_line = block.source_line
            line.decisions = list(block.decisions)
            lines.append(line)
    for offset, line in enumerate(lines):
        line.offset_blocks_start = line.offset_blocks_end = offset
    return lines


def page_hashes(doc: TextDocument) -> list[int]:
    return [line_hash(line) for block in doc.blocks for line in block.text.split("\n") if line.strip()]


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


class SplitIntoLines(Step):
    """Seed: "取得网页文本 ... 使用\\n进行分行" — the page's text, one unit per line."""

    def process(self, run: Run) -> bool:
        before = len(run.blocks)
        run.blocks = split_lines(run.blocks)
        return len(run.blocks) != before


class LineHashes(Step):
    """Seed: "计算出每行的Hash值"; hashes go to ``run.notes["hashes"]`` in document order."""

    def process(self, run: Run) -> bool:
        if "hashes" not in run.notes:  # given when the page was just learned (TemplateExtractor.learn_page)
            run.notes["hashes"] = [line_hash(block.text) for block in run.blocks]
        return False


class MatchTemplate(Step):
    """Seed: compare the page with the template store of its URL pattern (head at least MIN_Y lines)."""

    def __init__(self, store: TemplateStore, patterns: UrlPatterns) -> None:
        self.store = store
        self.patterns = patterns

    def process(self, run: Run) -> bool:
        if "learned" in run.notes:  # matched (and learned from) by TemplateExtractor.learn_page just before
            if run.notes.get("match") is None:
                run.notes["reason"] = f"no trusted template for pattern {run.notes.get('pattern')}"
            return False
        pattern = self.patterns.pattern(run.doc.url)
        run.notes["pattern"] = pattern
        if pattern is None:
            run.notes["reason"] = "no template: the page has no URL to take a pattern from"
            return False
        match = best_template_match(run.notes["hashes"], self.store.templates(pattern))
        if match is None:
            run.notes["reason"] = f"no template for pattern {pattern}"
            return False
        run.notes["match"] = match
        return False


class LearnFromSamples(Step):
    """Seed: no template matched, so compare with the samples; a match makes (and stores) a template."""

    def __init__(self, store: TemplateStore) -> None:
        self.store = store

    def process(self, run: Run) -> bool:
        pattern = run.notes.get("pattern")
        if pattern is None or run.notes.get("match") is not None or "learned" in run.notes:
            return False
        hashes = run.notes["hashes"]
        with self.store.transaction():
            template = best_sample_template(pattern, hashes, self.store.samples(pattern), run.doc.url)
            if template is None:
                return False
            self.store.add_template(template)
        match = match_template(hashes, template)
        run.notes["match"] = TemplateMatch(template, match.head_lines, match.tail_lines, match.head_matched,
                                           match.tail_matched, derived=True)
        return True


class DistrustWeakTemplate(Step):
    """A template the page matches only in small part belongs to another layout: say so, keep nothing."""

    def process(self, run: Run) -> bool:
        match: TemplateMatch | None = run.notes.get("match")
        if match is None:
            return False
        pattern = run.notes["pattern"]
        if match.matched_share < MIN_TEMPLATE_MATCH_SHARE:
            run.notes["reason"] = (f"template for pattern {pattern} not trusted: the page matches only "
                                   f"{match.head_matched + match.tail_matched} of its "
                                   f"{len(match.template.head) + len(match.template.tail)} lines")
        elif match.head_lines + match.tail_lines >= len(run.blocks):
            run.notes["reason"] = f"template for pattern {pattern} covers the whole page"
        else:
            return False
        run.notes["distrusted"] = run.notes.pop("match")
        return True


class StripTemplateLines(Step):
    """Seed: drop the template's head and tail lines; the lines between them are the article."""

    def process(self, run: Run) -> bool:
        match: TemplateMatch | None = run.notes.get("match")
        if match is None:
            reason = run.notes.get("reason", "no template")
            for block in run.blocks:
                block.decide(self.name, False, reason, NO_TEMPLATE_LABEL)
            return False
        tail_start = len(run.blocks) - match.tail_lines
        for index, block in enumerate(run.blocks):
            if index < match.head_lines:
                block.decide(self.name, False, f"template head: line {index + 1} of {match.head_lines}",
                             HEAD_LABEL)
            elif index >= tail_start:
                block.decide(self.name, False, f"template tail: line {len(run.blocks) - index} from the end "
                             f"of {match.tail_lines}", TAIL_LABEL)
            else:
                block.decide(self.name, True, "body: between the template's head and tail", BODY_LABEL)
        return True


class DropSharedLines(Step):
    """Body lines that both learning pages had are repeated boilerplate (ads, share bars, a second menu);
    measured on the scrapinghub pairs: precision 0.677 -> 0.771 for a recall 0.992 -> 0.984."""

    def process(self, run: Run) -> bool:
        match: TemplateMatch | None = run.notes.get("match")
        if match is None or not match.template.shared:
            return False
        changed = False
        for block, hashed in zip(run.blocks, run.notes["hashes"], strict=True):
            if block.is_content and hashed in match.template.shared:
                block.decide(self.name, False, "template line inside the body: both learning pages have it",
                             SHARED_LABEL)
                changed = True
        return changed


class TemplateExtractor(Extractor):
    """Seed 001's extractor over a store of samples and templates keyed by URL pattern.

    ``store``: a ``TemplateStore`` (default: $CRAWLER_TEMPLATE_STORE's SQLite file, else the process's
    in-memory store). ``patterns``: user rules ``{glob or "re:regex": pattern name}`` or ``UrlPatterns``.
    """

    name = "template"

    def __init__(self, store: TemplateStore | None = None,
                 patterns: UrlPatterns | Mapping[str, str] | None = None) -> None:
        self.store: TemplateStore = store if store is not None else default_store()
        self.patterns = patterns if isinstance(patterns, UrlPatterns) else UrlPatterns(patterns or {})
        self.steps = (
            SplitIntoLines(),
            LineHashes(),
            MatchTemplate(self.store, self.patterns),
            LearnFromSamples(self.store),
            DistrustWeakTemplate(),
            StripTemplateLines(),
            DropSharedLines(),
        )

    def pattern(self, url: str | None) -> str | None:
        return self.patterns.pattern(url)

    def has_template(self, url: str | None) -> bool:
        pattern = self.pattern(url)
        return pattern is not None and self.store.has_template(pattern)

    def learn(self, doc: TextDocument) -> str | None:
        """Seed's ``compare``: the pattern if the page matches or completes a template, else None (the page
        is kept as a sample)."""
        return self.learn_page(doc)[0]

    def learn_page(self, doc: TextDocument, hashes: list[int] | None = None
                   ) -> tuple[str | None, TemplateMatch | None]:
        """``learn`` with the page's line hashes when the caller has them (``page_hashes``), and the trusted
        match of the page's template: (pattern, match), (pattern, None) when the page matched or completed a
        template it does not follow closely enough to strip, (None, None) when it is only a sample."""
        pattern = self.pattern(doc.url)
        hashes = page_hashes(doc) if hashes is None else hashes
        if pattern is None or len(hashes) < 2 * MIN_Y:
            return None, None
        with self.store.transaction():
            match = best_template_match(hashes, self.store.templates(pattern))
            if match is None:
                samples = self.store.samples(pattern)
                template = best_sample_template(pattern, hashes, samples, doc.url)
                if template is None:
                    if not any(list(s.hashes) == hashes for s in samples):
                        self.store.add_sample(pattern, hashes, doc.url)
                    return None, None
                self.store.add_template(template)
                match = match_template(hashes, template)
        trusted = (match.matched_share >= MIN_TEMPLATE_MATCH_SHARE
                   and match.head_lines + match.tail_lines < len(hashes))
        return pattern, match if trusted else None

    def extract(self, doc: TextDocument, known: Mapping[str, object] | None = None) -> Article:
        """``known``: what ``learn_page`` found for this very page (``hashes``, ``pattern``, ``match``), so
        the steps do not hash and match it again."""
        if not doc.blocks:
            return self.empty(doc, doc.empty_reason or "no visible text")
        run = self.run(doc, dict(known) if known else None)
        if run.notes.get("match") is None:
            return self.to_article(run)
        article = self.to_article(run, template=run.notes["pattern"])
        if not article.text:
            article.reason = f"template for pattern {run.notes['pattern']} left no body line"
        return article


__all__ = [
    "MAX_GAP",
    "MIN_Y",
    "TemplateExtractor",
    "TemplateMatch",
    "align_prefix",
    "best_template_match",
    "derive_template",
    "line_hash",
    "match_template",
    "normalize_line",
    "page_hashes",
    "split_lines",
]
