"""Credit lines read beyond one pattern: a line's authors by the class of credit it is (``line_authors``), the
bracket that closes a Chinese story (``end_credit``), and a byline label alone in its block with the name in the
next (``label_then_name``: "Written by" / "Edzel Tabing"); and which blocks may be read at all (``readable``)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from operator import methodcaller

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.text import CJK_RE
from crawler.extractors.metadata.areas import in_comment_area
from crawler.extractors.metadata.byline import byline_names
from crawler.extractors.metadata.cjk_credits import (
    account_before_date,
    bracketed_beside_date,
    credit_line_people,
    dateline_people,
    end_credit_people,
    name_with_outlet,
    person,
    poster_of,
    refused,
)
from crawler.extractors.metadata.collective import collective_byline
from crawler.extractors.metadata.dates import find_text_date_span
from crawler.extractors.metadata.japanese_credits import katakana_writer, spaced_names, writer_before_outlet
from crawler.extractors.metadata.japanese_lines import japanese_line_writers
from crawler.extractors.metadata.people import has_role, is_outlet_or_role, split_people

# A list item whose text is mostly link text is a link to another article (related stories and their dates).
MAX_LINKED_SHARE = 0.5
# An end credit closes the story: no paragraph of prose (a sentence of this many characters or more) follows within
# this many blocks (captions and credits sit between a story and its footer; chosen by hand, see
# docs/metadata-credits.md).
MIN_PROSE_CHARS = 30
BLOCKS_AFTER_END_CREDIT = 3
# A date line: the date first, or after a posting label ("Posted on March 3, 2020 by ...", a maintained page's foot
# "Last updated March 3, 2025 by ...").
# A blog's label in another language: "Publié le 5 mars 2024 par X", "Pubblicato il … da X", "Publicado el … por X".
DATE_LINE_START_RE = re.compile(r"^\s*(?:(?:posted|published|last\s+updated|last\s+modified|publié|publiée|pubblicato|"
                                r"publicado|publicada|veröffentlicht|gepubliceerd|publicerad|publiceret|publisert)"
                                r"(?:\s+(?:on|le|il|el|em|am|op|den))?\s*:?\s*)?"
                                r"(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)",
                                re.I)
# "by" after a blog's date line, in the languages of DATE_LINE_START_RE's labels ("da": Italian blogs' "by").
AFTER_DATE_BY_WORDS = ("by", "par", "por", "da", "von", "door", "av", "af")
# A byline's label alone in its block: the name is the next block ("Written by" / "Edzel Tabing").
LABELS_ALONE = frozenset({"written by", "words by", "story by", "posted by", "by", "author", "authored by", "von",
                          "par", "por", "di", "door", "作者", "文", "記者", "记者", "글", "기자"})
# Japanese columns' and owned media's writer cards after the story ("筆者" / "田中一郎"), a business weekly's box
# ("著者プロフィール" / "山田 太郎（やまだ たろう）").
JAPANESE_CARD_LABELS = frozenset({"筆者", "筆者プロフィール", "この記事を書いた人", "この記事の執筆者",
                                  "執筆者プロフィール", "著者プロフィール"})
# Labels that say "the author of this article" whole: trusted anywhere on the page, as in an author box after the
# story ("Written by" / "Jack Shepherd"), where a bare "By" may be a caption's or a teaser's.
STRONG_LABELS = frozenset({"written by", "authored by", "article by", "article written by", "post written by",
                           "this post was written by", "this article was written by", "about the author",
                           *JAPANESE_CARD_LABELS})
MAX_STRONG_LABEL_CHARS = 30
# The name block after a label is a byline's length; the label is looked for this far from the headline (both
# chosen by hand, see docs/metadata-credits.md).
MAX_NAME_BLOCK_CHARS = 60
# A mail address after the name ("Vinay Sajip <vinay at example dot org>", a documentation page's author) ends it.
ADDRESS_RE = re.compile(r"\s*<.*$")
MAX_LABEL_CHARS = 20
# A Latin byline before a CJK credit, parted by a slash, a bar or an ideographic space ("By Jane Doe／翻訳：山田花子").
# (the date's element may touch it: "2024年3月5日Written by …")
LATIN_HEAD_RE = re.compile(r"(?:^|(?<=[^\x00-\x7f]))((?:[Ww]ritten |[Ss]tory |[Tt]ext )?[Bb]y [\x20-\x7e]{2,60}?)\s*"
                           r"[／|｜\u3000]\s*\S*[\u3040-\u30ff\u4e00-\u9fff]")
# A Japanese name's reading in brackets after it ("田中一郎（たなか・いちろう）"): kana only, not the name.
FURIGANA_END_RE = re.compile(r"\s*[（(][\u3040-\u30ff・\s]+[）)]$")
# A one-word name and the writer's role after a dash ("Eliz - Product marketer"), read after a strong label only.
NAME_THEN_ROLE_RE = re.compile(r"^(?P<name>[A-ZÀ-Þ][a-zà-ÿ'’-]{1,29})\s+[-–—]\s+(?P<role>[^\d]{3,40})$")
LABEL_WINDOW = 40
STRIP_LABEL = methodcaller("strip", " :：")


def readable(block: TextBlock, *, links: bool = True) -> bool:
    """Not navigation, not in a comment area; with ``links`` False not a link to another article either (below
    the headline a linked date is the story's permalink, elsewhere a related article's)."""
    if "nav" in block.labels:
        return False
    if not links and "li" in block.labels and block.num_chars and \
            block.num_chars_in_anchor_text / block.num_chars > MAX_LINKED_SHARE:
        return False
    return block.element is None or not in_comment_area(block.element)




def line_authors(line: str, *, near: bool = False) -> list[str]:
    """The authors a line credits: a Chinese credit line read whole (``cjk_credits``), a poster, names beside the
    date or beside their outlet (``near`` the headline only), else a byline's names without placeholders or outlets."""
    if not line.isascii():
        # (the Chinese, Japanese and Korean credit readers each need a CJK character, a name's or a label's: a line
        # without one, a Latin line with a curly quote or a dash, is not read by them)
        cjk = CJK_RE.search(line) is not None
        found = (credit_line_people(line) or poster_of(line) or dateline_people(line) or katakana_writer(line)) \
            if cjk else []
        if cjk and not found and ("|" in line or "｜" in line):  # "发表于2014-08-24 21:30| 来源CSDN| 作者魏星": fields
            found = next((people for part in re.split(r"[|｜]", line) if (people := credit_line_people(part))), [])
        if not found and near:
            found = (bracketed_beside_date(line) or name_with_outlet(line) or writer_before_outlet(line, person) or
                     japanese_line_writers(line, person) if cjk else []) or account_before_date(line)
        if not found and "by " in line and (head := LATIN_HEAD_RE.search(line)):
            found = byline_names(head.group(1))  # a bilingual page's "Written by X／和訳：Y": the Latin credit first
        if found:
            return found
        names = [name for name in byline_names(line) if not (CJK_RE.search(name) and refused(name))]
        return names or ([] if CJK_RE.search(line) else byline_after_date(line))
    return byline_names(line) or byline_after_date(line)


