"""The genre a byline names before its label: "Eine Analyse von Anna Müller", "Ein Kommentar von ...",
"Analysis by ...", "Opinion by ...". The genre is a word of the label, never part of the name, so it is cut off and
the rest read as the plain byline ("von Anna Müller")."""

from __future__ import annotations

import re

# German: an article ("Ein", "Eine") and one noun before "von" (a German noun is always capitalized);
# English: a desk's genre word before "by" (a news site's analysis or opinion column).
GENRE_LABEL_RE = re.compile(r"^(?:Ein(?:e|en)?\s+[A-ZÄÖÜ][a-zäöüß-]{3,20}\s+(?=von\s)|"
                            r"(?:News\s+)?(?:Analysis|Opinion|Commentary|Review|Perspective|Fact[- ]check)\s+(?=by\s)|"
                            # a genre's badge printed before the label in the same line ("Faktencheck Von X | …")
                            r"(?:Faktencheck|Kommentar|Gastbeitrag|Leitartikel|Kolumne)\s+(?=von\s)|"
                            r"(?:Décryptage|Tribune|Éditorial|Chronique|Vrai ou faux)\s+(?=par\s))", re.I)
# The words such a line starts with, for the credit pre-check (``byline.BYLINE_LINE_WORDS``).
GENRE_LINE_WORDS = (r"ein|eine|einen|news|analysis|opinion|commentary|review|perspective|fact|faktencheck|kommentar|"
                    r"gastbeitrag|leitartikel|kolumne|décryptage|tribune|éditorial|chronique|vrai")
# The writer's role between the label and the name: "Door onze redacteur X", "Von unserem Korrespondenten X",
# "Par notre correspondante X", "Door onze correspondent in Berlijn X" is not read (the place runs on into the name).
ROLE_AFTER_LABEL_RE = re.compile(r"^(?P<label>door|von|par)\s+(?:onze|unserem|unserer|notre|nos)\s+"
                                 r"(?:redacteur|redacteuren|redactrice|correspondent|correspondente|verslaggever|"
                                 r"korrespondenten|korrespondentin|redakteur|redakteurin|mitarbeiter|mitarbeiterin|"
                                 r"correspondant|correspondante|envoyé spécial|envoyée spéciale|envoyé|envoyée)"
                                 r"\s+(?=[A-ZÀ-Þ])", re.I)


def without_genre(line: str) -> str:
    """The byline with the genre before its label cut off ("Eine Analyse von X" -> "von X") and the writer's role
    after it ("Door onze redacteur X" -> "Door X"); others as they are."""
    if line[:1] in "EeAaOoCcRrPpNnFfKkGgLlDdTtÉéVv":
        line = GENRE_LABEL_RE.sub("", line, count=1)
    if line[:1] in "DdVvPp":
        line = ROLE_AFTER_LABEL_RE.sub(lambda match: match.group("label") + " ", line, count=1)
    return line


__all__ = ["GENRE_LABEL_RE", "GENRE_LINE_WORDS", "ROLE_AFTER_LABEL_RE", "without_genre"]
