"""The document model every extractor shares: TextBlocks and the TextDocument that holds them.

A TextBlock is boilerpipe's unit (seed 000): the text between two block-level boundaries, with shallow
statistics (words, words inside links, 80-column text density, characters) and a reference to the element
that holds it, so an extractor can return the cleaned HTML of what it keeps. ``parse_html``
(``document.parse``) builds them; ``document.blockwalk`` is the walk that cuts a page.

Extractors never change the shared blocks: ``TextDocument.fresh_blocks()`` hands each run its own copies,
on which steps leave labels and the reasons for them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from functools import cached_property
from typing import Any, NamedTuple, Protocol

from lxml import etree

from crawler.extractors.document.markup import PageMarkup, body_of, page_markup
from crawler.extractors.document.subtree import TreeIndex
from crawler.extractors.document.text import WrapCounter, visible_length
from crawler.kernels.walk import copy_blocks


class Decision(NamedTuple):
    """What one step decided about a block, and why (a named tuple: every step leaves one on every block, and a
    tuple is made in a third of a frozen dataclass's time)."""

    step: str
    label: str
    reason: str
    content: bool | None = None  # the verdict: content, boilerplate, or None when the step only labelled


class TextBlock:
    """A run of text between block boundaries, with the shallow features of boilerpipe (seed 000)."""

    __slots__ = (
        "_merged_texts",
        "_text",
        "decisions",
        "element",
        "elements",
        "is_content",
        "labels",
        "num_chars",
        "num_chars_in_anchor_text",
        "num_words",
        "num_words_in_anchor_text",
        "num_words_in_wrapped_lines",
        "num_wrapped_lines",
        "offset_blocks_end",
        "offset_blocks_start",
        "source_line",
        "tag_level",
    )

    def __init__(
        self,
        text: str,
        num_words: int,
        num_words_in_anchor_text: int,
        num_words_in_wrapped_lines: int,
        num_wrapped_lines: int,
        offset: int,
        tag_level: int,
        element: etree._Element | None = None,
        labels: Iterable[str] = (),
        num_chars: int | None = None,
        num_chars_in_anchor_text: int = 0,
        source_line: int | None = None,
    ) -> None:
        self._text = text
        # Texts of blocks fused into this one, joined when first read; None until a fusion (most blocks never fuse,
        # and a list per block and per copy was a tenth of the tracked objects a page makes).
        self._merged_texts: list[str] | None = None
        self.num_words = num_words
        self.num_words_in_anchor_text = num_words_in_anchor_text
        self.num_words_in_wrapped_lines = num_words_in_wrapped_lines
        self.num_wrapped_lines = num_wrapped_lines
        self.offset_blocks_start = offset
        self.offset_blocks_end = offset
        self.tag_level = tag_level
        self.element = element
        self.elements: list[etree._Element] = [element] if element is not None else []
        self.labels: set[str] = set(labels)
        self.num_chars = visible_length(text) if num_chars is None else num_chars
        self.num_chars_in_anchor_text = num_chars_in_anchor_text
        self.source_line = source_line
        self.is_content = False
        self.decisions: list[Decision] = []

    @classmethod
    def from_text(cls, text: str, offset: int = 0, *, linked: bool = False, tag_level: int = 0,
                  labels: Iterable[str] = ()) -> TextBlock:
        """A block from plain text, for tests and for extractors that build blocks of their own."""
        counter = WrapCounter()
        counter.add(text, linked)
        in_wrapped, wrapped = counter.result()
        chars = visible_length(text)
        return cls(text, counter.words, counter.linked_words, in_wrapped, wrapped, offset, tag_level,
                   labels=labels, num_chars=chars, num_chars_in_anchor_text=chars if linked else 0)

    @property
    def text(self) -> str:
        if self._merged_texts:
            self._text = "\n".join([self._text, *self._merged_texts])
            self._merged_texts = None
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self._merged_texts = None

    @property
    def link_density(self) -> float:
        return self.num_words_in_anchor_text / self.num_words if self.num_words else 0.0

    @property
    def char_link_density(self) -> float:
        """Share of characters inside links: jusText's definition (seed 002)."""
        return self.num_chars_in_anchor_text / self.num_chars if self.num_chars else 0.0

    @property
    def text_density(self) -> float:
        return self.num_words_in_wrapped_lines / self.num_wrapped_lines if self.num_wrapped_lines else 0.0

    @property
    def tag(self) -> str:
        return self.element.tag if self.element is not None and isinstance(self.element.tag, str) else ""

    def decide(self, step: str, content: bool | None, reason: str, label: str | None = None) -> None:
        """Record a step's verdict; ``content=None`` only adds a label."""
        if content is not None:
            self.is_content = content
        if label:
            self.labels.add(label)
        # tuple.__new__ makes the same Decision in half the time of its Python-level __new__ (one per block per step)
        self.decisions.append(_new_decision(Decision, (
            step, label or ("content" if content else "boilerplate" if content is False else ""), reason, content)))

    def merge_next(self, other: TextBlock) -> None:
        """Fuse a following block into this one (boilerpipe's TextBlock.mergeNext)."""
        # Texts of fused blocks are joined when first read: joining at every fusion is quadratic when a
        # filter fuses thousands of paragraphs into one block.
        if self._merged_texts is None:
            self._merged_texts = [other.text]
        else:
            self._merged_texts.append(other.text)
        self.num_words += other.num_words
        self.num_words_in_anchor_text += other.num_words_in_anchor_text
        self.num_words_in_wrapped_lines += other.num_words_in_wrapped_lines
        self.num_wrapped_lines += other.num_wrapped_lines
        self.num_chars += other.num_chars
        self.num_chars_in_anchor_text += other.num_chars_in_anchor_text
        self.offset_blocks_start = min(self.offset_blocks_start, other.offset_blocks_start)
        self.offset_blocks_end = max(self.offset_blocks_end, other.offset_blocks_end)
        self.is_content = self.is_content or other.is_content
        self.labels |= other.labels
        self.tag_level = min(self.tag_level, other.tag_level)
        # Fused blocks are neighbours: only a repeat of the last container is skipped (a full membership
        # test makes fusing thousands of paragraphs quadratic).
        for element in other.elements:
            if not self.elements or element is not self.elements[-1]:
                self.elements.append(element)
        self.decisions.extend(other.decisions)

    def copy(self) -> TextBlock:
        clone = _new_block(TextBlock)
        clone._text = self.text if self._merged_texts else self._text
        clone._merged_texts = None
        clone.num_words = self.num_words
        clone.num_words_in_anchor_text = self.num_words_in_anchor_text
        clone.num_words_in_wrapped_lines = self.num_words_in_wrapped_lines
        clone.num_wrapped_lines = self.num_wrapped_lines
        clone.offset_blocks_start = self.offset_blocks_start
        clone.offset_blocks_end = self.offset_blocks_end
        clone.tag_level = self.tag_level
        clone.element = self.element
        clone.elements = self.elements.copy()
        clone.labels = self.labels.copy()
        clone.num_chars = self.num_chars
        clone.num_chars_in_anchor_text = self.num_chars_in_anchor_text
        clone.source_line = self.source_line
        clone.is_content = self.is_content
        clone.decisions = self.decisions.copy()
        return clone

    @property
    def tag_path(self) -> str:
        """Ancestry of the block's element, e.g. ``body/div#main.article/p``; for reports and rules."""
        parts = []
        node = self.element
        while node is not None and isinstance(node.tag, str):
            part = node.tag
            if node.get("id"):
                part += "#" + node.get("id")
            if node.get("class"):
                part += "." + ".".join(node.get("class").split())
            parts.append(part)
            node = node.getparent()
        return "/".join(reversed(parts))

    def __repr__(self) -> str:
        flag = "+" if self.is_content else "-"
        return (f"<TextBlock {flag} [{self.offset_blocks_start}-{self.offset_blocks_end}] words={self.num_words} "
                f"ld={self.link_density:.2f} td={self.text_density:.1f} {self.text[:40]!r}>")


_new_block = object.__new__
_new_decision = tuple.__new__


class PageWalk(Protocol):
    """How a document parsed without its walk (``parse_html(..., walk=False)``) gets its blocks: one subtree's
    (``within``, None when the whole page's walk would give none there), or the whole page's (``whole``, which
    sets the document's blocks, tree index, warnings and empty reason)."""

    def within(self, doc: TextDocument, element: etree._Element) -> list[TextBlock] | None: ...

    def whole(self, doc: TextDocument) -> None: ...


class TextDocument:
    """A parsed page: the cleaned lxml tree, its title and its TextBlocks, built once (when ``walk`` is given,
    on first use of ``blocks``: a learned container's blocks can be had before, by ``blocks_within``)."""

    def __init__(
        self,
        blocks: list[TextBlock],
        title: str | None = None,
        *,
        root: etree._Element | None = None,
        url: str | None = None,
        encoding: str | None = None,
        declared_language: str | None = None,
        warnings: Iterable[str] = (),
        empty_reason: str | None = None,
        json_ld: Iterable[str] = (),
        walk: PageWalk | None = None,
        parsed_h1s: Iterable[etree._Element] | None = None,
    ) -> None:
        self._walk = walk
        self._blocks = blocks
        self.title = title
        self.root = root
        self.url = url
        self.encoding = encoding
        self.declared_language = declared_language
        self.warnings = list(warnings)
        self.empty_reason = empty_reason
        # Raw texts of <script type="application/ld+json"> anywhere in the page: the tree loses body scripts.
        self.json_ld = list(json_ld)
        self._tree_index: TreeIndex | None = None
        self.markup: PageMarkup | None = None  # read before the walk changes the tree (``page_markup``)
        # The <h1> elements of the tree as parsed, in document order (None: not gathered, the tree is searched).
        self._parsed_h1s = list(parsed_h1s) if parsed_h1s is not None else None
        self._h1s_root = root  # the tree they were found in (a page revealed from <noscript> gets a new one)
        # What readers of the walked page compute more than once, by a key of theirs (``memo``).
        self._memo: dict[Hashable, Any] = {}

    def page_markup(self) -> PageMarkup:
        """The ``<meta>``, ``<link>``, microdata and ``<time>`` elements of the page as parsed, read once, before
        the block walk removes any (``document.markup``)."""
        if self.markup is None:
            self.markup = page_markup(self.root, body_of(self.root)) if self.root is not None else PageMarkup()
        return self.markup

    @property
    def blocks(self) -> list[TextBlock]:
        if self._walk is not None:
            walk, self._walk = self._walk, None
            walk.whole(self)
        return self._blocks

    @blocks.setter
    def blocks(self, blocks: list[TextBlock]) -> None:
        self._blocks = blocks

    @property
    def walked(self) -> bool:
        """Whether the page's blocks are built (always, but for a document parsed with ``walk=False`` not used
        yet)."""
        return self._walk is None

    def blocks_within(self, element: etree._Element) -> list[TextBlock] | None:
        """The blocks of one subtree, walked alone, for a document whose page is not walked yet (the fast path
        of a learned container skips the rest of the page); None once the page is walked, or when the whole
        page's walk would give no block there."""
        return self._walk.within(self, element) if self._walk is not None else None

    @classmethod
    def from_blocks(cls, blocks: Iterable[TextBlock], title: str | None = None) -> TextDocument:
        return cls(list(blocks), title)

    def fresh_blocks(self) -> list[TextBlock]:
        """Copies of the blocks for one extractor run, so runs on the same document stay independent (in one C
        call when the compiled walk is built: ``copy_blocks``)."""
        return copy_blocks(self.blocks)

    def h1s(self) -> list[etree._Element]:
        """The page's ``<h1>`` elements in document order as the tree stands now (``root.iter("h1")``): those found
        when it was parsed less those the block walk removed (it removes subtrees, and never adds or moves one), so
        that the tree is not searched again; searched when the walk replaced the tree (a page revealed from its
        ``<noscript>`` view is parsed again)."""
        root = self.root
        if root is None:
            return []
        if self._parsed_h1s is None or root is not self._h1s_root:
            return list(root.iter("h1"))
        return [element for element in self._parsed_h1s if _top(element) is root]

    def memo(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per document and key: for readers of the walked page (its blocks and tree as they stand
        once walked) that ask the same question twice. ``key`` names the reader and its arguments."""
        memo = self._memo
        if key in memo:
            return memo[key]
        value = memo[key] = compute()
        return value

    @property
    def body(self) -> etree._Element | None:
        """The root's first <body> child, else the root (``root.find("body")``, asked without ElementPath's
        machinery: ``markup.body_of``)."""
        if self.root is None:
            return None
        return body_of(self.root)

    @property
    def tree_index(self) -> TreeIndex | None:
        """Document-order positions of the body's elements (recorded by the block walk; built on first use for a
        document made otherwise), None without a tree."""
        if self._walk is not None:
            self.blocks  # noqa: B018 - the walk records the index
        if self._tree_index is None and self.root is not None:
            self._tree_index = TreeIndex.of(self.body)
        return self._tree_index

    @tree_index.setter
    def tree_index(self, index: TreeIndex | None) -> None:
        self._tree_index = index

    @cached_property
    def language(self) -> str | None:
        """ISO 639-1 code of the main text, read on the longest blocks when first read: the declared language when
        its stopwords confirm it, else fastText's lid.176 model (``crawler.extractors.document.language``)."""
        from crawler.extractors.document.language import identify_language

        return identify_language(self.blocks, self.declared_language)


def _top(element: etree._Element) -> etree._Element:
    """The topmost ancestor of the element (the element itself without a parent): the root while it is in the tree."""
    ancestors = deque(element.iterancestors(), maxlen=1)
    return ancestors[0] if ancestors else element


def total_words(blocks: Iterable[TextBlock]) -> int:
    return sum(b.num_words for b in blocks)


__all__ = ["Decision", "PageWalk", "TextBlock", "TextDocument", "total_words"]
