"""Authors as people: a byline or an author field cut into personal names, outlets and roles left out.

"Dana A. Ford, James S.A. Corey, Chien-Ming Wang, and Tom Watkins, CNN" names four people and an outlet;
"Jane Smith | Staff writer" one person and her role; "Smith, John" one person written surname first (read "John
Smith"). The separators are the list words of the languages whose bylines we read ("and", "und", "et", "y", "e",
"en", "og", "och", "i", "&", commas, semicolons).
"""

from __future__ import annotations

import re

from crawler.extractors.document.text import CJK_RE, WHITESPACE_RE

# A personal name in Latin script has at most this many words ("Bruno Henrique Zecchin Rodrigues").
MAX_NAME_WORDS = 5
# In visible text a name has a given name and a surname: a single word after "By" is a place, a product or a
# label ("By Reuters, Washington", "Text Link"), not an author.
MIN_NAME_WORDS = 2
# Segments of a byline: what follows "|", "•" or " - " is a role, an outlet or a date, never a co-author.
SEGMENT_RE = re.compile(r"\s*(?:[|•·⋅]|\s[-–—]\s)\s*")
# The list words are lower case (and "AND" in all-capital bylines): "E." and "Y." are initials, not "e", "y".
# "By X with Y" credits a second person as well ("with", "avec", "mit"); Russian "и", Hungarian "és", Turkish "ve",
# Romanian "și" join two names as "and" does.
LIST_SPLIT_RE = re.compile(r"\s*(?:,|;|&|\b(?:and|And|AND|und|et|y|e|en|og|och|i|и|és|ve|și|with|avec|mit)\b"
                           r"(?![.'’]))\s*")
CONJUNCTION_RE = re.compile(r"&|\b(?:and|And|AND|und|et|y|e|en|og|och|i|и|és|ve|și)\b(?![.'’])")
# "Analysis by Chris Cillizza": the kind of piece before "by"; Greek bylines open with "of" ("Του Γιώργου ...").
PIECE_PREFIX_RE = re.compile(r"^(?:(?:analysis|opinion|commentary|review|story|words|text|photos?|interview)\s+by|"
                             r"του|της)\s+", re.I)
# The small words inside a name ("de", "van", "bin") and a Latin capital.
PARTICLES = r"de|da|del|der|den|van|von|la|le|di|du|dos|das|bin|al|el|ten|ter"
LATIN_CAPITAL = r"[A-ZÀ-ÖØ-ÞĀ-ſ]"
# One word of a name: capitalised, an initial ("A.", "S.A."), or a particle.
NAME_WORD_RE = re.compile(rf"^(?:{LATIN_CAPITAL}[\w'’.\-]*|{PARTICLES}|[A-Z]\.)$")
# A word of a name in any script with capitals, checked to begin with one ("Иван", "Γιώργος").
CASED_WORD_RE = re.compile(r"^[^\W\d_][\w'’.\-]*$")
# A surname written first, before a comma and the given names ("Smith, John", "van der Berg, Jan").
SURNAME_FIRST_RE = re.compile(rf"^(?:(?:{PARTICLES})\s+)*{LATIN_CAPITAL}[\w'’\-]*$")
# A part of a production's credits ("content: X, design: Y, code: Z"): a role written before a colon. Two of them in a
# field list a team's jobs, not the story's author.
ROLE_LABEL_RE = re.compile(r"(?:^|[,;|]\s*)[a-z][a-z ]{1,20}:\s")
MIN_ROLE_LABELS = 2
# Roles that follow or replace a name ("Staff writer", "Correspondant", "Redaktion", Turkish "Haber Merkezi", South
# Asian papers' desks "Star Online Report", "Staff Report").
ROLE_RE = re.compile(
    r"\b(?:staff|writer|reporter|correspondent|contributor|columnist|editor|editors|photographer|journalist|"
    r"redaktion|rédaction|redacción|redazione|redactie|redação|correspondant|envoyé|corresponsal|redakcja|redakce|"
    r"redakcia|redakcija|uredništvo|toimitus|redaksjonen|redaktionen|szerkesztőség|redacția|редакция|редакція|"
    r"korrespondent|special to|for the|updated|published|author|autor|auteur|autore|admin|administrator|guest|"
    # a broadcaster's studio ("ARD-Studio Brüssel") and an institution's press office signing its release
    r"studio|gabinete|ufficio\s+stampa|pressestelle|press\s+office|servicio\s+de\s+prensa|persdienst|"
    r"bio|written|anonymous|editorial|team|desk|newsroom|expert|specialist|founder|co-founder|ceo|director|"
    # a review's stamp beside the byline ("Fact Checked", "Medically Reviewed")
    r"checked|reviewed|verified|"
    r"manager|consultant|member|representative|marketer|webmaster|moderator|merkezi|report|"
    # a journalist's role under the name on Central, Eastern and Northern European author boxes ("Dziennikarka X")
    r"dziennikarz|dziennikarka|reporterka|novinář|novinářka|novinar|novinarka|újságíró|jurnalist|jurnalistă|"
    r"ziarist|ziaristă|журналист|журналистка|журналіст|журналістка|δημοσιογράφος|ajakirjanik|žurnālists|"
    r"žurnāliste|žurnalistas|žurnalistė|toimittaja)\b|^the\s", re.I)
