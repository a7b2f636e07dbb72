"""The template replay benchmark builds sites that share one page's chrome and replays them in crawl order."""

from __future__ import annotations

from crawler.evaluation.datasets import Page
from crawler.evaluation.template_replay import build_site, build_sites, format_summary, main, replay, summarize

NAV = "".join(f'<li><a href="/s{i}">Section number {i} of the paper</a></li>' for i in range(12))
CHROME = (f'<div id="top"><div class="brand">The Daily Example, news since 1888</div><ul class="nav">{NAV}</ul>'
          "</div>")
FOOT = ('<div class="foot"><p>Copyright The Daily Example, all rights reserved worldwide</p>'
        "<p>Terms of service, privacy policy and cookie settings for readers</p>"
        "<p>Contact the newsroom with tips, corrections and letters to the editor</p></div>")


def story(n: int) -> str:
    subject = ["harbour", "bridge", "school"][n % 3]
    return "\n".join(f"Line {i} of story {n}: the committee met on a wet morning to weigh the plan for the "
                     f"new {subject} and its cost to the district {n}." for i in range(6))


def donor_page(n: int) -> Page:
    paragraphs = "".join(f"<p>{line}</p>" for line in story(n).split("\n"))
    html = (f"<html><head><title>Story {n}</title></head><body>{CHROME}<div id='content'><div class='story'>"
            f"<div class='share'>Share on social media</div>{paragraphs}</div></div>{FOOT}</body></html>")
    return Page(f"p{n}", html.encode(), story(n), f"https://daily.example/{n}.html")


def test_a_built_site_keeps_the_donor_chrome_and_swaps_the_story():
    pages = [donor_page(n) for n in range(4)]
    site = build_site(pages[0], pages, 5)
    assert site is not None and len(site.pages) == 5
    _, html, gold = site.pages[1]
    assert b"The Daily Example, news since 1888" in html and b"Share on social media" in html
    assert gold in {story(n) for n in range(1, 4)} and gold.split("\n")[0].encode() in html
    assert b"story 0:" not in html  # the donor's own story is gone
    assert build_site(Page("x", b"<html><body><p>short</p></body></html>", "short", "https://a.b/"), pages, 3) is None


def test_replay_learns_the_template_and_the_fast_path_keeps_f1():
    pages = [donor_page(n) for n in range(4)]
    (site,) = build_sites(pages, 1, 12)
    summary = summarize(replay(site))
    learned = [row["learned"] for row in summary["rows"]]
    assert learned == [0, 1, 2, 5, 10]
    assert summary["template_hits"] > 0
    hits = summary["hits"]
    assert hits["f1_fast"] >= hits["f1_cascade"] - 1e-9
    assert "template hits" in format_summary(summary, 1)


def test_main_says_when_no_site_can_be_built(tmp_path, capsys):
    (tmp_path / "html").mkdir()
    (tmp_path / "ground-truth.json").write_text("{}")
    assert main(["--dataset", str(tmp_path)]) == 1
    assert "no site could be built" in capsys.readouterr().err
