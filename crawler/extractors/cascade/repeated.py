"""The profiles of pages made of repeated units, steps of the default cascade: a forum's or a Q&A page's posts
(``JoinThreadPosts``), and the short lines repeated on every post, offer or card (``DropRepeatedChrome``).

As in ``profiles``, each step acts only on the kinds it names, with structure that means the same on every site
(alike siblings, repeated line shapes, generic words), and leaves a label and a reason on every block it changes.
Figures behind each choice: docs/profiles.md (``python -m crawler.evaluation.profile_constants_cv``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from lxml import etree

from crawler.extractors.cascade.beyond_prose import MIN_REPEATED_UNITS, signature
from crawler.extractors.cascade.state import block_positions, cascade_state
from crawler.extractors.document.blocks import TextBlock
from crawler.extractors.steps.pipeline import Run, Step

PRODUCT_KIND = "product"
POSTS_KIND = "forum"
# A thread's posts: at least this many alike siblings holding running text (beyond_prose's bound for repeated
# units), looked for this many levels above each paragraph (forum templates wrap a post's text in many layers:
# post > card > cell > cell > content > body > wrapper > p); chosen by by-domain CV, docs/profiles.md.
# ...two of them when they carry class words (a question and its one answer), else MIN_REPEATED_UNITS (two
# classless wrappers are a page's halves, not posts): chosen by by-domain CV, docs/profiles.md.
MIN_POSTS = 2
MIN_UNNAMED_POSTS = MIN_REPEATED_UNITS
# Rules of the thread's posts, each switched on by by-domain CV (docs/profiles.md): posts whose row classes
# alternate on one base word are one group (``alike_posts``); the opening post in markup of its own joins the
# replies (``opening_post``).
ALTERNATING_ROWS = True
OPENING_POST = True
MAX_POST_LEVELS = 14
# Chrome of posts and offers: lines of at most CHROME_MAX_WORDS words whose shape recurs CHROME_MIN_REPEATS times
# (a post's own sentences do not); judgement calls, measured in docs/profiles.md.
CHROME_KINDS = frozenset({POSTS_KIND, "product"})
CHROME_MAX_WORDS = 4
# A poster's signature under each post (motto, links, badges): a generic word, as profiles.REVIEW_NAMES.
SIGNATURE_NAMES = re.compile(r"signature")
SIGNED_KINDS = frozenset({POSTS_KIND})
# Kinds whose cards repeat the same short lines (quick view, wishlist, badges) beside their own titles and prices:
# there a line is chrome when its exact text (numbers and all, so prices stay) recurs; chosen by by-domain CV,
# docs/profiles.md.
EXACT_CHROME_KINDS = frozenset({"collection", "listing"})
CHROME_MIN_REPEATS = 3
# A poster's card beside each post (join date, post count, location) is a definition list that every post
# repeats with the same classes; CHROME_MIN_REPEATS of them make a thread's cards, not a list a post quotes.
CARD_TAG = "dl"
CARDED_KINDS = frozenset({POSTS_KIND})
# On a product page cells of tables and definition lists are its specifications (on a forum, dl are user cards).
SPECIFICATION_TAGS = frozenset({"td", "th", "dt", "dd"})
# List items and table cells are enumerations (features, specifications), never chrome, on any kind; but on a
# forum a linked item or a bare count that every post repeats is an action or a reaction tally ("Reply with quote").
ENUMERATION_TAGS = frozenset({"li", "td", "th"})
ACTION_KINDS = frozenset({POSTS_KIND})
# Kinds whose quotations of posts the page holds are out (``DropQuotedPosts``), when this share of a quotation's
# words is found in the page's kept text outside quotations: chosen by by-domain CV, docs/profiles.md.
QUOTING_KINDS = frozenset({POSTS_KIND})
QUOTED_SHARE = 0.9
WORDS = re.compile(r"\w+")
NUMBERS = re.compile(r"\d[\d,.]*")
# A line with no letter is a count or a date, not words of a post.
LETTERS = re.compile(r"[^\W\d_]")

def holds(outer: etree._Element, inner: etree._Element) -> bool:
    """Whether ``outer`` is ``inner`` or one of its ancestors."""
    return outer is inner or any(node is outer for node in inner.iterancestors())


class JoinThreadPosts(Step):
    """On a forum or Q&A page the posts join the chosen container: the largest group of alike siblings (same tag
    and classes, at least ``MIN_POSTS``) that each hold running text outside furniture, looked for up to
    ``MAX_POST_LEVELS`` levels above each paragraph. A thread's opening post often has markup of its own (the
    container), its replies another (this group); both are the page's content, in page order."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        if state.kind != POSTS_KIND or not state.content_roots:
            return False
        furniture, scores = state.furniture, state.block_scores
        groups: dict[tuple[etree._Element, tuple[str, frozenset[str]]], dict[etree._Element, float]] = {}
        for index, block in enumerate(run.blocks):
            if not scores[index] or index in furniture or block.element is None:
                continue
            node = block.element
            for _ in range(MAX_POST_LEVELS):
                parent = node.getparent()
                if parent is None:
                    break
                members = groups.setdefault((parent, signature(node)), {})
                members[node] = members.get(node, 0.0) + scores[index]
                node = parent
        roots = state.content_roots
        best = max((members for parent, fewest, members in alike_posts(groups) if len(members) >= fewest
                    and not any(holds(root, parent) for root in roots)),
                   key=lambda members: sum(members.values()), default=None)
        if best is None:
            return False
        new = [post for post in best if post not in roots]
        opening = opening_post(run, best) if OPENING_POST and any(holds(post, roots[0]) for post in best) else None
        if opening is not None:
            new.append(opening)
            state.joined_why[opening] = f"the opening post, before the {len(best)} alike replies of a {POSTS_KIND} page"
        state.content_roots = [*roots, *new]
        for post in new:
            state.joined_why.setdefault(post, f"one of {len(best)} alike posts of a {POSTS_KIND} page")
        return bool(new)


