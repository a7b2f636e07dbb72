"""Page furniture: the containers no main text lies in (navigation, footers, comments, dialogs...), step 2 of
the default cascade (``crawler.extractors.cascade.extractor``).

Like Readability.js's removal of unlikely candidates, furniture neither scores nor is kept; unlike it, nothing is
removed from the shared tree. An element is judged once per run, by its tag, ARIA role and class/id words, and by
the share of the page's running text it holds (summed over its subtree, ``crawler.extractors.document.subtree``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lxml import etree

from crawler.extractors.cascade.beyond_prose import page_posts
from crawler.extractors.cascade.state import block_positions, cascade_state
from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.subtree import SubtreeSums
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.templates.lines import normalize_line
from crawler.kernels.walk import attributes_of

# Class/id words that mark a container as page furniture (the "unlikely candidates" and
# negative lists of Mozilla Readability.js REGEXPS, trimmed to words that name page parts; no site names).
# Short words must start a class/id token ("nav" not in "canvas"); long ones may stand anywhere. A bare
# "paywall" is not furniture: paywalled sites wrap the article's own paragraphs in it; its prompts are named.
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
# happens to carry such a name ("has-sidebar", "ad-layout"), not furniture (Readability.js retries without
# its unlikely-candidate removal when the result is too short; this asks the same question up front).
MAX_FURNITURE_SHARE = 0.5
NEGATIVE_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search", "menu", "dialog"}
# Dialogs (cookie-consent and privacy-preference centres, sign-up prompts) lie over the page, not in it; they can
# hold more running text than a listing's teasers, so they stay furniture whatever their size, like comments.
# aria-hidden="true" is not furniture: collapsed tabs and accordions (a product's specifications) carry it too.
MODAL_ROLES = {"dialog", "alertdialog"}
BOILERPLATE_TAGS = {"nav", "aside", "footer", "header", "figcaption", "figure"}
# Furniture tags that may not hold the page's <main> (HTML's content model); one that does is a wrapper.
LANDMARK_HOLDERS = frozenset({"nav", "aside", "footer", "header"})
# ...and these whatever share of the running text they hold: a page footer, a navigation or an aside is never the
# main content, though on a landing page of short lines its legal notes can be most of the page's running text
# (the share rule, meant for wrappers named like furniture, would make them the container).
ALWAYS_FURNITURE_TAGS = frozenset({"footer", "nav", "aside"})
# Blocks below this many words add nothing to a container's score (Readability.js: 25 characters).
MIN_SCORING_WORDS = 5
# Link-dense blocks are navigation; they do not score (boilerpipe's 0.333 link-density split, seed 000).
MAX_SCORING_LINK_DENSITY = 1 / 3

# When the running text left outside furniture is below the floor under which the container rule has failed
# (MIN_CONTENT_WORDS, below), the class/id words were wrong about this page, the way Readability.js retries
# without its unlikely-candidate removal when its result is too short: page builders wrap every text box in a
# "widget", forum software puts a thread's posts in a "reply" container. The marking is redone with tags and
# ARIA roles only. The floor is MIN_CONTENT_WORDS's, not tuned.
NAMES_RETRY_BELOW_WORDS = 50

# An id of more words than this is an anchor made from a heading ("sharing-with-a-single-developer" in
# documentation), which says nothing about the element's role; page furniture ids are one to three words.
MAX_ROLE_ID_WORDS = 3
ID_WORD_SEPARATORS = re.compile(r"[-_\s]+")
# How a verdict by class/id words starts (of the verdicts given whatever the share, only comment names give one).
NAMES_REASON = "class/id"


# The class/id strings whose name searches are remembered: a site's templates repeat a few hundred of them on every
# page, and the NEGATIVE_NAMES search is most of the cost of judging an element; 4096 strings are a few hundred KB.
NAME_CACHE_SIZE = 4096


@lru_cache(maxsize=NAME_CACHE_SIZE)
def comment_name(class_id: str) -> str | None:
    """The comment or reply word in lower-cased class/id words, or None."""
    found = COMMENT_NAMES.search(class_id)
    return found.group(0) if found else None


@lru_cache(maxsize=NAME_CACHE_SIZE)
def negative_name(class_id: str) -> str | None:
    """The page-furniture word in lower-cased class/id words, or None."""
    found = NEGATIVE_NAMES.search(class_id)
    return found.group(0) if found else None


# The attributes an element is judged by, read in one pass (kernels.walk.attributes_of).
NAME_ATTRIBUTES = ("class", "id")
JUDGED_ATTRIBUTES = ("class", "id", "role", "aria-modal", "popover")


def element_names(element: etree._Element) -> str:
    """An element's class and id words, lower-cased, for the name searches (" " when it has none)."""
    return _class_id(*attributes_of(element, NAME_ATTRIBUTES))


