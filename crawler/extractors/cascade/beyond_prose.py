"""Steps of the default cascade for main content that is not a run of prose.

The cascade's container rule finds the densest prose; these steps widen what it keeps to what the page's own
structure says belongs with it, using features that mean the same on every site (tag semantics, schema.org types,
ARIA roles, link density, repetition), never a site's class names:

- a page that declares itself a thread of posts (``declares_posts``) keeps its comment and reply containers;
- lists, tables, definition lists, FAQ disclosures and code beside the container join it (``JoinContentBeside``);
- units that repeat the container (posts, answers, listed items) join it (``JoinRepeatedUnits``);
- lists of teaser cards (``is_card_list``) are other stories, which the climb and the repetition leave out.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.cascade.state import cascade_state
from crawler.extractors.document.blockwalk import attribute_values
from crawler.extractors.document.parse import HEADING_TAGS, TextDocument
from crawler.extractors.document.subtree import SubtreeCounts, SubtreeSums
from crawler.extractors.steps.pipeline import Run, Step

# ...counting no text of card lists beside the container: at least MIN_CARDS alike children making up
# MIN_CARD_SHARE of their parent, each with a heading and at most CARD_MAX_CHARS characters (a headline, a
# summary of a sentence or two and a date; a section of an article is longer). Judgement calls.
MIN_CARDS = 3
MIN_CARD_SHARE = 2 / 3
CARD_MAX_CHARS = 400
# Elements by which a page marks where its main content is (HTML's <main> and <article>; ARIA role=main too).
LANDMARK_TAGS = frozenset({"main", "article"})
# Content that is not prose: lists, tables, definition lists, disclosure widgets (FAQ), code.
# One such element anywhere in a sibling is enough: requiring a share of its text lost more pages than it won.
STRUCTURE_TAGS = ("li", "tr", "dt", "dd", "summary", "pre")
# A sibling joins the content only when no more than this share of its words are links: the bound of the
# cascade's climb (CLIMB_MAX_LINK_DENSITY; sections of an article carry few links, lists of teasers one in four
# or five words).
JOIN_MAX_LINK_DENSITY = 0.15
# A container is one of a repetition (posts, answers, listed items) when at least this many alike elements,
# itself included, hold running text with no more than this share of their words in links.
MIN_REPEATED_UNITS = 3
REPEAT_MAX_LINK_DENSITY = JOIN_MAX_LINK_DENSITY
# ...looking this many levels up from the container (the cascade's MAX_CLIMB_LEVELS: the wrappers of one unit).
MAX_REPEAT_LEVELS = 5
# schema.org types of a page whose main content is posts (a forum thread, a Q&A page); articles declare neither.
POSTS_TYPES = r"(DiscussionForumPosting|QAPage)"
POSTS_JSON_LD_TYPE = re.compile(r'"@type"\s*:\s*(?:\[[^\]]*?)?"(?:https?://schema\.org/)?' + POSTS_TYPES + '"')
POSTS_ITEMTYPE = re.compile(r"schema\.org/" + POSTS_TYPES + r"\b")


def signature(element: etree._Element) -> tuple[str, frozenset[str]]:
    return element.tag, frozenset((element.get("class") or "").split())


def is_card_list(element: etree._Element) -> bool:
    """Whether most children are alike short cards, each with a heading: teasers (headline, summary, date), the
    shape a list of other stories has whether or not its summaries are links."""
    children = [child for child in element if isinstance(child.tag, str)]
    if len(children) < MIN_CARDS:
        return False
    groups: dict[tuple[str, frozenset[str]], list[etree._Element]] = {}
    for child in children:
        groups.setdefault(signature(child), []).append(child)
    cards = max(groups.values(), key=len)
    if len(cards) < MIN_CARDS or len(cards) < MIN_CARD_SHARE * len(children):
        return False
    return all(
        len(" ".join(card.text_content().split())) <= CARD_MAX_CHARS
        and next(card.iter(*HEADING_TAGS), None) is not None
        for card in cards
    )


def declares_posts(doc: TextDocument) -> str | None:
    """The schema.org type by which a page says its main content is a thread of posts, or None.

    A forum thread or a Q&A page is its posts; the names its software gives them ("comment", "reply") are the
    names comment sections under an article carry, so on such a page they do not make furniture.
    """
    for text in doc.json_ld:
        found = POSTS_JSON_LD_TYPE.search(text)
        if found:
            return found.group(1)
    if doc.root is not None:
        for itemtype in attribute_values(doc.root, "itemtype"):
            found = POSTS_ITEMTYPE.search(itemtype)
            if found:
                return found.group(1)
    return None


def page_posts(run: Run) -> str | None:
    """Why the run's page keeps its comment and reply containers (``declares_posts``), asked once per run and only
    by a step whose verdict it would change: the search for microdata types visits every node of the tree."""
    state = cascade_state(run)
    if not state.posts_checked:
        state.posts_checked = True
        posts = declares_posts(run.doc)
        if posts:
            state.posts = f"schema.org {posts}: comment and reply containers are the posts"
    return state.posts


def main_landmark(element: etree._Element) -> etree._Element | None:
    """The nearest element, from ``element`` up, by which the page says where its main content is."""
    for node in (element, *element.iterancestors()):
        if node.tag in LANDMARK_TAGS or (node.get("role") or "").lower() == "main":
            return node
    return None


def is_structured(element: etree._Element) -> bool:
    return next(element.iter(*STRUCTURE_TAGS), None) is not None


def _container_view(run: Run) -> tuple[
    list[etree._Element], dict[etree._Element, str | None], SubtreeCounts | dict[etree._Element, tuple[int, int]],
    SubtreeSums | dict[etree._Element, float],
] | None:
    """What the cascade's earlier steps left for the joining steps: the chosen containers, each element's
    furniture verdict, its words and linked words, and its running text; None when no container was chosen."""
    state = cascade_state(run)
    if not state.content_roots:
        return None
    return (state.content_roots, state.furniture_of_element, state.words or {}, state.running_text or {})


class JoinContentBeside(Step):
    """Content beside the chosen container joins it: a recipe card beside the story, a specification table or an
    FAQ below a product's description, the sections of a landing page.

    A sibling joins when it holds lists, tables, definition lists, disclosure widgets or code (``STRUCTURE_TAGS``)
    and is neither furniture, nor link-dense, nor a list of teaser cards. Inside the page's main landmark
    (``<main>``, ``role=main``, ``<article>``) the siblings of every ancestor up to the landmark count, since
    the page says all of it is main content; without a landmark only the container's own siblings do.
    Prose siblings are left to the climb: letting them join inside a landmark too takes titles, bylines, dates
    and author notes into articles.
    """

    def process(self, run: Run) -> bool:
        found = _container_view(run)
        if found is None:
            return False
        roots, verdicts, words, running = found
        best = roots[0]
        landmark = main_landmark(best)
        joined: list[etree._Element] = []
        node = best
        while node.getparent() is not None and node is not landmark:
            parent = node.getparent()
            for sibling in parent:
                if sibling is node or sibling in roots or not isinstance(sibling.tag, str):
                    continue
                total, linked = words.get(sibling, (0, 0))
                if not total or verdicts.get(sibling) or linked > JOIN_MAX_LINK_DENSITY * total:
                    continue
                if not is_structured(sibling):
                    continue
                if running.get(sibling) and is_card_list(sibling):
                    continue
                joined.append(sibling)
            if landmark is None:
                break
            node = parent
        if joined:
            state = cascade_state(run)
            state.content_roots = [*roots, *joined]
            state.joined = len(joined)
            for sibling in joined:
                state.joined_why[sibling] = "in a list, table or FAQ beside the main text container"
        return bool(joined)


class JoinRepeatedUnits(Step):
    """When the chosen container is one of several alike elements (same tag and classes) that each hold running
    text, the page's content is the repetition: the posts of a thread, the answers of a Q&A page, the items of a
    listing, the entries of a collection. All of them join.

    Looked for from the container up to ``MAX_REPEAT_LEVELS`` levels, never above ``<main>``. On an article page
    the container is the article, which has no alike siblings; comment sections under it stay furniture.
    """

    def process(self, run: Run) -> bool:
        found = _container_view(run)
        if found is None:
            return False
        roots, verdicts, words, running = found
        node = roots[0]
        for _ in range(MAX_REPEAT_LEVELS):
            parent = node.getparent()
            if parent is None or node.tag in {"main", "body", "html"}:
                return False
            shape = signature(node)
            alike = [
                sibling for sibling in parent
                if sibling is not node and isinstance(sibling.tag, str) and signature(sibling) == shape
                and running.get(sibling) and not verdicts.get(sibling)
                and words.get(sibling, (0, 0))[1] <= REPEAT_MAX_LINK_DENSITY * words.get(sibling, (1, 0))[0]
            ]
            if len(alike) >= MIN_REPEATED_UNITS - 1 and not is_card_list(parent):
                new = [sibling for sibling in alike if sibling not in roots]
                state = cascade_state(run)
                state.content_roots = [*roots, *new]
                state.repeated_units = f"{len(alike) + 1} alike <{node.tag}> units"
                for unit in new:
                    state.joined_why[unit] = (f"in one of {len(alike) + 1} alike <{node.tag}> units "
                                              "(posts, answers, items)")
                return bool(new)
            node = parent
        return False


__all__ = [
    "JoinContentBeside",
    "JoinRepeatedUnits",
    "declares_posts",
    "is_card_list",
    "is_structured",
    "main_landmark",
    "page_posts",
    "signature",
]
