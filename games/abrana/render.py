"""Abrana's board as SVG and its plain-text description, both drawn from a player view only.

Layers, bottom to top: squares (inner 4x4 shaded), last-move highlight, the last turn's path (dashed segments for
free jumps, a solid arrow for the regular move), then one clickable group per square with its marker or pawn,
the free-jump ring, the option dot and the selection ring. Red and green are hard to tell apart for many people,
so every red thing carries a diamond and every green thing a triangle.
"""

from __future__ import annotations

from games.abrana.geometry import COLOUR_NAMES, NAMES
from games.abrana.rules import SEAT_COLOURS, SEAT_NAMES
from games.messages import N_, Message, joined, say
from games.registry import get_game
from games.svg import coordinate, dot, esc, frame, picture
from games.ui import BoardUI

# The key under the board: what each mark means.
BOARD_KEY = (
    N_("Blue dot: a square you can click; blue frame: the square you picked."),
    N_("Yellow squares and the arrow: the last move's path."),
    N_("Dashed orange circle: a free-jump square."),
    N_("Dashed green square: a reserved square."),
    N_("Darker squares: the inner area; the ring around it is the border."),
)

# What stands on a square, for screen readers: a phrase per colour (a colour's word agrees with its noun in Polish).
MARKER_WORDS = {"black": N_("black marker"), "red": N_("red marker"), "green": N_("green marker")}
PAWN_WORDS = {"red": N_("red pawn"), "green": N_("green pawn")}
YOUR_PAWN_WORDS = {"red": N_("red pawn, yours"), "green": N_("green pawn, yours")}
RESERVED = N_("reserved")
FREE_JUMP_LEGEND = N_("reachable by free jumps over black markers first")

CELL = 60
LEFT, TOP = 28, 10
BOARD = 6 * CELL
WIDTH = LEFT + BOARD + 12
HEIGHT = TOP + BOARD + 100

FILL = {"black": "#212529", "red": "#c92a2a", "green": "#2b8a3e"}
BORDER_FILL = "#f1e6cc"
INNER_FILL = "#cfb78b"
GRID = "#8c7551"
OPTION = "#1864ab"
FREE = "#e8590c"
PATH = "#1c7ed6"


def _centre(name: str, flip: bool) -> tuple[int, int]:
    f = ord(name[0]) - 97
    r = int(name[1]) - 1
    if flip:
        f, r = 5 - f, 5 - r
    return LEFT + f * CELL + CELL // 2, TOP + (5 - r) * CELL + CELL // 2


def _diamond(cx: float, cy: float, r: float, **attrs) -> str:
    pts = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
    return _poly(pts, attrs)


def _triangle(cx: float, cy: float, r: float, **attrs) -> str:
    pts = f"{cx},{cy - r} {cx + r * 0.95:.1f},{cy + r * 0.7:.1f} {cx - r * 0.95:.1f},{cy + r * 0.7:.1f}"
    return _poly(pts, attrs)


def _poly(points: str, attrs: dict) -> str:
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<polygon points="{points}" {extra}/>'


def _marker(colour: str, cx: int, cy: int) -> str:
    disc = f'<circle cx="{cx}" cy="{cy}" r="17" fill="{FILL[colour]}" stroke="#fff" stroke-width="1.5"/>'
    if colour == "red":
        return disc + _diamond(cx, cy, 7, fill="#fff")
    if colour == "green":
        return disc + _triangle(cx, cy + 1, 7, fill="#fff")
    return disc + f'<circle cx="{cx}" cy="{cy}" r="11" fill="none" stroke="#868e96" stroke-width="1.5"/>'


def _pawn(colour: str, cx: int, cy: int) -> str:
    if colour == "red":
        return (
            _diamond(cx, cy, 25, fill=FILL["red"], stroke="#fff", stroke_width="3", stroke_linejoin="round")
            + _diamond(cx, cy, 25, fill="none", stroke="#5c0f0f", stroke_width="1.2")
            + _diamond(cx, cy, 8, fill="#fff")
        )
    return (
        _triangle(cx, cy + 4, 26, fill=FILL["green"], stroke="#fff", stroke_width="3", stroke_linejoin="round")
        + _triangle(cx, cy + 4, 26, fill="none", stroke="#0b3d17", stroke_width="1.2")
        + _triangle(cx, cy + 5, 8, fill="#fff")
    )


def _path(view: dict, flip: bool) -> str:
    path = view.get("path") or []
    if len(path) < 2:
        return ""
    points = [_centre(n, flip) for n in path]
    out = [f'<circle cx="{points[0][0]}" cy="{points[0][1]}" r="6" fill="{PATH}" fill-opacity="0.8"/>']
    for i in range(len(points) - 1):
        (x1, y1), (x2, y2) = points[i], points[i + 1]
        last = i == len(points) - 2
        if last:
            # Stop short of the target's centre so the arrowhead shows beside the pawn standing there.
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5
            x2, y2 = x2 - dx * 30 / length, y2 - dy * 30 / length
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{PATH}" stroke-width="5" '
                f'stroke-opacity="0.8" stroke-linecap="round" marker-end="url(#abrana-arrow)"/>'
            )
        else:
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{PATH}" stroke-width="4" '
                f'stroke-opacity="0.75" stroke-dasharray="8 6" stroke-linecap="round"/>'
            )
    return "".join(out)


