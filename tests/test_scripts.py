"""Words of scripts with combining marks and of scripts written without spaces (crawler.extractors.document.scripts).

Pages: tests/helpers/world_pages.py, news articles written for these tests with a menu, related links and a
footer, in Hindi, Thai, Khmer, Arabic (one paragraph with harakat), Russian and Vietnamese (NFC and NFD).
"""

from __future__ import annotations

import unicodedata

import pytest
from helpers.world_pages import PAGES

from crawler.evaluation.metric import tokens as metric_tokens
from crawler.extractors import available, extract
from crawler.extractors.document.scripts import COMBINING_MARKS, MARKS_UNICODE_VERSION, mark_ranges, stopword_key
from crawler.extractors.document.text import count_words, tokens
from crawler.extractors.justext.extractor import keyed_stoplist, stopword_tokens

URL = "https://news.example/2026/11/17/article.html"
EXTRACTORS = [name for name in available() if name != "template"]
# Spaced scripts: a word is a white-space separated piece, so the count is exact but for hyphenated words.
SPACED_TOLERANCE = 0.05
# Thai, Khmer, Myanmar: an estimate from characters per word (scripts.py), against the writer's segmentation.
UNSPACED_TOLERANCE = 0.15
UNSPACED = {"thai", "khmer", "myanmar"}


def test_a_word_keeps_its_vowel_signs():
    assert count_words("हिन्दी भारत की राजभाषा है और यह बहुत लोगों द्वारा बोली जाती है") == 13
    assert tokens("लोगों द्वारा") == ["लोगों", "द्वारा"]


def test_arabic_harakat_and_decomposed_accents_stay_inside_the_word():
    assert tokens("وَقَالَ الوَزِيرُ") == ["وَقَالَ", "الوَزِيرُ"]
    text = "Chính phủ Việt Nam vừa công bố kế hoạch"
    assert count_words(unicodedata.normalize("NFD", text)) == count_words(text) == 9


def test_cjk_and_latin_tokens_unchanged():
    assert tokens("用 Python 读取Redis，café") == ["用", "Python", "读", "取", "Redis", "café"]


def test_a_run_of_thai_counts_one_word_per_five_characters():
    assert tokens("ไทย") == ["ไทย"]
    assert count_words("กรุงเทพมหานครเกิดฝนตกหนัก") == 5  # 25 characters: กรุงเทพมหานคร|เกิด|ฝน|ตก|หนัก


@pytest.mark.parametrize("name", list(PAGES))
def test_word_counts_of_the_paragraphs(name):
    page = PAGES[name]
    expected = sum(page.reference_words(i) for i in range(len(page.raw_paragraphs)))
    counted = sum(count_words(p) for p in page.paragraphs)
    tolerance = UNSPACED_TOLERANCE if name in UNSPACED else SPACED_TOLERANCE
    assert abs(counted - expected) <= tolerance * expected, (counted, expected)


@pytest.mark.parametrize("extractor", EXTRACTORS)
@pytest.mark.parametrize("name", list(PAGES))
def test_paragraphs_kept_and_chrome_dropped(name, extractor):
    page = PAGES[name]
    article = extract(page.html(), URL, extractor=extractor)
    for paragraph in page.paragraphs:
        assert paragraph in article.text
    lines = set(article.text.split("\n"))
    assert [text for text in page.chrome if text in lines] == []


@pytest.mark.parametrize("name", list(PAGES))
def test_language_identified(name):
    page = PAGES[name]
    assert extract(page.html(), URL).language == page.language


def test_stopwords_compared_without_vowel_points_and_composed():
    assert stopword_key("فِي") == "في"
    assert stopword_key(unicodedata.normalize("NFD", "Của")) == "của"


def test_the_metric_keeps_evaluation_md_tokens():
    # shared/EVALUATION.md: runs of \w (which stop at a combining mark), each CJK character a token.
    assert metric_tokens("हिन्दी भारत") == ["ह", "न", "द", "भ", "रत"]
    assert metric_tokens("中文 abc") == ["中", "文", "abc"]


@pytest.mark.skipif(
    unicodedata.unidata_version != MARKS_UNICODE_VERSION, reason="the mark list was generated for another Unicode"
)
def test_mark_list_is_every_combining_mark_of_the_bmp():
    assert mark_ranges() == COMBINING_MARKS


def test_jusText_stoplist_spelled_like_the_words():
    # jusText's Arabic list writes tanwin ("أيضاً"); the same word in a text without vowel points is a stopword.
    assert stopword_tokens("أيضا أيضاً") == ["أيضا", "أيضا"]
    assert "أيضا" in keyed_stoplist("ar")


def test_hebrew_points_and_tamil_vowel_signs_inside_words():
    assert count_words("בְּרֵאשִׁית בָּרָא אֱלֹהִים") == 3
    assert count_words("தமிழ் நாட்டில் மழை பெய்தது") == 4
