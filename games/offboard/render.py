"""Offboard board SVG and text description, built from a player view only (never a raw state)."""

from __future__ import annotations

import math

from games.messages import N_, Count, Message, say
from games.offboard import rules
from games.offboard.geometry import (
    COLUMNS,
    GUTTER_RING,
    INDEX_OF,
    QR,
    SQRT3,
    xy,
)
from games.registry import get_game
from games.svg import coordinate, dot, esc, num, picture, ring
from games.ui import BoardUI
from games.words import POINTS

# The key under the board: what each mark means.
BOARD_KEY = (
    N_("White dot or dashed white ring: a cell you can click."),
    N_("Blue ring: the ball you picked; arrows show where the line goes."),
    N_("Green badge: the points a pushed-off ball scores; grey “full”: its gutter is full."),
    N_("Lighter cell with a faint ring: the last move."),
    N_("Numbers round the rim: what each gutter is worth."),
)

SEATS = rules.SEATS
SIZE = 30.0  # hexagon radius (centre to corner) in SVG units
BALL = 21.0
GUTTER_OUT = 1.07  # gutters sit slightly outside the ring cells so they clear the board's rim
FILL = ("#d7263d", "#f6c915")  # ball colours: red, yellow
EDGE = ("#7d0f1e", "#8a6a00")
SHINE = ("#f07a88", "#fff1a8")
BOARD_FILL = "#4a5661"
HOLE_FILL = "#5f6d7a"
HOLE_LAST = "#93a4b3"
LABEL = "#ffffff"  # on HOLE_FILL; on a lit (last-move) hole or a target dot the name is dark
LABEL_DARK = "#1d252c"
OPTION = "#ffffff"
SELECT = "#29b6f6"
SCORE_GOOD = "#3ddc84"
SCORE_NONE = "#b0bec5"
# Text sizes in SVG units: the board is 720 units wide, so 23 units still read as 10 px on a 320 px phone. Cell
# names are smaller on a wide screen; site.css enlarges them (class "cell-name") on a phone.
TEXT = 23


def _centre(name: str) -> tuple[float, float]:
    q, r = QR[INDEX_OF[name]]
    return xy(q, r, SIZE)


def _hexagon(cx: float, cy: float, radius: float) -> str:
    """Points of a flat-topped hexagon."""
    points = []
    for k in range(6):
        angle = math.pi / 3 * k
        points.append(f"{num(cx + radius * math.cos(angle))},{num(cy + radius * math.sin(angle))}")
    return " ".join(points)


def _ball(cx: float, cy: float, seat: int, radius: float = BALL, extra: str = "") -> str:
    """A ball with a small highlight so the two colours read as spheres."""
    return (
        f'<g class="ball {SEATS[seat].lower()}"{extra}>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius)}" fill="{FILL[seat]}" '
        f'stroke="{EDGE[seat]}" stroke-width="2"/>'
        f'<circle cx="{num(cx - radius * 0.32)}" cy="{num(cy - radius * 0.34)}" '
        f'r="{num(radius * 0.3)}" fill="{SHINE[seat]}" opacity="0.75"/></g>'
    )


def _gutter_geometry() -> list[tuple[float, float, float]]:
    """(centre x, centre y, angle in degrees) of each gutter's slot, G1..G12."""
    out = []
    for (q1, r1), (q2, r2) in GUTTER_RING:
        x1, y1 = xy(q1, r1, SIZE)
        x2, y2 = xy(q2, r2, SIZE)
        cx, cy = (x1 + x2) / 2 * GUTTER_OUT, (y1 + y2) / 2 * GUTTER_OUT
        out.append((cx, cy, math.degrees(math.atan2(y2 - y1, x2 - x1))))
    return out


GUTTERS_XY = _gutter_geometry()
# Per cell: centre and hexagon outline, formatted once (the board is drawn for every page view).
CELL_SHAPES = {}
for _name in INDEX_OF:
    _x, _y = xy(*QR[INDEX_OF[_name]], SIZE)
    CELL_SHAPES[_name] = (
        _x,
        _y,
        f'cx="{num(_x)}" cy="{num(_y)}"',
        _hexagon(_x, _y, SIZE - 1.5),
        f'x="{num(_x)}" y="{num(_y)}" dominant-baseline="central"',
        (_ball(_x, _y, 0), _ball(_x, _y, 1)),
    )
SLOT_LENGTH = SIZE * SQRT3 + 2 * 19.0
SLOT_WIDTH = 40.0


