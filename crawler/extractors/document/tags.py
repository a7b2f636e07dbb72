"""The tag tables of the block walk (``blockwalk``): which elements start a block, which no reader sees, which
label the blocks inside them; the compiled walk and its Python twin take the same tables
(``crawler.kernels.walk.bind_block_walk``)."""

from __future__ import annotations

import re

from lxml import etree

from crawler.kernels.blockwalk_python import ANCHOR_KIND, BLOCK_KIND, BREAK_KIND, LABELLED_KIND

# Elements that start a new block (HTML's block-level and table elements; jusText's list plus HTML5).
BLOCK_TAGS = frozenset(
    "address article aside blockquote body caption center col colgroup dd details dialog dir div dl dt "
    "fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu "
    "nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
# Never text a reader sees (seeds 000, 002, 003): scripts, styles, form controls, embedded objects.
IGNORED_TAGS = frozenset(
    "script style noscript template head select option optgroup datalist textarea button input iframe "
    "frame frameset object embed applet param svg math canvas audio video source track map area link "
    "meta base".split()
)
HEADING_TAGS = frozenset("h1 h2 h3 h4 h5 h6".split())
# Labels given to a block by the elements around its text; boilerpipe's DefaultLabels, lower-cased.
TAG_LABELS = {
    **{h: ("heading", h) for h in HEADING_TAGS},
    "li": ("li",),
    "dt": ("li",),
    "dd": ("li",),
    "td": ("table",),
    "th": ("table",),
    "pre": ("pre",),
    "code": ("code",),
    "blockquote": ("quote",),
    "figcaption": ("caption",),
    "caption": ("caption",),
    "nav": ("nav",),
    "aside": ("aside",),
    "footer": ("footer",),
    "header": ("header",),
}
HIDDEN_STYLE_RE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
# Marks a single <br> inside a block; NUL never survives decoding (parse_html removes it).
LINE_BREAK = "\x00"

# Form controls whose end tag a broken page forgot (``<button/>`` is not self-closing in HTML) swallow the
# rest of the page; these are dropped only when they hold no block of their own.
SWALLOWING_TAGS = frozenset({"button", "select", "option", "optgroup", "datalist", "textarea", "label"})
HAS_BLOCK_XPATH = etree.XPath(
    ".//*[self::div or self::p or self::table or self::ul or self::article or self::section]"
)


# What a page hides from a reader with scripts on but holds as its text when nothing else is visible: the
# <noscript> view (forum software serves its posts there), <template> contents and hidden containers that
# scripts move into place (streamed server rendering): some pages show no visible text at all and hold their
# whole main content there.
REVEALABLE_TAGS = frozenset({"noscript", "template"})


# What the walk does on entering and leaving a tag, looked up once per event: (kind, labels it gives); the kinds'
# codes are the walks' (crawler.kernels.blockwalk_python).
TAG_KINDS: dict[str, tuple[int, frozenset[str] | None]] = {
    tag: (BLOCK_KIND if tag in BLOCK_TAGS else ANCHOR_KIND if tag == "a" else BREAK_KIND if tag == "br"
          else LABELLED_KIND,
          frozenset(TAG_LABELS[tag]) if tag in TAG_LABELS else None)
    for tag in {*BLOCK_TAGS, *TAG_LABELS, "a", "br"}
}


__all__ = [
    "ANCHOR_KIND",
    "BLOCK_KIND",
    "BLOCK_TAGS",
    "BREAK_KIND",
    "HAS_BLOCK_XPATH",
    "HEADING_TAGS",
    "HIDDEN_STYLE_RE",
    "IGNORED_TAGS",
    "LABELLED_KIND",
    "LINE_BREAK",
    "REVEALABLE_TAGS",
    "SWALLOWING_TAGS",
    "TAG_KINDS",
    "TAG_LABELS",
]
