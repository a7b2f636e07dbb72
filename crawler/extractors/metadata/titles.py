"""The headline in a page's ``<title>``: the title without the site's name and channel parts."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlparse, urlsplit

from lxml import etree

from crawler.extractors.document.text import CJK_RE, count_words, normalize_space, unescape
from crawler.extractors.metadata.candidates import JSON_LD, OPENGRAPH

# Separators between a headline and the site name in <title>: Readability.js's set with spaces around.
TITLE_SEPARATOR_RE = re.compile(r"\s+[|\-–—\\/>»·•]\s+")
# The same, and the CJK sites' "_" and full-width bar, for removing a part that is the site name.
TITLE_PART_RE = re.compile(r"(\s+[|\-–—\\/>»·•]\s+|\s*[_｜]\s*)")
# A <title> cut to this many words or fewer was a title with a subtitle, not a headline with a site name
# (Readability.js's rule: "<= 4 words" keeps the original title).
MIN_KEPT_TITLE_WORDS = 4
# Han, kana and hangul: the scripts whose sites join headline, section and site without spaces.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
# A CJK title's separator ("_", full-width or ASCII bar, hyphen, dashes) with a CJK character on one side at least,
# so that "COVID-19" or "2024-03-12" inside a headline is not cut.
CJK_SEPARATOR_RE = re.compile(rf"(?:(?<=[{_CJK}])\s*[_｜|\-–—]+\s*|\s*[_｜|\-–—]+\s*(?=[{_CJK}]))")
# A CJK headline has at least this many characters (a shorter first part is a name like "中国-东盟博览会"), and a
# site or section name at most this many (新闻中心, 河畔日报, 人民网): judgement calls, tested on such titles.
MIN_CJK_HEADLINE_CHARS = 6
MAX_CJK_SUFFIX_CHARS = 12
# A headline block shorter than this is a channel's or a logo's name, not a headline ("新闻中心", "CNN").
MIN_HEADLINE_CHARS = 4
# What follows a CJK headline in its <title> when a site's name is joined to it by a bare separator ("-EXAMPLE.NET",
# "-ABC 电子设计"): no space before the separator, a name of at most MAX_CJK_SUFFIX_CHARS characters after it.
BARE_SUFFIX_RE = re.compile(rf"[_｜|\-–—]+\s*\S.{{0,{MAX_CJK_SUFFIX_CHARS - 1}}}")


def title_from_head(title: str, site_name: str | None) -> str:
    """The headline in a <title>: without the site-name part after its last separator.

    A part equal to the site name goes wherever it is. Otherwise only the last part goes (Readability.js's
    rule), and only when at least MIN_KEPT_TITLE_WORDS words remain: "Google - Site Reliability
    Engineering" is a title, not a headline and a site.
    """
    if site_name:
        site = site_name.casefold()
        parts = TITLE_PART_RE.split(title)
        kept = [p for p in parts[::2] if p.strip().casefold() != site]
        if kept and len(kept) < len(parts[::2]):
            return _rejoin(parts, {p.strip().casefold() for p in parts[::2]} - {site})
    separators = list(TITLE_SEPARATOR_RE.finditer(title))
    if not separators:
        return without_cjk_suffix(title)
    head = title[: separators[-1].start()].strip()
    if count_words(head) > MIN_KEPT_TITLE_WORDS:
        return head
    return title


def without_cjk_suffix(title: str) -> str:
    """A CJK title without its trailing section and site parts (``headline_section_site``), when what is left is
    long enough to be a headline and every part cut is short enough to be a name; else the title as it is."""
    cuts = list(CJK_SEPARATOR_RE.finditer(title))
    end = len(title)
    for cut in reversed(cuts):
        suffix = title[cut.end():end].strip()
        head = title[: cut.start()].strip()
        if not suffix or len(suffix) > MAX_CJK_SUFFIX_CHARS or len(head) < MIN_CJK_HEADLINE_CHARS:
            break
        end = cut.start()
    return title[:end].strip() if end < len(title) else title
# A shown headline of fewer words is a product's, section's or page's name ("Sudo", "MX Vertical", "Webcams"), left
# to the markup title: chosen by by-domain CV, see docs/metadata-classes.md.
MIN_SHOWN_HEADLINE_WORDS = 3
# The share of their words (Jaccard) the shown headline and the markup title must share to tell one story (a rewrite,
# not a slogan or a section's heading): chosen by by-domain CV, see docs/metadata-classes.md.
MIN_SHARED_WORD_SHARE = 0.3
# Whether the rule reads only dated or credited pages (an undated landing page's h1 is often a slogan): chosen by
# by-domain CV, see docs/metadata-classes.md.
SHOWN_HEADLINE_NEEDS_DATE = False
# Whether the page's <title> (its site's name cut) repeating the h1 outvotes a markup title telling the story otherwise
# (a social card's teaser in og:title): chosen by by-domain CV, see docs/metadata-classes.md.
PAGE_TITLE_VOTES = True
# Whether a markup title the <title> repeats still gives way to an h1 holding all its words and more (the headline cut
# to fit a search result's line): chosen by by-domain CV, see docs/metadata-classes.md.
CUT_SHORT_TAKES_HEADLINE = True
# The source given to the vote for a markup title that is the page's <title> itself (no og:title, JSON-LD or <meta>
# title): one text, which cannot agree with itself as a second vote.
HEAD_TITLE = "title-element"
# The markup sources whose title, when it is the page's whole <title> (no site name: a title written whole for search
# results, not the template's "Headline | Site"), is that one search text copied by an SEO plug-in, no second vote
# against the h1: chosen by by-domain CV, see docs/metadata-classes.md.
COPIED_TITLE_SOURCES: frozenset[str] = frozenset({JSON_LD, OPENGRAPH})
# Whether a <title> whose first part is the h1 ("Topic | Section | Site") votes for it as a <title> repeating the h1
# does: chosen by by-domain CV, see docs/metadata-classes.md.
TITLE_PART_VOTES = True
# Dublin Core's title keys, read before OpenGraph's (Readability.js's order: library catalogues, journals and
# government pages name the document there), the RDFa property form before the <meta name> form.
DUBLIN_CORE_TITLE_KEYS: dict[str, tuple[str, ...]] = {"title": ("dc:title", "dcterm:title", "dc.title",
                                                                 "dcterms.title")}
TITLE_WORD_RE = re.compile(r"\w{2,}")
FOLD_RE = re.compile(r"\W+|_")
# The ASCII characters FOLD_RE takes out of an ASCII text: all but its letters and digits.
ASCII_FOLD = str.maketrans("", "", "".join(chr(code) for code in range(128) if not chr(code).isalnum()))
# A character reference left in a title after one unescaping: "&#8230;", "&#x2019;", "&amp;", "&quot;".
ENTITY_RE = re.compile(r"&(?:#\d{2,7}|#x[0-9a-f]{2,6}|amp|quot|apos|lt|gt|nbsp);", re.I)


def visible_headline(root: etree._Element | None, url: str | None, site_name: str | None,
                     h1s: Iterable[etree._Element] | None = None) -> str | None:
    """The page's one ``<h1>`` text: the h1s without the empty ones, the logos (an h1 that is the site's name or a
    link to another page, the home page among them) and repeats (a headline printed once per layout); None unless
    exactly one text is left. ``h1s``: the root's h1 elements in document order when known (``TextDocument.h1s``)."""
    if root is None:
        return None
    site = fold_title(site_name or "")
    shown: dict[str, str] = {}
    for element in root.iter("h1") if h1s is None else h1s:
        text = normalize_space("".join(element.itertext()))
        folded = fold_title(text)
        if not folded or folded == site or _links_away(element, url):
            continue
        shown.setdefault(folded, text)
        if len(shown) > 1:
            return None
    return next(iter(shown.values()), None)


