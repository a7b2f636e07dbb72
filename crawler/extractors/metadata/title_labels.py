"""The shown headline inside a title that wraps it in labels and names: a label before it ("LIVE:", "Liveblog:",
"🔴 DIRECTO |", "[VIDEO]", a Korean "[outlet]", a Chinese "【site】", the site and "Diretta |", a forum reply's
"Re:"), names after it only with such a label, a genre kicker printed inside the h1
("<span>Analyse:</span> headline"), and the headline shown in an h2 when the page's h1 is its logo.

The page shows its headline without these: the title is the headline as shown, when what the title adds around it is
only short labels and names joined by separators.
"""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.text import CJK_RE, normalize_space
from crawler.extractors.metadata.titles import (
    MIN_CJK_HEADLINE_CHARS,
    MIN_KEPT_TITLE_WORDS,
    MIN_SHOWN_HEADLINE_WORDS,
    TITLE_PART_COLON_RE,
    fold_title,
)

# A label before the headline: a bracketed one ("[VIDEO]", "【江南网】"), or a short text ended by a colon or a bar
# ("LIVE:", "Liveblog:", "🔴 DIRECTO |", "Site | Diretta |", "Re:"); at most three, each of 24 characters at most.
_PART = r"(?:\[[^\]\[]{1,24}\]|【[^】【]{1,24}】|[^\s|:：\[【\]】][^|:：\[【\]】]{0,23}?\s*[|:：])\s*"
LABELS_BEFORE_RE = re.compile(rf"\s*(?:{_PART}){{1,3}}")
# What may follow the headline: an outlet in brackets ("（北海タイムス）") and short parts after separators ("- portal",
# "- Board - Forum"), at most three, each of 30 characters at most.
NAMES_AFTER_RE = re.compile(r"\s*(?:[（(][^（）()]{1,20}[）)])?"
                            r"(?:\s+[|\-–—·»]\s+[^|\-–—·»]{1,30}|\s*[_｜]\s*[^_｜]{1,30}){0,3}\s*")
# A kicker inside the h1 (its first element) has at most this many words and characters: a genre's or a topic's
# label, as long as a label before a title's headline (LABELS_BEFORE_RE).
MAX_KICKER_WORDS = 3
MAX_KICKER_CHARS = 24


def labelled_headline(title: str, head_title: str | None, shown: str | None, h1s: list[etree._Element],
                      root: etree._Element | None) -> str | None:
    """The shown headline when the title is it between labels before and names after (``LABELS_BEFORE_RE``,
    ``NAMES_AFTER_RE``), something being added; the h1 without its kicker element when the title's label is that
    kicker; the h2 under a logo h1 (``logo_page_headline``) when the page shows no headline h1. None otherwise."""
    logo_page = shown is None
    if shown is None:
        shown = logo_page_headline(head_title, h1s, root)
        if shown is None:
            return None
    found = wrapped(title, shown, names_alone=logo_page)
    if found is None and (kicker := _kicker(shown, h1s)) is not None:
        label, rest = kicker
        found = wrapped(title, rest, label)
    return found


def wrapped(title: str, shown: str, label: str | None = None, *, names_alone: bool = False) -> str | None:
    """The shown headline when the title adds labels before it, and maybe names after it (``label``: the one label
    before it that must be there, a kicker's), and the headline is long enough not to be a section's name. Names
    after it alone are cut only with ``names_alone`` (a logo page's h2 of MIN_KEPT_TITLE_WORDS words at most, a "Re:"
    before it at most): a markup title "Headline | Site" written whole is the site's choice
    (docs/metadata-classes.md)."""
    text, headline = normalize_space(title), normalize_space(shown)
    start = text.find(headline)
    if start < 0 or text == headline or not _long_enough(headline):
        return None
    before, after = text[:start], text[start + len(headline):]
    if (before and not LABELS_BEFORE_RE.fullmatch(before)) or (after and not NAMES_AFTER_RE.fullmatch(after)):
        return None
    if label is not None and fold_title(before) != fold_title(label):
        return None
    if names_alone and (not before.rstrip().endswith(":") if before else
                        CJK_RE.search(headline) or len(headline.split()) > MIN_KEPT_TITLE_WORDS):
        return None  # (a longer <title> headline is cut by Readability.js's rule or kept whole by the site's choice)
    if not before and not names_alone:
        return None  # (a portal's "headline（outlet） - portal" too: Readability.js keeps it whole, titles.py)
    return headline


def logo_page_headline(head_title: str | None, h1s: list[etree._Element], root: etree._Element | None) -> str | None:
    """The headline of a page whose h1 is its logo or that has none (a blog theme's, a forum's): the first h2 the
    page's <title> holds, asked only when no h1 or one logo h1 is left and the <title> has parts."""
    if not head_title or root is None or len(h1s) > 1 or not TITLE_PART_COLON_RE.search(head_title):
        return None
    folded_title = fold_title(head_title)
    for element in root.iter("h2"):
        text = normalize_space("".join(element.itertext()))
        if _long_enough(text) and fold_title(text) in folded_title:
            return text
    return None


def _kicker(shown: str, h1s: list[etree._Element]) -> tuple[str, str] | None:
    """The shown h1's first element as a kicker ("Analyse:", "독자투고") and the headline after it."""
    for h1 in h1s:
        if normalize_space("".join(h1.itertext())) != shown:
            continue
        first = next((child for child in h1 if isinstance(child.tag, str)), None)
        if first is None or (h1.text or "").strip():
            return None
        label = normalize_space("".join(first.itertext()))
        rest = normalize_space((first.tail or "") + "".join(text for child in first.itersiblings()
                                                                for text in child.itertext(with_tail=True)))
        if label and rest and len(label.split()) <= MAX_KICKER_WORDS and len(label) <= MAX_KICKER_CHARS:
            return label, rest
        return None
    return None


def _long_enough(headline: str) -> bool:
    """A headline, not a section's or a product's name: MIN_SHOWN_HEADLINE_WORDS words, or MIN_CJK_HEADLINE_CHARS
    characters of a CJK one."""
    if CJK_RE.search(headline):
        return len(headline) >= MIN_CJK_HEADLINE_CHARS
    return len(headline.split()) >= MIN_SHOWN_HEADLINE_WORDS


__all__ = ["LABELS_BEFORE_RE", "MAX_KICKER_CHARS", "MAX_KICKER_WORDS", "NAMES_AFTER_RE",
           "labelled_headline", "logo_page_headline", "wrapped"]
