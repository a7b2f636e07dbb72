"""A folder of saved pages read as the site it is a copy of (``-a path=``): the folder is the site's root, its
robots.txt is obeyed and a multi-page article's later parts are joined to it, so that a saved copy gives the rows a
crawl of the live site gives (not a draft the site keeps from robots, nor page 2 of a story as a story of its own)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from ..items import CONTINUATION_FIELD
from .continuation import MAX_ARTICLE_PAGES
from .pageitems import gunzip, page_item, saved_pages
from .pagelinks import continues, rel_links

# The saved pages' links are resolved as if the folder were served at this root (an address that is never fetched).
SITE_ROOT = "http://saved-site.invalid/"
# Only pages that say "next" somewhere are parsed for a rel=next link.
NEXT_WORD = b"next"


@dataclass
class SavedSite:
    """What reading a folder found besides its items: ``skipped`` counts files left out, by reason."""

    folder: Path
    user_agent: str = "*"
    obey_robots: bool = True
    skipped: dict[str, int] = field(default_factory=dict)
    unreadable: list[tuple[Path, Exception]] = field(default_factory=list)

    def _site_url(self, file: Path) -> str:
        return SITE_ROOT + file.relative_to(self.folder).as_posix()

    def _file(self, site_url: str) -> Path:
        return self.folder / unquote(urlsplit(site_url).path).lstrip("/")

    def _robots(self) -> Any:
        robots = self.folder / "robots.txt"
        if not self.obey_robots or not robots.is_file():
            return None
        from protego import Protego

        return Protego.parse(robots.read_text(encoding="utf-8", errors="replace"))

    def _count(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1

    def _next_links(self, file: Path, html: bytes) -> list[str]:
        """The page's rel=next links inside the saved site."""
        if NEXT_WORD not in html.lower():
            return []
        from scrapy.http import HtmlResponse

        response = HtmlResponse(self._site_url(file), body=html)
        return [link for link in rel_links(response, "next") if link.startswith(SITE_ROOT)]

    def _parts(self, first: Path, next_links: dict[Path, list[str]]) -> list[Path]:
        """The later parts of the article at ``first``: each page's next link that continues the first page's URL
        (as the crawl follows them), while it is saved in the folder."""
        url = self._site_url(first)
        parts: list[Path] = []
        seen = {first}
        page = first
        while len(parts) + 1 < MAX_ARTICLE_PAGES:
            part = next((self._file(link) for link in next_links.get(page, ()) if continues(url, link)), None)
            if part is None or part in seen or part not in next_links:
                break
            parts.append(part)
            seen.add(part)
            page = part
        return parts

    def items(self) -> Iterator[dict[str, Any]]:
        """Page items in file order; a later part of an article comes under its first page's CONTINUATION_FIELD."""
        robots = self._robots()
        pages: list[Path] = []
        next_links: dict[Path, list[str]] = {}
        for file, html in saved_pages(self.folder):
            if robots is not None and not robots.can_fetch(self._site_url(file), self.user_agent):
                self._count("robots_disallowed")
                continue
            if isinstance(html, Exception):
                self.unreadable.append((file, html))
                continue
            pages.append(file)
            next_links[file] = self._next_links(file, html)
        chains = {file: self._parts(file, next_links) for file in pages if next_links[file]}
        parts = {part for chain in chains.values() for part in chain}
        for file in pages:
            if file in parts:
                self._count("continuation_parts")
                continue
            try:
                item = page_item(file.resolve().as_uri(), gunzip(file.read_bytes()), None, "path")
                chain = [{"url": part.resolve().as_uri(), "html": gunzip(part.read_bytes()), "content_type": None,
                          "status": 200} for part in chains.get(file, ())]
            except (OSError, EOFError) as error:
                self.unreadable.append((file, error))
                continue
            if chain:
                item[CONTINUATION_FIELD] = chain
            yield item


__all__ = ["SavedSite"]