def byline_after_date(line: str) -> list[str]:
    """The byline that goes on a date line ("Posted on March 3, 2020 by Jane Doe", "03/01/2017 by Jane Doe", "Publié le
    5 mars 2024 par Claire Petit"): the names after the first date, when "by" follows it (a separator between them
    aside)."""
    if not has_by_after_date(line):
        return []
    found, end = find_text_date_span(line)
    if found is None or not DATE_LINE_START_RE.match(line):
        return []  # ("Released: June 17, 2025 by Tor Books": another date than the story's, another credit)
    rest = line[end:].lstrip(" ·•|,-–—")
    word, _, names = rest.partition(" ")
    return byline_names("by " + names) if word.lower() in AFTER_DATE_BY_WORDS else []


def has_by_after_date(line: str) -> bool:
    """Whether the line holds one of the words of ``byline_after_date`` between spaces (a literal test, cheap)."""
    lowered = line.lower()
    return any(f" {word} " in lowered for word in AFTER_DATE_BY_WORDS)


def end_credit(doc: TextDocument, start: int) -> list[str]:
    """Step 4: the credit in brackets that closes a paragraph of the story ("…举行。（张巨峰）"), the first one below
    the headline outside links and comments."""
    blocks = doc.blocks
    for position in range(start, len(blocks)):
        text = blocks[position].text
        if text.endswith(("）", ")")) and not text.isascii():
            people = end_credit_people(text)
            if people and readable(blocks[position], links=False) and not _prose_follows(blocks, position):
                return people
    return []


