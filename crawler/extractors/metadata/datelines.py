"""Date lines: the publication and the modification date of one visible line, told apart by their labels.

"发布时间：2021-03-05 09:30 更新时间：2021-03-06", "입력 2024.03.12 14:05 | 수정 2024.03.13 09:30",
"Publié le 5 févr. 2024, mis à jour le 6 février", "2024年1月16日 8時00分 更新": a line is cut at its labels;
a date after a publication label (or with no label) is the publication date, one after a modification label
the modification date. Japanese writes the label after the date ("15:20配信", "8:00更新"), and that is read too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from crawler.extractors.metadata.date_values import ZONE_ABBREVIATIONS, build_date
from crawler.extractors.metadata.dates import (
    FoundDate,
    find_relative_date,
    find_text_date_span,
    find_yearless_date,
    normalise,
)
from crawler.extractors.metadata.relative_dates import may_be_relative, re_i_lowered

# Labels of a modification date (zh, ja, ko, en, fr, de, es, it, pt, nl, pl, ru, uk, el, cs, sv/da/no, fi; ro, ca,
# hu, tr, bg, hr/sr, sl, lt; lv, et).
MODIFIED_LABELS = (
    "最后更新", "最後更新", "更新时间", "更新時間", "更新日時", "更新日", "更新于", "更新於", "修改时间", "最終更新日",
    "编辑于", "編輯於", "修改",  # a Q&A site's "编辑于 2024-03-06 10:12", a blog's "已于 2024-03-06 09:00 修改"
    "最終更新",
    "更新", "최종수정", "수정", "업데이트", "last updated", "last update", "last modified", "updated", "modified",
    "최종수정일", "last reviewed",  # a service page's "Page last reviewed: …", its content checked and reissued
    "mis à jour", "mise à jour", "modifié", "modifiée", "aktualisiert", "geändert", "actualizado", "actualización",
    "modificado",
    "aggiornato", "aggiornamento", "modificato", "modifica", "atualizado", "atualização", "bijgewerkt", "gewijzigd",
    "aangepast", "aktualizacja", "aktualizacji", "zaktualizowano", "обновлено", "uppdaterad", "opdateret", "päivitetty",
    "oppdatert", "aktualizováno", "aktualizované", "оновлено", "ενημέρωση", "ενημερώθηκε",
    "actualizat", "actualitzat", "frissítve", "güncelleme", "güncellendi", "обновено", "ažurirano", "ажурирано",
    "posodobljeno", "atnaujinta", "atjaunots", "atjaunināts", "uuendatud",
)
# (Turkish labels are written with "i" for "ı": re.I matches the two, and the labels' letters are as re_i_lowered
# gives them)
# Labels of a publication date. The bare "时间"/"日期"/"Date" only with a colon after them: alone they are
# words of a sentence ("北京时间6月24日").
PUBLISHED_LABELS = (
    "发布时间", "發佈時間", "发布日期", "發布日期", "发表时间", "發表時間", "发表于", "發表於", "发稿时间", "发布于",
    "發佈於", "出版时间", "刊发时间", "公開日時", "公開日", "掲載日時", "掲載日", "配信日時", "投稿日時", "投稿日",
    "公開",
    "掲載", "配信",
    "기사입력", "입력", "등록", "게재", "published", "posted", "publié", "veröffentlicht", "publicado", "publicada",
    "pubblicato", "publicato", "gepubliceerd", "opublikowano", "опубликовано", "publicerad", "publiceret", "julkaistu",
    "erstellt", "erschienen", "paru", "geplaatst", "publisert", "publikováno", "zveřejněno", "публикация",
    "опубліковано", "δημοσίευση", "δημοσιεύθηκε",
    "publicat", "közzétéve", "yayinlanma", "yayinlandi", "публикувано", "objavljeno", "објављено", "publikované",
    "paskelbta", "publicēts", "avaldatud",
)
# Labels of other events whose date is neither: a forum member's card beside the first post ("Joined: Jul 24, 2017"),
# a thread's last reply in its header ("Last post: 01/12/2025"); a member card's registration or founding day
# ("Registered: …", "Join Date: …", a game forum's "Founded: …").
OTHER_EVENT_LABELS = (
    "joined", "join date", "registered", "founded", "member since",
    "last post", "last reply", "last active", "last seen", "last visit",
    "mitglied seit", "registriert seit", "inscrit le", "inscrit depuis", "miembro desde", "iscritto dal",
    "注册时间", "註冊時間", "注册于", "加入时间", "最后回复", "最後回覆", "最后登录", "登録日", "가입일",
    "成文日期", "成文时间",  # a government notice's day of writing, before its publication day ("发布日期")
)
# (a Hong Kong portal's "出版：" is its publication label: bare, "出版" is a word of sentences)
COLON_LABELS = ("时间", "時間", "日期", "日時", "出版", "date", "datum", "fecha", "data")
# Labels written after the date in Japanese ("15:20配信", "8:00更新").
# (Chinese blogs write theirs after the date too: "已于 2024-03-06 09:00:00 修改")
TRAILING_LABELS = frozenset({"配信", "公開", "掲載", "更新", "投稿", "修改"})
TRAILING_MODIFIED_LABELS = frozenset({"更新", "修改"})
# A broadcaster's regional page dates a story of the current year by month, day and a clock written out in 時 and 分
# ("03月05日 18時12分"), unlabelled: read as a year-less date when it is the whole segment; a regional paper's too,
# its clock with a colon or after a weekday in brackets ("3月5日 14:30", "3月5日（火）14時30分").
MONTH_DAY_CLOCK_RE = re.compile(r"\d{1,2}\s*月\s*\d{1,2}\s*日(?:\s*[（(][^）)]{1,3}[）)])?\s*\d{1,2}\s*"
                                r"(?:[時时]\s*\d{1,2}\s*分|[:：]\s*\d{2})|"
                                # (a portal's "3/5(火) 14:30": month and day slashed, the weekday in brackets)
                                r"\d{1,2}/\d{1,2}\s*[（(][月火水木金土日][）)]\s*\d{1,2}:\d{2}")


def _alternation(labels: tuple[str, ...]) -> str:
    return "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))


# Latin labels are whole words; CJK labels stand anywhere. (LABEL_RE and STRONG_PUBLISHED_RE are what the labels are;
# the readers look for them as LOWERED_LABEL_RE and the others below.)
LABEL_RE = re.compile(
    rf"(?P<modified>{_alternation(MODIFIED_LABELS)})|(?P<published>{_alternation(PUBLISHED_LABELS)})"
    rf"|(?P<colon>(?:{_alternation(COLON_LABELS)})\s*[:：])",
    re.I,
)
# A publication label strong enough to trust a date found anywhere on the page, not only near the headline.
STRONG_PUBLISHED_RE = re.compile(
    rf"(?:{_alternation(PUBLISHED_LABELS)}|(?:{_alternation(COLON_LABELS)})\s*[:：])", re.I)
# The label patterns as ``_labels`` and ``has_publication_label`` look for them: in the line as re.I sees it (the
# lowered line for an ASCII line, where only the ASCII labels can match; ``re_i_lowered`` for another) without re.I,
# each label an alternative of its own ("date\s*:" too), so that every alternative starts with a letter, which the
# search skips to: the alternation of named groups, and re.I's, were tried at every character. A label's kind is the
# list it is in (no label is in both; the colon labels are publication labels). Lowering ASCII lines, leaving re.I out
# for them and flat alternations make the label search several times cheaper.
MODIFIED_KIND = frozenset(label.lower() for label in MODIFIED_LABELS)
OTHER_KIND = frozenset(label.lower() for label in OTHER_EVENT_LABELS)


def _flat_alternation(labels: tuple[str, ...], after: str = "") -> str:
    """``_alternation``'s labels each followed by ``after``: (?:a|b)X as aX|bX, the same choices in the same order."""
    return "|".join(re.escape(label) + after for label in sorted(labels, key=len, reverse=True))


