"""``extract --format text`` prints the headline once: a title line, then the text without a first line that
repeats it (articles whose text starts with their <h1>)."""

from __future__ import annotations

from crawler.cli import main

PARAGRAPHS = "".join(f"<p>Paragraph {n}: the council approved the new river defences after a long debate about "
                     f"the costs and the schedule of the works along the valley.</p>" for n in range(6))


def page(headline: str, title: str) -> str:
    return (f"<html><head><title>{title}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article><h1>{headline}</h1>{PARAGRAPHS}</article></body></html>")


def test_the_headline_is_printed_once_when_the_text_starts_with_it(tmp_path, capsys):
    source = tmp_path / "story.html"
    source.write_text(page("River defences approved after long debate",
                           "River defences approved after long debate | The Valley Times"))
    assert main(["extract", str(source)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "River defences approved after long debate"
    assert lines.count("River defences approved after long debate") == 1
    assert lines[1].startswith("Paragraph 0")


def test_a_first_line_other_than_the_headline_is_kept(tmp_path, capsys):
    source = tmp_path / "story.html"
    source.write_text(page("Defences approved", "River defences approved after long debate | The Valley Times"))
    assert main(["extract", str(source)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "River defences approved after long debate"
    assert "Defences approved" in lines[1:3] or lines[1].startswith("Paragraph 0")
