"""The page job's worker function does no work whose result it throws away (issue 16, "a cheap worker")."""

from __future__ import annotations

import gc
import random
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import asdict

import pytest

import crawler.extractors.document.language as language_module
from crawler.extractors.document.text import normalize_space
from crawler.extractors.metadata import Metadata
from crawler.extractors.metadata.byline import (
    CREDIT_HINT_RE,
    byline_names,
    credit_flags,
    editor_names,
    may_credit,
    origin_of,
)
from crawler.extractors.metadata.byline_elements import ASCII_BYLINE_ATTRIBUTE_RE, BYLINE_ATTRIBUTE_RE
from crawler.extractors.metadata.datelines import LABEL_RE, LATIN_LETTER_RE, _glued, _labels
from crawler.extractors.metadata.dates import TEXT_DATE_PATTERNS, find_text_date_span, normalise
from crawler.extractors.metadata.dates import _from_match as date_of_match
from crawler.pagejob import PageExtractor, extract_in_worker, init_worker
from crawler.pagejob.fingerprints import normalize_text
from crawler.pagejob.job import WORKER_GC_THRESHOLD

STORY = ("<p>Le conseil municipal a adopté mardi soir le nouveau budget de la ville après un long débat sur les "
         "écoles et les transports publics, qui occupent une grande part des dépenses prévues.</p>") * 4


def page(lang: str | None) -> bytes:
    attribute = f' lang="{lang}"' if lang else ""
    return (f"<html{attribute}><head><title>Budget</title></head><body><nav><a href='/'>Accueil</a></nav>"
            f"<article><h1>Budget</h1>{STORY}</article></body></html>").encode()