# After a CJK headline in its markup title, a full-width colon and the paper's name ("headline：paper", a Japanese
# paper's digital edition): the h1 is the headline. (A portal's "headline（outlet） - portal" is kept whole, as
# Readability.js keeps it.)


def h1_then_site(markup_title: str, shown: str) -> bool:
    """Whether the markup title is the shown CJK headline whole, then "：" and a site's name (short, and shorter than
    the headline: "两会特别报道：代表委员热议民生" is a section's h1 before the headline)."""
    rest = markup_title[len(shown) + 1:]
    return len(shown) >= MIN_CJK_HEADLINE_CHARS and markup_title.startswith(shown + "：") and \
        0 < len(rest) <= min(MAX_CJK_SUFFIX_CHARS, len(shown) - 1) and CJK_RE.search(shown) is not None


def rewritten_headline(markup_title: str, shown: str, dated: bool, page_title: str | None = None, *,
                       head_title: str | None = None, markup_source: str | None = None,
                       min_words: int = MIN_SHOWN_HEADLINE_WORDS, min_share: float = MIN_SHARED_WORD_SHARE,
                       needs_date: bool = SHOWN_HEADLINE_NEEDS_DATE, title_votes: bool = PAGE_TITLE_VOTES,
                       cut_short: bool = CUT_SHORT_TAKES_HEADLINE, part_votes: bool = TITLE_PART_VOTES,
                       one_vote_sources: frozenset[str] = COPIED_TITLE_SOURCES) -> bool:
    """Whether the shown headline is the story's headline and the markup title a rewrite of it (for search results
    or sharing). Never when the markup title holds the h1 (a product's name in its full title; but a CJK h1 and "：" and
    the site's name, ``h1_then_site``, is the headline and the site) or both have the same words (one headline
    punctuated twice); with ``needs_date``, only on a dated or credited page (an undated landing
    page's h1 is often a slogan). Then:

    - never when the h1 has fewer than ``min_words`` words (a product's or section's name);
    - with ``title_votes``, when the page's <title> (``page_title``, its site's name cut) is the h1: two of the
      page's own titles outvote the third; with ``part_votes``, also when the first part of the page's whole <title>
      (``head_title``: "Topic | Section | Site") is the h1;
    - the h1 shares ``min_share`` of the words of the two titles (Jaccard), so that a section's heading or a slogan
      is no rewrite;
    - and the <title> disagrees with the markup title (two titles that agree outvote the h1), unless, with
      ``cut_short``, the h1 holds every word of the markup title and more (both are the headline cut short), or the
      markup title is the whole <title> copied into a source of ``one_vote_sources`` (``copied_search_title``)."""
    if needs_date and not dated:
        return False
    if h1_then_site(markup_title, shown):
        return True
    if fold_title(shown) in fold_title(markup_title):
        return False
    shown_words = {word.casefold() for word in TITLE_WORD_RE.findall(shown)}
    markup_words = {word.casefold() for word in TITLE_WORD_RE.findall(markup_title)}
    if not markup_words or shown_words == markup_words or len(TITLE_WORD_RE.findall(shown)) < min_words:
        return False
    if title_votes and page_title and fold_title(page_title) == fold_title(shown):
        return True
    if part_votes and title_repeats(head_title, shown):
        return True
    if page_title and fold_title(page_title) == fold_title(markup_title) \
            and not (cut_short and markup_words < shown_words) \
            and not copied_search_title(markup_title, markup_source, head_title, one_vote_sources):
        return False
    return len(shown_words & markup_words) / len(shown_words | markup_words) >= min_share


