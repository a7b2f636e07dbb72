"""The libraries a user would pick instead of ours, wrapped so they run on the same pages in the same run.

They are optional dependencies (``pip install newscrawler[peers]``); each is imported only when asked for,
so a missing one costs nothing until it is requested and then fails with an install hint. Every wrapper
takes the page already decoded to ``str`` (the decoding is ours and done once, outside the timing) and
returns plain text with one block per line, the form our extractors return. Settings are the libraries'
defaults unless a line below says otherwise (shared/PEERS.md lists what other settings score).
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from crawler.extractors.document.parse import BLOCK_TAGS

PEER_PREFIX = "peer:"  # how peers are named in tables, so they never collide with our extractor names

PeerFunction = Callable[[str, "str | None"], str]


class PeerUnavailable(RuntimeError):
    """A requested peer library is not installed (or does not import)."""


@dataclass(frozen=True, slots=True)
class Peer:
    name: str
    package: str  # what to pip install
    module: str  # what it imports as
    settings: str  # how it is called, printed by --help so a reader knows what was measured
    load: Callable[[], PeerFunction]


def _block_text(root: etree._Element) -> str:
    """Text of an HTML fragment with a line break at every block element, so paragraphs do not fuse.

    ``text_content()`` would glue "end.</p><p>Next" into one token run across the boundary.
    """
    parts: list[str] = []
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if not isinstance(element.tag, str):
            if event == "end" and element.tail:
                parts.append(element.tail)
            continue
        if element.tag in BLOCK_TAGS or element.tag == "br":
            parts.append("\n")
        if event == "start" and element.text:
            parts.append(element.text)
        elif event == "end" and element.tail:
            parts.append(element.tail)
    lines = (" ".join(line.split()) for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


def _load_trafilatura() -> PeerFunction:
    import trafilatura

    def run(html: str, url: str | None) -> str:
        return trafilatura.extract(html, url=url) or ""

    return run


def _load_readability() -> PeerFunction:
    import lxml.html
    from readability import Document

    def run(html: str, url: str | None) -> str:
        summary = Document(html, url=url).summary(html_partial=True)
        if not summary.strip():
            return ""
        return _block_text(lxml.html.fragment_fromstring(summary, create_parent="div"))

    return run


def _load_justext() -> PeerFunction:
    import justext

    stoplist = justext.get_stoplist("English")

    def run(html: str, url: str | None) -> str:
        paragraphs = justext.justext(html, stoplist)
        return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)

    return run


def _load_boilerpy3() -> PeerFunction:
    from boilerpy3 import extractors

    # It logs a traceback for every page its parser rejects, then raises; the harness counts the raise,
    # so the log would only bury the table.
    logging.getLogger("boilerpy3").setLevel(logging.CRITICAL)

    extractor = extractors.ArticleExtractor()  # raises on failure, so the harness counts it as an error

    def run(html: str, url: str | None) -> str:
        return extractor.get_content(html) or ""

    return run


PEERS: dict[str, Peer] = {
    peer.name: peer
    for peer in (
        Peer("trafilatura", "trafilatura", "trafilatura",
             "trafilatura.extract(html, url=url), defaults (comments included)", _load_trafilatura),
        Peer("readability", "readability-lxml", "readability",
             "readability Document(html).summary(), its text one block per line", _load_readability),
        Peer("justext", "justext", "justext",
             "justext.justext(html, English stoplist), defaults, good paragraphs", _load_justext),
        Peer("boilerpy3", "boilerpy3", "boilerpy3",
             "boilerpy3 ArticleExtractor().get_content(html)", _load_boilerpy3),
    )
}


def peer_names() -> list[str]:
    return list(PEERS)


def _known(name: str) -> Peer:
    name = name.removeprefix(PEER_PREFIX)
    if name not in PEERS:
        raise ValueError(f"unknown peer {name!r}; known: {', '.join(PEERS)}")
    return PEERS[name]


def _install_hint(peer: Peer, why: str) -> str:
    return (f"peer {peer.name!r} needs the package {peer.package!r} ({why}); "
            f"install it with: pip install {peer.package}")


def check_peer(name: str) -> None:
    """Raise PeerUnavailable if the peer is not installed, without importing it (imports cost memory)."""
    peer = _known(name)
    if importlib.util.find_spec(peer.module) is None:
        raise PeerUnavailable(_install_hint(peer, "not installed"))


def load_peer(name: str) -> PeerFunction:
    """The text function of one peer; raises PeerUnavailable with an install hint when it cannot import."""
    peer = _known(name)
    try:
        return peer.load()
    except ImportError as error:
        raise PeerUnavailable(_install_hint(peer, str(error))) from error


__all__ = ["PEERS", "PEER_PREFIX", "Peer", "PeerFunction", "PeerUnavailable", "check_peer", "load_peer",
           "peer_names"]
