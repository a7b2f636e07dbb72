"""jusText's paragraphs judged alone (Pomikálek 2011; seed 002): the page's stoplist and thresholds, each
block's three measures (length, link density, stopword density) and its context-free class, and the state the
steps of ``justext`` hand on to each other. The context revision and the extractor are in ``justext``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

from lxml import etree

from crawler.extractors.document.language import classify
from crawler.extractors.document.parse import BLOCK_TAGS, TextBlock
from crawler.extractors.document.scripts import script_of, stopword_key
from crawler.extractors.document.text import CJK_RE, cjk_ratio, stoplist, tokens
from crawler.extractors.steps.pipeline import Run, Step
from crawler.extractors.steps.state import state_of as typed_state_of

# --- jusText 3.0 defaults (seed 002 "算法默认参数"; justext/core.py *_DEFAULT) ---
MAX_LINK_DENSITY = 0.2
LENGTH_LOW = 70  # characters, spaces included
LENGTH_HIGH = 200  # characters, spaces included
STOPWORDS_LOW = 0.30
STOPWORDS_HIGH = 0.32
# Short headings within this many characters before good text may become good (jusText 3.0 default).
MAX_HEADING_DISTANCE = 200
NO_HEADINGS = False

# --- Chinese / Japanese / Korean (seed 002, "算法改进 方案二": per-character tokens, parameters retuned) ---
# A CJK character carries about what 3.5 Latin characters (spaces included) do: a Chinese news text translated
# to English has 3 to 4 times its characters. Lengths count each CJK character this many times, so jusText's
# character thresholds hold for every script and for mixed lines such as "用 Python 读取 Redis" (checked by
# eye on Chinese news pages; a lower weight empties tutorials made of short paragraphs).
CJK_CHARACTER_WEIGHT = 3.5
# Chinese stopword densities between boilerplate and prose (seed 002's scheme 2, stopwordsiso's zh); docs/tuning.md.
CJK_STOPWORDS_LOW = 0.12
CJK_STOPWORDS_HIGH = 0.13
CJK_LANGUAGES = frozenset({"zh", "ja", "ko"})
# A block at least this CJK is judged with the Chinese stoplist and thresholds even on a page identified
# as another language: a Chinese tutorial whose longest blocks are code is identified as English, and its
# prose then has no English stopwords at all. Same share as the shared language
# identifier's CJK_SCRIPT_SHARE.
CJK_BLOCK_SHARE = 0.3
CJK_BLOCK_LANGUAGE = "zh"
# The stoplist used when the page's language is unknown (the brief; jusText's own usage examples).
FALLBACK_LANGUAGE = "en"

# jusText's copyright markers: the sign itself, and the entity written out when a page double-escapes it.
COPYRIGHT_MARKERS = ("\u00a9", "&copy")
# Text inside these elements is a form choice, never prose (jusText marks "select" paths bad).
FORM_CHOICE_TAGS = frozenset({"select", "option", "optgroup"})


class Kind(str, Enum):
    """jusText's four block classes."""

    BAD = "bad"
    SHORT = "short"
    NEAR_GOOD = "near-good"
    GOOD = "good"


@dataclass(frozen=True, slots=True)
class Parameters:
    """One set of jusText thresholds; ``ChooseStoplist`` picks the set a page's language needs."""

    length_low: int = LENGTH_LOW
    length_high: int = LENGTH_HIGH
    stopwords_low: float = STOPWORDS_LOW
    stopwords_high: float = STOPWORDS_HIGH
    max_link_density: float = MAX_LINK_DENSITY
    max_heading_distance: int = MAX_HEADING_DISTANCE
    no_headings: bool = NO_HEADINGS


DEFAULT_PARAMETERS = Parameters()
CJK_PARAMETERS = Parameters(stopwords_low=CJK_STOPWORDS_LOW, stopwords_high=CJK_STOPWORDS_HIGH)
# jusText's language-independent mode: with no stoplist every block passes the stopword test.
NO_STOPLIST_PARAMETERS = Parameters(stopwords_low=0.0, stopwords_high=0.0)