def opening_post(run: Run, posts: dict[etree._Element, float]) -> etree._Element | None:
    """When the chosen container is the body of one of the alike posts (the longest reply), the thread's opening
    post, in markup of its own, is the best-scoring container between the thread's title (the page's first <h1>)
    and the first of them (furniture does not score), or None: what lies above the title is the site's notices."""
    state = cascade_state(run)
    if run.doc.root is None:
        return None
    index, _ = block_positions(run)
    starts = [span[0] for post in posts if (span := index.span(post)) is not None]
    if not starts:
        return None
    first = min(starts)
    title = next((span[0] for heading in run.doc.root.iter("h1") if (span := index.span(heading)) is not None), None)
    if title is None or title >= first:
        return None
    before = [(score, node) for node, score in state.container_scores.items()
              if (span := index.span(node)) is not None and title < span[0] and span[1] <= first]
    return max(before, key=lambda item: item[0])[1] if before else None


def alike_posts(groups: dict[tuple[etree._Element, tuple[str, frozenset[str]]], dict[etree._Element, float]]
                ) -> list[tuple[etree._Element, int, dict[etree._Element, float]]]:
    """The groups of siblings with one signature merged, under each parent, with those of the same tag that share
    a class word: a board's posts alternate their row classes ("post odd", "post even") and mark the opening
    post with one more, all on one base word. Each group comes with the fewest members that make it a thread:
    MIN_POSTS for one signature with class words, MIN_UNNAMED_POSTS for classless or merged ones (two panels
    with one base word and two modifiers are not a thread)."""
    def fewest(classes: frozenset[str], signatures: int) -> int:
        return MIN_POSTS if classes and signatures == 1 else MIN_UNNAMED_POSTS

    if not ALTERNATING_ROWS:
        return [(parent, fewest(classes, 1), members) for (parent, (_, classes)), members in groups.items()]
    by_parent: dict[tuple[etree._Element, str], list[tuple[frozenset[str], int, dict[etree._Element, float]]]] = {}
    for (parent, (tag, classes)), members in groups.items():
        entries = by_parent.setdefault((parent, tag), [])
        words, signatures, together = classes, 1, dict(members)
        for entry in [entry for entry in entries if entry[0] & words or not (entry[0] or words)]:
            entries.remove(entry)
            words, signatures, together = words | entry[0], signatures + entry[1], {**entry[2], **together}
        entries.append((words, signatures, together))
    return [(parent, fewest(words, signatures), members) for (parent, _), entries in by_parent.items()
            for words, signatures, members in entries]


