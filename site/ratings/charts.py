"""Rating history (and any value over time) as an inline SVG chart, drawn on the server (no JavaScript, no inline
styles)."""

from __future__ import annotations

from datetime import datetime

from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

WIDTH, HEIGHT = 600, 180
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28  # room for the axis labels


def history_svg(
    points: list[tuple[datetime, float]], title: str, *, least_pad: float = 25.0, low_on_top: bool = False
) -> SafeString:
    """A line chart of (time, rating) points, oldest first; one point is drawn as a dot. `least_pad`: the least room
    above and below the values; `low_on_top`: the lowest value at the top (a ladder's place 1)."""
    if not points:
        return mark_safe("")
    times = [p[0].timestamp() for p in points]
    ratings = [p[1] for p in points]
    low, high = min(ratings), max(ratings)
    pad = max(least_pad, (high - low) * 0.1)
    low, high = low - pad, high + pad
    span_t = (times[-1] - times[0]) or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(t: float) -> float:
        return LEFT + (plot_w * (t - times[0]) / span_t if len(points) > 1 else plot_w / 2)

    def y(r: float) -> float:
        return TOP + plot_h * ((r - low) if low_on_top else (high - r)) / (high - low)

    coords = " ".join(f"{x(t):.1f},{y(r):.1f}" for t, r in zip(times, ratings))
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>',
    ]
    for value in (high - pad, low + pad) if high - low > 2 * pad + 1 else (ratings[0],):
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}"/>')
        parts.append(
            f'<text class="label" x="{LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{round(value)}</text>'
        )
    first, last = points[0][0], points[-1][0]
    day = pgettext("a date, short, with the year", "j M Y")  # in the reader's language
    parts.append(f'<text class="label" x="{LEFT}" y="{HEIGHT - 8}">{escape(date_format(first, day))}</text>')
    if len(points) > 1:
        parts.append(
            f'<text class="label" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">'
            f"{escape(date_format(last, day))}</text>"
        )
        parts.append(f'<polyline class="line" points="{coords}"/>')
    parts.append(f'<circle class="dot" cx="{x(times[-1]):.1f}" cy="{y(ratings[-1]):.1f}" r="3.5"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))
