"""Metadata from the visible page: which lines to read for the byline, the dates, the editor and the outlet.

Steps, each a function below:

1. ``headline_index``: the block of the headline, the one that best matches the page's title (an ``h1`` that is the
   site's logo does not match it).
2. ``scan_near_headline``: the short lines just below the headline (nearest first, until the story has begun), then
   the two above it. Any date there is the publication date unless a label says it is a modification; a story's first
   paragraph is read only for its dateline ("新华社北京3月5日电（记者 王晓）") and a forum post's edit note.
3. ``scan_page``: what is still missing, from lines anywhere on the page that carry a label strong enough to be trusted
   away from the headline ("发布日期：", "作者：", "责任编辑：", "来源："), never from a link list (related articles), a
   comment area or navigation.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import datetime
from functools import partial

from crawler.extractors.document.parse import TextBlock, TextDocument
from crawler.extractors.document.text import CJK_RE
from crawler.extractors.metadata.agency_credits import block_agency, dateline_origin, foot_agency
from crawler.extractors.metadata.agency_datelines import wire_foot
from crawler.extractors.metadata.author_boxes import author_box
from crawler.extractors.metadata.bare_bylines import bare_byline
from crawler.extractors.metadata.bio_feet import BIO_LANGUAGES, bio_foot
from crawler.extractors.metadata.byline import (
    dateline_names,
    editor_names,
    may_credit,
    origin_of,
)
from crawler.extractors.metadata.cjk_credits import ACCOUNT_DATE_RE, dateline_people
from crawler.extractors.metadata.collective import collective_byline
from crawler.extractors.metadata.credit_lines import (
    byline_after_date,
    end_credit,
    has_by_after_date,
    label_then_name,
    line_authors,
    readable,
)
from crawler.extractors.metadata.date_conflicts import in_other_story, on_crawl_day, opens_other_stories
from crawler.extractors.metadata.datelines import (
    has_publication_label,
    may_hold_date,
    may_hold_modified,
    read_date_line,
)
from crawler.extractors.metadata.edit_notes import edit_note_date
from crawler.extractors.metadata.far_dates import date_block_after, in_page_footer, update_line
from crawler.extractors.metadata.headline_block import (
    MAX_BYLINE_CHARS,
    headline_index,
    other_h1s,
)
from crawler.extractors.metadata.label_blocks import block_label, source_label
from crawler.extractors.metadata.line_findings import ShortBlocks, TextFindings, day_first, short_blocks
from crawler.extractors.metadata.name_lines import name_without_byline_words
from crawler.extractors.metadata.other_bylines import commenter_entry, others_credit
from crawler.extractors.metadata.source_elements import block_outlet
from crawler.extractors.metadata.story_credits import story_credit
from crawler.extractors.metadata.teasers import block_in_other_story, teaser_block
from crawler.extractors.metadata.touching_fields import touching_text

HANGUL_RE = re.compile(r"[가-힣]")
LATIN_NAME_RE = re.compile(r"^[A-Za-zÀ-ÿ]")
CJK_LANGUAGES = frozenset({"zh", "ja", "ko"})
# Blocks looked at around the headline: bylines sit within a few blocks of it (a couple above, up to ten below
# when share buttons or a standfirst come first; read off gold pages by hand).
BLOCKS_BEFORE_HEADLINE = 2
BLOCKS_AFTER_HEADLINE = 10
# The story has begun after this many paragraphs longer than a byline: below them, dates belong to the story,
# its comments or related articles (a standfirst may come before the byline, hence two).
BODY_PARAGRAPHS_BEFORE_STOP = 2
# Away from the headline only short lines are read: a credit line ("作者：张三 责任编辑：李四") is short, a story
# sentence that mentions a reporter is long. Editor and most byline lines are far shorter; the longer bylines
# are "By X, a deputy editor and ..." lines right under the headline, which step 2 reads without this limit.
MAX_CREDIT_LINE_CHARS = 60
# An unlabelled date on a longer line counts only when the line has no sentence in it: a date line ("2019-12-10
# 07:57:40 来源：新华网", "05/10/2018 - Publicado por: Clarissa Borba - Categoria: Saúde") is a run of fields, a
# short story paragraph that mentions a day ("2019年2月27日下午，佛山顺德区...") is prose. Most date lines are
# shorter than this (the credit lines' bound).
MAX_UNLABELLED_DATE_LINE_CHARS = 60
SENTENCE_RE = re.compile(r"[。！？，；]|[.!?]\s+[A-Z][a-z]")
# A label that names the writer wherever it stands ("Written by Jane Doe" at the story's foot).
WRITTEN_BY_RE = re.compile(r"^\s*(?:written|authored|article|post|story)\s+(?:written\s+)?by\b", re.I)
# The credit that closes a story in Chinese and Japanese news ("（责任编辑：王敏）", "編集：...").
STORY_END_RE = re.compile(r"责任编辑|責任編輯|责编|責編|編集")
def _lines(block: TextBlock) -> list[str]:
    return _text_lines(block.text)


def _text_lines(text: str) -> list[str]:
    return [line for line in (raw.strip() for raw in text.split("\n")) if line]


def _read_line(line: str, findings: TextFindings, now: datetime, first: bool, *, dates: bool = True,
               credit: bool = True, below: bool = True, names: bool = True) -> None:
    """The line's byline, editor and outlet (unless ``credit`` is False: its block has no credit's word, or ``names``
    is: only the dates are wanted) and dates; ``below``: the line is under the headline; above it a date may be a
    masthead's day of the visit, not compared with the markup's (``date_line``)."""
    if not names:
        pass
    elif credit:
        if findings.origin is None:
            findings.origin = origin_of(line)
            if findings.origin and findings.authors == [findings.origin]:
                findings.authors = []  # an account's name under the headline, which a repost's note makes the outlet
        if not findings.authors:
            findings.authors = line_authors(line, near=True)
        if not findings.editors:
            findings.editors = editor_names(line)
    elif not findings.authors and has_by_after_date(line):  # "03/01/2017 by Jane Doe": date, then byline
        findings.authors = byline_after_date(line)
    if dates and _may_give_date(line, findings, known=True):
        found = read_date_line(line, now, day_first=first)
        context = found.context
        if not found.labelled and len(context) > MAX_UNLABELLED_DATE_LINE_CHARS and SENTENCE_RE.search(context):
            found.published = None
        if findings.published is None and found.published is not None:
            findings.published = found.published
            findings.date_line = line if below or not on_crawl_day(found.published, now) else None
            findings.date_line_date = found.published if found.whole else None
        if findings.modified is None and found.modified is not None:
            findings.modified = found.modified


def _may_give_date(line: str, findings: TextFindings, *, known: bool = False) -> bool:
    """Whether ``_read_line`` may take a date from the line (False: it takes none). Once the publication date is found
    only a modification date is taken, which needs a modification label (``may_hold_modified``); once both are, none.
    ``known``: the line may hold a date (``read_date_line`` tests that itself). Near the headline many lines read come
    after the publication date, most without a label, and are passed over by this test."""
    if not findings.wants_dates:
        return False
    if findings.published is None:
        return known or may_hold_date(line)
    return findings.modified is None and may_hold_modified(line)


def scan_near_headline(doc: TextDocument, index: int, now: datetime, findings: TextFindings,
                       first: bool = False, short_ones: ShortBlocks | None = None, *, names: bool = True) -> None:
    """Step 2: the lines below the headline until the story has begun, then those above it; with ``names`` False their
    dates alone (the people, editors and outlets are not read: where they would be, nothing else depends on them). A
    short block with neither a credit's word nor a line that may give a date still missing (``_may_give_date``) gives
    nothing to read and does not end the story, whether it is readable or not: the ancestors' walk (``_readable``) is
    not asked of it."""
    blocks = doc.blocks
    credits: dict[int, bool] = {}
    if short_ones is not None:
        # Only the short blocks in the window around the headline are looked up (positions are in order): a dict of
        # all of them would be built for the dozen read.
        positions = short_ones.positions
        low = bisect_left(positions, index - BLOCKS_BEFORE_HEADLINE)
        high = bisect_right(positions, index + BLOCKS_AFTER_HEADLINE)
        credits = dict(zip(positions[low:high], short_ones.credits[low:high], strict=True))
    paragraphs = 0
    label = ""  # a date's label alone in the block before ("<dt>수정</dt><dd>…</dd>", "<th>成文日期</th><td>…</td>")
    for position in range(index + 1, min(len(blocks), index + BLOCKS_AFTER_HEADLINE + 1)):
        block = blocks[position]
        if "heading" in block.labels and opens_other_stories(block.text):
            break  # "Most Popular", "Related posts": the teasers' dates below are other stories'
        labelled = bool(label) and block.num_chars <= MAX_BYLINE_CHARS and readable(block)
        if labelled:  # (its dates are read with their label alone)
            _read_line(f"{label} {block.text}", findings, now, first, credit=source_label(label), names=names)
        label = block_label(block.text, findings.published is not None)
        short = _short_lines(block, findings, credits.get(position))
        if paragraphs == 0 and findings.modified is None and findings.wants_dates:  # "本帖最后由 X 于 … 编辑"
            findings.modified = edit_note_date(block.text)
        if short is None:  # a paragraph
            if not readable(block):
                continue
            if names:
                findings.dateline_origin = findings.dateline_origin or dateline_origin(block.text)
            if names and paragraphs == 0 and not findings.authors:
                findings.authors = dateline_people(block.text) or dateline_names(block.text)
            paragraphs += 1
            if paragraphs >= BODY_PARAGRAPHS_BEFORE_STOP:
                break
            continue
        lines, credit = short
        if teaser_block(block, doc):  # a listing's teaser: its byline and date are its story's
            continue
        if names and not findings.authors:  # a byline without "By <Given Surname>" ("ByJane Doe", "Dec 19, 2025 · X")
            findings.authors = bare_byline(doc, position)
        if names:  # an agency where the byline stands ("PAP"); "<span class='source'>某某汽车报</span>", no label
            findings.origin = findings.origin or block_agency(block) or block_outlet(block)
        if not lines or not readable(block):
            continue
        # (the lead's dateline: a paragraph, or a block short enough to be read by its lines)
        if names:
            findings.dateline_origin = findings.dateline_origin or dateline_origin(block.text)
        dated, named = findings.published is not None, bool(findings.authors)
        for line in lines:
            _read_line(line, findings, now, first, credit=credit, dates=not labelled, names=names)
        keep_own_date_line(findings, dated, block, doc)
        if not named and findings.authors and (block_in_other_story(block, doc) or commenter_entry(block.element)):
            findings.authors = []  # a related list's "title date" item under a story of short paragraphs
        # (each of STORY_END_RE's words is a credit's; a word has no white space, so it is in a line of the block's
        # text when it is in the text)
        if credit and STORY_END_RE.search(block.text):
            break  # the editor's credit closes a Chinese story: below it are other articles and ads
    for position in range(index - 1, max(-1, index - BLOCKS_BEFORE_HEADLINE - 1), -1):
        block = blocks[position]
        short = _short_lines(block, findings, credits.get(position))
        if names and short is not None and not findings.authors:
            findings.authors = bare_byline(doc, position)
        if short is not None and short[0] and readable(block) and not teaser_block(block, doc):  # (a rail's teaser)
            lines, credit = short
            dated = findings.published is not None
            for line in lines:
                _read_line(line, findings, now, first, credit=credit, below=False, names=names)
            keep_own_date_line(findings, dated, block, doc)


def keep_own_date_line(findings: TextFindings, dated: bool, block: TextBlock, doc: TextDocument) -> None:
    """Forgets the date line the block just gave (``dated``: the date was found before it) when the block sits in
    another story's area (related posts, a sidebar, an aside: ``date_conflicts.in_other_story``): its date is
    no rival to the markup's. Asked of one block a page at most."""
    if not dated and findings.date_line is not None and block.element is not None and doc.body is not None \
            and in_other_story(block.element, doc.body):
        findings.date_line = None


