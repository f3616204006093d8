"""Abande board as server-side SVG, and the plain-text description of a view.

Only the view dict is read here (never a raw state). Stacks are drawn as small piles of coins, bottom stone
lowest, so every stone's colour shows as a band and the top stone's face shows the owner; piles of 2 or 3 carry
their height on the top face.
"""

from __future__ import annotations

from functools import cache

from games.abande import words
from games.abande.geometry import GEOMETRIES, LETTERS, ROW_LENGTHS
from games.abande.rules import COLOUR_NAME
from games.messages import N_, NC_, NP_, Count, Message, joined, say
from games.registry import get_game
from games.svg import coordinate, dot, esc, num, picture, ring
from games.ui import BoardUI
from games.words import ABORTED

# The key under the board: what each mark means.
BOARD_KEY = (
    N_("Blue dot or dashed blue ring: a point you can click."),
    N_("Orange ring: the point you picked."),
    N_("Yellow halo: the last move."),
    N_("A number on a stack: how many stones it holds."),
    N_("Faded stack: no enemy neighbour, so it would not score now."),
)

NAMES = COLOUR_NAME
S = 64  # distance between neighbouring points, in SVG units
MARGIN = 64  # room for the board rim and the coordinate labels
PANEL = 80  # height of the hands / score panel above the board (a row per side)
LEGEND = 40  # height of the line under the board that explains faded stacks
TOP = PANEL + MARGIN - 8  # the first row of points
PAD = 0.5 * S  # the board's rim beyond its outer points
# Text sizes in SVG units: the board is 512 units wide, so 17 units still read as 10 px on a 320 px phone.
TEXT = 17
COORD = "#5c4628"  # coordinates and point names: >= 4.5:1 on the board and its rim
FAMILY = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
FONT = f'font-family="{FAMILY}"'

# Stone colours: face (top ellipse), side band, outline.
FACE = ("#2a2a2e", "#f8f5ec")
SIDE = ("#0f0f12", "#c9c1ac")
EDGE = ("#000000", "#5f584a")
INK = ("#ffffff", "#1d1d1f")  # the height number on a face of that colour
OPTION = "#1f7ae0"
SELECTED = "#e8590c"
LAST = "#ffd43b"


STONE_LINES = (N_("{point}: black stone"), N_("{point}: white stone"))
STONE_COLOURS = (NC_("stone", "black"), NC_("stone", "white"))
STONES = NP_("{n} stone", "{n} stones")


def _stack_words(name: str, stones: str) -> Message:
    """What stands on a point: a stone, or a stack with its colours from the bottom."""
    seats = ["BW".index(c) for c in stones]
    if len(stones) == 1:
        return say(STONE_LINES[seats[0]], point=name)
    return say(
        N_("{point}: a stack of {stones}, {top} on top (bottom to top: {colours})"),
        point=name,
        stones=Count(len(stones), STONES),
        top=STONE_COLOURS[seats[-1]],
        colours=joined(", ", (STONE_COLOURS[seat] for seat in seats)),
    )


def _status(view: dict) -> Message:
    outcome = view.get("outcome")
    if outcome:
        return say(N_("Game over: {result}."), result=get_game("abande").result_message(outcome))
    return say(N_("{seat} to move."), seat=NAMES[view["to_move"]])


def _scored(view: dict) -> bool:
    """True when the game ended by the rules (two passes), so the final scoring took place."""
    outcome = view.get("outcome")
    return outcome is not None and outcome["reason"] in words.OUTCOME_REASONS


BOARD_LINES = {
    "square": N_("Abande on the square board (7 by 7 points)."),
    "hex": N_("Abande on the hex board (side 4, 37 points)."),
}


