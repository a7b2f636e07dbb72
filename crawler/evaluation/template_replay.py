"""Template replay: many pages of one site in crawl order, and what learning its template buys in F1 and speed.

    python -m crawler.evaluation.template_replay --dataset ../shared/datasets/scrapinghub --sites 10 --pages 40

Seed 001 promises that a site's known template makes its pages cheap, and the learned template also lifts
accuracy on sites whose pages share chrome. The shared data sets hold one or two pages a site, so sites are
built: each site keeps one real page's whole chrome (its markup, navigation, sidebars, footer, and whatever
sits in its article container beside the story, share bars or captions) and swaps the story for the gold text
of other pages of the data set, one story a page, under URLs of one pattern (``/news/<date>/<slug>.html``).

``build_site``: the donor page's story elements are its elements with direct text found in its gold text; the
lowest element holding them all is the story's container; those elements are taken out and each new story's
paragraphs put where the first of them stood. Donors whose story cannot be found that way are skipped.

Each site is replayed from an empty template store, page after page, by three extractors on the same pages:
``default`` (``extract()``, learns nothing), the learning extractor with the cascade only (``fast=False``),
and the learning extractor as the crawl runs it (its template pages skip the cascade once trusted,
``default/template+container``). The table gives mean F1 and pages per CPU-second by how many pages of the
site were learned before, and a last line compares, on the template hits only (pages the fast path took),
the fast path with the cascade on the same pages: pages/s from bytes (parse and block walk included; the fast
path walks its learned container only).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from crawler.extractors import get_extractor
from crawler.extractors.cascade.learning import FAST_EXTRACTOR, LearningExtractor
from crawler.extractors.document.parse import parse_html

from .datasets import Page
from .metric import score_page

# Pages learned before the page measured, as the table asks: 0, 1, 2, 5, 10 and 30.
CHECKPOINTS = (0, 1, 2, 5, 10, 30)
DEFAULT_SITES = 10
DEFAULT_PAGES = 40  # the last checkpoint plus ten pages
# A donor's story is found when at least this many of its elements with text are found in its gold text
# (a gold text of one or two sentences gives no container worth keeping).
MIN_STORY_ELEMENTS = 3
# An element's own text is a line of the story when it is at least this long and found in the gold text
# (shorter texts, "Share", "Advertisement", a date, are found in many gold texts by chance).
MIN_STORY_LINE_CHARS = 40
# A story put into a site needs this many words, like a news article (shorter gold texts are captions).
MIN_STORY_WORDS = 80
WHITESPACE_RE = re.compile(r"\s+")
PARAGRAPH_SPLIT_RE = re.compile(r"\n+")
EXTRACTORS = ("default", "learning-cascade", "learning")


def _norm(text: str) -> str:
    return WHITESPACE_RE.sub(" ", text).strip()


def story_elements(root: etree._Element, gold: str) -> list[etree._Element]:
    """The donor's elements whose own text (text before the first child) is a line of its gold text."""
    wanted = _norm(gold)
    found = []
    for element in root.iter(etree.Element):
        if element.tag in {"script", "style", "title", "head"}:
            continue
        own = _norm(element.text or "")
        if len(own) >= MIN_STORY_LINE_CHARS and own in wanted:
            found.append(element)
    return found


def _common_ancestor(elements: Sequence[etree._Element]) -> etree._Element:
    chain = [elements[0], *elements[0].iterancestors()]
    for element in elements[1:]:
        present = {element, *element.iterancestors()}
        chain = [node for node in chain if node in present]
    return chain[0]


@dataclass
class Site:
    host: str
    donor: str
    pages: list[tuple[str, bytes, str]] = field(default_factory=list)  # url, html, gold