def _short_lines(block: TextBlock, findings: TextFindings,
                 credit: bool | None = None) -> tuple[list[str], bool] | None:
    """None for a block longer than a byline; else the lines to read and whether the block has a credit's word (no
    line to read when none may credit anyone or give a date that ``findings`` still lack: ``_read_line`` would find
    nothing in them). ``credit``: ``may_credit`` of the block's text when known."""
    if block.num_chars > MAX_BYLINE_CHARS:
        return None
    text = block.text
    if credit is None:
        credit = may_credit(text)
    if not credit and not text.isascii() and ("[" in text or "/" in text or "／" in text or any(
            ACCOUNT_DATE_RE.match(line.strip()) for line in text.split("\n"))):
        credit = True  # "2004年7月16日08:19 [ 张三 ]", "石佳/中国青年报", "华夏人文 2020-03-09": names beside a date
    # An ASCII text is asked first as a whole: each of ``_may_give_date``'s tests of an ASCII line (a digit; a
    # relative hint or a modification label, literal words without anchors or look-around, in the lowered line;
    # NFKC leaves ASCII as it is) holds of the text it is a part of, so a text that fails it has no line that passes
    # (a text that is its one line is not asked again line by line).
    ascii_asked = not credit and text.isascii()
    if ascii_asked and not _may_give_date(text, findings):
        return [], False
    lines = _text_lines(touching_text(block) if credit and not text.isascii() else text)
    if ascii_asked and lines == [text]:  # the text is its one line: it was asked already
        return lines, False
    if not credit and not any(_may_give_date(line, findings) for line in lines):
        return [], False
    return lines, credit


