"""Arabic bylines: "بقلم: محمد أحمد" ("by the pen of"), "كتب: سارة خالد" ("wrote:").

Arabic script has no capitals, so the personal-name test of Latin, Cyrillic and Greek bylines (capitalised words)
cannot tell a name from a phrase. A name here is the whole rest of a short line after the label, up to a separator:
two to four words of Arabic letters, none of them a newsroom's, an agency's or a role's word. "كتب" without a colon is
the verb "wrote" opening a sentence, so it needs its colon; "بقلم" is a byline's label with or without one.
"""

from __future__ import annotations

import re

# The labels, then the names up to a separator (a bar, a bullet, a dash, a slash, a bracket: a date or a role follows).
ARABIC_BYLINE_RE = re.compile(r"^\s*(?:بقلم\s*:?|كتبت?\s*:)\s*(?P<names>[^|•·\-–—/\n(]+?)\s*(?:$|[|•·\-–—/(])")
# One word of a name: Arabic letters and their vowel marks, nothing else (a digit or a Latin word is no name's).
ARABIC_WORD_RE = re.compile(r"^[\u0621-\u064a\u064b-\u065f\u0671-\u06d3]+$")
# Several writers: the Arabic comma, a comma, or "و" ("and") standing alone.
ARABIC_LIST_RE = re.compile(r"\s*[،,]\s*|\s+و\s+")
# Words of a newsroom, an agency or a role ("هيئة التحرير" the editorial board, "وكالة الأنباء" the news agency,
# "فريق" a team, "مراسل" a correspondent, "قسم" a desk, "خاص" a special report, "صحيفة"/"جريدة" a paper).
ARABIC_ROLE_RE = re.compile(r"تحرير|محرر|مراسل|وكالة|وكالات|الأنباء|فريق|قسم|خاص|موقع|صحيفة|جريدة|مكتب|إدارة")
# A personal name in Arabic script: a given name and a family name, at most four words ("محمد بن عبد الله").
MIN_NAME_WORDS = 2
MAX_NAME_WORDS = 4


def arabic_names(line: str) -> list[str]:
    """The writers an Arabic byline line names, or none when any part of it is no personal name."""
    match = ARABIC_BYLINE_RE.match(line)
    if match is None:
        return []
    names: list[str] = []
    for part in ARABIC_LIST_RE.split(match.group("names").strip(" ،,:")):
        words = part.split()
        if not MIN_NAME_WORDS <= len(words) <= MAX_NAME_WORDS or not all(map(ARABIC_WORD_RE.match, words)) or \
                ARABIC_ROLE_RE.search(part):
            return []
        names.append(" ".join(words))
    return names


__all__ = ["arabic_names"]
