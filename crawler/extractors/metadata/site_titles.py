"""The title of a page that is no news story (a docs page, a tag or section page, a product, an "About us"): its
<title> is the page's one h1 followed by the site's name, however short the h1 ("Configuring retries | Acme Docs",
"财经要闻_江城新闻网"), which Readability.js's bound on a headline's words leaves whole.

The steps: the site's names the page gives (og:site_name, the header's link home, the footer's copyright line); the
<title>'s end that is one of them; the h1 (or its topic after a label: "Tag: Solar power") at the <title>'s start,
after a shop's bracketed promotion label ("【人気No.1】"); at most ``max_between`` words left between the two (a
template's "Tag", "Author at", "online kaufen").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.title_items import home_links
from crawler.extractors.metadata.titles import TITLE_PART_RE, TITLE_WORD_RE, fold_title

# Words (of two letters or more) a <title> may hold between the h1 and the site's name (a template's "Tag", "Author
# at", "online kaufen"): scored by by-domain CV (title_cv), which is indifferent to it, see docs/metadata-classes.md.
MAX_WORDS_BETWEEN = 2
# A markup title copying the <title> gives way to the h1 before the site's name only when the h1 has at most this many
# words: 0, a markup title written whole is the site's choice (the by-domain CV's sets lose titles with any bound, see
# docs/metadata-classes.md).
MAX_COPIED_H1_WORDS = 0
# Marks closing a headline that a <title> cut at a separator may drop or keep ("?", "»", a quote, a bracket).
CLOSING_MARKS_RE = re.compile(r"\s?[?!.…»\"“”’)）」』》\]？！]+")
# A CJK shop's brackets around a brand or a label ("【云岭】").
BRACKETS_RE = re.compile(r"[【】]")
# A shop's promotion label before a product's name ("【楽天1位】", "【送料無料】"): CJK shops' brackets.
PROMOTION_LABEL_RE = re.compile(r"^\s*【[^】]{1,20}】")
# The label before an archive's topic in its h1 ("Tag: Solar power", "Category: Climate").
LABEL_RE = re.compile(r"^([^:：]{1,20})[:：]\s*(\S.*)$")
# A title's words: letters and digits, "_" and punctuation between them ("财经要闻_江城新闻网", "SK-200").
WORD_RE = re.compile(r"[^\W_]+")
# A footer's copyright line ("© 2024 Acme Ltd", "Copyright 2024 …"): it names the site's owner.
COPYRIGHT_RE = re.compile(r"©|\(c\)|copyright", re.I)
# Elements whose text the page does not show (a script's "copyright" is no footer's line).
UNSHOWN_TAGS = frozenset({"script", "style", "noscript", "template"})
# A name shorter than this (folded) is no site's name to find in a title's end ("TV", "首页" is skipped as a link).
MIN_NAME_CHARS = 3


def site_names(root: etree._Element | None, url: str | None, site_name: str | None) -> tuple[list[str], list[str]]:
    """The site's names (folded) the page gives: og:site_name and the texts of its links home; and its copyright
    lines (folded), which name the owner among other words."""
    names = [fold_title(site_name)] if site_name else []
    lines: list[str] = []
    if root is None:
        return names, lines
    names.extend(fold_title(normalize_space(link.text_content())) for link in home_links(root, url))
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag not in UNSHOWN_TAGS and element.text and \
                COPYRIGHT_RE.search(element.text):
            lines.append(fold_title(element.text))
        if element.tail and COPYRIGHT_RE.search(element.tail):
            lines.append(fold_title(element.tail))
    return [name for name in names if len(name) >= MIN_NAME_CHARS], lines


def site_suffix(head_title: str, names: list[str], lines: list[str]) -> str | None:
    """The folded end of a <title> that names the site: its last part when a site's name starts it or a copyright
    line holds it, else the longest site's name the title ends with (no separator: "Name, Author at Site")."""
    parts = [part for part in TITLE_PART_RE.split(head_title)[::2] if part.strip()]
    folded = fold_title(head_title)
    last = fold_title(parts[-1]) if len(parts) > 1 else ""
    if last and (any(last.startswith(name) for name in names) or any(last in line for line in lines)):
        return last
    ends = [name for name in names if folded.endswith(name) and name != folded]
    return max(ends, key=len) if ends else None


