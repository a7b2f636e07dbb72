"""URL patterns: the key under which the line-hash template store files a site's pages.

Seed 001 ends with "将模板按照URL键写入": store templates under a URL rule so that a page finds its
template without being compared to every sample. Pages of one kind on one site share a pattern: the
host without ``www.`` and the path with its variable parts (dates, numbers, hex ids, UUIDs, long slugs)
replaced by placeholders, e.g. ``example.com/news/{date}/{slug}.html``. The query counts only through a
few id-like keys (``show.php?id={num}`` and ``show.php?page={num}`` are different kinds of page).

A user's own rules (a glob or a regex mapped to a pattern name) are tried first, in the order given.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit

from crawler.extractors.document.text import CJK_RE

# Placeholders a derived pattern uses for the variable parts of a path.
DATE = "{date}"
NUMBER = "{num}"
HEX_ID = "{hex}"
UUID = "{uuid}"
SLUG = "{slug}"
ID = "{id}"

# A path segment of at least this many words joined by '-', '_', '+' or '.' is a slug (a headline in the
# URL): section names have up to three words ("news-and-events", "science-and-health"), headline slugs more.
SLUG_MIN_WORDS = 4
# CJK headlines in a URL have no separators: this many CJK characters make a slug; design choice, as
# Chinese section names are two to six characters ("国内新闻", "财经要闻").
SLUG_MIN_CJK_CHARS = 8
# A segment without separators but at least this long (and not a known word list) is a slug too, e.g. a
# percent-decoded Chinese headline; measured: section names in the data sets are at most 16 characters.
SLUG_MIN_LENGTH = 24
# Hex ids are at least this long (a 32-bit id has 8 hex digits); shorter runs are words such as "cafe".
HEX_ID_MIN_LENGTH = 8
# Mixed letters-and-digits tokens at least this long are opaque ids (base-36/62 ids of short links).
OPAQUE_ID_MIN_LENGTH = 10
# Query keys that identify an article and so distinguish kinds of page; everything else in the query
# (tracking, sorting, sessions) is ignored. From common CMS URLs (PHP boards, Discuz, WordPress ?p=).
ID_QUERY_KEYS = frozenset((
    "id", "idx", "aid", "tid", "pid", "nid", "sid", "cid", "p", "page", "articleid", "article_id", "newsid",
    "news_id", "docid", "doc_id", "itemid", "item_id", "postid", "post_id", "storyid", "story_id",
    "contentid", "content_id",
))

YEAR = r"(?:19|20)\d{2}"
MONTH = r"(?:0?[1-9]|1[0-2])"
DAY = r"(?:0?[1-9]|[12]\d|3[01])"
# Dates that span path segments: /2019/11/19/ or /2019/11/ (year and month only).
SPLIT_DATE_RE = re.compile(rf"(?<=/){YEAR}/{MONTH}(?:/{DAY})?(?=/|$)")
# Dates inside one segment: 2019-11-19, 2019_11_19, 2019.11.19, 20191119, 2019-11, 201911.
JOINED_DATE_RE = re.compile(
    rf"(?<![0-9]){YEAR}(?:[-_.]?(?:0[1-9]|1[0-2])[-_.]?(?:0[1-9]|[12]\d|3[01])|[-_.](?:0[1-9]|1[0-2]))(?![0-9])"
)
UUID_RE = re.compile(r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}", re.I)
HEX_RE = re.compile(
    rf"(?<![0-9a-z])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{{{HEX_ID_MIN_LENGTH},}}(?![0-9a-z])", re.I
)
OPAQUE_RE = re.compile(
    rf"(?<![0-9a-z])(?=[0-9a-z]*[a-z])(?=[0-9a-z]*[0-9])[0-9a-z]{{{OPAQUE_ID_MIN_LENGTH},}}(?![0-9a-z])", re.I
)
NUMBER_RE = re.compile(r"\d+")
WORD_SEPARATOR_RE = re.compile(r"[-_+.]+")
EXTENSION_RE = re.compile(r"\.(?:s?html?|php\d?|aspx?|jspx?|cgi|cms|xml|do|action)$", re.I)
PLACEHOLDER_RE = re.compile(r"\{[a-z]+\}")


def normalized_host(host: str | None) -> str:
    """Lower-cased host without ``www.`` (or ``www2.``) and port, so both spellings share a pattern."""
    host = (host or "").lower().rstrip(".")
    return re.sub(r"^www\d*\.", "", host)


def _generalize_segment(segment: str) -> str:
    """One path segment with its variable parts replaced; the file extension is kept."""
    extension_match = EXTENSION_RE.search(segment)
    extension = extension_match.group(0).lower() if extension_match else ""
    stem = segment[: len(segment) - len(extension)] if extension else segment
    if not stem:
        return segment
    if stem.startswith("{") and PLACEHOLDER_RE.fullmatch(stem):
        return stem + extension
    if UUID_RE.fullmatch(stem):
        return UUID + extension
    if JOINED_DATE_RE.fullmatch(stem):
        return DATE + extension
    words = [w for w in WORD_SEPARATOR_RE.split(stem) if w]
    if (len(words) >= SLUG_MIN_WORDS or len(stem) >= SLUG_MIN_LENGTH
            or len(CJK_RE.findall(stem)) >= SLUG_MIN_CJK_CHARS):
        return SLUG + extension
    stem = UUID_RE.sub(UUID, stem)
    stem = JOINED_DATE_RE.sub(DATE, stem)
    stem = HEX_RE.sub(HEX_ID, stem)
    stem = OPAQUE_RE.sub(ID, stem)
    stem = _numbers_outside_placeholders(stem)
    return stem.lower() + extension


def _numbers_outside_placeholders(text: str) -> str:
    parts = PLACEHOLDER_RE.split(text)
    holders = PLACEHOLDER_RE.findall(text)
    out = [NUMBER_RE.sub(NUMBER, parts[0])]
    for holder, part in zip(holders, parts[1:], strict=True):
        out.append(holder)
        out.append(NUMBER_RE.sub(NUMBER, part))
    return "".join(out)


# URLs whose derived pattern is remembered: the learning extractor asks for a page's pattern twice (its fast path,
# then learning), and a page's links share their site's few patterns.
DERIVED_PATTERN_CACHE = 1024


@functools.lru_cache(maxsize=DERIVED_PATTERN_CACHE)
def derive_pattern(url: str) -> str:
    """The pattern derived from the URL alone, e.g. ``example.com/news/{date}/{slug}.html``."""
    from w3lib.url import safe_url_string  # here: it loads urllib's HTTP client, which one-page extraction never runs

    try:
        parts = urlsplit(safe_url_string(url.strip()))
        host = normalized_host(parts.hostname)
    except ValueError:  # an unparseable URL (bad port, bad IPv6) still gets a key of its own
        return url.strip().lower()
    path = unquote(parts.path or "/")
    path = SPLIT_DATE_RE.sub(DATE, path)
    segments = [_generalize_segment(s) for s in path.split("/") if s]
    pattern = host + ("/" + "/".join(segments) if segments else "")
    id_keys = sorted({key.lower() for key, _ in parse_qsl(parts.query, keep_blank_values=True)
                      if key.lower() in ID_QUERY_KEYS})
    if id_keys:
        pattern += "?" + "&".join(f"{key}={NUMBER}" for key in id_keys)
    return pattern


@dataclass(frozen=True, slots=True)
class PatternRule:
    """A user's rule: ``regex`` is searched in the whole URL; a glob matches the URL or host+path."""

    expression: str
    name: str
    regex: re.Pattern[str]