def weighted_length(text: str) -> int:
    """jusText's length (characters, spaces included), a CJK character counting as the Latin text it carries."""
    cjk_characters = len(CJK_RE.findall(text))
    return round(len(text) + (CJK_CHARACTER_WEIGHT - 1) * cjk_characters)


def stopword_tokens(text: str) -> list[str]:
    """The shared words, lower-cased: one rule for every script, each CJK character a word.

    jusText splits on white space, so "the," never matches its list; the shared tokens drop punctuation
    (one tokeniser for every step). Words are compared as the
    stoplists spell them (``stopword_key``: composed, without Arabic or Hebrew vowel points): a Vietnamese
    page in NFD or an Arabic paragraph with harakat otherwise has no stopword at all.
    """
    return [stopword_key(word) for word in tokens(text)]


@lru_cache(maxsize=64)
def keyed_stoplist(language: str) -> frozenset[str]:
    """``text.stoplist`` spelled as ``stopword_tokens`` spells words (jusText's Arabic list writes tanwin:
    "أيضاً", which a text without vowel points writes "أيضا")."""
    return frozenset(stopword_key(word) for word in stoplist(language))


@dataclass(slots=True)
class BlockState:
    """What the steps know about one block: its measures, both classes, and why the last one was set."""

    length: int
    link_density: float
    stopword_density: float
    is_heading: bool
    parameters: Parameters = field(default_factory=Parameters)
    context_free: Kind | None = None
    kind: Kind | None = None
    reason: str = ""


@dataclass
class JusTextState:
    """What the steps hand on to each other: the page's language and stoplist, its thresholds and each block's
    measures and classes (``run.state`` of a jusText run; ``run.notes`` is a view of it)."""

    # ChooseStoplist: the page's language (FALLBACK_LANGUAGE when unknown), its stoplist (empty: none) and
    # the thresholds it needs.
    language: str = ""
    stopwords: frozenset[str] = frozenset()
    parameters: Parameters = DEFAULT_PARAMETERS
    # MeasureBlocks and after: each block's measures, classes and the reason of its last class.
    blocks: list[BlockState] = field(default_factory=list)
    # KeepGoodBlocks: why no block is good.
    reason: str | None = None
    # Notes of steps that have no field here.
    extra: dict[str, Any] = field(default_factory=dict)


def justext_state(run: Run) -> JusTextState:
    """The typed state of a jusText run (a plain Run gets one on first use)."""
    return typed_state_of(run, JusTextState)


def settle(block: TextBlock, info: BlockState, step: str, kind: Kind, reason: str, *, context_free: bool) -> None:
    """Set a block's class and leave the label and the reason on the block."""
    if context_free:
        info.context_free = kind
    info.kind = kind
    info.reason = reason
    block.decide(step, None, reason, label=("cf-" if context_free else "") + kind.value)


class ChooseStoplist(Step):
    """Picks the stoplist and thresholds from the page's language, so one extractor serves all languages."""

    def process(self, run: Run) -> bool:
        language = run.doc.language or FALLBACK_LANGUAGE
        stopwords = keyed_stoplist(language)
        if language in CJK_LANGUAGES and stopwords:
            parameters = CJK_PARAMETERS
        elif stopwords:
            parameters = DEFAULT_PARAMETERS
        else:
            parameters = NO_STOPLIST_PARAMETERS
        state = justext_state(run)
        state.language, state.stopwords, state.parameters = language, stopwords, parameters
        return True


@lru_cache(maxsize=64)
def stoplist_script(language: str) -> str | None:
    """The script a language's stoplist is written in."""
    return script_of(" ".join(sorted(keyed_stoplist(language))))


def own_stoplist(text: str) -> tuple[frozenset[str], Parameters]:
    """The stoplist and thresholds of the language a block is written in, for a block in another script than
    its page's language (a Hebrew article on a page identified as English by its cookie notice and footer has no
    English stopwords at all); a language without a stoplist is judged without one, as jusText does."""
    stopwords = keyed_stoplist(classify(text) or "")
    return stopwords, DEFAULT_PARAMETERS if stopwords else NO_STOPLIST_PARAMETERS