def _class_id(classes: str | None, element_id: str | None) -> str:
    if not classes and not element_id:
        return " "  # most elements: no words to search
    return _names(classes, element_id)


@lru_cache(maxsize=NAME_CACHE_SIZE)
def _names(classes: str | None, element_id: str | None) -> str:
    """element_names of a class and an id attribute (the id's split and the lower-casing cached with the names)."""
    element_id = element_id or ""
    if element_id and len(ID_WORD_SEPARATORS.split(element_id.strip("-_ "))) > MAX_ROLE_ID_WORDS:
        element_id = ""
    if not classes and not element_id:
        return " "
    return f"{classes or ''} {element_id}".lower()


def is_boilerplate_container(
    element: etree._Element, share: float = 0.0, *, comments: bool = True, names: bool = True
) -> str | None:
    """Why an element is page furniture by its tag, role or class/id, or None. ``comments=False``: comment and
    reply names mark posts, not furniture (a thread); ``names=False``: class/id words count for nothing."""
    always, unless_large = furniture_reasons(element, comments=comments, names=names)
    return always or (unless_large if share < MAX_FURNITURE_SHARE else None)


def furniture_reasons(element: etree._Element, *, comments: bool = True, names: bool = True
                      ) -> tuple[str | None, str | None]:
    """Why an element is furniture whatever share of the page's running text it holds (comments, dialogs,
    footers, navigation, asides), and why it is unless it holds MAX_FURNITURE_SHARE of it or more (other
    furniture tags, roles and names): the share, a sum over the subtree, is then asked for only when it matters."""
    tag = element.tag  # (read once: lxml makes a new string at each read)
    if not isinstance(tag, str):
        tag = ""
    elif tag in {"article", "main", "body", "html"}:
        return None, None
    classes, element_id, role_value, modal, popover = attributes_of(element, JUDGED_ATTRIBUTES)
    class_id = _class_id(classes, element_id) if names else ""
    comment = comment_name(class_id) if comments else None
    if comment:
        return f"{NAMES_REASON} '{comment}'", None
    role = (role_value or "").lower()
    if role in MODAL_ROLES or (modal or "").lower() == "true":
        return (f"role={role}" if role in MODAL_ROLES else "aria-modal"), None
    if popover is not None:  # HTML's popover attribute: a panel shown on demand (install prompt, off-canvas menu)
        return "a popover", None
    if tag in LANDMARK_HOLDERS and holds_main(element):
        return None, None
    if tag in ALWAYS_FURNITURE_TAGS:
        return f"<{tag}>", None
    if tag in BOILERPLATE_TAGS:
        return None, f"<{tag}>"
    if role in NEGATIVE_ROLES:
        return None, f"role={role}"
    negative = negative_name(class_id)
    return None, (f"{NAMES_REASON} '{negative}'" if negative else None)


def holds_main(element: etree._Element) -> bool:
    """Whether a <main> lies inside: HTML lets no navigation, header, footer or aside hold the main landmark, so
    one that does is a wrapper left open by broken markup (the parser nests the rest of the page in it)."""
    return next(element.iter("main"), None) is not None


def all_lines_in(block: TextBlock, lines: frozenset[str]) -> bool:
    return all(normalize_line(line) in lines for line in block.text.split("\n") if line.strip())