def _prose_follows(blocks: list[TextBlock], position: int) -> bool:
    """Whether a paragraph of prose comes soon after the block: then its bracket was inside the story ("（附股）")."""
    return any(len(block.text) > MIN_PROSE_CHARS and "。" in block.text and readable(block, links=False)
               for block in blocks[position + 1:position + 1 + BLOCKS_AFTER_END_CREDIT])


def label_then_name(doc: TextDocument, positions: list[int], texts: list[str], start: int) -> list[str]:
    """Step 5: a byline label alone in its block and the people in the next block, near the headline. Only the short
    blocks (``positions``, ``texts``: those a byline fits in, in order) within the window are looked at."""
    first, last = bisect_left(positions, start - LABEL_WINDOW), bisect_right(positions, start + LABEL_WINDOW)
    if _any_label(texts[first:last], LABELS_ALONE):
        near = _named_after_label(doc, positions, texts, range(first, last), LABELS_ALONE, MAX_LABEL_CHARS)
        if near:
            return near
    if not _any_label(texts, STRONG_LABELS):  # (most pages: no short text is one)
        return []
    labelled = [index for index, text in enumerate(texts)
                if len(text) <= MAX_STRONG_LABEL_CHARS and text.strip(" :：").casefold() in STRONG_LABELS]
    return _named_after_label(doc, positions, texts, labelled, STRONG_LABELS, MAX_STRONG_LABEL_CHARS)


def _any_label(texts: list[str], labels: frozenset[str]) -> bool:
    """Whether a text, stripped of " :：" and casefolded as ``_named_after_label`` reads it, is one of ``labels`` (of
    any length: a superset of the label blocks it follows), asked in C without a Python step a text."""
    return not labels.isdisjoint(map(str.casefold, map(STRIP_LABEL, texts)))


def _named_after_label(doc: TextDocument, positions: list[int], texts: list[str], indexes: range | list[int],
                       labels: frozenset[str], max_label_chars: int) -> list[str]:
    """The people in the block after the first of ``labels`` alone in its block, among the short blocks ``indexes``."""
    blocks = doc.blocks
    for index in indexes:
        text = texts[index]
        if len(text) > max_label_chars or text.strip(" :：").casefold() not in labels:
            continue
        position = positions[index]
        if position + 1 >= len(blocks):
            break
        following = blocks[position + 1]
        name = ADDRESS_RE.sub("", texts[index + 1] if index + 1 < len(texts) and positions[index + 1] == position + 1
                              else following.text).strip()
        if not name or len(name) > MAX_NAME_BLOCK_CHARS or not readable(following) or not readable(blocks[position]):
            continue
        # (a Japanese card's name may hold a space between family and given name: one person, "山田 太郎")
        people = (text.strip(" :：") in JAPANESE_CARD_LABELS and
                  spaced_names(FURIGANA_END_RE.sub("", name).strip())) or \
            credit_line_people(f"作者 {FURIGANA_END_RE.sub('', name)}") if CJK_RE.search(name) else \
            split_people(name) or ([name] if collective_byline(name) else [])  # "By" / "The Acme Team": kept whole
        if not people and labels is STRONG_LABELS and (match := NAME_THEN_ROLE_RE.match(name)) and \
                has_role(match.group("role")) and not is_outlet_or_role(match.group("name")):
            people = [match.group("name")]  # "Written by" / "Eliz - Product marketer": a first name, then a role
        if people:
            return people
    return []


__all__ = ["ADDRESS_RE", "byline_after_date", "end_credit", "has_by_after_date", "label_then_name", "line_authors",
           "readable"]
