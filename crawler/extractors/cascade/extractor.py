"""The default extractor: the design card's cascade.

1. ``template`` — when the template store holds a template for the URL's pattern (seed 001), the lines it
   calls site chrome (its head, tail and repeated lines) are page furniture for step 2. The template's own
   text is not the answer: it keeps lines the site repeats on every page, so as the whole answer it loses
   recall-weighted accuracy, while as furniture evidence it only sharpens precision (``python -m
   crawler.evaluation.template_pairs``, docs/tuning.md).
2. boilerpipe-style block classification, in DOM context — the blocks' shallow features (seed 000) decide
   inside the element that holds most of the page's running text (scored from the blocks upwards, the way
   Readability.js and CETD (seed 003) look for the densest subtree), so navigation, related-links boxes and
   comment sections around the article are dropped wholesale.
   Main content that is not prose: a page that declares itself a thread of posts (schema.org
   DiscussionForumPosting, QAPage) keeps its "comment"/"reply" containers; when class/id names leave almost no
   running text outside furniture they are ignored (page builders' "widget"s); lists, tables, definition lists,
   FAQ disclosures and code beside the container join it (``JoinContentBeside``); units that repeat the
   container (posts, answers, listed items) join it (``JoinRepeatedUnits``); a container holding too little
   of the page's running text widens to the ancestor holding half of it (``WidenContainer``: sectioned
   landing, service and listing pages).
   Inside the container (``inside_article``): links in the article's body stay (lists of links, lines citing
   other sites, a listing's linked titles; ``KeepLinksInsideArticle``), and a box named like furniture that holds
   a run of headed items beside the article's own text is furniture (an embedded gallery; ``DropNamedBoxesBeside``).
3. ``lineblock`` (seed 004) — when step 2 finds too little text (see ``MIN_CONTENT_WORDS`` and
   ``MIN_SHARE_OF_GOOD_TEXT``) even after widening, the line-block distribution, which needs no DOM structure,
   decides.
4. ``visible-text`` — never empty: when nothing else keeps a block, the visible text outside furniture and
   link lists (else outside link lists, else all of it) is the answer, with that reason.

Each step leaves its verdict and reason on the blocks; ``article.extractor`` names the step that produced
the text (``default/template+blocks``, ``default/blocks``, ``default/blocks+widened``, ``default/lineblock`` or
``default/visible-text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

from lxml import etree

from crawler.extractors.article import Article
from crawler.extractors.cascade.beyond_prose import JoinContentBeside, JoinRepeatedUnits
from crawler.extractors.cascade.cards import DropRepeatedCopies
from crawler.extractors.cascade.containers import ChooseContentRoot, ScoreContainers
from crawler.extractors.cascade.furniture import MAX_SCORING_LINK_DENSITY, MarkFurniture, is_boilerplate_container
from crawler.extractors.cascade.inside_article import DropNamedBoxesBeside, KeepLinksInsideArticle
from crawler.extractors.cascade.profiles import AddDeclaredDescription, JudgeKind, KeepEverySection
from crawler.extractors.cascade.repeated import DropQuotedPosts, DropRepeatedChrome, JoinThreadPosts
from crawler.extractors.cascade.state import CascadeRun, block_positions, cascade_state
from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.subtree import TreeIndex
from crawler.extractors.lineblock.extractor import LineBlockExtractor
from crawler.extractors.steps.pipeline import Extractor, Run, Step
from crawler.extractors.templates.lines import normalize_line

# Inside the article a block with more links than this share of its words is a link list
# (boilerpipe's NumWordsRules: curr_linkDensity > 0.333333 -> boilerplate)...
MAX_LINK_DENSITY = 1 / 3
# ...unless it is prose: this many words outside its links, at most half its words linked; by-site CV, docs/tuning.md.
MIN_PROSE_WORDS_OUTSIDE_LINKS = 10
MAX_PROSE_LINK_DENSITY = 0.5
# Fewer words in the chosen container means the container rule failed (room for short news items); docs/tuning.md.
MIN_CONTENT_WORDS = 50
# The chosen container must hold this share of the page's words in low-link blocks of >= 10 words,
# else the page's text lies elsewhere (e.g. a page of several equal teasers): lineblock decides.
MIN_SHARE_OF_GOOD_TEXT = 0.25
GOOD_BLOCK_WORDS = 10
# A container with < WIDEN_BELOW_SHARE of the running text widens to the ancestor holding WIDEN_SHARE; docs/tuning.md.
WIDEN_SHARE = 0.5
WIDEN_BELOW_SHARE = 0.35


class KeepBlocksInRoot(Step):
    """Blocks inside the chosen container are content unless they sit in page furniture."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        if not state.content_roots:
            return False
        furniture = state.furniture
        # Why a root other than the chosen container is content (set by the steps that joined it).
        joined = state.joined_why
        index, positions = block_positions(run)
        innermost = self._innermost_roots(index, state.content_roots)
        name = self.name  # (a property: asked once, not for every block)
        for i, (at, block) in enumerate(zip(positions, run.blocks, strict=True)):
            root = innermost[at] if at is not None else None
            if root is None:
                block.decide(name, False, "outside the main text container")
            elif i in furniture:
                block.decide(name, False, f"inside page furniture ({furniture[i]})")
            else:
                block.decide(name, True, joined.get(root, "inside the main text container") if joined else
                             "inside the main text container")
        return True

    @staticmethod
    def _innermost_roots(index: TreeIndex, roots: list[etree._Element]) -> list[etree._Element | None]:
        """For each position, the innermost root whose subtree holds it (the nearest root above an element), None
        outside every root: the roots' spans painted outer first, each inner one over its outer ones (subtrees
        nest or are apart; one pass over the spans instead of a search of them per block)."""
        innermost: list[etree._Element | None] = [None] * index.size
        spans = sorted((span, root) for root in dict.fromkeys(roots) if (span := index.span(root)) is not None)
        for (start, end), root in spans:
            innermost[start:end] = [root] * (end - start)
        return innermost