# The separators between the parts of a title, with the colon of "Headline : community" and "Blog: Headline".
TITLE_PART_COLON_RE = re.compile(r"\s+[|\-–—\\/>»·•:]\s+|\s*[_｜]\s*|(?<=\w):\s+")


def h1_title_part(title: str | None, h1s: Iterable[etree._Element], root: etree._Element | None) -> str | None:
    """The part of a title cut at its separators that is the page's h1, when it is the longest part and not the last
    (the site's name's place), and the page's body names one of the other parts (its logo, breadcrumb or footer: they
    name the site, its section or the thread's tag, as in "Headline - Section - Site", "tag - Headline - Site",
    "Headline : community"; a blog titled "Post - Its Author's Full Name" that never prints that name is left
    whole). The part's own text is returned (an h1's markup may join its words or add a permalink's sign); a
    headline linked to its own permalink counts too."""
    parts = [part.strip() for part in TITLE_PART_COLON_RE.split(title or "") if part.strip()]
    # (a Han, kana or hangul character holds about two Latin letters' worth: "求助…" outweighs "Powered by Discuz!")
    folded = [fold_title(part) + "".join(re.findall(f"[{_CJK}]", part)) for part in parts]
    if len(parts) < 2 or root is None:
        return None
    longest = max(range(len(parts)), key=lambda index: len(folded[index]))
    if longest == len(parts) - 1 or any(index != longest and len(part) >= len(folded[longest])
                                        for index, part in enumerate(folded)):
        return None
    if fold_title(parts[longest]) not in {fold_title(normalize_space("".join(element.itertext()))) for element in h1s}:
        return None
    body = fold_title(" ".join(text for child in root if child.tag != "head" for text in child.itertext()))
    others = [fold_title(part) for index, part in enumerate(parts) if index != longest]
    return parts[longest] if any(other and other in body for other in others) else None


