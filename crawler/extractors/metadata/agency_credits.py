"""A news agency credited where a byline stands, in a European story's dateline or at its foot: the page's origin
(the credited outlet), never an author. Agencies are told by name (``people.AGENCIES``): a desk "with" an agency
("Par La Rédaction avec AFP", "Redacción / Europa Press"), an agency alone or before the date line ("PAP",
"Ritzau · 5. marts 2024", "Avtor: STA"), a reporter "of" an agency ("Repórter da Agência Brasil"), the bracket of a
dateline ("Bratislava 5. marca (TASR) - …") or closing the story ("(APA/red)")."""

from __future__ import annotations

import re

from lxml import etree

from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata.agency_datelines import dateline_outlet, wire_tag
from crawler.extractors.metadata.byline import ORIGIN_LINE_WORDS
from crawler.extractors.metadata.credit_lines import readable
from crawler.extractors.metadata.people import AGENCIES, SEGMENT_RE, is_outlet_or_role

# A photo's credit names its agency too ("Foto: Bernd Keller/dpa", "Fot. PAP/…", "Kuva: … / Lehtikuva"): not the
# story's outlet.
PHOTO_WORD_RE = re.compile(r"\b(?:fot|foto|fotos|fotó|fotografia|photo|photos|kuva|kuvat|bild|фото|grafik|credit|"
                           r"credits)\b", re.I)
# The label of an author or a source field before an agency ("Avtor: STA", "Autor: PAP", "Von dpa", "Quelle: dpa").
# (and an agency's own desk, "Redazione ANSA ROMA 05 marzo 2024", after a "by" too: "di Redazione ANSA"; a
# broadcaster's "Mit Material von dpa")
LABEL_RE = re.compile(r"^(?:(?:autor|avtor|author|auteur|autore|autorius|автор|аутор|szerző|yazar|kirjoittaja|by|"
                      rf"von|par|por|door|av|af|di|{ORIGIN_LINE_WORDS}|redazione|redacción|redação|redaktion|"
                      r"mit material von)\s*:?\s+){1,2}", re.I)
# A reporter "of" an agency ("Repórter da Agência Brasil", "Correspondent of Reuters").
ROLE_OF_RE = re.compile(r"^(?:repórter|reporter|correspondente|correspondent|correspondant|corresponsal|redator|"
                        r"redatora|jornalista|journalist)\s+(?:da|do|de|of|der|di|della|du|de la)\s+", re.I)
# Where a desk or a writer is joined "with" an agency, or an agency follows a slash ("… avec AFP", "(avec AFP)",
# "… mit dpa", "… / EFE").
WITH_RE = re.compile(r"\s+\(?(?:avec|with|mit|con|com|met)\s+|\s*/\s*", re.I)
# A dateline's agency in brackets before the story's dash ("BERLIN (dpa) -", "Bratislava 5. marca (TASR) –",
# "(ANSA) - ROMA, 05 MAR -").
# (a Spanish agency's own copy has no dash after its capitals: "MADRID, 5 (EUROPA PRESS) El Consejo…")
# (and Spanish agencies' full stop before the dash: "Madrid (EFE).- …")
LEAD_RE = re.compile(r"^(?:[^\W\d][^()\n]{1,40}?)?\((?P<agency>[^()/\n]{2,30})\)"
                     r"(?:\.?\s*(?P<dash>[-–—])|\s+(?=[A-ZÀ-Þ]))")
# A Russian-style dateline of place, day and month, then the agency before a dash, or between slashes ("Самара.
# 5 марта. Интерфакс – …", "МОСКВА, 5 марта. /ТАСС/. …").
DOTTED_LEAD_RE = re.compile(r"^[^\W\d][^.,\n]{1,30}[.,]\s+\d{1,2}\s+[^\W\d]{3,12}\.\s+"
                            r"(?:/(?P<slashed>[^/\n]{2,30})/|(?P<agency>[^\W\d][^\n–—-]{1,30}?)\s*[-–—])")