class AnchorText:
    """Length of a block's text inside ``<a>``, spaces included, as jusText counts it.

    The shared ``num_chars_in_anchor_text`` leaves spaces out; link text (names, titles) has fewer spaces
    than prose, so that ratio runs higher than jusText's and a sentence with one link crosses 0.2 sooner.
    """

    def __init__(self, root: etree._Element | None) -> None:
        self._root = root
        self._anchors_by_container: dict[etree._Element, list[str]] | None = None

    def length(self, block: TextBlock) -> int:
        if block.num_chars_in_anchor_text == 0:
            return 0
        container = block.element
        if container is None or self._root is None:
            return block.num_chars_in_anchor_text
        if next(container.iterancestors("a", "A"), None) is not None:
            return len(block.text)  # a block-level element inside a link: all of it is link text
        flat_text = " ".join(block.text.split())
        anchors = self._anchors().get(container, ())
        total = sum(len(anchor) for anchor in anchors if anchor in flat_text)
        return min(max(total, block.num_chars_in_anchor_text), len(block.text))

    def _anchors(self) -> dict[etree._Element, list[str]]:
        """Link texts grouped by their nearest block-level ancestor, the element that holds their block."""
        if self._anchors_by_container is None:
            self._anchors_by_container = {}
            for anchor in self._root.iter("a", "A"):
                container = next(anchor.iterancestors(*BLOCK_TAGS), self._root)
                text = " ".join(anchor.text_content().split())
                if text:
                    self._anchors_by_container.setdefault(container, []).append(text)
        return self._anchors_by_container


class MeasureBlocks(Step):
    """Computes jusText's three measures once per block; the classification steps only compare them."""

    def process(self, run: Run) -> bool:
        state = justext_state(run)
        anchors = AnchorText(run.doc.root)
        state.blocks = []
        page_script = stoplist_script(state.language) if state.stopwords else None
        for block in run.blocks:
            stopwords, parameters = state.stopwords, state.parameters
            if state.language not in CJK_LANGUAGES and cjk_ratio(block.text) >= CJK_BLOCK_SHARE:
                stopwords, parameters = keyed_stoplist(CJK_BLOCK_LANGUAGE), CJK_PARAMETERS
            measured = self.measure(block, stopwords, anchors, parameters)
            if (page_script is not None and measured.stopword_density < parameters.stopwords_low
                    and not block.text.isascii() and script_of(block.text) not in (page_script, None)):
                own_stopwords, own_parameters = own_stoplist(block.text)
                measured = self.measure(block, own_stopwords, anchors, own_parameters)
            state.blocks.append(measured)
        return bool(state.blocks)

    @staticmethod
    def measure(
        block: TextBlock, stopwords: frozenset[str], anchors: AnchorText, parameters: Parameters = DEFAULT_PARAMETERS
    ) -> BlockState:
        words = stopword_tokens(block.text)
        density = sum(word in stopwords for word in words) / len(words) if words else 0.0
        return BlockState(
            length=weighted_length(block.text),
            link_density=anchors.length(block) / len(block.text) if block.text else 0.0,
            stopword_density=density,
            is_heading="heading" in block.labels,
            parameters=parameters,
        )


class MarkBoilerplateMarkers(Step):
    """Preprocessing: copyright lines and form choices are boilerplate whatever their length (seed 002)."""

    def process(self, run: Run) -> bool:
        changed = False
        for block, info in zip(run.blocks, justext_state(run).blocks, strict=True):
            if info.link_density > info.parameters.max_link_density:
                continue  # the link-density rule comes first in jusText and gives its own reason
            if any(marker in block.text for marker in COPYRIGHT_MARKERS):
                settle(block, info, self.name, Kind.BAD, "copyright sign", context_free=True)
                changed = True
            elif _inside_form_choice(block):
                settle(block, info, self.name, Kind.BAD, "inside a <select>", context_free=True)
                changed = True
        return changed


