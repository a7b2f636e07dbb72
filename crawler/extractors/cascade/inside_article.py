"""Steps of the default cascade for what lies inside the chosen article container.

The container rule decides what the article is; these steps correct verdicts made block by block inside it, using
the article's own extent (its first and last kept block) and the page's structure, never a site's class names:

- links inside the body of the article (a table of contents, a list of sources, a line citing another site, the
  linked titles of a listing's items) stay, though link-dense blocks at its edges (share bars, "related" lists
  after the last paragraph) and lone teasers of the site's other stories go (``KeepLinksInsideArticle``);
- an element inside the container that is named like page furniture ("widget", "promo", ...) and was let through
  only because it holds much of the page's running text is furniture after all when the article has text of its
  own beside it and it holds a run of headed items: an embedded gallery or carousel (``DropNamedBoxesBeside``).
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.cascade.beyond_prose import MIN_CARDS, page_posts, signature
from crawler.extractors.cascade.state import cascade_state
from crawler.extractors.document.parse import HEADING_TAGS
from crawler.extractors.steps.pipeline import Run, Step

# The step of the cascade whose verdicts ``KeepLinksInsideArticle`` revisits (cascade.DropLinkLists).
LINK_LIST_STEP = "DropLinkLists"
# Link-dense blocks in a row inside the article that make a list of links (two items make a list).
MIN_LINK_LIST_ITEMS = 2
# A box inside the container is beside the article only when the article has text of its own outside it: the
# cascade's floor under which its container rule has failed (cascade.MIN_CONTENT_WORDS), not tuned.
MIN_ARTICLE_WORDS_BESIDE = 50
# A gallery, a carousel or a listing is a run of alike items, each with a heading (or a linked title):
# beyond_prose's card-list bound.
MIN_HEADED_ITEMS = MIN_CARDS


def _host(url: str | None) -> str:
    return (urlsplit(url).hostname or "").removeprefix("www.") if url else ""


def links_off_site(element: etree._Element | None, host: str) -> bool:
    """Whether every link in ``element`` leads to another site than ``host``'s (a source, a shop, a profile)."""
    if element is None:
        return False
    hrefs = [a.get("href") or "" for a in element.iter("a")]
    if not hrefs:
        return False
    for href in hrefs:
        other = _host(href) if href.startswith(("http://", "https://", "//")) else host
        if not other or other == host or other.endswith("." + host) or (host and host.endswith("." + other)):
            return False
    return True



def holds_headed_items(element: etree._Element) -> bool:
    """Whether an element holds at least ``MIN_HEADED_ITEMS`` list items or alike children that each have a
    heading: slides of a gallery, cards of a carousel (not the paragraphs of a story)."""
    for parent in element.iter():
        groups: dict[tuple[str, frozenset[str]], int] = {}
        for child in parent:
            if isinstance(child.tag, str) and next(child.iter(*HEADING_TAGS), None) is not None:
                key = signature(child)
                groups[key] = groups.get(key, 0) + 1
                if groups[key] >= MIN_HEADED_ITEMS:
                    return True
    return False