def _arrow(x1, y1, x2, y2, colour, width, opacity, dash="") -> str:
    """A straight arrow from (x1, y1) to (x2, y2) with a solid head."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 4 * width
    bx, by = x2 - ux * head, y2 - uy * head
    px, py = -uy * head * 0.6, ux * head * 0.6
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(bx)}" y2="{num(by)}" stroke="{colour}" '
        f'stroke-width="{num(width)}" stroke-linecap="round" opacity="{opacity}"{dash_attr}/>'
        f'<polygon points="{num(x2)},{num(y2)} {num(bx + px)},{num(by + py)} {num(bx - px)},{num(by - py)}" '
        f'fill="{colour}" opacity="{opacity}"/>'
    )


def _preview_overlay(view: dict, ui: BoardUI, tail: str) -> str:
    """For each destination on offer from the selected tail: where the line goes, the balls it
    pushes, and the ball it would eject with the gutter it reaches (+points, or "full")."""
    parts = []
    gutter_index = {g["name"]: i for i, g in enumerate(view["gutters"])}
    for text, info in view.get("previews", {}).items():
        t, dest = text.split("-")
        if t != tail or not ui.is_option(dest):
            continue
        head = info["moving"][-1]
        x1, y1 = _centre(tail)
        x2, y2 = _centre(dest)
        hx, hy = _centre(head)
        # The arrow runs from the tail to the destination: the whole moving line, one step on.
        parts.append(_arrow(x1, y1, x2 - (x2 - hx) * 0.25, y2 - (y2 - hy) * 0.25, OPTION, 5, "0.55"))
        if info["pushed"]:
            last = info["pushed"][-1]
            lx, ly = _centre(last)
            dx, dy = x2 - hx, y2 - hy
            if info["ejected"]:
                colour = SCORE_NONE if info["displaced"] else SCORE_GOOD
                gx, gy, _angle = GUTTERS_XY[gutter_index[info["gutter"]]]
                parts.append(_arrow(lx, ly, gx, gy, colour, 3.5, "0.9", "7 5"))
                parts.append(
                    f'<circle cx="{num(lx)}" cy="{num(ly)}" r="{num(BALL + 4)}" fill="none" '
                    f'stroke="{colour}" stroke-width="3" stroke-dasharray="6 4"/>'
                )
                badge = ui.said(say(N_("full"))) if info["displaced"] else f"+{info['points']}"
                bx, by = gx, gy  # the badge covers the gutter it names
                parts.append(
                    f'<rect x="{num(bx - 30)}" y="{num(by - 17)}" width="60" height="34" rx="17" '
                    f'fill="#1d252c" stroke="{colour}" stroke-width="2"/>'
                    f'<text x="{num(bx)}" y="{num(by + 8)}" text-anchor="middle" font-size="{TEXT}" '
                    f'font-weight="bold" fill="{colour}">{esc(badge)}</text>'
                )
            else:
                parts.append(_arrow(x2, y2, lx + dx, ly + dy, "#ff9f43", 3.5, "0.9", "7 5"))
    if not parts:
        return ""
    return f'<g class="preview" pointer-events="none">{"".join(parts)}</g>'


def render_board(view: dict, ui: BoardUI) -> str:
    """The board: hexagon of columns, 12 gutters with values, scores and the displaced ball."""
    parts = ['<rect class="backdrop" x="-360" y="-340" width="720" height="680" rx="18" fill="#e9eef2"/>']
    # Board body: a hexagon (vertices top and bottom) just outside the outer cells.
    corner = 4.78
    outline = []
    for q, r in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
        x, y = xy(q * corner, r * corner, SIZE)
        outline.append(f"{num(x)},{num(y)}")
    parts.append(
        f'<polygon class="board-body" points="{" ".join(outline)}" fill="{BOARD_FILL}" '
        f'stroke="#2b333a" stroke-width="10" stroke-linejoin="round"/>'
    )
    parts.append(_gutters(view, ui.said))
    parts.append(_column_letters())
    parts += [_cell(view, ui, name, seat) for name, seat in view["cells"].items()]
    # What each destination would do, once a tail ball is selected.
    tail = next((t for t in reversed(ui.selected) if t in view["cells"]), None)
    if tail is not None:
        parts.append(_preview_overlay(view, ui, tail))
    parts.append(_scores(view, ui.said))
    status = ui.said(_status(view))
    parts.append(f'<text x="-345" y="322" font-size="{TEXT}" fill="#263238">{esc(status)}</text>')
    if view.get("displaced") is not None:
        parts.append(_displaced(view, ui, view["displaced"]))
    aria = say(
        N_("Offboard board. Red {red}, Yellow {yellow}. {status}"),
        red=view["scores"][0],
        yellow=view["scores"][1],
        status=status,
    )
    return picture("-360 -340 720 680", "offboard inset-focus", ui.said(aria), "".join(parts), font_family="sans-serif")


DISPLACED = N_("Displaced")
GUTTER_LABELS = (
    N_("{gutter}, worth {value}, holds a red ball"),
    N_("{gutter}, worth {value}, holds a yellow ball"),
)
BALL_LABELS = (N_("{cell}, red ball"), N_("{cell}, yellow ball"))
YOUR_BALL_LABELS = (N_("{cell}, red ball, yours"), N_("{cell}, yellow ball, yours"))


def _gutters(view: dict, said) -> str:
    """The 12 gutters round the rim, each a slot with its value; a caught ball rests in it."""
    parts = []
    for g, (gx, gy, angle) in enumerate(GUTTERS_XY):
        info = view["gutters"][g]
        text = GUTTER_LABELS[info["ball"]] if info["ball"] is not None else N_("{gutter}, worth {value}, empty")
        label = said(say(text, gutter=info["name"], value=info["value"]))
        parts.append(
            f'<g class="gutter" transform="translate({num(gx)} {num(gy)})"><title>{esc(label)}</title>'
            f'<rect x="{num(-SLOT_LENGTH / 2)}" y="{num(-SLOT_WIDTH / 2)}" width="{num(SLOT_LENGTH)}" '
            f'height="{num(SLOT_WIDTH)}" rx="{num(SLOT_WIDTH / 2)}" transform="rotate({num(angle)})" '
            f'fill="#262e35" stroke="#8796a3" stroke-width="2"/>'
        )
        if info["ball"] is not None:
            parts.append(_ball(0, 0, info["ball"], 16))
            parts.append(
                f'<text x="0" y="8" text-anchor="middle" font-size="{TEXT}" font-weight="bold" '
                f'fill="#1d1d1d">{info["value"]}</text>'
            )
        else:
            parts.append(
                f'<text x="0" y="8" text-anchor="middle" font-size="{TEXT}" font-weight="bold" '
                f'fill="#e8eef3">{info["value"]}</text>'
            )
        parts.append("</g>")
    return "".join(parts)


def _column_letters() -> str:
    """The column letters beyond the upper rim, in line with each column."""
    parts = []
    for col, letter in enumerate(COLUMNS):
        q = col - 4
        x, y = xy(q, max(-4, -4 - q) - 2.25, SIZE)
        parts.append(coordinate(x, y + 8, letter, TEXT, "#37474f", font_weight="bold"))
    return "".join(parts)


def _cell(view: dict, ui: BoardUI, name: str, seat: int | None) -> str:
    """A cell: its hole, its name when empty, its ball and click marks, named for hover and screen readers."""
    cx, cy, at, outline, text_at, balls = CELL_SHAPES[name]
    hole = HOLE_LAST if ui.in_last_move(name) else HOLE_FILL
    inner = [f'<polygon class="cell" points="{outline}" fill="{hole}" stroke="{BOARD_FILL}" stroke-width="2"/>']
    if seat is None:
        if ui.is_option(name) and not ui.is_selected(name):
            # The target dot goes under the cell name so both stay readable.
            inner.append(dot(cx, cy, 15, OPTION, opacity="0.45"))
        inner.append(
            f'<text class="cell-name" {text_at} text-anchor="middle" '
            f'font-size="11" fill="{LABEL_DARK if ui.is_option(name) or ui.in_last_move(name) else LABEL}">'
            f"{name}</text>"
        )
        label = say(N_("{cell}, empty"), cell=name)
    else:
        inner.append(balls[seat])
        label = say((YOUR_BALL_LABELS if seat == view.get("seat") else BALL_LABELS)[seat], cell=name)
    if ui.in_last_move(name):
        inner.append(ring(cx, cy, BALL + 3, "#ffffff", 2, opacity="0.45"))
    if ui.is_selected(name):
        inner.append(ring(cx, cy, BALL + 3, SELECT, 5))
    elif ui.is_option(name) and seat is not None:
        inner.append(ring(cx, cy, BALL + 3, OPTION, 3, stroke_dasharray="5 4", opacity="0.9"))
    return ui.target(name, f"<g>{''.join(inner)}</g>", label)


def _scores(view: dict, said) -> str:
    """The scores in the top corners; the side to move gets a ring."""
    to_move = view["to_move"]
    parts = []
    for seat, x, anchor in ((0, -345, "start"), (1, 345, "end")):
        points = view["scores"][seat]
        ball_x = x + 18 if seat == 0 else x - 18
        text_x = x + 44 if seat == 0 else x - 44
        if to_move == seat:
            parts.append(
                f'<circle cx="{num(ball_x)}" cy="-300" r="22" fill="none" stroke="{SELECT}" stroke-width="4"/>'
            )
        parts.append(_ball(ball_x, -300, seat, 15))
        parts.append(
            f'<text x="{num(text_x)}" y="-305" text-anchor="{anchor}" font-size="{TEXT}" '
            f'fill="#263238">{esc(said(SEATS[seat]))}</text>'
            f'<text x="{num(text_x)}" y="-280" text-anchor="{anchor}" font-size="{TEXT}" '
            f'font-weight="bold" fill="#263238">{esc(said(Count(points, POINTS)))}</text>'
        )
    return "".join(parts)


def _status(view: dict) -> Message | str:
    """The board's status line: the result, whose move it is, or nothing."""
    if view.get("outcome") is not None:
        return get_game("offboard").result_message(view["outcome"])
    return say(N_("{seat} to move"), seat=SEATS[view["to_move"]]) if view["to_move"] is not None else ""


