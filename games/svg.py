"""Small SVG helpers every board renderer shares: escaping, compact numbers, and the shapes of markers.

The marker shapes (rings and dots on a point, frames around a square) are what every board draws to show the
clicks on offer, the click made and the last move; each game chooses their sizes and colours.
"""

from __future__ import annotations

from html import escape

# Attributes that are lengths or coordinates: written with at most one decimal. Any other value (an opacity,
# a dash pattern, a colour) is written as given.
_GEOMETRY = frozenset({"cx", "cy", "r", "x", "y", "width", "height", "rx", "ry", "x1", "y1", "x2", "y2"})


def esc(text: object) -> str:
    """Escape text for an SVG/HTML attribute or text node."""
    return escape(str(text), quote=True)


def num(value: float) -> str:
    """A coordinate as SVG wants it: one decimal at most, no trailing zeros ("12", "12.5")."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def element(tag: str, **attributes) -> str:
    """A self-closing SVG element; "_" in an attribute's name stands for "-" (class_ for class), None leaves it out."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        text = num(value) if name in _GEOMETRY and isinstance(value, int | float) else str(value)
        parts.append(f'{name}="{esc(text)}"')
    return f"<{tag} {' '.join(parts)}/>"


def ring(cx: float, cy: float, r: float, colour: str, width: float, **attributes) -> str:
    """An unfilled circle round a point: the usual mark of a selected or clickable piece."""
    return element("circle", cx=cx, cy=cy, r=r, fill="none", stroke=colour, stroke_width=width, **attributes)


def dot(cx: float, cy: float, r: float, colour: str, **attributes) -> str:
    """A filled circle on a point: the usual mark of an empty point one may click."""
    return element("circle", cx=cx, cy=cy, r=r, fill=colour, **attributes)


def frame(x: float, y: float, width: float, height: float, colour: str, stroke_width: float, **attributes) -> str:
    """An unfilled rectangle round a square or a button: a selection mark where a ring would not fit."""
    return element(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        fill="none",
        stroke=colour,
        stroke_width=stroke_width,
        **attributes,
    )
