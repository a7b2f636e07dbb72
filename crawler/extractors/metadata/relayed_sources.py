"""The source line of a site relaying another outlet's story: "来源：光明网-《光明日报》",
"来源：人民网－人民日报" credit the paper the site took the story from; "来源：人民网－社会频道" names the site and
one of its channels, so the site is the source. A name with a hyphen that does not open with a site's name
("北京青年报-北青网") is kept as written."""

from __future__ import annotations

import re

from crawler.extractors.metadata.cjk_roles import self_media_channel

# "<site>网 - <part>": a site's name of two to eight Han characters ending in 网, a dash, then what it relays.
SITE_THEN_PART_RE = re.compile(r"^(?P<site>[\u4e00-\u9fff]{1,7}[网網])\s*[-－—–]\s*(?P<part>.+)$")
# The part is the site's channel ("社会频道", "财经頻道"): the site is the source.
CHANNEL_END_RE = re.compile(r"(?:频道|頻道)$")
# The part is a paper or an agency by its name's ending ("人民日报", "经济日报", "新华社"), or a title in guillemets.
PAPER_RE = re.compile(r"^(?:《[^》]{2,12}》|[\u4e00-\u9fff]{2,10}(?:报|報|社|杂志|雜誌))$")


def relayed_outlet(origin: str, named: str) -> str | None:
    """The outlet a source line ``origin`` credits (``named``: its account's name on a platform, "微博@人民日报", else
    the line): none for a self-media channel ("澎湃号·政务") or an empty line, the relayed paper, the site for its own
    channel, else the name as written."""
    if not named or self_media_channel(origin):
        return None
    origin = named
    match = SITE_THEN_PART_RE.match(origin) if "网" in origin or "網" in origin else None
    if match is None:
        return origin
    part = match.group("part").strip()
    if CHANNEL_END_RE.search(part):
        return match.group("site")
    return part.strip("《》") if PAPER_RE.match(part) else origin


__all__ = ["relayed_outlet"]
