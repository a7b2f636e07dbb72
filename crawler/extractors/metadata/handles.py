"""A poster's handle in an element marked as the author or the byline: a one-word name ("Woodchip77", "quietfox")
that a personal-name test refuses, taken when the element links it to that person's own page.

Forums, link aggregators and blogs show a post's author as a link to the member's or the author's page
(``/profile/Woodchip77``, ``/~quietfox``, ``/author/yuki/``, ``/user/name``, ``/in/name``). The link's last path
word being the handle itself is what tells a person's link from a section's ("/category/news" "News" has no person's
path word) or from a link to somebody else.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml import etree

from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.people import is_outlet_or_role

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


__all__ = ["linked_handle"]