def _tag(element: etree._Element) -> str:
    return element.tag.lower() if isinstance(element.tag, str) else ""


def _inside_form_choice(block: TextBlock) -> bool:
    element = block.element
    if element is None:
        return False
    return _tag(element) in FORM_CHOICE_TAGS or next(element.iterancestors(*FORM_CHOICE_TAGS), None) is not None


class ClassifyContextFree(Step):
    """jusText's context-free rules: each block judged alone into bad, short, near-good or good."""

    def process(self, run: Run) -> bool:
        state = justext_state(run)
        for block, info in zip(run.blocks, state.blocks, strict=True):
            if info.context_free is None:
                kind, reason = self.classify(info, info.parameters)
                settle(block, info, self.name, kind, reason, context_free=True)
            info.is_heading = info.is_heading and not info.parameters.no_headings
        return bool(state.blocks)

    @staticmethod
    def classify(info: BlockState, p: Parameters) -> tuple[Kind, str]:
        if info.link_density > p.max_link_density:
            return Kind.BAD, f"link density {info.link_density:.2f} > {p.max_link_density}"
        if info.length < p.length_low:
            if info.link_density > 0:
                return Kind.BAD, f"short ({info.length} < {p.length_low} chars) and linked"
            return Kind.SHORT, f"short ({info.length} < {p.length_low} chars)"
        density = info.stopword_density
        if density >= p.stopwords_high:
            if info.length > p.length_high:
                return Kind.GOOD, f"long ({info.length} chars) with stopword density {density:.2f}"
            return Kind.NEAR_GOOD, f"medium ({info.length} chars) with stopword density {density:.2f}"
        if density >= p.stopwords_low:
            return Kind.NEAR_GOOD, f"stopword density {density:.2f} between {p.stopwords_low} and {p.stopwords_high}"
        return Kind.BAD, f"stopword density {density:.2f} < {p.stopwords_low}"


class RescueMediumParagraphs(Step):
    """Not in jusText: a page without one long paragraph (a tutorial of short steps, a brief) would come
    out empty, because only good blocks anchor the context pass. Then the medium blocks that pass the high
    stopword test stand in for the long ones: recall rises for about the same precision
    (``PlainJusTextExtractor`` leaves this step out)."""

    def process(self, run: Run) -> bool:
        state = justext_state(run)
        if any(info.kind is Kind.GOOD for info in state.blocks):
            return False
        changed = False
        for block, info in zip(run.blocks, state.blocks, strict=True):
            if info.kind is Kind.NEAR_GOOD and info.stopword_density >= info.parameters.stopwords_high:
                reason = f"no long paragraph on the page; medium with stopword density {info.stopword_density:.2f}"
                settle(block, info, self.name, Kind.GOOD, reason, context_free=True)
                changed = True
        return changed


__all__ = [
    "CJK_BLOCK_LANGUAGE",
    "CJK_BLOCK_SHARE",
    "CJK_CHARACTER_WEIGHT",
    "CJK_LANGUAGES",
    "CJK_PARAMETERS",
    "CJK_STOPWORDS_HIGH",
    "CJK_STOPWORDS_LOW",
    "COPYRIGHT_MARKERS",
    "DEFAULT_PARAMETERS",
    "FALLBACK_LANGUAGE",
    "FORM_CHOICE_TAGS",
    "LENGTH_HIGH",
    "LENGTH_LOW",
    "MAX_HEADING_DISTANCE",
    "MAX_LINK_DENSITY",
    "NO_HEADINGS",
    "NO_STOPLIST_PARAMETERS",
    "STOPWORDS_HIGH",
    "STOPWORDS_LOW",
    "AnchorText",
    "BlockState",
    "ChooseStoplist",
    "ClassifyContextFree",
    "JusTextState",
    "Kind",
    "MarkBoilerplateMarkers",
    "MeasureBlocks",
    "Parameters",
    "RescueMediumParagraphs",
    "justext_state",
    "keyed_stoplist",
    "settle",
    "stopword_tokens",
    "weighted_length",
]
