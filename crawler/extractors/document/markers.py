"""End-of-text markers: short blocks that say "the article is over" (comments, related links, credits).

boilerpipe's TerminatingBlocksFinder (seed 000) hard-codes an English list; here the list is one entry of
a per-language table, so a Chinese page is cut at 相关阅读 or 责任编辑 the way an English page is cut at
"Add your comment". Matching is plain string tests, as in the seed: ``starts_with`` and ``contains`` are
case-sensitive, ``patterns`` carry their own flags. English is always checked as well, because English
widgets ("Comments", "Have your say") show up on pages in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class EndMarkers:
    """One language's end-of-text markers."""

    starts_with: tuple[str, ...] = ()
    contains: tuple[str, ...] = ()
    equals: tuple[str, ...] = ()
    patterns: tuple[re.Pattern[str], ...] = ()

    def match(self, text: str, ignore_case: bool = False) -> str | None:
        """The marker that ``text`` (a block's trimmed text) shows, described for a decision's reason.

        ``ignore_case`` is boilerpipe 1.2's matching (text and markers lower-cased), which also catches
        "Tell us what YOU think..." that the seed's case-sensitive list misses.
        """
        starts_with, contains, equals = _lowered(self) if ignore_case else (
            self.starts_with, self.contains, self.equals)
        if ignore_case:
            text = text.lower()
        for i, prefix in enumerate(starts_with):
            if text.startswith(prefix):
                return f"starts with {self.starts_with[i]!r}"
        for pattern in self.patterns:
            if pattern.search(text):
                return f"matches /{pattern.pattern}/"
        for i, part in enumerate(contains):
            if part in text:
                return f"contains {self.contains[i]!r}"
        for i, whole in enumerate(equals):
            if text == whole:
                return f"is {self.equals[i]!r}"
        return None


@lru_cache(maxsize=32)
def _lowered(markers: EndMarkers) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The markers lower-cased once, not once per block."""
    return (tuple(m.lower() for m in markers.starts_with), tuple(m.lower() for m in markers.contains),
            tuple(m.lower() for m in markers.equals))


# Seed 000, TerminatingBlocksFinder (boilerpipe 1.1.0), exactly as listed there. " Reuters" keeps its
# leading space as in the seed; since the block text is trimmed first it can only match a block whose text
# kept that space, which ours never do (nor did Java's: it trimmed too), so it is inert, as in the original.
ENGLISH = EndMarkers(
    starts_with=("Comments", " Reuters", "Please rate this"),
    patterns=(re.compile(r"^[0-9]+ (Comments|users responded in)", re.M | re.S | re.I),),  # N_COMMENTS
    contains=(
        "What you think...",
        "add your comment",
        "Add your comment",
        "Add Your Comment",
        "Add Comment",
        "Reader views",
        "Have your say",
        "Have Your Say",
        "Reader Comments",
    ),
    equals=("Thanks for your comments - this feedback is now closed",),
)

# Chinese news sites close the article with an editor credit (责任编辑) and then related links and the
# comment box. Only headings of those widgets are listed: words such as 评论 alone also occur in the text.
CHINESE = EndMarkers(
    starts_with=(
        "责任编辑", "责编", "【责任编辑", "(责任编辑", "（责任编辑", "编辑：",
        "相关阅读", "相关新闻", "相关文章", "相关报道", "相关链接", "延伸阅读", "推荐阅读",
        "热门推荐", "猜你喜欢", "热门评论", "最新评论", "网友评论", "发表评论", "我要评论",
        "我来说两句", "查看评论", "全部评论", "更多精彩", "上一篇", "下一篇",
        "版权声明", "免责声明", "分享到",
    ),
    patterns=(
        re.compile(r"^(已有|共有|共)?\s*[0-9]+\s*(条评论|人参与|条回复|人评论)"),
        re.compile(r"^[【\[](责任编辑|编辑|责编|纠错)[】\]：:]"),
    ),
    contains=("发表评论", "网友评论", "相关阅读", "延伸阅读", "推荐阅读"),
)

GERMAN = EndMarkers(
    starts_with=("Kommentare", "Leserkommentare", "Mehr zum Thema", "Das könnte Sie auch interessieren",
                 "Weitere Artikel", "Ähnliche Artikel"),
    patterns=(re.compile(r"^[0-9]+ (Kommentare?|Leserkommentare?)", re.I),),
    contains=("Kommentar schreiben", "Kommentieren Sie", "Diskutieren Sie mit"),
)

FRENCH = EndMarkers(
    starts_with=("Commentaires", "Réagir", "Sur le même sujet", "À lire aussi", "Articles similaires"),
    patterns=(re.compile(r"^[0-9]+ (commentaires?|réactions?)", re.I),),
    contains=("Ajouter un commentaire", "Laisser un commentaire", "Écrire un commentaire"),
)

SPANISH = EndMarkers(
    starts_with=("Comentarios", "Noticias relacionadas", "Te puede interesar", "Artículos relacionados"),
    patterns=(re.compile(r"^[0-9]+ (comentarios?)", re.I),),
    contains=("Deja un comentario", "Añadir comentario", "Escribe un comentario"),
)

JAPANESE = EndMarkers(
    starts_with=("関連記事", "関連ニュース", "コメント", "この記事へのコメント", "あわせて読みたい"),
)

KOREAN = EndMarkers(
    starts_with=("관련기사", "관련 기사", "댓글", "많이 본 뉴스"),
    patterns=(re.compile(r"^[0-9]+\s*개의 댓글"),),
)

# ISO 639-1 code -> markers; languages without an entry still get English.
MARKERS_BY_LANGUAGE: dict[str, EndMarkers] = {
    "en": ENGLISH,
    "zh": CHINESE,
    "de": GERMAN,
    "fr": FRENCH,
    "es": SPANISH,
    "ja": JAPANESE,
    "ko": KOREAN,
}


def markers_for(language: str | None) -> tuple[EndMarkers, ...]:
    """The page language's markers, always followed by English ones."""
    code = (language or "").lower().split("-")[0]
    own = MARKERS_BY_LANGUAGE.get(code)
    return (own, ENGLISH) if own is not None and own is not ENGLISH else (ENGLISH,)


def find_end_marker(text: str, language: str | None, ignore_case: bool = False) -> str | None:
    """Which end-of-text marker a block's text shows, or None."""
    text = text.strip()
    for markers in markers_for(language):
        found = markers.match(text, ignore_case)
        if found:
            return found
    return None


__all__ = ["MARKERS_BY_LANGUAGE", "EndMarkers", "find_end_marker", "markers_for"]