class UrlPatterns:
    """A URL's pattern: the first user rule that matches, else the derived pattern.

    Rules are ``(expression, name)``; an expression starting with ``re:`` is a regular expression,
    anything else a glob (``*.example.com/news/*``) matched against the URL without its scheme.
    """

    def __init__(self, rules: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        self.rules: list[PatternRule] = []
        items = rules.items() if isinstance(rules, Mapping) else rules
        for expression, name in items:
            self.add(expression, name)

    def add(self, expression: str, name: str) -> None:
        if expression.startswith("re:"):
            regex = re.compile(expression[3:], re.I)
        else:
            regex = re.compile(fnmatch.translate(expression), re.I)
        self.rules.append(PatternRule(expression, name, regex))

    def user_pattern(self, url: str) -> str | None:
        if not self.rules:  # nothing to match: the URL is not parsed
            return None
        without_scheme = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url.strip(), flags=re.I)
        try:
            host_path = normalized_host(urlsplit(url).hostname) + urlsplit(url).path
        except ValueError:
            host_path = without_scheme
        for rule in self.rules:
            if rule.expression.startswith("re:"):
                if rule.regex.search(url):
                    return rule.name
            elif any(rule.regex.match(candidate) for candidate in (without_scheme, host_path, url)):
                return rule.name
        return None

    def pattern(self, url: str | None) -> str | None:
        """None for a page without a URL: it has no key in the store."""
        if not url or not url.strip():
            return None
        return self.user_pattern(url) or derive_pattern(url)

    def __len__(self) -> int:
        return len(self.rules)


def url_pattern(url: str, rules: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> str | None:
    """Shortcut for ``UrlPatterns(rules).pattern(url)``."""
    return UrlPatterns(rules).pattern(url)


__all__ = ["PatternRule", "UrlPatterns", "derive_pattern", "normalized_host", "url_pattern"]
