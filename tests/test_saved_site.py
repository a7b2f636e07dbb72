"""-a path= reads a folder of saved pages as the site it is a copy of: robots.txt obeyed, a multi-page article's
later parts joined to its first page (as a crawl of the live site gives them), on a small site written here."""

from __future__ import annotations

from pathlib import Path

from crawler.items import CONTINUATION_FIELD
from crawler.spiders.savedsite import SavedSite

STORY = ("<html><head><title>{title}</title>{link}</head><body><article><h1>{title}</h1>"
         "<p>The council met on Tuesday to discuss the bridge over the river.</p></article></body></html>")


def write(folder: Path, name: str, title: str, next_href: str | None = None) -> None:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    link = f'<link rel="next" href="{next_href}">' if next_href else ""
    path.write_text(STORY.format(title=title, link=link), encoding="utf-8")


def site(folder: Path) -> None:
    (folder / "robots.txt").write_text("User-agent: *\nDisallow: /drafts/\n")
    write(folder, "news/bridge.html", "Bridge", next_href="/news/bridge-2.html")
    write(folder, "news/bridge-2.html", "Bridge, page 2", next_href="/news/bridge-3.html")
    write(folder, "news/bridge-3.html", "Bridge, page 3")
    write(folder, "news/ferry.html", "Ferry", next_href="/news/bridge.html")  # another story: not its part
    write(folder, "drafts/secret.html", "Not yet published")


def test_a_saved_site_obeys_its_robots_txt_and_joins_an_articles_parts(tmp_path: Path) -> None:
    site(tmp_path)
    saved = SavedSite(tmp_path)
    items = {Path(item["url"]).name: item for item in saved.items()}
    assert sorted(items) == ["bridge.html", "ferry.html"]
    parts = [Path(part["url"]).name for part in items["bridge.html"][CONTINUATION_FIELD]]
    assert parts == ["bridge-2.html", "bridge-3.html"]
    assert CONTINUATION_FIELD not in items["ferry.html"]
    assert saved.skipped == {"robots_disallowed": 1, "continuation_parts": 2}


def test_robots_txt_is_ignored_when_the_crawl_does_not_obey_it(tmp_path: Path) -> None:
    site(tmp_path)
    names = {Path(item["url"]).name for item in SavedSite(tmp_path, obey_robots=False).items()}
    assert "secret.html" in names
