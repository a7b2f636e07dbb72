"""One self-contained HTML file for an ``Explanation``: opens offline, loads nothing, runs no script.

Every piece of page text is escaped; the page's own scripts, styles and images never reach the report. A
Content-Security-Policy meta tag allows only the report's own style sheet (by its SHA-256), so even a bug
in the escaping could not load or run anything. Hover shows a block's steps; a click (focus) pins them; a
check box shows them all; plots are inline SVG with tooltips — all without a script.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Sequence
from html import escape

from crawler.extractors.density.extractor import DELTA2_MAX_LINK_DENSITY, ROOT, SimpleTree
from crawler.extractors.lineblock.extractor import BLOCK_THICKNESS, CX_THRESHOLD

from .collect import BlockView, Explanation, Stage, StepSummary
from .goldiff import Span
from .plots import cx_plot, density_plot

# Bounds that keep the report of a huge page readable and its file small (a 5 MB page has ~10,000 blocks).
MAX_BLOCKS_SHOWN = 2000  # blocks drawn in reading order; the rest are counted
MAX_BLOCK_CHARS = 1500  # characters of one block's text shown
MAX_TEXT_CHARS = 200_000  # characters of the extracted (and gold) text shown
MAX_TEMPLATE_LINES = 2000
TOP_CANDIDATES = 8  # density: candidate containers listed
TOP_REGIONS = 10  # CX: regions listed

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",sans-serif;
margin:0;color:#1d1d1f;background:#f6f7f9}
header{background:#1f2a3a;color:#fff;padding:14px 24px}header h1{margin:0 0 4px;font-size:20px}
header .url{color:#c9d6ea;word-break:break-all}header .facts{margin-top:6px;color:#e4e9f1}
nav{padding:6px 24px;background:#e9edf3;position:sticky;top:0;z-index:20}nav a{margin-right:14px;color:#1f5fa8}
main{padding:8px 24px 40px;max-width:1200px}section{background:#fff;border:1px solid #dde2ea;border-radius:6px;
padding:10px 16px;margin:14px 0}h2{font-size:17px;margin:4px 0 8px}
table{border-collapse:collapse;font-size:13px}th,td{border-bottom:1px solid #e3e6ec;padding:3px 8px;
text-align:left;vertical-align:top}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#555;font-size:13px}.warn{color:#a4461a}.legend span{margin-right:14px}
.blocks{display:flex;flex-direction:column;gap:3px}
.block{position:relative;border:2px solid #ccc;border-radius:4px;padding:2px 8px;background:#fff}
.block.kept{border-color:#2e9e4f;background:#f1fbf3}.block.dropped{border-color:#d0d4da;border-style:dashed;
color:#6b7079;font-size:13px}.block.missed{box-shadow:inset 6px 0 0 #d62f2f}
.block.extra{box-shadow:inset 6px 0 0 #e08a1e}
.block:focus{outline:3px solid #1f5fa8}.bh{font-size:12px;color:#555;display:flex;gap:10px;flex-wrap:wrap}
.bh .verdict{font-weight:600}.kept .verdict{color:#1e7b3a}.dropped .verdict{color:#8a3b3b}
.bt{white-space:pre-wrap;word-break:break-word}.why{color:#333}
.steps{display:none;margin:4px 0;padding:6px 10px 6px 28px;background:#fff;border:1px solid #b8c2d0;
border-radius:4px;font-size:13px;color:#1d1d1f}
.block:hover>.steps{display:block;position:absolute;z-index:10;left:24px;right:0;top:calc(100% - 2px);
box-shadow:0 4px 14px rgba(0,0,0,.18)}
.block:focus>.steps,#all:checked~.blocks .steps{display:block;position:static;box-shadow:none}
.steps li.v-true{color:#1e7b3a}.steps li.v-false{color:#a12b2b}.steps li.v-none{color:#555}
.steps .stage{display:block;margin-left:-20px;font-weight:600;color:#1f2a3a}.steps .label{font-style:italic}
.chip{display:inline-block;padding:0 6px;border-radius:8px;font-size:12px;background:#eef}
.tl{font-family:ui-monospace,monospace;font-size:12px;white-space:pre-wrap;margin:0}
.tl.head,.tl.tail{color:#8a3b3b;background:#fbeeee}.tl.shared{color:#a4461a;background:#fdf3e7}
.tl.body{color:#1e7b3a}.text{white-space:pre-wrap;word-break:break-word;background:#fafbfc;padding:8px;
border:1px solid #e3e6ec;max-height:520px;overflow:auto}
mark.extra{background:#ffd9a8}mark.missed{background:#ffc2c2}svg{display:block;margin:6px 0}
"""

