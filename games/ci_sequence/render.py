"""Text description and SVG board for a C#I Sequence player view (reads the view only)."""

from __future__ import annotations

from games.ci_sequence.geometry import DIR_DELTA, DIR_NAMES, FILES, NAMES
from games.ci_sequence.rules import SEAT_NAMES
from games.ci_sequence.words import BACK_UNITS, DIRECTION_WORDS, SYMBOL_WORDS, TILE_UNITS, TILE_WORDS, TILES
from games.messages import N_, NC_, Count, Joined, Message, joined, say
from games.registry import get_game
from games.svg import coordinate, dot, esc, frame, picture, ring
from games.ui import BoardUI

# The key under the board: what each mark means.
BOARD_KEY = (
    N_("Green dot or ring: a square or tile you can click; green frame: the one you picked."),
    N_("Dashed green frame: the tile that moved last; red corner: the tile placed last."),
    N_("Arrows round a square: the directions you can push."),
)

SEATS = SEAT_NAMES
TYPE_ORDER = ("Bd", "Bm", "Bs", "Od", "Om", "Os")
YOU_ARE = (
    N_("C#I Sequence. You are Moon (blue tiles); you score pairs of moons."),
    N_("C#I Sequence. You are Sun (orange tiles); you score pairs of suns."),
)
FACE_DOWN = {"B": N_("blue tile, face down"), "O": N_("orange tile, face down")}
SCORING_PAIRS = (N_("Moon's scoring pairs: {pairs}."), N_("Sun's scoring pairs: {pairs}."))
FOUR_IN_A_ROW = {
    "d": N_("Four dots in a row: {squares}."),
    "m": N_("Four moons in a row: {squares}."),
    "s": N_("Four suns in a row: {squares}."),
}


def _hand_words(hand: dict) -> Joined:
    """The tiles a hand is known to hold, by type: "2 blue dots, 1 blue moon"."""
    known = sorted(hand["known"].items(), key=lambda kv: TYPE_ORDER.index(kv[0]))
    return joined(", ", (Count(n, TILE_UNITS[t]) for t, n in known))


def _cell_words(view: dict, name: str, cell: dict) -> Message:
    """A tile on the board: what the viewer knows of it, who placed it and when, whether it just moved."""
    if view["phase"] == "over":
        fact = say(N_("{square}: {tile}"), square=name, tile=say(TILE_WORDS[cell["colour"] + cell["symbol"]]))
    elif cell["symbol"] is not None:
        fact = say(
            N_("{square}: {tile}; you know it is a {symbol}"),
            square=name,
            tile=say(FACE_DOWN[cell["colour"]]),
            symbol=SYMBOL_WORDS[cell["symbol"]],
        )
    else:
        fact = say(N_("{square}: {tile}, symbol unknown"), square=name, tile=say(FACE_DOWN[cell["colour"]]))
    fact = say(N_("{fact} (placed by {seat} on ply {ply})"), fact=fact, seat=SEATS[cell["by"]], ply=cell["id"] + 1)
    if view["just_moved"] == name:
        fact = say(N_("{fact}, just moved"), fact=fact)
    if view["just_placed"] == name:
        fact = say(N_("{fact}, just placed"), fact=fact)
    return say(N_("{fact}."), fact=fact)


def _hand_lines(view: dict, owner: int) -> Message:
    """One seat's hand: its size, and its tiles as far as the viewer may know them."""
    hand = view["hands"][owner]
    who = say(N_("Your hand")) if owner == view["seat"] else say(N_("{seat}'s hand"), seat=SEATS[owner])
    tiles = Count(hand["count"], TILES)
    if hand["count"] == 0:
        return say(N_("{hand}: empty."), hand=who)
    if hand["face_up"]:
        return say(N_("{hand} ({tiles}): {known}."), hand=who, tiles=tiles, known=_hand_words(hand))
    backs = joined(", ", (Count(hand[c], BACK_UNITS[c]) for c in "BO" if hand[c]))
    if hand["known"]:
        return say(
            N_("{hand} ({tiles}, face down): {backs}; you know {count} of them: {known}."),
            hand=who,
            tiles=tiles,
            backs=backs,
            count=sum(hand["known"].values()),
            known=_hand_words(hand),
        )
    return say(N_("{hand} ({tiles}, face down): {backs}."), hand=who, tiles=tiles, backs=backs)


