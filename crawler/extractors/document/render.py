"""The kept blocks as cleaned HTML or Markdown, with the structure a reader needs.

Blocks are flat text; their elements still know what they were. Headings, list items (nested), quotes,
preformatted code and data tables are rebuilt from the block's element and its ancestors; a data table is
rendered whole from the DOM the first time one of its cells is kept. Everything else is a paragraph.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from lxml import etree

from crawler.extractors.document.parse import TextBlock
from crawler.extractors.document.tables import data_table

HEADING_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6")
LIST_TAGS = ("ul", "ol")
# Consecutive pieces that Markdown writes on adjacent lines: a term and its definitions.
DEFINITION_PAIRS = {("term", "definition"), ("definition", "definition")}
# Ancestors looked at to find what a block is part of (list, quote, table); deeper means page layout.
MAX_STRUCTURE_DEPTH = 6


@dataclass(frozen=True, slots=True)
class Piece:
    """One rendered unit: kind is heading, item, term, definition, quote, code, table or paragraph."""

    kind: str
    text: str = ""
    level: int = 0  # heading level, or list nesting depth
    ordered: bool = False
    rows: tuple[tuple[str, ...], ...] = ()
    header: bool = False


def _ancestors(element: etree._Element | None) -> Iterator[etree._Element]:
    node = element
    depth = 0
    while node is not None and depth <= MAX_STRUCTURE_DEPTH:
        if isinstance(node.tag, str):
            yield node
        node = node.getparent()
        depth += 1


def pieces(blocks: Sequence[TextBlock]) -> list[Piece]:
    """The content blocks as structured pieces, in document order."""
    result: list[Piece] = []
    rendered_tables: set[etree._Element] = set()
    layout_tables: set[etree._Element] = set()
    for block in blocks:
        if not block.is_content:
            continue
        piece = None
        for node in _ancestors(block.element):
            tag = node.tag
            if tag in HEADING_TAGS:
                piece = Piece("heading", block.text.replace("\n", " "), level=int(tag[1]))
            elif tag == "pre":
                piece = Piece("code", node.text_content().strip("\n"))
            elif tag == "li":
                lists = [a for a in node.iterancestors() if isinstance(a.tag, str) and a.tag in LIST_TAGS]
                ordered = bool(lists) and lists[0].tag == "ol"
                piece = Piece("item", block.text, level=max(0, len(lists) - 1), ordered=ordered)
            elif tag == "dt":
                piece = Piece("term", block.text.replace("\n", " "))
            elif tag == "summary":  # the visible line of a disclosure widget: an FAQ's question
                piece = Piece("summary", block.text.replace("\n", " "))
            elif tag == "dd":
                piece = Piece("definition", block.text)
            elif tag == "blockquote":
                piece = Piece("quote", block.text)
            elif tag == "table" and node not in layout_tables:
                if node in rendered_tables:
                    piece = Piece("skip")
                else:
                    table = data_table(node)
                    if table is None:
                        layout_tables.add(node)
                    else:
                        rendered_tables.add(node)
                        piece = Piece("table", rows=table[0], header=table[1])
            if piece is not None:
                break
        piece = piece or Piece("paragraph", block.text)
        if piece.kind == "code" and result and result[-1] == piece:
            continue  # several blocks of one <pre>
        if piece.kind != "skip":
            result.append(piece)
    return result


def _markdown_table(piece: Piece) -> str:
    width = max(len(row) for row in piece.rows)
    rows = [list(row) + [""] * (width - len(row)) for row in piece.rows]
    header, body = (rows[0], rows[1:]) if piece.header else ([""] * width, rows)

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(header), "| " + " | ".join("---" for _ in range(width)) + " |", *map(line, body)])


def _markdown(piece: Piece) -> str:
    if piece.kind == "heading":
        return "#" * piece.level + " " + piece.text
    if piece.kind == "item":
        return "  " * piece.level + ("1. " if piece.ordered else "- ") + piece.text.replace("\n", " ")
    if piece.kind in ("term", "summary"):
        return f"**{piece.text}**"
    if piece.kind == "definition":  # the definition-list syntax of PHP Markdown Extra and Pandoc
        return ": " + piece.text.replace("\n", " ")
    if piece.kind == "quote":
        return "\n".join("> " + line for line in piece.text.split("\n"))
    if piece.kind == "code":
        return f"```\n{piece.text}\n```"
    if piece.kind == "table":
        return _markdown_table(piece)
    return piece.text.replace("\n", "  \n")  # a hard line break inside the paragraph


def to_markdown(blocks: Sequence[TextBlock]) -> str:
    """CommonMark: pieces apart by a blank line, except consecutive items of a list."""
    out: list[str] = []
    previous: Piece | None = None
    for piece in pieces(blocks):
        if previous is not None:
            together = piece.kind == previous.kind == "item" or (previous.kind, piece.kind) in DEFINITION_PAIRS
            out.append("\n" if together else "\n\n")
        out.append(_markdown(piece))
        previous = piece
    return "".join(out)


def to_html(blocks: Sequence[TextBlock]) -> str:
    out: list[str] = []
    from html import escape  # here: the html package loads its entity table, which extraction never reads

    open_lists: list[str] = []  # tags of the lists currently open, outermost first
    definitions: list[str] = []  # the <dt>/<dd> of the definition list being built

    def close_lists(depth: int) -> None:
        while len(open_lists) > depth:
            out.append(f"</{open_lists.pop()}>")

    def close_definitions() -> None:
        if definitions:
            out.append("<dl>" + "".join(definitions) + "</dl>")
            definitions.clear()

    for piece in pieces(blocks):
        if piece.kind in ("term", "definition"):
            close_lists(0)
            tag = "dt" if piece.kind == "term" else "dd"
            definitions.append(f"<{tag}>{escape(piece.text)}</{tag}>")
            continue
        close_definitions()
        if piece.kind == "item":
            tag = "ol" if piece.ordered else "ul"
            close_lists(piece.level + 1)
            while len(open_lists) < piece.level + 1:
                open_lists.append(tag)
                out.append(f"<{tag}>")
            out.append(f"<li>{escape(piece.text)}</li>")
            continue
        close_lists(0)
        if piece.kind == "heading":
            out.append(f"<h{piece.level}>{escape(piece.text)}</h{piece.level}>")
        elif piece.kind == "quote":
            out.append(f"<blockquote><p>{escape(piece.text)}</p></blockquote>")
        elif piece.kind == "summary":
            out.append(f"<p><strong>{escape(piece.text)}</strong></p>")
        elif piece.kind == "code":
            out.append(f"<pre><code>{escape(piece.text)}</code></pre>")
        elif piece.kind == "table":
            rows = list(piece.rows)
            html = ["<table>"]
            if piece.header:
                html.append("<thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in rows.pop(0)) + "</tr></thead>")
            html.append("<tbody>")
            html.extend("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
            html.append("</tbody></table>")
            out.append("".join(html))
        else:
            out.append("<p>" + "<br>".join(escape(line) for line in piece.text.split("\n")) + "</p>")
    close_lists(0)
    close_definitions()
    return "\n".join(out)