# ROLE_RE in an ASCII text lowered (its words are lower case, and lowering ASCII moves no word boundary): the same
# matches without re.I's cost.
LOWERED_ROLE_RE = re.compile(ROLE_RE.pattern)
# News agencies and broadcasters that bylines name beside the people (each seen in news bylines or the agencies'
# own credit lines).
AGENCIES = frozenset({
    "reuters", "associated press", "ap", "afp", "agence france-presse", "agence france presse", "dpa", "efe",
    "agencia efe", "ansa", "bloomberg", "xinhua", "kyodo", "yonhap", "upi", "pa", "pa media", "cnn", "bbc",
    "bbc news", "npr", "europa press", "lusa", "anp", "belga", "tass", "interfax", "apa", "sda", "ats",
    "press association", "agencies", "wires", "wire services",
    # European national agencies (each one's own name for itself)
    "pap", "tt", "ntb", "ritzau", "stt", "mti", "agerpres", "aa", "anadolu ajansı", "dha", "iha", "тасс",
    "риа новости", "интерфакс", "čtk", "tasr", "hina", "sta", "bta", "бта", "tanjug", "танјуг", "agência brasil",
    "adnkronos", "elta", "bns", "leta", "ukrinform", "укрінформ", "ана-мпа", "апе-мпе", "keystone-sda", "servimedia",
    # Canada's agency in its two languages
    "la presse canadienne", "presse canadienne", "the canadian press", "canadian press",
    # financial newswires of European markets reports ("Thomas Krüger, dpa-AFX", "Peter Meier, AWP")
    "dpa-afx", "awp", "dow jones newswires",
})
# The last word of an outlet's or a company's name ("The Daily Courier", "Fox News", "Harbor Labs", "Anadolu Ajansı",
# the newspaper words of Commonwealth titles: "Deccan Chronicle", "Pakistan Observer", "The Kenyan Standard").
OUTLET_END_WORDS = frozenset((
    "news press times post media agency network newswire wire herald journal tribune daily gazette chronicle observer "
    "standard express telegraph guardian courier mirror advertiser examiner bulletin dispatch magazine radio tv "
    "television group inc ltd llc newsroom desk ajansı labs studio studios solutions consulting software systems "
    "technologies products energy community services store shop supply supplies "
    # a company's legal form ends a shop's or a firm's name in its own author field ("Gipfelshop GmbH")
    "gmbh corp plc").split())
# "Co." (with its dot) ends a company's name ("Luma Candle Co."); "Co" alone is also a family name.
COMPANY_ABBREVIATION = " co."
# What parts a text's words: its last word is the piece after the last such run.
NON_WORD_RE = re.compile(r"\W+")
# The end of a text a last word is read in: longer than every outlet word, so a cut word is never one.
OUTLET_WORD_WINDOW = 20
# An all-capital word this short is an acronym of an outlet ("CNN", "AP", "NPR"), not a name.
MAX_ACRONYM_LETTERS = 5