def describe(view: dict) -> list[Message]:
    """The position in words (screen readers, no-JavaScript play, emails)."""
    seat = view["seat"]
    lines = []
    if seat is None:
        lines.append(say(N_("C#I Sequence. You are watching: tiles' symbols stay hidden until the end.")))
    else:
        lines.append(say(YOU_ARE[seat]))
        if view["memory"]:
            lines.append(say(N_("Memory mode: the symbols of tiles on the board are not shown to you.")))
    phase = view["phase"]
    if view["outcome"] is not None:
        result = get_game("ci-sequence").result_message(view["outcome"])
        lines.append(say(N_("Game over after {ply} plies: {result}."), ply=view["ply"], result=result))
    elif phase == "final":
        lines.append(
            say(
                N_(
                    "Final placements: {seat} places the remaining hand tiles, one per turn (no moves, no pushes). "
                    "{seat} to move, ply {ply}."
                ),
                seat=SEATS[view["to_move"]],
                ply=view["ply"],
            )
        )
    else:
        lines.append(say(N_("{seat} to move, ply {ply}."), seat=SEATS[view["to_move"]], ply=view["ply"]))
    if view["last_move"]:
        lines.append(say(N_("Last move: {move}."), move=view["last_move"]))
    for rank in range(4, 0, -1):
        for f in FILES:
            name = f"{f}{rank}"
            cell = view["cells"].get(name)
            if cell is not None:
                lines.append(_cell_words(view, name, cell))
    empty = [n for n in NAMES if n not in view["cells"]]
    lines.append(say(N_("Empty squares: {squares}."), squares=", ".join(empty) if empty else say(N_("none"))))
    lines += [_hand_lines(view, owner) for owner in (0, 1)]
    if phase == "over":
        for owner, symbol in enumerate("ms"):
            pairs = [f"{a}-{b}" for a, b, s in view["pairs"] if s == symbol]
            lines.append(say(SCORING_PAIRS[owner], pairs=", ".join(pairs) if pairs else say(N_("none"))))
        for line in view["lines"]:
            lines.append(say(FOUR_IN_A_ROW[line[-1]], squares="-".join(line[:-1])))
    return lines


# ---- SVG ------------------------------------------------------------------------------------
CELL = 80
LEFT = 26  # room for rank labels
TOP_PANEL = 70
BOARD_Y = TOP_PANEL + 8
BOARD_SIZE = 4 * CELL
HAND_Y = BOARD_Y + BOARD_SIZE + 26
WIDTH = LEFT + BOARD_SIZE + 14
STATUS_Y = HAND_Y + 96
HEIGHT = STATUS_Y + 12

FILL = {"B": "#2563eb", "O": "#ea7a12"}  # face-down backs
EDGE = {"B": "#1e3a8a", "O": "#9a4a05"}
FACE = {"B": "#dbe7ff", "O": "#ffe8d1"}  # revealed (face-up) tiles
INK = {"B": "#1e3a8a", "O": "#8a3c00"}
PAIR_STROKE = {"m": "#6d28d9", "s": "#ca8a04"}
# Push arrows sit around the chosen square; neighbours are 45 degrees apart, so at this distance
# (0.765 * ARROW_AT apart) their circles do not overlap, and the straight ones stay inside the square.
ARROW_AT = 33
ARROW_R = 12


def _centre(name: str) -> tuple[float, float]:
    f = FILES.index(name[0])
    r = int(name[1]) - 1
    return LEFT + f * CELL + CELL / 2, BOARD_Y + (3 - r) * CELL + CELL / 2