def _is_linked_prose(block: TextBlock) -> bool:
    """A paragraph that links several sources or names but says more than its links (Readability.js keeps it)."""
    words_outside_links = block.num_words - block.num_words_in_anchor_text
    return words_outside_links >= MIN_PROSE_WORDS_OUTSIDE_LINKS and block.link_density <= MAX_PROSE_LINK_DENSITY


class DropLinkLists(Step):
    """Link-heavy blocks inside the article are related-links lists and share bars."""

    def process(self, run: Run) -> bool:
        changed = False
        for block in run.blocks:
            if block.is_content and block.link_density > MAX_LINK_DENSITY and not _is_linked_prose(block):
                block.decide(self.name, False, f"link density {block.link_density:.2f} > {MAX_LINK_DENSITY:.2f}")
                changed = True
        return changed


class CheckEnoughText(Step):
    """Flags a run whose chosen container holds too little of the page's running text outside furniture."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        furniture = state.furniture
        kept = sum(b.num_words for b in run.blocks if b.is_content)
        good = sum(
            b.num_words
            for index, b in enumerate(run.blocks)
            if index not in furniture
            and b.num_words >= GOOD_BLOCK_WORDS
            and b.link_density <= MAX_SCORING_LINK_DENSITY
        )
        if not kept:
            state.too_little = "no block kept"
        elif kept < MIN_CONTENT_WORDS and good >= MIN_CONTENT_WORDS:
            state.too_little = f"{kept} words kept, fewer than {MIN_CONTENT_WORDS}"
        elif good and kept < MIN_SHARE_OF_GOOD_TEXT * good:
            state.too_little = f"{kept} of {good} running-text words kept"
        return False


def _is_good(index: int, block: TextBlock, furniture: dict[int, str]) -> bool:
    return (index not in furniture and block.num_words >= GOOD_BLOCK_WORDS
            and block.link_density <= MAX_SCORING_LINK_DENSITY)


class WidenContainer(Step):
    """When the container holds too little of the page's running text, its nearest ancestor that holds at least
    ``WIDEN_SHARE`` of it becomes the container (furniture and link lists still left out).

    Landing, service and product pages are sections side by side (body > section x N), each a heading and a few
    sentences: the densest section wins the scoring and holds a small share of the page; the line-block fallback
    (built for pages without usable DOM structure) keeps a few lines. Widening keeps the sections.
    """

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        roots = state.content_roots
        if not roots or state.too_little == "no block kept":
            return False
        furniture = state.furniture
        chain = [roots[0], *roots[0].iterancestors()]
        depth_of = {node: depth for depth, node in enumerate(chain)}
        held = [0] * len(chain)  # good words whose nearest ancestor on the chain is chain[depth]
        good = 0
        for index, block in enumerate(run.blocks):
            if block.element is None or not _is_good(index, block, furniture):
                continue
            good += block.num_words
            node = block.element
            while node is not None and node not in depth_of:
                node = node.getparent()
            if node is not None:
                held[depth_of[node]] += block.num_words
        kept = sum(b.num_words for b in run.blocks if b.is_content)
        if state.too_little is None and kept >= WIDEN_BELOW_SHARE * good:
            return False
        total, depth = 0, 0
        for depth in range(len(chain)):
            total += held[depth]
            if total >= WIDEN_SHARE * good:
                break
        if depth == 0:
            return False
        node = chain[depth]
        state.content_roots = [node]
        KeepBlocksInRoot().process(run)
        DropLinkLists().process(run)
        if sum(b.num_words for b in run.blocks if b.is_content) < MIN_CONTENT_WORDS:
            return False
        before = state.too_little or f"{kept} of {good} running-text words kept"
        state.too_little = None
        state.widened = (f"container widened {depth} levels to <{node.tag}>, which holds {total} of the "
                         f"page's {good} running-text words ({before})")
        return True


@runtime_checkable
class SiteTemplates(Protocol):
    """What the cascade asks of a site's learned templates: ``TemplateExtractor`` over a store, or the learning
    extractor's view of the page it has just learned."""

    def has_template(self, url: str | None) -> bool:
        """Whether the URL's pattern has a template."""

    def extract(self, doc: TextDocument) -> Article:
        """The template's verdict on the page: its body as ``text``, its template lines as non-content blocks."""

    def template_lines(self, doc: TextDocument) -> tuple[str | None, frozenset[str]] | None:
        """(pattern, template lines normalised) when known without running the template, else None."""