def _full_name(name: str) -> bool:
    """Away from the headline a Latin byline needs full names: "By Car" on a caption is no author."""
    return bool(CJK_RE.search(name) or HANGUL_RE.search(name)) or len(name.split()) >= 2


def scan_page(doc: TextDocument, now: datetime, findings: TextFindings, first: bool = False,
              language: str | None = None, short_ones: ShortBlocks | None = None) -> None:
    """Step 3 (``_scan_page``); a collective byline found near the headline ("By The Acme Team") is kept only when no
    line below names a person ("Written by Jane Doe" at the story's foot): a collective is the last resort."""
    teams = [findings.authors] if findings.authors and all(map(collective_byline, findings.authors)) else []
    if teams:
        findings.authors = []
    _scan_page(doc, now, findings, first, language, short_ones, teams if teams else None)
    findings.authors = findings.authors or next(iter(teams), [])


def _scan_page(doc: TextDocument, now: datetime, findings: TextFindings, first: bool = False,
               language: str | None = None, short_ones: ShortBlocks | None = None,
               teams: list[list[str]] | None = None) -> None:
    """Step 3: what is still missing, from strongly labelled short lines anywhere on the page. On a Chinese, Japanese
    or Korean page a Latin "By ..." away from the headline is an advert's or a widget's ("by Taboola"), not the story's
    byline."""
    cjk_page = (language or "").lower()[:2] in CJK_LANGUAGES
    if short_ones is None:
        short_ones = short_blocks(doc)
    blocks = doc.blocks
    positions, texts, credits = short_ones.positions, short_ones.texts, short_ones.credits
    for index in short_ones.may_say_something(findings.wants_dates and findings.published is None):
        position, text, credit = positions[index], texts[index], credits[index]
        block = blocks[position]
        if findings.authors and findings.editors and findings.origin and \
                (not findings.wants_dates or (findings.published and findings.modified)):
            return
        # Most short blocks (menus, captions, buttons) have neither a credit's word nor a digit of a date: their
        # lines are not read one by one. Without a credit's word a block is read for a labelled date alone, which a
        # line has only when its block has a publication label and a digit too (the line is a part of the block's
        # text): the lines of a block with a digit but no label (prices, scores, times of other stories: many blocks
        # a page before a date is found) are not read one by one either.
        wants_published = findings.wants_dates and findings.published is None
        if not credit and not findings.authors and " by " in text and len(text) <= MAX_CREDIT_LINE_CHARS and \
                (names := byline_after_date(text)) and _full_name(names[0]) and readable(block, links=False):
            findings.authors = names  # an undated page's foot: "Last updated March 3, 2025 by Erik Demaine."
        # A page showing only "Updated …" or "Last updated: …", below a table of contents or at its foot, is dated by
        # that day when nothing else dates it (``extract_metadata`` takes the text's modification date last).
        wants_modified = wants_published and findings.modified is None
        if not credit and (not wants_published or not (
                has_publication_label(text) or (wants_modified and may_hold_modified(text)))):
            continue
        found = TextFindings()
        far_published = None
        for line in _text_lines(text):
            short = len(line) <= MAX_CREDIT_LINE_CHARS
            # Without a credit's word in the block no line of it names an author, an editor or an outlet (each
            # reader looks for its words first, all of them in may_credit's): a block read for its date alone
            # is not read for them.
            if credit and short and not findings.authors and not found.authors:
                found.authors = [name for name in line_authors(line)
                                 if _full_name(name) and (not cjk_page or not LATIN_NAME_RE.match(name))]
            if credit and not findings.editors and not found.editors:
                found.editors = editor_names(line)
            if credit and short and findings.origin is None and found.origin is None:
                found.origin = origin_of(line)
            if wants_published and found.published is None and has_publication_label(line):
                dates = read_date_line(line, now, day_first=first)
                if dates.labelled:
                    found.published, found.modified = dates.published, dates.modified
            elif wants_modified and found.modified is None and short and (update := update_line(line, now,
                                                                                          day_first=first)):
                found.modified, far_published = update.modified, update.published
        # Whether the block is a related link or a comment is asked only of a block that says something (the
        # ancestors' walk costs more than the patterns).
        if found.authors and others_credit(block.element, found.authors, doc):
            found.authors = []  # a teaser's credit in a list of other stories, a commenter's linked name
        if (found.authors or found.editors or found.origin or found.published or found.modified) and \
                readable(block, links=False) and not teaser_block(block, doc):
            if teams is not None and found.authors and (all(map(collective_byline, found.authors)) or
                                                         not WRITTEN_BY_RE.match(text)):
                # (a collective: kept for the end, a person's line may come below; a bare "By" far from the
                # headline is a photo's credit: only "Written by" names the writer there)
                if all(map(collective_byline, found.authors)):
                    teams.append(found.authors)
                found.authors = []
            findings.authors = findings.authors or found.authors
            findings.editors = findings.editors or found.editors
            findings.origin = findings.origin or found.origin
            if findings.published is None and found.published is not None:
                findings.published, findings.labelled_away = found.published, True
                findings.modified = findings.modified or found.modified
            elif findings.published is None and findings.modified is None and found.modified is not None and \
                    not {"li", "footer"} & block.labels and not in_page_footer(block.element):
                findings.modified, findings.published = found.modified, far_published
            if found.authors and wants_modified and findings.published is None:  # "Written by …" / "April 8, 2024"
                findings.published = date_block_after(blocks, position, day_first=first)


