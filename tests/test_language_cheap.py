"""The language identifier's shortcut gives the plain reading's answers (issue 16, a cheap worker): a sample with no
CJK character skips the CJK share's regex pass, which the plain reading computes for every sample."""

from __future__ import annotations

import re

import pytest

import crawler.extractors.document.language as language_module
from crawler.extractors.document.language import CJK_SCRIPT_SHARE, classify
from crawler.extractors.document.text import cjk_ratio

ENGLISH = "The council approved the new budget on Tuesday after a long debate about schools and buses. "
FRENCH = "Le conseil municipal a adopté mardi le nouveau budget après un long débat sur les écoles. "
CHINESE = "国务院新闻办公室今天举行新闻发布会介绍经济运行情况"
JAPANESE = "東京で会議が開かれました政府は新しい政策を発表しました"
KOREAN = "서울에서열린회의에서정부는새로운정책을발표했습니다"


def _samples() -> list[str]:
    """Samples of every CJK share around the threshold, the CJK characters at the start, in the middle or at the end
    (a shortcut that looked at one end only would miss them), with ideographic and no-break spaces."""
    samples = [ENGLISH * 3, FRENCH * 3, "Hi", "   ", ENGLISH[:45], "\u3000" * 50 + FRENCH]
    for cjk in (CHINESE, JAPANESE, KOREAN):
        for count in (1, 5, 20, 40, 60, 120):
            part = (cjk * 5)[:count]
            latin = (FRENCH * 3)[:200]
            samples += [part + latin, latin + part, latin[:100] + part + latin[100:],
                        latin.replace(" ", "\u3000") + part, latin.replace(" ", "\xa0") + " " + part]
    return samples


@pytest.fixture
def plain_classify(monkeypatch):
    """``classify`` computing the CJK share of every sample: its search for a first CJK character always succeeds."""

    def run(text: str) -> str | None:
        with monkeypatch.context() as patch:
            patch.setattr(language_module, "CJK_RE", re.compile(""))
            return classify(text)

    return run


def test_the_samples_cross_the_cjk_threshold():
    shares = [cjk_ratio(text) for text in _samples()]
    assert any(0 < share < CJK_SCRIPT_SHARE for share in shares)
    assert any(share >= CJK_SCRIPT_SHARE for share in shares)


def test_classify_gives_the_plain_readings_answers(plain_classify):
    for text in _samples():
        assert classify(text) == plain_classify(text), text