class DefaultExtractor(Extractor):
    """template -> blocks in DOM context -> lineblock, as documented in the module docstring."""

    name: ClassVar[str] = "default"
    steps = (
        JudgeKind(),
        MarkFurniture(),
        ScoreContainers(),
        ChooseContentRoot(),
        JoinContentBeside(),
        JoinRepeatedUnits(),
        JoinThreadPosts(),
        KeepBlocksInRoot(),
        DropNamedBoxesBeside(is_boilerplate_container),
        DropLinkLists(),
        KeepLinksInsideArticle(),
        CheckEnoughText(),
        WidenContainer(),
        KeepEverySection(),
        DropRepeatedChrome(),
        DropQuotedPosts(),
        DropRepeatedCopies(),
        AddDeclaredDescription(),
    )

    def __init__(self, template_extractor: SiteTemplates | None = None) -> None:
        if template_extractor is not None and not isinstance(template_extractor, SiteTemplates):
            raise TypeError(f"template_extractor must be SiteTemplates, not {type(template_extractor).__name__}")
        self._template = template_extractor
        self._lineblock = LineBlockExtractor()

    def _template_lines(self, doc: TextDocument) -> tuple[str | None, frozenset[str]]:
        """The URL's pattern and the lines its learned template calls site chrome, if it has one."""
        if not doc.url:
            return None, frozenset()
        if self._template is None:  # the process's default store (template_store.default_store), as extract() reads
            from crawler.extractors.templates.extractor import TemplateExtractor  # here: only a page with a URL asks

            self._template = TemplateExtractor()
        template = self._template
        # A learning extractor's templates answer for the page just learned, from what learning found: neither the
        # store asked nor the page's lines made blocks (the same lines and pattern).
        found = template.template_lines(doc)
        if found is not None:
            return found
        if not template.has_template(doc.url):
            return None, frozenset()
        article = template.extract(doc)
        if not article.text:  # distrusted: the page does not follow the template
            return None, frozenset()
        chrome = frozenset(normalize_line(b.text) for b in article.blocks if not b.is_content)
        return article.template, chrome

    def run(self, doc: TextDocument, notes: Mapping[str, Any] | None = None) -> CascadeRun:
        """The steps over fresh copies of the blocks, with a typed state; ``notes`` seeds it by field name."""
        run = CascadeRun(doc, doc.fresh_blocks())
        run.notes.update(notes or {})
        pattern, chrome = self._template_lines(doc)
        if chrome:
            run.state.template, run.state.template_lines = pattern, chrome
        for step in self.steps:
            step.process(run)
        return run

    def extract(self, doc: TextDocument, kind: str | None = None) -> Article:
        """The page's main text; ``kind`` (one of ``pagekind.KINDS``) overrides the page-kind judgement."""
        if not doc.blocks:
            return self.empty(doc, doc.empty_reason or "no visible text")
        run = self.run(doc, {"kind": kind} if kind else None)
        state = run.state
        if state.too_little is None:
            article = self.to_article(run, template=state.template)
            article.extractor = f"{self.name}/template+blocks" if state.template else f"{self.name}/blocks"
            if state.widened:
                article.extractor += "+widened"
                article.warnings.append(state.widened)
            return article
        fallback = self._lineblock.extract(doc)
        if not fallback.text.strip():
            return self._visible_text(run)
        fallback.extractor = f"{self.name}/lineblock"
        fallback.warnings.append(f"DOM container rule found too little ({state.too_little})")
        return fallback

    def _visible_text(self, run: CascadeRun) -> Article:
        """The last step, so that a page with visible text is never empty: the blocks outside furniture that are
        not link lists, else every block that is not a link list, else every block."""
        furniture = run.state.furniture
        tiers = (
            ("visible text outside furniture and link lists",
             lambda i, b: i not in furniture and b.link_density <= MAX_LINK_DENSITY),
            ("visible text outside link lists", lambda i, b: b.link_density <= MAX_LINK_DENSITY),
            ("all visible text", lambda i, b: True),
        )
        reason, chosen = "", [False] * len(run.blocks)
        for tier, keep in tiers:
            reason, chosen = tier, [keep(i, b) for i, b in enumerate(run.blocks)]
            if any(chosen):
                break
        for block, kept in zip(run.blocks, chosen, strict=True):
            block.decide("VisibleText", kept, reason if kept else f"not {reason}")
        article = self.to_article(run)
        article.extractor = f"{self.name}/visible-text"
        article.warnings.append(f"DOM container rule and lineblock found nothing ({run.state.too_little}): {reason}")
        return article