def _glyph(symbol: str, x: float, y: float, size: float, colour: str, opacity: str = "1") -> str:
    """A dot, moon or sun drawn with plain shapes, centred on (x, y)."""
    op = f' opacity="{opacity}"' if opacity != "1" else ""
    if symbol == "d":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.22:.1f}" fill="{colour}"{op}/>'
    if symbol == "m":
        # A crescent: the part of a circle (radius r) outside a circle of radius 0.8 r whose centre
        # is 0.5 r to the right; the arcs meet where the two circles cross (0.61 r, +-0.79 r).
        r = size * 0.34
        cx = x + r * 0.12
        tx, ty = cx + 0.61 * r, 0.792 * r
        return (
            f'<path d="M {tx:.1f} {y - ty:.1f} A {r:.1f} {r:.1f} 0 1 0 {tx:.1f} {y + ty:.1f} '
            f'A {r * 0.8:.1f} {r * 0.8:.1f} 0 1 1 {tx:.1f} {y - ty:.1f} Z" fill="{colour}"{op}/>'
        )
    if symbol == "s":
        r = size * 0.24
        rays = []
        for k in range(8):
            dx, dy = DIR_DELTA[k]
            n = (dx * dx + dy * dy) ** 0.5
            ux, uy = dx / n, -dy / n
            rays.append(
                f"M {x + ux * r * 1.35:.1f} {y + uy * r * 1.35:.1f} L {x + ux * r * 1.9:.1f} {y + uy * r * 1.9:.1f}"
            )
        return (
            f'<g{op}><circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"/>'
            f'<path d="{" ".join(rays)}" stroke="{colour}" stroke-width="{size * 0.07:.1f}" '
            'stroke-linecap="round"/></g>'
        )
    return (
        f'<text x="{x:.1f}" y="{y + size * 0.16:.1f}" text-anchor="middle" font-size="{size * 0.5:.0f}" '
        f'font-weight="bold" fill="{colour}"{op}>?</text>'
    )


def _tile(colour: str, symbol: str | None, x: float, y: float, size: float, face_up: bool) -> str:
    """A tile centred on (x, y): face up (light, dark symbol) or face down (coloured back)."""
    half = size / 2
    rect = (
        f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size * 0.16:.1f}" '
        f'fill="{FACE[colour] if face_up else FILL[colour]}" stroke="{EDGE[colour]}" stroke-width="2"/>'
    )
    if face_up:
        return rect + _glyph(symbol, x, y, size, INK[colour])
    if symbol is None:
        return rect + _glyph("?", x, y, size, "#ffffff", "0.85")
    return rect + _glyph(symbol, x, y, size, "#ffffff", "0.45")


def _arrow(x: float, y: float, d: int, selected: bool) -> str:
    """A push arrow at (x, y) pointing along direction d."""
    dx, dy = DIR_DELTA[d]
    n = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / n, -dy / n
    px, py = -uy, ux
    tip = (x + ux * 9, y + uy * 9)
    left = (x - ux * 6 + px * 7, y - uy * 6 + py * 7)
    right = (x - ux * 6 - px * 7, y - uy * 6 - py * 7)
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in (tip, left, right))
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{ARROW_R}" fill="#ffffff" fill-opacity="0.85" '
        'stroke="#15803d" stroke-width="1.5"/>'
        f'<polygon points="{points}" fill="{"#166534" if selected else "#16a34a"}"/>'
    )


def render_board(view: dict, ui: BoardUI) -> str:
    """The SVG board: opponent's hand on top, the 4x4 grid, the viewer's hand below."""
    seat = view["seat"]
    bottom = seat if seat is not None else 0
    if view["outcome"] is not None:
        result = get_game("ci-sequence").result_message(view["outcome"])
        label = say(N_("C#I Sequence board, ply {ply}, game over: {result}"), ply=view["ply"], result=result)
    elif view["phase"] == "final":
        label = say(
            N_("C#I Sequence board, ply {ply}, final placements by {seat}"),
            ply=view["ply"],
            seat=SEATS[view["to_move"]],
        )
    else:
        label = say(N_("C#I Sequence board, ply {ply}, {seat} to move"), ply=view["ply"], seat=SEATS[view["to_move"]])
    out = [_hand_panel(view, 1 - bottom, 4, ui, own=False)]  # the opponent (seat 1 for spectators) at the top
    out += [_square(view, ui, sq, name) for sq, name in enumerate(NAMES)]
    out.append(_push_arrows(ui))
    for i, f in enumerate(FILES):
        out.append(coordinate(LEFT + i * CELL + CELL / 2, BOARD_Y + BOARD_SIZE + 17, f, 14, "#475569"))
    for r in range(4):
        out.append(coordinate(LEFT / 2, BOARD_Y + (3 - r) * CELL + CELL / 2 + 5, str(r + 1), 14, "#475569"))
    if view["phase"] == "over":
        out.append(_scoring_lines(view))
    out.append(_hand_panel(view, bottom, HAND_Y, ui, own=True))
    return picture(f"0 0 {WIDTH} {HEIGHT}", "ci-sequence", ui.said(label), "".join(out))