def describe(view: dict) -> list[Message]:
    """The position in words for screen readers, email and no-JavaScript play."""
    lines = [say(BOARD_LINES[view["board"]])]
    seat = view.get("seat")
    if seat is not None:
        lines.append(say(N_("You play {seat}."), seat=NAMES[seat]))
    lines.append(_status(view))
    hands = view["hands"]
    lines.append(say(N_("Stones in hand: Black {black}, White {white}."), black=hands[0], white=hands[1]))
    score = view["score"]
    if view.get("outcome") is None:
        lines.append(
            say(N_("Score if the game ended now: Black {black}, White {white}."), black=score[0], white=score[1])
        )
    if view.get("last_move"):
        mover = 1 - view["state"]["to_move"]
        lines.append(say(N_("Last move: {move} by {seat}."), move=view["last_move"], seat=NAMES[mover]))
    if view.get("passes") == 1 and view.get("outcome") is None:
        lines.append(say(N_("The last move was a pass: another pass ends the game.")))
    stacks = view["stacks"]
    if view.get("not_scoring"):
        if _scored(view):
            text = N_("Stacks with no enemy neighbour (were removed at scoring): {points}.")
        else:
            text = N_("Stacks with no enemy neighbour (would not score now): {points}.")
        lines.append(say(text, points=", ".join(view["not_scoring"])))
    if not stacks:
        lines.append(say(N_("The board is empty.")))
    for name in sorted(stacks, key=lambda n: (n[0], int(n[1:]))):
        lines.append(say(N_("{fact}."), fact=_stack_words(name, stacks[name])))
    return lines


# ---- SVG ------------------------------------------------------------------------------------------------------
def _pile(cx: float, cy: float, stones: str) -> str:
    """A pile of coins centred on (cx, cy), bottom stone first."""
    rx, ry, t = 0.40 * S, 0.22 * S, 0.15 * S
    h = len(stones)
    y0 = cy + (h - 2) * t / 2
    out = []
    for k, c in enumerate(stones):
        col = "BW".index(c)
        y = y0 - k * t
        out.append(
            f'<path d="M{num(cx - rx)},{num(y)} L{num(cx - rx)},{num(y + t)} '
            f'A{num(rx)},{num(ry)} 0 0 0 {num(cx + rx)},{num(y + t)} L{num(cx + rx)},{num(y)} Z" '
            f'fill="{SIDE[col]}" stroke="{EDGE[col]}" stroke-width="1.2"/>'
        )
        out.append(
            f'<ellipse cx="{num(cx)}" cy="{num(y)}" rx="{num(rx)}" ry="{num(ry)}" fill="{FACE[col]}" '
            f'stroke="{EDGE[col]}" stroke-width="1.2"/>'
        )
    if h > 1:
        top = "BW".index(stones[-1])
        y = y0 - (h - 1) * t
        out.append(
            f'<text x="{num(cx)}" y="{num(y + 6)}" text-anchor="middle" font-size="{TEXT + 1}" font-weight="700" '
            f'{FONT} fill="{INK[top]}">{h}</text>'
        )
    return "".join(out)


def _panel(view: dict, width: float, said) -> str:
    """Both hands and the live score (rule 5 on the current position), a row per side, the side to move outlined."""
    out = []
    outcome = view.get("outcome")
    x, w, h = 10, width - 20, PANEL / 2 - 6
    for seat in (0, 1):
        y = 6 + seat * (h + 4)
        mid = y + h / 2
        active = view.get("to_move") == seat
        won = outcome is not None and outcome["winner"] == seat
        stroke = OPTION if active else ("#2f9e44" if won else "#b8ad94")
        out.append(
            f'<rect x="{x}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="8" fill="#fffdf6" '
            f'stroke="{stroke}" stroke-width="{3 if active or won else 1.2}"/>'
        )
        out.append(dot(x + 20, mid, 10, FACE[seat], stroke=EDGE[seat], stroke_width="1.5"))
        title = said(say(N_("{seat} (you)"), seat=NAMES[seat]) if view.get("seat") == seat else NAMES[seat])
        tag = ""
        if active:
            tag = said(say(N_("to move")))
        elif won:
            tag = said(say(N_("wins")))
        elif outcome is not None and outcome["winner"] is None:
            tag = said(say(N_("aborted") if outcome["reason"] in ABORTED else N_("draw")))
        if _scored(view):
            line = said(say(N_("final score {score}"), score=view["score"][seat]))
        else:
            line = said(say(N_("in hand {hand} · score {score}"), hand=view["hands"][seat], score=view["score"][seat]))
        baseline = num(mid + 6)
        out.append(
            f'<text x="{x + 38}" y="{baseline}" font-size="{TEXT}" font-weight="700" {FONT} fill="#1d1d1f">'
            f"{esc(title)}</text>"
            f'<text x="{x + 165}" y="{baseline}" font-size="{TEXT}" {FONT} fill="#444">{esc(line)}</text>'
        )
        if tag:
            out.append(
                f'<text x="{num(x + w - 10)}" y="{baseline}" font-size="{TEXT}" font-weight="700" text-anchor="end" '
                f'{FONT} fill="{stroke}">{esc(tag)}</text>'
            )
    return "".join(out)


