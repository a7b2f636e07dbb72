"""A poster's handle in an element marked as the author or the byline: a one-word name ("Woodchip77", "quietfox")
that a personal-name test refuses, taken when the element links it to that person's own page.

Forums, link aggregators and blogs show a post's author as a link to the member's or the author's page
(``/profile/Woodchip77``, ``/~quietfox``, ``/author/yuki/``, ``/user/name``, ``/in/name``). The link's last path
word being the handle itself is what tells a person's link from a section's ("/category/news" "News" has no person's
path word) or from a link to somebody else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, partial
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.dates import find_text_date
from crawler.extractors.metadata.line_findings import TextFindings
from crawler.extractors.metadata.people import is_outlet_or_role
from crawler.kernels.walk import shown_text, shown_text_holds

# The path words before a person's slug (author archives, member profiles, "/~name" home pages, "/in/name" profiles).
PERSON_PATH_RE = re.compile(r"/(?:authors?|users?|u|members?|profiles?|people|writers?|contributors?|in|~|@)"
                            r"/?(?P<slug>[^/?#]+)/?$", re.I)
# A handle: one word of letters, digits, "_", "." or "-", starting with a letter.
HANDLE_RE = re.compile(r"^[^\W\d_][\w.-]{1,29}$")
# A numeric id beside the name in a slug ("chris-hall.985811", "1883223-thanosmano").
SLUG_ID_RE = re.compile(r"^\d+-|[.-]\d+$|\.html?$")
FOLD_RE = re.compile(r"[\W_]+")


def linked_handle(element: etree._Element) -> list[str]:
    """The handle of the element's first link with text, when that link goes to the handle's own page."""
    links = [element] if element.tag == "a" else element.iter("a")
    for link in links:
        text = normalize_space(link.text_content()).lstrip("@")
        if not text:
            continue
        if not HANDLE_RE.match(text) or is_outlet_or_role(text):
            return []
        path = urlsplit(link.get("href") or "").path.replace("/~", "/~/").replace("/@", "/@/")
        match = PERSON_PATH_RE.search(path)
        slug = FOLD_RE.sub("", SLUG_ID_RE.sub("", match.group("slug")).casefold()) if match else ""
        return [text] if slug and slug == FOLD_RE.sub("", text.casefold()) else []
    return []


# The address of an author's archive page, its last path word the author's slug ("/author/erin-spain/").
AUTHOR_PAGE_RE = re.compile(r"/authors?/(?P<slug>[^/?#]+)/?$", re.I)


def author_accounts(root: etree._Element | None, names: list[str]) -> list[str]:
    """Those of ``names`` that the page links to their own author page: a link whose text is the name and whose
    address is an author archive named after it ("/author/erin-spain/"), or that ``rel="author"`` declares the
    author's: the account a post is credited to (on a one-person blog, the site's own name)."""
    wanted = {FOLD_RE.sub("", name.casefold()): name for name in names}
    if root is None or not wanted:
        return []
    found: list[str] = []
    for link in root.iter("a"):
        href, rel = link.get("href") or "", link.get("rel") or ""
        if "author" not in href.lower() and "author" not in rel.lower():
            continue  # (neither an author page nor rel="author": the address is not split)
        path = urlsplit(href).path
        # rel="author": the link names the page's author (but one to the home page is the blog's title)
        declared = "author" in rel.lower() and path.strip("/") != ""
        match = None if declared else AUTHOR_PAGE_RE.search(path)
        if not declared and match is None:
            continue
        folded = FOLD_RE.sub("", normalize_space(link.text_content()).casefold())
        if folded in wanted and (declared or FOLD_RE.sub("", match.group("slug").casefold()) == folded) and \
                wanted[folded] not in found:
            found.append(wanted[folded])
    return found


# A CMS account's login written as the author: one ASCII word ("andrew.keaveney", "kffnirmitap", "KatieS").
LOGIN_WORD_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
# ...that no one writes a name as: all small letters, a dot, "_" or a digit in it, or a capital after a small letter.
LOGIN_SHAPE_RE = re.compile(r"^[^A-Z]+$|[._\d]|[a-z][A-Z]")


def unshown_logins(names: list[str], shown_text: Callable[[], str]) -> bool:
    """Whether every one of ``names`` is a login (``LOGIN_WORD_RE`` and ``LOGIN_SHAPE_RE``) that the page's text
    (``shown_text()``, case-folded, asked only then) never shows: the account that posted the story, not its writer.
    A forum member's handle is shown on the page, in the post's header."""
    if not names or not all(LOGIN_WORD_RE.match(name) and LOGIN_SHAPE_RE.search(name) for name in names):
        return False
    text = shown_text()
    return all(name.casefold() not in text for name in names)


def unshown_people(names: list[str], shown: list[str], shown_text: Callable[[], str],
                   holds: Callable[[str], bool] | None = None) -> bool:
    """Whether the author field's people are none of the byline's under the headline (``shown``) and the page's text
    (``shown_text()``, as written, asked only then) never shows them, case-folded: the editor who posted a guest's
    story, a CMS account, while the page's "By" line names its writer. ``holds(name)``: whether that text holds the
    name as written, when the caller can tell without the text (which is then read only for a name it does not
    hold)."""
    folded = {name.casefold() for name in shown}
    if not names or any(name.casefold() in folded or len(name.split()) < 2 for name in names):
        return False  # (a one-word field, "Mazi", is a name as written: the byline's other person is an editor's)
    # (case folding maps each character alone, so a name in the text as written is in the folded text: the whole
    # page's text is folded only when none is)
    if holds is not None and any(map(holds, names)):
        return False
    text = shown_text()
    if holds is None and any(name in text for name in names):
        return False
    text = text.casefold()
    return all(name.casefold() not in text for name in names)


def unshown_field(names: list[str], findings: TextFindings, doc: TextDocument) -> bool:
    """``unshown_people`` of the author field against the visible page's people. When no byline line named anyone,
    the page's text is asked first: the readers of names without a byline's words (``TextFindings.people``) cost
    more, and a field the text shows is no unshown one whoever they would name."""
    # (the page's text read once for both questions, and for one name only when it does not hold the name as written:
    # each ``text_holds`` makes the tree's string in libxml2 again)
    all_text = cache(partial(page_text, doc))
    holds = cache(partial(text_holds, doc)) if len(names) == 1 else None
    if findings.later_authors is not None and not unshown_people(names, [], all_text, holds):
        return False
    people = findings.people()
    return bool(people) and unshown_people(names, people, all_text, holds)


def page_text(doc: TextDocument) -> str:
    """Every text of the page's tree, a pop-up's and its JSON-LD's among them (the page's own declaration, which names
    a writer whose shown name was a dropped button's), but its other scripts' and its styles' (a theme's variables
    name the account that posted the story, which the page never shows); asked only of a page whose author field
    names nobody of its byline. Read in one walk of the nodes (``kernels.walk.shown_text``)."""
    return shown_text(doc.root) if doc.root is not None else ""


# ``name in`` the whole tree's text (scripts' too) asked in libxml2: ``text_content`` is the XPath ``string()``.
TEXT_HOLDS = etree.XPath("contains(string(.), $name)")


def text_holds(doc: TextDocument, name: str) -> bool:
    """``name in page_text(doc)``, told without the page's text made a Python string unless the name is split over
    elements ("<b>Dana</b> Whitfield") or only in a theme's script: the whole tree's text asked in libxml2, then each
    shown text node (``kernels.walk.shown_text_holds``)."""
    return doc.root is not None and bool(TEXT_HOLDS(doc.root, name=name)) and (
        shown_text_holds(doc.root, name) or name in page_text(doc))


# A one-word name after "by" and what follows it (a separator, then the date): "by Amanda · Dec 20, 2025".
ONE_WORD_BY_RE = re.compile(r"^(?:by|posted by|written by)\s*:?\s*(?P<name>[^\W\d_][\w'’.-]{1,29})\s*"
                            r"(?:$|[·•|,–—]\s*(?P<rest>.*)$)", re.I)


def one_word_byline(text: str, element: etree._Element | None) -> list[str]:
    """A one-word name after "by" ("by Amanda · Dec 20, 2025", "Posted By: Kiersten"), taken when the name links to
    its own author page, or is a handle in small letters beside the post's ``<time>``, and nothing but a date follows
    it."""
    match = ONE_WORD_BY_RE.match(text)
    if match is None or element is None:
        return []
    name, rest = match.group("name").rstrip("."), match.group("rest")
    if is_outlet_or_role(name) or (rest and find_text_date(rest) is None):
        return []
    links = [element] if element.tag == "a" else list(element.iter("a"))
    for link in links:
        if " ".join(link.text_content().split()) != name:
            continue
        rel = (link.get("rel") or "").lower()
        return [name] if "author" in rel or AUTHOR_PAGE_RE.search(urlsplit(link.get("href") or "").path) else []
    # a handle in small letters ("by ibby") beside the post's <time>, in the element or its parent: a poster's
    parent = element.getparent()
    return [name] if name.islower() and next((parent if parent is not None else element).iter("time"), None) \
        is not None else []


__all__ = ["ONE_WORD_BY_RE", "TEXT_HOLDS", "author_accounts", "linked_handle", "one_word_byline", "page_text",
           "text_holds", "unshown_field", "unshown_logins", "unshown_people"]