class KeepLinksInsideArticle(Step):
    """Link-dense blocks that lie between the first and the last block the cascade keeps are part of the article
    when they are a list (``MIN_LINK_LIST_ITEMS`` or more in a row: a table of contents, a list of sources or of
    the works the text names), a line whose links all lead to other sites (a source, a shop, a profile the text
    cites), a heading, or one of ``MIN_HEADED_ITEMS`` alike lone link lines (the linked titles of a listing's
    items, each over its summary). A lone line linking another page of the same site ("Related: ...", "Read
    more: ...") is a teaser of another story and stays out, as do link lists at the article's edges (share bars
    above it, "related" lists below it).

    Readability.js drops no paragraph for its links. Keeping every link-dense block inside the span lets
    same-site teasers in; keeping lists only, or lists and off-site lines, leaves a listing's linked titles out.
    """

    def process(self, run: Run) -> bool:
        kept = [index for index, block in enumerate(run.blocks) if block.is_content]
        if len(kept) < 2:
            return False
        runs: list[list[int]] = []  # runs of consecutive blocks the link rule dropped, inside the article
        for index in range(kept[0] + 1, kept[-1]):
            block = run.blocks[index]
            if block.is_content or not block.decisions or block.decisions[-1].step != LINK_LIST_STEP:
                continue
            if runs and runs[-1][-1] == index - 1:
                runs[-1].append(index)
            else:
                runs.append([index])
        lone_shapes: dict[tuple[str, frozenset[str]], int] = {}
        for indices in runs:
            element = run.blocks[indices[0]].element
            if len(indices) == 1 and element is not None:
                lone_shapes[signature(element)] = lone_shapes.get(signature(element), 0) + 1
        host = _host(run.doc.url)
        changed = False
        for indices in runs:
            why = self._why_kept(run.blocks[indices[0]].element, len(indices), host, lone_shapes)
            for index in indices if why else ():
                run.blocks[index].decide(self.name, True, why)
                changed = True
        return changed

    @staticmethod
    def _why_kept(element: etree._Element | None, length: int, host: str,
                  lone_shapes: dict[tuple[str, frozenset[str]], int]) -> str | None:
        if length >= MIN_LINK_LIST_ITEMS:
            return "a list of links inside the body of the main text"
        if element is None:
            return None
        if links_off_site(element, host):
            return "a line linking other sites (a source, a shop, a profile) inside the main text"
        if element.tag in HEADING_TAGS:
            return "a linked heading inside the main text"
        if lone_shapes.get(signature(element), 0) >= MIN_HEADED_ITEMS:
            return f"one of {lone_shapes[signature(element)]} alike linked lines (the titles of listed items)"
        return None


class DropNamedBoxesBeside(Step):
    """An element inside the chosen container that is named like page furniture but was let through because it
    holds much of the page's running text (``cascade.MAX_FURNITURE_SHARE``: such names on a wrapper of the
    article are wrong) is furniture when the container holds at least ``MIN_ARTICLE_WORDS_BESIDE`` words of
    running text outside it and it holds a run of alike items with headings (``holds_headed_items``): it is not a
    wrapper of the article but a box beside its paragraphs, such as an embedded gallery of captioned slides or a
    carousel of other stories, which can outweigh the article and win the container's scoring.

    ``furniture_reason(element)`` is the cascade's furniture test by tag, role and class/id, without the share
    exemption (a news article with a long captioned gallery in a "widget" box is the case it serves).
    """

    def __init__(self, furniture_reason: Callable[[etree._Element], str | None]) -> None:
        self._reason = furniture_reason

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        roots = set(state.content_roots)
        verdicts = state.furniture_of_element
        running = state.running_text or {}
        if not roots or state.names_ignored is not None:
            return False  # class/id words were set aside on this page
        article_running = max(running.get(root, 0.0) for root in roots)
        boxes: dict[etree._Element, str | None] = {}  # element -> why it is a box beside the article, or None

        def box_reason(node: etree._Element) -> str | None:
            if verdicts.get(node) is not None or article_running - running.get(node, 0.0) < MIN_ARTICLE_WORDS_BESIDE:
                return None
            reason = self._reason(node)
            if reason is None or not holds_headed_items(node):
                return None
            return f"inside page furniture ({reason}) beside the article's paragraphs, holding a run of headed items"

        drops = []
        for index, block in enumerate(run.blocks):
            if not block.is_content or block.element is None:
                continue
            why = self._box_of(block.element, roots, boxes, box_reason)
            if why:
                drops.append((index, block, why))
        if not drops or page_posts(run):
            return False  # nothing to drop, or comment names mark the page's posts (a thread): no box is furniture
        for index, block, why in drops:  # furniture from now on, for the later steps' counts of running text too
            block.decide(self.name, False, why)
            state.furniture[index] = why
        return True

    @staticmethod
    def _box_of(
        element: etree._Element,
        roots: set[etree._Element],
        boxes: dict[etree._Element, str | None],
        box_reason: Callable[[etree._Element], str | None],
    ) -> str | None:
        path: list[etree._Element] = []
        node: etree._Element | None = element
        found: str | None = None
        while node is not None and node not in roots:
            if node in boxes:
                found = boxes[node]
                break
            path.append(node)
            node = node.getparent()
        for node in reversed(path):  # outermost first: a box's verdict covers everything inside it
            if found is None:
                found = box_reason(node)
            boxes[node] = found
        return found


__all__ = ["LINK_LIST_STEP", "DropNamedBoxesBeside", "KeepLinksInsideArticle"]
