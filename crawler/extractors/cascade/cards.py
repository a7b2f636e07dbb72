"""Rules of the profiles for pages made of cards and sections (listings, collections, products, landing pages),
steps and helpers of the default cascade.

- A card grid repeats text: its image link and its heading carry the same title, and pages render the same
  section twice for two screen sizes. A kept block whose text an earlier kept block already gave is out
  (``DropRepeatedCopies``).

As in ``profiles``, each rule acts only on the kinds it names, with structure that means the same on every site,
and leaves a label and a reason on every block it changes. Figures: docs/profiles.md
(``python -m crawler.evaluation.profile_constants_cv``).
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.cascade.beyond_prose import MIN_REPEATED_UNITS, signature
from crawler.extractors.cascade.furniture import NAMES_REASON
from crawler.extractors.cascade.repeated import climbed_verdict, inside
from crawler.extractors.cascade.state import cascade_state
from crawler.extractors.steps.pipeline import Run, Step

# Kinds whose cards, sections and posts repeat their own text (a card's title on its image link and its heading, a
# section rendered once per screen size, a reply quoting an earlier post): chosen by by-domain CV, docs/profiles.md.
COPY_KINDS = frozenset({"listing", "collection", "product", "service", "forum"})
# Kinds whose copies count only inside a <blockquote> (a reply's quotation of an earlier post): a thread's own
# posts may repeat each other's words ("Thanks, this helped"), and so may a page the kind is judged wrongly for.
QUOTED_COPY_KINDS = frozenset({"forum"})
QUOTE_TAGS = frozenset({"blockquote"})
# A repeated block of fewer words is left to the repeated-chrome rule (``repeated.DropRepeatedChrome``), which
# asks how often it recurs; chosen by by-domain CV, docs/profiles.md.
MIN_COPY_WORDS = 3


# Kinds of cards whose parts a site may name like furniture (each card's "widget", its "promo" price): there a
# container judged furniture by its class/id name alone, whose markup MIN_REPEATED_UNITS containers or more share,
# is a part of every card; by-domain CV, docs/profiles.md.
NAMED_CARD_KINDS = frozenset({"collection"})


def named_card_parts(run: Run, furniture: dict[int, str], kind: str | None) -> dict[int, str]:
    """On a page of ``NAMED_CARD_KINDS``, the blocks judged furniture by a class/id name (``furniture.NAMES_REASON``)
    whose furniture container is one of at least ``MIN_REPEATED_UNITS`` containers of the same tag and classes so
    judged, with that verdict: the parts of a page's cards, not page furniture (a site-wide box appears once)."""
    if kind not in NAMED_CARD_KINDS:
        return {}
    verdicts = cascade_state(run).furniture_of_element
    container_of: dict[int, etree._Element] = {}
    alike: dict[tuple[str, frozenset[str]], set[etree._Element]] = {}
    for index, reason in furniture.items():
        element = run.blocks[index].element
        if not reason.startswith(NAMES_REASON) or element is None:
            continue
        container = element
        for node in element.iterancestors():  # the outermost element of this verdict: the named container
            if verdicts.get(node) != reason:
                break
            container = node
        container_of[index] = container
        alike.setdefault(signature(container), set()).add(container)
    return {index: furniture[index] for index, container in container_of.items()
            if len(alike[signature(container)]) >= MIN_REPEATED_UNITS}


# Kinds whose text shown only to screen readers is not the page's content (a card's "Sale price", "Regular price",
# "opens in a new window" beside the visible price and link); by-domain CV, docs/profiles.md.
HIDDEN_LABEL_KINDS = frozenset({"listing", "collection", "product"})
# The utility classes that hide an element's text from the screen but not from screen readers (Bootstrap's
# sr-only and visually-hidden, WordPress's screen-reader-text, HTML5 Boilerplate's visuallyhidden): generic words.
HIDDEN_LABEL_NAMES = re.compile(r"sr-only|visually-?hidden|screen-?reader|offscreen")


def hidden_label(element: etree._Element | None, known: dict[etree._Element, str | None]) -> str | None:
    """The class/id word by which an element or one of its ancestors hides its text from the screen, or None;
    cached in ``known``."""
    def verdict(node: etree._Element) -> str | None:
        found = HIDDEN_LABEL_NAMES.search(f"{node.get('class') or ''} {node.get('id') or ''}".lower())
        return found.group(0) if found else None

    return climbed_verdict(element, known, verdict)


# Kinds whose sections open with a <header> of their own (a landing page's hero in <main>): HTML's header of a
# sectioning element introduces that element, not the page; by-domain CV, docs/profiles.md.
SECTION_HEADER_KINDS = frozenset({"service"})
SECTIONING_TAGS = frozenset({"main", "section", "article"})
HEADER_STOPS = frozenset({"nav", "aside", "footer"})


def section_header(element: etree._Element | None) -> bool:
    """Whether an element's nearest <header> introduces a section (it lies in a <main>, <section> or <article>)
    and no navigation, aside or footer lies between them."""
    if element is None:
        return False
    for node in (element, *element.iterancestors()):
        if node.tag == "header":
            return any(above.tag in SECTIONING_TAGS for above in node.iterancestors())
        if node.tag in HEADER_STOPS:
            return False
    return False


def copy_key(text: str) -> str:
    return " ".join(text.lower().split())


class DropRepeatedCopies(Step):
    """On a card, landing or thread page (``COPY_KINDS``) a kept block of at least ``MIN_COPY_WORDS`` words whose
    text an earlier kept block already gave is out: a card's title given again by its heading after its image
    link, a section the page renders once for narrow and once for wide screens, a reply's quotation of an earlier
    post (on ``QUOTED_COPY_KINDS`` only a quotation is a copy). The first copy stays."""

    def process(self, run: Run) -> bool:
        kind = cascade_state(run).kind
        if kind not in COPY_KINDS:
            return False
        seen: set[str] = set()
        quoted_only = kind in QUOTED_COPY_KINDS
        changed = False
        for block in run.blocks:
            if not block.is_content or block.num_words < MIN_COPY_WORDS:
                continue
            if quoted_only and not inside(block, QUOTE_TAGS):
                seen.add(copy_key(block.text))
                continue
            key = copy_key(block.text)
            if key in seen:
                block.decide(self.name, False, f"a copy of a block kept above on a {kind} page (a card's title "
                                               "repeated by its image link, a section rendered twice, a quotation)")
                changed = True
            seen.add(key)
        return changed


__all__ = [
    "COPY_KINDS",
    "HIDDEN_LABEL_KINDS",
    "MIN_COPY_WORDS",
    "NAMED_CARD_KINDS",
    "SECTION_HEADER_KINDS",
    "DropRepeatedCopies",
    "hidden_label",
    "named_card_parts",
    "section_header",
]