def scan_visible(doc: TextDocument, title: str | None, now: datetime, language: str | None = None, *,
                 dates: bool = True, shown: bool = False, later: bool = False) -> TextFindings:
    """Authors, editors, credited outlet and (unless ``dates`` is False) dates from the visible page (steps 1-3);
    ``shown``: the dates near the headline are read all the same (``date_line``, to check the markup's); ``later``:
    the names without a byline's words are left for ``TextFindings.people`` to read."""
    findings = TextFindings(wants_dates=dates or shown)
    first = day_first(language)
    short_ones = short_blocks(doc)
    index = headline_index(doc, title)
    if index is not None:
        findings.headline = doc.blocks[index].text
        scan_near_headline(doc, index, now, findings, first, short_ones)
        for h1 in other_h1s(doc, index) if findings.published is None and findings.wants_dates else ():
            beside = TextFindings(wants_dates=True)  # only its dates: the byline was looked for near the headline
            scan_near_headline(doc, h1, now, beside, first, short_ones, names=False)
            if beside.published is not None:
                findings.published, findings.date_line = beside.published, beside.date_line
                findings.date_line_date = beside.date_line_date
                findings.modified = findings.modified or beside.modified
                break
    findings.wants_dates = dates
    scan_page(doc, now, findings, first, language, short_ones)
    findings.origin = findings.origin or findings.dateline_origin or foot_agency(short_ones.texts) or \
        (wire_foot([block.text for block in doc.blocks]) if (language or "")[:2] == "ja" else None)  # "…。（共同）"
    if not findings.authors:
        findings.later_authors = partial(_unlabelled_authors, doc, short_ones, index, title, language)
        if not later:
            findings.people()
    return findings


