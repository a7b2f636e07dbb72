"""The people of a field: the first source's list cut into persons, each cleaned and checked to be a name."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from crawler.extractors.document.text import CJK_RE
from crawler.extractors.metadata.candidates import Candidates, clean
from crawler.extractors.metadata.cjk_credits import not_a_person
from crawler.extractors.metadata.cjk_roles import is_desk, without_role
from crawler.extractors.metadata.collective import collective_byline
from crawler.extractors.metadata.korean_credits import korean_outlet, outlet_and_portal
from crawler.extractors.metadata.people import AGENCIES, is_outlet_or_role, split_people
from crawler.extractors.metadata.profile_links import member_of_address

# An author longer than this is a sentence or a list of contributors pasted into a field, not a name.
MAX_AUTHOR_CHARS = 80
MAX_AUTHORS = 12
URLISH_RE = re.compile(r"^(?:https?://|www\.)|\.(?:com|org|net|html?)\b|/", re.I)
HANDLE_RE = re.compile(r"^@\w+$")
# A user's handle may hold digits ("paulb203", "user3080392"): one word that starts with three letters, never a date.
DIGIT_HANDLE_RE = re.compile(r"^[A-Za-z]{3}[A-Za-z0-9_.-]{0,27}$")
# The last word of an organization's name ("Cleveland Clinic", "Heart Foundation"): with the markup declaring that
# name an organization, an author object of the same name is the organization, whatever type a CMS gave it (a
# personal brand's "Jane Doe", declared both, stays a person).
ORGANIZATION_END_RE = re.compile(
    r"\b(?:clinic|foundation|hospital|institute|university|college|association|society|council|company|bank|"
    r"hotels?|centre|center|academy|federation|agency|ministry|department|museum|library|laborator(?:y|ies)|"
    r"corporation|corp|gmbh|plc)\.?$", re.I)
# (and a biography box's heading "About <name>": the name the box is about, without its "About")
AUTHOR_PREFIX_RE = re.compile(r"^(?:by|par|von|por|written by|posted by|author|about|über|à propos de|acerca de|"
                              r"作者|记者|文)\s*[:：/]?\s+", re.I)


def normalise_author(name: str) -> str:
    name = AUTHOR_PREFIX_RE.sub("", clean(name) or "")
    if URLISH_RE.search(name):  # an author field holding a forum member's profile address names that member
        name = member_of_address(name) or name
    return without_role(name.strip(" ,;:|-"))  # "홍길동 기자": a Korean CMS's author field


# The possessive after a blog owner's name in the blog's name ("たなかの暮らしブログ", "小明的博客"): the owner
# is a person.
OWNER_MARKS = frozenset({"の", "的"})


def good_author(name: str, site_names: set[str], declared: frozenset[str] = frozenset()) -> bool:
    """A name, not a URL, a date, a placeholder or an outlet; the site's own name only when the markup declares it a
    person or an author account (``declared``: "Swoogo" with its /author/swoogo/ page is the blog's account)."""
    if not name or len(name) > MAX_AUTHOR_CHARS:
        return False
    if URLISH_RE.search(name) or HANDLE_RE.match(name) or "@" in name or \
            (any(map(str.isdigit, name)) and not DIGIT_HANDLE_RE.match(name)):
        return False
    folded = name.casefold()
    if CJK_RE.search(name) and (not_a_person(name) or is_desk(name) or korean_outlet(name)):
        return False  # "新京报", "作者：未知", "くらし通信編集部", "매일신문": an outlet, a placeholder or a desk
    if CJK_RE.search(name) and any(site.startswith(folded) and site[len(folded):len(folded) + 1] not in OWNER_MARKS
                                   for site in site_names if CJK_RE.search(site)):
        return False  # "网易" of "_网易财经": the portal, named before its channel (not "たなか" of "たなかのブログ")
    if CJK_RE.search(name) and any(abbreviates(folded, site) for site in site_names):
        return False  # "法广" of "法国国际广播电台": the outlet's short name in its own author element
    return folded not in site_names or folded in declared


# A short name of an outlet takes two or three characters of its full name, in order, the first one among them.
ABBREVIATION_CHARS = (2, 3)


def abbreviates(name: str, site: str) -> bool:
    """Whether a CJK name is the site's name shortened ("法广" of "法国国际广播电台", "新华社" of "新华通讯社"): its
    characters in the site's order, the first the same, not a run of it (a person's name in the name of their own blog
    is written whole: "张小北" of "张小北的技术笔记")."""
    if len(name) not in ABBREVIATION_CHARS or len(site) < len(name) + 2 or site[0] != name[0] or name in site:
        return False
    rest = iter(site)
    return all(char in rest for char in name)


def outlets_of(found: Candidates) -> frozenset[str]:
    """The organizations the markup names that are outlets or organizations by their name, casefolded."""
    return frozenset(name.casefold() for names, _ in found.get("organizations") for name in names
                     if is_outlet_or_role(name) or ORGANIZATION_END_RE.search(name))


def choose_authors(found: Candidates, site_names: set[str], name: str = "authors", *,
                   collective: bool = False, outlets: frozenset[str] | None = None) -> tuple[list[str], str] | None:
    """The first source's people: a field's list cut into persons ("A, B and C, CNN" -> A, B, C). With
    ``collective`` (asked last, when no source names a person) the first field that holds a whole collective byline
    of a named owner instead ("Acme Team": ``collective.py``). ``outlets``: ``outlets_of(found)`` when known (the
    organizations are all found before the people are chosen, so one reading serves every call)."""
    if outlets is None:
        outlets = outlets_of(found)
    declared = frozenset(person.casefold() for people, _ in found.get("declared_people") for person in people
                         if person.casefold() not in outlets)
    site_names = site_names | outlets
    for names, source in found.get(name):
        if collective:
            team = next((whole for raw in names if collective_byline(whole := normalise_author(raw))
                         and whole.casefold() not in site_names), None)
            if team:
                return [team], source
            continue
        cleaned: list[str] = []
        for raw in names:
            whole = normalise_author(raw)
            if (whole.casefold() in site_names and whole.casefold() not in declared) or \
                    (not whole.isascii() and outlet_and_portal(whole)):  # (and "한국경제 | 네이버")
                continue  # the outlet's name read whole, before it is cut into "people" ("Morgan & Morgan")
            if whole.casefold() in declared and whole.isupper() and len(whole.split()) == 1 and \
                    whole.casefold() not in AGENCIES and good_author(whole, site_names, declared) and \
                    whole not in cleaned:
                cleaned.append(whole)  # a member's handle its profile link declares, shaped like an acronym ("JGD")
                continue
            for part in split_people(whole, strict=False):
                name = normalise_author(part)
                if good_author(name, site_names, declared) and name not in cleaned:
                    cleaned.append(name)
        if cleaned:
            return cleaned[:MAX_AUTHORS], source
    return None


def site_names(site_name: str | None, url: str | None) -> set[str]:
    names = set()
    if site_name:
        names.add(site_name.casefold())
    host = urlsplit(url).hostname if url else None
    if host:
        host = host.removeprefix("www.")
        names.update({host, host.split(".")[0]})
    return names


__all__ = ["MAX_AUTHORS", "MAX_AUTHOR_CHARS", "choose_authors", "good_author", "normalise_author", "outlets_of",
           "site_names"]
