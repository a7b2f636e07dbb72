"""Areas of a page whose names and dates are not the story's: readers' comments, replies and reviews
(``in_comment_area``), and the sidebars, forms, author boxes and author descriptions where a name is no byline
(``in_comments``), told by the class and id of an element and its ancestors."""

from __future__ import annotations

import re

from lxml import etree

from crawler.kernels.walk import ancestors_marks, marks_hold_words

# ...but not in comments, sidebars, author boxes, forms or log-in links (whole words of class and id).
# An author's description, role or job title ("author-description", "author-role") holds no name either.
# A widget is one when its mark opens with the word ("widget", "widget_text", "widget-area"): page builders name every
# block of the story "<builder>-widget…" (an author box among them), and such a block is no sidebar. A utility class
# naming a CSS variable ("mr-[--sidebar-width]") is no sidebar either; an avatar block is the byline's photo.
# A testimonial's client ("testimonial-author" on a service page) praises the page, never wrote it.
NOT_BYLINE_RE = re.compile(
    r"(?<!\[-)(?:^|[\s_-])(?:comments?|reply|respond|sidebar|bio|form|login|signin|recirculation|description|"
    r"desc|role|job|testimonials?)(?:$|[\s_-])|(?:^|\s)widgets?(?:$|[\s_-])",
    re.I,
)
# The attributes that mark a comment area or a sidebar.
CLASS_AND_ID = ("class", "id")
# Ancestors looked at for a comment area (a commenter's name sits 2-5 levels inside its comment).
MAX_ANCESTORS_CHECKED = 6

# Areas whose dates and names are readers', not the story's: comments, replies, reviews.
# A class or id that starts with the word: "comment-list", "reviews" but not "category-kit-reviews" (a post's
# category on the article itself).
# A guest book's or a condolence book's entries, and reviews and a product's questions in other languages ("avis",
# "opiniones", "bewertungen"...), are readers' too.
COMMENT_AREA_RE = re.compile(r"(?:^|\s)(?:comments?|reply|replies|respond|reviews?|discussion|disqus|guestbook|"
                             r"condolences|avis|opiniones|resenas|valoraciones|preguntas|bewertungen|rezensionen|"
                             r"recensioni|beoordelingen)(?:$|[\s_-])", re.I)
# Page-wide containers whose classes describe the page ("one-sidebar", "has-comments"), not an area of it.
PAGE_TAGS = ("body", "html")
# COMMENT_AREA_RE for ASCII marks, looked for in the lowered marks (for ASCII text the same as re.I) without re.I, and
# only when they hold one of its words (a str.find each; nearly no marks do): the pattern, whose first element is an
# alternation, is tried at every character, the words' test far less.
ASCII_COMMENT_AREA_RE = re.compile(COMMENT_AREA_RE.pattern)
COMMENT_AREA_WORDS = ("comment", "repl", "respond", "review", "discussion", "disqus", "guestbook", "condolences",
                      "avis", "opiniones", "resenas", "valoraciones", "preguntas", "bewertungen", "rezensionen",
                      "recensioni", "beoordelingen")  # (one in each match)
# NOT_BYLINE_RE read the same way by ``in_comments``: its ancestors' marks had been searched one by one with re.I, the
# alternation tried at every character, a large share of markup_byline.
ASCII_NOT_BYLINE_RE = re.compile(NOT_BYLINE_RE.pattern)
NOT_BYLINE_WORDS = ("comment", "reply", "respond", "widget", "sidebar", "bio", "form", "login", "signin",
                    "recirculation", "desc", "role", "job", "testimonial")  # (one in each match)

def in_comments(element: etree._Element) -> bool:
    """In a comment, sidebar, author box, form... (where a name is not the story's byline)."""
    return _ancestors_marked(element, NOT_BYLINE_RE, ASCII_NOT_BYLINE_RE, NOT_BYLINE_WORDS)


# A reviewer's or a checker's label, right before the name it credits ("Fact checked by", "Medically reviewed by").
REVIEW_LABEL_RE = re.compile(r"\b(?:reviewed|fact[\s-]?checked|checked|verified|edited|approved)\s+by\s*:?\s*$", re.I)
# Levels climbed to find the text before a name (the label sits in the name's parent or grandparent).
LABEL_LEVELS = 2
# The end of the text before a name that is read for the label: longer than any of REVIEW_LABEL_RE's matches (with the
# character before it), which end where the text ends.
LABEL_TAIL_CHARS = 64


def under_review_label(element: etree._Element) -> bool:
    """Whether the text right before the element (in its parent, else its grandparent when the parent has none
    before it) ends with a reviewer's label: the name credits a reviewer or a fact-checker, not the author."""
    node = element
    for _ in range(LABEL_LEVELS):
        parent = node.getparent()
        if parent is None:
            return False
        # (the siblings' texts are read from the nearest back, only until the end of the text is known: the text of
        # the pieces after a white space is the end of the whole text's, its white space runs made one space)
        pieces: list[str] = []
        for sibling in node.itersiblings(preceding=True):
            pieces[:0] = [sibling.text_content() if isinstance(sibling.tag, str) else "", sibling.tail or ""]
            if len(text := " ".join(" ".join(pieces).split())) >= LABEL_TAIL_CHARS:
                break
        else:
            text = " ".join(" ".join([parent.text or "", *pieces]).split())
        if text:
            return REVIEW_LABEL_RE.search(text) is not None
        node = parent
    return False


def in_comment_area(element: etree._Element) -> bool:
    """In readers' comments, replies or reviews (where a date or a name is a reader's). Whether the marks hold one of
    the words is asked first, in C without making the marks' strings when the compiled helpers are on
    (``marks_hold_words``): most blocks' marks hold none."""
    if not marks_hold_words(element, CLASS_AND_ID, MAX_ANCESTORS_CHECKED, PAGE_TAGS, COMMENT_AREA_WORDS):
        return False
    return _ancestors_marked(element, COMMENT_AREA_RE, ASCII_COMMENT_AREA_RE, COMMENT_AREA_WORDS)


def _ancestors_marked(element: etree._Element, pattern: re.Pattern[str], ascii_pattern: re.Pattern[str],
                      words: tuple[str, ...]) -> bool:
    """Whether ``pattern`` is found in the marks (class and id) of the element or of one of its ancestors, up to the
    page's containers: their marks searched at once (``ancestors_marks``, in C when the compiled helpers are on),
    in ASCII lowered and without re.I (``ascii_pattern``), and only when they hold one of the pattern's ``words``.
    The marks are joined by a white space, as "^" and "$" of each mark: COMMENT_AREA_RE's and NOT_BYLINE_RE's words
    hold none, so a match stays in one mark, and where a word met the start or the end of a mark it meets the white
    space."""
    joined = ancestors_marks(element, CLASS_AND_ID, MAX_ANCESTORS_CHECKED, PAGE_TAGS)
    if not joined.isascii():
        return pattern.search(joined) is not None
    lowered = joined.lower()
    for word in words:
        if word in lowered:
            return ascii_pattern.search(lowered) is not None
    return False


__all__ = ["CLASS_AND_ID", "COMMENT_AREA_RE", "COMMENT_AREA_WORDS", "MAX_ANCESTORS_CHECKED", "NOT_BYLINE_RE",
           "NOT_BYLINE_WORDS", "PAGE_TAGS", "in_comment_area", "in_comments", "under_review_label"]
