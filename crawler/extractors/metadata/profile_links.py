"""A thread's starter: the member whose profile link comes first under the headline.

Forum software (phpBB, vBulletin, XenForo, Discourse, Invision, FluxBB, SMF, Flarum, Reddit, Discuz!, phpwind) puts
each post's author as a link to the member's profile, and the first post under the thread's title is the starter's.
The profile links are told by the address forms these programs share (``/u/name``, ``/members/name.12/``,
``/profile/12-name/``, ``memberlist.php?mode=viewprofile&u=12``, ``member.php?u=12``, ``profile.php?id=12``,
``action=profile``, ``u.php?uid=12``), not by any one site's classes. Read last, when no markup, byline or credit
line names anybody.
"""

from __future__ import annotations

import re
from itertools import compress
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document.jsonld import declared_types
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.areas import in_comment_area
from crawler.extractors.metadata.other_bylines import commenters_below_story
from crawler.kernels.walk import hrefs_after, texts_with_words

# The member profile addresses of forum software; ``slug`` is the member's name or number where the path holds it
# (relative to the page's base too: XenForo 1 writes "members/name.12/").
# (Discuz!, China's common forum software: "space-uid-1001.html", "home.php?mod=space&uid=1001"; phpwind, the other
# one: "u.php?uid=1001")
PROFILE_FORMS = (r"memberlist\.php\?(?:[^#]*&)?mode=viewprofile|member\.php\?(?:[^#]*&)?u=\d|"
                 r"profile\.php\?(?:[^#]*&)?id=\d|[?&;]action=profile\b|"
                 r"\bspace-uid-\d+\.html|home\.php\?mod=space&(?:[^#]*&)?uid=\d|(?<![\w.])u\.php\?(?:[^#]*&)?uid=\d|")
# (forum software in French, German, Spanish and Italian spells the path in its language: "/membres/name")
PROFILE_PATH = (r"(?:u|user|users|member|members|profile|profiles|membre|membres|mitglied|mitglieder|benutzer|usuario|"
                r"usuarios|utente|utenti)/(?P<slug>[^/?#]+)")
PROFILE_HREF_RE = re.compile(PROFILE_FORMS + r"(?:^|/)" + PROFILE_PATH, re.I)
# A word (lower-cased) that each of those forms holds: "member", "profile", "user" or Discuz!'s "uid" in its words, "u/"
# after a "/" or at the href's start (``PROFILE_LINE_WORDS``: the start followed by a word boundary, which "/" is):
# ``profile_candidates``; tests/test_metadata_cheap.py checks every form has one.
PROFILE_WORDS = ("member", "profile", "user", "uid", "/u/", "membre", "mitglied", "benutzer", "usuario", "utent")
PROFILE_LINE_WORDS = ("u",)
# Path words after /user/ or /members/ that are pages of the site, not members.
NOT_MEMBER_SLUGS = frozenset({"login", "log-in", "register", "signup", "sign-up", "signin", "sign-in", "logout",
                              "password", "settings", "edit", "me", "profile", "search", "list", "albums.html"})
# A member's numeric id around the name in a slug ("chris-hall.985811", "1883223-thanosmano").
SLUG_ID_RE = re.compile(r"^\d+-|[.-]\d+$|\.html?$")
FOLD_RE = re.compile(r"[\W_]+")
# Links looked at under the headline: the first post's author link comes within its first few dozen links.
MAX_LINKS_READ = 200
LINKS_AFTER = etree.XPath(f"following::a[@href][position() <= {MAX_LINKS_READ}]")  # (compiled once, not a page)
# Pages about a thing for sale, whose member links are its reviewers' (schema.org types, lower-cased).
PRODUCT_TYPES = frozenset({"product", "productgroup", "aggregaterating"})
# Distinct members whose profile links a thread shows under its title: the starter and a replier at least.
MIN_THREAD_MEMBERS = 2
# A heading that opens the <title> holds a title's words, not a word or two of it ("Re", "Forum"; chosen by hand).
MIN_TITLE_HEADING_CHARS = 10
# A member's name as a link shows it: one to four words, a handle or a name.
MAX_MEMBER_WORDS = 4
MAX_MEMBER_CHARS = 40


def _fold(text: str) -> str:
    return FOLD_RE.sub("", text.casefold())


def member_of(link: etree._Element) -> str | None:
    """The member a profile link names: its text, when its address is a profile's and names that member (or only a
    number); None for another link."""
    return _member_named(link, PROFILE_HREF_RE.search(link.get("href") or ""))


def _member_named(link: etree._Element, match: re.Match[str] | None) -> str | None:
    """``member_of`` given the profile address's match in the link's href (None: not a profile's)."""
    if match is None:
        return None
    text = normalize_space(link.text_content()).lstrip("@")
    if not text or len(text) > MAX_MEMBER_CHARS or len(text.split()) > MAX_MEMBER_WORDS or text.isdigit():
        return None
    slug = match.group("slug")
    if slug is None:
        return text
    if slug.casefold() in NOT_MEMBER_SLUGS:
        return None
    handle = _fold(SLUG_ID_RE.sub("", slug))
    # a slug that is a number names no one; one that is a name must be the link's ("J Offline" links to /user/julian)
    return text if handle.isdigit() or not handle or handle == _fold(text) else None


