"""A column's writer named only in the one-line biography printed at the story's foot ("Helen Carter is a columnist
for The Northern Voice.", "Mark Ellis is a professor of economics at Riverside University."), as opinion pages and
syndicated columns do instead of a byline. Read last, on a page where nothing else names the writer."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.parse import TextDocument
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import split_people

# "Name is a/an/the [up to four words] role": the roles a column's or a story's foot biography gives (columnists,
# contributors, the paper's reporters and the academics who write op-eds; a "garden writer" under a how-to page is
# a guide's, whose pages credit no writer).
# (German and French guest articles' foot notes give the role without an article: "X ist Professorin für …", "X est
# professeur d'économie …"; the German note's "Die Autorin ist …" follows)
BIO_RE = re.compile(
    r"^(?P<name>(?:[A-ZÀ-Þ][\w'’.\-]+\s+){1,3}[A-ZÀ-Þ][\w'’\-]+)\s+(?:is\s+(?:a|an|the)\s+(?:[\w'’,\-]+\s+){0,4}?"
    r"(?:columnist|contributor|contributing\s+(?:writer|editor|columnist)|commentator|opinion\s+writer|correspondent|reporter|"
    r"professor|lecturer|fellow)|ist\s+(?:eine?\s+)?(?:[\w'’,\-]+\s+){0,2}?(?:Professorin|Professor|Kolumnistin|"
    r"Kolumnist|Publizistin|Publizist|Korrespondentin|Korrespondent|Dozentin|Dozent)|est\s+(?:une?\s+)?"
    r"(?:[\w'’,\-]+\s+){0,2}?(?:professeure|professeur|chroniqueuse|chroniqueur|chercheuse|chercheur|"
    r"maîtresse de conférences|maître de conférences|économiste|politologue|essayiste))\b")
# The languages whose foot notes BIO_RE reads.
BIO_LANGUAGES = ("en", "de", "fr")
# The verbs BIO_RE needs, looked for first: most blocks hold none.
BIO_VERBS = (" is ", " ist ", " est ")
# A biography line is one or two sentences (a story's paragraph that opens with a name runs on); a longer block after
# it is the story's text going on.
MAX_BIO_CHARS = 250
# Areas whose biographies are another story's writer's (a sidebar's author box, the site's footer).
OTHER_AREAS = frozenset({"aside", "footer", "nav", "header"})


def bio_foot(doc: TextDocument, headline: int) -> list[str]:
    """The person of the one biography line below the headline and after the story's last long block (the story ends
    with it: a long block after it is the story going on, about someone), or nobody when there is none or several."""
    found: list[str] = []
    # (read from the page's end back to the last long block: the blocks before it cannot hold a foot)
    for block in reversed(doc.blocks[headline + 1:]):
        text = block.text
        if len(text) > MAX_BIO_CHARS:
            break
        if not any(verb in text for verb in BIO_VERBS):  # (a literal test first: most blocks have none)
            continue
        match = BIO_RE.match(text.strip())
        if match is None or not readable(block, links=False) or _in_other_area(block.element):
            continue
        name = match.group("name")
        if split_people(name) != [name]:
            continue
        if found and found != [name]:
            return []  # two people's biographies: a list of contributors, not the column's writer
        found = [name]
    return found


def _in_other_area(element: etree._Element | None) -> bool:
    return element is not None and any(isinstance(ancestor.tag, str) and ancestor.tag in OTHER_AREAS
                                       for ancestor in element.iterancestors())


__all__ = ["BIO_LANGUAGES", "bio_foot"]