def _ascii(labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(label.lower() for label in labels if label.isascii())


LOWERED_LABEL_RE = re.compile("|".join((_flat_alternation(OTHER_EVENT_LABELS), _flat_alternation(MODIFIED_LABELS),
                                        _flat_alternation(PUBLISHED_LABELS),
                                        _flat_alternation(COLON_LABELS, r"\s*[:：]"))))
ASCII_LOWERED_LABEL_RE = re.compile("|".join((_flat_alternation(_ascii(OTHER_EVENT_LABELS)),
                                              _flat_alternation(_ascii(MODIFIED_LABELS)),
                                              _flat_alternation(_ascii(PUBLISHED_LABELS)),
                                              _flat_alternation(_ascii(COLON_LABELS), r"\s*:"))))
LOWERED_STRONG_PUBLISHED_RE = re.compile("|".join((_flat_alternation(PUBLISHED_LABELS),
                                                   _flat_alternation(COLON_LABELS, r"\s*[:：]"))))
ASCII_LOWERED_STRONG_PUBLISHED_RE = re.compile("|".join((_flat_alternation(_ascii(PUBLISHED_LABELS)),
                                                         _flat_alternation(_ascii(COLON_LABELS), r"\s*:"))))
# The modification labels alone, looked for as LOWERED_LABEL_RE's are (``may_hold_modified``): a line without one gives
# no modification date, since ``dates_of_segments`` takes a date for one only after such a label or before "更新", which
# is one of them too.
LOWERED_MODIFIED_LABEL_RE = re.compile(_flat_alternation(MODIFIED_LABELS))
ASCII_LOWERED_MODIFIED_LABEL_RE = re.compile(_flat_alternation(_ascii(MODIFIED_LABELS)))
DIGIT_RE = re.compile(r"\d")  # Unicode digits: full-width ones too
LATIN_LETTER_RE = re.compile(r"[a-zà-ÿ]", re.I)


@dataclass
class LineDates:
    """The dates of one line: ``labelled`` when a publication label stood before the publication date."""

    published: FoundDate | None = None
    modified: FoundDate | None = None
    labelled: bool = False
    context: str = ""  # the part of the line between labels where the publication date stood
    # The publication date is written whole (no relative or year-less date): read without the crawl time, the line
    # gives it too (``date_conflicts.stated_date``).
    whole: bool = False


def _labels(line: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of each label in the line; Latin labels only as whole words."""
    found = []
    pattern = ASCII_LOWERED_LABEL_RE if line.isascii() else LOWERED_LABEL_RE
    for match in pattern.finditer(line.lower() if line.isascii() else re_i_lowered(line)):
        start, end = match.span()  # (the same in the line: lowering keeps every character one character long)
        if LATIN_LETTER_RE.match(line, start) and (
                (start > 0 and line[start - 1].isalpha() and not _glued(line, start))
                or (end < len(line) and line[end].isalpha() and not _glued(line, end))):
            continue
        label = match.group()
        kind = "modified" if label in MODIFIED_KIND else "other" if label in OTHER_KIND else "published"
        found.append((start, end, kind))
    return found


def _glued(line: str, at: int) -> bool:
    """A lower-case letter before ``at`` and a capital at it: two inline elements printed without a space ("Krause
    UpdatedJanuary 25"), a word's end, not a word's middle."""
    return line[at - 1].islower() and line[at].isupper()


def read_date_line(line: str, now: datetime | None, *, day_first: bool = False,
                   yearless: bool = True) -> LineDates:
    """The publication and modification dates of a line, by their labels."""
    line = normalise(line)
    # A line that may hold no date (most lines read near the headline) is not cut at its labels.
    if not _may_hold_date(line):
        return LineDates()
    return dates_of_segments(line, now, day_first=day_first, yearless=yearless)


def may_hold_date(line: str) -> bool:
    """Whether ``read_date_line`` may find a date in the line (False: it finds none)."""
    return _may_hold_date(normalise(line))


def may_hold_modified(line: str) -> bool:
    """Whether ``read_date_line`` may find a modification date in the line (False: its ``modified`` is None): the line,
    as ``_labels`` reads it, holds a modification label and may hold a date."""
    if line.isascii():  # NFKC leaves ASCII as it is
        return ASCII_LOWERED_MODIFIED_LABEL_RE.search(line.lower()) is not None and _may_hold_date(line)
    line = normalise(line)
    return LOWERED_MODIFIED_LABEL_RE.search(re_i_lowered(line)) is not None and _may_hold_date(line)


def _may_hold_date(line: str) -> bool:
    # Without a digit a line has no absolute or yearless date, and without the relative hint no relative one in any
    # of its segments.
    return DIGIT_RE.search(line) is not None or may_be_relative(line)


def dates_of_segments(line: str, now: datetime | None, *, day_first: bool = False,
                      yearless: bool = True) -> LineDates:
    """``read_date_line`` of a normalised line, without its quick test: the line is cut at its labels and each
    segment read."""
    labels = _labels(line)
    result = LineDates()
    update_clock = None  # a modification label's segment holding a clock time alone ("Updated 18:02 GMT")
    bounds = [(0, None)] + [(end, kind) for _, end, kind in labels]
    starts = [start for start, _, _ in labels] + [len(line)]
    for index, ((begin, kind), stop) in enumerate(zip(bounds, starts, strict=True)):
        if kind == "other":
            continue  # a member's join day, a thread's last reply: not this page's dates
        segment = line[begin:stop]
        # (``find_text_date_span(segment, now)``, its absolute dates told from its relative ones)
        found, end = find_text_date_span(segment, None, day_first=day_first)
        whole = found is not None
        if found is None and now is not None:
            text = normalise(segment)
            found, end = find_relative_date(text, now), len(text)
        trailing = index < len(labels) and line[labels[index][0]:labels[index][1]] in TRAILING_LABELS
        # ("発布时间：10-08 12:00", "3/12(火) 10:30配信"; unlabelled, the Nordic "5.3. klo 14.30")
        if found is None and (kind is not None or trailing or "kl" in segment or
                              MONTH_DAY_CLOCK_RE.fullmatch(segment.strip())) and yearless and now is not None:
            found = find_yearless_date(segment, now)
            end = len(segment.rstrip())
            if found is not None and result.published is not None and result.whole:  # ("… 2019 - Updated Nov 18")
                found = _in_year_of(found, result.published)
        if found is None:
            if kind == "modified" and update_clock is None:
                update_clock = CLOCK_ONLY_RE.match(segment)
            continue
        # "15:20配信": the label after ("2024/03/05に公開": a tech blog's "on" between them)
        if index < len(labels) and not line[begin + end:stop].strip(" ,").removeprefix("に"):
            label_after = line[labels[index][0]:labels[index][1]]
            # (a label with its colon leads the next date: "14:30更新：…16:10" is two fields glued together)
            if label_after in TRAILING_LABELS and (kind is None or kind == "published") and \
                    line[labels[index][1]:labels[index][1] + 1] not in ("：", ":"):
                kind = "modified" if label_after in TRAILING_MODIFIED_LABELS else "published"
        elif index < len(labels) and line[labels[index][0]:labels[index][1]] == "更新" and kind != "modified":
            result.modified = result.modified or _bracketed_update(line[begin + end:stop], now, day_first)
        if kind == "modified":
            result.modified = result.modified or found
        elif result.published is None:
            result.published = found
            result.labelled = kind == "published"
            result.context = segment.strip()
            result.whole = whole
    if result.modified is None and result.published is not None and update_clock is not None:
        result.modified = _same_day_update(result.published, update_clock)
    return result


def _in_year_of(found: FoundDate, published: FoundDate) -> FoundDate | None:
    """A year-less date read after the line's publication date written whole, in that date's year (the next one when
    it would fall before it): an old page's "November 18, 2019 … Updated November 18 at 4:46 PM"."""
    moment, clock = found.moment, "T" in found.iso
    for year in (published.moment.year, published.moment.year + 1):
        moved = build_date(year, moment.month, moment.day, str(moment.hour) if clock else None,
                           str(moment.minute) if clock else None, None, moment.tzinfo)
        if moved is not None and moved.moment.date() >= published.moment.date():
            return moved
    return None


# A clock time alone after a modification label, its zone as written ("Aggiornato alle 18:02", "Updated 18:02 GMT",
# Russian "Обновлено в 14:52").
CLOCK_ONLY_RE = re.compile(
    r"^\s*:?\s*(?:at|alle|à|um|às|a las|om|kl\.?|klo|в|о|o|u)?\s*"
    r"(?P<hour>[01]?\d|2[0-3])[:h.](?P<minute>[0-5]\d)(?!\d)\s*"
    r"(?P<ampm>[ap]\.?m\.?)?\s*(?-i:(?P<zone>[A-Z]{3,4}))?\s*[.,)]?\s*$", re.I)


def _same_day_update(published: FoundDate, clock: re.Match[str]) -> FoundDate | None:
    """The update of the publication's day at the clock time, in the zone written or the publication's; none when
    the time is not after the publication's (then the day is not known)."""
    written = clock.group("zone")
    zone = ZONE_ABBREVIATIONS.get(written) if written else published.moment.tzinfo
    if written and zone is None:
        return None
    day = published.moment
    found = build_date(day.year, day.month, day.day, clock.group("hour"), clock.group("minute"), None, zone,
                       clock.group("ampm"))
    if found is None or "T" not in published.iso:
        return found  # (a day without a clock time: any time of it is after)
    later = found.moment > published.moment if (found.moment.tzinfo is None) == (day.tzinfo is None) else False
    return found if later else None


# The update in brackets after the publication date, "更新" after it: "2024年3月5日 19:30 (2024年3月6日 5:12更新)",
# "2024/03/05 14:30（3/5 16:05 更新）" (a Japanese paper's and a Taiwanese agency's date line).
BRACKETED_UPDATE_RE = re.compile(r"^\s*[(（]\s*(?P<date>[^()（）]{3,30}?)\s*$")


def _bracketed_update(rest: str, now: datetime | None, day_first: bool) -> FoundDate | None:
    """The date in the bracket that follows the publication date and ends at "更新", the whole bracket a date."""
    match = BRACKETED_UPDATE_RE.match(rest)
    if match is None:
        return None
    text = match.group("date")
    found, end = find_text_date_span(text, now, day_first=day_first)
    if found is None and now is not None:
        found, end = find_yearless_date(text, now), len(text)
    return found if found is not None and not text[end:].strip() else None


def has_publication_label(line: str) -> bool:
    """A publication label and a digit (of its date) in the line."""
    if DIGIT_RE.search(line) is None:
        return False
    if line.isascii():  # NFKC leaves ASCII as it is
        return ASCII_LOWERED_STRONG_PUBLISHED_RE.search(line.lower()) is not None
    return LOWERED_STRONG_PUBLISHED_RE.search(re_i_lowered(normalise(line))) is not None


__all__ = ["LineDates", "dates_of_segments", "has_publication_label", "may_hold_date", "may_hold_modified",
           "read_date_line"]