CSP_HASH = base64.b64encode(hashlib.sha256(STYLE.encode("utf-8")).digest()).decode("ascii")
CONTENT_SECURITY_POLICY = (f"default-src 'none'; style-src 'sha256-{CSP_HASH}'; img-src 'none'; "
                           "base-uri 'none'; form-action 'none'")


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _cut(text: str, limit: int) -> tuple[str, int]:
    return (text, 0) if len(text) <= limit else (text[:limit], len(text) - limit)


def _table(header: Sequence[str], rows: Iterable[Sequence[object]], numeric: Sequence[int] = ()) -> str:
    head = "".join(f'<th class="{"n" if i in numeric else ""}">{_e(h)}</th>' for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"n" if i in numeric else ""}">{_e(c)}</td>' for i, c in enumerate(row))
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# ---------------------------------------------------------------------------------------------- sections


def _header(x: Explanation) -> str:
    article = x.article
    blocks_kept = sum(1 for view in x.blocks if view.kept)
    facts = [f"extractor {article.extractor}", f"{blocks_kept} of {len(x.blocks)} blocks kept",
             f"{x.kept_words} of {x.total_words} words kept"]
    if x.doc.encoding:
        facts.append(f"encoding {x.doc.encoding}")
    if article.language:
        facts.append(f"language {article.language}")
    if x.gold is not None and x.gold.f1 is not None:
        facts.append(f"F1 {x.gold.f1:.3f} (P {x.gold.precision or 0:.3f}, R {x.gold.recall or 0:.3f})")
    lines = [f"<h1>Why kept, why dropped: {_e(x.doc.title or '(no title)')}</h1>",
             f'<div class="url">{_e(x.url or x.source)}</div>',
             f'<div class="facts">{" · ".join(_e(f) for f in facts)}</div>']
    if article.reason:
        lines.append(f'<div class="facts">empty: {_e(article.reason)}</div>')
    return "<header>" + "".join(lines) + "</header>"


def _notes(x: Explanation) -> str:
    items = [f"<li class=warn>{_e(w)}</li>" for w in (*x.doc.warnings, *x.article.warnings, *x.errors)]
    timing = ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in x.seconds.items())
    items.append(f'<li class="note">time: {_e(timing)}</li>')
    return f'<ul class="note">{"".join(items)}</ul>'


def _stage_notes(stage: Stage) -> list[str]:
    notes = []
    if stage.note:
        notes.append(stage.note)
    roots = stage.notes.get("content_roots")
    if roots:
        names = []
        for element in roots:
            label = element.tag if isinstance(element.tag, str) else "?"
            if element.get("id"):
                label += "#" + element.get("id")
            elif element.get("class"):
                label += "." + ".".join(element.get("class").split()[:2])
            names.append(f"<{label}>")
        notes.append(f"content container: {', '.join(names)}")
    if stage.notes.get("template"):
        notes.append(f"template lines of pattern {stage.notes['template']} used as furniture evidence")
    if stage.notes.get("reason"):
        notes.append(f"reason: {stage.notes['reason']}")
    return notes


def _chain(x: Explanation) -> str:
    parts = ['<section id="chain"><h2>The chain, step by step</h2>',
             '<p class="note">Per step: blocks (words) it called content, boilerplate, or only labelled; then '
             'what was kept once it had run.</p>']
    for stage in x.stages:
        rows: list[StepSummary] = [row for row in x.summary if row.stage == stage.extractor]
        parts.append(f"<h3>{_e(stage.extractor)}</h3>")
        for note in _stage_notes(stage):
            parts.append(f'<p class="note">{_e(note)}</p>')
        parts.append(_table(
            ("#", "step", "kept blocks", "kept words", "dropped blocks", "dropped words", "labelled",
             "content after: blocks", "words"),
            ((i + 1, r.step, r.kept_blocks, r.kept_words, r.dropped_blocks, r.dropped_words, r.labelled_blocks,
              r.content_blocks_after, r.content_words_after) for i, r in enumerate(rows)),
            numeric=(0, 2, 3, 4, 5, 6, 7, 8)))
    return "".join(parts) + "</section>"


