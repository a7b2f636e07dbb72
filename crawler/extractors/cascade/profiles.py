"""Extraction profiles per kind of page, steps of the default cascade.

The cascade's container rule finds one block of dense prose: right for an article, wrong for a grid of cards, a
thread of posts or a landing page of sections. ``JudgeKind`` puts the page's kind on the run's state (a caller's
hint, else the page-kind judgement); each profile step acts only on the kinds it names and leaves a label and a
reason on every block it changes. The rules use structure that means the same on every site (landmarks, form
controls, repeated siblings, schema.org data, generic furniture words), never a site's class names:

- listing, collection, service, product, documentation: every block outside page furniture (``KeepEverySection``),
  with form controls, link lists, calls to action, customer reviews and blocks outside the main landmark out on
  the kinds that carry them;
- forum: comment and reply containers are the posts (``JudgeKind``), the largest group of alike posts and the
  opening post join the container (``repeated.JoinThreadPosts``), short lines repeated from post to post and the
  posters' cards are out (``repeated.DropRepeatedChrome``), and so are quotations of posts the page already holds
  (``repeated.DropQuotedPosts``);
- product: the structured data's description when the visible text lacks it (``AddDeclaredDescription``);
- article: the cascade as it is.

Figures behind each choice: docs/profiles.md (``python -m crawler.evaluation.profiles_cv``).
"""

from __future__ import annotations

import re
from collections import Counter

from lxml import etree

from crawler.extractors.cascade import cards
from crawler.extractors.cascade.cards import hidden_label, named_card_parts, section_header
from crawler.extractors.cascade.furniture import NAMES_REASON
from crawler.extractors.cascade.repeated import POSTS_KIND, PRODUCT_KIND, climbed_verdict, holds, inside
from crawler.extractors.cascade.state import cascade_state
from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.document.jsonld import iter_objects, parse_json_ld, text_of, types_of
from crawler.extractors.document.parse import HEADING_TAGS
from crawler.extractors.document.text import unescape
from crawler.extractors.pagekind import judge
from crawler.extractors.steps.pipeline import Run, Step

# A judged kind less probable than this gets the article rule, not its profile: by-domain CV, docs/profiles.md.
MIN_KIND_PROBABILITY = 0.0
# Kinds whose main content is the page's every card or section, not its densest block of prose.
SECTIONED_KINDS = frozenset({"listing", "collection", "service", "product", "documentation"})
# Kinds whose content lies inside the page's main landmark when it has one, and whose link lists are not
# content: a product page's recommendations and "customers also bought" rows are cards of links around it.
LANDMARKED_KINDS = frozenset({"product"})
# Kinds whose link lists are not content: a product's recommendation rows, a manual's contents and prev/next.
LINK_LIST_KINDS = frozenset({"product"})
# Lone link lines up to this many words are not content: previous/next, "edit this page", calls to action (longer
# ones name pages; listings' cards are linked titles; linked headings are titles). Measured: docs/profiles.md.
LINK_LINE_MAX_WORDS = {"documentation": 3, "service": 5}
# Kinds of cards whose title and summary may sit in the card's own <header> (a teaser marked up as an <article>);
# a <header> inside a navigation or an aside is still furniture.
CARD_HEADER_KINDS = frozenset({"listing", "collection"})
CARD_HEADER_STOPS = frozenset({"nav", "aside", "footer"})
# Furniture names that a landing page gives its own sections (a hero banner, a promoted offer): on these kinds the
# blocks they mark are content (the verdicts as furniture.MarkFurniture words them).
LANDING_SECTION_REASONS = {"service": frozenset(f"{NAMES_REASON} '{word}'" for word in ("banner", "promo"))}
# Kinds whose quotations in a <figure> are content (testimonials on landing pages), not image captions.
QUOTED_FIGURE_KINDS = SECTIONED_KINDS
# Kinds whose customer reviews are not the page's content (a product's description is the seller's).
REVIEWED_KINDS = frozenset({"product"})
# Generic words as furniture.NEGATIVE_NAMES are; they beat schema.org markup alone in every by-domain fold
# (docs/profiles.md).
REVIEW_NAMES = re.compile(r"review|rating")
# A block with more of its words in links than this is a link list (the cascade's MAX_LINK_DENSITY).
LIST_LINK_DENSITY = 1 / 3
PRODUCT_TYPES = frozenset({"product", "productgroup"})
# The declared description is added when more than this share of its words are missing from the kept text.
MISSING_DESCRIPTION_SHARE = 0.5
MARKUP = re.compile(r"<[^>]+>")
WORDS = re.compile(r"\w+")
# Kinds whose pages carry controls beside their content: filter and facet panels, sort bars, "load more"
# buttons, size pickers and cart forms. Their labels are not content.
CONTROLLED_KINDS = frozenset({"listing", "collection", "product"})
# Form controls a reader does not read: buttons, pickers and their options, field labels and legends, and the
# groups of controls HTML's <fieldset> gathers (a card's colour and size pickers; by-domain CV, docs/profiles.md).
CONTROL_TAGS = frozenset({"button", "select", "option", "label", "legend", "fieldset"})
# Containers named for filtering, facets or sorting (generic words, as REVIEW_NAMES): a filter panel of links and divs.
FACET_NAMES = re.compile(r"filter|facet|refine|(?<![a-z])sort(?![a-z])")
# ...when they hold less than this share of the words outside furniture (more is the results' own wrapper, named
# for the script that filters them): chosen by by-domain CV, docs/profiles.md.
MAX_PANEL_SHARE = 0.2