def member_of_address(address: str) -> str | None:
    """The member a profile address names in its path ("/members/ajayjunkies.1075434/" -> "ajayjunkies"), None for
    another address or one that gives only a number."""
    match = PROFILE_HREF_RE.search(address)
    slug = match.group("slug") if match else None
    if not slug or slug.casefold() in NOT_MEMBER_SLUGS:
        return None
    handle = SLUG_ID_RE.sub("", slug)
    # words joined by hyphens are a name written for the address ("megan-leanda-berry"), not the name as shown
    return handle if handle and not handle.isdigit() and "-" not in handle else None


def thread_starter(root: etree._Element | None, url: str | None = None, scripts: list[str] | None = None,
                   title: str | None = None, h1s: list[etree._Element] | None = None) -> list[str]:
    """The member of the first profile link after the page's first <h1> (or, on a page without one, the first <h2>
    that opens its ``title``: phpBB's topic title), when the links under it name two members or more (a thread: a
    post and its replies; one profile link alone is a quoted expert's or a team page's); links to another site's
    profiles (a share button's) and in a reviews area are passed over. None without a headline, nor on a page whose
    JSON-LD declares a product (its profile links are reviewers'). ``h1s``: the root's h1 elements in document order
    when known (``TextDocument.h1s``)."""
    if root is None or declares_product(scripts):
        return []
    headline = next(root.iter("h1"), None) if h1s is None else next(iter(h1s), None)
    if headline is None:
        headline = _title_heading(root, title)
    if headline is None:
        return []
    site = _site_of(url)
    members: list[str] = []
    for link, match in _profile_links(headline):
        member = _member_named(link, match)
        if not member or member in members or not _on_site(link.get("href") or "", site) or in_comment_area(link):
            continue
        if not members and commenters_below_story(headline, link):  # a story's comment list: its commenters, each
            # linked and dated, start no thread; a question's answers, its asker linked above its title, do
            return [asker] if (asker := _asker_above(headline, site)) else []
        members.append(member)
        if len(members) >= MIN_THREAD_MEMBERS:  # a thread: its starter, or a Q&A page's asker above the question
            return [asker] if (asker := _asker_above(headline, site)) else members[:1]
    return []


def _asker_above(headline: etree._Element, site: str | None) -> str | None:
    """A Q&A page's asker: the member linked in the headline's own box before it (the question's card, then its
    title), nearest first; not in a page-wide container."""
    box = headline.getparent()
    if box is None or box.tag in ("body", "html"):
        return None
    for sibling in headline.itersiblings(preceding=True):
        for link in sibling.iter("a"):
            if (member := member_of(link)) and _on_site(link.get("href") or "", site):
                return member
    return None


def declares_product(scripts: list[str] | None) -> bool:
    """Whether the page's JSON-LD declares a thing for sale (a product page: its names are reviewers' or brands')."""
    return any(PRODUCT_TYPES & declared_types(text) for text in scripts or ())


def _profile_links(headline: etree._Element) -> list[tuple[etree._Element, re.Match[str]]]:
    """The links after the headline (``LINKS_AFTER``) whose href holds a profile's address, in order, each with its
    first match (``PROFILE_HREF_RE.search`` of the href). Their hrefs are read first without the links
    (``hrefs_after``), and only those that may hold one (``profile_candidates``) are searched: most links, and the
    links of most pages, are no profile's and need neither a proxy nor a search."""
    hrefs = hrefs_after(headline, MAX_LINKS_READ)
    candidates = profile_candidates(hrefs)
    if not candidates:
        return []
    links = LINKS_AFTER(headline)  # (the same links, in the same order)
    return [(links[index], match) for index in candidates
            if (match := PROFILE_HREF_RE.search(hrefs[index])) is not None]


def profile_candidates(hrefs: list[str]) -> list[int]:
    """The indices of the hrefs that PROFILE_HREF_RE may find an address in, in order: those whose lowered form (as
    re.I folds it) holds one of PROFILE_WORDS or starts with "u/", one of which each address form spells; the others
    cannot match. Found in one call (``texts_with_words``, in C when the compiled helpers are on)."""
    return list(compress(range(len(hrefs)), texts_with_words(hrefs, PROFILE_WORDS, PROFILE_LINE_WORDS)))


def _title_heading(root: etree._Element, title: str | None) -> etree._Element | None:
    """The first <h2> or <strong> whose text opens the page's <title> ("Board keeps rebooting" of "Board keeps
    rebooting - Example Forums"), the thread's title on a page without <h1> (phpBB's <h2>, vBulletin 3's navigation
    bar's <strong>)."""
    folded = _fold(title or "")
    for heading in root.iter("h2", "strong"):  # (vBulletin 3 writes the title in its navigation bar's <strong>)
        text = _fold(heading.text_content())
        if len(text) >= MIN_TITLE_HEADING_CHARS and folded.startswith(text):
            return heading
    return None


def _site_of(url: str | None) -> str:
    host = (urlsplit(url).hostname or "") if url else ""
    return ".".join(host.split(".")[-2:])


def _on_site(href: str, site: str) -> bool:
    """A relative address, or one on the page's site (its host's last two labels; none when the page's address is not
    known)."""
    host = urlsplit(href).hostname if href.startswith(("http:", "https:", "//")) else None
    return host is None or (bool(site) and (host == site or host.endswith("." + site)))


__all__ = ["declares_product", "member_of", "member_of_address", "thread_starter"]