def block_score(block: TextBlock) -> float:
    if block.num_words < MIN_SCORING_WORDS or block.link_density > MAX_SCORING_LINK_DENSITY:
        return 0.0
    return block.num_words * (1.0 - block.link_density)


_UNJUDGED: Any = object()  # an element MarkFurniture has not judged yet (its verdicts may be None)


class MarkFurniture(Step):
    """Finds, for every block, the nearest ancestor that is page furniture (nav, footer, comments, ...).

    Like Readability.js's removal of unlikely candidates, furniture neither scores nor is kept; unlike it,
    nothing is removed from the shared tree.
    """

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        scores = state.block_scores = [block_score(block) for block in run.blocks]
        total = sum(scores)
        index, positions = block_positions(run)
        running_words = SubtreeSums(index, index.prefix(
            (at, score) for at, score in zip(positions, scores, strict=True) if score and at is not None))
        commented: list[etree._Element] = []
        furniture, verdicts = self._mark(run, running_words, total, comments=True, names=True, commented=commented)
        # Comment names decide only the elements that carry them: the page's declared type is asked for when one
        # of them was judged furniture by its comment name, and then the marking is redone with them as posts.
        if commented and page_posts(run):
            furniture, verdicts = self._mark(run, running_words, total, comments=False, names=True)
        outside = sum(score for index, score in enumerate(scores) if index not in furniture)
        if total >= NAMES_RETRY_BELOW_WORDS > outside:
            state.names_ignored = (f"{outside:.0f} words of running text outside furniture named by class/id: "
                                   "furniture by tags and roles only")
            furniture, verdicts = self._mark(run, running_words, total, comments=False, names=False)
        state.furniture = furniture
        state.furniture_of_element = verdicts
        return bool(furniture)

    def _mark(
        self, run: Run, running_words: SubtreeSums, total: float, *, comments: bool, names: bool,
        commented: list[etree._Element] | None = None,
    ) -> tuple[dict[int, str], dict[etree._Element, str | None]]:
        """Each block's furniture verdict (by index) and each element's looked at; ``commented`` collects the
        elements judged furniture by a comment name."""
        verdicts: dict[etree._Element, str | None] = {}
        furniture: dict[int, str] = {}
        template_lines = cascade_state(run).template_lines
        for index, block in enumerate(run.blocks):
            element = block.element
            # Blocks of one container share its verdict: looked up before walking up the tree.
            reason = verdicts.get(element, _UNJUDGED) if element is not None else None
            if reason is _UNJUDGED:
                reason = self._nearest(element, verdicts, running_words, total or 1.0, comments, names, commented)
            if reason:
                furniture[index] = reason
            elif template_lines and all_lines_in(block, template_lines):
                furniture[index] = "a line of the site's learned template"
        return furniture, verdicts

    @staticmethod
    def _nearest(
        element: etree._Element | None,
        verdicts: dict[etree._Element, str | None],
        running_words: SubtreeSums,
        total: float,
        comments: bool = True,
        names: bool = True,
        commented: list[etree._Element] | None = None,
    ) -> str | None:
        path: list[etree._Element] = []
        node = element
        result: str | None = None
        while node is not None:
            known = verdicts.get(node, _UNJUDGED)
            if known is not _UNJUDGED:
                result = known
                break
            path.append(node)
            node = node.getparent()
        for node in reversed(path):
            if not result:
                always, unless_large = furniture_reasons(node, comments=comments, names=names)
                if always and commented is not None and always.startswith(NAMES_REASON):  # names: comments only
                    commented.append(node)
                result = always or (unless_large if unless_large and (running_words.get(node) or 0.0) / total
                                    < MAX_FURNITURE_SHARE else None)
            verdicts[node] = result
        return result


__all__ = ["MAX_SCORING_LINK_DENSITY", "MIN_SCORING_WORDS", "NAMES_RETRY_BELOW_WORDS", "MarkFurniture",
           "all_lines_in", "block_score", "comment_name", "element_names", "furniture_reasons",
           "is_boilerplate_container", "negative_name"]