def control_reason(element: etree._Element | None, known: dict[etree._Element, str | None],
                   content_root: etree._Element | None, panels: dict[etree._Element, str]) -> str | None:
    """Why an element lies in a form control, in a form beside the main content (a filter, facet or sort
    panel, a cart or newsletter form) or in one of ``panels`` (``facet_panels``), or None. A form that holds
    the chosen container is a page wrapped whole in one form, not a control. Answers are cached in ``known``:
    the blocks of one form share its verdict."""
    def verdict(node: etree._Element) -> str | None:
        tag = node.tag
        if tag in CONTROL_TAGS:
            return f"in a <{tag}>"
        if tag == "form" and (content_root is None or not holds(node, content_root)):
            return "in a form beside the main content (filters, sorting, options, sign-up)"
        if node in panels:
            return f"in a panel named for filtering or sorting ({panels[node]})"
        return None

    return climbed_verdict(element, known, verdict)


class JudgeKind(Step):
    """Puts the page's kind on the run's state: the caller's hint when there is one, else the page-kind
    judgement (``pagekind.judge``); a judgement less sure than ``MIN_KIND_PROBABILITY`` keeps the article rule,
    which no profile changes. On a forum or Q&A page the comment and reply containers are the posts, not
    furniture (read by ``MarkFurniture`` through ``page_posts``)."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        if state.kind is not None:
            state.kind_reason = state.kind_reason or "the caller's hint"
        else:
            judgement = judge(run.doc)
            state.kind_probabilities = judgement.probabilities
            if judgement.probability < MIN_KIND_PROBABILITY:
                state.kind = "article"
                state.kind_reason = (f"judged {judgement.reason}, less sure than {MIN_KIND_PROBABILITY}: "
                                     "the article rule")
            else:
                state.kind, state.kind_reason = judgement.kind, f"judged {judgement.reason}"
        if state.kind == POSTS_KIND and not state.posts:
            state.posts_checked = True
            state.posts = f"a {POSTS_KIND} page ({state.kind_reason}): comment and reply containers are the posts"
        return True


class KeepEverySection(Step):
    """On a listing, a collection, a service or a product page every block outside page furniture is content:
    the cards of a grid (title and summary), the sections of a landing page (hero, features, pricing, FAQ,
    testimonials), a product's description and specifications, not the one densest container the article rule
    picks. Form controls are out on the kinds that carry them (``CONTROLLED_KINDS``); on a product page so are
    blocks outside the page's main landmark and link lists (``LANDMARKED_KINDS``)."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        kind = state.kind
        if kind not in SECTIONED_KINDS:
            return False
        parts = named_card_parts(run, state.furniture, kind)
        furniture = {index: reason for index, reason in state.furniture.items() if index not in parts}
        name = self.name
        known: dict[etree._Element, str | None] = {}
        root = state.content_roots[0] if state.content_roots else None
        landmark = main_region(run, furniture) if kind in LANDMARKED_KINDS else None
        reviews: dict[etree._Element, str | None] = {}
        labels: dict[etree._Element, str | None] = {}
        panels = facet_panels(run, furniture) if kind in CONTROLLED_KINDS else {}
        kept = False
        for index, block in enumerate(run.blocks):
            if index in furniture and kind in CARD_HEADER_KINDS and card_header(block.element):
                block.decide(name, True, f"in the <header> of a card (an <article>) on a {kind} page: its title "
                                         "and summary")
                kept = True
            elif (index in furniture and kind in cards.SECTION_HEADER_KINDS and furniture[index] == "<header>"
                  and section_header(block.element)):
                block.decide(name, True, f"in the <header> of a section (in <main>, <section> or <article>) on a "
                                         f"{kind} page: a landing page's hero")
                kept = True
            elif index in furniture and furniture[index] in LANDING_SECTION_REASONS.get(kind, ()):
                block.decide(name, True, f"a section named like furniture ({furniture[index]}) on a {kind} page: a "
                                         "landing page's hero and call-to-action banners are its content")
                kept = True
            elif index in furniture and kind in QUOTED_FIGURE_KINDS and quoted_in_figure(block.element):
                block.decide(name, True, f"a quotation in a <figure> on a {kind} page (a testimonial, a pull quote)")
                kept = True
            elif index in furniture:
                block.decide(name, False, f"inside page furniture ({furniture[index]})")
            elif kind in CONTROLLED_KINDS and (control := control_reason(block.element, known, root, panels)):
                block.decide(name, False, f"a control, not content: {control}")
            elif kind in cards.HIDDEN_LABEL_KINDS and (hidden := hidden_label(block.element, labels)):
                block.decide(name, False, f"text for screen readers only (class/id '{hidden}') on a {kind} page")
            elif landmark is not None and (block.element is None or not holds(landmark, block.element)):
                block.decide(name, False, f"outside the page's main landmark <{landmark.tag}> on a {kind} page")
            elif kind in REVIEWED_KINDS and (review := review_reason(block.element, reviews)):
                block.decide(name, False, f"customer reviews on a {kind} page ({review})")
            elif kind in LINK_LIST_KINDS and block.link_density > LIST_LINK_DENSITY:
                block.decide(name, False, f"a link list on a {kind} page (link density {block.link_density:.2f})")
            elif (block.link_density >= 1 and block.num_words <= LINK_LINE_MAX_WORDS.get(kind, 0)
                  and not inside(block, HEADING_TAGS)):
                block.decide(name, False, f"a lone link line on a {kind} page (previous/next, edit this page)")
            elif index in parts:
                block.decide(name, True, f"named like furniture ({parts[index]}) on a {kind} page, as alike "
                                         "containers are: a part of every card")
                kept = True
            else:
                block.decide(name, True, f"outside page furniture on a {kind} page: its every card and section")
                kept = True
        # Nothing kept: the cascade's fallbacks (line blocks, then the visible text) decide, as when its container
        # rule finds too little.
        state.too_little = None if kept else f"the {kind} profile kept no block"
        return True