def _square(view: dict, ui: BoardUI, sq: int, name: str) -> str:
    """A square of the grid with its tile and marks, named for hover and screen readers."""
    cx, cy = _centre(name)
    x, y = cx - CELL / 2, cy - CELL / 2
    shade = "#e2e8f0" if (sq % 4 + sq // 4) % 2 == 0 else "#f1f5f9"
    if ui.in_last_move(name):
        shade = "#fef3c7"
    cell = view["cells"].get(name)
    inner = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" stroke="#94a3b8" stroke-width="1"/>']
    if cell is not None:
        inner.append(_tile(cell["colour"], cell["symbol"], cx, cy, CELL * 0.74, face_up=view["phase"] == "over"))
        if view["just_moved"] == name:
            inner.append(
                f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="10" fill="none" '
                f'stroke="#0f766e" stroke-width="3" stroke-dasharray="6 4"/>'
            )
        if view["just_placed"] == name:
            inner.append(
                f'<polygon points="{x + CELL - 4},{y + 4} {x + CELL - 4},{y + 22} {x + CELL - 22},{y + 4}" '
                f'fill="#dc2626"/>'
            )
    if ui.is_selected(name):
        inner.append(frame(x + 2, y + 2, CELL - 4, CELL - 4, "#16a34a", 4, rx=8))
    if ui.is_option(name):
        if cell is None:
            inner.append(dot(cx, cy, 12, "#16a34a", fill_opacity="0.45"))
        else:
            inner.append(ring(cx, cy, CELL * 0.42, "#16a34a", 4, stroke_opacity="0.75"))
    if cell is None:
        label = say(N_("{cell}, empty"), cell=name)
    else:
        tile = say(TILE_WORDS[cell["colour"] + (cell["symbol"] or "?")])
        yours = "BO".index(cell["colour"]) == view["seat"]
        label = say(N_("{cell}, {tile}, yours") if yours else N_("{cell}, {tile}"), cell=name, tile=tile)
    return ui.target(name, "".join(inner), label)


def _push_arrows(ui: BoardUI) -> str:
    """The push arrows around the chosen empty square (after a hand tile and that square)."""
    chosen = ui.selected[1] if len(ui.selected) == 2 and ui.selected[1] in NAMES else None
    if chosen is None:
        return ""
    out = []
    cx, cy = _centre(chosen)
    for d, dname in enumerate(DIR_NAMES):
        token = ">" + dname
        if not ui.is_option(token):
            continue
        dx, dy = DIR_DELTA[d]
        n = (dx * dx + dy * dy) ** 0.5
        ax, ay = cx + dx / n * ARROW_AT, cy - dy / n * ARROW_AT
        label = say(N_("push {direction} from {square}"), direction=say(DIRECTION_WORDS[d]), square=chosen)
        out.append(ui.target(token, _arrow(ax, ay, d, ui.is_selected(token)), label))
    return "".join(out)


def _scoring_lines(view: dict) -> str:
    """At the end: the scoring pairs and lines over the revealed tiles."""
    out = []
    for a, b, symbol in view["pairs"]:
        (x1, y1), (x2, y2) = _centre(a), _centre(b)
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{PAIR_STROKE[symbol]}" '
            f'stroke-width="6" stroke-linecap="round" stroke-opacity="0.7"/>'
        )
    for line in view["lines"]:
        (x1, y1), (x2, y2) = _centre(line[0]), _centre(line[3])
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{PAIR_STROKE[line[-1]]}" '
            f'stroke-width="14" stroke-linecap="round" stroke-opacity="0.35"/>'
        )
    return "".join(out)