def _displaced(view: dict, ui: BoardUI, displaced: int) -> str:
    """The displaced ball (bottom right) with its two choices: an empty cell for it, or the discard button."""
    has = (N_("Red has a displaced ball"), N_("Yellow has a displaced ball"))[displaced]
    title = f"<title>{esc(ui.said(say(has)))}</title>"
    parts = [f'<g class="displaced">{title}', _ball(222, 262, displaced, 18)]
    chosen = ui.is_selected("discard")
    hint = N_("The displaced ball is discarded") if chosen else N_("Tap an empty cell for the displaced ball")
    parts.append(
        f'<text x="246" y="270" font-size="{TEXT}" fill="#263238">{esc(ui.said(say(DISPLACED)))}</text>'
        f'<text x="-345" y="292" font-size="{TEXT}" fill="#455a64">{esc(ui.said(say(hint)))}</text>'
    )
    button_text = ui.said(say(N_("Discarded") if chosen else N_("or discard")))
    button = (
        f'<g><rect x="214" y="291" width="132" height="36" rx="8" '
        f'fill="{"#0d6e9e" if chosen else "#37474f"}" stroke="{SELECT if chosen else "#263238"}" '
        f'stroke-width="{4 if chosen else 1}"/>'
        f'<text x="280" y="317" text-anchor="middle" font-size="{TEXT}" fill="#ffffff">'
        f"{esc(button_text)}</text></g>"
    )
    parts.append(ui.target("discard", button, say(N_("Discard the displaced ball, then move"))))
    parts.append("</g>")
    return "".join(parts)