def facet_panels(run: Run, furniture: dict[int, str]) -> dict[etree._Element, str]:
    """The containers named for filtering, facets or sorting that hold less than ``MAX_PANEL_SHARE`` of the
    words outside furniture, with the word that names them: a filter panel beside the results, not a wrapper of
    the results that a page names for its filtering script."""
    words: dict[etree._Element, int] = {}
    named: dict[etree._Element, str] = {}
    total = 0
    for index, block in enumerate(run.blocks):
        if index in furniture or block.element is None:
            continue
        total += block.num_words
        for node in (block.element, *block.element.iterancestors()):
            if node in named:
                words[node] += block.num_words
                continue
            found = FACET_NAMES.search(f"{node.get('class') or ''} {node.get('id') or ''}".lower())
            if found:
                named[node] = found.group(0)
                words[node] = block.num_words
    return {node: name for node, name in named.items() if words[node] < MAX_PANEL_SHARE * total}


def card_header(element: etree._Element | None) -> bool:
    """Whether an element's nearest <header> is a card's own (it lies inside an <article> that is not the whole
    page): HTML's header of a sectioning element introduces that element, not the page."""
    if element is None:
        return False
    for node in (element, *element.iterancestors()):
        if node.tag == "header":
            return any(above.tag == "article" and above.find(".//h1") is None for above in node.iterancestors())
        if node.tag in CARD_HEADER_STOPS:
            return False
    return False


