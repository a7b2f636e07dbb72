"""The genre a byline names before its label: "Eine Analyse von Anna Müller", "Ein Kommentar von ...",
"Analysis by ...", "Opinion by ...". The genre is a word of the label, never part of the name, so it is cut off and
the rest read as the plain byline ("von Anna Müller")."""

from __future__ import annotations

import re

# German: an article ("Ein", "Eine") and one capitalized noun before "von" (a German noun is always capitalized);
# English: a desk's genre word before "by" (a news site's analysis or opinion column).
GENRE_LABEL_RE = re.compile(r"^(?:Ein(?:e|en)?\s+[A-ZÄÖÜ][a-zäöüß-]{3,20}\s+(?=von\s)|"
                            r"(?:News\s+)?(?:Analysis|Opinion|Commentary|Review|Perspective)\s+(?=by\s))", re.I)


def without_genre(line: str) -> str:
    """The byline with the genre before its label cut off ("Eine Analyse von X" -> "von X"); others as they are."""
    return GENRE_LABEL_RE.sub("", line, count=1) if line[:1] in "EeAaOoCcRrPpNn" else line


__all__ = ["GENRE_LABEL_RE", "without_genre"]