class DropQuotedPosts(Step):
    """On a forum page a reply that quotes an earlier post shows the quotation in a ``<blockquote>`` above its own
    words: when at least ``QUOTED_SHARE`` of the quotation's words are already in the page's kept text outside
    quotations (the quoted post is on this page), the quotation repeats it and is out. A post whose body is a
    blockquote (older board markup) and a quotation of a post the page does not hold (an earlier page of the
    thread) say what no other kept text says, and stay."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        if state.kind not in QUOTING_KINDS:
            return False
        quotes: dict[int, etree._Element] = {}
        for at, block in enumerate(run.blocks):
            if block.is_content and block.element is not None:
                outer = [node for node in (block.element, *block.element.iterancestors()) if node.tag == "blockquote"]
                if outer:
                    quotes[at] = outer[-1]
        if not quotes:
            return False
        plain = [at for at, block in enumerate(run.blocks) if block.is_content and at not in quotes]
        elsewhere = Counter(WORDS.findall(" ".join(run.blocks[at].text for at in plain).lower()))
        changed = False
        for quote in dict.fromkeys(quotes.values()):
            held = [at for at, outer in quotes.items() if outer is quote]
            words = Counter(WORDS.findall(" ".join(run.blocks[at].text for at in held).lower()))
            found = sum((words & elsewhere).values())
            if not words or found < QUOTED_SHARE * sum(words.values()):
                continue
            for at in held:
                run.blocks[at].decide(self.name, False, f"a quotation of a post this {POSTS_KIND} page holds "
                                                        f"({found} of its {sum(words.values())} words found there)")
            changed = True
        return changed


def inside(block: TextBlock, tags: frozenset[str]) -> bool:
    element = block.element
    return element is not None and any(node.tag in tags for node in (element, *element.iterancestors()))


def climbed_verdict(element: etree._Element | None, known: dict[etree._Element, str | None],
                    verdict_of: Callable[[etree._Element], str | None]) -> str | None:
    """The first verdict ``verdict_of`` gives the element or one of its ancestors (None: climb on), or None; the
    same answer is cached in ``known`` for every node climbed through, so the blocks of one container climb once."""
    path = []
    found: str | None = None
    node = element
    while node is not None:
        if node in known:
            found = known[node]
            break
        path.append(node)
        found = verdict_of(node)
        if found is not None:
            break
        node = node.getparent()
    for visited in path:
        known[visited] = found
    return found


def _named(element: etree._Element | None, names: re.Pattern[str], known: dict[etree._Element, str | None]) -> bool:
    """Whether the element or one of its ancestors carries a class/id word ``names`` finds; cached in ``known``."""
    def named(node: etree._Element) -> str | None:
        return "named" if names.search(f"{node.get('class') or ''} {node.get('id') or ''}".lower()) else None

    return climbed_verdict(element, known, named) is not None


def _line_shape(text: str) -> str:
    """A short line's shape: lower-cased, numbers as '#' ('85,535 posts' and '12 posts' are one widget)."""
    return NUMBERS.sub("#", " ".join(text.lower().split()))


class DropRepeatedChrome(Step):
    """On a forum page, the short lines that repeat from post to post are the posts' chrome: vote and share
    widgets ("Reply", "Report", "12 helpful votes"), user cards ("Joined", "Messages", "Location"), badges; on a
    product page, the pickers' and offers' lines ("Add to cart", "In stock", "Size 42"). A line of at most
    ``CHROME_MAX_WORDS`` words whose shape (numbers aside) recurs ``CHROME_MIN_REPEATS`` times or more among the
    kept blocks is out; a post's or a description's own words are not repeated so. On a forum page the posters'
    signatures (containers named for them) are out too: each author's differs, so they do not repeat. On a
    collection or a listing (``EXACT_CHROME_KINDS``) the line's exact text must recur: the cards' "Quick view",
    "Wishlist" and badges go, their prices and dates (alike but for numbers) stay."""

    def process(self, run: Run) -> bool:
        state = cascade_state(run)
        exact = state.kind in EXACT_CHROME_KINDS
        if state.kind not in CHROME_KINDS and not exact:
            return False
        changed = False
        if state.kind in SIGNED_KINDS:
            signed: dict[etree._Element, str | None] = {}
            for block in run.blocks:
                if block.is_content and _named(block.element, SIGNATURE_NAMES, signed):
                    block.decide(self.name, False, f"a poster's signature on a {POSTS_KIND} page")
                    changed = True
        if state.kind in CARDED_KINDS:
            changed = self._drop_cards(run) or changed
        tags = SPECIFICATION_TAGS if state.kind == PRODUCT_KIND else ENUMERATION_TAGS
        short = [(block, " ".join(block.text.lower().split()) if exact else _line_shape(block.text))
                 for block in run.blocks if block.is_content
                 and block.num_words <= CHROME_MAX_WORDS and (not inside(block, tags) or (
                     state.kind in ACTION_KINDS and (block.link_density >= 1 or not LETTERS.search(block.text))))]
        counts = Counter(shape for _, shape in short)
        for block, shape in short:
            if counts[shape] >= CHROME_MIN_REPEATS:
                block.decide(self.name, False, f"a short line repeated {counts[shape]} times on a {state.kind} page "
                                               "(votes, sharing, user cards, pickers, offers)")
                changed = True
        return changed


    def _drop_cards(self, run: Run) -> bool:
        """The kept blocks in definition lists of one signature repeated CHROME_MIN_REPEATS times: posters' cards."""
        cards = {block: next(block.element.iterancestors(CARD_TAG), None) if block.element.tag != CARD_TAG
                 else block.element for block in run.blocks if block.is_content and block.element is not None}
        counts = Counter(signature(card) for card in dict.fromkeys(cards.values()) if card is not None)
        changed = False
        for block, card in cards.items():
            if card is not None and counts[signature(card)] >= CHROME_MIN_REPEATS:
                block.decide(self.name, False, f"in a poster's card, one of {counts[signature(card)]} alike "
                                               f"definition lists on a {POSTS_KIND} page")
                changed = True
        return changed


__all__ = ["CHROME_KINDS", "EXACT_CHROME_KINDS", "MAX_POST_LEVELS", "POSTS_KIND", "PRODUCT_KIND", "SIGNED_KINDS",
           "DropQuotedPosts", "DropRepeatedChrome", "JoinThreadPosts", "climbed_verdict", "holds", "inside"]
