"""A page's declared language is taken without the identification model when its own stopwords confirm it (pages
of every language whose template declares it right, the common case); a declaration the text contradicts (a
template left at "en" over German text) is still checked by the model."""

from __future__ import annotations

import pytest

import crawler.extractors.document.language as language_module
from crawler.extractors.document.language import identify_language
from crawler.extractors.document.parse import TextBlock

ENGLISH = ("The council approved the new budget on Tuesday after a long debate about schools, roads and the harbour, "
           "and the mayor said that the vote would let the city hire more teachers next year.")
SPANISH = ("El ayuntamiento aprobó el martes el nuevo presupuesto después de un largo debate sobre las escuelas, las "
           "carreteras y el puerto, y el alcalde dijo que la votación permitirá contratar más profesores.")
GERMAN = ("Der Stadtrat hat am Dienstag nach einer langen Debatte über Schulen, Straßen und den Hafen den neuen "
          "Haushalt beschlossen, und der Bürgermeister sagte, die Stadt könne nun mehr Lehrer einstellen.")


@pytest.fixture
def model_loads(monkeypatch):
    """How many times the identification model is asked to load (it is cached: a fresh cache counts every ask)."""
    calls: list[int] = []
    real = language_module._identifier

    def counting():
        calls.append(1)
        return real()

    monkeypatch.setattr(language_module, "_identifier", counting)
    return calls


@pytest.mark.parametrize(("text", "declared"), [(ENGLISH, "en"), (SPANISH, "es-ES"), (ENGLISH, "en_GB")])
def test_a_declaration_its_stopwords_confirm_is_taken_without_the_model(model_loads, text, declared):
    assert identify_language([TextBlock.from_text(text)], declared) == declared[:2]
    assert model_loads == []


def test_a_declaration_the_text_contradicts_is_checked_by_the_model(model_loads):
    assert identify_language([TextBlock.from_text(GERMAN)], "en") == "de"
    assert model_loads == [1]


def test_without_a_declaration_the_model_names_the_language(model_loads):
    assert identify_language([TextBlock.from_text(SPANISH)]) == "es"
    assert model_loads == [1]


def test_the_check_command_counts_confirmed_declarations_and_shows_changed_answers(tmp_path, capsys):
    from crawler.evaluation.language_check import main

    pages = {"right": ("en", ENGLISH * 2), "template-left-at-en": ("en", GERMAN * 2), "none": ("", SPANISH * 2)}
    (tmp_path / "html").mkdir()
    for name, (lang, text) in pages.items():
        attribute = f' lang="{lang}"' if lang else ""
        (tmp_path / "html" / f"{name}.html").write_text(f"<html{attribute}><body><p>{text}</p></body></html>")
    (tmp_path / "ground-truth.json").write_text('{"right": {}, "template-left-at-en": {}, "none": {}}')
    assert main(["--dataset", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert ("pages 3, declared 2, model agrees with the declaration 1, "
            "confirmed by stopwords (model not loaded) 1") in out
    assert "answer changed" not in out