def _decision_items(view: BlockView) -> str:
    items = []
    for stage, decisions in view.decisions:
        if len(view.decisions) > 1:
            items.append(f'<li class="stage">{_e(stage)}</li>')
        for d in decisions:
            verdict = {True: "content", False: "boilerplate", None: "label"}[d.content]
            label = f'<span class="label">{_e(d.label)}</span> ' if d.label and d.label != verdict else ""
            items.append(f'<li class="v-{str(d.content).lower()}"><b>{_e(d.step)}</b> {label}[{verdict}]: '
                         f"{_e(d.reason)}</li>")
    if not items:
        items.append('<li class="v-none">no step decided on this block: it keeps its initial verdict '
                     '(boilerplate)</li>')
    return f'<ol class="steps">{"".join(items)}</ol>'


def _block(view: BlockView) -> str:
    block = view.block
    classes = ["block", "kept" if view.kept else "dropped"]
    if view.gold_status in ("missed", "extra"):
        classes.append(view.gold_status)
    deciding = view.deciding
    why = f"{deciding.step} · {deciding.label}: {deciding.reason}" if deciding else "no verdict"
    text, cut = _cut(block.text, MAX_BLOCK_CHARS)
    more = f" … ({cut} more characters)" if cut else ""
    tag = block.tag or "?"
    facts = f"&lt;{_e(tag)}&gt; · {block.num_words} words · links {block.link_density:.0%}"
    if view.gold_status == "missed":
        facts += " · <b>gold text dropped</b>"
    elif view.gold_status == "extra":
        facts += " · <b>kept, not in gold</b>"
    return (f'<div class="{" ".join(classes)}" id="b{view.index}" tabindex="0">'
            f'<div class="bh"><span>#{view.index}</span><span class="verdict">{"kept" if view.kept else "dropped"}'
            f'</span><span class="why">{_e(why)}</span><span>{facts}</span></div>'
            f'<div class="bt">{_e(text)}{_e(more)}</div>{_decision_items(view)}</div>')


def _blocks(x: Explanation) -> str:
    shown = x.blocks[:MAX_BLOCKS_SHOWN]
    parts = ['<section id="blocks"><h2>Blocks in reading order</h2>',
             '<p class="legend note"><span>solid green: kept</span><span>dashed grey: dropped</span>'
             + ('<span>red edge: gold text dropped</span><span>orange edge: kept, not in gold</span>'
                if x.gold is not None else "")
             + '<span>hover a block for its steps in chain order; click to pin them</span></p>',
             '<input type="checkbox" id="all"><label for="all"> show every block\'s steps</label>',
             '<div class="blocks">']
    parts.extend(_block(view) for view in shown)
    parts.append("</div>")
    rest = x.blocks[MAX_BLOCKS_SHOWN:]
    if rest:
        kept = [v for v in rest if v.kept]
        parts.append(f'<p class="warn">{len(rest)} more blocks not shown ({len(kept)} kept, '
                     f'{sum(v.block.num_words for v in kept)} words kept).</p>')
    if not x.blocks:
        parts.append(f'<p class="warn">No blocks: {_e(x.article.reason or x.doc.empty_reason or "no text")}.</p>')
    return "".join(parts) + "</section>"


def _region(region: object) -> tuple[int, int, float]:
    return (region.start, region.end, region.length)  # type: ignore[attr-defined]