def render_board(view: dict, ui: BoardUI) -> str:
    """The board, both hands and the live score, and the click targets, as SVG."""
    geo = GEOMETRIES[view["board"]]
    xs = [x for x, _ in geo.xy.values()]
    ys = [y for _, y in geo.xy.values()]
    width = 2 * MARGIN + (max(xs) - min(xs)) * S
    dead = set(view.get("not_scoring", ()))
    height = TOP + (max(ys) - min(ys)) * S + MARGIN + (LEGEND if dead else 0)
    parts = [
        f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" rx="12" fill="#f3ead7"/>',
        _panel(view, width, ui.said),
        _fixed(view["board"]),
    ]
    parts += [_point(view, ui, geo, geo.names[bit], dead) for bit in geo.cells]
    if dead:
        parts.append(_legend(view, height - LEGEND + 6, ui.said))
    aria = say(BOARD_LABELS[view["board"]], status=_status(view))
    return picture(f"0 0 {num(width)} {num(height)}", "abande-board", ui.said(aria), "".join(parts))


BOARD_LABELS = {"square": N_("Abande, square board. {status}"), "hex": N_("Abande, hex board. {status}")}


@cache
def _fixed(board: str) -> str:
    """What every position of this board shows alike: its surface, lines and coordinates (drawn once)."""
    geo = GEOMETRIES[board]
    return _surface(geo) + _lines(geo) + _coordinates(geo)


def _at(geo, name: str) -> tuple[float, float]:
    """Where a point is drawn."""
    x, y = geo.xy[name]
    return MARGIN + x * S, TOP + y * S


def _surface(geo) -> str:
    """The board's wooden surface, a rim of half a step beyond its outer points."""
    if geo.square:
        return (
            f'<rect x="{num(MARGIN - PAD)}" y="{num(TOP - PAD)}" width="{num(6 * S + 2 * PAD)}" '
            f'height="{num(6 * S + 2 * PAD)}" rx="10" fill="#e6c88e" stroke="#b08a4e" stroke-width="2"/>'
        )
    cx, cy = _at(geo, "d4")
    k = 1 + PAD / (3 * S) * 1.25
    pts = []
    for name in ("a1", "a4", "d7", "g4", "g1", "d1"):
        x, y = _at(geo, name)
        pts.append(f"{num(cx + (x - cx) * k)},{num(cy + (y - cy) * k)}")
    return (
        f'<polygon points="{" ".join(pts)}" fill="#e6c88e" stroke="#b08a4e" stroke-width="2" stroke-linejoin="round"/>'
    )


def _lines(geo) -> str:
    """The lines between neighbouring points."""
    lines = []
    for a, b in geo.edges:
        x1, y1 = _at(geo, geo.names[a])
        x2, y2 = _at(geo, geo.names[b])
        lines.append(f"M{num(x1)},{num(y1)}L{num(x2)},{num(y2)}")
    return f'<path d="{"".join(lines)}" stroke="#8c6a36" stroke-width="1.6" fill="none" stroke-linecap="round"/>'