def title_repeats(head_title: str | None, shown: str) -> bool:
    """Whether the first of the several parts of a <title> ("Topic | Section | Site") is the shown headline."""
    parts = [part for part in TITLE_PART_RE.split(head_title or "")[::2] if part.strip()]
    return len(parts) > 1 and fold_title(parts[0]) == fold_title(shown)


def copied_search_title(markup_title: str, source: str | None, head_title: str | None,
                        sources: frozenset[str] = COPIED_TITLE_SOURCES) -> bool:
    """Whether the markup title, from one of ``sources``, is the page's whole <title>: a <title> without the site's
    name was written whole for search results, and an SEO plug-in copied that one text into the markup. A title read
    from the <title> itself (``HEAD_TITLE``) is that one text whatever was cut from it."""
    if source == HEAD_TITLE:
        return source in sources
    return source in sources and bool(head_title) and fold_title(head_title or "") == fold_title(markup_title)


def site_name_title(title: str, head_title: str | None, site_name: str | None, url: str | None) -> str | None:
    """The <title> without the site's name, when a markup title on a page below the home page is only the site's name
    (a shop's og:title left at its name on every page, a WebPage headline naming the company): None otherwise."""
    if not head_title:
        return None
    folded = fold_title(title)
    parts = [fold_title(part) for part in TITLE_PART_RE.split(head_title)[::2] if part.strip()]
    # (the address is read last: most markup titles are no site's name)
    if (folded != fold_title(site_name or "") and (len(parts) < 2 or folded != parts[-1] or folded == parts[0])) or \
            not _path(url or "").strip("/"):
        return None
    if count_words(title) > MIN_KEPT_TITLE_WORDS:  # a headline in og:site_name (Readability.js's bound on a name)
        return None
    shown = title_from_head(head_title, title)
    return shown if fold_title(shown) != folded else None


def unescaped_twice(title: str) -> str:
    """A title escaped twice by its site's templates ("And finally&#8230; trouble brewing" once unescaped) with its
    character references read."""
    return unescape(title) if ENTITY_RE.search(title) else title


def _path(url: str) -> str:
    """``urlparse(url).path``: the path ``urlsplit`` gives (cached by urllib), cut at its parameters only when it has a
    ";" (urlparse's ``_splitparams``)."""
    path = urlsplit(url).path
    return urlparse(url).path if ";" in path else path