def quoted_in_figure(element: etree._Element | None) -> bool:
    """Whether an element lies in a <blockquote> whose nearest furniture-like wrapper is a <figure>: a quotation
    the page shows (a testimonial with its author in the caption), not an image's caption."""
    quoted = False
    node = element
    while node is not None:
        tag = node.tag
        if tag == "blockquote":
            quoted = True
        elif tag == "figure":
            return quoted
        elif tag in CARD_HEADER_STOPS or tag == "header":
            return False
        node = node.getparent()
    return False


def review_reason(element: etree._Element | None, known: dict[etree._Element, str | None]) -> str | None:
    """Why an element lies in customer reviews (schema.org Review or AggregateRating markup, or a container
    named for reviews), or None; answers cached in ``known``."""
    def verdict(node: etree._Element) -> str | None:
        marked = f"{node.get('itemprop') or ''} {node.get('itemtype') or ''}".lower()
        if "review" in marked or "aggregaterating" in marked:
            return "schema.org review markup"
        if REVIEW_NAMES.search(f"{node.get('class') or ''} {node.get('id') or ''}".lower()):
            return "a container named for reviews"
        return None

    return climbed_verdict(element, known, verdict)


def main_region(run: Run, furniture: dict[int, str]) -> etree._Element | None:
    """The element by which the page marks its main content (``<main>`` or ``role=main``) that holds the most
    words outside furniture; None when the page marks none, or none holds such words (a landmark around a menu)."""
    root = run.doc.root
    if root is None:
        return None
    marked = [*root.iter("main"), *root.xpath("//*[@role='main']")]
    if not marked:
        return None
    words: dict[etree._Element, int] = dict.fromkeys(marked, 0)
    for index, block in enumerate(run.blocks):
        if index in furniture or block.element is None:
            continue
        for node in (block.element, *block.element.iterancestors()):
            if node in words:
                words[node] += block.num_words
                break
    best = max(marked, key=lambda node: words[node])
    return best if words[best] else None


def declared_description(json_ld: list[str]) -> str | None:
    """The description a page's structured data gives its product (schema.org Product, ProductGroup), as text."""
    for text in json_ld:
        if '"description"' not in text:
            continue
        values, _ = parse_json_ld(text)
        for item in iter_objects(values):
            if types_of(item) & PRODUCT_TYPES:
                found = text_of(item.get("description"))
                if found:
                    return " ".join(MARKUP.sub(" ", unescape(found)).split())
    return None


class AddDeclaredDescription(Step):
    """On a product page whose visible text lacks most of the description its structured data gives (a
    description rendered by scripts, or behind a tab the markup leaves empty), that description is added as a
    block of its own, after the kept blocks."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        if state.kind != PRODUCT_KIND:
            return False
        description = declared_description(run.doc.json_ld)
        if not description:
            return False
        wanted = Counter(WORDS.findall(description.lower()))
        kept = Counter(WORDS.findall(" ".join(b.text for b in run.blocks if b.is_content).lower()))
        missing = sum((wanted - kept).values())
        if missing <= MISSING_DESCRIPTION_SHARE * sum(wanted.values()):
            return False
        block = TextBlock.from_text(description, offset=len(run.blocks))
        block.decide(self.name, True, f"the structured data's product description, {missing} of its "
                                      f"{sum(wanted.values())} words missing from the visible text")
        run.blocks.append(block)
        state.too_little = None
        return True