def _cx(x: Explanation) -> str:
    parts = ['<section id="cx"><h2>CX line-block distribution (seed 004)</h2>']
    run = x.lineblock
    if run is None or "distribution" not in run.notes:
        parts.append('<p class="note">No distribution: the page has no visible text.</p>')
        return "".join(parts) + "</section>"
    notes = run.notes
    regions = [_region(r) for r in notes.get("regions", [])]
    chosen = [_region(r) for r in notes.get("chosen", [])]
    max_region = _region(notes["max-region"]) if notes.get("max-region") else None
    threshold = notes.get("threshold", CX_THRESHOLD)
    parts.append(cx_plot(notes["distribution"], threshold, regions, chosen, max_region))
    parts.append(f'<p class="note">K = {BLOCK_THICKNESS} lines a block; threshold {threshold:.0f} (CX default '
                 f'{CX_THRESHOLD:.0f} on the Latin scale); {_e(notes.get("layout", ""))}. ▲ surge (Y over the '
                 f'threshold and {BLOCK_THICKNESS} non-empty blocks after it), ▼ drop (two empty blocks); green: '
                 f'chosen region(s).</p>')
    if notes.get("surge"):
        parts.append(f'<p class="note">{_e(notes["surge"])}</p>')
    if notes.get("reason"):
        parts.append(f'<p class="warn">{_e(notes["reason"])}</p>')
    chosen_set = {(a, b) for a, b, _ in chosen}
    top = sorted(regions, key=lambda r: -r[2])[:TOP_REGIONS]
    if top:
        parts.append(_table(("lines", "length", "chosen"),
                            ((f"{a}-{b - 1}", f"{length:.0f}", "yes" if (a, b) in chosen_set else "")
                             for a, b, length in top), numeric=(1,)))
    return "".join(parts) + "</section>"


def _density(x: Explanation) -> str:
    parts = ['<section id="density"><h2>Node text and link density (seed 003)</h2>']
    run = x.density
    tree: SimpleTree | None = run.notes.get("tree") if run is not None else None
    if run is None or tree is None or not tree.nodes or "subtree" not in run.notes:
        parts.append('<p class="note">No densities: the page has no body text.</p>')
        return "".join(parts) + "</section>"
    chosen = run.notes["subtree"]
    siblings = run.notes.get("siblings", [])
    in_container = [node != ROOT and tree.contains(chosen, node) for node in tree.block_node]
    in_sibling = [node != ROOT and any(tree.contains(s, node) for s in siblings) for node in tree.block_node]
    parts.append(density_plot([b.num_chars for b in run.blocks], [b.num_chars_in_anchor_text for b in run.blocks],
                              in_container, in_sibling, DELTA2_MAX_LINK_DENSITY))
    sums = tree.density_sum
    parts.append(f'<p class="note">Chosen container {_e(tree.describe(chosen))}: density sum {sums[chosen]:.0f}, '
                 f'ρ1 {tree.rho1[chosen]:.2f} (its share of the page text), ρ2 {tree.rho2[chosen]:.2f} (link text); '
                 f'{len(siblings)} dense sibling(s) joined. Blue: text outside links, orange: link text; green: '
                 f'the chosen container\'s blocks (lighter: joined siblings).</p>')
    ranked = sorted((i for i in range(len(tree.nodes)) if not tree.pruned[i]), key=lambda i: -sums[i])
    rows = []
    for i in ranked[:TOP_CANDIDATES]:
        flags = ["chosen" if i == chosen else "", f"chrome {tree.chrome[i]}" if tree.chrome[i] else "",
                 "link-dense" if tree.rho2[i] > DELTA2_MAX_LINK_DENSITY else ""]
        rows.append((tree.describe(i), f"{sums[i]:.0f}", f"{tree.rho1[i]:.2f}", f"{tree.rho2[i]:.2f}", tree.chars[i],
                     " ".join(f for f in flags if f)))
    parts.append(_table(("node", "density sum", "ρ1", "ρ2", "characters", ""), rows, numeric=(1, 2, 3, 4)))
    return "".join(parts) + "</section>"


def _template(x: Explanation) -> str:
    parts = ['<section id="template"><h2>Template lines (seed 001)</h2>']
    view = x.template
    if view is None:
        parts.append('<p class="note">No template store given (<code>--store templates.sqlite</code>).</p>')
        return "".join(parts) + "</section>"
    parts.append(f'<p class="note">URL pattern {_e(view.pattern)}: {view.templates} template(s), {view.samples} '
                 f'sample(s) waiting. {_e(view.reason)}.</p>')
    if view.match is not None and view.lines:
        parts.append('<p class="legend note"><span class="tl head">head / tail: template chrome</span> '
                     '<span class="tl shared">shared: repeated inside the body</span> '
                     '<span class="tl body">body</span> (● the line\'s hash is in the template)</p>')
        for line in view.lines[:MAX_TEMPLATE_LINES]:
            mark = "● " if line.in_template else "  "
            parts.append(f'<p class="tl {line.status}">{mark}{_e(line.status.ljust(6))} {_e(line.text[:300])}</p>')
        if len(view.lines) > MAX_TEMPLATE_LINES:
            parts.append(f'<p class="note">{len(view.lines) - MAX_TEMPLATE_LINES} more lines not shown.</p>')
    return "".join(parts) + "</section>"


