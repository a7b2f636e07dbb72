"""The seeds' pictures as inline SVG, built by hand: no plotting library, no style sheet, no script.

Hand-built because a report must open offline under a strict Content-Security-Policy and stay small:
presentation attributes (``fill``, ``stroke``) are not CSS, so no ``style-src`` is needed for the plots,
and ``<title>`` children give hover tooltips without a script. Long pages are drawn in buckets of lines
or blocks (the maximum of each bucket, so a peak is never averaged away).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

# Drawing size in SVG units; the SVG scales to the page's width (viewBox).
WIDTH = 960
HEIGHT = 260
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 24, 40
# At most this many columns are drawn: one per pixel of the plot area is all a reader can see.
MAX_COLUMNS = WIDTH - LEFT - RIGHT
# Region markers drawn at most (the chosen ones always): a page of thousands of tiny regions stays readable.
MAX_MARKERS = 60
# Regions shaded at most (the chosen ones first, then the longest).
MAX_REGIONS_DRAWN = 200

KEPT_FILL = "#2e9e4f"
OTHER_FILL = "#8a8a8a"
LINE_STROKE = "#1f5fa8"
AREA_FILL = "#cfe0f5"
THRESHOLD_STROKE = "#c0392b"
SURGE_FILL = "#1e7b3a"
DROP_FILL = "#c0392b"
LINK_FILL = "#e08a1e"
TEXT_FILL = "#1f5fa8"
AXIS = "#555"


def _text(x: float, y: float, content: str, anchor: str = "start", size: int = 12, fill: str = AXIS) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-family="sans-serif">{escape(content)}</text>')


def nice_ticks(high: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to ``high`` (steps of 1, 2 or 5 times a power of ten)."""
    if high <= 0:
        return [0.0]
    raw = high / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [i * step for i in range(int(high // step) + 1)]


def _format(value: float) -> str:
    return f"{value:.0f}" if value >= 10 or value == int(value) else f"{value:.2g}"


def buckets(count: int, columns: int = MAX_COLUMNS) -> list[tuple[int, int]]:
    """[start, end) index ranges cutting ``count`` items into at most ``columns`` near-equal buckets."""
    if count <= columns:
        return [(i, i + 1) for i in range(count)]
    return [(count * c // columns, count * (c + 1) // columns) for c in range(columns)]


class Frame:
    """Maps data to SVG coordinates for one plot area."""

    def __init__(self, count: int, high: float, top: float = TOP, height: float = HEIGHT - TOP - BOTTOM) -> None:
        self.count = max(count, 1)
        self.high = high if high > 0 else 1.0
        self.top = top
        self.height = height
        self.width = WIDTH - LEFT - RIGHT

    def x(self, index: float) -> float:
        return LEFT + self.width * index / self.count

    def y(self, value: float) -> float:
        return self.top + self.height * (1 - min(value, self.high) / self.high)

    def axes(self, x_label: str, y_label: str, y_ticks: Sequence[float], x_step_items: int | None = None) -> str:
        parts = [f'<line x1="{LEFT}" y1="{self.y(0):.1f}" x2="{LEFT + self.width}" y2="{self.y(0):.1f}" '
                 f'stroke="{AXIS}"/>',
                 f'<line x1="{LEFT}" y1="{self.top}" x2="{LEFT}" y2="{self.y(0):.1f}" stroke="{AXIS}"/>']
        for tick in y_ticks:
            y = self.y(tick)
            parts.append(f'<line x1="{LEFT - 4}" y1="{y:.1f}" x2="{LEFT}" y2="{y:.1f}" stroke="{AXIS}"/>')
            parts.append(_text(LEFT - 6, y + 4, _format(tick), "end", 11))
        for tick in nice_ticks(self.count, 8) if x_step_items is None else range(0, self.count, x_step_items):
            x = self.x(tick)
            parts.append(f'<line x1="{x:.1f}" y1="{self.y(0):.1f}" x2="{x:.1f}" y2="{self.y(0) + 4:.1f}" '
                         f'stroke="{AXIS}"/>')
            parts.append(_text(x, self.y(0) + 16, _format(tick), "middle", 11))
        parts.append(_text(LEFT + self.width / 2, self.top + self.height + 34, x_label, "middle"))
        parts.append(f'<text x="14" y="{self.top + self.height / 2:.1f}" font-size="12" fill="{AXIS}" '
                     f'font-family="sans-serif" text-anchor="middle" transform="rotate(-90 14 '
                     f'{self.top + self.height / 2:.1f})">{escape(y_label)}</text>')
        return "\n".join(parts)


def _svg(body: str, label: str, css_class: str, height: int = HEIGHT) -> str:
    return (f'<svg class="{css_class}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="100%" role="img" aria-label="{escape(label)}">\n<title>{escape(label)}</title>\n{body}\n</svg>')


def empty_plot(message: str, css_class: str) -> str:
    return _svg(_text(WIDTH / 2, 60, message, "middle", 14), message, css_class, 100)


def _triangle(x: float, y: float, up: bool, fill: str, title: str) -> str:
    size = 6
    tip = y - size if up else y + size
    base = y + size if up else y - size
    return (f'<path d="M{x:.1f} {tip:.1f} L{x - size:.1f} {base:.1f} L{x + size:.1f} {base:.1f} Z" '
            f'fill="{fill}"><title>{escape(title)}</title></path>')


def cx_plot(
    distribution: Sequence[float],
    threshold: float,
    regions: Sequence[tuple[int, int, float]],
    chosen: Sequence[tuple[int, int, float]],
    max_region: tuple[int, int, float] | None = None,
) -> str:
    """Seed 004's line-block distribution Y(i): threshold, surge (▲) and drop (▼) points, regions shaded.

    ``regions`` and ``chosen`` are (start line, end line, length); chosen regions are green.
    """
    count = len(distribution)
    if count == 0:
        return empty_plot("no lines: the page has no visible text", "plot cx")
    peak = max(max(distribution), threshold)
    frame = Frame(count, peak * 1.05)
    parts: list[str] = []
    chosen_set = {(start, end) for start, end, _ in chosen}
    ranked = sorted(regions, key=lambda r: ((r[0], r[1]) not in chosen_set, -r[2]))
    for start, end, length in ranked[:MAX_REGIONS_DRAWN]:
        kept = (start, end) in chosen_set
        fill = KEPT_FILL if kept else OTHER_FILL
        x1, x2 = frame.x(start), frame.x(max(end, start + 1))
        what = "chosen region" if kept else "region not chosen"
        parts.append(f'<rect class="{"region-chosen" if kept else "region"}" x="{x1:.1f}" y="{TOP}" '
                     f'width="{max(x2 - x1, 1):.1f}" height="{frame.height}" fill="{fill}" '
                     f'fill-opacity="{0.22 if kept else 0.12}"><title>{what}: lines {start}-{end - 1}, '
                     f'{length:.0f} characters</title></rect>')
    columns = buckets(count)
    points = [(frame.x((a + b) / 2), frame.y(max(distribution[a:b]))) for a, b in columns]
    if len(points) == 1:
        points.append((frame.x(count), points[0][1]))
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts.append(f'<polygon points="{points[0][0]:.1f},{frame.y(0):.1f} {line} {points[-1][0]:.1f},'
                 f'{frame.y(0):.1f}" fill="{AREA_FILL}" stroke="none"/>')
    parts.append(f'<polyline class="distribution" points="{line}" fill="none" stroke="{LINE_STROKE}" '
                 f'stroke-width="1.2"/>')
    y = frame.y(threshold)
    parts.append(f'<line class="threshold" x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + frame.width}" y2="{y:.1f}" '
                 f'stroke="{THRESHOLD_STROKE}" stroke-dasharray="6 4"><title>threshold {threshold:.0f}</title></line>')
    parts.append(_text(LEFT + frame.width - 4, y - 4, f"threshold {threshold:.0f}", "end", 11, THRESHOLD_STROKE))
    for start, end, _ in ranked[:MAX_MARKERS]:
        value = distribution[start] if start < count else 0.0
        parts.append(_triangle(frame.x(start), frame.y(value), True, SURGE_FILL, f"surge at line {start}"))
        parts.append(_triangle(frame.x(end), frame.y(0) - 7, False, DROP_FILL, f"drop at line {end}"))
    if max_region is not None:
        start, end, _ = max_region
        parts.append(_text(frame.x(start), TOP + 12, "max", "start", 11, OTHER_FILL))
    parts.append(frame.axes("line of Ctext (the page's text, tags stripped)", "Y(i): characters in K lines",
                            nice_ticks(frame.high)))
    label = (f"CX line-block distribution: {count} lines, threshold {threshold:.0f}, {len(regions)} regions, "
             f"{len(chosen)} chosen")
    return _svg("\n".join(parts), label, "plot cx")


def density_plot(
    chars: Sequence[int],
    link_chars: Sequence[int],
    in_container: Sequence[bool],
    in_sibling: Sequence[bool],
    max_link_density: float,
) -> str:
    """Seed 003 along the page: each block's text (link text on top, orange) and its link density ρ2.

    The chosen container's blocks are shaded green, the dense siblings joined to it lighter green.
    """
    count = len(chars)
    if count == 0:
        return empty_plot("no blocks: the page has no visible text", "plot density")
    columns = buckets(count)
    sums = [(sum(chars[a:b]), sum(link_chars[a:b])) for a, b in columns]
    top_height = 150
    height = HEIGHT + 80
    bars = Frame(count, max(total for total, _ in sums) * 1.05 or 1, TOP, top_height)
    rho = Frame(count, 1.0, TOP + top_height + 40, 80)
    parts: list[str] = []
    for a, b in columns:
        container = any(in_container[a:b])
        sibling = not container and any(in_sibling[a:b])
        if container or sibling:
            parts.append(f'<rect class="{"container" if container else "sibling"}" x="{bars.x(a):.1f}" '
                         f'y="{TOP}" width="{bars.x(b) - bars.x(a):.2f}" '
                         f'height="{rho.top + rho.height - TOP:.1f}" fill="{KEPT_FILL}" '
                         f'fill-opacity="{0.2 if container else 0.1}"/>')
    gap = 1 if len(columns) < MAX_COLUMNS // 4 else 0
    for (a, b), (total, linked) in zip(columns, sums, strict=True):
        if not total:
            continue
        x = bars.x(a)
        width = max(bars.x(b) - x - gap, 0.5)
        pure_top = bars.y(total - linked)
        which = f"block {a}" if b == a + 1 else f"blocks {a}-{b - 1}"
        tip = f"{which}: {total} characters, {linked} in links"
        parts.append(f'<rect class="bar" x="{x:.1f}" y="{pure_top:.1f}" width="{width:.2f}" '
                     f'height="{bars.y(0) - pure_top:.1f}" fill="{TEXT_FILL}"><title>{escape(tip)}</title></rect>')
        if linked:
            link_top = bars.y(total)
            parts.append(f'<rect x="{x:.1f}" y="{link_top:.1f}" width="{width:.2f}" '
                         f'height="{pure_top - link_top:.1f}" fill="{LINK_FILL}"><title>{escape(tip)}</title></rect>')
    points = " ".join(f"{rho.x((a + b) / 2):.1f},{rho.y(linked / total if total else 0):.1f}"
                      for (a, b), (total, linked) in zip(columns, sums, strict=True))
    parts.append(f'<polyline class="rho2" points="{points}" fill="none" stroke="{LINK_FILL}" stroke-width="1.2"/>')
    y = rho.y(max_link_density)
    parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + rho.width}" y2="{y:.1f}" stroke="{THRESHOLD_STROKE}" '
                 f'stroke-dasharray="6 4"><title>Δ2 = {max_link_density}</title></line>')
    parts.append(_text(LEFT + rho.width - 4, y - 4, f"Δ2 {max_link_density}", "end", 11, THRESHOLD_STROKE))
    parts.append(bars.axes("", "characters", nice_ticks(bars.high, 4)))
    parts.append(rho.axes("block in reading order", "ρ2 link", [0.0, 0.5, 1.0]))
    label = f"Node text and link density along the page: {count} blocks"
    body = "\n".join(parts)
    return _svg(body, label, "plot density", height)


__all__ = ["buckets", "cx_plot", "density_plot", "empty_plot", "nice_ticks"]