def _coordinates(geo) -> str:
    """Files and ranks round the square; on the hex, row letters at both ends (with the row's last point name on
    the right) and numbers along the top and bottom rows (every empty hex point also names itself)."""

    def label(name: str, dx: float, dy: float, text: str) -> str:
        x, y = _at(geo, name)
        return coordinate(x + dx, y + dy, text, TEXT + 1, COORD, font_family=FAMILY)

    parts = []
    if geo.square:
        for i in range(7):
            parts.append(label(f"{LETTERS[i]}1", 0, PAD + 22, LETTERS[i]))
            parts.append(label(f"a{i + 1}", -PAD - 16, 6, str(i + 1)))
        return "".join(parts)
    for i, length in enumerate(ROW_LENGTHS):
        parts.append(label(f"{LETTERS[i]}1", -0.64 * S, 6, LETTERS[i]))
        parts.append(label(f"{LETTERS[i]}{length}", 0.72 * S, 6, f"{LETTERS[i]}{length}"))
    for n in range(1, 5):
        parts.append(label(f"a{n}", 0, 0.74 * S + 6, str(n)))
        parts.append(label(f"g{n}", 0, -0.8 * S + 6, str(n)))
    return "".join(parts)


def _point(view: dict, ui: BoardUI, geo, name: str, dead: set) -> str:
    """A point: last-move halo, stack or empty point, option and selection markers, all inside the link."""
    x, y = _at(geo, name)
    stones = view["stacks"].get(name)
    # The hit area reaches halfway to each neighbour: 44 px targets on a 375 px phone.
    inner = [f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(0.5 * S)}" fill="#000" fill-opacity="0"/>']
    if ui.in_last_move(name):
        inner.append(dot(x, y, 0.47 * S, LAST, fill_opacity="0.5", stroke="#e8a200", stroke_width="3.5", class_="last"))
    if stones:
        pile = _pile(x, y, stones)
        if name in dead:  # rule 5 would remove it now: drawn faded, so the live score is explained
            pile = f'<g opacity="0.5" class="not-scoring">{pile}</g>'
        inner.append(pile)
    else:
        inner.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="3.2" fill="#8c6a36"/>')
        if not geo.square:  # hex names are hard to count out along the rows: each empty point says its own
            inner.append(
                f'<text class="point-name" x="{num(x)}" y="{num(y + 0.4 * S)}" font-size="{TEXT}" {FONT} '
                f'fill="{COORD}" text-anchor="middle" stroke="#e6c88e" stroke-width="3" paint-order="stroke">'
                f"{name}</text>"
            )
    option = ui.is_option(name)
    if ui.is_selected(name):
        inner.append(ring(x, y, 0.46 * S, SELECTED, 4, class_="selected"))
    elif option and stones:
        inner.append(ring(x, y, 0.46 * S, OPTION, 3, stroke_dasharray="7 4", class_="target"))
    elif option:
        inner.append(
            dot(x, y, 0.17 * S, OPTION, fill_opacity="0.45", stroke=OPTION, stroke_width="1.5", class_="target")
        )
    if stones:
        desc = _stack_words(name, stones)
        if "BW".index(stones[-1]) == view.get("seat"):
            desc = say(N_("{point}, yours"), point=desc)
    else:
        desc = say(N_("{point}: empty"), point=name)
    return ui.target(name, f'<g class="point">{"".join(inner)}</g>', desc)


def _legend(view: dict, y: float, said) -> str:
    """The line under the board that says what a faded stack is."""
    if _scored(view):
        why = said(say(N_("Faded: no enemy neighbour, removed at scoring")))
    else:
        why = said(say(N_("Faded: no enemy neighbour, would not score now")))
    return (
        f'<g class="legend" opacity="0.5">{_pile(MARGIN - 22, y + 10, "B")}</g>'
        f'<text x="{num(MARGIN + 10)}" y="{num(y + 16)}" font-size="{TEXT}" {FONT} fill="#1d1d1f">'
        f"{esc(why)}</text>"
    )
