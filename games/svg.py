"""Small SVG helpers every board renderer shares: the frame of a board picture (its root, title and label, and
the coordinates along its edges), escaping, compact numbers, and the shapes of markers.

A renderer draws only its own board and hands it to `picture`. The marker shapes (rings and dots on a point, frames
around a square) are what every board draws to show the clicks on offer, the click made and the last move; each
game chooses their sizes and colours.
"""

from __future__ import annotations

from functools import cache
from html import escape

# Attributes that are lengths or coordinates: written with at most one decimal. Any other value (an opacity,
# a dash pattern, a colour) is written as given.
_GEOMETRY = frozenset({"cx", "cy", "r", "x", "y", "width", "height", "rx", "ry", "x1", "y1", "x2", "y2"})


def esc(text: object) -> str:
    """Escape text for an SVG/HTML attribute or text node."""
    return escape(str(text), quote=True)


_NUMBERS: dict[float, str] = {}  # a board's coordinates repeat on every drawing: each is written once
_NUMBERS_KEPT = 65536


def num(value: float) -> str:
    """A coordinate as SVG wants it: one decimal at most, no trailing zeros ("12", "12.5")."""
    text = _NUMBERS.get(value)
    if text is None:
        text = f"{value:.1f}".rstrip("0").rstrip(".")
        if value and len(_NUMBERS) < _NUMBERS_KEPT:  # not 0: 0.0 and -0.0 are one key but two texts
            _NUMBERS[value] = text
    return text


@cache
def _attribute_name(name: str) -> str:
    """An attribute's name as SVG writes it: "_" stands for "-", a trailing one is dropped (class_ for class)."""
    return name.rstrip("_").replace("_", "-")


def _attributes(attributes: dict) -> str:
    """Attributes as SVG writes them; "_" in a name stands for "-" (class_ for class), None leaves one out."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        name = _attribute_name(name)
        text = num(value) if name in _GEOMETRY and isinstance(value, int | float) else str(value)
        parts.append(f'{name}="{esc(text)}"')
    return " ".join(parts)


def element(tag: str, **attributes) -> str:
    """A self-closing SVG element; "_" in an attribute's name stands for "-" (class_ for class), None leaves it out."""
    return f"<{tag} {_attributes(attributes)}/>"


def picture(view_box: str, kind: str, label: str, body: str, **attributes) -> str:
    """A whole board: the root every board shares, a group named by `label` (its title too) that holds `body`.

    `kind` is the game's own class beside "board" (the site's styles and scripts find boards by it).
    """
    extra = _attributes(attributes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}" width="100%" class="board {kind}" '
        f'role="group" aria-label="{esc(label)}"{" " + extra if extra else ""}>'
        f"<title>{esc(label)}</title>{body}</svg>"
    )


def coordinate(x: float, y: float, text: str, size: int, colour: str, **attributes) -> str:
    """A file letter or rank number beside the board, centred on `x` (class "coord": the legibility tests read it)."""
    more = _attributes({"font_size": size, "fill": colour, **attributes})
    return f'<text class="coord" x="{num(x)}" y="{num(y)}" text-anchor="middle" {more}>{esc(text)}</text>'


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
