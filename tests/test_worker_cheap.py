"""The page job's worker function does no work whose result it throws away (issue 16, "a cheap worker")."""

from __future__ import annotations

import pytest

import crawler.extractors.language as language_module
from crawler.pagejob import PageExtractor

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