# A byline's line is short; a longer one is a sentence or a caption.
MAX_LINE_CHARS = 120
# An acronym glued to the next capitalised word by inline elements without a space ("avec AFPLe 05/03/2024").
GLUED_RE = re.compile(r"(?<=[A-Z]{2})(?=[A-Z][a-z])")
# Any agency's name as a word of a lowered text: the one search a block near the headline gets when it names none
# (most blocks), before the readers above (without re.I the search skips to the names' first letters); a block with
# an acronym glued to a capitalised word ("AFPLe 05/03/2024", GLUE_HINT_RE) is read as well.
AGENCY_NAME_RE = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, AGENCIES), key=len, reverse=True)) + r")\b")
GLUE_HINT_RE = re.compile(r"[A-Z]{3}[a-z]")
# FOOT_RE over the short blocks' texts joined by NULs: one search rather than one test a block.
JOINED_FOOT_RE = re.compile(r"\x00\((?P<agency>[^()/\n\x00]{2,30})(?:\s*/\s*[^()/\n\x00]{1,10})?\)(?=\x00)")
# Swiss papers close a story with the agency in lower case before the editor's initials, without brackets ("sda/umr",
# "ats/nxp"), or with a broadcaster's "Mit Material von dpa".
JOINED_FOOT_CREDIT_RE = re.compile(r"\x00(?:(?P<agency>[a-z]{2,5})(?:/[a-z]{2,4}){1,2}|[Mm]it Material von "
                                   r"(?P<named>[^\x00,]{2,30}?)(?: und [^\x00]{2,30})?\.?)(?=\x00)")
# A picture's caption or credit, by its tag or its class or id, up to this many levels above a block's element.
PICTURE_TAGS = frozenset({"figure", "figcaption"})
PICTURE_MARK_RE = re.compile(r"credit|caption|image|photo|foto|picture|figure|media", re.I)
PICTURE_LEVELS = 3
# Agencies that write their names in lower case themselves; another's acronym written so is a house style ("(sda)").
LOWER_CASE_AGENCIES = frozenset({"dpa"})
# An agency's acronym has at most four letters ("sda", "ats", "tasr"); a longer name or a short word ("reuters",
# "lusa") is capitalised.
MAX_ACRONYM_CHARS = 4
WORD_AGENCIES = frozenset({"lusa"})
# Words an agency's name has at most ("Agência Brasil", "Anadolu Ajansı", "РИА Новости").
MAX_AGENCY_WORDS = 3


def _agency(text: str) -> str | None:
    """The agency the text names, as the agency writes it: a dateline's capitals ("EUROPA PRESS") and a Swiss foot's
    lower case ("(sda)") are house styles."""
    text = text.strip(" .,:;-–—()")
    if text.casefold() not in AGENCIES:
        return None
    if text.islower() and " " not in text and text not in LOWER_CASE_AGENCIES:
        return text.upper() if len(text) <= MAX_ACRONYM_CHARS and text not in WORD_AGENCIES else text.title()
    return text.title() if text.isupper() and " " in text else text