def ends_as_outlet(text: str) -> bool:
    """Whether the text's last word (a final dot aside) is an outlet's ("Fox News", "Acme Inc."): a set lookup, not
    a pattern searched at every word of the text."""
    if text.casefold().endswith(COMPANY_ABBREVIATION):
        return True
    text = text[:-1] if text.endswith(".") else text
    return NON_WORD_RE.split(text[-OUTLET_WORD_WINDOW:])[-1].casefold() in OUTLET_END_WORDS


def is_outlet_or_role(part: str) -> bool:
    """Whether a byline part names an outlet, an agency or a role rather than a person."""
    text = part.strip(" .,").casefold()
    if not text:
        return True
    if text in AGENCIES or has_role(part) or ends_as_outlet(part.strip()):
        return True
    words = part.split()
    return len(words) == 1 and part.isascii() and part.isupper() and len(part.strip(".")) <= MAX_ACRONYM_LETTERS


def has_role(part: str) -> bool:
    """``ROLE_RE.search(part)``, an ASCII part lowered and searched without re.I."""
    return (LOWERED_ROLE_RE.search(part.lower()) if part.isascii() else ROLE_RE.search(part)) is not None


def _affiliation(part: str, name: str) -> bool:
    """After "Name," an outlet: one word ("Futurism"), an acronym in it ("CNN Business") or an outlet's word."""
    words = part.split()
    acronym = not name.isupper() and any(word.isupper() and len(word) > 1 for word in words)
    return is_outlet_or_role(part) or len(words) == 1 or acronym


def looks_like_name(part: str) -> bool:
    """A personal name in a script with capitals (Latin, Cyrillic, Greek...): 1-5 capitalised words, initials or
    particles, one of them capitalised."""
    words = part.split()
    if not words or len(words) > MAX_NAME_WORDS:
        return False
    return all(NAME_WORD_RE.match(word) or (word[0].isupper() and CASED_WORD_RE.match(word)) for word in words) \
        and any(word[0].isupper() for word in words)


def split_people(text: str, *, strict: bool = True) -> list[str]:
    """The personal names in a byline or an author field, in order, without outlets and roles.

    ``strict`` (visible text) keeps only parts shaped like names; a markup field (``strict=False``) is trusted
    to hold names and only loses its outlets and roles ("kingname" stays).
    """
    text = WHITESPACE_RE.sub(" ", text).strip(" ,;:")
    if not text:
        return []
    if CJK_RE.search(text):
        parts = [p for p in re.split(r"\s*[;；|｜、，,]\s*", text) if p]
        return [p for p in parts if not is_outlet_or_role(p)]
    if len(ROLE_LABEL_RE.findall(text)) >= MIN_ROLE_LABELS:
        return []
    segments = SEGMENT_RE.split(PIECE_PREFIX_RE.sub("", text))
    names: list[str] = []
    for index, segment in enumerate(segments):
        parts = [p.strip(" ,") for p in LIST_SPLIT_RE.split(segment) if p.strip(" ,")]
        if len(parts) == 2 and "," in segment and not CONJUNCTION_RE.search(segment) and len(parts[0].split()) > 1 \
                and not SURNAME_FIRST_RE.match(parts[0]) and _affiliation(parts[1], parts[0]):
            parts = parts[:1]  # "Jill Disis, CNN Business", "Victor Tangermann, Futurism": a name and its outlet
        people = [p for p in parts if not is_outlet_or_role(p)]
        if len(people) == 2 and "," in segment and not CONJUNCTION_RE.search(segment):
            if SURNAME_FIRST_RE.match(people[0]) and len(people[1].split()) <= 2 and looks_like_name(people[1]):
                people = [f"{people[1]} {people[0]}"]  # "Smith, John": one person, surname first
            elif all(len(p.split()) == 1 for p in people):
                people = [segment.strip(" ,")]  # two single words: one field ("name, email@..."), not two people
        if index > 0 and len(people) < len(parts):
            continue  # a segment after "|" that holds a role names no further author
        for person in people:
            if (not strict or (looks_like_name(person.replace(",", " ")) and len(person.split()) >= MIN_NAME_WORDS)) \
                    and person not in names:
                names.append(person)
    return names


__all__ = ["ROLE_RE", "has_role", "is_outlet_or_role", "looks_like_name", "split_people"]