def _supply(view: dict, ui: BoardUI) -> str:
    y = TOP + BOARD + 50
    supply = esc(ui.said(say(N_("Supply"))))
    out = [f'<text x="{LEFT}" y="{y + 5}" font-size="15" font-family="sans-serif" fill="#343a40">{supply}</text>']
    x = LEFT + 92
    for colour in ("black", "red", "green"):
        out.append(_marker(colour, x, y))
        out.append(
            f'<text x="{x + 24}" y="{y + 6}" font-size="16" font-family="sans-serif" fill="#212529" '
            f'font-weight="bold">{esc(view["supply"][colour])}</text>'
        )
        x += 90
    if view["free_jumps"] and view["to_move"] is not None:
        # The free-jump rule is easy to miss, so the rings get a one-line legend.
        out.append(
            f'<circle cx="{LEFT + 8}" cy="{y + 37}" r="7" fill="{FREE}" fill-opacity="0.12" stroke="{FREE}" '
            f'stroke-width="2" stroke-dasharray="3 2"/>'
        )
        out.append(
            f'<text x="{LEFT + 22}" y="{y + 42}" font-size="13" font-family="sans-serif" fill="#495057">'
            f"{esc(ui.said(say(FREE_JUMP_LEGEND)))}</text>"
        )
    return "".join(out)


def render_board(view: dict, ui: BoardUI) -> str:
    """The board, the last turn's path, the supply and the click targets, as SVG."""
    if view["outcome"] is not None:
        label = say(N_("Abrana board. Game over: {result}"), result=get_game("abrana").result_message(view["outcome"]))
    elif view["to_move"] is not None:
        label = say(N_("Abrana board, {seat} to move"), seat=SEAT_NAMES[view["to_move"]])
    else:
        label = say(N_("Abrana board"))
    parts = [
        '<defs><marker id="abrana-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" '
        f'markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{PATH}"/></marker></defs>',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf7ee"/>',
    ]
    parts += [_square(view, ui, name) for name in NAMES]
    parts.append(_outlines())
    parts.append(_coordinates(ui.flip))
    parts.append(_path(view, ui.flip))
    parts += [_contents(view, ui, name) for name in NAMES]
    parts.append(_supply(view, ui))
    return picture(f"0 0 {WIDTH} {HEIGHT}", "abrana-board", ui.said(label), "".join(parts))


def _square(view: dict, ui: BoardUI, name: str) -> str:
    """A square's ground: border or inner colour, lit when the last turn passed it, marked when reserved."""
    cx, cy = _centre(name, ui.flip)
    x, y = cx - CELL // 2, cy - CELL // 2
    f, r = ord(name[0]) - 97, int(name[1]) - 1
    fill = INNER_FILL if 0 < f < 5 and 0 < r < 5 else BORDER_FILL
    parts = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{GRID}" stroke-width="1"/>']
    if ui.in_last_move(name) or name in view.get("path", ()):
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffd43b" fill-opacity="0.35"/>')
    if name in view["reserved"]:
        parts.append(
            f'<rect x="{x + 5}" y="{y + 5}" width="{CELL - 10}" height="{CELL - 10}" '
            f'fill="{FILL["green"]}" fill-opacity="0.12" stroke="{FILL["green"]}" stroke-width="2.5" '
            f'stroke-dasharray="6 4"/>'
        )
        parts.append(
            f'<text x="{cx}" y="{y + CELL - 8}" text-anchor="middle" font-size="13" '
            f'font-family="sans-serif" fill="{FILL["green"]}">{esc(ui.said(say(RESERVED)))}</text>'
        )
    return "".join(parts)


def _outlines() -> str:
    """The outline of the inner 4x4 and of the whole board."""
    return (
        f'<rect x="{LEFT + CELL}" y="{TOP + CELL}" width="{4 * CELL}" height="{4 * CELL}" fill="none" '
        f'stroke="#6b5433" stroke-width="2.5"/>'
        f'<rect x="{LEFT}" y="{TOP}" width="{BOARD}" height="{BOARD}" fill="none" stroke="#4a3a22" stroke-width="3"/>'
    )


def _coordinates(flip: bool) -> str:
    """The file letters under the board and the rank numbers beside it, from the viewer's side."""
    parts = []
    for i in range(6):
        f = 5 - i if flip else i
        x, y = LEFT + i * CELL + CELL // 2, TOP + (5 - i) * CELL + CELL // 2 + 5
        parts.append(coordinate(x, TOP + BOARD + 18, "abcdef"[f], 14, "#495057", font_family="sans-serif"))
        parts.append(coordinate(LEFT - 12, y, str(f + 1), 14, "#495057", font_family="sans-serif"))
    return "".join(parts)