METADATA_FIELDS = ("title", "authors", "published", "modified", "language", "description", "site_name",
                   "canonical_url", "image", "tags", "section", "origin")


def _metadata(x: Explanation) -> str:
    parts = ['<section id="metadata"><h2>Metadata and where each field came from</h2>']
    metadata = x.metadata
    if metadata is None:
        parts.append(f'<p class="warn">No metadata: {_e(x.metadata_error or "not computed")}</p>')
        return "".join(parts) + "</section>"
    rows = []
    for name in METADATA_FIELDS:
        value = getattr(metadata, name, None)
        if isinstance(value, list):
            value = ", ".join(map(str, value))
        rows.append((name, value or "—", metadata.sources.get(name, "")))
    parts.append(_table(("field", "value", "source"), rows))
    for warning in metadata.warnings:
        parts.append(f'<p class="warn">{_e(warning)}</p>')
    return "".join(parts) + "</section>"


def _marked(text: str, spans: Sequence[Span], kind: str) -> str:
    text, cut = _cut(text, MAX_TEXT_CHARS)
    out = []
    position = 0
    for span in spans:
        if span.start >= len(text):
            break
        end = min(span.end, len(text))
        out.append(_e(text[position : span.start]))
        piece = _e(text[span.start : end])
        out.append(piece if span.matched else f'<mark class="{kind}">{piece}</mark>')
        position = end
    out.append(_e(text[position:]))
    if cut:
        out.append(_e(f" … ({cut} more characters)"))
    return "".join(out)


def _text_sections(x: Explanation) -> str:
    gold = x.gold
    parts = ['<section id="text"><h2>Extracted text</h2>']
    if gold is None:
        text, cut = _cut(x.article.text, MAX_TEXT_CHARS)
        parts.append(f'<div class="text">{_e(text) or "(empty)"}{_e(f" … ({cut} more characters)") if cut else ""}'
                     "</div>")
        return "".join(parts) + "</section>"
    parts.append(f'<p class="note"><mark class="extra">extra</mark>: {gold.extra_words} words not in the gold '
                 "text (they cost precision).</p>")
    parts.append(f'<div class="text">{_marked(x.article.text, gold.extracted_spans, "extra") or "(empty)"}</div>')
    parts.append('</section><section id="gold"><h2>Gold text</h2>')
    parts.append(f'<p class="note"><mark class="missed">missed</mark>: {gold.missed_words} gold words not '
                 "extracted (they cost recall).</p>")
    parts.append(f'<div class="text">{_marked(gold.gold, gold.gold_spans, "missed") or "(empty)"}</div>')
    return "".join(parts) + "</section>"


def render_report(x: Explanation) -> str:
    """The whole report as one HTML document."""
    links = [("chain", "chain"), ("cx", "CX lines"), ("density", "density"), ("blocks", "blocks"),
             ("template", "template"), ("metadata", "metadata"), ("text", "text")]
    if x.gold is not None:
        links.append(("gold", "gold"))
    nav = "".join(f'<a href="#{anchor}">{_e(name)}</a>' for anchor, name in links)
    body = "".join((_chain(x), _cx(x), _density(x), _blocks(x), _template(x), _metadata(x), _text_sections(x)))
    title = f"explain: {x.doc.title or x.url or x.source}"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
        '<meta name="referrer" content="no-referrer">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title[:200])}</title><style>{STYLE}</style></head><body>"
        f"{_header(x)}<nav>{nav}</nav><main>{_notes(x)}{body}</main></body></html>\n"
    )


__all__ = ["CONTENT_SECURITY_POLICY", "MAX_BLOCKS_SHOWN", "render_report"]
