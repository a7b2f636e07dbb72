"""Month names of the languages whose news pages the date reader knows, in the cases their dates write them in."""

from __future__ import annotations

import re

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            # en, fr, de, es, it, pt, nl, sv/da/no, pl, ru, uk, el, cs and fi (in the case dates write them in), tr,
            # id/ms, ro and hu, with abbreviations (Greek also without its accents, as capitals are written); sk, hr,
            # sl, sr (both scripts), bg, lt and ca in the cases their dates write them in (Croatian "listopada",
            # October, is left out: Polish writes November so); lv (locative and nominative), et, and Greek's
            # three-letter abbreviations
            ("jan", "january", "janv", "janvier", "januar", "jän", "jänner", "enero", "ene", "gennaio", "gen",
             "janeiro", "januari", "stycznia", "styczeń", "января", "янв",
             "січня", "ιανουαρίου", "ιανουαριου",
             "ocak", "ledna", "leden", "ianuarie", "tammikuuta", "tammikuu", "január",
             "januára", "siječnja", "januarja", "januar", "јануар", "јануара", "януари", "sausio", "gener",
             "janvārī", "janvāris", "jaanuar", "ιαν"),
            ("feb", "february", "févr", "fevr", "février", "februar", "febrero", "febbraio", "fevereiro", "fev",
             "februari", "lutego", "luty", "февраля", "фев",
             "лютого", "φεβρουαρίου", "φεβρουαριου",
             "şubat", "subat", "února", "únor", "februarie", "helmikuuta", "helmikuu", "február", "febr",
             "februára", "veljače", "februarja", "фебруар", "фебруара", "февруари", "vasario", "febrer",
             "februārī", "februāris", "veebruar", "φεβ"),
            ("mar", "march", "mars", "märz", "mär", "marzo", "março", "maart", "mrt", "marca", "marzec", "марта",
             "березня", "μαρτίου", "μαρτιου", "marts",
             "mart", "maret", "mac", "března", "březen", "martie", "maaliskuuta", "maaliskuu", "március", "márc",
             "ožujka", "marec", "март", "марта", "kovo", "març",
             "martā", "märts", "μαρ"),
            ("apr", "april", "avr", "avril", "abril", "abr", "aprile", "kwietnia", "kwiecień", "апреля", "апр",
             "квітня", "απριλίου", "απριλιου",
             "nisan", "dubna", "duben", "aprilie", "huhtikuuta", "huhtikuu", "április", "ápr",
             "apríla", "travnja", "aprila", "април", "априла", "balandžio",
             "aprīlī", "aprīlis", "aprill", "απρ"),
            ("may", "mai", "mayo", "maggio", "mag", "maio", "mei", "maj", "maja", "мая",
             "травня", "μαΐου", "μαιου",
             "mayıs", "mayis", "května", "květen", "toukokuuta", "toukokuu", "május", "máj",
             "mája", "svibnja", "мај", "маја", "май", "gegužės", "maig",
             "maijā", "maijs", "μαΐ", "μαι"),
            ("jun", "june", "juin", "juni", "junio", "giugno", "giu", "junho", "czerwca", "czerwiec", "июня",
             "червня", "ιουνίου", "ιουνιου",
             "haziran", "června", "červen", "iunie", "kesäkuuta", "kesäkuu", "június", "jún",
             "júna", "lipnja", "junij", "junija", "јун", "јуна", "юни", "birželio", "juny",
             "jūnijā", "jūnijs", "juuni", "ιουν"),
            ("jul", "july", "juil", "juillet", "juli", "julio", "luglio", "lug", "julho", "lipca", "lipiec",
             "июля",
             "липня", "ιουλίου", "ιουλιου",
             "temmuz", "julai", "července", "červenec", "iulie", "heinäkuuta", "heinäkuu", "július", "júl",
             "júla", "srpnja", "julij", "julija", "јул", "јула", "юли", "liepos", "juliol",
             "jūlijā", "jūlijs", "juuli", "ιουλ"),
            ("aug", "august", "août", "aout", "agosto", "ago", "augustus", "augusti", "sierpnia", "sierpień",
             "августа", "авг",
             "серпня", "αυγούστου", "αυγουστου",
             "ağustos", "agustos", "agustus", "ogos", "srpna", "srpen", "elokuuta", "elokuu", "augusztus",
             "augusta", "kolovoza", "avgust", "avgusta", "август", "августа", "rugpjūčio", "agost",
             "augustā", "augusts", "αυγ"),
            ("sep", "sept", "september", "septembre", "septiembre", "settembre", "set", "setembro", "września",
             "wrzesień", "сентября", "сен",
             "вересня", "σεπτεμβρίου", "σεπτεμβριου",
             "eylül", "eylul", "září", "septembrie", "syyskuuta", "syyskuu", "szeptember", "szept",
             "septembra", "rujna", "septembar", "септембар", "септембра", "септември", "rugsėjo", "setembre",
             "septembrī", "septembris", "σεπ"),
            ("oct", "october", "octobre", "oktober", "okt", "octubre", "ottobre", "ott", "outubro", "out",
             "października", "październik", "октября", "окт",
             "жовтня", "οκτωβρίου", "οκτωβριου",
             "ekim", "října", "říjen", "octombrie", "lokakuuta", "lokakuu", "október",
             "októbra", "oktobra", "oktobar", "октобар", "октобра", "октомври", "spalio",
             "oktobrī", "oktobris", "oktoober", "οκτ"),
            ("nov", "november", "novembre", "noviembre", "novembro", "listopada", "listopad", "ноября", "ноя",
             "листопада", "νοεμβρίου", "νοεμβριου",
             "kasım", "kasim", "listopadu", "noiembrie", "marraskuuta", "marraskuu",
             "novembra", "studenoga", "novembar", "новембар", "новембра", "ноември", "lapkričio",
             "novembrī", "novembris", "νοε"),
            ("dec", "december", "déc", "décembre", "dezember", "dez", "diciembre", "dic", "dicembre", "dezembro",
             "grudnia", "grudzień", "декабря", "дек",
             "грудня", "δεκεμβρίου", "δεκεμβριου",
             "aralık", "aralik", "desember", "disember", "prosince", "prosinec", "decembrie", "joulukuuta",
             "joulukuu", "decembra", "prosinca", "decembar", "децембар", "децембра", "декември", "gruodžio",
             "desembre",
             "decembrī", "decembris", "detsember", "δεκ"),
        ],
        start=1,
    )
    for name in names
}



def trie_alternation(words: list[str]) -> str:
    """A pattern matching any of the words, the longest first, written as a tree of their shared beginnings: a regex
    alternation tries each of its hundreds of words in turn at a place, the tree one branch a letter."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for character in word:
            node = node.setdefault(character, {})
        node[""] = {}

    def pattern(node: dict[str, dict]) -> str:
        branches = [re.escape(character) + pattern(child) for character, child in node.items() if character]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body  # (greedy: the longer word before the shorter)

    return pattern(root)


__all__ = ["MONTHS", "trie_alternation"]