def h1_before_site(head_title: str | None, shown: str | None, root: etree._Element | None, url: str | None,
                   site_name: str | None) -> tuple[str, int] | None:
    """The <title>'s text that is the page's h1 (``shown``, or its topic after a label: "Solar power | Tag | Blog"
    of "Tag: Solar power"), when the <title> is it followed by the site's name; with the count of the words (of two
    letters or more, the h1's label not counted) between the two. None when the <title> is no such title."""
    if not head_title or not shown:
        return None
    suffix = site_suffix(head_title, *site_names(root, url, site_name))
    if not suffix:
        return None
    topics = [(shown, "")]
    if labelled := LABEL_RE.match(shown):
        topics.append((labelled.group(2), fold_title(labelled.group(1))))
    for topic, label in topics:
        wanted = fold_title(topic)
        if not wanted or wanted in suffix:
            continue
        for variant in (head_title, PROMOTION_LABEL_RE.sub("", head_title)):
            if found := _between_words(variant, wanted, suffix):
                text, between = found
                return text, len([word for word in between if word != label and len(word) > 1])
    return None


def head_title_h1(title: str, head_title: str | None, shown: str | None, from_head: bool,
                  find: Callable[[], tuple[str, int] | None], max_between: int = MAX_WORDS_BETWEEN,
                  max_copied_words: int = MAX_COPIED_H1_WORDS) -> str | None:
    """The page's h1 as its title (its text in the <title>), when the title is its <title> and that is the h1 before
    the site's name with at most ``max_between`` words between (``find``: ``h1_before_site`` asked of the page); a
    markup title copying the <title> whole gives way only to an h1 of at most ``max_copied_words`` words (a page's
    name, not a story's headline: a markup title written whole, site's name and all, is the site's choice). Or the h1
    when the <title> read is it printed with other punctuation (``reprinted_h1``). Else None."""
    if not shown or not head_title:
        return None
    if from_head and (reprinted := reprinted_h1(title, shown)):
        return reprinted
    copied = not from_head and fold_title(title) == fold_title(head_title)
    if not (from_head or copied) or (copied and len(TITLE_WORD_RE.findall(shown)) > max_copied_words):
        return None
    found = find()
    return found[0] if found and found[1] <= max_between and fold_title(found[0]) != fold_title(title) else None


def reprinted_h1(title: str, shown: str) -> str | None:
    """The h1 when a title is it without its closing mark (a cut at a separator took "»" or "?" along) or with its
    brand in a shop's brackets ("【云岭】智能…" of "云岭智能…"); else None."""
    title, shown = normalize_space(title), normalize_space(shown)
    if title != shown and ((shown.startswith(title) and CLOSING_MARKS_RE.fullmatch(shown[len(title):])) or
                           BRACKETS_RE.sub("", title) == shown):
        return shown
    return None


def _between_words(head_title: str, wanted: str, suffix: str) -> tuple[str, list[str]] | None:
    """The <title>'s text whose words fold to ``wanted`` at its start (with the closing marks after it), and the words
    (folded) between it and its end that folds to ``suffix``; None when its words do not start and end so."""
    matches = list(WORD_RE.finditer(head_title))
    words = [fold_title(match.group()) for match in matches]
    start = _consumed(words, wanted)
    end = _consumed(words[::-1], suffix, from_end=True)
    if start is None or end is None or start + end > len(words):
        return None
    close = CLOSING_MARKS_RE.match(head_title, matches[start - 1].end())
    return head_title[: close.end() if close else matches[start - 1].end()].strip(), words[start: len(words) - end]


def _consumed(words: list[str], wanted: str, from_end: bool = False) -> int | None:
    """How many of the first ``words`` (reversed for a suffix) make up ``wanted``, None when they do not."""
    joined = ""
    for count, word in enumerate(words, 1):
        joined = word + joined if from_end else joined + word
        if joined == wanted:
            return count
        if len(joined) > len(wanted):
            return None
    return None


__all__ = ["MAX_COPIED_H1_WORDS", "MAX_WORDS_BETWEEN", "h1_before_site", "head_title_h1", "reprinted_h1",
           "site_names", "site_suffix"]