def build_site(donor: Page, stories: Sequence[Page], size: int) -> Site | None:
    """``size`` pages of the donor's layout, one story of ``stories`` each, or None when no story container
    is found in the donor."""
    if not donor.gold or not donor.html:
        return None
    parser = etree.HTMLParser(encoding="utf-8", remove_comments=True)
    from crawler.extractors.document.decoding import decode_html

    text = decode_html(donor.html).text
    try:
        template_root = etree.fromstring(text.encode("utf-8"), parser)
    except (etree.ParserError, ValueError):
        return None
    if template_root is None:
        return None
    found = story_elements(template_root, donor.gold)
    if len(found) < MIN_STORY_ELEMENTS:
        return None
    host = f"replay-{donor.id}.example.org"
    site = Site(host, donor.id)
    usable = [s for s in stories if s.id != donor.id and len(s.gold.split()) >= MIN_STORY_WORDS]
    if not usable:
        return None
    for n in range(size):
        story = usable[n % len(usable)]
        root = etree.fromstring(text.encode("utf-8"), parser)
        elements = story_elements(root, donor.gold)
        if len(elements) != len(found):
            return None
        first = elements[0]
        parent, index = first.getparent(), first.getparent().index(first)
        for element in elements[1:]:
            element.getparent().remove(element)
        parent.remove(first)
        paragraphs = [p for p in (_norm(line) for line in PARAGRAPH_SPLIT_RE.split(story.gold)) if p]
        for offset, paragraph in enumerate(paragraphs):
            new = etree.Element("p")
            new.text = paragraph
            parent.insert(index + offset, new)
        title = root.find(".//title")
        if title is not None:
            title.text = paragraphs[0][:80]
        html = etree.tostring(root, encoding="utf-8", method="html")
        url = f"https://{host}/news/2024/{n % 12 + 1:02d}/{n % 28 + 1:02d}/story-{story.id[:12]}-{n}.html"
        site.pages.append((url, html, "\n".join(paragraphs)))
    return site


def build_sites(pages: Sequence[Page], sites: int, size: int) -> list[Site]:
    """Up to ``sites`` sites, donors taken in the data set's order, stories from the whole set."""
    built: list[Site] = []
    for donor in pages:
        if len(built) >= sites:
            break
        rotated = list(pages[len(built) * 7 :]) + list(pages[: len(built) * 7])  # each site its own stories
        site = build_site(donor, rotated, size)
        if site is not None:
            built.append(site)
    return built


def _f1(gold: str, text: str) -> float:
    score = score_page(gold, text)
    precision, recall = score.precision or 0.0, score.recall or 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


@dataclass
class PageResult:
    learned: int
    f1: dict[str, float]
    seconds: dict[str, float]  # from bytes to article, by extractor
    extractor: str


def replay(site: Site) -> list[PageResult]:
    """Each page of the site, in order, by the three extractors, each from the page's bytes: ``default`` and the
    cascade-only learner parse the whole page and extract from the document (as ``extract()`` does), the learner
    takes the bytes (``LearningExtractor.extract``: on its fast path only the learned container is walked)."""
    default = get_extractor("default")
    cascade, learning = LearningExtractor(fast=False), LearningExtractor()
    clock = time.process_time
    results = []
    for learned, (url, html, gold) in enumerate(site.pages):
        f1: dict[str, float] = {}
        spent: dict[str, float] = {}
        extractor_name = ""
        for name in EXTRACTORS:
            start = clock()
            if name == "default":
                article = default.extract(parse_html(html, url))
            elif name == "learning-cascade":
                article = cascade.extract_document(parse_html(html, url))
            else:
                article = learning.extract(html, url)
                extractor_name = article.extractor
            spent[name] = clock() - start
            f1[name] = _f1(gold, article.text)
        results.append(PageResult(learned, f1, spent, extractor_name))
    return results


def _bucket(learned: int) -> int:
    return max(c for c in CHECKPOINTS if c <= learned)