@pytest.fixture
def identifications(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    calls: list[tuple[object, ...]] = []
    real = language_module.identify_language

    def counting(*args: object, **kwargs: object) -> str | None:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(language_module, "identify_language", counting)
    return calls


def test_a_declared_language_is_not_identified_again(identifications: list[tuple[object, ...]]) -> None:
    row = PageExtractor(None).extract(page("fr-FR"), "https://example.org/news/budget.html")
    assert row["text"] and row["language"] == "fr"
    assert identifications == []


def test_an_undeclared_language_is_identified_once(identifications: list[tuple[object, ...]]) -> None:
    row = PageExtractor(None).extract(page(None), "https://example.org/news/budget.html")
    assert row["language"] == "fr"
    assert len(identifications) == 1


def _regex_normalised(text: str) -> str:
    """The content hash's normal form as first written: NFKC, runs of regex white space to one space, case-folded."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip().casefold()


def test_white_space_collapsed_by_str_split_is_the_regex_one_on_every_white_space_character() -> None:
    spaces = [chr(c) for c in range(0x3100) if chr(c).isspace() or re.match(r"\s", chr(c))]
    assert len(spaces) > 20  # ASCII, the C1 and Unicode separators, NBSP, the ideographic space...
    letters = ["a", "Ä", "ß", "ﬁ", "Ⅻ", "新", "İ", "x", "１", "\u0301"]
    rng = random.Random(16)
    for _ in range(2000):
        text = "".join(rng.choice(spaces if rng.random() < 0.4 else letters) for _ in range(rng.randint(0, 30)))
        assert normalize_text(text) == _regex_normalised(text), repr(text)
        assert normalize_space(text) == re.sub(r"\s+", " ", text).strip(), repr(text)


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_worker_process_freezes_its_set_up_and_collects_less_often(restored_gc: None) -> None:
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    init_worker(None, ())
    assert gc.get_threshold() == (WORKER_GC_THRESHOLD, 10, 10)
    assert gc.get_freeze_count() > 1000  # the modules, the cascade and its patterns: never traversed again
    row = extract_in_worker(page("fr"), "https://example.org/news/budget.html", None)
    assert row["text"] and row["language"] == "fr"


def test_a_process_that_does_more_than_pages_keeps_its_collector(restored_gc: None) -> None:
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    init_worker(None, (), worker_process=False)
    assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0


def test_metadata_to_dict_is_asdict_with_its_own_lists() -> None:
    metadata = Metadata(title="T", authors=["A", "B"], editors=["E"], published="2024-01-02", language="fr",
                        tags=["x"], origin="O", sources={"title": "meta"}, warnings=["w"])
    as_dict = metadata.to_dict()
    assert as_dict == asdict(metadata) and list(as_dict) == list(asdict(metadata))
    as_dict["authors"].append("C")
    as_dict["sources"]["x"] = "y"
    assert metadata.authors == ["A", "B"] and metadata.sources == {"title": "meta"}


def test_the_ascii_credit_hint_says_what_the_full_pattern_says() -> None:
    pieces = ["By", "by", "BY ", " ", "\n", "\t", "|", "Edited", "EDIT", "redigiert", "A Cura", "a  cura", "Source",
              "quelle:", "FUENTE", "written", "Words", "Story", "posted", "texto", "Tekst", "di", "door", "par",
              "von", "por", "x", "bye", "sourced", "1", "_", "-", "é", "来源", "文", "édité"]
    rng = random.Random(7)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(20_000)]
    assert sum(text.isascii() for text in texts) > 5000
    assert [may_credit(text) for text in texts] == [CREDIT_HINT_RE.search(text) is not None for text in texts]
    assert any(may_credit(text) for text in texts if text.isascii())
    assert not all(may_credit(text) for text in texts if text.isascii())


def _labels_by_the_full_pattern(line: str) -> list[tuple[int, int, str]]:
    found = []
    for match in LABEL_RE.finditer(line):
        start, end = match.span()
        if LATIN_LETTER_RE.match(match.group(0)) and (
                (start > 0 and line[start - 1].isalpha() and not _glued(line, start))
                or (end < len(line) and line[end].isalpha() and not _glued(line, end))):
            continue
        found.append((start, end, "modified" if match.group("modified") else "published"))
    return found


def test_the_labels_of_an_ascii_line_are_those_of_the_full_pattern() -> None:
    pieces = ["Published", "UPDATED", "Last Modified", "posted", "Date", "date :", "Datum:", "data", "fecha:",
              "modified", "updatedx", "re", "published:", " ", "  ", "\t", ":", "2024-03-05", "10:30", "|", "on",
              "Aktualisiert", "gewijzigd", "x", "é", "更新", "发布时间", "mis à jour", "Publié"]
    rng = random.Random(11)
    lines = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 7))) for _ in range(20_000)]
    assert sum(line.isascii() for line in lines) > 5000
    assert [_labels(line) for line in lines] == [_labels_by_the_full_pattern(line) for line in lines]
    assert sum(bool(_labels(line)) for line in lines if line.isascii()) > 1000


def test_a_block_without_a_credit_hint_has_no_line_that_credits_anyone() -> None:
    pieces = ["By ", "by", "Jane Doe", " ", "\n", "  \n ", "|", "Edited by ", "Source: ", "Reuters", "作者：", "张三",
              "记者 ", "李四", "责任编辑：", "王敏", "来源：", "新华社", "홍길동 기자", "文/", "Staff writer", "2024",
              "x", "Text: ", "von ", "Anna Weber"]
    rng = random.Random(5)
    blocks = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(20_000)]
    silent = [block for block in blocks if not may_credit(block)]
    assert 1000 < len(silent) < len(blocks) - 1000
    for block in silent:
        for line in filter(None, (raw.strip() for raw in block.split("\n"))):
            assert byline_names(line) == [] and editor_names(line) == [] and origin_of(line) is None, repr(line)


def _date_span_of_every_pattern(text: str) -> tuple[object, int]:
    text = normalise(text)
    best = None
    for pattern in TEXT_DATE_PATTERNS:
        for match in pattern.finditer(text):
            found = date_of_match(match, True)
            if found is not None and (best is None or match.start() < best[0]):
                best = (match.start(), match.end(), found)
            if found is not None:
                break
    return (best[2], best[1]) if best is not None else (None, 0)


@pytest.mark.slow
def test_a_text_without_a_year_is_not_searched_for_an_absolute_date() -> None:
    pieces = ["2024", "1999", "20", "19", "24", "-", "/", ".", " ", "3", "12", "March", "mars", "Dec.", "年", "月",
              "日", "２０２１", "٢٠٢٤", "10:30", "am", "at", ",", "de", "x", "2035", "1899"]
    rng = random.Random(9)
    dates = ["2024-03-05 10:30", "5 March 2024", "March 5, 2024 at 6:01 am", "2009年11月9日 13:57", "05.03.2024",
             "3/12/2024", "1. März 2024", "２０２１年３月５日", "2024. 3. 12.", "12 de marzo de 2024"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))) + rng.choice(["", "", *dates])
             for _ in range(20_000)]
    found = [find_text_date_span(text, None, day_first=True) for text in texts]
    assert found == [_date_span_of_every_pattern(text) for text in texts]
    assert sum(date is not None for date, _ in found) > 1000


def test_credit_flags_of_many_texts_are_may_credit_of_each() -> None:
    pieces = ["By ", "by", " ", "\n", " \n", "|", "Edited", "a cura", "Source: ", "quelle", "x", "’", "作者：",
              "记者", "来源", "文", "é", "Text:", "2024", "bye", "\t", "Words", "posted"]
    rng = random.Random(13)
    for _ in range(300):
        texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(0, 60))]
        assert credit_flags(texts) == [may_credit(text) for text in texts]


def test_byline_marks_of_ascii_class_names_are_found_as_with_re_i() -> None:
    pieces = ["Author", "AUTHOR", "author", "is", "IZ", "iz", "ity", "By", "line", "Line", "WRITTEN", "by", "-", "_",
              " ", "post", "x", "Writtenby"]
    rng = random.Random(17)
    marks = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(20_000)]
    found = [ASCII_BYLINE_ATTRIBUTE_RE.search(mark.lower()) is not None for mark in marks]
    assert found == [BYLINE_ATTRIBUTE_RE.search(mark) is not None for mark in marks]
    assert 1000 < sum(found) < len(marks) - 1000


def test_a_page_type_failure_is_a_warning_and_the_page_is_kept() -> None:
    # The job's classifier (imported once, when the job is made, not at every page) failing on a page: the row keeps
    # its text, has no page type and says why.
    job = PageExtractor(None)

    def failing(doc: object, url: str | None) -> object:
        raise RuntimeError("classifier broke")

    job.classify_page = failing  # type: ignore[method-assign]
    body = "<p>" + " ".join(["The harbour reopened on Monday after the storm damaged its piers."] * 12) + "</p>"
    row = job.extract(f"<html><body><article>{body}</article></body></html>", "https://example.com/harbour")
    assert row["text"] and "page_type" not in row
    assert "page type failed: RuntimeError: classifier broke" in row["warnings"]