def _status(view: dict) -> Message:
    outcome = view["outcome"]
    if outcome is not None and outcome["scores"] is not None:  # the board's headline: the score, then who won
        moon, sun = outcome["scores"]
        result = (
            say(N_("Draw")) if outcome["winner"] is None else say(N_("{winner} won"), winner=SEATS[outcome["winner"]])
        )
        return say(N_("Moon {moon} – Sun {sun} · {result}"), moon=moon, sun=sun, result=result)
    if outcome is not None:
        return get_game("ci-sequence").result_message(outcome)
    if view["phase"] == "final":
        return say(N_("Final placements: {seat}"), seat=SEATS[view["to_move"]])
    return say(N_("{seat} to move"), seat=SEATS[view["to_move"]])


def _hand_panel(view: dict, owner: int, y: float, ui: BoardUI, own: bool) -> str:
    """One seat's hand: face-up tokens (clickable) or coloured backs with counts."""
    hand = view["hands"][owner]
    out = []
    seat = view["seat"]
    name = ui.said(say(N_("{seat} (you)"), seat=SEATS[owner]) if owner == seat else SEATS[owner])
    to_move = view["to_move"] == owner
    title = ui.said(say(N_("{name} · {count} in hand"), name=name + (" ●" if to_move else ""), count=hand["count"]))
    title_y = y + 14
    out.append(f'<text x="{LEFT}" y="{title_y}" font-size="14" font-weight="bold" fill="#0f172a">{esc(title)}</text>')
    if own:
        out.append(
            f'<text x="{WIDTH / 2}" y="{STATUS_Y}" text-anchor="middle" font-size="15" font-weight="bold" '
            f'fill="#334155">{esc(ui.said(_status(view)))}</text>'
        )
    size = 40
    x = LEFT + size / 2
    ty = y + 24 + size / 2 + (6 if own else 0)
    if hand["face_up"]:
        for type_name in TYPE_ORDER:
            n = hand["known"].get(type_name, 0)
            if not n:
                continue
            inner = [_tile(type_name[0], type_name[1], x, ty, size, face_up=True)]
            inner.append(f'<text x="{x + size / 2 + 3}" y="{ty + 5}" font-size="13" fill="#0f172a">×{n}</text>')
            if ui.is_selected(type_name):
                inner.insert(0, frame(x - size / 2 - 4, ty - size / 2 - 4, size + 8, size + 8, "#16a34a", 4, rx=9))
            elif ui.is_option(type_name):
                inner.insert(
                    0,
                    f'<rect x="{x - size / 2 - 4}" y="{ty - size / 2 - 4}" width="{size + 8}" '
                    f'height="{size + 8}" rx="9" fill="#16a34a" fill-opacity="0.18"/>',
                )
            label = say(N_("{tile} ({count} in hand)"), tile=say(TILE_WORDS[type_name]), count=n)
            out.append(ui.target(type_name, "".join(inner), label))
            x += size + 30
    else:
        # Backs, as on the table; those the viewer can name carry their symbol faintly, as on the board.
        groups = []
        for colour in "BO":
            named = [
                (t[1], n)
                for t, n in sorted(hand["known"].items(), key=lambda kv: TYPE_ORDER.index(kv[0]))
                if t[0] == colour
            ]
            unnamed = hand[colour] - sum(n for _, n in named)
            groups += [(colour, symbol, n) for symbol, n in named] + ([(colour, None, unnamed)] if unnamed else [])
        size = min(size, max(24, (WIDTH - LEFT - 4) // max(len(groups), 1) - 28))
        x = LEFT + size / 2
        for colour, symbol, n in groups:
            out.append(_tile(colour, symbol, x, ty, size, face_up=False))
            out.append(f'<text x="{x + size / 2 + 3}" y="{ty + 5}" font-size="13" fill="#0f172a">×{n}</text>')
            x += size + 28
    if hand["count"] == 0:
        empty = esc(ui.said(NC_("hand", "empty")))
        out.append(f'<text x="{LEFT}" y="{ty + 5}" font-size="13" fill="#64748b">{empty}</text>')
    return "".join(out)