DISPLACED_LINES = (
    N_(
        "Red has a displaced ball: put it on any empty cell (@cell, the whole turn) or discard it and make a normal "
        "action (x+ then the action)."
    ),
    N_(
        "Yellow has a displaced ball: put it on any empty cell (@cell, the whole turn) or discard it and make a "
        "normal action (x+ then the action)."
    ),
)
BALLS_ON_BOARD = (N_("Red balls on the board ({count}): {cells}."), N_("Yellow balls on the board ({count}): {cells}."))
GUTTER_HOLDS = (
    N_("Gutter {gutter} (worth {value}) holds a red ball."),
    N_("Gutter {gutter} (worth {value}) holds a yellow ball."),
)


def describe(view: dict) -> list[Message]:
    """The position in words for screen readers, email and no-JavaScript play."""
    lines = []
    outcome = view.get("outcome")
    scores = view["scores"]
    if outcome is not None:
        lines.append(say(N_("Game over: {result}."), result=get_game("offboard").result_message(outcome)))
    elif view["to_move"] is not None:
        lines.append(say(N_("{seat} to move."), seat=SEATS[view["to_move"]]))
    lines.append(say(N_("Score: Red {red}, Yellow {yellow} (6 points win)."), red=scores[0], yellow=scores[1]))
    displaced = view.get("displaced")
    if displaced is not None:
        lines.append(say(DISPLACED_LINES[displaced]))
    for seat in (0, 1):
        balls = [name for name, who in view["cells"].items() if who == seat]
        cells = ", ".join(balls) if balls else say(N_("none"))
        lines.append(say(BALLS_ON_BOARD[seat], count=len(balls), cells=cells))
    empty = []
    for gutter in view["gutters"]:
        if gutter["ball"] is None:
            empty.append(f"{gutter['name']} ({gutter['value']})")
        else:
            lines.append(say(GUTTER_HOLDS[gutter["ball"]], gutter=gutter["name"], value=gutter["value"]))
    if empty:
        lines.append(say(N_("Empty gutters (value): {gutters}."), gutters=", ".join(empty)))
    if view.get("last_move"):
        lines.append(say(N_("Last move: {move}."), move=view["last_move"]))
    lines.append(say(N_("Ply {ply} (the game is drawn at 300)."), ply=view["ply"]))
    return lines