def fold_title(text: str) -> str:
    """The text case-folded without its non-word characters nor "_" (what titles are compared by); an ASCII one by
    one translation (ASCII_FOLD), cheaper than FOLD_RE's runs."""
    text = text.casefold()
    return text.translate(ASCII_FOLD) if text.isascii() else FOLD_RE.sub("", text)


def _links_away(element: etree._Element, url: str | None) -> bool:
    """Whether the h1 is, or holds, a link to another page than this one (a logo links home)."""
    link = element if element.tag == "a" else next(element.iter("a"), None)
    if link is None:
        link = next(element.iterancestors("a"), None)
    href = link.get("href") if link is not None else None
    if href is None or href.startswith("#"):
        return False
    target, page = urlparse(href), urlparse(url or "")
    if target.netloc and target.netloc.removeprefix("www.") != page.netloc.removeprefix("www."):
        return True
    path = target.path.strip("/")
    return not path or path != page.path.strip("/")


def page_headline(chosen: str, head_title: str | None, headline: str | None) -> str:
    """The headline block of the page over a markup title cut short: an OpenGraph title ending at an unescaped quote
    ("奖金711万元！" of '奖金711万元！"中国诺贝尔奖"首位获奖女性啥来头?'), when the headline block starts with it and
    the <title> holds the block. (A <title> that adds the site's name is left whole, as Readability.js leaves it:
    see docs/metadata-credits.md for the two conventions.) And the block over a title that is the block joined to a
    short name by a bare separator ("…发布新版ZoomScope-EXAMPLE.NET": Latin on both sides of the hyphen, which
    ``without_cjk_suffix`` cannot tell from "Wi-Fi"; the shown headline says where the headline ends)."""
    if not headline or not head_title or headline == chosen:
        return chosen
    block, kept = normalize_space(headline), normalize_space(chosen)
    if len(block) >= MIN_CJK_HEADLINE_CHARS and kept.startswith(block) and CJK_RE.search(block) \
            and BARE_SUFFIX_RE.fullmatch(kept[len(block):]):
        return block
    if len(block) >= MIN_HEADLINE_CHARS and block in normalize_space(head_title) and block.startswith(kept) \
            and len(block) > len(kept):
        return block
    # (an e-paper's "青山县报数字报-Headline": the paper's name first, so the last part cut is the shown headline)
    if len(block) >= MIN_CJK_HEADLINE_CHARS and CJK_RE.search(block) and len(block) > len(kept) and \
            normalize_space(head_title).endswith(block) and normalize_space(head_title).startswith(kept):
        return block
    return chosen


def _rejoin(parts: list[str], kept: set[str]) -> str:
    pieces: list[str] = []
    for index in range(0, len(parts), 2):
        if parts[index].strip().casefold() in kept:
            if pieces:
                pieces.append(parts[index - 1])
            pieces.append(parts[index])
    return "".join(pieces).strip()


__all__ = ["COPIED_TITLE_SOURCES", "CUT_SHORT_TAKES_HEADLINE", "DUBLIN_CORE_TITLE_KEYS", "HEAD_TITLE",
           "MIN_HEADLINE_CHARS", "MIN_KEPT_TITLE_WORDS", "MIN_SHARED_WORD_SHARE", "MIN_SHOWN_HEADLINE_WORDS",
           "PAGE_TITLE_VOTES", "SHOWN_HEADLINE_NEEDS_DATE", "TITLE_PART_COLON_RE", "TITLE_PART_RE",
           "TITLE_PART_VOTES", "TITLE_SEPARATOR_RE", "copied_search_title", "fold_title", "h1_title_part",
           "page_headline", "rewritten_headline", "site_name_title", "title_from_head", "title_repeats",
           "unescaped_twice", "visible_headline", "without_cjk_suffix"]