def summarize(results: Sequence[PageResult]) -> dict[str, Any]:
    rows = []
    for checkpoint in CHECKPOINTS:
        chosen = [r for r in results if _bucket(r.learned) == checkpoint]
        if not chosen:
            continue
        row: dict[str, Any] = {"learned": checkpoint, "pages": len(chosen),
                               "fast_share": sum(r.extractor == FAST_EXTRACTOR for r in chosen) / len(chosen)}
        for name in EXTRACTORS:
            seconds = sum(r.seconds[name] for r in chosen)
            row[f"f1_{name}"] = statistics.fmean(r.f1[name] for r in chosen)
            row[f"pages_per_s_{name}"] = len(chosen) / seconds if seconds else float("nan")
        rows.append(row)
    hits = [r for r in results if r.extractor == FAST_EXTRACTOR]
    summary: dict[str, Any] = {"rows": rows, "template_hits": len(hits), "pages": len(results)}
    if hits:
        fast = sum(r.seconds["learning"] for r in hits)
        slow = sum(r.seconds["learning-cascade"] for r in hits)
        summary["hits"] = {
            "pages_per_s_fast": len(hits) / fast, "pages_per_s_cascade": len(hits) / slow,
            "speedup_from_bytes": slow / fast,
            "f1_fast": statistics.fmean(r.f1["learning"] for r in hits),
            "f1_cascade": statistics.fmean(r.f1["learning-cascade"] for r in hits),
            "f1_default": statistics.fmean(r.f1["default"] for r in hits),
        }
    return summary


def format_summary(summary: dict[str, Any], sites: int) -> str:
    lines = [f"{sites} sites, {summary['pages']} pages; pages/s = pages per CPU-second, parse included",
             "learned  pages  F1 default  F1 learn(cascade)  F1 learn(fast)  fast share  "
             "p/s default  p/s learn(cascade)  p/s learn(fast)"]
    for row in summary["rows"]:
        lines.append(f"{row['learned']:>7}  {row['pages']:>5}  {row['f1_default']:>10.3f}  "
                     f"{row['f1_learning-cascade']:>17.3f}  {row['f1_learning']:>14.3f}  {row['fast_share']:>10.2f}  "
                     f"{row['pages_per_s_default']:>11.1f}  {row['pages_per_s_learning-cascade']:>18.1f}  "
                     f"{row['pages_per_s_learning']:>15.1f}")
    hits = summary.get("hits")
    if hits:
        lines.append(f"template hits ({summary['template_hits']} pages): fast {hits['pages_per_s_fast']:.1f} p/s vs "
                     f"cascade {hits['pages_per_s_cascade']:.1f} p/s on the same pages = "
                     f"{hits['speedup_from_bytes']:.2f}× from bytes (parse and walk included); "
                     f"F1 fast {hits['f1_fast']:.3f}, cascade {hits['f1_cascade']:.3f}, "
                     f"default {hits['f1_default']:.3f}")
    else:
        lines.append("no template hit: no page took the fast path")
    return "\n".join(lines)


def run(pages: Sequence[Page], sites: int = DEFAULT_SITES, size: int = DEFAULT_PAGES) -> tuple[dict[str, Any], int]:
    built = build_sites(pages, sites, size)
    if built:  # warm-up, not counted: imports, the language model, lxml's parser pool
        replay(Site(built[0].host, built[0].donor, built[0].pages[:2]))
    results = [result for site in built for result in replay(site)]
    return summarize(results), len(built)


def main(argv: Sequence[str] | None = None) -> int:
    from .datasets import load_dataset

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", required=True, help="a scrapinghub-layout folder (pages with gold text)")
    parser.add_argument("--sites", type=int, default=DEFAULT_SITES, help="sites to build (one donor page each)")
    parser.add_argument("--pages", type=int, default=DEFAULT_PAGES, help="pages per site, replayed in order")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    summary, built = run(load_dataset(args.dataset), args.sites, args.pages)
    if not built:
        print("error: no site could be built from the data set (no donor page with its story found)",
              file=sys.stderr)
        return 1
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary, built))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