def _contents(view: dict, ui: BoardUI, name: str) -> str:
    """What stands on a square (a free jump, a marker, a pawn) and its click marks, named for screen readers."""
    cx, cy = _centre(name, ui.flip)
    x, y = cx - CELL // 2, cy - CELL // 2
    markers = view["markers"]
    pawn_at = {sq: colour for colour, sq in view["pawns"].items() if sq is not None}
    inner = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#000" fill-opacity="0"/>']
    what = []
    if name in view["free_jumps"]:
        inner.append(
            f'<circle cx="{cx}" cy="{cy}" r="24" fill="{FREE}" fill-opacity="0.12" stroke="{FREE}" '
            f'stroke-width="2.5" stroke-dasharray="5 4"/>'
        )
        what.append(N_("free-jump square"))
    if name in markers:
        inner.append(_marker(markers[name], cx, cy))
        what.append(MARKER_WORDS[markers[name]])
    if name in pawn_at:
        inner.append(_pawn(pawn_at[name], cx, cy))
        mine = view.get("seat") is not None and pawn_at[name] == SEAT_COLOURS[view["seat"]]
        what.append(YOUR_PAWN_WORDS[pawn_at[name]] if mine else PAWN_WORDS[pawn_at[name]])
    if name in view["reserved"]:
        what.append(RESERVED)
    if ui.is_selected(name):
        inner.append(frame(x + 3, y + 3, CELL - 6, CELL - 6, OPTION, 4, rx=6))
    if ui.is_option(name):
        inner.append(dot(cx, cy, 9, OPTION, fill_opacity="0.6", stroke="#fff", stroke_width="1.5"))
    text = say(N_("{square}: {what}"), square=name, what=joined(", ", map(say, what))) if what else name
    return ui.target(name, "<g>" + "".join(inner) + "</g>", text)


# What the player to move does in each setup phase, as the position in words says it.
SETUP_LINES = {
    "reserve": N_("{seat} to move: reserve two border squares for the green pawn (click them in either order)."),
    "place-red": N_("{seat} to move: place the red pawn on a border square that is not reserved."),
    "place-green": N_("{seat} to move: place the green pawn on one of the reserved squares."),
}
PAWN_LINES = {"red": N_("Red pawn on {square}."), "green": N_("Green pawn on {square}.")}
PAWN_REMOVED = {"red": N_("Red pawn: removed."), "green": N_("Green pawn: removed.")}
MARKERS_ON = {"black": N_("black on {squares}"), "red": N_("red on {squares}"), "green": N_("green on {squares}")}
NO_MARKERS = {"black": N_("no black"), "red": N_("no red"), "green": N_("no green")}


def describe(view: dict) -> list[Message]:
    """The position in words for screen readers, email and no-JavaScript play."""
    lines = []
    outcome = view["outcome"]
    phase = view["phase"]
    if outcome is not None:
        lines.append(say(N_("Game over: {result}."), result=get_game("abrana").result_message(outcome)))
        if outcome["scores"] is not None:
            red, green = outcome["scores"]
            lines.append(
                say(N_("Markers of their own colour on the board: Red {red}, Green {green}."), red=red, green=green)
            )
    elif phase in SETUP_LINES:
        lines.append(say(SETUP_LINES[phase], seat=SEAT_NAMES[view["to_move"]]))
    else:
        lines.append(say(N_("{seat} to move (ply {ply})."), seat=SEAT_NAMES[view["to_move"]], ply=view["ply"]))
    if view["reserved"]:
        lines.append(say(N_("Reserved squares: {squares}."), squares=", ".join(view["reserved"])))
    for colour in SEAT_COLOURS:
        square = view["pawns"][colour]
        if square is not None:
            lines.append(say(PAWN_LINES[colour], square=square))
        elif phase not in SETUP_LINES:
            lines.append(say(PAWN_REMOVED[colour]))
    by_colour = {name: sorted(sq for sq, c in view["markers"].items() if c == name) for name in COLOUR_NAMES.values()}
    parts = [
        say(MARKERS_ON[name], squares=", ".join(squares)) if squares else say(NO_MARKERS[name])
        for name, squares in by_colour.items()
    ]
    lines.append(say(N_("Markers: {markers}."), markers=joined("; ", parts)))
    supply = view["supply"]
    lines.append(
        say(
            N_("Supply: black {black}, red {red}, green {green}."),
            black=supply["black"],
            red=supply["red"],
            green=supply["green"],
        )
    )
    if view["free_jumps"] and view["to_move"] is not None:
        lines.append(
            say(
                N_("{seat} can free-jump (over black markers) to: {squares}."),
                seat=SEAT_NAMES[view["to_move"]],
                squares=", ".join(view["free_jumps"]),
            )
        )
    if view["last_move"] is not None:
        if len(view["path"]) > 2:
            lines.append(
                say(
                    N_("Last move: {move} (path {path}, free jumps first)."),
                    move=view["last_move"],
                    path=" → ".join(view["path"]),
                )
            )
        else:
            lines.append(say(N_("Last move: {move}."), move=view["last_move"]))
    return lines