def byline_agency(line: str, *, after_comma: bool = True) -> str | None:
    """The agency a byline's line credits, or None: a line of a photo's credit is passed over. The agency stands
    alone or before a date (the rest of its piece holds a digit: "TT Publicerad för 3 timmar sedan"); after "with"
    or a slash, or in a piece after a bar, only in a labelled byline or beside a desk ("Por X / EFE", "Redacción /
    Europa Press", "By X | Reuters"): a photographer's credit is "Name / Agency" too. After a comma ("Name, Agency")
    unless ``after_comma`` is False (a picture's credit, ``block_agency`` tells)."""
    line = GLUED_RE.sub(" ", normalize_space(line))
    if not line or len(line) > MAX_LINE_CHARS or PHOTO_WORD_RE.search(line):
        return None
    labelled = False
    # (an agency after a bar beside a writer's name, "Leena Salo | STT", unless in a picture's credit)
    first_bar = after_comma and (separator := SEGMENT_RE.search(line)) is not None and "|" in separator.group()
    for index, segment in enumerate(SEGMENT_RE.split(line)[:3]):
        unlabelled = LABEL_RE.sub("", segment.strip())
        own = unlabelled != segment.strip()  # (its own label: "Von X", "Quelle: dpa")
        labelled = labelled or (index == 0 and own)
        segment = ROLE_OF_RE.sub("", unlabelled)
        if index > 0 and not labelled and not own and segment == unlabelled and not (index == 1 and first_bar):
            continue
        pieces = [segment]
        if after_comma and "," in segment:  # a writer, a comma and the agency ("Jean Tremblay, La Presse Canadienne")
            pieces.append(segment.rpartition(",")[2])
        for match in WITH_RE.finditer(segment):
            if labelled or own or is_outlet_or_role(segment[:match.start()]):
                pieces.append(segment[match.end():])
        for piece in pieces:
            if agency := _first_words_agency(piece.split()):
                return agency
    return None


def _first_words_agency(words: list[str]) -> str | None:
    for count in range(1, min(MAX_AGENCY_WORDS, len(words)) + 1):
        rest = " ".join(words[count:])
        agency = _agency(" ".join(words[:count]))
        # (a two-letter agency alone is as often a widget's label: "AA", a text-size button)
        if agency and (any(character.isdigit() for character in rest) or (not rest and len(agency) > 2)):
            return agency
    return None


def block_agency(block: TextBlock) -> str | None:
    """The agency one of a short block's lines credits (``byline_agency``) or its dateline (``lead_agency``), in a
    block a reader sees."""
    if AGENCY_NAME_RE.search(block.text.lower()) is None and GLUE_HINT_RE.search(block.text) is None:
        return None
    after_comma = not _in_picture(block.element)
    agency = lead_agency(block.text) or next(
        (found for line in block.text.split("\n") if (found := byline_agency(line, after_comma=after_comma))), None)
    return agency if agency and readable(block) else None


def _in_picture(element: etree._Element | None) -> bool:
    """Whether the element is (in) a picture's caption or credit, a few levels up: "Al Goldis, Associated Press" there
    credits the photographer's agency, not the story's."""
    if element is None:
        return False
    nodes = [element, *(node for _, node in zip(range(PICTURE_LEVELS), element.iterancestors(), strict=False))]
    return any(node.tag in PICTURE_TAGS or PICTURE_MARK_RE.search(f"{node.get('class') or ''} {node.get('id') or ''}")
               for node in nodes)


def dateline_origin(paragraph: str) -> str | None:
    """The outlet a story's dateline credits: a CJK agency's (``agency_datelines.dateline_outlet``) or a European
    one's bracket (``lead_agency``)."""
    return dateline_outlet(paragraph) or lead_agency(paragraph) or wire_tag(paragraph)


def lead_agency(paragraph: str) -> str | None:
    """The agency of a European story's dateline ("Bratislava 5. marca (TASR) - …"), or None."""
    if "(" not in paragraph[:80]:
        dotted = DOTTED_LEAD_RE.match(paragraph[:80])
        return _agency(dotted["slashed"] or dotted["agency"]) if dotted else None
    match = LEAD_RE.match(paragraph[:80])
    return _agency(match["agency"]) if match and (match["dash"] or match["agency"].isupper()) else None


def foot_agency(texts: list[str]) -> str | None:
    """The agency that closes a story in brackets, alone in a short block ("(APA/red)"), before an editor's initials
    ("sda/umr") or after "Mit Material von", or None."""
    joined = "\x00" + "\x00".join(texts) + "\x00"
    for match in JOINED_FOOT_RE.finditer(joined):
        if agency := _agency(match["agency"]):
            return agency
    for match in JOINED_FOOT_CREDIT_RE.finditer(joined):
        if agency := _agency(match["agency"] or match["named"]):
            return agency
    return None


__all__ = ["block_agency", "byline_agency", "dateline_origin", "foot_agency", "lead_agency"]