def _unlabelled_authors(doc: TextDocument, short_ones: ShortBlocks, index: int | None, title: str | None,
                        language: str | None) -> list[str]:
    """Names that no byline's words introduce: after a label in the block before, beside the date or a role, in an
    author box (photo, name, biography), or (on CJK pages) in the bracket closing the story."""
    authors = story_credit(doc, short_ones.positions, short_ones.texts) or \
        label_then_name(doc, short_ones.positions, short_ones.texts, index or 0)  # an interviewer's, a host's credit
    if not authors and index is not None:  # no "By": a name beside the date or the role
        authors = name_without_byline_words(doc, index) or \
            author_box(doc, short_ones.positions, short_ones.texts, index)  # a box: photo, name, biography
    # (a bracket closing a story credits its reporter on Chinese pages: the blocks of others are not walked)
    if not authors and ((language or "").lower()[:2] in CJK_LANGUAGES or (title and CJK_RE.search(title))):
        authors = end_credit(doc, index or 0)
    if not authors and index is not None and (language or "en").lower()[:2] in BIO_LANGUAGES:
        authors = bio_foot(doc, index)  # an opinion column's writer, named only at its foot
    return authors


__all__ = ["ShortBlocks", "TextFindings", "day_first", "headline_index", "keep_own_date_line",
           "scan_near_headline", "scan_page", "scan_visible", "short_blocks"]
