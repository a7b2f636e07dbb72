"""The default extractor: the design card's cascade.

1. ``template`` — when the template store holds a template for the URL's pattern (seed 001), the lines it
   calls site chrome (its head, tail and repeated lines) are page furniture for step 2. Measured on the 110
   scrapinghub pages whose site has a second page, learning from that other page: the template's own text
   scores F1 0.896 (P 0.823, R 0.984) where it applies, so letting it win outright costs the cascade
   (0.933 against 0.967 without templates); as furniture evidence it raises precision (0.977 -> 0.981) and
   costs recall only on lines the gold keeps although the site repeats them on every page (copyright
   notes, newsletter calls), F1 0.966.
2. boilerpipe-style block classification, in DOM context — the blocks' shallow features (seed 000) decide
   inside the element that holds most of the page's running text (scored from the blocks upwards, the way
   readability and CETD (seed 003) look for the densest subtree), so navigation, related-links boxes and
   comment sections around the article are dropped wholesale.
   Main content that is not prose (issue 13): a page that declares itself a thread of posts (schema.org
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

import re
from typing import Any, ClassVar

from lxml import etree

from .article import Article
from .beyond_prose import JoinContentBeside, JoinRepeatedUnits, declares_posts, is_card_list
from .document import TextBlock, TextDocument
from .inside_article import DropNamedBoxesBeside, KeepLinksInsideArticle
from .lineblock import LineBlockExtractor
from .pipeline import Extractor, Run, Step
from .render import data_table
from .template import TemplateExtractor, normalize_line

# Class/id words that mark a container as page furniture (readability's "unlikely candidates" and
# negative lists, Mozilla Readability.js REGEXPS, trimmed to words that name page parts; no site names).
# Short words must start a class/id token ("nav" not in "canvas"); long ones may stand anywhere. A bare
# "paywall" is not furniture: paywalled sites wrap the article's own paragraphs in it (a scrapinghub page
# lost three quarters of its text, F1 0.39; no other page of either data set changes); its prompts are named.
NEGATIVE_NAMES = re.compile(
    r"comment|discuss|disqus|share|sharing|social|related|recommend|sidebar|widget|promo|advert|sponsor|"
    r"newsletter|subscri|signup|sign-up|popup|modal|cookie|consent|gdpr|paywall[-_]?(?:prompt|message|notice|offer|cta)|"
    r"breadcrumb|masthead|footer|outbrain|"
    r"taboola|most-?popular|trending|read-?more|further-?reading|more-?stories|author-?bio|caption|"
    r"toolbar|banner|(?<![a-z])(?:nav|menu|tags|byline|credit|ad|ads|share)(?![a-z])"
)
# Comment sections can outweigh the article, so they stay furniture whatever their size.
COMMENT_NAMES = re.compile(r"comment|discuss|disqus|(?<![a-z])repl(?:y|ies)")
# Any other furniture element that holds at least this share of the page's running text is a wrapper that
# happens to carry such a name ("has-sidebar", "ad-layout"), not furniture (readability retries without
# its unlikely-candidate removal when the result is too short; this asks the same question up front).
MAX_FURNITURE_SHARE = 0.5
POSITIVE_NAMES = re.compile(r"article|body|content|entry|main|post|story|text|prose|blog")
NEGATIVE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "dialog"}
# Dialogs (cookie-consent and privacy-preference centres, sign-up prompts) lie over the page, not in it; they can
# hold more running text than a listing's teasers, so they stay furniture whatever their size, like comments.
# On the modern set a consent centre was chosen as the main text of 4 listing and forum pages.
# aria-hidden="true" is not furniture: collapsed tabs and accordions (a product's specifications) carry it too;
# measured as furniture it moved 16 modern pages of 8 sites both ways for no change (0.750 either way).
MODAL_ROLES = {"dialog", "alertdialog"}
BOILERPLATE_TAGS = {"nav", "aside", "footer", "header", "figcaption", "figure"}
# ...and these whatever share of the running text they hold: a page footer, a navigation or an aside is never the
# main content, though on a landing page of short lines its legal notes can be most of the page's running text
# (the share rule, meant for wrappers named like furniture, made them the container). Measured: 4 modern pages of
# 2 sites gain (0.01 -> 0.34..0.75, 0.00 -> 1.00), no page of any set loses; modern 0.750 -> 0.756.
ALWAYS_FURNITURE_TAGS = frozenset({"footer", "nav", "aside"})
# readability's candidate scoring: a paragraph gives its score to its parent, half to the grandparent
# (readability-lxml, Readability.js); we add a quarter to the great-grandparent so deeply wrapped
# paragraphs (div > div > p) still lift the article container.
ANCESTOR_WEIGHTS = (1.0, 0.5, 0.25)
# Blocks below this many words add nothing to a container's score (readability: 25 characters).
MIN_SCORING_WORDS = 5
# Link-dense blocks are navigation; they do not score (boilerpipe's 0.333 link-density split, seed 000).
MAX_SCORING_LINK_DENSITY = 1 / 3
# Class/id evidence on a candidate: readability's ±25 against a paragraph score of ~1-4 per block; our
# block scores are in words (~20-60 per paragraph), so the weight is a share of the score instead.
NAME_WEIGHT = 0.25
# A sibling of the chosen container joins it when it scores this share of the winner (readability: 0.2).
SIBLING_SHARE = 0.2
# Move from the chosen container to its parent while the parent holds this many times its running text
# (non-furniture, non-link text, card lists left out): sections of one article scored apart. Chosen by by-site
# 5-fold cross-validation over both data sets pooled (crawler.evaluation.crossval; every fold chose 1.2 among
# 1.1, 1.2, 1.35 and 1.5; held-out F1 0.956, 0.961 with the rules added since): against 1.5, chosen earlier
# on scrapinghub alone, readability gains 0.008 (articles whose lead or last sections sit in containers of
# their own) and scrapinghub loses 0.001 (a press release's "About the company" paragraphs, which its gold
# leaves out). Without the card-list
# rule below, 1.2 pulled a carousel of teasers (headline, unlinked summary, date) into a zh-news sina article.
CLIMB_RATIO = 1.2
# ...looking this many levels up: the wrappers between an article's sections and their common parent
# (component-built pages wrap each section in several: section > div > div > div.content). Measured, levels 3
# -> 5 change 3 of the 311 pages of both data sets: two articles split into sections come out whole (F1 0.71 ->
# 0.99 and 0.72 -> 0.99), one gets 0.025 worse; 6 changes nothing more.
MAX_CLIMB_LEVELS = 5
# ...but not past an <article> or <main>: the page says the article ends there, and what lies beyond is other
# stories (teasers with summaries carry few links). Without this stop, 5 levels took one scrapinghub page from
# F1 1.00 to 0.77 (the stories listed under the article); at 3 levels it changes no page.
CLIMB_STOP_TAGS = frozenset({"article", "main"})
# ...and only when the added text is no more link-dense than this: sections of an article carry few links,
# lists of teasers (a linked headline over each summary) carry one in four or five words.
CLIMB_MAX_LINK_DENSITY = 0.15
# The elements of a table: a container that is one of them is a piece of a data table.
TABLE_PART_TAGS = frozenset({"table", "thead", "tbody", "tfoot", "tr"})
# Readability.js: when >= 3 of the 5 best candidates score >= 75% of the best one and share an ancestor
# with it, the article is split across them (columns, sections) and that ancestor is the container.
TOP_CANDIDATES = 5
ALTERNATIVE_SHARE = 0.75
MIN_ALTERNATIVES = 3
# Inside the article a block with more links than this share of its words is a link list
# (boilerpipe's NumWordsRules: curr_linkDensity > 0.333333 -> boilerplate)...
MAX_LINK_DENSITY = 1 / 3
# ...unless it is prose: at least this many words outside its links and no more than half its words linked
# (a news paragraph that links the report, the people and the earlier stories it names). Link lists are short
# items or mostly link text. Measured: scrapinghub 0.968 -> 0.972, readability 0.940 -> 0.943, no zh-news page
# changed; one page keeps an affiliate promo line. Round values; 8 and 12 words, or 0.6, score within 0.001.
MIN_PROSE_WORDS_OUTSIDE_LINKS = 10
MAX_PROSE_LINK_DENSITY = 0.5
# Fewer words than this in the chosen container means the container rule failed (measured on
# scrapinghub: real articles have >= 60 words; 50 leaves room for short news items).
MIN_CONTENT_WORDS = 50
# The chosen container must hold this share of the page's words in low-link blocks of >= 10 words,
# else the page's text lies elsewhere (e.g. a page of several equal teasers): lineblock decides.
MIN_SHARE_OF_GOOD_TEXT = 0.25
GOOD_BLOCK_WORDS = 10
# WidenContainer widens a container that keeps less than WIDEN_BELOW_SHARE of the page's running text to the
# ancestor holding at least WIDEN_SHARE of it. By-site 5-fold cross-validation over the three gold sets pooled
# (804 pages; python -m crawler.evaluation.crossval_steps --dataset ... x3 --grid WIDEN_BELOW_SHARE=0.25,0.35,0.5):
# WIDEN_SHARE 0.35 / 0.5 / 0.65 (with WIDEN_BELOW_SHARE 0.25) score modern 0.769 /
# 0.771 / 0.769, scrapinghub and readability unchanged, every fold chose 0.5 except one (0.35), held-out F1
# modern 0.769. WIDEN_BELOW_SHARE 0.25 / 0.35 / 0.5: modern 0.771 / 0.775 / 0.776, scrapinghub 0.973 / 0.973 /
# 0.968, readability 0.951 / 0.951 / 0.950; folds chose 0.35 twice and 0.5 three times (held-out modern 0.774,
# scrapinghub 0.968, readability 0.950); 0.35 is shipped as the value under which no set loses.
WIDEN_SHARE = 0.5
WIDEN_BELOW_SHARE = 0.35


# When the running text left outside furniture is below the floor under which the container rule has failed
# (MIN_CONTENT_WORDS, below), the class/id words were wrong about this page, the way readability retries
# without its unlikely-candidate removal when its result is too short: page builders wrap every text box in a
# "widget", forum software puts a thread's posts in a "reply" container. The marking is redone with tags and
# ARIA roles only. On the modern set, 10 of the 23 pages that came back empty had nearly all their running text
# under "widget" (8) or "comment"/"discuss" (2) names, and 3 forum threads with 12-35 words outside a "reply"
# container scored 0; the floor is MIN_CONTENT_WORDS's, not tuned.
NAMES_RETRY_BELOW_WORDS = 50

# An id of more words than this is an anchor made from a heading ("sharing-with-a-single-developer" in
# documentation), which says nothing about the element's role; page furniture ids are one to three words.
MAX_ROLE_ID_WORDS = 3
ID_WORD_SEPARATORS = re.compile(r"[-_\s]+")


def _names(element: etree._Element) -> str:
    element_id = element.get("id") or ""
    if len(ID_WORD_SEPARATORS.split(element_id.strip("-_ "))) > MAX_ROLE_ID_WORDS:
        element_id = ""
    return f"{element.get('class') or ''} {element_id}".lower()


def _is_boilerplate_container(
    element: etree._Element, share: float = 0.0, *, comments: bool = True, names: bool = True
) -> str | None:
    """Why an element is page furniture by its tag, role or class/id, or None. ``comments=False``: comment and
    reply names mark posts, not furniture (a thread); ``names=False``: class/id words count for nothing."""
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in {"article", "main", "body", "html"}:
        return None
    element_names = _names(element) if names else ""
    comment = COMMENT_NAMES.search(element_names) if comments else None
    if comment:
        return f"class/id '{comment.group(0)}'"
    role = (element.get("role") or "").lower()
    if role in MODAL_ROLES or (element.get("aria-modal") or "").lower() == "true":
        return f"role={role}" if role in MODAL_ROLES else "aria-modal"
    if tag in ALWAYS_FURNITURE_TAGS:
        return f"<{tag}>"
    if share >= MAX_FURNITURE_SHARE:
        return None
    if tag in BOILERPLATE_TAGS:
        return f"<{tag}>"
    if role in NEGATIVE_ROLES:
        return f"role={role}"
    negative = NEGATIVE_NAMES.search(element_names)
    return f"class/id '{negative.group(0)}'" if negative else None


def _extra_link_density(words: dict[etree._Element, list[int]], outer: etree._Element, inner: etree._Element) -> float:
    """Link density of the text that ``outer`` holds beyond ``inner``."""
    outer_words, outer_links = words.get(outer, (0, 0))
    inner_words, inner_links = words.get(inner, (0, 0))
    extra = outer_words - inner_words
    return (outer_links - inner_links) / extra if extra > 0 else 0.0


def _card_list_text_beside(node: etree._Element, running: dict[etree._Element, float]) -> float:
    """Running text of the card lists among ``node``'s siblings and below them: other stories, not more sections
    of this one, however few links they carry."""
    parent = node.getparent()
    if parent is None:
        return 0.0
    total = 0.0
    pending = [sibling for sibling in parent if sibling is not node]
    while pending:  # the outermost card lists, looking only where there is running text
        element = pending.pop()
        if not isinstance(element.tag, str) or not running.get(element):
            continue
        if is_card_list(element):
            total += running[element]
        else:
            pending.extend(element)
    return total


def _all_lines_in(block: TextBlock, lines: frozenset[str]) -> bool:
    return all(normalize_line(line) in lines for line in block.text.split("\n") if line.strip())


def _block_score(block: TextBlock) -> float:
    if block.num_words < MIN_SCORING_WORDS or block.link_density > MAX_SCORING_LINK_DENSITY:
        return 0.0
    return block.num_words * (1.0 - block.link_density)


class MarkFurniture(Step):
    """Finds, for every block, the nearest ancestor that is page furniture (nav, footer, comments, ...).

    Like readability's removal of unlikely candidates, furniture neither scores nor is kept; unlike it,
    nothing is removed from the shared tree.
    """

    def process(self, run: Run) -> bool:
        running_words: dict[etree._Element, float] = {}
        total = 0.0
        scores = [_block_score(block) for block in run.blocks]
        for block, score in zip(run.blocks, scores, strict=True):
            total += score
            node = block.element
            while score and node is not None:
                running_words[node] = running_words.get(node, 0.0) + score
                node = node.getparent()
        posts = declares_posts(run.doc)
        if posts:
            run.notes["posts"] = f"schema.org {posts}: comment and reply containers are the posts"
        furniture, verdicts = self._mark(run, running_words, total, comments=not posts, names=True)
        outside = sum(score for index, score in enumerate(scores) if index not in furniture)
        if total >= NAMES_RETRY_BELOW_WORDS > outside:
            run.notes["names_ignored"] = (f"{outside:.0f} words of running text outside furniture named by class/id: "
                                          "furniture by tags and roles only")
            furniture, verdicts = self._mark(run, running_words, total, comments=False, names=False)
        run.notes["furniture"] = furniture
        run.notes["furniture_of_element"] = verdicts
        return bool(furniture)

    def _mark(
        self, run: Run, running_words: dict[etree._Element, float], total: float, *, comments: bool, names: bool
    ) -> tuple[dict[int, str], dict[etree._Element, str | None]]:
        verdicts: dict[etree._Element, str | None] = {}
        furniture: dict[int, str] = {}
        template_lines: frozenset[str] = run.notes.get("template_lines", frozenset())
        for index, block in enumerate(run.blocks):
            reason = self._nearest(block.element, verdicts, running_words, total or 1.0, comments, names)
            if reason:
                furniture[index] = reason
            elif template_lines and _all_lines_in(block, template_lines):
                furniture[index] = "a line of the site's learned template"
        return furniture, verdicts

    @staticmethod
    def _nearest(
        element: etree._Element | None,
        verdicts: dict[etree._Element, str | None],
        running_words: dict[etree._Element, float],
        total: float,
        comments: bool = True,
        names: bool = True,
    ) -> str | None:
        path: list[etree._Element] = []
        node = element
        result: str | None = None
        while node is not None:
            if node in verdicts:
                result = verdicts[node]
                break
            path.append(node)
            node = node.getparent()
        for node in reversed(path):
            result = result or _is_boilerplate_container(
                node, running_words.get(node, 0.0) / total, comments=comments, names=names
            )
            verdicts[node] = result
        return result


class ScoreContainers(Step):
    """Each running-text block outside furniture scores its container and the two above it."""

    def process(self, run: Run) -> bool:
        furniture: dict[int, str] = run.notes.get("furniture", {})
        blocks_per_element: dict[etree._Element, int] = {}
        for block in run.blocks:
            if block.element is not None:
                blocks_per_element[block.element] = blocks_per_element.get(block.element, 0) + 1
        scores: dict[etree._Element, float] = {}
        running: dict[etree._Element, float] = {}  # running text under each element, furniture left out
        words: dict[etree._Element, list[int]] = {}  # [words, words in links] under each element, likewise
        for index, block in enumerate(run.blocks):
            if block.element is None or index in furniture:
                continue
            score = _block_score(block)
            ancestor = block.element
            while ancestor is not None:
                if score:
                    running[ancestor] = running.get(ancestor, 0.0) + score
                counts = words.setdefault(ancestor, [0, 0])
                counts[0] += block.num_words
                counts[1] += block.num_words_in_anchor_text
                ancestor = ancestor.getparent()
            if not score:
                continue
            # An element that is one paragraph (a <p>, or a <div> used as one) is not a candidate itself:
            # readability turns such divs into paragraphs before scoring.
            node = block.element
            if blocks_per_element[node] == 1 and node.getparent() is not None:
                node = node.getparent()
            for weight in ANCESTOR_WEIGHTS:
                if node is None or not isinstance(node.tag, str):
                    break
                scores[node] = scores.get(node, 0.0) + score * weight
                node = node.getparent()
        for node in scores:
            if POSITIVE_NAMES.search(_names(node)) or node.tag in {"article", "main"}:
                scores[node] *= 1.0 + NAME_WEIGHT
            # readability: a candidate's score times (1 - its link density), so a container of teasers
            # (linked headline over each summary) loses to the article beside it.
            total, linked = words.get(node, (0, 0))
            if total:
                scores[node] *= 1.0 - linked / total
        run.notes["container_scores"] = scores
        run.notes["running_text"] = running
        run.notes["words"] = words
        return bool(scores)


class ChooseContentRoot(Step):
    """The best-scoring container, plus siblings that score close to it."""

    def process(self, run: Run) -> bool:
        scores: dict[etree._Element, float] = run.notes.get("container_scores", {})
        if not scores:
            run.notes["reason"] = "no block of running text"
            return False
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)[:TOP_CANDIDATES]
        best = self._common_ancestor(ranked, scores)
        best = self._climb(best, run.notes.get("running_text", {}), run.notes.get("words", {}))
        best = self._out_of_data_table(best)
        roots = [best]
        parent = best.getparent()
        if parent is not None:
            # A common ancestor found by _common_ancestor may have no score of its own: use the winner's.
            threshold = max(max(scores.get(best, 0.0), scores[ranked[0]]) * SIBLING_SHARE, 1.0)
            for sibling in parent:
                if sibling is not best and scores.get(sibling, 0.0) >= threshold:
                    roots.append(sibling)
        run.notes["content_roots"] = roots
        return True

    @staticmethod
    def _climb(
        best: etree._Element, running: dict[etree._Element, float], words: dict[etree._Element, list[int]]
    ) -> etree._Element:
        """Moves up while an ancestor a few levels up holds much more running text than the chosen
        container: the article is split over sections or columns that score separately."""
        climbed = True
        while climbed and best.tag not in CLIMB_STOP_TAGS:
            climbed = False
            child, ancestor = best, best.getparent()
            cards = 0.0  # card-list text under ``ancestor`` beside ``best``, gathered one level at a time
            for _ in range(MAX_CLIMB_LEVELS):
                if ancestor is None or ancestor.tag in {"body", "html"}:
                    break
                cards += _card_list_text_beside(child, running)
                if running.get(ancestor, 0.0) - cards >= CLIMB_RATIO * running.get(best, 0.0):
                    if _extra_link_density(words, ancestor, best) <= CLIMB_MAX_LINK_DENSITY:
                        best, climbed = ancestor, True
                    break
                if ancestor.tag in CLIMB_STOP_TAGS:
                    break
                child, ancestor = ancestor, ancestor.getparent()
        return best

    @staticmethod
    def _out_of_data_table(best: etree._Element) -> etree._Element:
        """A data table, or a part of one, is a piece of the content, not its container: the table's parent is.
        (A table of films with a line on each outscored the rest of its Wikipedia article; layout tables, whose
        cells hold whole columns of a page, are left alone.)"""
        table = best if best.tag == "table" else next(best.iterancestors("table"), None)
        if table is None or best.tag not in TABLE_PART_TAGS or table.getparent() is None:
            return best
        if table.getparent().tag in {"body", "html"} or data_table(table) is None:
            return best
        return table.getparent()

    @staticmethod
    def _common_ancestor(ranked: list[etree._Element], scores: dict[etree._Element, float]) -> etree._Element:
        best = ranked[0]
        alternatives = [c for c in ranked[1:] if scores[c] >= ALTERNATIVE_SHARE * scores[best]]
        if len(alternatives) < MIN_ALTERNATIVES:
            return best
        ancestor_sets = [set(c.iterancestors()) for c in alternatives]
        for ancestor in best.iterancestors():
            if ancestor.tag in {"body", "html"}:
                break
            if sum(ancestor in ancestors for ancestors in ancestor_sets) >= MIN_ALTERNATIVES:
                return ancestor
        return best


class KeepBlocksInRoot(Step):
    """Blocks inside the chosen container are content unless they sit in page furniture."""

    def process(self, run: Run) -> bool:
        roots = set(run.notes.get("content_roots", ()))
        if not roots:
            return False
        furniture: dict[int, str] = run.notes.get("furniture", {})
        # Why a root other than the chosen container is content (set by the steps that joined it).
        joined: dict[etree._Element, str] = run.notes.get("joined_why", {})
        inside_memo: dict[etree._Element, etree._Element | None] = {}
        for index, block in enumerate(run.blocks):
            root = self._root_of(block.element, roots, inside_memo)
            if root is None:
                block.decide(self.name, False, "outside the main text container")
            elif index in furniture:
                block.decide(self.name, False, f"inside page furniture ({furniture[index]})")
            else:
                block.decide(self.name, True, joined.get(root, "inside the main text container"))
        return True

    @staticmethod
    def _root_of(
        element: etree._Element | None,
        roots: set[etree._Element],
        memo: dict[etree._Element, etree._Element | None],
    ) -> etree._Element | None:
        path: list[etree._Element] = []
        node = element
        result = None
        while node is not None:
            if node in memo:
                result = memo[node]
                break
            if node in roots:
                result = node
                break
            path.append(node)
            node = node.getparent()
        for node in path:
            memo[node] = result
        return result


def _is_linked_prose(block: TextBlock) -> bool:
    """A paragraph that links several sources or names but says more than its links (readability keeps it)."""
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
        furniture: dict[int, str] = run.notes.get("furniture", {})
        kept = sum(b.num_words for b in run.blocks if b.is_content)
        good = sum(
            b.num_words
            for index, b in enumerate(run.blocks)
            if index not in furniture
            and b.num_words >= GOOD_BLOCK_WORDS
            and b.link_density <= MAX_SCORING_LINK_DENSITY
        )
        if not kept:
            run.notes["too_little"] = "no block kept"
        elif kept < MIN_CONTENT_WORDS and good >= MIN_CONTENT_WORDS:
            run.notes["too_little"] = f"{kept} words kept, fewer than {MIN_CONTENT_WORDS}"
        elif good and kept < MIN_SHARE_OF_GOOD_TEXT * good:
            run.notes["too_little"] = f"{kept} of {good} running-text words kept"
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
        roots: list[etree._Element] = run.notes.get("content_roots", [])
        if not roots or run.notes.get("too_little") == "no block kept":
            return False
        furniture: dict[int, str] = run.notes.get("furniture", {})
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
        if "too_little" not in run.notes and kept >= WIDEN_BELOW_SHARE * good:
            return False
        total, depth = 0, 0
        for depth in range(len(chain)):
            total += held[depth]
            if total >= WIDEN_SHARE * good:
                break
        if depth == 0:
            return False
        node = chain[depth]
        run.notes["content_roots"] = [node]
        KeepBlocksInRoot().process(run)
        DropLinkLists().process(run)
        if sum(b.num_words for b in run.blocks if b.is_content) < MIN_CONTENT_WORDS:
            return False
        before = run.notes.pop("too_little", f"{kept} of {good} running-text words kept")
        run.notes["widened"] = (f"container widened {depth} levels to <{node.tag}>, which holds {total} of the "
                                f"page's {good} running-text words ({before})")
        return True


class DefaultExtractor(Extractor):
    """template -> blocks in DOM context -> lineblock, as documented in the module docstring."""

    name: ClassVar[str] = "default"
    steps = (
        MarkFurniture(),
        ScoreContainers(),
        ChooseContentRoot(),
        JoinContentBeside(),
        JoinRepeatedUnits(),
        KeepBlocksInRoot(),
        DropNamedBoxesBeside(_is_boilerplate_container),
        DropLinkLists(),
        KeepLinksInsideArticle(),
        CheckEnoughText(),
        WidenContainer(),
    )

    def __init__(self, template_extractor: Extractor | None = None) -> None:
        self._template = template_extractor
        self._lineblock = LineBlockExtractor()

    def _template_lines(self, doc: TextDocument) -> tuple[str | None, frozenset[str]]:
        """The URL's pattern and the lines its learned template calls site chrome, if it has one."""
        if not doc.url:
            return None, frozenset()
        if self._template is None:  # the process's default store (template_store.default_store), as extract() reads
            self._template = TemplateExtractor()
        template = self._template
        has_template = getattr(template, "has_template", None)
        if has_template is None or not has_template(doc.url):
            return None, frozenset()
        article = template.extract(doc)
        if not article.text:  # distrusted: the page does not follow the template
            return None, frozenset()
        chrome = frozenset(normalize_line(b.text) for b in article.blocks if not b.is_content)
        return article.template, chrome

    def run(self, doc: TextDocument, notes: dict[str, Any] | None = None) -> Run:
        pattern, chrome = self._template_lines(doc)
        seeded = dict(notes or {})
        if chrome:
            seeded.update(template=pattern, template_lines=chrome)
        return super().run(doc, seeded)

    def extract(self, doc: TextDocument) -> Article:
        if not doc.blocks:
            return self.empty(doc, doc.empty_reason or "no visible text")
        run = self.run(doc)
        template = run.notes.get("template")
        if "too_little" not in run.notes:
            article = self.to_article(run, template=template)
            article.extractor = f"{self.name}/template+blocks" if template else f"{self.name}/blocks"
            if "widened" in run.notes:
                article.extractor += "+widened"
                article.warnings.append(run.notes["widened"])
            return article
        fallback = self._lineblock.extract(doc)
        if not fallback.text.strip():
            return self._visible_text(run)
        fallback.extractor = f"{self.name}/lineblock"
        fallback.warnings.append(f"DOM container rule found too little ({run.notes['too_little']})")
        return fallback

    def _visible_text(self, run: Run) -> Article:
        """The last step, so that a page with visible text is never empty: the blocks outside furniture that are
        not link lists, else every block that is not a link list, else every block."""
        furniture: dict[int, str] = run.notes.get("furniture", {})
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
        article.warnings.append(f"DOM container rule and lineblock found nothing ({run.notes['too_little']}): {reason}")
        return article
